"""Land combat, part 1: the battlefield, the values that count, and the pairings of each attack step.

`state["combat"]` (None outside a combat) holds: the contested `terrain`, `attacker`/`defender`
seats, `round`, `step` (STEPS, then "distribute" while excess units leave a conquered terrain),
`stacks` (per seat: every card that came out of the terrain into this combat, i.e. the combat
hands), `battlefield` (per seat: {"front": [...], "back": [...]} of {"column", "unit"} slots),
`placing` ({"side", "left", "batch"} or None once everyone has placed), `first_column` (the
defender's first unit this round), `retreat` / `retreat_declared`, `cast` / `shot` (R69),
`attacks` (declared {"unit", "target", "kind", "side"}), `support` (hero -> army), `rolls`
({"ranged": {unit: d6}, "melee": {unit: d6}}), `attacked` (units that used their one attack in
the flying step), `resolved` (steps resolved this round), `used_equipment`, `results` (the last
resolution's totals) and `excess`.
"""
from __future__ import annotations

from .state import adjacent_terrains, terrain, units_at

STEPS = ("place_units", "announce_retreat", "cast_spells", "ranged", "flying", "close_combat", "retreat",
         "reorganize")
ATTACK_STEPS = ("ranged", "flying", "close_combat")
SUPPORT_STEPS = ("cast_spells", "ranged", "flying", "close_combat")
ROWS = ("front", "back")


# ------------------------------------------------------------------ reading the battlefield

def cmb(state):
    c = state.get("combat")
    return c if isinstance(c, dict) and "stacks" in c else None


def unit(state, uid):
    return state["units"].get(uid) if isinstance(uid, str) else None


def uname(state, uid) -> str:
    u = unit(state, uid)
    return u["name"] if u else str(uid)


def queue_ids(state) -> list:
    return [q.get("terrain") if isinstance(q, dict) else q for q in state.get("combat_queue") or []]


def side_of(c, uid):
    return next((s for s in (0, 1) if uid in c["stacks"][s]), None)


def fighters(state, c, side) -> list:
    return [x for x in c["stacks"][side] if unit(state, x) and unit(state, x)["kind"] != "equipment"]


def spots(state, c, side=None):
    for s in (0, 1) if side is None else (side,):
        for row in ROWS:
            for slot in c["battlefield"][s][row]:
                if unit(state, slot["unit"]):
                    yield s, row, slot["column"], slot["unit"]


def pos(state, c, uid):
    return next(((s, row, col) for s, row, col, x in spots(state, c) if x == uid), None)


def at(state, c, side, row, col):
    return next((x for s, r, cl, x in spots(state, c, side) if r == row and cl == col), None)


def unplaced(state, c, side) -> list:
    return [x for x in fighters(state, c, side) if pos(state, c, x) is None]


def pending_summoned(state, c) -> list:
    """Summoned creatures called up for this combat that still wait to be put on the battlefield (R110)."""
    return [u["id"] for u in state["units"].values() if u["kind"] == "summoned"
            and u["controller"] in (0, 1) and side_of(c, u["id"]) is None
            and ((u.get("place") or {}).get("combat") or u.get("terrain") == c["terrain"])]


def opposite_enemy(state, c, uid):
    p = pos(state, c, uid)
    if not p or p[1] != "front":
        return None
    return at(state, c, 1 - p[0], "front", p[2])


def diagonal_enemies(state, c, uid) -> list:
    p = pos(state, c, uid)
    if not p or p[1] != "front":
        return []
    return [x for x in (at(state, c, 1 - p[0], "front", p[2] + d) for d in (-1, 1)) if x]


def free_neighbour_slots(state, c, side) -> list:
    """Empty slots touching one of the side's units along an edge (E10), back row only behind a front."""
    taken = {(r, cl) for _, r, cl, _ in spots(state, c, side)}
    out = []
    for _, row, col, _ in spots(state, c, side):
        for cell in ((row, col - 1), (row, col + 1), ("back" if row == "front" else "front", col)):
            if cell not in taken and cell not in out:
                out.append(cell)
    return out


# ------------------------------------------------------------------ values

def usable_cs(u) -> bool:
    v = u["values"]
    return isinstance(v.get("cs"), int) and not v.get("cs_defence_only")


def equipment_of(state, uid) -> list:
    return [e for e in state["units"].values() if e["kind"] == "equipment" and e.get("equipped_to") == uid]


def _mod(state, u, key) -> int:
    total = sum(int((e.get("mods") or {}).get(key) or 0) for e in equipment_of(state, u["id"]))
    return total + int((u.get("temp_mods") or {}).get(key) or 0)


def terrain_cs(state, c) -> int:
    t = terrain(state, c["terrain"])
    if not t:
        return 0
    return int(t["values"].get("cs") or 0) + sum(int(x.get("cs") or 0) for x in t.get("expansions", []))


def attack_value(state, uid):
    u = unit(state, uid)
    cs = u["values"].get("cs")
    return None if not isinstance(cs, int) else cs + _mod(state, u, "cs")


def defence_value(state, c, uid, ranged: bool):
    u = unit(state, uid)
    cd = u["values"].get("cd")
    if not isinstance(cd, int):
        return None
    bonus = terrain_cs(state, c) if u["controller"] == c["defender"] else 0
    if ranged and not state["rules"].get("ranged_terrain_bonus", True):
        bonus = 0
    return cd + _mod(state, u, "cd") + bonus


def support_bonus(state, c, army) -> int:
    for hero, target in c["support"].items():
        h, p, q = unit(state, hero), pos(state, c, hero), pos(state, c, army)
        if target != army or not h or not p or not q or p[1] != "back" or (p[0], p[2]) != (q[0], q[2]):
            continue
        if any(a["target"] == hero and a["kind"] in ("flying", "flank") for a in c["attacks"]):
            continue  # a hero under a flank or flying attack cannot support (R75, E36)
        cs = h["values"].get("cs")
        return cs if isinstance(cs, int) else 0
    return 0


def retreating_front(state, c, uid) -> bool:
    p = pos(state, c, uid)
    return uid in c["retreat"] and bool(p) and p[1] == "front"


def can_strike(state, c, uid) -> bool:
    u = unit(state, uid)
    return bool(u) and usable_cs(u) and not retreating_front(state, c, uid)


# ------------------------------------------------------------------ pairings of an attack step

def pairings(state, c, step):
    """(pairs, problems): who attacks whom in this step; problems name choices still to be made."""
    live = [a for a in c["attacks"] if pos(state, c, a["unit"]) and pos(state, c, a["target"])]
    pairs, problems = [], []
    if step == "ranged":
        return [dict(a) for a in live if a["kind"] == "ranged"], []
    if step == "flying":
        flyers = [a for a in live if a["kind"] == "flying"]
        used = {a["unit"] for a in flyers}
        pairs = [dict(a) for a in flyers]
        for a in flyers:  # the target strikes back once, unless its attack belongs to the enemy opposite (H26)
            t = a["target"]
            if t not in used and can_strike(state, c, t) and not opposite_enemy(state, c, t):
                pairs.append({"unit": t, "target": a["unit"], "kind": "strike_back", "side": 1 - a["side"]})
                used.add(t)
        return pairs, []
    if step != "close_combat":
        return [], []
    used = set(c["attacked"])
    flanks = [a for a in live if a["kind"] == "flank" and a["unit"] not in used]
    for a in flanks:
        pairs.append(dict(a))
        used.add(a["unit"])
    for a in flanks:
        t = a["target"]
        if t not in used and can_strike(state, c, t):
            pairs.append({"unit": t, "target": a["unit"], "kind": "strike_back", "side": 1 - a["side"]})
            used.add(t)
    chosen = {a["unit"]: a["target"] for a in live if a["kind"] == "close"}
    for s, row, col, uid in sorted(spots(state, c), key=lambda x: (x[0], x[2])):
        if row != "front" or uid in used or not can_strike(state, c, uid):
            continue
        opp = opposite_enemy(state, c, uid)
        diags = diagonal_enemies(state, c, uid)
        if opp:
            pairs.append({"unit": uid, "target": opp, "kind": "close", "side": s})
        elif chosen.get(uid) in diags:
            pairs.append({"unit": uid, "target": chosen[uid], "kind": "diagonal", "side": s})
        elif diags and not {"ranged", "flank"} & set(unit(state, uid).get("abilities") or []):
            if len(diags) == 1:
                pairs.append({"unit": uid, "target": diags[0], "kind": "diagonal", "side": s})
            else:
                problems.append(f"{uname(state, uid)} must choose which diagonal enemy to attack.")
    return pairs, problems


def bucket(step) -> str:
    return "ranged" if step == "ranged" else "melee"


def missing_rolls(state, c, step) -> list:
    pairs, _ = pairings(state, c, step)
    rolls = c["rolls"][bucket(step)]
    out = []
    for p in pairs:
        for x in (p["unit"], p["target"]):
            if x not in rolls and x not in out:
                out.append(x)
    return out


def combat_over(state, c) -> bool:
    return any(not fighters(state, c, s) for s in (0, 1))


def uncontested_for(state, t, side) -> bool:
    return t["id"] not in queue_ids(state) and all(u["controller"] == side for u in units_at(state, t["id"]))


def own_refuges(state, c, side) -> list:
    """Adjacent, uncontested land terrains the side controls (R78, R79)."""
    t = terrain(state, c["terrain"])
    return [n for n in adjacent_terrains(state, t) if n["controller"] == side and not (n.get("ocean") and not n.get("island"))
            and uncontested_for(state, n, side)] if t else []


def capacities(state, t):
    caps = sum(int(x.get("cap") or 0) for x in t.get("expansions", []))
    base = int(t["values"].get("cap") or 0)
    creatures = base + caps if state["rules"].get("creature_capacity") == "additive" else max(0, base - caps)
    return base + caps, creatures


def excess(state, c) -> dict:
    """What the attacker's units left in the terrain hold beyond its Capacity (R79)."""
    t = terrain(state, c["terrain"])
    mine = units_at(state, c["terrain"], controller=c["attacker"])
    army_cap, creature_cap = capacities(state, t)
    size = sum(u["values"].get("third") if isinstance(u["values"].get("third"), int) else 0
               for u in mine if u["kind"] == "army")
    creatures = sum(1 for u in mine if u["kind"] == "creature")
    return {"army": max(0, size - army_cap), "creature": max(0, creatures - creature_cap)}
