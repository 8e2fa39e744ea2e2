"""Captain's Pack: naval combat -- the line and pair helpers and the rule checks (R91-R99, H44).

The actions that use these checks are in naval_combat.py; ships, moves and loading are in naval_rules.py.
A naval combat lives in `state["naval_combat"]`: lines of ship ids per seat, pairs counted from the flagships.
"""
from __future__ import annotations

from tracker.engine import Rule

from .naval_rules import _r, is_sea, retreat_destinations, ship_of, ships_at, terr
from .state import name_of

STEP_OF = {"set_line": "place", "choose_maneuver": "maneuver", "maneuver_roll": "maneuver_rolls",
           "pair_roll": "attacks", "choose_attack_type": "attacks", "cannonfire": "attacks", "transfer_hit": "attacks",
           "boarding_result": "attacks", "naval_reorganize": "attacks", "fleet_retreat": "retreat",
           "end_naval_combat": "over"}
STEP_TITLES = {"place": "placing the ships", "maneuver": "choosing maneuvers", "maneuver_rolls": "maneuver rolls",
               "attacks": "exchanging attacks", "retreat": "retreating", "over": "ending the naval combat"}


# ------------------------------------------------------------------ naval combat helpers

def line(nc, seat) -> list[str]:
    return (nc["lines"][seat] or []) if nc else []


def paired(nc) -> int:
    return min(len(line(nc, 0)), len(line(nc, 1)))


def position(nc, sid):
    for seat in (0, 1):
        if sid in line(nc, seat):
            return seat, line(nc, seat).index(sid)
    return None


def fleet_mobility(state, nc, seat) -> int:
    return min((state["ships"][sid]["mobility"] for sid in line(nc, seat) if sid in state["ships"]), default=0)


def pair_mobility(state, nc, sid) -> int:
    """R95: a ship's Mobility for its pair roll, 1 lower (minimum 1) when an unpaired enemy ship also faces it."""
    seat, i = position(nc, sid)
    mob = state["ships"][sid]["mobility"]
    if i == len(line(nc, seat)) - 1 and len(line(nc, 1 - seat)) > len(line(nc, seat)):
        mob = max(1, mob - 1)
    return mob


def fire_target(nc, sid) -> str | None:
    """Who a ship may shoot: its pair partner, or (first unpaired ship) the diagonally adjacent enemy."""
    pos = position(nc, sid)
    if pos is None:
        return None
    seat, i = pos
    m, other = paired(nc), line(nc, 1 - pos[0])
    if i < m:
        return other[i]
    if i == m and m >= 1:
        return other[m - 1]
    return None


def pair_decider(state, nc, i):
    """(decider seat or None, kind or None) once both ships of pair i have rolled."""
    pair = nc["pairs"][i]
    sids = [line(nc, 0)[i], line(nc, 1)[i]]
    if any(sid not in pair["rolls"] for sid in sids):
        return None, None
    rolls = [pair["rolls"][sid] for sid in sids]
    ok = [rolls[k] < pair_mobility(state, nc, sids[k]) for k in (0, 1)]
    if ok[0] and ok[1]:
        if rolls[0] == rolls[1]:
            return None, "cannonfire"  # an even contest: neither ship outmaneuvers, they trade shots
        return (0 if rolls[0] > rolls[1] else 1), None
    if ok[0] or ok[1]:
        return (0 if ok[0] else 1), None
    return None, "none"

# ------------------------------------------------------------------ checks: naval combat

def check_h44(state, params, ctx):
    nc = state.get("naval_combat")
    if ctx.action_type == "start_naval_combat":
        return "A naval combat is already being fought; finish it first." if nc else None
    if nc is None:
        return None if ctx.action_type == "fleet_retreat" else "No naval combat is being fought."
    want = STEP_OF.get(ctx.action_type)
    if want and nc["step"] != want:
        return f"The naval combat is at {STEP_TITLES.get(nc['step'], nc['step'])}; that belongs to " \
               f"{STEP_TITLES[want]}."


def check_r91(state, params, ctx):
    t = terr(state, params.get("terrain"))
    if t is None:
        return None
    if not is_sea(t):
        return f"{t['name']} isn't an ocean terrain: ships and land units never fight each other."
    if state.get("active_player") != params.get("player"):
        return f"{name_of(state, state.get('active_player'))}, the active player, opens naval combats."
    if not ships_at(state, t["id"], 0) or not ships_at(state, t["id"], 1):
        return f"Ships of both players must share {t['name']} for a naval combat."
    if state.get("combat"):
        return "Finish the land combat first."
    if t.get("naval_turn") == state.get("turn"):
        return f"The naval combat in {t['name']} was already fought this turn."


def check_r92(state, params, ctx):
    nc = state.get("naval_combat")
    if not nc:
        return None
    seat = params.get("player")
    if nc["lines"][seat] is not None:
        return "Your ship order is already set; it stays fixed for the whole naval combat."
    ids = list(params.get("ships") or [])
    own = {s["id"] for s in ships_at(state, nc["terrain"], seat)}
    if len(set(ids)) != len(ids) or set(ids) != own:
        return "Line up every one of your ships in this terrain, each once (flagship first)."


def check_r93(state, params, ctx):
    nc = state.get("naval_combat")
    if not nc:
        return None
    seat = params.get("player")
    if ctx.action_type == "choose_maneuver" and nc["maneuvers"][seat] is not None:
        return "You already chose this round's maneuver."
    if ctx.action_type == "maneuver_roll" and nc["maneuver_rolls"][seat] is not None:
        return "Your maneuver roll for this round is already in."


def check_r94(state, params, ctx):
    nc = state.get("naval_combat")
    if nc and nc["range"] == "long":
        return "At long range ships only exchange cannonfire (no pair rolls, no boarding)."


def check_r95(state, params, ctx):
    nc = state.get("naval_combat")
    if not nc or not nc.get("pairs"):
        return None if ctx.action_type == "cannonfire" else "There is no pair to roll for."
    seat = params.get("player")
    if ctx.action_type == "pair_roll":
        pos = position(nc, params.get("ship"))
        if pos is None or pos[0] != seat or pos[1] >= len(nc["pairs"]):
            return "Only a ship of yours in a pair rolls for its pair."
        if params.get("ship") in nc["pairs"][pos[1]]["rolls"]:
            return "That ship has already rolled this round."
    elif ctx.action_type == "choose_attack_type":
        i = params.get("pair")
        if not isinstance(i, int) or i >= len(nc["pairs"]):
            return f"There are {len(nc['pairs'])} pair(s), counted from 0 at the flagships."
        pair = nc["pairs"][i]
        if pair["kind"] == "none":
            return "Both ships failed to maneuver: no attack this round."
        if pair["kind"] is not None:
            return f"This pair already fights by {pair['kind']}."
        if pair["decider"] is None:
            return "Both ships of the pair roll first."
        if pair["decider"] != seat:
            return f"{name_of(state, pair['decider'])} won the maneuver and picks the kind of attack."
    elif ctx.action_type == "cannonfire":
        pos = position(nc, params.get("ship"))
        if pos and pos[1] < len(nc["pairs"]) and nc["pairs"][pos[1]]["kind"] != "cannonfire":
            kind = nc["pairs"][pos[1]]["kind"]
            return {None: "This pair hasn't settled its kind of attack yet.",
                    "none": "Both ships failed to maneuver: no attack this round.",
                    "boarding": "This pair is boarding, not firing."}.get(kind, "No cannonfire here.")


def check_r96(state, params, ctx):
    nc = state.get("naval_combat")
    if not nc:
        return None
    seat = params.get("player")
    if ctx.action_type == "cannonfire":
        sid = params.get("ship")
        pos = position(nc, sid)
        if pos is None or pos[0] != seat:
            return "Only your own ships in the line fire."
        if sid in nc["fired"]:
            return "That ship has already fired this round."
        if state["ships"][sid].get("boarded"):
            return "A boarded ship doesn't fire."
        if fire_target(nc, sid) != params.get("target"):
            return "Ships fire at their pair partner (an unpaired ship at the diagonally adjacent enemy)."
        return None
    s = ship_of(state, params.get("ship"))
    if s is None:
        return None
    open_hits = [a for a in nc["attacks"] if a["ship"] == s["id"] and not a["transferred"]]
    if not open_hits or s["hits"] < 1:
        hit = any(a["ship"] == s["id"] for a in nc["attacks"])
        return "Only one hit per attack can be shifted." if hit else f"{s['name']} took no hits this round."
    if params.get("card") not in s["cargo"] or params.get("card") not in state["units"]:
        return f"The hit can be shifted only onto a unit or equipment aboard {s['name']}."


def check_r97(state, params, ctx):
    nc = state.get("naval_combat")
    if not nc:
        return None
    if ctx.action_type == "naval_reorganize":
        if any(p["kind"] == "boarding" and not p.get("done") for p in nc.get("pairs") or []):
            return "Record the result of the boarding first."
        return None
    i = params.get("pair")
    if not isinstance(i, int) or i >= len(nc.get("pairs") or []) or nc["pairs"][i]["kind"] != "boarding" \
            or nc["pairs"][i].get("done"):
        return "No boarding is being fought by that pair."
    if params.get("boarded_ship") not in (line(nc, 0)[i], line(nc, 1)[i]):
        return "The boarded ship is one of the two ships of that pair."


def check_r98(state, params, ctx):
    nc, seat = state.get("naval_combat"), params.get("player")
    if ctx.action_type == "choose_maneuver":
        if nc and params.get("choice") == "withdraw" and nc["range"] == "long" and \
                not retreat_destinations(state, seat, nc["terrain"]):
            return "Your fleet has no uncontested ocean terrain to retreat to, so it can't withdraw at long range."
        return None
    if nc:
        if not nc["retreating"][seat]:
            return "Your fleet isn't retreating."
        if params.get("to") not in retreat_destinations(state, seat, nc["terrain"]):
            return "Retreat only into an adjacent uncontested ocean terrain (your own if there is one)."
        return None
    due = [s for s in (state.get("ships") or {}).values() if s["controller"] == seat and s.get("must_retreat")]
    if not due:
        return "None of your ships has to retreat now."
    if params.get("to") not in retreat_destinations(state, seat, due[0]["terrain"]):
        return "Retreat only into an adjacent uncontested ocean terrain (your own if there is one)."


# ------------------------------------------------------------------ the rules

SEA = "[7.7 Naval Combat (Captain's Pack)]"
RULES = (
    _r(91, "Naval combats", "A naval combat needs ships of both players in one ocean terrain.", check_r91, True),
    _r(92, "Ship lines", "Ship order is fixed after placement.", check_r92, True),
    _r(93, "Maneuvers", "One maneuver and at most one maneuver roll per fleet and round.", check_r93),
    _r(94, "Long range", "Boarding needs short range.", check_r94),
    _r(95, "Pair rolls at short range", "The pair's rolls decide cannonfire or boarding.", check_r95),
    _r(96, "Cannonfire", "Only paired ships fire; one hit per attack can be shifted.", check_r96),
    _r(97, "Boarding", "Boarding is recorded for a pair that chose it.", check_r97),
    _r(98, "Fleet retreat", "Retreat only into an uncontested ocean terrain.", check_r98),
    _r(99, "Hits vanish after the naval combat", "Hits are cleared after each naval combat."),
    Rule("dark-force.H44", "The naval combat runs step by step", SEA, "That doesn't fit the naval combat now.",
         check_h44, hard=True),
)
