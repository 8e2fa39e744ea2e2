"""Params that name what the state must hold: a villain in the row, a story card's name. A 400, like
a seat that does not exist."""
from __future__ import annotations

from .combat import villain
from .narrative import skill_value

HERO_KINDS = {"fate", "discard_fate", "lose_life", "hand", "damage_point", "reward_card", "amulet"}


def param_errors(state: dict, action_type: str, params: dict) -> dict:
    errors: dict[str, list[str]] = {}
    vid = params.get("villain")
    if vid is not None and villain(state, vid) is None:
        ids = ", ".join(v["id"] for v in state.get("villains", [])) or "none yet"
        errors["params.villain"] = [f"no villain {vid!r} in this combat; the row has {ids}"]
    if action_type == "adjust_counter" and params.get("counter") == "story" and not params.get("card"):
        errors["params.card"] = ["name the story card whose tokens change"]
    errors.update(_test_errors(state, action_type, params))
    return errors


def _test_errors(state: dict, action_type: str, params: dict) -> dict:
    """A test needs the hero's skill value: from their skills on record, else typed."""
    seat = params.get("player")
    if action_type == "narrative_effect":
        kind = params.get("kind")
        if kind in HERO_KINDS and seat is None:
            return {"params.player": ["name the hero this effect is for"]}
        if kind in ("reward_card", "set_aside") and not params.get("card"):
            return {"params.card": ["name the card"]}
        return {}
    if action_type not in ("narrative_skill_test", "hero_action") or not isinstance(seat, int):
        return {}
    n = state.get("narrative") or {}
    skill = params.get("skill") or (n.get("skill") if action_type == "narrative_skill_test" else None)
    if skill is None:
        return {"params.skill": ["name the skill this test is for"]}
    if skill_value(state, seat, skill, params.get("value")) is None:
        name = state["players"][seat]["name"]
        return {"params.value": [f"{name} has no {skill.replace('_', ' ')} value on record: give it"]}
    return {}
