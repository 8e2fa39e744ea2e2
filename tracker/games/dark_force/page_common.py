"""The few small readers every part of the Dark Force page shares (seat names, action params, the combat
queue, a unit's public line); they live in a module of their own so that page_combat.py and page_plays.py can use
them without importing page.py, which imports both.
"""
from __future__ import annotations

import json

from tracker.engine.kit import seats

_name = seats.name_of


def _p(**params) -> str:
    return json.dumps(params)


def _queued(state) -> set:
    out = set()
    for item in state.get("combat_queue") or []:
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, dict):
            out.add(item.get("terrain") or item.get("terrain_id") or item.get("id"))
    return out


def _unit_line(u) -> dict:
    v = u.get("values") or {}
    third = v.get("third")
    return {"id": u.get("id"), "name": u.get("name"), "kind": u.get("kind"), "controller": u.get("controller"),
            "owner": u.get("owner"), "cs": v.get("cs"), "cd": v.get("cd"), "third": third,
            "summoned": u.get("kind") == "summoned" or bool(u.get("summon_kind")),
            "abilities": u.get("abilities") or []}
