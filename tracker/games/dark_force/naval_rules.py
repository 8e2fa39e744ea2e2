"""Captain's Pack: ships, ocean terrains, moves and loading -- the shared helpers and the rule checks.

The actions that use these checks are in naval.py; the naval combat's helpers and checks are in
naval_combat_rules.py. Ships are not units (R114): they live in `state["ships"]` (created by the first
launch), units aboard have `terrain: None, place: {"ship": id}`.
Islands count as ocean terrain for ships (a ship may sail onto one) and as land for units.
"""
from __future__ import annotations

from tracker.engine import Rule

from .rule_titles import ROWS
from .state import name_of, neighbours, terrain, terrain_at

FIGHTERS = ("army", "creature", "hero", "summoned")  # units, as opposed to equipment
LOADABLE = ("hero", "army", "equipment", "summoned")  # R84
SEA_EVENTS = ("healing potion", "frenzy", "fatigue", "prisoner", "lucky coincidence")  # R63
MOVE_STEPS = ("declare_moves", "execute_moves")


# ------------------------------------------------------------------ small helpers

def cp_on(state) -> bool:
    return bool(state.get("rules", {}).get("captains_pack"))


def ship_of(state, sid) -> dict | None:
    return (state.get("ships") or {}).get(sid) if isinstance(sid, str) else None


def terr(state, tid) -> dict | None:
    return terrain(state, tid) if isinstance(tid, str) else None


def is_sea(t) -> bool:
    """Ocean terrain in the rulebook's sense: an Ocean or an Island card."""
    return bool(t.get("ocean") or t.get("island"))


def is_open_ocean(t) -> bool:
    return bool(t.get("ocean")) and not t.get("island")


def adjacent(a, b) -> bool:
    return list(b["cell"]) in neighbours(a["cell"])


def ships_at(state, tid, seat=None, boarded=False) -> list[dict]:
    return [s for s in (state.get("ships") or {}).values() if s["terrain"] == tid and (seat is None or
            s["controller"] == seat) and (boarded or not s.get("boarded"))]


def cargo(state, s) -> list[dict]:
    return [state["units"][uid] for uid in s["cargo"] if uid in state["units"]]


def fighters_aboard(state, s) -> list[dict]:
    return [u for u in cargo(state, s) if u["kind"] in FIGHTERS]


def land_units(state, tid, seat) -> list[dict]:
    return [u for u in state["units"].values() if u["terrain"] == tid and u["controller"] == seat
            and u["kind"] in FIGHTERS]


def shore_of(land, at) -> bool:
    """R84: cargo moves between a ship in `at` and an Island (that one or a neighbour) or the adjacent coast."""
    if land is None or at is None or is_open_ocean(land):
        return False
    return land["id"] == at["id"] and bool(land.get("island")) or adjacent(land, at)


def army_size(u) -> int:
    v = u["values"].get("third")
    return v if isinstance(v, int) else 0


def moving_ships(state, params) -> list[dict]:
    """The ships a ship_move names: one ship, or every ship of a fleet."""
    if params.get("fleet") is not None:
        return [s for s in (state.get("ships") or {}).values() if s.get("fleet") == params.get("fleet")]
    s = ship_of(state, params.get("ship"))
    return [s] if s else []


def retreat_destinations(state, seat, from_tid) -> list[str]:
    """R98: adjacent uncontested ocean terrains of the player; failing those, uncontested enemy ones.

    Ships leaving the same naval combat don't make a terrain contested (the retreat is simultaneous)."""
    src = terr(state, from_tid)
    if src is None:
        return []
    nc = state.get("naval_combat") or {}
    leaving = set(nc.get("retreated") or []) | {sid for side in (nc.get("lines") or []) for sid in (side or [])}
    ok = []
    for t in (terrain_at(state, c) for c in neighbours(src["cell"])):
        if t is None or not is_sea(t):
            continue
        enemy = [s for s in ships_at(state, t["id"], 1 - seat) if s["id"] not in leaving]
        if enemy or land_units(state, t["id"], 1 - seat):
            continue
        ok.append(t)
    own = [t["id"] for t in ok if t["controller"] == seat]
    return own or [t["id"] for t in ok]


# ------------------------------------------------------------------ pure functions for the other parts

def island_placement_problem(state, cell, is_island, is_ocean) -> str | None:
    """R20: an Island never borders mainland, and mainland never borders an Island."""
    if not (isinstance(cell, (list, tuple)) and len(cell) == 2 and all(isinstance(c, int) for c in cell)):
        return None
    around = [t for t in (terrain_at(state, c) for c in neighbours(cell)) if t is not None]
    if is_island:
        land = next((t for t in around if not is_sea(t)), None)
        if land:
            return f"An Island may only border ocean terrains, not {land['name']}."
    elif not is_ocean:
        isle = next((t for t in around if t.get("island")), None)
        if isle:
            return f"Mainland can't be placed next to the Island {isle['name']}."
    return None


def ocean_entry_problem(state, seat, unit_ids, tid) -> str | None:
    """R81: only flyers enter open ocean, unless the player has a ship there (the units then go aboard)."""
    t = terr(state, tid)
    if t is None or not is_open_ocean(t) or ships_at(state, t["id"], seat):
        return None
    for uid in unit_ids or []:
        u = state["units"].get(uid) if isinstance(uid, str) else None
        if u and u["kind"] in FIGHTERS and "flying" not in (u.get("abilities") or []):
            return f"{u['name']} can't enter {t['name']}: only ships and flyers go to sea without a ship there."
    return None


def sea_retreat_problem(state, seat, from_tid, to_tid) -> str | None:
    """R90: from coastal land into an adjacent ocean holding an own ship; from an Island onto an own ship there."""
    src, dst = terr(state, from_tid), terr(state, to_tid)
    if src is None or dst is None or not is_sea(dst):
        return None
    if src["id"] == dst["id"]:
        if not src.get("island"):
            return "Only units on an Island retreat onto a ship in the same terrain."
    elif src.get("island") or is_sea(src) or not adjacent(src, dst):
        return f"{dst['name']} isn't an ocean next to this coast."
    if not ships_at(state, dst["id"], seat):
        return f"You need a ship in {dst['name']} to retreat to sea."
    return None


# ------------------------------------------------------------------ checks: ships and moves

def check_h40(state, params, ctx):
    if not cp_on(state):
        return "The Captain's Pack isn't in this game."


def check_h41(state, params, ctx):
    if state.get("active_player") != params.get("player"):
        return f"Only {name_of(state, state.get('active_player'))} moves ships and cargo now."
    if state.get("movement_step") not in MOVE_STEPS:
        return "Ships move, load and unload in the Declare Moves / Execute Moves steps."


def check_h42(state, params, ctx):
    for key in ("ocean_terrain", "port_terrain", "terrain", "to"):
        if key in params and terr(state, params[key]) is None:
            return f"That terrain ({key}) is not in play."
    for tid in params.get("path") or []:
        if terr(state, tid) is None:
            return "A terrain of the path is not in play."
    if ctx.action_type == "ship_move" and (params.get("ship") is None) == (params.get("fleet") is None):
        return "Name either a ship or a fleet."
    if params.get("fleet") is not None and not moving_ships(state, params):
        return "That fleet is not at sea."
    names = [params[k] for k in ("ship", "boarded_ship") if k in params]
    names += list(params.get("ships") or [])
    if ctx.action_type == "cannonfire":
        names.append(params.get("target"))
    for sid in names:
        if ship_of(state, sid) is None:
            return "That ship is not at sea."
    units = list(params.get("units") or []) + [params[k] for k in ("admiral", "card") if k in params]
    for uid in units:
        if not isinstance(uid, str) or uid not in state["units"]:
            return "That unit or equipment is not in play."


def unload_is_free(state, params) -> bool:
    """R84: landing on an enemy-occupied Island costs no move."""
    to, seat = terr(state, params.get("to")), params.get("player")
    return bool(to and to.get("island") and to["controller"] != seat and land_units(state, to["id"], 1 - seat))


def fleet_regroup(state, params) -> bool:
    """R87: changing an existing fleet (a ship already in one, or the admiral's fleet) costs a move."""
    ships = [ship_of(state, sid) for sid in params.get("ships") or []]
    led = any(f.get("admiral") == params.get("admiral") for f in (state.get("fleets") or {}).values())
    return led or any(s and s.get("fleet") for s in ships)


def check_h47(state, params, ctx):
    kind = ctx.action_type
    if kind == "unload" and unload_is_free(state, params) or kind == "form_fleet" and not fleet_regroup(state, params):
        return None
    p = state["players"][params["player"]]
    if p["moves_used"] >= p["moves_allowed"]:
        return f"That counts as a move and you have none left ({p['moves_used']} of {p['moves_allowed']} used)."


def check_h45(state, params, ctx):
    if state["players"][params["player"]]["hand_count"] < 1:
        return "That card has to come from your hand; the tracker shows none there."


def check_h46(state, params, ctx):
    seat = params.get("player")
    if ctx.action_type == "ship_move":
        ships = moving_ships(state, params)
    elif ctx.action_type == "form_fleet":
        ships = [ship_of(state, sid) for sid in params.get("ships") or []]
    else:
        ships = [ship_of(state, params.get("ship"))]
    for s in ships:
        if s and s["controller"] != seat:
            return f"{s['name']} isn't yours."


def check_r83(state, params, ctx):
    ships = moving_ships(state, params)
    if not ships:
        return None
    here, seat = terr(state, ships[0]["terrain"]), params.get("player")
    path = params.get("path") or []
    if here is None:
        return None
    if any(s["terrain"] != here["id"] for s in ships):
        return "The fleet's ships must sail together from one terrain."
    entered = set()
    for s in ships:
        v = s.get("visited") or {}
        if v.get("turn") == state.get("turn"):
            entered |= set(v.get("terrains") or [])
    for k, tid in enumerate(path):
        t = terr(state, tid)
        if t is None:
            return None
        if not is_sea(t):
            return f"{t['name']} isn't ocean: ships stay at sea."
        if not adjacent(here, t):
            return f"{t['name']} doesn't border {here['name']}."
        if tid in entered:
            return f"{t['name']} was already entered this turn."
        entered.add(tid)
        if ships_at(state, tid, 1 - seat) and k < len(path) - 1:
            return f"Ships must stop in {t['name']}: an enemy ship is there."
        here = t


def check_r84(state, params, ctx):
    s = ship_of(state, params.get("ship"))
    if s is None:
        return None
    at, seat = terr(state, s["terrain"]), params.get("player")
    ids = params.get("units") or []
    if len(set(ids)) != len(ids):
        return "A card is named twice."
    for uid in ids:
        u = state["units"].get(uid)
        if u is None:
            return None
        if u["controller"] != seat:
            return f"{u['name']} isn't yours."
        if u["kind"] not in LOADABLE:
            return "Only heroes, armies, equipment and summoned creatures go aboard ships."
        if ctx.action_type == "load":
            if not shore_of(terr(state, u["terrain"]), at):
                return f"{u['name']} can board only from an Island or the coast next to {s['name']}."
        elif uid not in s["cargo"]:
            return f"{u['name']} isn't aboard {s['name']}."
    if ctx.action_type == "unload":
        to = terr(state, params.get("to"))
        if to is not None and not shore_of(to, at):
            return f"From {s['name']} cargo lands only on an Island there or on the coast next to it."


def check_r85(state, params, ctx):
    s = ship_of(state, params.get("ship"))
    if s is None:
        return None
    new = [state["units"][u] for u in params.get("units") or [] if u in state["units"] and u not in s["cargo"]]
    aboard = cargo(state, s) + new
    size = sum(army_size(u) for u in aboard if u["kind"] == "army")
    heroes = sum(1 for u in aboard if u["kind"] == "hero")
    if size > s["tc"]:
        return f"Army Size {size} aboard exceeds {s['name']}'s Transport Capacity {s['tc']}."
    if heroes > s["tc"]:
        return f"{heroes} heroes aboard exceed {s['name']}'s Transport Capacity {s['tc']}."


def check_r86(state, params, ctx):
    sea, port = terr(state, params.get("ocean_terrain")), terr(state, params.get("port_terrain"))
    if sea is None or port is None:
        return None
    if not is_sea(sea):
        return f"{sea['name']} isn't an ocean terrain."
    if port["controller"] != params.get("player") or is_open_ocean(port):
        return f"{port['name']} isn't a port of yours (name one of your coastal terrains)."
    if not adjacent(port, sea):
        return f"{sea['name']} doesn't border your port {port['name']}."


def check_r87(state, params, ctx):
    seat = params.get("player")
    if ctx.action_type == "ship_move":
        s = ship_of(state, params.get("ship"))
        if s and s.get("fleet"):
            return f"{s['name']} sails with its fleet: move the fleet, or regroup first."
        return None
    ids = params.get("ships") or []
    ships = [ship_of(state, sid) for sid in ids]
    adm = state["units"].get(params.get("admiral")) if isinstance(params.get("admiral"), str) else None
    if any(s is None for s in ships) or adm is None:
        return None
    if adm.get("class") != "admiral" or adm["controller"] != seat:
        return "A fleet needs an admiral of yours."
    if len(set(ids)) != len(ids) or len(ids) < 2:
        return "A fleet is two or more different ships."
    if len({s["terrain"] for s in ships}) > 1:
        return "The ships of a fleet must be in one terrain."
    if not any(adm["id"] in s["cargo"] for s in ships):
        return f"{adm['name']} must be aboard one of the fleet's ships."


def check_r88(state, params, ctx):
    """Leaving the movement phase: a fleet at a defended enemy Island has unloaded or left (attach to next_step)."""
    if not cp_on(state) or state.get("phase") != "movement" or state.get("movement_step") != "movement_end":
        return None
    seat = state.get("active_player")
    for s in (state.get("ships") or {}).values():
        due = s.get("landing_due") or {}
        t = terr(state, due.get("terrain"))
        if s["controller"] != seat or due.get("turn") != state.get("turn") or t is None or s["terrain"] != t["id"]:
            continue
        if t["controller"] != seat and land_units(state, t["id"], 1 - seat):
            return f"{s['name']} is at the defended Island {t['name']}: unload at least one unit or sail away."


def check_r89(state, params, ctx):
    t = terr(state, params.get("terrain"))
    if t is not None and not is_sea(t):
        return f"Ocean hazards go under Ocean or Island terrains, not {t['name']}."


def check_hazard_timing(state, params, ctx):
    if params.get("kind") == "event":
        return None
    if state.get("active_player") != params.get("player") or state.get("phase") != "movement":
        return "Expansion and creature hazards are played in your own movement phase."


# ------------------------------------------------------------------ checks: rules for the other parts' actions

def check_r20(state, params, ctx):
    if not cp_on(state):
        return None
    kind = str(params.get("type") or "").strip().lower()
    island = params.get("island") is True or kind == "island"
    ocean = island or params.get("ocean") is True or kind == "ocean"
    return island_placement_problem(state, params.get("cell"), island, ocean)


def at_sea(state, params) -> bool:
    """During a naval combat, or played in an ocean terrain (`ocean`, or a `terrain` that is one)."""
    if state.get("naval_combat") or params.get("ocean") is True:
        return True
    t = terr(state, params.get("terrain"))
    return bool(t and is_sea(t))


def check_r63(state, params, ctx):
    """For play_event: at sea only ocean-symbol events (`ocean_symbol`) and the five named ones."""
    if not cp_on(state) or not at_sea(state, params) or params.get("ocean_symbol") is True:
        return None
    name = str(params.get("name") or params.get("card") or "").strip().lower()
    if name not in SEA_EVENTS:
        return "At sea only events with the ocean symbol, Healing Potion, Frenzy, Fatigue, Prisoner and " \
               "Lucky Coincidence can be played."


def check_r81(state, params, ctx):
    if not cp_on(state):
        return None
    path = params.get("path") or []
    dest = params.get("to") or params.get("destination") or (path[-1] if path else None)
    return ocean_entry_problem(state, params.get("player"), params.get("units") or [], dest)


def check_r90(state, params, ctx):
    if not cp_on(state):
        return None
    frm = params.get("from") or (state.get("combat") or {}).get("terrain")
    return sea_retreat_problem(state, params.get("player"), frm, params.get("to"))


def check_r114(state, params, ctx):
    for key in ("unit", "ship"):
        if ship_of(state, params.get(key)):
            return "Ships are discarded when destroyed, never sent to Boron's Halls."


# ------------------------------------------------------------------ the rules

def _r(n, title, message, check=None, hard=False):
    kind, section, _ = ROWS[n]
    return Rule(f"dark-force.R{n}", title, section, message, check, kind=kind, hard=hard)


CP = "[3.5 Captain's Pack Card Types]"
RULES = (
    _r(20, "Islands border only ocean", "Islands may only border ocean terrains.", check_r20),
    _r(63, "Events at sea", "Only ocean events and five named events can be played at sea.", check_r63),
    _r(81, "Only ships and flyers go to sea", "Only ships and flyers can enter the ocean.", check_r81),
    _r(82, "Flyers stranded at sea are discarded", "A flyer ending the movement phase at sea without an own ship "
       "there is discarded."),
    _r(83, "Ship moves", "Ships sail through adjacent ocean terrains and stop at an enemy ship.", check_r83),
    _r(84, "Loading and unloading", "Only heroes, armies, equipment and summoned creatures board or leave ships, "
       "from an Island or the adjacent coast.", check_r84),
    _r(85, "Transport Capacity", "The ship's Transport Capacity would be exceeded.", check_r85),
    _r(86, "Ships are launched next to an own port", "Ships are launched next to one of your ports.", check_r86),
    _r(87, "Fleets need an admiral", "A fleet needs an admiral and moves as one.", check_r87),
    _r(88, "Enemy Islands", "At a defended enemy Island a fleet unloads or leaves.", check_r88),
    _r(89, "Ocean hazards go under ocean terrains", "Ocean hazards go under Ocean or Island terrains.", check_r89),
    _r(90, "Retreat to sea", "You need a ship there to retreat to sea.", check_r90),
    _r(114, "A ship is not a unit", "Ships are discarded, not sent to Boron's Halls.", check_r114),
    Rule("dark-force.H40", "The Captain's Pack must be in play", CP, "The Captain's Pack isn't in this game.",
         check_h40),
    Rule("dark-force.H41", "Ships move in the active player's move steps", "[6 Movement Phase]",
         "Only the active player moves ships, in the Declare or Execute Moves step.", check_h41),
    Rule("dark-force.H42", "No such ship, terrain or unit", CP, "That isn't in play.", check_h42, hard=True),
    Rule("dark-force.H43", "Expansion and creature hazards in the own movement phase", CP,
         "Expansion and creature hazards are played in your own movement phase.", check_hazard_timing),
    Rule("dark-force.H45", "The card comes from the hand", CP, "Your hand holds no card to play.", check_h45),
    Rule("dark-force.H46", "Only your own ships", CP, "That ship isn't yours.", check_h46),
    Rule("dark-force.H47", "Ship moves, loading and regrouping use up moves", "[6.1 Captain's Pack Move Rules]",
         "You have no moves left this turn.", check_h47),
)
