"""Campaign rules (spec 5.1 R70, R71, R79-R93, R97, R117, R121; house rules H20-H23).

Also `scenario_allowed`, which the scenario mode calls before a session is started from a campaign.
Every check is a no-op on a non-campaign state:
the engine runs an action's checks even when the phase already refuses it, and H20 (hard) keeps a
campaign action's effect away from a scenario state.
"""
from __future__ import annotations

from functools import wraps

from tracker.engine import Rule

from .campaign import (
    AFTER_STEPS, BETWEEN, CAMPAIGN_PHASES, DEATHS, LEFTOVERS, REBUILD, REWARDS, active, adventure_complete,
    adventure_of, character_completed_in_hl, clean, count_mismatch, counts, dead_undecided,
    effective_level, entry_seat, find_scenario, first_open_scenario, path_complete, reward_key, seat_ok,
    skill_value, who,
)
from .data import BOON_TYPES, character

ENDING = "[Ending a Scenario, Adventure, or Adventure Path]"


def campaign_only(check):
    @wraps(check)
    def guarded(state, params, ctx):
        if not isinstance(state, dict) or state.get("mode") != "campaign":
            return None
        return check(state, params, ctx)
    return guarded


def _action(ctx) -> str:
    return getattr(ctx, "action_type", "") or ""


# ------------------------------------------------------------------ house rules

def check_h20(state, params, ctx):
    if not isinstance(state, dict) or state.get("mode") != "campaign":
        return "Campaign bookkeeping is recorded in a campaign, not in a scenario session."


CHARACTER_ACTIONS = {"spend_hero_point_on_feat", "bank_hero_point", "choose_role", "rebuild_deck", "rebuild_trade",
                     "fill_from_vault", "heroic_legendary_feat_swap", "retire_character"}
FEAT_PARAM = {"skill": "skill", "power": "power", "card": "card_type"}


@campaign_only
def check_h21(state, params, ctx):
    act = _action(ctx)
    seat = params.get("player")
    if act in CHARACTER_ACTIONS and seat_ok(state, seat) and not active(state["players"][seat]):
        return f"{state['players'][seat]['name']} has no character in play; create one first."
    if act == "record_scenario":
        title = find_scenario(state, params.get("scenario"))
        if title is None:
            return f"{clean(params.get('scenario'))!r} is not in the Adventure Path; add it with add_scenario first."
        number = params.get("adventure_number")
        if number is not None and number != adventure_of(state, title):
            return f"{title} belongs to adventure {adventure_of(state, title)}, not {number}."
        for entry in params.get("characters", []):
            if entry_seat(state, entry) is None:
                return "Each listed character must name a seat or a character of this party."
    elif act == "add_scenario":
        if not clean(params.get("title")):
            return "A scenario needs a title."
        if find_scenario(state, params.get("title")):
            return f"{find_scenario(state, params.get('title'))} is already in the Adventure Path."
    elif act == "spend_hero_point_on_feat":
        if not clean(params.get(FEAT_PARAM[params["feat"]])):
            return f"Say which {params['feat']} feat to check ({FEAT_PARAM[params['feat']]})."
    elif act == "claim_reward":
        if any(not clean(name) for name in params.get("loot", [])):
            return "Every Loot card needs a name."
    elif act == "take_loot":
        name = clean(params.get("loot")).casefold()
        known = [c["name"].casefold() for c in state["pending_loot"]] + \
                [n.casefold() for n in state["vault"]["returned"]] + \
                [n.casefold() for p in state["players"] for n in p["loot"]]
        if not name or name not in known:
            return f"No Loot card named {clean(params.get('loot'))!r} was awarded."
    elif act == "rebuild_trade":
        if params["player"] == params["target"]:
            return "A trade needs two different characters."
        if not active(state["players"][params["target"]]):
            return f"{state['players'][params['target']]['name']} has no character in play."
    elif act == "heroic_legendary_feat_swap":
        if not clean(params.get("erase")) or not clean(params.get("gain")):
            return "Name the feat to erase and the feat to gain."
    elif act == "create_character":
        name = clean(params.get("character"))
        if not name:
            return "Choose a character."
        if params.get("from_retired"):
            if not any(r["character"].casefold() == name.casefold() for r in state["retired"]):
                return f"No retired {name} was written down in this campaign."
        elif character(name) is None and not isinstance(params.get("deck_list"), dict):
            return f"{name} is not a Core Set character; give its deck_list."
    elif act in ("retire_character",) and seat_ok(state, seat) and not active(state["players"][seat]):
        return f"{state['players'][seat]['name']} has no character to retire."
    elif act == "upgrade_vault":
        if any(not clean(c.get("name")) for c in params.get("adds", [])) or \
                any(not clean(n) for n in params.get("removes", [])):
            return "Every card in the upgrade needs a name."
    return None


def check_h22(state, params, ctx):
    if not isinstance(state, dict) or state.get("mode") != "campaign":
        return None
    for p in state["players"]:
        if p["hero_points"] < 0 or p["pending_hero_points"] < 0:
            return f"{p['character']}'s hero points can't go below 0."
        if any(v < 0 for v in p["feat_counts"].values()) or any(v < 0 for v in p["deck_list"].values()):
            return f"{p['character']}'s feats and deck list can't go below 0."
    return None


@campaign_only
def check_h23(state, params, ctx):
    missing = [p["name"] for p in state["players"] if not active(p)]
    if missing:
        return f"{', '.join(missing)} must start a new character before the next scenario."


# ------------------------------------------------------------------ spec rules

@campaign_only
def check_r70(state, params, ctx):
    if _action(ctx) == "create_character":
        if not params.get("cards"):
            return None
        data = character(params["character"]) or {}
        deck_list = params.get("deck_list") or data.get("deck_list") or {}
        if params.get("from_retired"):
            sheet = next((r for r in state["retired"] if r["character"].casefold() == clean(params["character"]).casefold()), None)
            deck_list = sheet["sheet"]["deck_list"] if sheet else deck_list
        return count_mismatch(clean(params["character"]), {t: deck_list.get(t, 0) for t in BOON_TYPES}, params["cards"])
    for p in state["players"]:
        if active(p) and p["deck_contents"]:
            wrong = count_mismatch(p["character"], p["deck_list"], p["deck_contents"])
            if wrong:
                return wrong
    return None


@campaign_only
def check_r71(state, params, ctx):
    seat = params.get("player")
    if params.get("from_retired") or not seat_ok(state, seat) or state["players"][seat]["permanently_dead"]:
        return None  # after a death R81 sets the cap; a retired character keeps its written-down deck
    high = [c["name"] for c in params.get("cards", []) if effective_level(c, params.get("character")) > 0]
    if high:
        return f"A new character's deck uses level 0 cards only: {', '.join(high)}."


@campaign_only
def check_r79(state, params, ctx):
    p = state["players"][params["player"]]
    if not p["dead_in_last_scenario"] or p["death_choice"] is not None:
        return f"{p['character']} is not awaiting a return from death."
    if _action(ctx) == "return_from_death_with_hero_points" and p["hero_points"] < 1:
        return f"{p['character']} needs at least 1 hero point to return from death (has {p['hero_points']})."


@campaign_only
def check_r80(state, params, ctx):
    p = state["players"][params["player"]]
    cap = state["last_played_an"]
    high = [f"{c['name']} (level {c.get('level', 0)})" for c in params.get("cards", [])
            if not c.get("loot") and effective_level(c, p["character"]) > cap]
    if high:
        return f"Above the level cap of {cap} (the last scenario's adventure number): {', '.join(high)}."


@campaign_only
def check_r81(state, params, ctx):
    seat = params.get("player")
    if _action(ctx) == "create_character" and (params.get("from_retired") or not state["players"][seat]["permanently_dead"]):
        return None
    cap = max(0, state["last_played_an"] - 2)
    name = params.get("character") or state["players"][seat]["character"]
    high = [f"{c['name']} (level {c.get('level', 0)})" for c in params.get("cards", []) if effective_level(c, name) > cap]
    if high:
        return f"New and filler cards can be at most level {cap}: {', '.join(high)}."


@campaign_only
def check_r82(state, params, ctx):
    act = _action(ctx)
    if act == "rebuild_deck":
        p = state["players"][params["player"]]
        return count_mismatch(p["character"], p["deck_list"], params["cards"])
    if act == "fill_from_vault":
        p = state["players"][params["player"]]
        have = counts(p["deck_contents"] + params["cards"])
        over = [f"{t}: {have[t]} of {p['deck_list'][t]}" for t in BOON_TYPES if have[t] > p["deck_list"][t]]
        if over:
            return f"Filler only fills {p['character']}'s missing slots; too many {', '.join(over)}."
        return None
    if act == "rebuild_trade":
        give, take = counts(params.get("give", [])), counts(params.get("receive", []))
        if give != take:
            return (f"Both decks must still match their deck lists: {who(state, params['player'])} and "
                    f"{who(state, params['target'])} must swap cards of the same types.")
        for seat, cards in ((params["player"], params.get("give", [])), (params["target"], params.get("receive", []))):
            deck = state["players"][seat]["deck_contents"]
            if deck:
                names = [(c["name"].casefold(), c["type"]) for c in deck]
                for card in cards:
                    key = (clean(card["name"]).casefold(), card["type"])
                    if key not in names:
                        return f"{who(state, seat)}'s deck has no {card['type']} named {clean(card['name'])}."
                    names.remove(key)
        return None
    if act == "next_campaign_step" and state["phase"] == REBUILD:
        for p in state["players"]:
            if active(p) and p["deck_contents"]:
                wrong = count_mismatch(p["character"], p["deck_list"], p["deck_contents"])
                if wrong:
                    return wrong
    return None


@campaign_only
def check_r83(state, params, ctx):
    seat = params["player"]
    p = state["players"][seat]
    if active(p):
        return f"{p['name']} still plays {p['character']}; retire that character first (no spare decks are kept)."
    name = clean(params.get("character")).casefold()
    for other, q in enumerate(state["players"]):
        if other != seat and active(q) and q["character"].casefold() == name:
            return f"{q['character']} is already played by {q['name']}."


def r84_message(state, title) -> str | None:
    must = state["must_replay"]
    if must and title != must:
        return f"The party lost {must}: win it before playing another scenario."
    if title == must or title in state["completed"]:
        return None
    nxt = first_open_scenario(state)
    if title != nxt:
        return f"Scenarios are played in order: the next one is {nxt}; completed ones may be replayed."
    return None


@campaign_only
def check_r84(state, params, ctx):
    title = find_scenario(state, params.get("scenario"))
    return r84_message(state, title) if title else None


@campaign_only
def check_r85(state, params, ctx):
    last = state["last_scenario"]
    level = params["level"]
    if not last or last["result"] != "won":
        return "Rewards are earned only by winning the scenario."
    key = reward_key(state, level)
    if key in state["rewards_claimed"] and not params.get("repeatable"):
        return f"This {level.replace('_', ' ')} reward was already earned."
    if level == "adventure" and not adventure_complete(state, last["adventure_number"]):
        return f"The adventure reward needs every scenario of adventure {last['adventure_number']} completed."
    if level == "adventure_path" and not path_complete(state):
        return "The Adventure Path reward needs every scenario of the Adventure Path completed."


@campaign_only
def check_r86(state, params, ctx):
    p = state["players"][params["player"]]
    wanted = params.get("count", 1)
    if p["pending_hero_points"] < wanted:
        if p["hero_points"] and _action(ctx) == "spend_hero_point_on_feat":
            return (f"{p['character']}'s banked hero points can't buy feats; only a point being awarded now can "
                    "(banked points reroll a check or return the character from death).")
        return f"{p['character']} has {p['pending_hero_points']} hero point(s) being awarded now."


@campaign_only
def check_r87(state, params, ctx):
    p = state["players"][params["player"]]
    kind = params["feat"]
    cap = p["last_completed_an"]
    if p["feat_counts"][kind] + 1 > cap:
        return (f"{p['character']} may check at most {cap} {kind} feat(s): the adventure number of the last "
                f"scenario completed is {cap}.")


@campaign_only
def check_r88(state, params, ctx):
    p = state["players"][params["player"]]
    if params["feat"] == "skill":
        current = skill_value(p, params.get("skill"))
        value = params.get("value", current + 1)
        if value <= current:
            return f"The +{value} box of {clean(params.get('skill'))} is already covered (highest checked: +{current})."
        if value > current + 1:
            return f"Check the +{current + 1} box of {clean(params.get('skill'))} first; boxes go left to right."
    elif params["feat"] == "power":
        if clean(params.get("power")).casefold() in [n.casefold() for n in p["feats"]["power"]]:
            return f"{p['character']}'s {clean(params.get('power'))} feat is already checked."


@campaign_only
def check_r90(state, params, ctx):
    p = state["players"][params["player"]]
    if _action(ctx) == "choose_role":
        if p["role"]:
            return f"{p['character']} already chose a role (side {p['role']}); the choice is permanent."
        if not p["role_reward"]:
            return f"{p['character']} chooses a role only when a role reward is earned."
        return None
    if params.get("feat") == "power":
        on = params.get("on") or ("role" if p["role"] else "character")
        if p["role"] and on == "character":
            return f"{p['character']} has a role: check power feats on the role card."
        if not p["role"] and on == "role":
            return f"{p['character']} has no role yet; power feats go on the character card."


@campaign_only
def check_r91(state, params, ctx):
    earlier = [c["name"].casefold() for u in state["vault"]["upgrades"] for c in u["adds"] if c.get("promo")]
    seen = {}
    levels = {c.get("level", 0) for c in params.get("adds", []) if not c.get("promo")}
    for card in params.get("adds", []):
        if not card.get("promo"):
            continue
        key = clean(card["name"]).casefold()
        seen[key] = seen.get(key, 0) + card.get("count", 1)
        if seen[key] > 1 or key in earlier:
            return f"Only one copy of each promo card ({clean(card['name'])})."
        if card.get("level", 0) not in levels:
            return f"A promo card joins the vault with other cards of its level ({card.get('level', 0)})."


@campaign_only
def check_r92(state, params, ctx):
    seat, number = params["player"], params["adventure"]
    p = state["players"][seat]
    if params["erase_type"] != params["gain_type"]:
        return "The new feat must be the same type as the one erased."
    if not character_completed_in_hl(state, seat, number):
        return f"{p['character']} has not completed every scenario of adventure {number} in Heroic or Legendary mode."
    if number in p["swaps_used"]:
        return f"{p['character']} already swapped a feat for adventure {number}."
    kind, erase = params["erase_type"], clean(params["erase"]).casefold()
    has = {"skill": erase in p["feats"]["skill"], "power": erase in [n.casefold() for n in p["feats"]["power"]],
           "card": p["feats"]["card"].get(erase, 0) > 0}[kind]
    if not has:
        return f"{p['character']} has no checked {kind} feat {clean(params['erase'])!r} to erase."
    if kind == "card" and clean(params["gain"]).casefold() not in BOON_TYPES:
        return f"A card feat names a boon type: {', '.join(BOON_TYPES)}."


@campaign_only
def check_r93(state, params, ctx):
    name = clean(params.get("loot")).casefold()
    if not any(c["name"].casefold() == name for c in state["pending_loot"]):
        holder = next((p for p in state["players"] if name in [n.casefold() for n in p["loot"]]), None)
        if holder:
            return f"{holder['character']} already took this Loot card; only one character may."
    seat = params.get("player")
    if seat is not None and not active(state["players"][seat]):
        return f"{state['players'][seat]['name']} has no living character to take the Loot card."


ALLOWED_STEPS = {
    "record_scenario": {BETWEEN}, "return_from_death_with_hero_points": {DEATHS},
    "declare_permanent_death": {DEATHS}, "claim_reward": {REWARDS}, "take_loot": {REWARDS, LEFTOVERS, REBUILD},
    "process_leftover_boons": {LEFTOVERS}, "rebuild_deck": {REBUILD}, "rebuild_trade": {REBUILD},
    "fill_from_vault": {REBUILD}, "upgrade_vault": {BETWEEN}, "heroic_legendary_feat_swap": {BETWEEN},
    "create_character": {REBUILD, BETWEEN}, "retire_character": {REBUILD, BETWEEN},
    "next_campaign_step": set(AFTER_STEPS),
}


@campaign_only
def check_r97(state, params, ctx):
    act, phase = _action(ctx), state["phase"]
    allowed = set(ALLOWED_STEPS.get(act, CAMPAIGN_PHASES))
    if act in ("rebuild_deck", "rebuild_trade") and state["turn"] == 0:
        allowed.add(BETWEEN)  # before the first scenario: itemise the level-0 build
    if phase not in allowed:
        if phase == BETWEEN:
            return "That belongs to the after-scenario steps, and no scenario is being wrapped up."
        steps = " → ".join(CAMPAIGN_PHASES[s].split(": ")[1] for s in AFTER_STEPS)
        return (f"After a scenario the steps go in order ({steps}); the party is at "
                f"{CAMPAIGN_PHASES[phase].split(': ')[1]}.")
    if act != "next_campaign_step":
        return None
    if phase == DEATHS and dead_undecided(state):
        return "Decide for every dead character (return or permanent death) first."
    if phase == REWARDS:
        owing = [p["character"] for p in state["players"] if p["pending_hero_points"]]
        roles = [p["character"] for p in state["players"] if p["role_reward"] and not p["role"]]
        todo = [f"resolve the awarded hero points (a feat now, or bank them): {', '.join(owing)}"] if owing else []
        todo += [f"choose the rewarded role: {', '.join(roles)}"] if roles else []
        if todo:
            return "First " + "; and ".join(todo) + "."
        if reward_key(state, "scenario") not in state["rewards_claimed"]:
            return "Record the scenario reward first (with hero_points 0 if it gives none)."
    return None


@campaign_only
def check_r117(state, params, ctx):
    upgraded = [u["adventure"] for u in state["vault"]["upgrades"]]
    if _action(ctx) == "upgrade_vault":
        number = params.get("adventure", state["adventure_number"])
        if not adventure_complete(state, number):
            return f"The vault is upgraded once adventure {number} is completed."
        if number in upgraded:
            return f"The vault upgrade after adventure {number} is already recorded."
        return None
    title = find_scenario(state, params.get("scenario"))
    number = adventure_of(state, title) if title else None
    if number is None:
        return None
    for adv in state["adventure_path"]["adventures"]:
        if adv["number"] < number and adv["number"] not in upgraded and adventure_complete(state, adv["number"]):
            return f"Upgrade the vault after adventure {adv['number']} before starting adventure {number}."


@campaign_only
def check_r121(state, params, ctx):
    name = clean(params.get("loot")).casefold()
    pending = any(c["name"].casefold() == name for c in state["pending_loot"])
    if not pending and name in [n.casefold() for n in state["vault"]["returned"]]:
        return "Nobody took that Loot card after the last scenario, so it went back to the vault."


def scenario_violations(state, title) -> list[tuple[str, str]]:
    """(rule id, message) for each reason the campaign can't start `title` now; empty when it can."""
    if not isinstance(state, dict) or state.get("mode") != "campaign":
        return [("pathfinder.H20", "That is not a campaign.")]
    found = find_scenario(state, title)
    if found is None:
        return [("pathfinder.H21", f"{clean(title)!r} is not in the Adventure Path; add it first.")]
    out = []
    if state["phase"] != BETWEEN:
        out.append(("pathfinder.R97", "Finish the after-scenario steps first."))
    for rule_id, check in (("pathfinder.H23", check_h23), ("pathfinder.R84", check_r84),
                           ("pathfinder.R117", check_r117), ("pathfinder.R70", check_r70)):
        message = check(state, {"scenario": found}, None)
        if message:
            out.append((rule_id, message))
    return out


def scenario_allowed(state, title) -> str | None:
    """None when the campaign may start `title` now; otherwise why not (R84, R97, R117, H23, R70)."""
    found = scenario_violations(state, title)
    return found[0][1] if found else None


def _r(number, title, section, message, check=None, kind="state", hard=False) -> Rule:
    return Rule(f"pathfinder.{number}", title, section, message, check, kind, hard)


CAMPAIGN_RULES = (
    _r("R70", "Decks match the deck list", "[Characters]",
       "Each deck holds exactly its deck list's count of each boon type.", check_r70, "card-data"),
    _r("R71", "New characters start with level 0 cards", "[Getting Started]",
       "A new character's deck uses level 0 cards only.", check_r71, "card-data"),
    _r("R79", "Returning from death costs every hero point", "[Dying]",
       "Returning from death after a scenario needs at least 1 hero point and spends them all.", check_r79),
    _r("R80", "Rebuild level cap", "[Rebuilding]",
       "Cards above the last played scenario's adventure number can't be kept (Loot excepted).", check_r80, "card-data"),
    _r("R81", "Filler and replacement decks are capped at AN - 2", "[Rebuilding]",
       "Filler cards and a replacement character's cards are at most level AN - 2 (minimum 0).", check_r81, "card-data"),
    _r("R82", "A rebuilt deck matches the deck list", "[Rebuilding]",
       "After the rebuild and any trades, every deck matches its deck list.", check_r82, "card-data"),
    _r("R83", "No spare decks; characters are distinct", "[Rebuilding]",
       "Only the characters being played keep decks, and each character is played once.", check_r83),
    _r("R84", "Win a lost scenario before moving on", ENDING,
       "After a loss the same scenario is played again; after a win, the next or a completed one.", check_r84),
    _r("R85", "Each reward once, and only for a win", ENDING,
       "A reward needs a win, is earned once, and adventure or path rewards need them complete.", check_r85),
    _r("R86", "Feats only from a point being awarded", "[Rules: Hero Points]",
       "A hero point buys a feat only as it is awarded; banked points can't.", check_r86),
    _r("R87", "Feat cap per type", "[Rules: Feats]",
       "Each feat type is capped at the adventure number of the last scenario the character completed.", check_r87),
    _r("R88", "Feat boxes in order", "[Rules: Feats]",
       "Feat boxes are checked left to right; the highest numeric box applies.", check_r88, "card-data"),
    _r("R89", "Unchecked feats do nothing", "[Rules: Feats]",
       "An unchecked feat, and its parenthesised text, has no effect; power feats apply to the character's own power."
       , kind="card-data"),
    _r("R90", "A role is chosen once, when rewarded", "[Roles]",
       "A role side is chosen when a role reward is earned, permanently; later power feats go on the role.", check_r90),
    _r("R91", "One of each promo card", "[Rules: Promo Cards]",
       "A vault upgrade adds at most one of each promo card, with other cards of its level.", check_r91, "card-data"),
    _r("R92", "Heroic and Legendary feat swap", "[Normal, Heroic, and Legendary Modes]",
       "After a whole adventure in Heroic or Legendary mode, a character may swap one feat for one of the same type.",
       check_r92),
    _r("R93", "Each Loot card goes to one character", "[Rules: Loot]",
       "A Loot card may be taken by one character; if nobody does, it goes into the vault.", check_r93, "card-data"),
    _r("R97", "After-scenario steps in order", ENDING,
       "Resolve deaths, then rewards, then leftover boons, then rebuild, before the next scenario.", check_r97),
    _r("R117", "Upgrade the vault between adventures", ENDING,
       "Once an adventure is complete, its vault upgrade is recorded before the next adventure starts.", check_r117),
    _r("R121", "Leftover cards return to the vault", "[Rebuilding]",
       "After rebuilding, every card nobody kept goes back to the vault.", check_r121),
    _r("H20", "Campaign actions need a campaign", ENDING,
       "Campaign bookkeeping is recorded in a campaign.", check_h20, hard=True),
    _r("H21", "Names must match the campaign", "[Getting Started]",
       "The scenario, character or card named is not part of this campaign.", check_h21, hard=True),
    _r("H22", "Hero points and feats never go below 0", "[Rules: Hero Points]",
       "Hero points, feat counts and deck-list counts can't go below 0.", check_h22, hard=True),
    _r("H23", "Every player needs a character", "[Dying]",
       "A player whose character died or retired starts a new character before the next scenario.", check_h23),
)
RULES_BY_ID = {rule.id: rule for rule in CAMPAIGN_RULES}
