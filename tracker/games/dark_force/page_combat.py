"""The combat helper of the Dark Force page: the open land combat laid out for the phone, with the controls of
the step at hand. Rows, placing turns, missing rolls and retreats are read through combat_field, the same reading
the combat checks use, so the helper offers what the engine will accept; it is kept out of page.py because it is a
procedure of its own and the largest part of the page after the play forms.
"""
from __future__ import annotations

from tracker.engine.kit.presenter import stepper

from . import combat_field as cr
from .page_common import _name, _p, _unit_line, unit_label


# ------------------------------------------------------------------ combat helper

def _called(state, uid, stored=None) -> str:
    """A unit of the combat by its label; one destroyed since by the name the combat kept for it."""
    u = (state.get("units") or {}).get(uid)
    return unit_label(state, u) if isinstance(u, dict) else stored or "a destroyed unit"


def _grid(state, c, side) -> dict:
    """A side's two rows laid out by column (gaps kept), so opposite units line up."""
    rows = {}
    field = c.get("battlefield") or []
    mine = field[side] if isinstance(field, list) and side < len(field) else {}
    cols = [slot.get("column") for r in ("front", "back") for slot in mine.get(r, []) if isinstance(slot, dict)]
    for r in ("front", "back"):
        by_col = {slot.get("column"): slot.get("unit") for slot in mine.get(r, []) if isinstance(slot, dict)}
        rows[r] = by_col
    return {"rows": rows, "cols": cols}


def _slot(state, c, uid) -> dict:
    u = (state.get("units") or {}).get(uid)
    if not u:
        return {"empty": True}
    line = _unit_line(u)
    line["retreat"] = uid in (c.get("retreat") or [])
    line["roll"] = ((c.get("rolls") or {}).get("ranged" if c.get("step") == "ranged" else "melee") or {}).get(uid)
    return line


def _combat(state) -> dict | None:
    """The open land combat (combat.py): both sides' rows by column, whose placement, and the controls of
    the step at hand, built from combat_rules' reading of the battlefield."""
    c = state.get("combat")
    if not isinstance(c, dict) or "stacks" not in c:
        return None
    a, d = c.get("attacker"), c.get("defender")
    step = c.get("step")
    grids = {s: _grid(state, c, s) for s in (0, 1)}
    all_cols = sorted({col for g in grids.values() for col in g["cols"] if isinstance(col, int)})
    sides = []
    for seat in (d, a):
        g = grids[seat]
        rows = [{"name": r, "slots": [_slot(state, c, g["rows"][r].get(col)) if col in g["rows"][r] else {"empty": True}
                                      for col in all_cols]} for r in ("front", "back")]
        if seat == a:
            rows.reverse()  # the attacker's front row faces the defender's: back, front | front, back
        waiting = cr.unplaced(state, c, seat)
        sides.append({"seat": seat, "name": _name(state, seat), "role": "defender" if seat == d else "attacker",
                      "rows": rows, "waiting": len(waiting)})
    placing = c.get("placing") or None
    out = {
        "c": c, "sides": sides, "cols": all_cols, "terrain": next(
            (t for t in state.get("terrains", []) if t.get("id") == c.get("terrain")), None),
        "step": step, "step_title": (step or "").replace("_", " "),
        "steps": stepper(((x, x.replace("_", " ")) for x in cr.STEPS), cr.STEPS.index(step) if step in cr.STEPS else -1),
        "placing": placing.get("side") if placing else None,
        "placing_name": _name(state, placing.get("side")) if placing else None,
        "placing_left": placing.get("left") if placing else None,
        "attacker_name": _name(state, a), "defender_name": _name(state, d),
        "results": [{**r, "unit_name": _called(state, r.get("unit"), r.get("unit_name")),
                     "target_name": _called(state, r.get("target"), r.get("target_name"))} for r in c.get("results") or []],
        "attacks": [{**x, "unit_name": _called(state, x.get("unit")), "target_name": _called(state, x.get("target"))}
                    for x in c.get("attacks") or [] if x.get("kind") == {"close_combat": "close"}.get(step, step)
                    or (step == "close_combat" and x.get("kind") == "flank")],
        "over": cr.combat_over(state, c), "a": a, "d": d,
    }
    out["controls"] = _combat_controls(state, c, a, d, step, placing)
    return out


def _placed(state, c, side) -> list[tuple[str, str]]:
    return [(x, f"{_called(state, x)} ({row} {col})") for _, row, col, x in cr.spots(state, c, side)]


def _combat_controls(state, c, a, d, step, placing) -> dict:
    ctl: dict = {}
    if step == "distribute":
        t = c.get("terrain")
        ctl["distribute"] = {
            "player": a, "units": [(u["id"], unit_label(state, u)) for u in (state.get("units") or {}).values()
                                   if u.get("terrain") == t and u.get("controller") == a
                                   and (c.get("excess") or {}).get(u.get("kind"))],
            "to": [(t2["id"], t2["name"]) for t2 in cr.own_refuges(state, c, a)]}
        return ctl
    summoned = cr.pending_summoned(state, c)
    if summoned or (step == "place_units" and placing):
        side = placing["side"] if placing and not summoned else (state["units"][summoned[0]]["controller"])
        slots = cr.free_neighbour_slots(state, c, side)
        first = slots[0] if slots else ("front", c.get("first_column") or 0)
        ctl["place"] = {"player": side, "name": _name(state, side),
                        "units": [(x, _called(state, x)) for x in (summoned or cr.unplaced(state, c, side))],
                        "row": first[0], "column": first[1],
                        "free": ", ".join(f"{r} {col}" for r, col in slots)}
        return ctl
    if cr.combat_over(state, c):
        return ctl  # the "now" buttons end it
    declared = c.get("retreat_declared") or []
    if step == "announce_retreat" and not (a in declared and d in declared):
        side = a if a not in declared else d
        ctl["retreat"] = {"player": side, "name": _name(state, side), "none": _p(player=side, units=[]),
                          "units": [(x, _called(state, x)) for _, _, _, x in cr.spots(state, c, side)
                                    if state["units"][x]["kind"] in ("hero", "army")]}
    elif step in cr.ATTACK_STEPS and step not in (c.get("resolved") or []):
        kind = {"ranged": "declare_ranged", "flying": "declare_flying", "close_combat": "declare_close"}[step]
        if not (c.get("rolls") or {}).get(cr.bucket(step)):
            # only the units that have a choice to declare: shooters (R71), flyers (R72), a front-row unit
            # between two diagonal enemies with none opposite (R73), flank attackers (R74)
            def can(x):
                if step == "close_combat":
                    return len(cr.diagonal_enemies(state, c, x)) == 2 and not cr.opposite_enemy(state, c, x)
                return step in (state["units"][x].get("abilities") or [])
            ctl["declare"] = [{"action": kind, "player": s, "name": _name(state, s),
                               "units": [(x, n) for x, n in _placed(state, c, s) if can(x)],
                               "targets": _placed(state, c, 1 - s)} for s in (d, a)]
            if step == "close_combat":
                ctl["declare"] += [{"action": "declare_flank", "player": s, "name": _name(state, s),
                                    "units": [(x, n) for x, n in _placed(state, c, s)
                                              if "flank" in (state["units"][x].get("abilities") or [])],
                                    "targets": _placed(state, c, 1 - s)} for s in (d, a)]
            ctl["declare"] = [f for f in ctl["declare"] if f["units"]]
        ctl["pairs"] = _pairs(state, c, step)
    return ctl


def _die(state, c, step, uid) -> dict:
    """One unit's die in an attack step: its roll once entered, else a pad of the d6's faces (or, while its
    CS or CD is unknown, a form that takes them with the roll)."""
    u = state["units"][uid]
    v = u.get("values") or {}
    return {"unit": uid, "name": unit_label(state, u), "player": u["controller"],
            "roll": ((c.get("rolls") or {}).get(cr.bucket(step)) or {}).get(uid),
            "need": [k for k in ("cs", "cd") if not isinstance(v.get(k), int)],
            "buttons": [(n, _p(player=u["controller"], unit=uid, roll=n)) for n in range(1, 7)]}


def _pairs(state, c, step) -> list[dict]:
    """The step's pairings, each with both units' dice: the table enters a pairing's two rolls side by side.
    Two units attacking each other are one pairing ("mutual"); a unit in another pairing too has its one die
    (R76) at its first, and a pairing whose dice are both above is left out."""
    pairs, _ = cr.pairings(state, c, step)
    live = [p for p in pairs if cr.unit(state, p["unit"]) and cr.unit(state, p["target"])]
    both = {(p["unit"], p["target"]) for p in live}
    out, seen, shown = [], set(), set()
    for p in live:
        key = frozenset((p["unit"], p["target"]))
        if key in shown:
            continue
        shown.add(key)
        dice = [_die(state, c, step, x) for x in (p["unit"], p["target"])]
        for d in dice:
            d["again"] = d["unit"] in seen
            seen.add(d["unit"])
        if all(d["again"] for d in dice):
            continue
        mutual = (p["target"], p["unit"]) in both
        out.append({"kind": "mutual" if mutual else p.get("kind"), "dice": dice})
    return out
