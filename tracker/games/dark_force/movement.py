"""Terrains, the map, recruiting, capacity and movement: actions, Movement End and the enumerator (spec 4.3, 4.4).

The map is a hex grid in axial cells (state.HEX). The first terrain of the game lies at [0, 0]; the other
player's first terrain lies at [0, -1], across its upper edge (R15, E2), and that cell is kept free for it
until it is played. Later terrains go next to an own terrain if possible, then where they touch the most
terrains (R16, R17, E3). The rule checks are in movement_rules.py (the map, playing cards),
movement_moves.py (moves) and movement_claims.py (claim_over_limit: capacity, R24 conflicts, R37 leadership).
"""
from __future__ import annotations

from tracker.engine import Action, ActionSpec, ParamError, Rule, decide
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from . import movement_claims as mc
from . import movement_moves as mv
from . import movement_rules as mr
from .enumerate import PART_ENUMERATORS
from .movement_claims import apply_claim_over_limit
from .movement_claims import tidy as _tidy
from .movement_rules import auto_excess, grown, over_limit
from .naval import strand_flyers
from .rule_titles import ROWS
from .state import check_end, count_terrains, name_of, new_id, remove_unit, terrain, to_borons_halls
from .turn import STEP_HOOKS

ID = string(20, "an id in play")
ABILITIES = ("flying", "ranged", "flank", "mounted")
CLASSES = (None, "gray_mage", "black_mage", "druid", "witch", "warlock", "elf", "blessed_one", "goblin_shaman",
           "admiral")
THIRD = {"anyOf": [integer(0, 99), {"const": "#"}], "description": "AS / Ctl / Ldr, or \"#\""}
VALUES = obj(("third",), cs=integer(-20, 99), cs_defence_only=boolean(), cd=integer(-20, 99), ms=integer(-20, 99),
             spellcaster=boolean(), mr=integer(-20, 99), third=THIRD)
UNIT = obj(("kind", "name", "values"), kind=enum("army", "creature", "hero"), name=string(80), values=VALUES,
           abilities={"type": "array", "items": enum(*ABILITIES), "maxItems": 4},
           deity=string(40), symbol=string(40, "the terrain type its symbol names"),
           forbidden_symbols={"type": "array", "items": string(40), "maxItems": 6},
           revealed=boolean("a hero was shown and named to the opponent (R22)"), **{"class": enum(*CLASSES)})
EXPANSION = obj(("name",), name=string(80), cs=integer(-9, 20), ms=integer(-9, 20), cap=integer(-9, 20),
                temple=string(40, "the deity, for a temple"))
IDS = {"type": "array", "items": ID, "maxItems": 40}
MODS = obj((), cs=integer(-20, 20), cd=integer(-20, 20), ms=integer(-20, 20), mr=integer(-20, 20),
           third=integer(-20, 20))


def _r(n, title, message, check=None):
    kind, section, _ = ROWS[n]
    return Rule(f"dark-force.R{n}", title, section, message, check, kind=kind)


RULES = (
    _r(7, "Moves: 2 minus the cards drawn", "You have no moves left this turn.", mv.check_moves_left),
    _r(11, "Only the active player puts cards into play, in the movement phase",
       "Units are put into play only during your own movement phase.", mr.check_r11),
    _r(12, "A terrain in play before any other card", "You need a terrain in play first.", mr.check_r12),
    _r(13, "Terrains come before the first declared move", "New terrains are played first.", mr.check_r13),
    _r(14, "A terrain comes with a unit", "A terrain is played together with a unit.", mr.check_r14),
    _r(15, "The first two terrains meet upper edge to upper edge", "The first terrains meet at their upper edges.",
       mr.check_r15),
    _r(16, "New terrain next to an own terrain if possible", "Place new terrain next to one of your own.",
       mr.check_r16),
    _r(17, "New terrain touches as many terrains as possible", "Place it where it touches the most terrains.",
       mr.check_r17),
    _r(19, "Terrain symbols", "This card can't be played on that terrain type.", mr.check_r19),
    _r(21, "Units go under terrains you control", "You can only recruit into terrains you control.", mr.check_r21),
    _r(22, "Heroes are shown when played", "Show and name the hero to your opponent.", mr.check_r22),
    _r(23, "A Blessed One needs a temple of its deity", "A Blessed One needs its deity's temple there.",
       mr.check_r23),
    _r(24, "No Blessed One beside your own mages, druids, witches or warlocks",
       "Your Blessed One can't share a terrain with that unit.", mc.check_r24),
    _r(25, "One expansion of a name per terrain", "This terrain already has that expansion.", mr.check_r25),
    _r(27, "Army Size within the Capacity", "The armies would exceed this terrain's Capacity.",
       mr.check_limits("dark-force.R27")),
    _r(28, "Creatures within the creature limit", "Too many creatures for this terrain.",
       mr.check_limits("dark-force.R28")),
    _r(29, "Heroes within the hero limit (Essen '96)", "Too many heroes for this terrain.",
       mr.check_limits("dark-force.R29")),
    _r(30, "Over-limit remedies", "That removal doesn't match the excess.", mc.check_r30),
    _r(31, "One weapon, one armor, one other item per hero or army", "That unit can't take this equipment.",
       mr.check_r31),
    _r(33, "Declared moves are irrevocable", "Declared moves can't be taken back.", mv.check_r33),
    _r(34, "Each unit moves once per turn", "This unit has already moved this turn.", mv.check_r34),
    _r(35, "Each move uses a different stack", "Each move must use a different stack.", mv.check_r35),
    _r(36, "One move starts and ends together", "The units of one move start and end together.", mv.check_r36),
    _r(37, "Leadership", "Armies and creatures move only within a hero's Leadership.", mc.check_r37),
    _r(38, "Equipment travels with its users", "Equipment must be carried by a hero or army.", mv.check_r38),
    _r(39, "Move distance", "That terrain is out of reach for this move.", mv.check_r39),
    _r(42, "Summoned creatures stay with their summoner", "The summoned creature would vanish.", mv.check_r42),
    _r(43, "Look at your own stacks in your movement phase", "You can inspect your stacks only in your own "
       "movement phase.", mv.check_r43),
    _r(60, "Temples: one per deity per terrain", "This terrain already has that temple.", mr.check_r60),
    _r(108, "Expansions only on your own terrain", "Expansions can only be added to a terrain you control.",
       mr.check_r108),
    Rule("dark-force.H10", "No such terrain", "[6 Movement Phase]", "That terrain isn't in play.",
         mr.check_terrain_known, hard=True),
    Rule("dark-force.H11", "No such unit", "[6 Movement Phase]", "That unit isn't in play.", mv.check_units_known,
         hard=True),
    Rule("dark-force.H12", "Moves follow the movement steps", "[6 Movement Phase]",
         "Moves are declared, then carried out, by the active player.", mv.check_step),
    Rule("dark-force.H13", "One terrain per map cell", "[6 Movement Phase]", "There is already a terrain there.",
         mr.check_cell, hard=True),
    Rule("dark-force.H14", "The cards come from the hand", "[6 Movement Phase]",
         "The hand doesn't hold enough cards for that play.", mr.check_hand),
    Rule("dark-force.H15", "No such declared move", "[6 Movement Phase]", "No such declared move is pending.",
         mv.check_move_known, hard=True),
    Rule("dark-force.H16", "Card values fit the card type", "[3.3 Card Values]",
         "That value doesn't fit the card.", mr.check_values),
)


# ------------------------------------------------------------------ effects

def _spend(state, seat, n) -> None:
    p = state["players"][seat]
    p["hand_count"] = max(0, p["hand_count"] - n)


def _contest(state, tid) -> None:
    t = terrain(state, tid)
    if t is None or (t.get("ocean") and not t.get("island")):
        return  # no land combat in open ocean: the naval part handles the sea
    if tid not in mr.queued(state):
        state["combat_queue"].append(tid)


def make_unit(state, spec: dict, seat: int, tid) -> dict:
    v = spec.get("values") or {}
    unit = {"id": new_id(state, "u"), "name": spec["name"], "kind": spec["kind"], "owner": seat, "controller": seat,
            "terrain": tid, "face": "down",
            "values": {"cs": v.get("cs"), "cs_defence_only": bool(v.get("cs_defence_only")),
                       "cd": v.get("cd", v.get("cs")), "ms": v.get("ms"), "spellcaster": bool(v.get("spellcaster")),
                       "mr": v.get("mr", v.get("ms")), "third": v.get("third")},
            "abilities": list(dict.fromkeys(spec.get("abilities") or [])), "class": spec.get("class"),
            "deity": spec.get("deity"), "symbol": spec.get("symbol"),
            "forbidden_symbols": list(spec.get("forbidden_symbols") or []), "moved": False, "equipped_to": None,
            "category": None, "mods": {"cs": 0, "cd": 0, "ms": 0, "mr": 0, "third": 0}, "summoner": None,
            "summon_kind": None, "summoned_by": None}
    if spec["kind"] == "hero":
        unit["revealed"] = True  # R22: the hero's name is public
    state["units"][unit["id"]] = unit
    return unit


def _place_unit(state, spec, seat, t) -> str:
    unit = make_unit(state, spec, seat, t["id"])
    what = f"the hero {unit['name']}" if unit["kind"] == "hero" else "a face-down card"  # R22; the rest is private
    line = f"{name_of(state, seat)} puts {what} under {t['name']}."
    if mr.enemy_units(state, t["id"], seat):
        _contest(state, t["id"])
        if t["id"] in mr.queued(state):
            line += f" Enemy units stand there: a combat for {t['name']} follows (R41)."
    return line


def apply_play_terrain(state, params, ctx):
    seat = params["player"]
    cell = mr.chosen_cell(state, params) or mr.placement(state, seat)["legal"][0]
    vals = params.get("values") or {}
    kind = params["type"]
    t = {"id": new_id(state, "t"), "name": params["name"], "type": kind, "owner": seat, "controller": seat,
         "cell": list(cell), "values": {"cs": vals.get("cs", 0), "ms": vals.get("ms", 0), "cap": vals.get("cap", 0)},
         "expansions": [], "ocean": mr.same(kind, "Ocean") or mr.same(kind, "Island"), "island": mr.same(kind, "Island"),
         "hazards": [], "ships": []}
    state["terrains"].append(t)
    state["players"][seat]["ever_had_terrain"] = True
    exp = params.get("expansion")
    if exp:
        t["expansions"].append(_expansion(exp))
    _spend(state, seat, mr.hand_needed("play_terrain", params))
    line = f"{name_of(state, seat)} plays {t['name']} ({kind}) at {t['cell']}" + \
           (f" with {exp['name']}" if exp else "") + "."
    if params.get("unit"):
        line += " " + _place_unit(state, params["unit"], seat, t)
    count_terrains(state)
    check_end(state)
    return line


def _expansion(p) -> dict:
    return {"name": p["name"], "cs": p.get("cs", 0), "ms": p.get("ms", 0), "cap": p.get("cap", 0),
            "temple": p.get("temple")}


def apply_play_expansion(state, params, ctx):
    t = terrain(state, params["terrain"])
    owner = t["controller"]
    over = over_limit(state, t, owner, grown(state, t, params))
    t["expansions"].append(_expansion(params))
    _spend(state, params["player"], 1)
    line = f"{name_of(state, params['player'])} adds {params['name']} to {t['name']}."
    ids = params.get("excess") if params.get("excess") is not None else auto_excess(state, t, owner, over)
    for uid in ids:
        u = state["units"].get(uid)
        if u is None:
            continue
        remove_unit(state, uid)
        points = to_borons_halls(state, u["owner"], u["name"], u["kind"], u["values"].get("third") or 0)
        line += f" {u['name']} no longer fits and goes to Boron's Halls (+{points})."
    line = " ".join(x for x in (line, _tidy(state)) if x)
    check_end(state)
    return line


def apply_recruit(state, params, ctx):
    _spend(state, params["player"], 1)
    return _place_unit(state, params["unit"], params["player"], terrain(state, params["terrain"]))


def apply_play_equipment(state, params, ctx):
    seat, t = params["player"], terrain(state, params["terrain"])
    item = make_unit(state, {"name": params["name"], "kind": "equipment", "values": {}}, seat, t["id"])
    mods = params.get("mods") or {}
    item.update(category=params["category"], equipped_to=params.get("equip_to"),
                mods={k: mods.get(k, 0) for k in ("cs", "cd", "ms", "mr", "third")})
    _spend(state, seat, 1)
    return f"{name_of(state, seat)} puts a face-down card under {t['name']}."


def apply_inspect_stack(state, params, ctx):
    t = terrain(state, params["terrain"])
    n = len(mr.own_units(state, t["id"], params["player"])) + sum(
        1 for u in state["units"].values() if u["terrain"] == t["id"] and u["kind"] == "equipment")
    return f"{name_of(state, params['player'])} looks at the stack under {t['name']} ({n} card(s))."


def apply_declare_move(state, params, ctx):
    seat = params["player"]
    move = mr.move_group(state, params)
    path = None
    if move is not None:
        path = mv.route(state, seat, move["from"], move["to"], move["units"], params.get("path"))[0]
    entry = {"id": new_id(state, "m"), "player": seat, "from": params["from"], "to": params["to"],
             "path": path or list(params.get("path") or [params["to"]]), "units": list(params["units"]),
             "leader_of": {k: list(v) for k, v in (params.get("leader_of") or {}).items()}, "done": False}
    state["moves"].append(entry)
    state["players"][seat]["moves_used"] += 1
    lines = []
    if state["movement_step"] == "play_terrains":
        state["movement_step"] = "declare_moves"
        hook = STEP_HOOKS.get("declare_moves")
        if hook:
            lines.append(hook(state) or "")
    frm, to = terrain(state, params["from"]), terrain(state, params["to"])
    lines.insert(0, f"{name_of(state, seat)} declares a move from {frm['name'] if frm else params['from']} to "
                    f"{to['name'] if to else params['to']} ({len(entry['units'])} card(s)).")
    return " ".join(x for x in lines if x)


def _move(state, params):
    return next(m for m in state["moves"] if m["id"] == params["move"])


def apply_execute_move(state, params, ctx):
    m = _move(state, params)
    for uid in m["units"]:
        u = state["units"].get(uid)
        if u is not None and u["terrain"] == m["from"]:
            u["terrain"], u["moved"] = m["to"], True
    m["done"], m["executed"] = True, True
    to = terrain(state, m["to"])
    line = f"{name_of(state, m['player'])}'s move to {to['name'] if to else m['to']} is carried out."
    return " ".join(x for x in (line, _tidy(state)) if x)


def apply_forfeit_move(state, params, ctx):
    m = _move(state, params)
    m["done"], m["forfeited"], m["reason"] = True, True, params.get("reason")
    return f"{name_of(state, m['player'])} forfeits a declared move ({params.get('reason') or 'no longer possible'});" \
           " it still counts as used."


def movement_end(state) -> str:
    """Movement End: arrivals join, capture undefended terrain with an army, stay face up, or meet a combat."""
    seat = state["active_player"]
    lines = []
    arrived = list(dict.fromkeys(m["to"] for m in state["moves"] if m.get("executed")))
    for tid in arrived:
        t = terrain(state, tid)
        if t is None:
            continue
        mine = mr.own_units(state, tid, seat)
        if not mine:
            continue
        if mr.enemy_units(state, tid, seat):
            _contest(state, tid)
            if tid in mr.queued(state):
                lines.append(f"{t['name']} is contested: a combat follows.")
        elif t["controller"] == seat:
            for u in mine:
                u["face"] = "up" if u["kind"] == "summoned" else "down"
        elif any(u["kind"] == "army" for u in mine):
            t["controller"] = seat
            for u in state["units"].values():
                if u["terrain"] == tid and u["kind"] == "equipment":
                    u["controller"] = seat
            for u in mine:
                u["face"] = "up" if u["kind"] == "summoned" else "down"
            lines.append(f"{name_of(state, seat)} captures {t['name']}" +
                         (" with its expansions." if t["expansions"] else "."))
        else:
            for u in mine:
                u["face"] = "up"
            lines.append(f"Without an army {t['name']} stays {name_of(state, t['controller'])}'s; "
                         f"the intruders stay face up there.")
    lines.append(strand_flyers(state) or "")  # Captain's Pack: flyers left at sea without a ship (R82)
    for t in state["terrains"]:  # R41: every terrain where both players have units
        if mr.own_units(state, t["id"], 0) and mr.own_units(state, t["id"], 1):
            _contest(state, t["id"])
    count_terrains(state)
    check_end(state)
    return " ".join(x for x in [f"{name_of(state, seat)}: movement end.", *lines] if x)


STEP_HOOKS["movement_end"] = movement_end

M = frozenset({"movement"})
PLAY = frozenset({"start", "movement", "combat", "discard"})
TERRAIN_VALUES = obj(("cap",), cs=integer(-9, 20), ms=integer(-9, 20), cap=integer(0, 20))
CELL = {"type": "array", "items": integer(-50, 50), "minItems": 2, "maxItems": 2, "description": "axial [q, r]"}
CARD_RULES = ("dark-force.R11", "dark-force.R12", "dark-force.H14")
UNIT_RULES = ("dark-force.H16", "dark-force.R19", "dark-force.R22", "dark-force.R23", "dark-force.R24",
              "dark-force.R27", "dark-force.R28", "dark-force.R29")
MOVE_RULES = ("dark-force.H12", "dark-force.H15", "dark-force.R33")

ACTIONS = (
    ActionSpec("play_terrain", "Play a terrain with a unit",
               obj(("player", "name", "type", "values"), player=seat(), name=string(80), type=string(40),
                   cell=CELL, values=TERRAIN_VALUES, unit=UNIT, expansion=EXPANSION),
               apply_play_terrain,
               rules=("dark-force.R11", "dark-force.H14", "dark-force.R13", "dark-force.R14", "dark-force.H13",
                      "dark-force.R15", "dark-force.R16", "dark-force.R17", "dark-force.R20", *UNIT_RULES),
               phases=M, phase_rule="dark-force.R11"),
    ActionSpec("play_expansion", "Play a terrain expansion",
               obj(("player", "terrain", "name"), player=seat(), terrain=ID, name=string(80), cs=integer(-9, 20),
                   ms=integer(-9, 20), cap=integer(-9, 20), temple=string(40, "the deity, for a temple"),
                   excess={**IDS, "description": "the creatures (Essen: heroes) that no longer fit, if any"}),
               apply_play_expansion,
               rules=(*CARD_RULES, "dark-force.H10", "dark-force.R108", "dark-force.R25", "dark-force.R60",
                      "dark-force.R27", "dark-force.R30"),
               phases=M, phase_rule="dark-force.R11"),
    ActionSpec("recruit", "Recruit a unit", obj(("player", "terrain", "unit"), player=seat(), terrain=ID, unit=UNIT),
               apply_recruit, rules=(*CARD_RULES, "dark-force.H10", "dark-force.R21", *UNIT_RULES),
               phases=M, phase_rule="dark-force.R11"),
    ActionSpec("play_equipment", "Play equipment",
               obj(("player", "terrain", "name", "category"), player=seat(), terrain=ID, name=string(80),
                   category=enum("weapon", "armor", "other"), mods=MODS, equip_to=ID),
               apply_play_equipment, rules=(*CARD_RULES, "dark-force.H10", "dark-force.R21", "dark-force.R31"),
               phases=M, phase_rule="dark-force.R11"),
    ActionSpec("inspect_stack", "Look at an own stack", obj(("player", "terrain"), player=seat(), terrain=ID),
               apply_inspect_stack, rules=("dark-force.H10", "dark-force.R43"), phases=M,
               phase_rule="dark-force.R43", undoable=False),
    ActionSpec("declare_move", "Declare a move",
               obj(("player", "from", "to", "units"), player=seat(), to=ID, path={**IDS, "maxItems": 3},
                   units={**IDS, "minItems": 1},
                   leader_of={"type": "object", "additionalProperties": IDS,
                              "description": "hero id -> the armies and creatures it leads"}, **{"from": ID}),
               apply_declare_move,
               rules=("dark-force.H12", "dark-force.H10", "dark-force.H11", "dark-force.R7", "dark-force.R34",
                      "dark-force.R35", "dark-force.R36", "dark-force.R37", "dark-force.R38", "dark-force.R39",
                      "dark-force.R42", "dark-force.R24", "dark-force.R27", "dark-force.R28", "dark-force.R29",
                      "dark-force.R81"),
               phases=M, phase_rule="dark-force.R8"),
    ActionSpec("execute_move", "Carry out a declared move", obj(("player", "move"), player=seat(), move=ID),
               apply_execute_move, rules=MOVE_RULES, phases=M, phase_rule="dark-force.R8"),
    ActionSpec("forfeit_move", "Forfeit a declared move",
               obj(("player", "move"), player=seat(), move=ID, reason=string(120)),
               apply_forfeit_move, rules=MOVE_RULES, phases=M, phase_rule="dark-force.R8"),
    ActionSpec("claim_over_limit", "Remove units over a limit",
               obj(("player", "terrain", "units"), player=seat("the claimant (the opponent of the units' owner)"),
                   terrain=ID, units={**IDS, "minItems": 1, "description": "the cards removed (Blessed One "
                                      "conflict: the one card its owner gives up)"},
                   reason=enum(*mc.REASONS, description="which limit: a terrain's (default), a Blessed One "
                               "beside an own mage (R24), or a hero's Leadership (R37)"),
                   hero={**ID, "description": "leadership: the hero that led too much"},
                   led={**IDS, "description": "leadership: the units the hero led (default: its last move)"}),
               apply_claim_over_limit, rules=("dark-force.H10", "dark-force.R30", "dark-force.R24", "dark-force.R37"),
               phases=PLAY, phase_rule="dark-force.R8"),
)


# ------------------------------------------------------------------ candidate legal actions (conformance harness)

ARMY = {"kind": "army", "name": "Veterans", "values": {"cs": 2, "ms": 0, "third": 1}}
HERO = {"kind": "hero", "name": "Noble", "values": {"cs": 2, "ms": 0, "third": 3}}
TERRAIN = {"name": "Plains", "type": "Plains", "values": {"cs": 0, "ms": 0, "cap": 3}}


def enumerate_movement(state, game) -> list | None:
    if state.get("mode") != "duel" or state.get("phase") != "movement" or state.get("combat") or state.get("result"):
        return None

    a, step = state["active_player"], state["movement_step"]
    out = []
    waiting = mr.pending(state, a)
    if step == "execute_moves" and waiting:
        m = waiting[0]["id"]
        out += [Action("execute_move", {"player": a, "move": m}),
                Action("forfeit_move", {"player": a, "move": m, "reason": "no longer possible"})]
    else:
        own = [t for t in state["terrains"] if t["controller"] == a]
        if step == "play_terrains" and len(own) < 3:
            out += [Action("play_terrain", {"player": a, **TERRAIN, "unit": u}) for u in (HERO, ARMY)]
        if step in ("play_terrains", "declare_moves"):
            out += _move_candidates(state, a)
        out += [Action("recruit", {"player": a, "terrain": t["id"], "unit": u}) for t in own[:2] for u in (ARMY, HERO)]
        out.append(Action("next_step", {"player": a}))
    return [c for c in out if _legal(game, state, c)]


def _legal(game, state, action) -> bool:
    try:
        result = decide(game, state, action)
    except ParamError:  # a candidate naming what is not there is simply not offered
        return False
    return result.accepted and not result.overridden


def _move_candidates(state, a) -> list:
    out = []
    busy = {uid for m in state["moves"] for uid in m["units"]}
    for t in state["terrains"]:
        mine = [u for u in mr.own_units(state, t["id"], a) if not u["moved"] and u["id"] not in busy]
        heroes = [u for u in mine if u["kind"] == "hero"]
        if not heroes:
            continue
        hero = heroes[0]
        armies = [u for u in mine if u["kind"] == "army" and mr.third_of(state, u) != "#"][:1]
        for n in mr.adjacent_terrains_of(state, t)[:3]:
            out.append(Action("declare_move", {"player": a, "from": t["id"], "to": n["id"], "units": [hero["id"]]}))
            if armies:
                out.append(Action("declare_move", {"player": a, "from": t["id"], "to": n["id"],
                                                   "units": [hero["id"], armies[0]["id"]],
                                                   "leader_of": {hero["id"]: [armies[0]["id"]]}}))
    return out[:8]


PART_ENUMERATORS.append(enumerate_movement)
