"""Params that name what the state holds (a 400 otherwise): a location must be one of this
scenario's, a check's die must be one the tracker can settle (given, or known of the character), and a
new campaign character's hand size must be given where the rulebook doesn't give it."""
from __future__ import annotations

from . import skills
from .data import character, missing_hand_size


def param_errors(state, action_type, params) -> dict:
    if state.get("mode") == "campaign" and action_type == "create_character":
        return _new_character_errors(params)
    if state.get("mode") != "scenario":
        return {}
    if action_type == "set_skills":
        p = state["players"][params["player"]]
        data = character(p["character"]) or {}
        problems = skills.character_skills(data.get("skills"), data.get("lacks"), params["skills"])[3]
        return {"params.skills": problems} if problems else {}
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


def _new_character_errors(params) -> dict:
    name = params.get("character")
    if params.get("from_retired") or params.get("hand_size") is not None or not isinstance(name, str) \
            or not name.strip():
        return {}  # a retired sheet keeps its hand size; a missing name is the rules' refusal
    data = character(name)
    if data is not None and "hand_size" in data:
        return {}
    return {"params.hand_size": [missing_hand_size(data["name"] if data else name.strip())]}
