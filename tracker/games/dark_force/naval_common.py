"""Captain's Pack: what naval.py and naval_combat.py share -- state changes to ships, and the action specs.

Launched ships sit in `state["ships"]` and in their terrain's `ships` list; a sunk ship takes its cargo with it.
"""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import seat, string

from .naval_rules import terr
from .state import remove_unit, to_borons_halls

ID = string(20, "an id in play")
IDS = {"type": "array", "items": ID, "minItems": 1, "maxItems": 20}
P = seat()


# ------------------------------------------------------------------ helpers that change the state

def _place(state, s, tid) -> None:
    old = terr(state, s["terrain"])
    if old is not None and s["id"] in old.get("ships", []):
        old["ships"].remove(s["id"])
    s["terrain"] = tid
    new = terr(state, tid)
    if new is not None and s["id"] not in new.setdefault("ships", []):
        new["ships"].append(s["id"])


def _tidy_fleets(state) -> None:
    fleets = state.get("fleets") or {}
    for fid in list(fleets):
        members = [s for s in state.get("ships", {}).values() if s.get("fleet") == fid]
        if len(members) < 2:
            for s in members:
                s["fleet"] = None
            del fleets[fid]


def _drop_capture(state, sid) -> None:
    state["ledger"] = [e for e in state["ledger"] if not (e.get("reason") == "captured_ship" and e.get("ship") == sid)]


def _destroy_aboard(state, s, uid) -> str:
    """A card aboard is destroyed: units to their owner's Boron's Halls, equipment and summoned ones discarded."""
    u = state["units"].get(uid)
    if uid in s["cargo"]:
        s["cargo"].remove(uid)
    if u is None:
        return ""
    if u["kind"] in ("army", "creature", "hero"):
        third = u["values"].get("third")
        to_borons_halls(state, u["owner"], u["name"], u["kind"], third if third is not None else 0)
        where = "Boron's Halls"
    else:
        state["players"][u["owner"]]["discard_count"] += 1
        where = "the discard pile"
    remove_unit(state, uid)
    s["cargo"] = [c for c in s["cargo"] if c in state["units"]]
    return f"{u['name']} goes to {where}"


def _remove_ship(state, s) -> list[str]:
    """Sunk or discarded: everything aboard is destroyed, the ship card goes to its owner's discard pile (R114)."""
    gone = [_destroy_aboard(state, s, uid) for uid in list(s["cargo"])]
    state["players"][s["owner"]]["discard_count"] += 1
    _place(state, s, None)
    del state["ships"][s["id"]]
    _drop_capture(state, s["id"])
    _tidy_fleets(state)
    return [g for g in gone if g]


def _hazard_notes(state, tids, seat) -> list[str]:
    out = []
    for tid in tids:
        t = terr(state, tid)
        for h in list((t or {}).get("hazards") or []):
            if h.get("controller", h.get("owner")) != seat:
                out.append(f"an ocean hazard under {t['name']} is triggered (reveal and resolve it)")
                if h.get("kind") == "event":  # an event is spent once it takes effect
                    t["hazards"].remove(h)
                    state["players"][h["owner"]]["discard_count"] += 1
    return out


# ------------------------------------------------------------------ the action specs

def _spec(type_, title, params, apply, rules, phases, phase_rule="dark-force.H44"):
    return ActionSpec(type_, title, params, apply, rules=("dark-force.H40", *rules), phases=phases,
                      phase_rule=phase_rule)
