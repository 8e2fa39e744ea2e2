"""Captain's Pack: launching ships, ocean hazards, loading, ship moves, fleets and naval combat (spec 3.5, 4.8).

Only with `state["rules"]["captains_pack"]`. The checks are in naval_rules.py. A naval combat lives in
`state["naval_combat"]` and runs place -> (maneuver -> [maneuver_rolls] -> attacks | retreat) ... -> over;
sunk and boarded ships leave the lines at Reorganize, since the attacks of a round are simultaneous.
Pure functions other parts may use: island_placement_problem (R20), ocean_entry_problem (R81),
strand_flyers (R82, Movement End), sea_retreat_problem / retreat_aboard (R90).
"""
from __future__ import annotations

import math

from tracker.engine import Action, ActionSpec
from tracker.engine.schema import die, enum, integer, obj, seat, string

from . import naval_rules as nr
from . import turn as _turn_hooks
from .enumerate import PART_ENUMERATORS
from .naval_rules import (  # noqa: F401  (re-exported for the other parts)
    RULES, cargo, fighters_aboard, island_placement_problem, land_units, line, ocean_entry_problem, paired,
    position, sea_retreat_problem, ship_of, ships_at, terr,
)
from .state import check_end, count_terrains, name_of, new_id, remove_unit, to_borons_halls

ID = string(20, "an id in play")
IDS = {"type": "array", "items": ID, "minItems": 1, "maxItems": 20}
PLAY = frozenset({"start", "movement", "combat", "discard"})
MOVE = frozenset({"movement"})
FIGHT = frozenset({"combat"})


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


def _use_move(state, seat) -> None:
    state["players"][seat]["moves_used"] += 1


def _with_equipment(state, ids, where) -> list[str]:
    """The named cards plus the equipment their units carry from the same place."""
    out = list(ids)
    for e in state["units"].values():
        if e.get("equipped_to") in ids and e["id"] not in out and where(e):
            out.append(e["id"])
    return out


# ------------------------------------------------------------------ ships and moves

def apply_play_ship(state, params, ctx):
    seat = params["player"]
    sid = new_id(state, "s")
    s = {"id": sid, "name": params["name"], "owner": seat, "controller": seat, "terrain": None,
         "ncs": params["ncs"], "ncd": params["ncd"], "mobility": params["mobility"], "tc": params["tc"],
         "cargo": [], "fleet": None, "hits": 0, "boarded": False, "visited": {"turn": state["turn"], "terrains": []}}
    state.setdefault("ships", {})[sid] = s
    _place(state, s, params["ocean_terrain"])
    state["players"][seat]["hand_count"] -= 1
    t, port = terr(state, params["ocean_terrain"]), terr(state, params["port_terrain"])
    return f"{name_of(state, seat)} launches {s['name']} ({s['ncs']}({s['ncd']})/{s['mobility']}/{s['tc']}) " \
           f"into {t['name'] if t else '?'} from the port {port['name'] if port else '?'}."


def apply_play_ocean_hazard(state, params, ctx):
    seat, t = params["player"], terr(state, params["terrain"])
    t.setdefault("hazards", []).append({"id": new_id(state, "h"), "kind": params["kind"], "owner": seat,
                                        "controller": seat})
    state["players"][seat]["hand_count"] -= 1
    return f"{name_of(state, seat)} lays an ocean hazard face down under {t['name']}."


def apply_load(state, params, ctx):
    s, seat = state["ships"][params["ship"]], params["player"]
    first = state["units"][params["units"][0]]
    ids = _with_equipment(state, params["units"], lambda e: e["terrain"] == first["terrain"])
    for uid in ids:
        u = state["units"][uid]
        u.update(terrain=None, place={"ship": s["id"]}, moved=True)
        for other in state["ships"].values():
            if other is not s and uid in other["cargo"]:
                other["cargo"].remove(uid)
        if uid not in s["cargo"]:
            s["cargo"].append(uid)
    _use_move(state, seat)
    return f"{name_of(state, seat)} loads {len(ids)} card(s) onto {s['name']} (a move)."


def apply_unload(state, params, ctx):
    s, seat, to = state["ships"][params["ship"]], params["player"], terr(state, params["to"])
    free = nr.unload_is_free(state, params)
    ids = _with_equipment(state, params["units"], lambda e: e["id"] in s["cargo"])
    for uid in ids:
        u = state["units"][uid]
        u.update(terrain=to["id"], moved=True)
        u.pop("place", None)
        if uid in s["cargo"]:
            s["cargo"].remove(uid)
    for other in ships_at(state, to["id"], seat):
        other["landing_due"] = None
    if not free:
        _use_move(state, seat)
    return f"{name_of(state, seat)} unloads {len(ids)} card(s) from {s['name']} onto {to['name']}" + \
           (" (landing on an enemy-held Island: no move)." if free else " (a move).")


def apply_ship_move(state, params, ctx):
    seat, path = params["player"], list(params["path"])
    ships = nr.moving_ships(state, params)
    for s in ships:
        v = s.get("visited") or {}
        if v.get("turn") != state["turn"]:
            v = {"turn": state["turn"], "terrains": []}
        v["terrains"] = v["terrains"] + path
        s["visited"] = v
        s["landing_due"] = None
        _place(state, s, path[-1])
    _use_move(state, seat)
    end = terr(state, path[-1])
    who = f"the fleet of {len(ships)} ships" if params.get("fleet") is not None else ships[0]["name"]
    notes = _hazard_notes(state, path, seat)
    if end.get("island") and end["controller"] != seat:
        if land_units(state, end["id"], 1 - seat):
            for s in ships:
                s["landing_due"] = {"terrain": end["id"], "turn": state["turn"]}
            notes.append(f"{end['name']} is defended: unload at least one unit (free) or sail away")
        elif not ships_at(state, end["id"], 1 - seat):
            end["controller"] = seat
            for h in end.get("hazards") or []:
                h["controller"] = seat
            count_terrains(state)
            check_end(state)
            notes.append(f"the undefended Island {end['name']} is conquered with its expansions and hazards")
    line_ = f"{name_of(state, seat)} sails {who} to {end['name']} (a move)"
    return line_ + (": " + "; ".join(notes) + "." if notes else ".")


def apply_form_fleet(state, params, ctx):
    seat, adm = params["player"], params["admiral"]
    regroup = nr.fleet_regroup(state, params)
    fleets = state.setdefault("fleets", {})
    for f in list(fleets.values()):
        if f.get("admiral") == adm:
            for s in state["ships"].values():
                if s.get("fleet") == f["id"]:
                    s["fleet"] = None
    fid = new_id(state, "f")
    fleets[fid] = {"id": fid, "controller": seat, "admiral": adm}
    for sid in params["ships"]:
        state["ships"][sid]["fleet"] = fid
    _tidy_fleets(state)
    if regroup:
        _use_move(state, seat)
    names = ", ".join(state["ships"][sid]["name"] for sid in params["ships"])
    return f"{state['units'][adm]['name']} {'regroups' if regroup else 'forms'} a fleet: {names}" + \
           (" (a move)." if regroup else ".")


def apply_fleet_retreat(state, params, ctx):
    seat, to, nc = params["player"], terr(state, params["to"]), state.get("naval_combat")
    if nc:
        ships = [state["ships"][sid] for sid in line(nc, seat) if sid in state["ships"]]
        nc["retreated"] += [s["id"] for s in ships]
        nc["lines"][seat] = []
        nc["retreating"][seat] = False
        if not any(nc["retreating"]):
            nc["step"] = "over"
    else:
        ships = [s for s in state.get("ships", {}).values() if s["controller"] == seat and s.get("must_retreat")]
    for s in ships:
        s["must_retreat"] = False
        _place(state, s, to["id"])
    notes = _hazard_notes(state, [to["id"]], seat)
    return f"{name_of(state, seat)}'s ships retreat to {to['name']}" + ("; " + "; ".join(notes) if notes else "") + "."


# ------------------------------------------------------------------ naval combat

def apply_start_naval_combat(state, params, ctx):
    t, a = terr(state, params["terrain"]), params["player"]
    t["naval_turn"] = state["turn"]
    state["naval_combat"] = {
        "terrain": t["id"], "attacker": a, "defender": 1 - a, "round": 1, "step": "place", "range": "long",
        "lines": [None, None], "maneuvers": [None, None], "maneuver_rolls": [None, None],
        "retreating": [False, False], "pairs": [], "fired": [], "attacks": [], "retreated": [], "sunk": [],
        "boarded": []}
    first = " Ocean hazards there take effect first." if t.get("hazards") else ""
    return f"Naval combat in {t['name']}: {name_of(state, a)} attacks.{first} Both line up their ships."


def _begin_attacks(nc) -> None:
    nc["step"] = "attacks"
    kind = "cannonfire" if nc["range"] == "long" else None
    nc["pairs"] = [{"rolls": {}, "decider": None, "kind": kind, "done": False} for _ in range(paired(nc))]
    nc["fired"], nc["attacks"] = [], []


def _follow(state, nc, seat, choice) -> str:
    """One fleet's maneuver carried out (R93, matrix 12.11)."""
    if choice == "approach":
        nc["range"] = "short"
    elif choice == "withdraw" and nc["range"] == "short":
        nc["range"] = "long"
    elif choice == "withdraw" and not nr.retreat_destinations(state, seat, nc["terrain"]):
        return "nowhere to retreat, so long range"
    elif choice == "withdraw":
        nc["retreating"][seat] = True
        nc["step"] = "retreat"
        return "retreats"
    return f"{nc['range']} range"


def apply_set_line(state, params, ctx):
    nc, seat = state["naval_combat"], params["player"]
    nc["lines"][seat] = list(params["ships"])
    if None not in nc["lines"]:
        nc["step"] = "maneuver"
        return f"{name_of(state, seat)} lines up; both lines are revealed: flagships to the front, long range."
    return f"{name_of(state, seat)} lines up the ships (hidden until both are set)."


def apply_choose_maneuver(state, params, ctx):
    nc, seat = state["naval_combat"], params["player"]
    nc["maneuvers"][seat] = params["choice"]
    if None in nc["maneuvers"]:
        return f"{name_of(state, seat)} picks a maneuver (hidden)."
    a, b = nc["maneuvers"]
    if a != b:
        nc["step"] = "maneuver_rolls"
        return f"Maneuvers: {a} vs {b}; both fleets roll."
    if a == "withdraw" and nc["range"] == "long":
        nc["retreating"] = [bool(nr.retreat_destinations(state, k, nc["terrain"])) for k in (0, 1)]
        if any(nc["retreating"]):
            nc["step"] = "retreat"
            return "Both fleets withdraw at long range: both retreat" + \
                ("." if all(nc["retreating"]) else " (one has nowhere to go and stays).")
        _begin_attacks(nc)
        return "Both fleets withdraw, but neither has anywhere to go: long range."
    result = _follow(state, nc, seat, a)
    _begin_attacks(nc)
    return f"Both fleets {a}: {result}."


def apply_maneuver_roll(state, params, ctx):
    nc, seat = state["naval_combat"], params["player"]
    nc["maneuver_rolls"][seat] = params["roll"]
    if None in nc["maneuver_rolls"]:
        return f"{name_of(state, seat)} rolls {params['roll']} to maneuver."
    rolls = nc["maneuver_rolls"]
    ok = [rolls[k] < nr.fleet_mobility(state, nc, k) for k in (0, 1)]
    winner = None
    if ok[0] and ok[1]:
        winner = None if rolls[0] == rolls[1] else (0 if rolls[0] > rolls[1] else 1)
    elif ok[0] or ok[1]:
        winner = 0 if ok[0] else 1
    if winner is None:
        _begin_attacks(nc)
        return f"Maneuver rolls {rolls[0]} and {rolls[1]}: no fleet outmaneuvers the other, {nc['range']} range."
    result = _follow(state, nc, winner, nc["maneuvers"][winner])
    if nc["step"] != "retreat":
        _begin_attacks(nc)
    return f"Maneuver rolls {rolls[0]} and {rolls[1]}: {name_of(state, winner)}'s fleet " \
           f"{nc['maneuvers'][winner]}s: {result}."


def apply_pair_roll(state, params, ctx):
    nc, sid = state["naval_combat"], params["ship"]
    pos = position(nc, sid)
    s = state["ships"][sid]
    if pos is None or pos[1] >= len(nc["pairs"]):
        return f"{s['name']} rolls {params['roll']} (no pair)."
    pair = nc["pairs"][pos[1]]
    pair["rolls"][sid] = params["roll"]
    mob = nr.pair_mobility(state, nc, sid)
    out = f"{s['name']} rolls {params['roll']} against Mobility {mob}: {'success' if params['roll'] < mob else 'fails'}"
    decider, kind = nr.pair_decider(state, nc, pos[1])
    pair["decider"] = decider
    if kind:
        pair["kind"] = kind
        out += "; no attack for this pair" if kind == "none" else "; an even contest, the pair exchanges cannonfire"
    elif decider is not None:
        out += f"; {name_of(state, decider)} picks cannonfire or boarding"
    return out + "."


def _board(state, nc, sid) -> list[str]:
    s = state["ships"][sid]
    s["boarded"] = True
    if sid not in nc["boarded"]:
        nc["boarded"].append(sid)
    lost = [u["id"] for u in fighters_aboard(state, s) if u["controller"] == s["controller"]]
    return [g for g in (_destroy_aboard(state, s, uid) for uid in lost) if g]


def apply_choose_attack_type(state, params, ctx):
    nc, i, kind = state["naval_combat"], params["pair"], params["kind"]
    if i >= len(nc["pairs"]):
        return "No such pair."
    pair = nc["pairs"][i]
    pair["kind"] = kind
    if kind == "cannonfire":
        return f"Pair {i + 1} exchanges cannonfire."
    a, b = state["ships"][line(nc, 0)[i]], state["ships"][line(nc, 1)[i]]
    crews = [fighters_aboard(state, a), fighters_aboard(state, b)]
    if not crews[0] and not crews[1]:
        pair["kind"] = "none"
        return f"Pair {i + 1}: no units aboard either ship, so nobody boards."
    if not crews[0] or not crews[1]:
        empty = a if not crews[0] else b
        pair["done"] = True
        _board(state, nc, empty["id"])
        return f"Pair {i + 1} boards: {empty['name']} carries no units and is taken at once."
    caps = f"{a['name']} up to {math.ceil(a['tc'] / 2)}, {b['name']} up to {math.ceil(b['tc'] / 2)} units"
    return f"Pair {i + 1} boards: fight it out on a battlefield ({caps}; no flying or flank attacks, " \
           "mounted units only defend), then record who was boarded."


def apply_cannonfire(state, params, ctx):
    nc, s, target = state["naval_combat"], state["ships"][params["ship"]], state["ships"][params["target"]]
    roll = params["roll"]
    ncs = s["ncs"] - (1 if nc["range"] == "long" else 0)
    nc["fired"].append(s["id"])
    if roll >= ncs:
        return f"{s['name']} fires with {roll} against Naval Combat Strength {ncs}: a miss."
    target["hits"] += roll
    nc["attacks"].append({"by": s["id"], "ship": target["id"], "hits": roll, "transferred": False})
    sinking = " and will sink" if target["hits"] >= target["ncd"] else ""
    return f"{s['name']} fires with {roll} against {ncs}: {target['name']} takes {roll} hit(s), " \
           f"{target['hits']} of {target['ncd']}{sinking}."


def apply_transfer_hit(state, params, ctx):
    nc, s = state["naval_combat"], state["ships"][params["ship"]]
    attack = next((a for a in nc["attacks"] if a["ship"] == s["id"] and not a["transferred"]), None)
    if attack:
        attack["transferred"] = True
    s["hits"] = max(0, s["hits"] - 1)
    gone = _destroy_aboard(state, s, params["card"])
    check_end(state)
    return f"One hit on {s['name']} is shifted: {gone}; {s['hits']} of {s['ncd']} hits remain."


def apply_boarding_result(state, params, ctx):
    nc, i, sid = state["naval_combat"], params["pair"], params["boarded_ship"]
    if i < len(nc["pairs"]):
        nc["pairs"][i]["done"] = True
    lost = _board(state, nc, sid)
    check_end(state)
    extra = f" ({'; '.join(lost)})" if lost else ""
    return f"{state['ships'][sid]['name']} is boarded and set aside{extra}."


def apply_naval_reorganize(state, params, ctx):
    nc = state["naval_combat"]
    notes = []
    for seat in (0, 1):
        keep = []
        for sid in line(nc, seat):
            s = state["ships"].get(sid)
            if s is None:
                continue
            if s["hits"] >= s["ncd"]:
                nc["sunk"].append(sid)
                lost = _remove_ship(state, s)
                notes.append(f"{s['name']} sinks" + (f" ({'; '.join(lost)})" if lost else ""))
            elif not s.get("boarded"):
                keep.append(sid)
        nc["lines"][seat] = keep
    check_end(state)
    if line(nc, 0) and line(nc, 1):
        nc.update(round=nc["round"] + 1, step="maneuver", maneuvers=[None, None], maneuver_rolls=[None, None],
                  pairs=[], fired=[], attacks=[])
        tail = f"round {nc['round']}: choose maneuvers."
    else:
        nc["step"] = "over"
        tail = "only one side (or none) is left: the naval combat is over."
    return "Reorganize: " + "; ".join(notes + [tail])


def apply_end_naval_combat(state, params, ctx):
    nc = state["naval_combat"]
    tid = nc["terrain"]
    sides = [seat for seat in (0, 1) if ships_at(state, tid, seat)]
    notes = []
    for sid in nc["boarded"]:
        s = state["ships"].get(sid)
        if s is None:
            continue
        s["boarded"] = False
        if len(sides) == 1:
            captor = sides[0]
            s["controller"], s["fleet"] = captor, None
            for u in cargo(state, s):
                u["controller"] = captor
            _drop_capture(state, sid)
            if s["owner"] != captor:
                state["ledger"].append({"card": s["name"], "from": s["owner"], "to": captor, "reason": "captured_ship",
                                        "ship": sid, "returns": "at game end"})
            fleet = next((o["fleet"] for o in ships_at(state, tid, captor) if o.get("fleet") and o is not s), None)
            s["fleet"] = fleet
            notes.append(f"{name_of(state, captor)} captures {s['name']} (returned at game end)"
                         if s["owner"] != captor else f"{s['name']} is back with {name_of(state, captor)}")
        elif not sides:
            _remove_ship(state, s)
            notes.append(f"{s['name']} goes to {name_of(state, s['owner'])}'s discard pile")
    for s in (state.get("ships") or {}).values():
        s["hits"] = 0
    state["naval_combat"] = None
    check_end(state)
    return "The naval combat ends; hits are cleared" + ("; " + "; ".join(notes) if notes else "") + "."


# ------------------------------------------------------------------ for the other parts

def strand_flyers(state) -> str | None:
    """R82 (Movement End): units left in open ocean without an own ship there are discarded (no BH points)."""
    if not nr.cp_on(state):
        return None
    gone = []
    for u in list(state["units"].values()):
        t = terr(state, u.get("terrain"))
        if u["id"] in state["units"] and u["kind"] in nr.FIGHTERS and t and nr.is_open_ocean(t) \
                and not ships_at(state, t["id"], u["controller"]):
            state["players"][u["owner"]]["discard_count"] += 1
            remove_unit(state, u["id"])
            gone.append(u["name"])
    return f"Stranded at sea and discarded: {', '.join(gone)}." if gone else None


def retreat_aboard(state, unit_id, to_tid) -> str | None:
    """R90: a retreating unit goes aboard its player's ship in `to_tid`; from an Island that ship must then retreat."""
    u = state["units"].get(unit_id)
    if u is None:
        return None
    ships = ships_at(state, to_tid, u["controller"])
    if not ships:
        return None
    s = ships[0]
    from_island = u.get("terrain") == to_tid
    u.update(terrain=None, place={"ship": s["id"]})
    s["cargo"].append(unit_id)
    if from_island:
        s["must_retreat"] = True
    return f"{u['name']} retreats aboard {s['name']}" + (", which must now sail away." if from_island else ".")


# ------------------------------------------------------------------ the enumerator (drives a naval combat to its end)

def _a(type_, **params):
    return Action(type_, params)


def _plan(state, nc) -> str:
    """One maneuver for both fleets (so no rolls are needed) that keeps the fight moving toward its end."""
    ships, m = state["ships"], paired(nc)
    pairs = [(ships[line(nc, 0)[i]], ships[line(nc, 1)[i]]) for i in range(m)]
    short_ok = any(max(nr.pair_mobility(state, nc, a["id"]), nr.pair_mobility(state, nc, b["id"])) >= 2
                   and max(a["ncs"], b["ncs"]) >= 2 for a, b in pairs)
    long_ok = any(max(a["ncs"], b["ncs"]) >= 3 for a, b in pairs)
    if nc["range"] == "short":
        return "hold" if short_ok else "withdraw"
    if long_ok:
        return "hold"
    if short_ok:
        return "approach"
    can_leave = all(nr.retreat_destinations(state, seat, nc["terrain"]) for seat in (0, 1))
    return "withdraw" if can_leave else "hold"


def _attack_step(state, nc) -> list:
    ships, pairs = state["ships"], nc["pairs"]
    for i, pair in enumerate(pairs):
        sids = [line(nc, 0)[i], line(nc, 1)[i]]
        if pair["kind"] is None and pair["decider"] is None:
            seat = next(k for k in (0, 1) if sids[k] not in pair["rolls"])
            return [_a("pair_roll", player=seat, ship=sids[seat], roll=1)]
        if pair["kind"] is None:
            return [_a("choose_attack_type", player=pair["decider"], pair=i, kind="cannonfire")]
        if pair["kind"] == "boarding" and not pair["done"]:
            crews = [len(fighters_aboard(state, ships[sid])) for sid in sids]
            return [_a("boarding_result", player=nc["attacker"], pair=i, boarded_ship=sids[0 if crews[0] <= crews[1]
                                                                                            else 1])]
    for seat in (0, 1):
        for i, sid in enumerate(line(nc, seat)):
            target = nr.fire_target(nc, sid)
            if sid in nc["fired"] or target is None or ships[sid].get("boarded") or \
                    i < len(pairs) and pairs[i]["kind"] != "cannonfire":
                continue
            ncs = ships[sid]["ncs"] - (1 if nc["range"] == "long" else 0)
            if ncs >= 2:
                return [_a("cannonfire", player=seat, ship=sid, target=target, roll=min(6, ncs - 1))]
    return [_a("naval_reorganize", player=nc["attacker"])]


def naval_enumerate(state):
    if not nr.cp_on(state) or state.get("mode") != "duel":
        return None
    nc = state.get("naval_combat")
    if state.get("phase") != "combat":
        return None
    if nc is None:
        if state.get("combat"):
            return None
        a = state["active_player"]
        for t in state["terrains"]:
            if nr.is_sea(t) and ships_at(state, t["id"], 0) and ships_at(state, t["id"], 1) \
                    and t.get("naval_turn") != state["turn"]:
                return [_a("start_naval_combat", player=a, terrain=t["id"])]
        for s in (state.get("ships") or {}).values():
            dests = nr.retreat_destinations(state, s["controller"], s["terrain"]) if s.get("must_retreat") else []
            if dests:
                return [_a("fleet_retreat", player=s["controller"], to=dests[0])]
        return None
    step, seats = nc["step"], (0, 1)
    if step == "place":
        seat = next(k for k in seats if nc["lines"][k] is None)
        own = sorted(ships_at(state, nc["terrain"], seat), key=lambda s: (-s["ncs"], s["id"]))
        if not own:
            return None
        return [_a("set_line", player=seat, ships=[s["id"] for s in own])]
    if step == "maneuver":
        seat = next(k for k in seats if nc["maneuvers"][k] is None)
        return [_a("choose_maneuver", player=seat, choice=_plan(state, nc))]
    if step == "maneuver_rolls":
        seat = next(k for k in seats if nc["maneuver_rolls"][k] is None)
        return [_a("maneuver_roll", player=seat, roll=1)]
    if step == "retreat":
        seat = next(k for k in seats if nc["retreating"][k])
        dests = nr.retreat_destinations(state, seat, nc["terrain"])
        return [_a("fleet_retreat", player=seat, to=dests[0])] if dests else None
    if step == "attacks":
        return _attack_step(state, nc)
    return [_a("end_naval_combat", player=nc["attacker"])]


def naval_pending(state) -> str | None:
    """For the combat phase's end (R8/R91): an open naval combat, or an ocean where ships of both still meet."""
    if not nr.cp_on(state):
        return None
    if state.get("naval_combat"):
        return "Finish the naval combat first."
    for t in state["terrains"]:
        if nr.is_sea(t) and ships_at(state, t["id"], 0) and ships_at(state, t["id"], 1) \
                and t.get("naval_turn") != state.get("turn"):
            return f"Ships of both players meet in {t['name']}: fight the naval combat there first."
    return None


PART_ENUMERATORS.append(naval_enumerate)


# ------------------------------------------------------------------ the actions

def _spec(type_, title, params, apply, rules, phases, phase_rule="dark-force.H44"):
    return ActionSpec(type_, title, params, apply, rules=("dark-force.H40", *rules), phases=phases,
                      phase_rule=phase_rule)


P = seat()
SHIP_RULES = ("dark-force.H41", "dark-force.H42", "dark-force.H46")
COMBAT = ("dark-force.H44", "dark-force.H42")
ACTIONS = (
    _spec("play_ship", "Launch a ship",
          obj(("player", "name", "ocean_terrain", "port_terrain", "ncs", "ncd", "mobility", "tc"), player=P,
              name=string(80), ocean_terrain=ID, port_terrain=string(20, "your coastal terrain used as the port"),
              ncs=integer(0, 20, "Naval Combat Strength"), ncd=integer(1, 20, "Naval Combat Defense"),
              mobility=integer(0, 20), tc=integer(0, 20, "Transport Capacity")),
          apply_play_ship, ("dark-force.R11", "dark-force.H42", "dark-force.H45", "dark-force.R86"), MOVE,
          "dark-force.R11"),
    _spec("play_ocean_hazard", "Lay an ocean hazard",
          obj(("player", "terrain", "kind"), player=P, terrain=ID, kind=enum("expansion", "event", "creature")),
          apply_play_ocean_hazard, ("dark-force.H42", "dark-force.H45", "dark-force.H43", "dark-force.R89"), PLAY,
          "dark-force.H43"),
    _spec("load", "Load cards onto a ship", obj(("player", "ship", "units"), player=P, ship=ID, units=IDS),
          apply_load, (*SHIP_RULES, "dark-force.R84", "dark-force.R85", "dark-force.H47"), MOVE, "dark-force.H41"),
    _spec("unload", "Unload cards from a ship",
          obj(("player", "ship", "units", "to"), player=P, ship=ID, units=IDS, to=ID),
          apply_unload, (*SHIP_RULES, "dark-force.R84", "dark-force.H47"), MOVE, "dark-force.H41"),
    _spec("ship_move", "Move a ship or fleet",
          obj(("player", "path"), player=P, ship=ID, fleet=ID,
              path={"type": "array", "items": ID, "minItems": 1, "maxItems": 30}),
          apply_ship_move, (*SHIP_RULES, "dark-force.R83", "dark-force.R87", "dark-force.H47"), MOVE,
          "dark-force.H41"),
    _spec("form_fleet", "Form or regroup a fleet",
          obj(("player", "admiral", "ships"), player=P, admiral=ID, ships=IDS),
          apply_form_fleet, (*SHIP_RULES, "dark-force.R87", "dark-force.H47"), MOVE, "dark-force.H41"),
    _spec("start_naval_combat", "Start a naval combat", obj(("player", "terrain"), player=P, terrain=ID),
          apply_start_naval_combat, (*COMBAT, "dark-force.R91"), FIGHT, "dark-force.R91"),
    _spec("set_line", "Line up the ships", obj(("player", "ships"), player=P, ships=IDS),
          apply_set_line, (*COMBAT, "dark-force.R92"), FIGHT),
    _spec("choose_maneuver", "Choose a maneuver",
          obj(("player", "choice"), player=P, choice=enum("approach", "hold", "withdraw")),
          apply_choose_maneuver, ("dark-force.H44", "dark-force.R93", "dark-force.R98"), FIGHT),
    _spec("maneuver_roll", "Maneuver roll", obj(("player", "roll"), player=P, roll=die(6)),
          apply_maneuver_roll, ("dark-force.H44", "dark-force.R93"), FIGHT),
    _spec("pair_roll", "Pair maneuver roll", obj(("player", "ship", "roll"), player=P, ship=ID, roll=die(6)),
          apply_pair_roll, (*COMBAT, "dark-force.R94", "dark-force.R95"), FIGHT),
    _spec("choose_attack_type", "Cannonfire or boarding",
          obj(("player", "pair", "kind"), player=P, pair=integer(0, 20, "0 = the flagships"),
              kind=enum("cannonfire", "boarding")),
          apply_choose_attack_type, ("dark-force.H44", "dark-force.R94", "dark-force.R95"), FIGHT),
    _spec("cannonfire", "Cannonfire",
          obj(("player", "ship", "target", "roll"), player=P, ship=ID, target=ID, roll=die(6)),
          apply_cannonfire, (*COMBAT, "dark-force.R95", "dark-force.R96"), FIGHT),
    _spec("transfer_hit", "Shift a hit aboard", obj(("player", "ship", "card"), player=P, ship=ID, card=ID),
          apply_transfer_hit, (*COMBAT, "dark-force.H46", "dark-force.R96"), FIGHT),
    _spec("boarding_result", "Record a boarding",
          obj(("player", "pair", "boarded_ship"), player=P, pair=integer(0, 20), boarded_ship=ID),
          apply_boarding_result, (*COMBAT, "dark-force.R97"), FIGHT),
    _spec("fleet_retreat", "Retreat the fleet", obj(("player", "to"), player=P, to=ID),
          apply_fleet_retreat, (*COMBAT, "dark-force.R98"), FIGHT),
    _spec("naval_reorganize", "Reorganize the lines", obj(("player",), player=P),
          apply_naval_reorganize, ("dark-force.H44", "dark-force.R97"), FIGHT),
    _spec("end_naval_combat", "End the naval combat", obj(("player",), player=P),
          apply_end_naval_combat, ("dark-force.H44",), FIGHT),
)

if naval_pending not in _turn_hooks.PENDING_CHECKS:
    _turn_hooks.PENDING_CHECKS.append(naval_pending)
