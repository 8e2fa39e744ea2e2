"""The full rule table: spec rules R1-R122, golden rules G1-G7 and the module's house rules."""
from __future__ import annotations

from tracker.engine import Rule
from tracker.engine.kit.invariants import negative_counts
from tracker.engine.kit.rules import assemble

from .decks import DECK_RULES
from .rules_campaign import CAMPAIGN_RULES
from .rules_check import CHECK_RULES
from .rules_encounter import ENCOUNTER_RULES
from .rules_turn import TURN_RULES
from .state import PILES


def _check_open(state, params, ctx):
    if not state.get("check"):
        return "No check is being attempted right now: attempt one first."
    if ctx.action_type in ("choose_skill", "set_difficulty", "roll_check") and state["check"]["rolled"]:
        return "The dice are rolled; only rerolls can change the check now."
    if ctx.action_type in ("choose_to_fail", "roll_check") and params["player"] != state["check"]["character"]:
        return "Only the character attempting the check rolls it."


def _check_open_or_none(state, params, ctx):
    if ctx.action_type == "resolve_encounter":
        enc = state.get("encounter")
        if not enc:
            return "No card is being encountered."
        if state.get("check"):
            return "Finish the check first."
        return None
    return _check_open(state, params, ctx)


def _can_declare(state, params, ctx):
    if state.get("check"):
        return "A check is already being attempted."
    if state.get("damage"):
        return "Suffer the damage first."
    enc = state.get("encounter")
    if enc and enc["step"] in ("avenge", "villain"):
        return "The checks of this encounter are over."
    if enc and len(enc["checks"]) >= enc["checks_needed"]:
        return "Every check this card asks for has been attempted."


def _in_avenge_step(state, params, ctx):
    enc = state.get("encounter")
    if not enc or enc["step"] != "avenge":
        return "There is no undefeated bane waiting to be avenged."


def _has_scourge(state, params, ctx):
    if params.get("location"):
        return None
    if params.get("target") is None:
        return "Name the character (target) or the location to remove the scourge from."
    p = state["players"][params["target"]]
    if params["scourge"] not in p["scourges"]:
        return f"{p['name']} doesn't suffer {params['scourge']}."


def _proxied(state, params, ctx):
    if not state["players"][params["player"]]["proxied"]:
        return f"{state['players'][params['player']]['name']}'s pawn is standing: no proxy is out."


def _set_aside_count(state, params, ctx):
    p = state["players"][params["player"]]
    have = p["set_aside_count"] if params["back"] else p["hand_count"]
    if params["count"] > have:
        return f"Only {have} card(s) there."


def _search_has_cards(state, params, ctx):
    if params.get("found") is False or params["stack"] == "vault":
        return None
    p = state["players"][params["player"]]
    if params["stack"] == "location":
        loc = next((l for l in state["locations"] if l["name"] == (params.get("location") or p["location"])), None)
        have = loc["cards"] if loc else 0
    else:
        have = p["deck_count" if params["stack"] == "deck" else "discard_count"]
    if have < 1:
        return "There is nothing there to search."


def _no_negative_counts(state, params, ctx):
    if state.get("mode") != "scenario":
        return None
    for who, key, _ in negative_counts(state, ("hourglass",), PILES):
        if who is None:
            return "The hourglass can't hold fewer than 0 cards."
        return f"{who}'s {key.replace('_count', '').replace('_', ' ')} can't drop below 0."
    for loc in state["locations"]:
        if loc["cards"] < 0:
            return f"{loc['name']} can't hold fewer than 0 cards."


def _over(state, params, ctx):
    return "The scenario is over."


HOUSE_RULES = (
    Rule("pathfinder.H3", "One check at a time", "[Attempting a Check]",
         "A check is already being attempted.", _can_declare),
    Rule("pathfinder.H4", "A check must be open", "[Attempting a Check]",
         "No check is being attempted.", _check_open_or_none),
    Rule("pathfinder.H5", "Choosing to fail is the roller's", "[Attempting a Check]",
         "Only the character attempting the check may fail it on purpose.", _check_open),
    Rule("pathfinder.H6", "Avenging is offered after an undefeated bane", "[Avenge the Encounter]",
         "There is no undefeated bane waiting to be avenged.", _in_avenge_step),
    Rule("pathfinder.H8", "Remove a scourge someone has", "[Scourge]",
         "Nobody there suffers that scourge.", _has_scourge),
    Rule("pathfinder.H9", "A proxy must be out to return", "[Rules: Character Proxies in Locations]",
         "No proxy is out.", _proxied),
    Rule("pathfinder.H10", "Set aside only cards you have", "[Playing Cards]", "Not that many cards.",
         _set_aside_count),
    Rule("pathfinder.H13", "A search needs cards to look through", "[Searching and Examining]",
         "There is nothing there to search.", _search_has_cards),
    Rule("pathfinder.H11", "Counts never drop below zero", "[Rules: Dealing with Cards]",
         "A pile can't hold fewer than 0 cards.", _no_negative_counts, hard=True),
    Rule("pathfinder.H12", "The scenario has ended", "[Ending a Scenario, Adventure, or Adventure Path]",
         "The scenario is over.", _over),
)

# Rules kept in the table without a check here: golden rules (precedence is how the module is built:
# card-data overrides are the "accept anyway" path), card-data rules the engine can only remind of,
# and rules the effects of actions apply rather than refuse.
_REMINDERS = (
    ("G1", "state", "[Rules: The Golden Rules]", "Storybook beats card beats rulebook; 'never' and 'always' win"),
    ("G2", "state", "[Rules: The Golden Rules]", "Location beats support card beats character beats other cards"),
    ("G3", "state", "[Rules: The Golden Rules]", "'Cannot' wins over 'can'"),
    ("G4", "state", "[Rules: The Golden Rules]", "What you are told to ignore has no effect on you"),
    ("G5", "state", "[Rules: The Golden Rules]", "Impossible instructions are skipped, except deck and hourglass"),
    ("G6", "state", "[Rules: Active and Optional Powers]", "Playing from the hand is optional; other powers are not"),
    ("G7", "state", "[Rules: Counting Resources]", "Use what there is; 'any number' means at least 1"),
    ("R36", "card-data", "[Rules: Affecting the Situation]", "Help plays must affect the situation directly"),
    ("R42", "state", "[Determine Which Skill You're Using]", "The check's traits"),
    ("R59", "card-data", "[Rules: Counting Resources]", "A task you can't pay for can't be attempted"),
    ("R61", "state", "[Closing Your Location]", "A villain found after closing keeps the location open"),
    ("R70", "card-data", "[Build Your Deck]", "Decks match their deck lists at scenario start"),
    ("R71", "card-data", "[Build Your Deck]", "New decks use level 0 cards"),
    ("R74", "state", "[Set Out the Locations]", "Locations, story bane stack and hourglass at setup"),
    ("R94", "state", "[Cohort]", "Cohorts: found ones are acquired, banished ones leave the game"),
    ("R96", "state", "[Deck Suggestions]", "The Core Set alone builds at most 4 decks"),
    ("R111", "state", "[Rules: Bless]", "A bless adds one die of the skill's type, not the modifier"),
    ("R117", "state", "[Ending a Scenario, Adventure, or Adventure Path]", "Upgrade the vault between adventures"),
    ("R118", "state", "[Rules: Character Proxies in Locations]", "A found proxy returns and the pawn stands"),
    ("R121", "state", "[Rebuilding]", "Leftover cards go back to the vault"),
)
_REMINDERS += tuple((f"R{n}", "state", "[Ending a Scenario, Adventure, or Adventure Path]", "Campaign rule")
                    for n in range(79, 94))
_REMINDERS += (("R97", "state", "[Ending a Scenario, Adventure, or Adventure Path]", "After-scenario order"),)


RULES = assemble(TURN_RULES, ENCOUNTER_RULES, CHECK_RULES, HOUSE_RULES, CAMPAIGN_RULES, DECK_RULES,
                 first="R", slug="pathfinder", reminder_rows=_REMINDERS)
