"""The combat's setup and its round: the row placed, the steps moved on, time counted down, the end."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import enum, integer, obj, seat, string

from ..state import name_of
from .combat import (
    IN_COMBAT, begin_combat, begin_hero_turns, check_end, end_combat, end_hero_turn, end_round,
    place, set_up_combat, threat_reached,
)
from .narrative import close_step, leave_narrative
from .schema import TIME_EFFECTS, VILLAIN_FIELDS, VILLAINS

MODES = frozenset({"adventure", "chance_encounter"})
# The combat can be set up from any narrative step: the steps not recorded stay in the book.
SETUP = frozenset({"narrative", "combat_setup"})
ROUND = frozenset(IN_COMBAT)
PLACING = ADVANCING = frozenset({"narrative", "combat_setup", *IN_COMBAT})


def _row(state) -> str:
    return ", ".join(f"{v['name']} ({v['life_points']} LP)" for v in state["villains"] if v["status"] == "active")


def _started(state) -> str:
    return f" Round 1 begins: {_row(state)}." if state["phase"] == "preparation" else ""


def _end_narrative(state) -> str:
    """Leave the narrative for the combat's setup; a step already half recorded still applies."""
    if state["phase"] != "narrative":
        return ""
    n = state["narrative"]
    lines = close_step(state) if n["rolls"] or n["chosen"] else []
    leave_narrative(state)
    return " ".join(lines) + (" " if lines else "")


def apply_setup_combat(state, params, ctx):
    before = _end_narrative(state)
    delta = state["next_combat"]["time_counters"] if state.get("next_combat") else 0
    set_up_combat(state, params["time_counters"], params.get("villains", []), params.get("time_effects"),
                  params.get("threat_value"))
    counters = f"{state['time_counters']} time counters" + (f" ({delta:+d} from the narrative)" if delta else "")
    return before + f"Combat set up: {counters}, threat value {state['threat_value']}." + _started(state)


def apply_place_henchman(state, params, ctx):
    before = _end_narrative(state)
    v = place(state, params)
    where = "joins the row"
    if state["phase"] == "combat_setup":
        threat = sum(x.get("tp") or 0 for x in state["villains"] if x["kind"] == "henchman")
        where = f"joins the row ({threat} of {state['threat_value']} threat)"
        if threat_reached(state):
            begin_combat(state)
    elif state["phase"] == "time_effects":
        where = "joins the row and acts from the next round"
    return before + f"{v['name']} ({v['id']}) {where}." + _started(state)


def apply_advance_phase(state, params, ctx):
    if state["phase"] == "narrative":
        title = state["narrative"]["title"]
        lines = close_step(state)
        nxt = f" Next: {state['narrative']['title']}." if state["phase"] == "narrative" else " On to the combat setup."
        return f"{title}: done. " + " ".join(lines) + nxt
    if ctx.quiet:
        return _advance(state)
    phase = state["phase"]
    if phase == "combat_setup":
        begin_combat(state)
        return "The combat begins with the row as placed." + _started(state)
    if phase == "preparation":
        begin_hero_turns(state)
        if state["phase"] == "hero_actions":
            return f"Round {state['round']}: {name_of(state, state['active_player'])}'s hero turn."
        return "No hero can take a turn."
    if phase == "hero_actions":
        state["phase"] = "hero_end"
        return f"{name_of(state, state['active_player'])}: end of turn."
    if phase == "hero_end":
        who = name_of(state, state["active_player"])
        end_hero_turn(state)
        if state["phase"] == "hero_actions":
            return f"{who} is done; {name_of(state, state['active_player'])}'s hero turn."
        return f"{who} is done; the villains act."
    if phase == "opponent_turns":
        state["phase"] = "time_effects"
        state["opponent_turn"] = None
        return "Time effects."
    end_round(state)
    return f"Round {state['round']}: {name_of(state, state['starting_player'])} holds the Starting Hero token."


def _advance(state) -> None:
    """The step moved on, as apply_advance_phase does it, without its log line (replay)."""
    phase = state["phase"]
    if phase == "combat_setup":
        begin_combat(state)
    elif phase == "preparation":
        begin_hero_turns(state)
    elif phase == "hero_actions":
        state["phase"] = "hero_end"
    elif phase == "hero_end":
        end_hero_turn(state)
    elif phase == "opponent_turns":
        state["phase"] = "time_effects"
        state["opponent_turn"] = None
    else:
        end_round(state)


def apply_remove_time_counter(state, params, ctx):
    state["time_removed_this_round"] = True
    if state["time_counters"] > 0:
        state["time_counters"] -= 1
    left = state["time_counters"]
    effect = state["time_effects"].get(str(left))
    check_end(state)
    if ctx.quiet:
        return None
    text = f"Time counter removed: {left} left."
    if effect:
        text += f" Effect at {left}: {effect}"
        ctx.notes.append(f"Time scale at {left}: {effect}")
    if state["combat_result"]:
        text += f" {state['combat_result']['result'].capitalize()}: {state['combat_result']['reason']}."
    return text


def apply_set_time_effect(state, params, ctx):
    n, effect = params["counters"], " ".join(params["effect"].split())
    state["time_effects"][str(n)] = effect
    return f"Time scale at {n}: {effect}"


COUNTERS = ("doom", "time", "story")


def apply_adjust_counter(state, params, ctx):
    counter, amount = params["counter"], params["amount"]
    if counter == "doom":
        state["doom_counters"] = max(0, state["doom_counters"] + amount)
        value = state["doom_counters"]
    elif counter == "time":
        state["time_counters"] = max(0, state["time_counters"] + amount)
        value = state["time_counters"]
    else:
        card = next((c for c in state["story_cards"] if c["name"] == params["card"]), None)
        if card is None:
            # a card the table brought in: tokens only, no hero action the app knows of
            card = {"name": params["card"], "tokens": 0, "skills": [], "per_turn": None, "on_success": None,
                    "unlocks": None}
            state["story_cards"].append(card)
        card["tokens"] = max(0, card["tokens"] + amount)
        value = card["tokens"]
    check_end(state)
    where = f" on {params['card']}" if counter == "story" else ""
    return f"{counter.capitalize()} counters{where}: {value}."


def apply_end_combat(state, params, ctx):
    reason = params.get("reason") or "declared by the table"
    end_combat(state, params["result"], reason)
    return f"Combat over: {params['result']} ({reason})."


ROUND_ACTIONS = (
    ActionSpec("setup_combat", "Set up the combat",
               obj(("time_counters",), time_counters=integer(0, 30, "counters on the time scale at the start", title="Time counters"),
                   villains=VILLAINS, time_effects=TIME_EFFECTS,
                   threat_value=integer(1, 200, "the combat's threat value, when its instructions give it", title="Threat value")),
               apply_setup_combat,
               rules=("aventuria.R131", "aventuria.R67", "aventuria.R68", "aventuria.R69", "aventuria.R117"),
               phases=SETUP, phase_rule="aventuria.R70", modes=MODES, seat_params=()),
    ActionSpec("place_henchman", "Place a villain in the row",
               obj(("name", "life_points"), **VILLAIN_FIELDS), apply_place_henchman,
               rules=("aventuria.R67", "aventuria.R68", "aventuria.R69", "aventuria.R117"),
               phases=PLACING, phase_rule="aventuria.R70", modes=MODES, seat_params=()),
    ActionSpec("advance_phase", "Next step", obj((), player=seat(title="Who moves on")), apply_advance_phase,
               rules=("aventuria.R128", "aventuria.R67", "aventuria.R70", "aventuria.R13", "aventuria.H2", "aventuria.R80",
                      "aventuria.R88"),
               phases=ADVANCING, phase_rule="aventuria.R70", modes=MODES),
    ActionSpec("remove_time_counter", "Remove a time counter", obj(()), apply_remove_time_counter,
               rules=("aventuria.R88",), phases=frozenset({"time_effects"}), phase_rule="aventuria.R70", modes=MODES),
    ActionSpec("set_time_effect", "Note a time scale effect",
               obj(("counters", "effect"), counters=integer(0, 30, "the number of counters left it is printed at", title="At"),
                   effect=string(200, "what the time scale card says happens then", title="Effect")),
               apply_set_time_effect, phases=PLACING, phase_rule="aventuria.R70", modes=MODES, seat_params=()),
    ActionSpec("adjust_counter", "Change a counter (card effect)",
               obj(("counter", "amount"), counter=enum(*COUNTERS, title="Counter"), amount=integer(-30, 30, title="By"),
                   card=string(60, "the story card whose tokens change", title="Story card")),
               apply_adjust_counter, phases=ROUND, phase_rule="aventuria.R70", modes=MODES, seat_params=()),
    ActionSpec("end_combat", "End the combat",
               obj(("result",), result=enum("victory", "defeat", title="Result"),
                   reason=string(120, "what ended it (a story card, the time scale)", title="Why")),
               apply_end_combat, rules=("aventuria.R115", "aventuria.R116"), phases=ROUND, phase_rule="aventuria.R70", modes=MODES),
)
