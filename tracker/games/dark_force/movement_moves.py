"""Movement checks (spec 5.E: R7, R33-R39, R42, R43): declaring, carrying out and forfeiting moves.

Split from movement_rules.py (the map, playing cards and the shared helpers) to keep both files short.
"""
from __future__ import annotations

from .movement_rules import (
    FOLLOWERS, UNIT_KINDS, arrivals, enemy_units, is_plains, limit_problems, move_group, pending, third_of, unit_of,
)
from .state import name_of, neighbours, terrain


def check_moves_left(state, params, ctx):  # R7
    p = state["players"][params.get("player")]
    if p["moves_used"] >= p["moves_allowed"]:
        drew = p["draws_this_turn"]
        if drew is not None and p["moves_allowed"] == 2 - drew:
            return f"You drew {drew} card(s), so you have {p['moves_allowed']} move(s) this turn" + \
                   (" and have used them." if p["moves_allowed"] else ".")
        return f"You have no moves left this turn ({p['moves_used']} of {p['moves_allowed']} used)."


def check_step(state, params, ctx):
    if state["active_player"] != params.get("player"):
        return f"Only {name_of(state, state['active_player'])} moves units now."
    step = state.get("movement_step")
    if ctx.action_type == "declare_move" and step not in ("play_terrains", "declare_moves"):
        return "Moves are declared before any is carried out."
    if ctx.action_type in ("execute_move", "forfeit_move") and step != "execute_moves":
        return "Declared moves are carried out in the Execute Moves step."


def check_units_known(state, params, ctx):
    ids = params.get("units") or []
    if not ids:
        return "Name the units that move."
    if len(set(ids)) != len(ids):
        return "A unit is named twice in that move."
    for uid in ids:
        u = unit_of(state, uid)
        if u is None:
            return "That unit (units) is not in play."
        if u["controller"] != params.get("player"):
            return f"{u['name']} isn't yours to move."


def check_r34(state, params, ctx):
    declared = {uid for m in state["moves"] for uid in m["units"]}
    for uid in params.get("units") or []:
        u = unit_of(state, uid)
        if u is not None and u.get("moved"):
            return f"{u['name']} has already moved this turn."
        if u is not None and uid in declared:
            return f"{u['name']} already has a move this turn."


def check_r35(state, params, ctx):
    busy = {uid for m in state["moves"] if m["player"] == params.get("player") for uid in m["units"]}
    for uid in params.get("units") or []:
        u = unit_of(state, uid)
        if u is not None and uid in busy and not u.get("moved"):
            return f"{u['name']} is already part of another move: each move uses a different stack."


def check_r36(state, params, ctx):
    frm = terrain(state, params.get("from"))
    if frm is None:
        return None
    for uid in params.get("units") or []:
        u = unit_of(state, uid)
        if u is not None and u["terrain"] != frm["id"]:
            return f"All units of one move start in {frm['name']}: {u['name']} is elsewhere."
    heroes = [u for u in map(lambda i: unit_of(state, i), params.get("units") or []) if u and u["kind"] == "hero"]
    if len(heroes) > 1 and not state["rules"].get("ab_errata", True):
        return "Without the AB rulings each hero's group is a move of its own."


def leadership_problem(state, units, leader_of) -> str | None:
    by_id = {u["id"]: u for u in units}
    led_by: dict[str, str] = {}
    for hid, led in (leader_of or {}).items():
        hero = by_id.get(hid)
        if hero is None or hero["kind"] != "hero":
            return "Only a hero of this move leads (leader_of)."
        total = 0
        for uid in led or []:
            u = by_id.get(uid)
            if u is None or u["kind"] not in FOLLOWERS:
                return f"{hero['name']} can lead only armies and creatures of this move."
            if uid in led_by:
                return f"Leadership is never pooled: {u['name']} is led by two heroes."
            led_by[uid] = hid
            value = third_of(state, u)
            if value == "#":
                return f"{u['name']} can never be led."
            total += value
        ldr = third_of(state, hero)
        ldr = ldr if isinstance(ldr, int) else 0
        if total > ldr:
            return f"{hero['name']} can lead at most {ldr}; this group needs {total}."
    for u in units:
        if u["kind"] in FOLLOWERS and u["id"] not in led_by:
            return f"{u['name']} moves only when led by a hero of the same move."
    return None


def check_r37(state, params, ctx):
    move = move_group(state, params)
    return leadership_problem(state, move["units"], params.get("leader_of")) if move else None


def check_r38(state, params, ctx):
    move = move_group(state, params)
    if move is None:
        return None
    carriers = {u["id"] for u in move["units"] if u["kind"] in ("hero", "army")}
    for u in move["units"]:
        if u["kind"] != "equipment":
            continue
        if not carriers:
            return f"{u['name']} must be carried by a hero or army of the move."
        if u.get("equipped_to") and u["equipped_to"] not in carriers:
            return f"{u['name']} stays with the unit using it."


def route(state, seat, frm, to, units, path=None) -> tuple[list | None, str | None]:
    """(terrain ids entered, ending at `to`) or (None, why not): R39 with the Plains/Roads bonus (E16)."""
    if frm["id"] == to["id"]:
        return None, "A move goes to another terrain."
    movers = [u for u in units if u["kind"] in UNIT_KINDS]
    flying = bool(movers) and all("flying" in (u.get("abilities") or []) for u in movers)
    reach = 3 if flying else 2

    def adjacent(a, b):
        return b["cell"] in neighbours(a["cell"])

    def ok(steps):
        here = frm
        for i, tid in enumerate(steps):
            t = terrain(state, tid)
            if t is None or not adjacent(here, t):
                return f"{t['name'] if t else tid} isn't next to {here['name']}."
            if not flying and i < len(steps) - 1 and not (is_plains(t) and t["controller"] == seat):
                return "The Plains/Roads bonus step applies only from a Plains or Road you control."
            here = t
        if not steps or steps[-1] != to["id"]:
            return f"The path must end in {to['name']}."
        if len(steps) > reach:
            return "Flying units cross at most 3 terrains in one move." if flying else \
                "One bonus step only: a move goes to a neighbouring terrain (plus one step on from your own Plains/Road)."
        return None

    if path:
        why = ok(list(path))
        return (None, why) if why else (list(path), None)
    frontier = [[t["id"]] for t in state["terrains"] if adjacent(frm, t)]
    for _ in range(reach):
        good = [p for p in frontier if not ok(p)]
        if good:
            return good[0], None
        frontier = [p + [t["id"]] for p in frontier for t in state["terrains"]
                    if t["id"] not in p and t["id"] != frm["id"] and adjacent(terrain(state, p[-1]), t)
                    and (flying or is_plains(terrain(state, p[-1])) and terrain(state, p[-1])["controller"] == seat)]
    if flying:
        return None, f"{to['name']} is more than 3 terrains away."
    return None, f"{to['name']} isn't next to {frm['name']} (nor one step beyond a Plains or Road you control)."


def check_r39(state, params, ctx):
    move = move_group(state, params)
    if move is None:
        return None
    return route(state, params.get("player"), move["from"], move["to"], move["units"], params.get("path"))[1]


def check_r42(state, params, ctx):
    move = move_group(state, params)
    if move is None:
        return None
    moving = {u["id"] for u in move["units"]}
    for u in move["units"]:
        if u["kind"] != "summoned":
            continue
        boss = unit_of(state, u.get("summoner"))
        if boss is None or (boss["id"] not in moving and boss["terrain"] != move["to"]["id"]):
            return f"{u['name']} would be separated from its summoner and vanish."


def move_problem(state, m) -> str | None:
    """Why a declared move can no longer be carried out (E8), or None when it must be (R33)."""
    frm, to = terrain(state, m["from"]), terrain(state, m["to"])
    units = [state["units"][uid] for uid in m["units"] if uid in state["units"]]
    units = [u for u in units if u["terrain"] == m["from"]]
    if frm is None or to is None or not any(u["kind"] in UNIT_KINDS for u in units):
        return "none of its units is still there"
    present = {u["id"] for u in units}
    leaders = {k: [x for x in v if x in present] for k, v in (m.get("leader_of") or {}).items() if k in present}
    why = leadership_problem(state, units, leaders) or route(state, m["player"], frm, to, units, m.get("path"))[1]
    if why:
        return why
    if not enemy_units(state, to["id"], m["player"]):
        found = limit_problems(state, to, arrivals(state, {"player": m["player"], "move": m["id"]},
                                                   {"to": to, "units": units}))
        if found:
            return next(iter(found.values()))
    return None


def check_move_known(state, params, ctx):
    m = next((m for m in state["moves"] if m.get("id") == params.get("move")), None)
    if m is None:
        return f"No declared move {params.get('move')} this turn."
    if m["player"] != params.get("player"):
        return "That move is the other player's."
    if m.get("done"):
        return "That move has already been carried out or forfeited."


def check_r33(state, params, ctx):
    m = next((m for m in pending(state) if m.get("id") == params.get("move")), None)
    if m is None:
        return None
    why = move_problem(state, m)
    if ctx.action_type == "execute_move" and why:
        return f"This move can no longer be carried out ({why}): forfeit it."
    if ctx.action_type == "forfeit_move" and not why:
        return "This move is still possible, so it must be carried out."


def check_r43(state, params, ctx):
    if state["active_player"] != params.get("player"):
        return "You can look at your stacks only in your own movement phase."
    t = terrain(state, params.get("terrain"))
    if t is not None and t["controller"] != params.get("player"):
        return "You can look only at stacks under terrains you control."
