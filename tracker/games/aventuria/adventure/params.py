"""Params that name what the state must hold: a villain in the row, a story card's name. A 400, like
a seat that does not exist."""
from __future__ import annotations

from .combat import villain


def param_errors(state: dict, action_type: str, params: dict) -> dict:
    errors: dict[str, list[str]] = {}
    vid = params.get("villain")
    if vid is not None and villain(state, vid) is None:
        ids = ", ".join(v["id"] for v in state.get("villains", [])) or "none yet"
        errors["params.villain"] = [f"no villain {vid!r} in this combat; the row has {ids}"]
    if action_type == "adjust_counter" and params.get("counter") == "story" and not params.get("card"):
        errors["params.card"] = ["name the story card whose tokens change"]
    return errors
