"""The action table: what a player records, each a small function from the state and its params."""
from __future__ import annotations

from tracker.engine import ActionSpec, actions_table
from tracker.engine.kit.seats import name_of
from tracker.engine.schema import integer, obj, seat

from .state import PHASES, pass_turn


def apply_score(state, params, ctx):
    p = state["players"][params["player"]]
    p["points"] += params["amount"]
    return f"{p['name']} scores {params['amount']} ({p['points']})."


def apply_lose_points(state, params, ctx):
    p = state["players"][params["target"]]
    p["points"] -= params["amount"]
    return f"{p['name']} loses {params['amount']} ({p['points']})."


def apply_advance_phase(state, params, ctx):
    if state["phase"] == "score":
        state["phase"] = "end_of_turn"
        return f"{name_of(state, params['player'])}: end of turn."
    pass_turn(state)
    return f"{name_of(state, state['active_player'])}'s turn."


ACTIONS = actions_table(
    ActionSpec("score", "Score points", obj(("player", "amount"), player=seat(title="Player"), amount=integer(1, 9, title="Points")),
               apply_score, rules=("template.R1",), phases=frozenset({"score"})),
    ActionSpec("advance_phase", "Next phase", obj(("player",), player=seat()), apply_advance_phase,
               rules=("template.R1",), phases=frozenset(PHASES)),
    # a card took points away: in any phase, from anyone (the H1 invariant refuses going below zero)
    ActionSpec("lose_points", "Lose points", obj(("target", "amount"), target=seat(title="Who loses them"), amount=integer(1, 99, title="Points")),
               apply_lose_points),
)
