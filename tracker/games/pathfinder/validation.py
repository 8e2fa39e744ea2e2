"""Params that name what the state holds: a location must be one of this scenario's (a 400 otherwise)."""
from __future__ import annotations


def param_errors(state, action_type, params) -> dict:
    if state.get("mode") != "scenario":
        return {}
    names = [loc["name"] for loc in state["locations"]]
    name = params.get("location")
    if not isinstance(name, str):
        return {}
    if action_type == "add_new_location":
        if name in names:
            return {"params.location": [f"{name} is already a location of this scenario"]}
        return {}
    if name not in names:
        return {"params.location": [f"no location named {name!r}; this scenario has {', '.join(names)}"]}
    return {}
