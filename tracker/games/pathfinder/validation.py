"""Params that name what the state holds (a 400 otherwise): a location must be one of this
scenario's, and a check's die must be one the tracker can settle (given, or known of the character)."""
from __future__ import annotations

from . import skills


def param_errors(state, action_type, params) -> dict:
    if state.get("mode") != "scenario":
        return {}
    if action_type in ("declare_check", "choose_skill"):
        return _die_errors(state, action_type, params)
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


def _die_errors(state, action_type, params) -> dict:
    if action_type == "declare_check":
        seat = params["player"]
        choice = skills.declared(state["players"][seat], params)
    else:
        check = state.get("check")
        if not check:
            return {}  # no open check: the rules say so (H4)
        seat = check["character"]
        choice = skills.choose(state["players"][seat], {**params, "skill_used": params["skill"]}, check["combat"],
                               skills.listed(check))
    why = skills.missing_die(state, choice, seat)
    return {"params.die": [why]} if why else {}
