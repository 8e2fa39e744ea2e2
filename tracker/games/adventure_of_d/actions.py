"""The action table: the turn's actions and the keyword actions, and the params that name what the
state does not hold (a 400, like a missing seat)."""
from __future__ import annotations

from tracker.engine import actions_table

from .actions_keywords import KEYWORD_ACTIONS
from .actions_turn import TURN_ACTIONS
from .state import map_names

ACTIONS = actions_table(*TURN_ACTIONS, *KEYWORD_ACTIONS)
PLACES = ("to", "location")


def param_errors(state: dict, action_type: str, params: dict) -> dict:
    errors: dict = {}
    names = map_names(state)
    for key in PLACES:
        if key in params and params[key] not in names and action_type != "place_location":
            errors[f"params.{key}"] = [f"{params[key]!r} is not a location on this map"]
    seats = len(state["players"])
    for i, f in enumerate(params.get("followers") or ()):
        if not 0 <= f < seats:
            errors[f"params.followers.{i}"] = [f"no seat {f}: this session has seats 0 to {seats - 1}"]
    return errors
