"""Terrains, the map, recruiting, capacity and movement: the shared helpers and the rule checks (spec 5.B-5.E).

The actions that use these checks live in movement.py. Every check reads params with `.get` and
refuses unknown ids with a house rule, so fuzzed (schema-valid) params never crash a check.
"""
from __future__ import annotations

from .naval_rules import island_placement_problem
from .state import bh_value, name_of, neighbours, terrain, terrain_at, units_at

UNIT_KINDS = ("army", "creature", "hero", "summoned")  # what counts as a unit (equipment doesn't)
FOLLOWERS = ("army", "creature", "summoned")  # move only when led (R37, R42)
BO_CONFLICT = ("black_mage", "gray_mage", "druid", "witch", "warlock")  # never beside an own Blessed One (R24)
FIRST_CELL, MEET_CELL = [0, 0], [0, -1]  # the first terrain of the game; the cell across its upper edge (R15)


# ------------------------------------------------------------------ small helpers

def unit_of(state, uid) -> dict | None:
    return state["units"].get(uid) if isinstance(uid, str) else None


def third_of(state, unit) -> int | str:
    """A unit's third value (AS / Ctl / Ldr) with its equipment's modifiers; "#" stays "#"."""
    v = unit["values"].get("third")
    if v == "#":
        return "#"
    total = v if isinstance(v, int) else 0
    for item in state["units"].values():
        if item.get("equipped_to") == unit["id"]:
            total += (item.get("mods") or {}).get("third", 0) or 0
    return total


def army_cap(t) -> int:
    return t["values"].get("cap", 0) + sum(e.get("cap", 0) or 0 for e in t.get("expansions", []))


def creature_cap(state, t) -> int:
    """Note C / E5: expansions' Capacity modifiers reduce the creature (Essen: hero) limit, unless "additive"."""
    mods = sum(e.get("cap", 0) or 0 for e in t.get("expansions", []))
    if state["rules"].get("creature_capacity") == "additive":
        return max(0, t["values"].get("cap", 0) + mods)
    return max(0, t["values"].get("cap", 0) - mods)


def limit_problems(state, t, units) -> dict:
    """{rule id: message} for the limits `units` (one player's units in terrain `t`) break: R27, R28, R29."""
    out = {}
    size = sum(third_of(state, u) for u in units if u["kind"] == "army" and third_of(state, u) != "#")
    if size > army_cap(t):
        out["dark-force.R27"] = f"Army Size {size} exceeds the Capacity {army_cap(t)} of {t['name']}."
    creatures = sum(1 for u in units if u["kind"] == "creature")
    if creatures > creature_cap(state, t):
        out["dark-force.R28"] = f"Only {creature_cap(state, t)} creature(s) fit in {t['name']}."
    heroes = sum(1 for u in units if u["kind"] == "hero")
    if state["rules"].get("essen96") and heroes > creature_cap(state, t):
        out["dark-force.R29"] = f"At most {creature_cap(state, t)} hero(es) may stay in {t['name']}."
    return out


def own_units(state, tid, seat) -> list[dict]:
    return [u for u in units_at(state, tid, seat) if u["kind"] in UNIT_KINDS]


def enemy_units(state, tid, seat) -> list[dict]:
    return [u for u in state["units"].values() if u["terrain"] == tid and u["controller"] != seat
            and u["kind"] in UNIT_KINDS]


def queued(state) -> list:
    """Terrain ids waiting for a combat (entries may be ids or {"terrain": id, ...})."""
    return [q.get("terrain") if isinstance(q, dict) else q for q in state.get("combat_queue") or []]


def controls_terrain(state, seat) -> bool:
    return any(t["controller"] == seat for t in state["terrains"])


def is_plains(t) -> bool:
    kind = (t.get("type") or "").strip().lower()
    return kind.startswith("plain") or kind.startswith("road")


def same(a, b) -> bool:
    return isinstance(a, str) and isinstance(b, str) and a.strip().lower() == b.strip().lower()


def hand_needed(ctx_type, params) -> int:
    if ctx_type == "play_terrain":
        return 1 + (1 if params.get("unit") else 0) + (1 if params.get("expansion") else 0)
    return 1


# ------------------------------------------------------------------ the map (R15-R17, E2, E3)

def placement(state, seat) -> dict:
    """Where `seat` may put a new terrain: {"forced": cell|None, "pool": cells, "own": bool, "best": n, "legal": cells}."""
    ts = state["terrains"]
    if not ts:
        return {"forced": FIRST_CELL, "pool": [FIRST_CELL], "own": False, "best": 0, "legal": [FIRST_CELL],
                "reserved": None}
    first_owner = ts[0]["owner"]
    waiting = 1 - first_owner if not state["players"][1 - first_owner]["ever_had_terrain"] else None
    meet = [ts[0]["cell"][0] + MEET_CELL[0], ts[0]["cell"][1] + MEET_CELL[1]]
    open_meet = terrain_at(state, meet) is None
    if seat == waiting and open_meet:
        return {"forced": meet, "pool": [meet], "own": False, "best": 1, "legal": [meet], "reserved": None}
    taken = {tuple(t["cell"]) for t in ts}
    free = {tuple(c) for t in ts for c in neighbours(t["cell"])} - taken
    reserved = meet if waiting is not None and open_meet else None
    if reserved:
        free.discard(tuple(meet))  # kept for the other player's first terrain (upper edges meet)
    own = [c for c in free if any((n := terrain_at(state, x)) and n["controller"] == seat for x in neighbours(c))]
    pool = sorted(own or free)
    touch = {c: sum(1 for x in neighbours(c) if tuple(x) in taken) for c in pool}
    best = max(touch.values(), default=0)
    return {"forced": None, "pool": [list(c) for c in pool], "own": bool(own), "best": best,
            "legal": [list(c) for c in pool if touch[c] == best], "reserved": reserved}


def touching(state, cell) -> int:
    return sum(1 for c in neighbours(cell) if terrain_at(state, c) is not None)


def chosen_cell(state, params) -> list | None:
    cell = params.get("cell")
    if cell is None:
        legal = placement(state, params.get("player")).get("legal") or [None]
        kind = str(params.get("type") or "").strip().lower()
        if state["rules"].get("captains_pack"):  # prefer a cell an Island / mainland may take (R20)
            fits = [c for c in legal if c and not island_placement_problem(
                state, c, kind == "island", kind in ("island", "ocean"))]
            return (fits or legal)[0]
        return legal[0]
    return list(cell) if isinstance(cell, list) and len(cell) == 2 else None


# ------------------------------------------------------------------ the unit a play puts into a terrain

def play_target(state, params, ctx) -> tuple[dict | None, list[dict]]:
    """The terrain a recruit / terrain play puts its unit into (virtual for a new terrain), and the own units there."""
    if ctx.action_type == "play_terrain":
        exp = params.get("expansion")
        vals = params.get("values") or {}
        virtual = {"id": None, "name": params.get("name", "the new terrain"), "type": params.get("type"),
                   "controller": params.get("player"), "values": {"cs": vals.get("cs", 0), "ms": vals.get("ms", 0),
                                                                    "cap": vals.get("cap", 0)},
                   "expansions": [{"name": exp.get("name"), "cs": exp.get("cs", 0), "ms": exp.get("ms", 0),
                                   "cap": exp.get("cap", 0), "temple": exp.get("temple")}] if exp else []}
        return virtual, []
    t = terrain(state, params.get("terrain"))
    if t is None:
        return None, []
    return t, own_units(state, t["id"], params.get("player"))


def as_unit(spec: dict) -> dict:
    """A hypothetical unit from an action's unit param (enough for the limit checks)."""
    v = spec.get("values") or {}
    return {"id": None, "kind": spec.get("kind"), "values": {"third": v.get("third")}, "class": spec.get("class")}


# ------------------------------------------------------------------ checks: playing cards (R11-R31, R60, R108)

def check_r11(state, params, ctx):
    if state["active_player"] != params.get("player"):
        return f"Only {name_of(state, state['active_player'])} puts cards into play now (their movement phase)."


def check_r12(state, params, ctx):
    if not controls_terrain(state, params.get("player")):
        return "You need a terrain in play before you can play other cards."


def check_r13(state, params, ctx):
    if state.get("movement_step") != "play_terrains":
        return "New terrains are played first, before any move is declared."


def check_r14(state, params, ctx):
    if not params.get("unit"):
        return "A terrain is played together with a unit placed onto it."


def check_r15(state, params, ctx):
    cell = chosen_cell(state, params)
    plan = placement(state, params.get("player"))
    if plan["forced"] is not None and cell != plan["forced"]:
        if plan["forced"] == FIRST_CELL:
            return "The first terrain of the game goes at the centre of the map, cell [0, 0]."
        return f"Your first terrain meets the first terrain upper edge to upper edge: cell {plan['forced']}."
    if plan["forced"] is None and cell is not None and cell == plan["reserved"]:
        return "That cell is kept for the other player's first terrain (the upper edges meet there)."


def check_r16(state, params, ctx):
    plan = placement(state, params.get("player"))
    cell = chosen_cell(state, params)
    if plan["forced"] is None and plan["own"] and cell not in plan["pool"] and cell is not None \
            and terrain_at(state, cell) is None and cell != plan["reserved"]:
        return "Place the new terrain next to one of your own terrains."


def check_r17(state, params, ctx):
    plan = placement(state, params.get("player"))
    cell = chosen_cell(state, params)
    if plan["forced"] is not None or cell is None or terrain_at(state, cell) is not None or cell == plan["reserved"]:
        return None
    if plan["own"] and cell not in plan["pool"]:
        return None  # R16 speaks first (E3)
    if touching(state, cell) < plan["best"]:
        return f"Place the terrain where it touches the most terrains ({plan['best']} possible, this cell touches " \
               f"{touching(state, cell)})."


def check_r19(state, params, ctx):
    spec = params.get("unit") or {}
    t, _ = play_target(state, params, ctx)
    if not spec or t is None:
        return None
    kind = t.get("type")
    if spec.get("symbol") and not same(spec["symbol"], kind):
        return f"{spec.get('name', 'This card')} can only be played on: {spec['symbol']}."
    if any(same(s, kind) for s in spec.get("forbidden_symbols") or []):
        return f"{spec.get('name', 'This card')} may not be played on a {kind}."


def check_r21(state, params, ctx):
    t = terrain(state, params.get("terrain"))
    if t is not None and t["controller"] != params.get("player"):
        return "You can only put units and equipment under terrains you control."


def check_r22(state, params, ctx):
    spec = params.get("unit") or {}
    if spec.get("kind") == "hero" and spec.get("revealed") is False:
        return "Show and name the hero to your opponent as you play it."


def check_r23(state, params, ctx):
    spec = params.get("unit") or {}
    if spec.get("class") != "blessed_one":
        return None
    t, _ = play_target(state, params, ctx)
    if t is None:
        return None
    deity = spec.get("deity")
    if not deity:
        return "Name the deity of the Blessed One (it needs a temple of that deity)."
    if not any(same(e.get("temple"), deity) for e in t.get("expansions", [])):
        return f"A Blessed One of {deity} needs a {deity} temple in that terrain."


def bo_conflict(units) -> str | None:
    bo = next((u for u in units if u.get("class") == "blessed_one"), None)
    other = next((u for u in units if u.get("class") in BO_CONFLICT), None)
    if bo and other:
        who = other.get("name") or other["class"].replace("_", " ")
        return f"Your Blessed One cannot be in the same terrain as your {who}."


def check_r24(state, params, ctx):
    if ctx.action_type in ("recruit", "play_terrain"):
        t, there = play_target(state, params, ctx)
        spec = params.get("unit") or {}
        return bo_conflict([*there, {"name": spec.get("name"), "class": spec.get("class")}]) if t else None
    move = move_group(state, params)
    if move is None:
        return None
    return bo_conflict(arrivals(state, params, move))


def check_r25(state, params, ctx):
    t = terrain(state, params.get("terrain"))
    twin = next((e for e in (t or {}).get("expansions", []) if same(e.get("name"), params.get("name"))), None)
    if twin is not None:
        return f"{t['name']} already has a {twin['name']}."


def check_r60(state, params, ctx):
    t = terrain(state, params.get("terrain"))
    deity = params.get("temple")
    if t is not None and deity and any(same(e.get("temple"), deity) for e in t["expansions"]):
        return f"{t['name']} already has a temple of {deity}."


def check_r108(state, params, ctx):
    t = terrain(state, params.get("terrain"))
    if t is not None and t["controller"] != params.get("player"):
        return "Expansions can only be added to a terrain you control."


def check_limits(rule_id):
    def check(state, params, ctx):
        return limit_check(state, params, ctx).get(rule_id)
    return check


def limit_check(state, params, ctx) -> dict:
    if ctx.action_type in ("recruit", "play_terrain"):
        t, there = play_target(state, params, ctx)
        if t is None or not params.get("unit"):
            return {}
        return limit_problems(state, t, [*there, as_unit(params["unit"])])
    if ctx.action_type == "play_expansion":
        t = terrain(state, params.get("terrain"))
        if t is None:
            return {}
        grown = {**t, "expansions": [*t["expansions"], {"cap": params.get("cap", 0)}]}
        found = limit_problems(state, grown, own_units(state, t["id"], t["controller"]))
        return {k: v for k, v in found.items() if k == "dark-force.R27"}  # excess creatures/heroes go to BH (R30a)
    move = move_group(state, params)
    if move is None:
        return {}
    t = terrain(state, params.get("to"))
    if enemy_units(state, t["id"], params.get("player")):
        return {}  # entering a fight: Capacity waits until the combat is over (E17)
    return limit_problems(state, t, arrivals(state, params, move))


def check_r31(state, params, ctx):
    target = params.get("equip_to")
    if target is None:
        return None
    u = unit_of(state, target)
    if u is None or u["terrain"] != params.get("terrain") or u["controller"] != params.get("player"):
        return "The unit to equip (equip_to) is not yours in that terrain."
    if u["kind"] not in ("hero", "army"):
        return "Only heroes and armies use equipment."
    cat = params.get("category")
    if any(e.get("equipped_to") == target and e.get("category") == cat for e in state["units"].values()):
        return f"{u['name']} already carries {'an' if cat in ('armor', 'other') else 'a'} {cat} item."


def check_hand(state, params, ctx):
    p = state["players"][params.get("player")]
    need = hand_needed(ctx.action_type, params)
    if p["hand_count"] < need:
        return f"That play needs {need} card(s) from your hand; the tracker shows {p['hand_count']}."


def check_values(state, params, ctx):
    spec = params.get("unit") or {}
    third = (spec.get("values") or {}).get("third")
    if third == "#" and spec.get("kind") != "creature":
        return "Only an uncontrollable creature shows \"#\"; armies and heroes have a number."


def check_terrain_known(state, params, ctx):
    for key in ("terrain", "from", "to"):
        if key in params and terrain(state, params[key]) is None:
            return f"That terrain ({key}) is not in play."
    for tid in params.get("path") or []:
        if terrain(state, tid) is None:
            return "A terrain of the path is not in play."


def check_cell(state, params, ctx):
    cell = params.get("cell")
    if isinstance(cell, list) and len(cell) == 2 and terrain_at(state, cell) is not None:
        return f"There is already a terrain at {cell}; terrains never move or stack."
    if cell is not None and not (isinstance(cell, list) and len(cell) == 2):
        return "A cell is two numbers [q, r]."


# ------------------------------------------------------------------ over-limit remedies (R30)

def over_limit(state, t, seat, caps_from=None) -> dict:
    """How many creatures (and, Essen, heroes) of `seat` exceed their limit in `t` (R28, R29)."""
    units = own_units(state, t["id"], seat)
    cap = creature_cap(state, caps_from or t)
    out = {"creature": max(0, sum(1 for u in units if u["kind"] == "creature") - cap)}
    if state["rules"].get("essen96"):
        out["hero"] = max(0, sum(1 for u in units if u["kind"] == "hero") - cap)
    return {k: v for k, v in out.items() if v}


def grown(state, t, params) -> dict:
    return {**t, "expansions": [*t["expansions"], {"cap": params.get("cap", 0)}]}


def _serial(uid: str) -> int:
    return int(uid[1:]) if uid[1:].isdigit() else 0


def auto_excess(state, t, seat, over) -> list[str]:
    """The owner's pick when none was named: the cheapest units for Boron's Halls, newest first."""
    out = []
    for kind, n in over.items():
        units = [u for u in own_units(state, t["id"], seat) if u["kind"] == kind]
        units.sort(key=lambda u: (bh_value(kind, u["values"].get("third") or 0), -_serial(u["id"])))
        out += [u["id"] for u in units[:n]]
    return out


def check_r30(state, params, ctx):
    t = terrain(state, params.get("terrain"))
    if t is None:
        return None
    if ctx.action_type == "play_expansion":
        named = params.get("excess")
        if named is None:
            return None
        over = over_limit(state, t, t["controller"], grown(state, t, params))
        picked = [unit_of(state, uid) for uid in named]
        if any(u is None or u["terrain"] != t["id"] or u["controller"] != t["controller"] for u in picked):
            return "Name only your own units in that terrain."
        got = {k: sum(1 for u in picked if u["kind"] == k) for k in ("creature", "hero")}
        if len(set(named)) != len(named) or any(got[k] != over.get(k, 0) for k in got):
            want = ", ".join(f"{n} {k}(s)" for k, n in over.items()) or "nothing"
            return f"The expansion leaves {want} over the limit; name exactly those."
        return None
    claimant = params.get("player")
    if t["id"] in queued(state) or (state.get("combat") or {}).get("terrain") == t["id"]:
        return "Capacity is not checked while a combat for that terrain is pending."
    ids = params.get("units") or []
    units = [unit_of(state, uid) for uid in ids]
    if not ids or len(set(ids)) != len(ids) or any(u is None or u["terrain"] != t["id"] or u["controller"] == claimant
                                                   or u["kind"] not in ("army", "creature", "hero") for u in units):
        return "Name the opponent's armies, creatures or heroes in that terrain."
    seat_ = units[0]["controller"]
    stay = [u for u in own_units(state, t["id"], seat_) if u["id"] not in ids]
    if not limit_problems(state, t, [*stay, *units]):
        return f"{t['name']} is within its limits."
    if limit_problems(state, t, stay):
        return "Those removals still leave the terrain over its limit."
    for u in units:
        if not limit_problems(state, t, [*stay, u]):
            return f"Removing {u['name']} is more than the excess."


# ------------------------------------------------------------------ move helpers shared with movement_moves.py

def move_group(state, params) -> dict | None:
    """The move's units if its basic facts hold (terrains exist, units are the player's, all start in `from`)."""
    frm, to = terrain(state, params.get("from")), terrain(state, params.get("to"))
    ids = params.get("units") or []
    if frm is None or to is None or not ids or len(set(ids)) != len(ids):
        return None
    units = [unit_of(state, uid) for uid in ids]
    if any(u is None or u["controller"] != params.get("player") or u["terrain"] != frm["id"] for u in units):
        return None
    return {"from": frm, "to": to, "units": units}


def pending(state, seat=None) -> list[dict]:
    return [m for m in state["moves"] if not m.get("done") and (seat is None or m["player"] == seat)]


def arrivals(state, params, move) -> list[dict]:
    """The player's units at the destination once this move (and the other pending moves there) arrive."""
    seat, to = params.get("player"), move["to"]["id"]
    ids = {u["id"] for u in move["units"]}
    for m in pending(state, seat):
        if m["to"] == to and m.get("id") != params.get("move"):
            ids |= {uid for uid in m["units"] if uid in state["units"]}
    leaving = {uid for m in pending(state, seat) if m["from"] == to and m.get("id") != params.get("move")
               for uid in m["units"]}
    ids |= {u["id"] for u in own_units(state, to, seat) if u["id"] not in leaving}
    return [state["units"][uid] for uid in sorted(ids) if state["units"][uid]["kind"] in UNIT_KINDS]


def adjacent_terrains_of(state, t) -> list[dict]:
    return [n for n in (terrain_at(state, c) for c in neighbours(t["cell"])) if n is not None]
