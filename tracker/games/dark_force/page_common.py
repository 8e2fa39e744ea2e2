"""The few small readers every part of the Dark Force page shares (seat names, action params, the combat
queue, a unit's public line and label); they live in a module of their own so that page_combat.py and page_plays.py can use
them without importing page.py, which imports both.
"""
from __future__ import annotations

import json

from tracker.engine.kit import seats

_name = seats.name_of

STEPS = (
    ("setup", "Roll for first"),
    ("start", "Start: draws"),
    ("play_terrains", "Play terrains"),
    ("declare_moves", "Declare moves"),
    ("execute_moves", "Execute moves"),
    ("movement_end", "Movement end"),
    ("combat", "Combat"),
    ("discard", "Discard"),
)
STEP_TITLES = dict(STEPS)


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


def public(u) -> bool:
    """Whether a unit's name is known to both players: face up, a hero shown when played (R22), or summoned."""
    return u.get("face") == "up" or bool(u.get("revealed")) or u.get("kind") == "summoned"


def _order(uid) -> tuple:
    return (len(str(uid)), str(uid))  # ids count up as cards are played: "u9" before "u10"


def _place(state, u) -> str:
    if u.get("terrain") is not None:
        t = next((t for t in state.get("terrains") or [] if t.get("id") == u.get("terrain")), None)
        return f"in {t.get('name')}" if t else ""
    place = u.get("place") or {}
    if place.get("ship"):
        ship = (state.get("ships") or {}).get(place["ship"]) or {}
        return f"on {ship.get('name')}" if ship.get("name") else "aboard a ship"
    return "in the combat" if place.get("combat") else ""


def unit_label(state, u, whose=False, where=None) -> str:
    """A unit as the page names it. Once shown, by its name (with its controller, and where it is if `where`);
    face down, by what both players see: whose card it is, its kind (announced when it was played) and where it
    lies (unless `where` is False), numbered in the order it was played when that player has more such cards
    there. The page is shared by both players, so the name of a face-down card never reaches it, and ids mean
    nothing to a player."""
    owner = _name(state, u.get("controller"))
    place = _place(state, u)
    if public(u):
        text = u.get("name") or (u.get("kind") or "unit")
        if whose and owner:
            text += f" ({owner})"
        return f"{text} {place}" if where and place else text
    alike = sorted((x.get("id") for x in (state.get("units") or {}).values() if isinstance(x, dict) and not public(x)
                    and x.get("controller") == u.get("controller") and x.get("kind") == u.get("kind")
                    and _place(state, x) == place), key=_order)
    number = f" {alike.index(u.get('id')) + 1}" if len(alike) > 1 and u.get("id") in alike else ""
    text = f"{owner}'s face-down {u.get('kind') or 'card'}{number}"
    return f"{text} {place}" if place and where is not False else text
