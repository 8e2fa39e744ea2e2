"""Captain's Pack: launching ships, ocean hazards, loading, ship moves and fleets (spec 3.5, 4.8).

Only with `state["rules"]["captains_pack"]`. The checks are in naval_rules.py; the naval combat (and the
fleet retreat) is in naval_combat.py, and ACTIONS / RULES here cover both halves.
Pure functions other parts may use: island_placement_problem (R20), ocean_entry_problem (R81),
strand_flyers (R82, Movement End), sea_retreat_problem / retreat_aboard (R90).
"""
from __future__ import annotations

from tracker.engine.schema import enum, integer, obj, string

from . import naval_combat_rules as ncr
from . import naval_rules as nr
from .naval_combat import (  # noqa: F401  (re-exported: the naval combat used to live here)
    ACTIONS as COMBAT_ACTIONS, apply_boarding_result, apply_cannonfire, apply_choose_attack_type,
    apply_choose_maneuver, apply_end_naval_combat, apply_fleet_retreat, apply_maneuver_roll, apply_naval_reorganize,
    apply_pair_roll, apply_set_line, apply_start_naval_combat, apply_transfer_hit, naval_enumerate, naval_pending,
)
from .naval_combat_rules import line, paired, position  # noqa: F401  (re-exported)
from .naval_common import ID, IDS, P, _hazard_notes, _place, _spec, _tidy_fleets
from .naval_rules import (  # noqa: F401  (re-exported for the other parts)
    cargo, fighters_aboard, island_placement_problem, land_units, ocean_entry_problem, sea_retreat_problem, ship_of,
    ships_at, terr,
)
from .state import check_end, count_terrains, name_of, new_id, remove_unit

PLAY = frozenset({"start", "movement", "combat", "discard"})
MOVE = frozenset({"movement"})


# ------------------------------------------------------------------ helpers for moves

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


# ------------------------------------------------------------------ the actions

SHIP_RULES = ("dark-force.H41", "dark-force.H42", "dark-force.H46")
SHIP_ACTIONS = (
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
)
ACTIONS = (*SHIP_ACTIONS, *COMBAT_ACTIONS)
RULES = (*nr.RULES, *ncr.RULES)
