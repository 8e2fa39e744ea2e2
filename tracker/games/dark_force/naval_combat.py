"""Captain's Pack: naval combat -- its actions, fleet retreats, and the enumerator that drives it (spec 4.8).

The checks are in naval_combat_rules.py. A naval combat lives in `state["naval_combat"]` and runs
place -> (maneuver -> [maneuver_rolls] -> attacks | retreat) ... -> over; sunk and boarded ships leave
the lines at Reorganize, since the attacks of a round are simultaneous.
"""
from __future__ import annotations

import math

from tracker.engine.kit.enumerate import act as _a
from tracker.engine.schema import die, enum, integer, obj

from . import naval_combat_rules as ncr
from . import naval_rules as nr
from . import turn as _turn_hooks
from .enumerate import PART_ENUMERATORS
from .naval_combat_rules import line, paired, position
from .naval_common import ID, IDS, P, _destroy_aboard, _drop_capture, _hazard_notes, _place, _remove_ship, _spec
from .naval_rules import cargo, fighters_aboard, ships_at, terr
from .state import check_end, name_of

FIGHT = frozenset({"combat"})
COMBAT = ("dark-force.H44", "dark-force.H42")


# ------------------------------------------------------------------ fleet retreats

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
    ok = [rolls[k] < ncr.fleet_mobility(state, nc, k) for k in (0, 1)]
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
    mob = ncr.pair_mobility(state, nc, sid)
    out = f"{s['name']} rolls {params['roll']} against Mobility {mob}: {'success' if params['roll'] < mob else 'fails'}"
    decider, kind = ncr.pair_decider(state, nc, pos[1])
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


# ------------------------------------------------------------------ the enumerator (drives a naval combat to its end)

def _plan(state, nc) -> str:
    """One maneuver for both fleets (so no rolls are needed) that keeps the fight moving toward its end."""
    ships, m = state["ships"], paired(nc)
    pairs = [(ships[line(nc, 0)[i]], ships[line(nc, 1)[i]]) for i in range(m)]
    short_ok = any(max(ncr.pair_mobility(state, nc, a["id"]), ncr.pair_mobility(state, nc, b["id"])) >= 2
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
            target = ncr.fire_target(nc, sid)
            if sid in nc["fired"] or target is None or ships[sid].get("boarded") or \
                    i < len(pairs) and pairs[i]["kind"] != "cannonfire":
                continue
            ncs = ships[sid]["ncs"] - (1 if nc["range"] == "long" else 0)
            if ncs >= 2:
                return [_a("cannonfire", player=seat, ship=sid, target=target, roll=min(6, ncs - 1))]
    return [_a("naval_reorganize", player=nc["attacker"])]


def naval_enumerate(state, game):
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

ACTIONS = (
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
