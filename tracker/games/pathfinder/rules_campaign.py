"""Campaign rules (spec 5.1 R70, R71, R79-R93, R97, R117, R121; house rules H20-H23).

Also `scenario_allowed`, which the scenario mode calls before a session is started from a campaign.
Every check is a no-op on a non-campaign state:
the engine runs an action's checks even when the phase already refuses it, and H20 (hard) keeps a
campaign action's effect away from a scenario state. The house rules are in rules_campaign_house.py, the checks on
decks, the vault and Loot in rules_campaign_decks.py; this module keeps the rest and the rule table.
"""
from __future__ import annotations

from tracker.engine import Rule

from .campaign import (
    AFTER_STEPS, BETWEEN, CAMPAIGN_PHASES, DEATHS, LEFTOVERS, REBUILD, REWARDS, adventure_complete, adventure_of,
    character_completed_in_hl, clean, dead_undecided, find_scenario, first_open_scenario, path_complete, reward_key,
    skill_value,
)
from .data import BOON_TYPES
from .rules_campaign_decks import (
    check_r70, check_r71, check_r80, check_r81, check_r82, check_r83, check_r91, check_r93, check_r121,
)
from .rules_campaign_house import _action, campaign_only, check_h20, check_h21, check_h22, check_h23

ENDING = "[Ending a Scenario, Adventure, or Adventure Path]"


# ------------------------------------------------------------------ spec rules: scenarios, deaths, rewards, feats, steps

@campaign_only
def check_r79(state, params, ctx):
    p = state["players"][params["player"]]
    if not p["dead_in_last_scenario"] or p["death_choice"] is not None:
        return f"{p['character']} is not awaiting a return from death."
    if _action(ctx) == "return_from_death_with_hero_points" and p["hero_points"] < 1:
        return f"{p['character']} needs at least 1 hero point to return from death (has {p['hero_points']})."


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
