"""The adventures' own rules: the narrative's tests (R62-R64, R119, R128, R135, H9), the Story Cards'
hero actions (R78, R111, R112, R116) and what happens between acts (R90-R97)."""
from __future__ import annotations

from tracker.engine import Rule

from ..state import name_of
from .between import CARD_COST, MAX_REWARDS, PRAY_COST, PREPARE_COST, REST_LP, rewards_in_deck
from .combat import villain
from .narrative import missing, roll_of

FAILED = ("failure", "critical_failure")
DICE_RANGE = {"1d6": (1, 6), "2d6": (2, 12)}


def check_r62(state, params, ctx):
    if state.get("phase") == "narrative":
        return "Hero Decks are not used during the narrative: no Action Cards, no healing, no attacks."


def check_r63(state, params, ctx):
    payer = state["players"][params["player"]]
    if payer["fate_points"] < 1:
        return (f"{payer['name']} has no Fate Points yet: in an adventure they come only from the adventure "
                "itself.")


def check_h9(state, params, ctx):
    who = params.get("beneficiary", params["player"])
    entry = roll_of(state, who)
    if entry is None:
        return f"{name_of(state, who)} has no test in this step to reroll."
    if entry["result"] not in FAILED:
        return f"{name_of(state, who)}'s test succeeded: only a failed test is rerolled."


def check_r64(state, params, ctx):
    """A rolled life point loss is a roll of its dice: 1D6 gives 1-6, 2D6 gives 2-12."""
    if params["kind"] != "lose_life" or params.get("player") is None or not state.get("narrative"):
        return None
    entry = roll_of(state, params["player"])
    due = entry.get("dice_due") if entry else None
    if due and entry.get("amount") is None:
        low, high = DICE_RANGE[due]
        if not low <= params.get("amount", 1) <= high:
            return f"A {due.upper()} roll is {low} to {high}."


def check_r119(state, params, ctx):
    n = state.get("narrative") or {}
    if not n.get("worst_of_damage"):
        return None
    who = params.get("beneficiary", params["player"])
    points = state["players"][who].get("damage_points", 0)
    if points == 0:
        return (f"{name_of(state, who)} has no damage points: the Willpower test is a critical success "
                "without a roll.")
    dice = params.get("dice") or [params["roll"]]
    if len(dice) != points:
        return f"Roll {points} dice, one per damage point, and keep the worst."
    if params.get("dice") and params["roll"] != max(dice):
        return f"Use the worst of your dice: {max(dice)}."


def check_r128(state, params, ctx):
    n = state.get("narrative")
    if not n:
        return None
    if ctx.action_type == "advance_phase":
        owed = missing(state)
        if owed:
            return "Before moving on: " + "; ".join(owed) + "."
        return None
    who = params["player"]
    name = name_of(state, who)
    if ctx.action_type == "narrative_choice":
        if n["who"] != "choice":
            return "This step is a skill test, not a choice."
        if params["choice"] not in n["choices"]:
            return f"Here each hero chooses {' or '.join(n['choices'])}."
        if str(who) in n["chosen"]:
            return f"{name} has already chosen ({n['chosen'][str(who)]})."
        return None
    if n["who"] == "choice":
        return f"This step is a choice ({' or '.join(n['choices'])}), not a test."
    if n["who"] == "any":
        return None
    if n["who"] == "one" and n["rolls"] and n["rolls"][0]["player"] != who:
        return f"One hero rolls for this step, and {name_of(state, n['rolls'][0]['player'])} did."
    entry = roll_of(state, who)
    if entry is not None:
        if n["free_rerolls"] > 0 and entry["result"] in FAILED and n["who"] == "each":
            return None  # a companion's critical success lets one other hero repeat a failed test
        return f"{name} has already rolled for this step; a Fate Point buys a reroll."


def check_r135(state, params, ctx):
    if params["kind"] == "damage_point" and params.get("player") is not None:
        if state["players"][params["player"]].get("damage_points", 0) >= 3:
            return "A hero holds at most 3 damage points."


def _story(state, name):
    return next((c for c in state.get("story_cards", ()) if c["name"].lower() == str(name).lower()), None)


def check_r78(state, params, ctx):
    cards = state.get("story_cards") or []
    if cards and _story(state, params["card"]) is None:
        return f"This combat's hero actions are {', '.join(c['name'] for c in cards)}."


def check_r112(state, params, ctx):
    card = _story(state, params["card"])
    if card is None:
        return None
    if card["skills"] and params["skill"] not in card["skills"]:
        words = " or ".join(s.replace("_", " ").title() for s in card["skills"])
        return f"{card['name']} is tested with {words}."
    used = state["players"][params["player"]]["hero_actions_this_turn"].get(card["name"], 0)
    if card["per_turn"] is not None and used >= card["per_turn"]:
        return f"Each hero faces {card['name']} at most once per turn."
    if card["on_success"] == "token" and card["tokens"] == 0:
        return f"No tokens are left on {card['name']}."


def check_r111(state, params, ctx):
    v = villain(state, params["villain"])
    guard = next((c for c in state.get("story_cards", ()) if v and c.get("unlocks") == v["name"]), None)
    if guard is not None and guard["tokens"] > 0 and not v["attackable"]:
        return f"Learn {v['name']}'s name first: {guard['tokens']} tokens left on {guard['name']}."


def check_r116(state, params, ctx):
    if params["result"] == "victory" and state.get("adventure") == "the-non-gambling-kind":
        return "This combat is won only by a successful hero action Quitting the Game."


# ------------------------------------------------------------------ between acts

def _rewards(state):
    return state.get("rewards") or {"offered": 0, "taken": [], "declined": []}


def check_r92(state, params, ctx):
    r, who = _rewards(state), params["player"]
    name = name_of(state, who)
    took = [t["card"] for t in r["taken"] if t["player"] == who]
    if ctx.action_type == "decline_reward":
        if took:
            return f"{name} already took {', '.join(took)}."
        if who in r["declined"]:
            return f"{name} has already declined a Reward Card."
        return None
    if not r["offered"]:
        return "This combat gives no Reward Cards."
    if len(r["taken"]) >= r["offered"]:
        return f"All {r['offered']} Reward Cards are handed out."
    if who in r["declined"]:
        return f"{name} took no Reward Card this time (and gained the recovery point)."


def check_r93(state, params, ctx):
    if ctx.action_type == "narrative_effect" and params["kind"] != "reward_card":
        return None
    p = state["players"][params["player"]] if params.get("player") is not None else None
    if p is not None and rewards_in_deck(p) >= MAX_REWARDS:
        return f"A Hero Deck holds at most {MAX_REWARDS} Reward Cards; {p['name']}'s has {rewards_in_deck(p)}."


def check_r94(state, params, ctx):
    p = state["players"][params["player"]]
    if params["points"] > p["recovery_points"]:
        return f"{p['name']} has {p['recovery_points']} recovery point{'s' if p['recovery_points'] != 1 else ''}."


def check_r95(state, params, ctx):
    p, option, points = state["players"][params["player"]], params["option"], params["points"]
    r = p["respite"]
    if option == "rest":
        room = p["starting_life_points"] - p["life_points"]
        if room <= 0:
            return f"{p['name']} is at {p['life_points']} LP already: rest heals no higher."
        need = -(-room // REST_LP)
        if points > need:
            return f"{need} point{'s' if need != 1 else ''} of rest bring{'s' if need == 1 else ''} {p['name']} to {p['starting_life_points']} LP."
    elif option == "pray" and points % PRAY_COST:
        return f"Praying costs {PRAY_COST} recovery points per Fate Point."
    elif option == "prepare":
        if r["prepare"]:
            return "Prepare can be chosen only once."
        if points != PREPARE_COST:
            return f"Prepare costs {PREPARE_COST} recovery points."
    elif option in ("practice", "train"):
        key = "practice" if option == "practice" else "training"
        if points < CARD_COST:
            return f"A {key.title()} card costs at least {CARD_COST} recovery points."
        if r[key] is not None:
            return f"{p['name']} already has a {key.title()} card (one each)."


def check_r96(state, params, ctx):
    if params["option"] != "pray":
        return None
    want = params["points"] // PRAY_COST
    if state["fate_pool"] == 0:
        return "No Fate Points left in the middle."
    if want > state["fate_pool"]:
        return f"The middle holds only {state['fate_pool']} Fate Point{'s' if state['fate_pool'] != 1 else ''}."


def check_r97(state, params, ctx):
    option = params["option"]
    if option in ("practice", "train"):
        key, title = ("practice_left", "Practice") if option == "practice" else ("training_left", "Training")
        if state.get(key, 0) <= 0:
            return f"All four {title} cards are taken."


STORY_RULES = (
    Rule("aventuria.R62", "No Action Cards during the narrative", "[The Adventure > Narrative] (Important note)",
         "Hero Decks are not used during the narrative.", check_r62),
    Rule("aventuria.R63", "Narrative rerolls need a Fate Point in hand", "[Skill Tests] (Important note)",
         "A reroll costs a Fate Point, and heroes only gain them through the adventure.", check_r63),
    Rule("aventuria.H9", "A reroll needs a failed test", "[Skill Tests] (Important note)",
         "Only a failed test in this step can be rerolled.", check_h9),
    Rule("aventuria.R64", "Narrative test results: 1 critical, 20 critical failure", "[Skill Tests]",
         "A natural 1 is a critical success, a 20 a critical failure; rolled losses are rolls of their dice.",
         check_r64),
    Rule("aventuria.R119", "Non-Gambling Kind Willpower: worst die counts", "[Short Adventure: The Non-Gambling Kind]",
         "Roll one die per damage point and use the worst; with none, it is a critical success.", check_r119),
    Rule("aventuria.R128", "Who rolls in the narrative", "[The Adventure > Narrative]; [Short Adventure: Saving Silvana]; [Act 1]; [Act III]",
         "Each hero rolls once in an \"each hero\" step; one hero in a \"one hero\" step.", check_r128),
    Rule("aventuria.R135", "Non-Gambling Kind damage points (0-3)", "[Short Adventure: The Non-Gambling Kind]",
         "A hero holds at most 3 damage points.", check_r135),
    Rule("aventuria.R78", "Hero actions on Story Cards", "[Combat Sequence > 2. Hero Turns]; [3) Story Cards]",
         "Only this combat's Story Cards offer hero actions.", check_r78, kind="card-data"),
    Rule("aventuria.R111", "Silvana: the Kobold is safe until his name is guessed", "[Short Adventure: Saving Silvana]",
         "The Kobold cannot be attacked while Guess Name holds tokens.", check_r111),
    Rule("aventuria.R112", "Silvana: Guess Name tokens and tests", "[Short Adventure: Saving Silvana]",
         "Guess Name: Craft, Knowledge or Persuade, once per hero per turn; a success takes a token off.", check_r112),
    Rule("aventuria.R116", "Non-Gambling Kind: victory and defeat", "[Short Adventure: The Non-Gambling Kind]",
         "Won by a successful Quitting the Game; lost when the last time counter goes.", check_r116),
    Rule("aventuria.R90", "Defeat ends the adventure; retries drop its rewards", "[End of Combat > Defeat]",
         "A try again follows a defeat, and discards the Reward Cards of the failed try."),
    Rule("aventuria.R91", "Act victory: up to 30 LP, Fate Points back, decks rebuilt", "[Victory (If the Adventure Continues)]; [Removed from the Game]",
         "The next act begins after a won act, once the rewards and the respite are done."),
    Rule("aventuria.R92", "Handing out Reward Cards", "[Victory (If the Adventure Continues)]",
         "The combat's Reward Cards go to the heroes; a hero taking none gains a recovery point.", check_r92),
    Rule("aventuria.R93", "Reward Cards replace a card; at most 3", "[Reward Cards]; [2nd Edition Changes]; [Campaign Play]",
         "A Hero Deck holds at most 3 Reward Cards.", check_r93),
    Rule("aventuria.R94", "Recovery points for the respite", "[Brief Respite]; [Victory (If the Adventure Continues)]",
         "Each hero has the time counters left + 2 recovery points, + 1 for a declined Reward Card.", check_r94),
    Rule("aventuria.R95", "Spending recovery points", "[Brief Respite]; [Brief Respite between Acts (Reference)]",
         "Rest 1 per 2 LP (to 40), Pray 2 per Fate Point, Prepare 4 once, Practice and Training 2 or more.", check_r95),
    Rule("aventuria.R96", "Praying needs Fate Points in the middle", "[Brief Respite]",
         "Pray only while the middle holds Fate Points.", check_r96),
    Rule("aventuria.R97", "Four Practice and four Training cards", "[Brief Respite]; [Game Material (Adventure Mode)]",
         "The box holds four Practice and four Training cards.", check_r97),
)
