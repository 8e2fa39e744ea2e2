"""Setup and the turn stepper: advance the hour, give, move, explore, close, end of turn, reset."""
from __future__ import annotations

from dataclasses import replace

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from .data import BOON_TYPES, CARD_KINDS
from .encounter import open_encounter
from .state import (
    TURN_STEPS, close_location, draw_from_deck, kill, location, lose, name_of, pass_turn,
    start_turn, step_index,
)

ANYTIME = ("pathfinder.R7",)
SETUP = frozenset({"setup"})
TURN = frozenset(TURN_STEPS)
LOC = string(60, "a location's name, as set out for this scenario")
CARD = string(80, "the card's name, for the log")
TRAITS = {"type": "array", "items": string(30), "maxItems": 12}


def _p(state, params, key="player"):
    return state["players"][params[key]]


def _to_step(state, step: str) -> None:
    if step_index(state["phase"]) < step_index(step):
        state["phase"] = step
        state["step_boon_types"], state["step_played"] = [], []
    if step != "explore":
        state["turn_state"]["pending_extra_exploration"] = False


# ------------------------------------------------------------------ setup (S7-S12)

def apply_setup_trade(state, params, ctx):
    a, b = _p(state, params), _p(state, params, "target")
    a["traded"] = b["traded"] = True
    return f"{a['name']} trades a {params['give_type']} with {b['name']} before starting hands."


def apply_choose_start_location(state, params, ctx):
    _p(state, params)["location"] = params["location"]
    return f"{name_of(state, params['player'])} starts at {params['location']}."


def apply_choose_favored(state, params, ctx):
    p, who, t = _p(state, params), name_of(state, params["player"]), params["card_type"]
    p["favored_choice"] = t
    return f"{who}'s favored card, from the card: {t}." if p["favored"] is None else f"{who} favors {t} cards this scenario."


def apply_draw_starting_hand(state, params, ctx):
    p = _p(state, params)
    p["hand_drawn"], p["redraws"] = True, params.get("redraws", 0)
    extra = f" after {p['redraws']} redraw(s)" if p["redraws"] else ""
    return f"{p['name']} draws a starting hand of {p['hand_count']}{extra}."


def apply_add_cohort(state, params, ctx):
    p = _p(state, params)
    p["hand_count"] += 1
    p["cohort"] = True
    return f"{p['name']} adds the cohort {params['card']} to the hand."


def apply_choose_first_player(state, params, ctx):
    state["active_player"] = state["first_player"] = params["player"]
    return f"{name_of(state, params['player'])} goes first."


def _finish_setup(state):
    for p in state["players"]:
        p["hand_drawn"] = True
    state["turn"] = 0
    start_turn(state, state["active_player"])


# ------------------------------------------------------------------ the turn

def apply_advance_hour(state, params, ctx):
    if state["phase"] == "setup":
        _finish_setup(state)
    seat = params["player"]
    if state["hourglass"] < 1:
        lose(state, "hourglass")
        return f"{name_of(state, seat)} must advance the hour from an empty hourglass: the scenario is lost."
    state["hourglass"] -= 1
    state["hourglass_discards"] += 1
    state["hour"] = params.get("card") or f"Blessing {state['hourglass_discards']}"
    state["hour_advanced_by"] = seat
    state["turn_state"]["hour_advanced"] = True
    state["phase"] = "give"
    left = state["hourglass"]
    tail = " This is the last turn." if left == 0 else f" {left} left."
    return f"{name_of(state, seat)} advances the hour: {state['hour']}.{tail}"


def apply_start_of_turn_effect(state, params, ctx):
    return f"Start of turn: {params['description']}"


def apply_next_step(state, params, ctx):
    state["phase"] = TURN_STEPS[step_index(state["phase"]) + 1]
    state["step_boon_types"], state["step_played"] = [], []
    state["turn_state"]["pending_extra_exploration"] = False
    return f"{name_of(state, params['player'])}: {state['phase'].replace('_', ' ')} step."


def apply_give_card(state, params, ctx):
    _to_step(state, "give")
    a, b = _p(state, params), _p(state, params, "target")
    a["hand_count"] -= 1
    b["hand_count"] += 1
    state["turn_state"]["card_given"] = True
    what = params.get("card") or (f"a {params['card_type']}" if params.get("card_type") else "a card")
    return f"{a['name']} gives {what} to {b['name']}."


def apply_move(state, params, ctx):
    seat, dest = params["player"], params["location"]
    p = state["players"][seat]
    pending = state.get("forced_moves", [])
    must_move = seat in pending
    if must_move:
        pending.remove(seat)
    elif not params.get("forced"):
        _to_step(state, "move")
        state["turn_state"]["moved"] = True
    if params.get("prevented") and not ctx.overriding and not must_move:  # a closing location always wins (R62)
        return f"{p['name']} stays at {p['location']}: moving is forbidden."
    enc = state.get("encounter")
    if enc and enc["character"] == seat:
        enc["moved"] = True
    if p["proxied"] and params.get("closing"):
        p["proxied"] = False
    before, p["location"] = p["location"], dest
    if before == dest:
        return f"{p['name']} stays at {dest} (no other location is open)."
    return f"{p['name']} moves from {before} to {dest}."


def apply_explore(state, params, ctx):
    _to_step(state, "explore")
    ts, seat = state["turn_state"], params["player"]
    by = params.get("by", "free")
    if by == "free":
        ts["free_exploration_used"] = True
    ts["pending_extra_exploration"] = False
    ts["explorations"] += 1
    p = state["players"][seat]
    if by in ("card", "extra") and params.get("card_type"):
        # the ally or other card discarded (or otherwise played) to explore
        if p["hand_count"] > 0 and params.get("discard", True):
            p["hand_count"] -= 1
            p["discard_count"] += 1
    here = location(state, p["location"])
    taken = params.get("faceup_card")
    if taken and taken in here["faceup"]:
        here["faceup"].remove(taken)
    elif here["cards"]:
        here["cards"] -= 1
    first = not ts["first_exploration_done"]
    ts["first_exploration_done"] = True
    kind = params.get("kind", "monster")
    line = open_encounter(state, seat, params, origin="location", location=here["name"])
    how = {"free": "explores", "card": "plays a card to explore", "power": "uses a power to explore",
           "location": "explores by the location's power", "extra": "explores again"}[by]
    note = " (first exploration)" if first else ""
    return f"{p['name']} {how} {here['name']}{note} and finds {params.get('card') or 'a ' + kind}. {line}".strip()


def apply_grant_extra_exploration(state, params, ctx):
    state["turn_state"]["pending_extra_exploration"] = True
    return f"{name_of(state, params['player'])} may explore again ({params.get('source') or 'a card or power'})."


def apply_attempt_close(state, params, ctx):
    seat, ts = params["player"], state["turn_state"]
    here = state["players"][seat]["location"]
    trigger = params.get("trigger", "close_step")
    if trigger == "close_step":
        _to_step(state, "close")
        ts["close_attempted"] = True
    ts["close_opportunity"] = None
    if params.get("option"):
        ts["close_option"] = params["option"]
    who = name_of(state, seat)
    if not params["success"]:
        return f"{who} fails to close {here}."
    found = params.get("villains_found", 0)
    if found:
        loc = location(state, here)
        loc["cards"], loc["faceup"], loc["villain_here"] = found, [], True
        return f"{who} meets the To Close of {here}, but a villain is there: every other card is banished and it stays open."
    return f"{who} closes {here}. " + close_location(state, here)


def apply_end_turn(state, params, ctx):
    seat = params["player"]
    p = state["players"][seat]
    state["phase"] = "end"
    state["turn_state"]["pending_extra_exploration"] = False
    lines = [f"{p['name']} ends the turn."]
    here = location(state, p["location"])
    for scourge in here["scourges"]:
        if scourge not in p["scourges"]:
            p["scourges"].append(scourge)
            lines.append(f"{p['name']} ends the turn at {here['name']} and suffers {scourge}.")
    if p["recovery_count"]:
        state["phase"] = "recovery"
        lines.append(f"Recovery: {p['recovery_count']} card(s) in the recovery pile.")
        return " ".join(lines)
    lines.append(_reset(state, seat, params.get("discards", 0)))
    return " ".join(lines)


def apply_recover_card(state, params, ctx):
    p = _p(state, params)
    p["recovery_count"] -= 1
    if p["recovery"]:
        card = params.get("card")
        p["recovery"].remove(card if card in p["recovery"] else p["recovery"][0])
    outcome = params["outcome"]
    pile = {"recharge": "deck_count", "reload": "deck_count", "discard": "discard_count", "hand": "hand_count",
            "bury": "buried_count", "banish": None}[outcome]
    if pile:
        p[pile] += 1
    name = params.get("card") or "a card"
    line = f"Recovery: {p['name']} {outcome}s {name}." if outcome != "hand" else f"Recovery: {name} returns to the hand."
    if p["recovery_count"] == 0:
        state["phase"] = "reset"
    return line


def apply_banish_remaining_recovery(state, params, ctx):
    p = _p(state, params)
    n, p["recovery_count"], p["recovery"] = p["recovery_count"], 0, []
    state["phase"] = "reset"
    return f"{n} card(s) left in the recovery pile go back to the vault."


def apply_reset(state, params, ctx):
    return _reset(state, params["player"], params.get("discards", 0))


def _reset(state, seat, discards) -> str:
    p = state["players"][seat]
    state["phase"] = "reset"
    p["hand_count"] -= discards
    p["discard_count"] += discards
    lines = []
    if p["hand_count"] > p["hand_size"]:
        extra = p["hand_count"] - p["hand_size"]
        p["hand_count"] -= extra
        p["discard_count"] += extra
        lines.append(f"{p['name']} discards {extra} down to {p['hand_size']}.")
    need = p["hand_size"] - p["hand_count"]
    if need > 0:
        died = draw_from_deck(state, seat, need, "resetting")
        if died:
            return " ".join(lines + [died])
        lines.append(f"{p['name']} draws {need} to reset to {p['hand_size']}.")
    else:
        lines.append(f"{p['name']} keeps a hand of {p['hand_size']}.")
    if state["result"] is None:
        lines.append(pass_turn(state))
    return " ".join(lines)


def forfeit_unused_exploration(spec: ActionSpec) -> ActionSpec:
    """An extra exploration is used at once or lost (R20): anything else done between encounters
    forfeits it. Actions inside an encounter (finishing the one that granted it) keep it."""
    if spec.type in ("explore", "grant_extra_exploration"):
        return spec

    def apply(state, params, ctx):
        idle = not (state.get("encounter") or state.get("check") or state.get("damage"))
        line = spec.apply(state, params, ctx)
        ts = state.get("turn_state") or {}
        if idle and ts.get("pending_extra_exploration"):
            ts["pending_extra_exploration"] = False
            line = f"{line or spec.title} The extra exploration is lost."
        return line

    return replace(spec, apply=apply)


# ------------------------------------------------------------------ effects recorded at any time

def apply_draw_cards(state, params, ctx):
    seat, count, source = params["player"], params["count"], params.get("source", "deck")
    p = state["players"][seat]
    if source == "deck":
        died = draw_from_deck(state, seat, count, params.get("reason") or "a draw")
        return died or f"{p['name']} draws {count} card(s)."
    if source == "discards":
        count = min(count, p["discard_count"])
        p["discard_count"] -= count
    p["hand_count"] += count
    return f"{p['name']} draws {count} card(s) from the {source}."


def apply_remove_from_deck(state, params, ctx):
    seat, count, verb = params["player"], params["count"], params["verb"]
    p = state["players"][seat]
    if count > p["deck_count"]:
        return kill(state, seat, f"had to {verb} {count} card(s) from a deck of {p['deck_count']}")
    p["deck_count"] -= count
    pile = {"discard": "discard_count", "bury": "buried_count", "banish": None, "recharge": "deck_count"}[verb]
    if pile:
        p[pile] += count
    return f"{p['name']} {verb}s the top {count} card(s) of the deck."


def apply_heal(state, params, ctx):
    p = _p(state, params, "target")
    eligible = p["discard_count"] - (1 if params.get("paid_with_discard") else 0)
    moved = max(0, min(params["count"], eligible))
    p["discard_count"] -= moved
    p["deck_count"] += moved
    short = f" (only {moved} could be healed)" if moved < params["count"] else ""
    return f"{p['name']} heals {moved} card(s): shuffled from the discards into the deck{short}."


def apply_character_dies(state, params, ctx):
    return kill(state, params["player"], params.get("cause") or "an effect")


def apply_return_from_death_by_card(state, params, ctx):
    p = _p(state, params)
    back = min(params.get("count", p["buried_count"]), p["buried_count"])
    p["dead"] = False
    p["buried_count"] -= back
    p["deck_count"] += back
    return f"{p['name']} returns from death by {params['card']}; {back} buried card(s) go back into the deck."


def apply_win_scenario(state, params, ctx):
    state["result"], state["result_reason"] = "won", params["reason"]
    return f"The party wins: {params['reason'].replace('_', ' ')}."


def apply_lose_scenario(state, params, ctx):
    state["result"], state["result_reason"] = "lost", params["reason"]
    return f"The party loses: {params['reason'].replace('_', ' ')}."


def apply_add_new_location(state, params, ctx):
    state["locations"].append({
        "name": params["location"], "size": params.get("size", "M"), "cards": params["cards"], "faceup": [],
        "closed": False, "scourges": [], "added": True, "villain_here": bool(params.get("story_bane")),
        "examined": None,
    })
    if params.get("story_bane"):
        state["locations"][-1]["cards"] += 1
    return f"A new location joins the scenario: {params['location']} ({params['cards']} cards)."


def apply_add_new_card(state, params, ctx):
    loc = location(state, params["location"])
    if params.get("faceup"):
        loc["faceup"].append(params.get("card") or "a card")
    else:
        loc["cards"] += params.get("count", 1)
    where = {"top": "on top (under any faceup cards)", "bottom": "at the bottom", "shuffled": "shuffled in"}
    return f"{params.get('card') or 'A new card'} goes into {loc['name']} {where[params.get('position', 'shuffled')]}."


SETUP_ACTIONS = (
    ActionSpec("setup_trade", "Trade cards before starting hands",
               obj(("player", "target", "give_type", "take_type"), player=seat(), target=seat(),
                   give_type=enum(*BOON_TYPES), take_type=enum(*BOON_TYPES), card=CARD),
               apply_setup_trade, rules=("pathfinder.R72", "pathfinder.R119"), phases=SETUP,
               phase_rule="pathfinder.R119"),
    ActionSpec("choose_start_location", "Choose a starting location",
               obj(("player", "location"), player=seat(), location=LOC),
               apply_choose_start_location, rules=("pathfinder.H1", "pathfinder.R15"), phases=SETUP,
               phase_rule="pathfinder.H1"),
    ActionSpec("choose_favored", "Choose the favored card type",
               obj(("player", "card_type"), player=seat(), card_type=enum(*BOON_TYPES)),
               apply_choose_favored, rules=("pathfinder.R73",), phases=SETUP, phase_rule="pathfinder.R119"),
    ActionSpec("draw_starting_hand", "Draw the starting hand",
               obj(("player",), player=seat(), redraws=integer(0, 20),
                   favored_in_hand=boolean("the hand holds a card of the favored type")),
               apply_draw_starting_hand, rules=("pathfinder.R73",), phases=SETUP, phase_rule="pathfinder.R119"),
    ActionSpec("add_cohort", "Add a cohort to the hand", obj(("player", "card"), player=seat(), card=CARD),
               apply_add_cohort, rules=("pathfinder.R119", "pathfinder.R94"), phases=SETUP,
               phase_rule="pathfinder.R119"),
    ActionSpec("choose_first_player", "Decide who goes first", obj(("player",), player=seat()),
               apply_choose_first_player, rules=(), phases=SETUP, phase_rule="pathfinder.R119"),
)

TURN_ACTIONS = (
    ActionSpec("advance_hour", "Advance the hour",
               obj(("player",), player=seat(), card=string(80, "the blessing turned up, if you want it logged")),
               apply_advance_hour, rules=("pathfinder.R3", "pathfinder.R6", "pathfinder.R62"),
               phases=SETUP | {"advance_hour"}, phase_rule="pathfinder.R3"),
    ActionSpec("apply_start_of_turn_effect", "Apply a start-of-turn effect",
               obj(("player", "description"), player=seat(), description=string(200)),
               apply_start_of_turn_effect, rules=("pathfinder.R2", "pathfinder.R5"), phases=TURN,
               phase_rule="pathfinder.R4"),
    ActionSpec("next_step", "Go on to the next step",
               obj(("player",), player=seat()), apply_next_step,
               rules=("pathfinder.R2", "pathfinder.R4", "pathfinder.R5", "pathfinder.R62"), phases=TURN,
               phase_rule="pathfinder.R4"),
    ActionSpec("give_card", "Give a card",
               obj(("player", "target"), player=seat(), target=seat(), card_type=enum(*BOON_TYPES), card=CARD),
               apply_give_card, rules=("pathfinder.R2", "pathfinder.R4", "pathfinder.R7", "pathfinder.R11",
                                       "pathfinder.R12", "pathfinder.R13", "pathfinder.R62"),
               phases=TURN, phase_rule="pathfinder.R4"),
    ActionSpec("move", "Move",
               obj(("player", "location"), player=seat(), location=LOC,
                   forced=boolean("an effect moves the character (not the move step's choice)"),
                   prevented=boolean("an active effect forbids this character to move"),
                   source=string(120)),
               apply_move, rules=("pathfinder.R2", "pathfinder.R4", "pathfinder.R7", "pathfinder.R14",
                                  "pathfinder.R15", "pathfinder.R16", "pathfinder.R17", "pathfinder.R62"),
               phases=TURN, phase_rule="pathfinder.R4"),
    ActionSpec("explore", "Explore",
               obj(("player",), player=seat(),
                   by=enum("free", "card", "power", "location", "extra", description="what pays for this exploration"),
                   card_type=enum(*BOON_TYPES, description="the card played to explore, if any"),
                   card=CARD, kind=enum(*CARD_KINDS, description="the type of the card turned up"),
                   faceup_card=string(80, "a faceup card on top of the location, taken first"),
                   difficulty=integer(0, 99), checks=integer(1, 4, "how many checks (then) it needs"),
                   immune=TRAITS, vulnerable=TRAITS, resistant=TRAITS, closing=boolean("a closing henchman"),
                   damage_type=string(30), discard=boolean("the card played to explore is discarded")),
               apply_explore, rules=("pathfinder.R2", "pathfinder.R4", "pathfinder.R5", "pathfinder.R7",
                                     "pathfinder.R18", "pathfinder.R19", "pathfinder.R20", "pathfinder.R21",
                                     "pathfinder.R22", "pathfinder.R62", "pathfinder.R109"),
               phases=TURN, phase_rule="pathfinder.R18"),
    ActionSpec("grant_extra_exploration", "You may explore again",
               obj(("player",), player=seat(), source=string(120)), apply_grant_extra_exploration,
               rules=("pathfinder.R18", "pathfinder.R20", "pathfinder.R21"), phases=TURN,
               phase_rule="pathfinder.R18"),
    ActionSpec("attempt_close", "Attempt to close your location",
               obj(("player", "success"), player=seat(), success=boolean("the To Close requirement was met"),
                   trigger=enum("close_step", "closing_henchman"), option=string(120), location=LOC,
                   villains_found=integer(0, 5, "villains the search after a successful close turned up")),
               apply_attempt_close, rules=("pathfinder.R7", "pathfinder.R55", "pathfinder.R56", "pathfinder.R57",
                                           "pathfinder.R58", "pathfinder.R60", "pathfinder.R62", "pathfinder.R4"),
               phases=TURN, phase_rule="pathfinder.R55"),
    ActionSpec("end_turn", "End your turn",
               obj(("player",), player=seat(), discards=integer(0, 30, "cards you choose to discard when you reset")),
               apply_end_turn, rules=("pathfinder.R2", "pathfinder.R4", "pathfinder.R5", "pathfinder.R47",
                                      "pathfinder.R62"),
               phases=TURN - {"recovery", "reset"}, phase_rule="pathfinder.R4"),
    ActionSpec("recover_card", "Recover a card",
               obj(("player", "outcome"), player=seat(),
                   outcome=enum("recharge", "reload", "discard", "hand", "bury", "banish"),
                   card=CARD, roll=integer(0, 99)),
               apply_recover_card, rules=("pathfinder.R5", "pathfinder.R46"), phases=TURN,
               phase_rule="pathfinder.R46"),
    ActionSpec("banish_remaining_recovery", "Banish what recovery left",
               obj(("player",), player=seat()), apply_banish_remaining_recovery,
               rules=("pathfinder.R5", "pathfinder.R46"), phases=TURN, phase_rule="pathfinder.R46"),
    ActionSpec("reset", "Reset your hand", obj(("player",), player=seat(), discards=integer(0, 30)),
               apply_reset, rules=("pathfinder.R5", "pathfinder.R47"), phases=TURN, phase_rule="pathfinder.R47"),
)

EFFECT_ACTIONS = (
    ActionSpec("draw_cards", "Draw cards",
               obj(("player", "count"), player=seat(), count=integer(1, 99),
                   source=enum("deck", "discards", "vault"), reason=string(120)),
               apply_draw_cards, rules=ANYTIME),
    ActionSpec("remove_from_deck", "Remove cards from your deck",
               obj(("player", "count", "verb"), player=seat(), count=integer(1, 99),
                   verb=enum("discard", "bury", "banish", "recharge")),
               apply_remove_from_deck, rules=ANYTIME),
    ActionSpec("heal", "Heal",
               obj(("target", "count"), player=seat(), target=seat(), count=integer(1, 99),
                   card_type=enum(*BOON_TYPES),
                   paid_with_discard=boolean("a card was discarded to pay for this heal: it can't be healed by it")),
               apply_heal, rules=("pathfinder.R1", "pathfinder.R7", "pathfinder.R106")),
    ActionSpec("character_dies", "A character dies", obj(("player",), player=seat(), cause=string(120)),
               apply_character_dies, rules=ANYTIME),
    ActionSpec("return_from_death_by_card", "Return from death by a card",
               obj(("player", "card"), player=seat(), card=CARD, count=integer(0, 60)),
               apply_return_from_death_by_card, rules=("pathfinder.H2",)),
    ActionSpec("win_scenario", "The party wins",
               obj(("reason",), player=seat(), reason=enum("cornered_villain", "all_locations_closed",
                                                           "scenario_condition")),
               apply_win_scenario, rules=("pathfinder.R69", "pathfinder.R120")),
    ActionSpec("lose_scenario", "The party loses",
               obj(("reason",), player=seat(), reason=enum("hourglass", "all_dead", "scenario_condition")),
               apply_lose_scenario, rules=("pathfinder.R101",)),
    ActionSpec("add_new_location", "Add a new location",
               obj(("location", "cards"), player=seat(), location=string(60), cards=integer(0, 30),
                   size=enum("S", "M", "L"), story_bane=string(80),
                   effect_adds_story_bane=boolean("the effect says to add a villain or henchman")),
               apply_add_new_location, rules=("pathfinder.R114",)),
    ActionSpec("add_new_card", "Add a new card to a location",
               obj(("location",), player=seat(), location=LOC, card=CARD, count=integer(1, 10),
                   position=enum("top", "bottom", "shuffled"), faceup=boolean(),
                   above_faceup=boolean("put on top of the faceup cards (refused: they stay on top)")),
               apply_add_new_card, rules=("pathfinder.R109",)),
)
