"""Setup and turn-flow actions: roll-off, mulligan, phases, draws, endurance, hand limit."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import die, enum, integer, obj, seat, string

from .rules_turn import draw_reason
from .state import (
    ATTRIBUTES, NO_MAGIC, TURN_PHASES, begin_game, find_permanent, name_of, next_seat, release_improvements,
    start_turn,
)

PLAY = frozenset(TURN_PHASES)
PHASE_TITLES = {
    "setup": "Determine Starting Hero", "start": "Start of Turn", "draw": "Draw", "ready": "Ready",
    "endurance": "Endurance", "actions": "Actions", "end": "End of Turn",
}


def _p(state, params):
    return state["players"][params["player"]]


def apply_roll_for_start(state, params, ctx):
    roll_off, who, roll = state.get("roll_off"), params["player"], params["roll"]
    if not roll_off:
        return f"{name_of(state, who)} rolls {roll} (the starting hero was already known)."
    roll_off["rolls"][who] = roll
    rolls = roll_off["rolls"]
    if any(rolls[s] is None for s in roll_off["contenders"]):
        return f"{name_of(state, who)} rolls {roll}."
    top = max(rolls[s] for s in roll_off["contenders"])
    best = [s for s in roll_off["contenders"] if rolls[s] == top]
    if len(best) == 1:
        begin_game(state, best[0])
        return f"{name_of(state, who)} rolls {roll}; {name_of(state, best[0])} starts."
    roll_off.update(round=roll_off["round"] + 1, contenders=best, rolls=[None] * len(rolls))
    return f"{name_of(state, who)} rolls {roll}; tie at {top}, {', '.join(name_of(state, s) for s in best)} roll again."


def apply_mulligan(state, params, ctx):
    # Hand and deck sizes are unchanged: the swapped cards are shuffled back (R58).
    _p(state, params)["mulligan_done"] = True
    return f"{name_of(state, params['player'])} replaces {params['count']} card(s) of the starting hand."


def apply_advance_phase(state, params, ctx):
    seat = state["active_player"]
    if state["phase"] == "end":
        nxt = next_seat(state, seat)
        start_turn(state, nxt)
        return f"Turn {state['turn']}: {name_of(state, nxt)} begins."
    state["phase"] = TURN_PHASES[TURN_PHASES.index(state["phase"]) + 1]
    if state["phase"] == "ready":
        _ready_everything(state["players"][seat])
    return f"{name_of(state, seat)}: {PHASE_TITLES[state['phase']]} phase."


def _ready_everything(p):
    p["endurance_ready"] = p["endurance_total"]
    for card in p["permanents"]:
        card["ready"] = True


def apply_draw_cards(state, params, ctx):
    p = _p(state, params)
    reason = draw_reason(state, params) or "card_effect"
    count = params["count"]
    got = min(count, p["draw_deck_count"])
    p["draw_deck_count"] -= got
    p["hand_count"] += got
    if reason == "phase":
        p["phase_draw_done"] = True
    elif reason == "critical_success":
        p["critical_draws"] = max(0, p["critical_draws"] - count)
    if got < count:
        ctx.notes.append(f"{p['name']}'s deck had only {got} card(s); the discard pile is never reshuffled.")
    return f"{p['name']} draws {got} card(s) ({reason.replace('_', ' ')})."


def apply_ready_all(state, params, ctx):
    # Entering phase 3 already readied everything; this only records that the step was taken.
    return f"{name_of(state, params['player'])} readies all cards."


def apply_play_endurance(state, params, ctx):
    p = _p(state, params)
    label = "a hand card"
    if params["source"] == "permanent":
        i = find_permanent(p, params.get("card"))
        if i is not None:
            card = p["permanents"].pop(i)
            # Turning an improved card face down takes it out of play: improvements go (spec A8).
            release_improvements(state, card)
            p["endurance_cards"].append(card["name"])
            label = card["name"]
    else:
        p["hand_count"] -= 1
    p["endurance_total"] += 1
    p["endurance_ready"] += 1
    p["endurance_played_this_turn"] += 1
    return f"{p['name']} turns {label} into an Endurance Card ({p['endurance_total']} in total)."


def apply_discard(state, params, ctx):
    p = _p(state, params)
    p["hand_count"] -= params["count"]
    p["discard_count"] += params["count"]
    return f"{p['name']} discards {params['count']} card(s)."


def apply_resolve_turn_trigger(state, params, ctx):
    return f"{name_of(state, params['player'])} resolves {params['card']} ({params['when']} of turn)."


def apply_set_attributes(state, params, ctx):
    p = _p(state, params)
    for key in ATTRIBUTES:
        if key in params:
            value = params[key]
            p["attributes"][key] = NO_MAGIC if value == NO_MAGIC else value
    return f"{p['name']}'s attributes updated."


_attr = {"oneOf": [integer(0, 30), {"type": "null"}]}

TURN_ACTIONS = (
    ActionSpec("roll_for_start", "Roll for starting hero", obj(("player", "roll"), player=seat(), roll=die(6)),
               apply_roll_for_start, rules=("aventuria.R59",), phases=frozenset({"setup"}), phase_rule="aventuria.R59"),
    ActionSpec("mulligan", "Replace starting cards",
               obj(("player", "count"), player=seat(), count=integer(0, 5, "cards swapped")),
               apply_mulligan, rules=("aventuria.R58",)),
    ActionSpec("advance_phase", "Next phase", obj(("player",), player=seat()), apply_advance_phase,
               rules=("aventuria.R1", "aventuria.R3", "aventuria.R13", "aventuria.R120", "aventuria.H2",
                      "aventuria.R50"), phases=PLAY),
    ActionSpec("draw_cards", "Draw cards",
               obj(("player", "count"), player=seat(), count=integer(1, 99),
                   reason=enum("phase", "critical_success", "card_effect")),
               apply_draw_cards, rules=("aventuria.R3", "aventuria.R5", "aventuria.R31", "aventuria.R50"), phases=PLAY),
    ActionSpec("ready_all", "Ready all cards", obj(("player",), player=seat()), apply_ready_all,
               rules=("aventuria.R6", "aventuria.R50"), phases=PLAY),
    ActionSpec("play_endurance", "Play an Endurance Card",
               obj(("player", "source"), player=seat(), source=enum("hand", "permanent"),
                   card=string(description="the permanent turned face down (source permanent)")),
               apply_play_endurance,
               rules=("aventuria.R7", "aventuria.R8", "aventuria.R9", "aventuria.R50"), phases=PLAY),
    ActionSpec("discard_to_hand_limit", "Discard to 7", obj(("player", "count"), player=seat(), count=integer(1, 99)),
               apply_discard, rules=("aventuria.R13", "aventuria.R50"), phases=PLAY),
    ActionSpec("discard_cards", "Discard cards (card effect)",
               obj(("player", "count"), player=seat(), count=integer(1, 99),
                   reason=string(description="what made the hero discard")),
               apply_discard, rules=("aventuria.R50",), phases=PLAY),
    ActionSpec("resolve_turn_trigger", "Resolve a start/end of turn effect",
               obj(("player", "card", "when"), player=seat(), card=string(), when=enum("start", "end")),
               apply_resolve_turn_trigger, rules=("aventuria.R2", "aventuria.R50"), phases=PLAY),
    ActionSpec("set_attributes", "Set hero attributes",
               obj(("player",), player=seat(), close_combat=_attr, ranged_combat=_attr, dodge=_attr,
                   magic={"oneOf": [integer(0, 30), {"type": "null"}, {"enum": [NO_MAGIC]}]}),
               apply_set_attributes),
)
