"""What the Dark Force phone pages need beyond the core table context (templates/games/dark-force/).

The context empties the generic phase list (the page draws its own stepper, with the movement sub-steps) and precomputes what the
templates would otherwise work out: both Boron's Halls and how far each is from ending the game, the map
laid out on a grid from the terrains' axial hex cells, what each tile may show (face-up units by name,
face-down units only as a count), the combat helper's rows, and the tournament standings.

Nothing private reaches the page: a face-down unit contributes a count (and its Army Size to the capacity
used, which the players announce when they recruit), never its name.
"""
from __future__ import annotations

import json

from tracker.engine.kit import seats
from tracker.engine.kit.presenter import Page, Table, stepper

from . import combat_field as cr
from . import movement_claims as mc
from . import movement_rules as mr
from .decks import CLASSES
from .movement import ABILITIES
from .movement_claims import REASONS as CLAIM_REASON_IDS
from .naval_rules import MOVE_STEPS as SEA_STEPS
from .state import HAND_LIMIT, UNIT_KINDS

STEPS = (
    ("setup", "Roll for first"),
    ("start", "Start: draws"),
    ("play_terrains", "Play terrains"),
    ("declare_moves", "Declare moves"),
    ("execute_moves", "Execute moves"),
    ("movement_end", "Movement end"),
    ("combat", "Combat"),
    ("discard", "Discard"),
)
STEP_TITLES = dict(STEPS)
REASONS = {
    "borons_halls": "Boron's Halls", "conquest": "conquest", "deck_out": "the deck ran out",
    "time_limit": "the hour is up",
}
TILE_COLS = 2  # a tile spans two grid columns: rows shift by one column, giving the hex ("brick") layout


_name = seats.name_of


def _int(value, default=0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


# ------------------------------------------------------------------ Boron's Halls

def to_end(points: int, other: int, target: int, margin: int) -> int:
    """Points still to come into these halls (the other's unchanged) before the game ends on them."""
    return max(0, target - points, other + margin - points)


def _halls(state) -> dict:
    target, margin = _int(state.get("bh_target"), 20), _int(state.get("bh_margin"), 5)
    players = state.get("players", [])
    pts = [_int((p.get("borons_halls") or {}).get("points")) for p in players]
    sides = []
    for seat, p in enumerate(players[:2]):
        other = pts[1 - seat] if len(pts) > 1 else 0
        need = to_end(pts[seat], other, target, margin)
        sides.append({
            "seat": seat, "name": p.get("name"), "points": pts[seat], "to_end": need,
            "over": pts[seat] >= target, "ahead": len(pts) > 1 and pts[seat] < other,
            "cards": (p.get("borons_halls") or {}).get("cards", []),
        })
    diff = abs(pts[0] - pts[1]) if len(pts) > 1 else 0
    return {"sides": sides, "target": target, "margin": margin, "diff": diff,
            "leader": next((s["name"] for s in sides if s["ahead"]), None)}


# ------------------------------------------------------------------ the map

def _cell(t) -> tuple[int, int]:
    cell = t.get("cell")
    if isinstance(cell, (list, tuple)) and len(cell) == 2 and all(isinstance(c, int) for c in cell):
        return cell[0], cell[1]
    return 0, 0


def _queued(state) -> set:
    out = set()
    for item in state.get("combat_queue") or []:
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, dict):
            out.add(item.get("terrain") or item.get("terrain_id") or item.get("id"))
    return out


def _creature_limit(t, mode: str) -> int:
    base = _int((t.get("values") or {}).get("cap"))
    mods = sum(_int(e.get("cap")) for e in t.get("expansions") or [])
    return max(0, base + mods) if mode == "additive" else max(0, base - mods)


def _unit_line(u) -> dict:
    v = u.get("values") or {}
    third = v.get("third")
    return {"id": u.get("id"), "name": u.get("name"), "kind": u.get("kind"), "controller": u.get("controller"),
            "owner": u.get("owner"), "cs": v.get("cs"), "cd": v.get("cd"), "third": third,
            "summoned": u.get("kind") == "summoned" or bool(u.get("summon_kind")),
            "abilities": u.get("abilities") or []}


def _orientation(state) -> dict:
    """Which way each seat's terrains face: their upper edge points at the opponent's side of the map.
    The side is read off where each seat's own terrains lie (seat 1 at the top when it can't be told)."""
    rows = {0: [], 1: []}
    for t in state.get("terrains", []):
        if t.get("owner") in rows:
            rows[t["owner"]].append(_cell(t)[1])
    avg = {s: sum(r) / len(r) for s, r in rows.items() if r}
    top = 0 if (0 in avg and 1 in avg and avg[0] < avg[1]) else 1
    return {top: "▼", 1 - top: "▲"}  # a seat at the top faces down, toward the other


def _map(state) -> dict:
    terrains = state.get("terrains", [])
    if not terrains:
        return {"tiles": [], "cols": 0, "rows": 0}
    units = [u for u in (state.get("units") or {}).values() if isinstance(u, dict)]
    queued = _queued(state)
    combat = state.get("combat") or {}
    fighting = combat.get("terrain") or combat.get("terrain_id")
    mode = (state.get("rules") or {}).get("creature_capacity", "subtractive")
    arrows = _orientation(state)
    cells = [_cell(t) for t in terrains]
    xs = [TILE_COLS * q + r for q, r in cells]
    rs = [r for _, r in cells]
    min_x, min_r = min(xs), min(rs)
    tiles = []
    for t, (q, r), x in zip(terrains, cells, xs):
        here = [u for u in units if u.get("terrain") == t.get("id")]
        sides = []
        for seat in sorted({u.get("controller") for u in here if isinstance(u.get("controller"), int)}):
            mine = [u for u in here if u.get("controller") == seat]
            sides.append({
                "seat": seat, "name": _name(state, seat),
                "down": sum(1 for u in mine if u.get("face") != "up"),
                "up": [_unit_line(u) for u in mine if u.get("face") == "up"],
                "total": len(mine),
            })
        controller = t.get("controller")
        own = [u for u in here if u.get("controller") == controller]
        base_cap = _int((t.get("values") or {}).get("cap"))
        cap = base_cap + sum(_int(e.get("cap")) for e in t.get("expansions") or [])
        used = sum(_int((u.get("values") or {}).get("third")) for u in own if u.get("kind") == "army")
        creatures = sum(1 for u in own if u.get("kind") in ("creature", "summoned"))
        heroes = sum(1 for u in own if u.get("kind") == "hero")
        climit = _creature_limit(t, mode)
        tiles.append({
            "t": t, "id": t.get("id"), "q": q, "r": r,
            "col": x - min_x + 1, "row": r - min_r + 1,
            "controller_name": _name(state, controller),
            "owner_differs": t.get("owner") != controller, "owner_name": _name(state, t.get("owner")),
            "faces": _name(state, 1 - controller) if controller in (0, 1) else "",
            "arrow": arrows.get(controller, ""),
            "cap": cap, "used": used, "over": used > cap,
            "creatures": creatures, "creature_limit": climit, "creatures_over": creatures > climit,
            "heroes": heroes,
            "sides": sides,
            "contested": len(sides) > 1, "queued": t.get("id") in queued, "fighting": t.get("id") == fighting,
            "ships": len(t.get("ships") or []), "hazards": len(t.get("hazards") or []),
        })
    return {"tiles": tiles, "cols": max(xs) - min_x + TILE_COLS, "rows": max(rs) - min_r + 1}


# ------------------------------------------------------------------ turn and stepper

def _steps(state) -> list[dict]:
    phase = state.get("phase")
    current = state.get("movement_step") if phase == "movement" else phase
    ids = [s for s, _ in STEPS]
    at = ids.index(current) if current in ids else -1
    if phase == "movement" and at < 0:
        at = ids.index("play_terrains")
    return stepper(STEPS, at)


def _turn(state) -> dict:
    ap = state.get("active_player")
    players = state.get("players", [])
    p = players[ap] if isinstance(ap, int) and 0 <= ap < len(players) else {}
    phase = state.get("phase")
    hand = _int(p.get("hand_count"))
    step = state.get("movement_step") if phase == "movement" else phase
    rolls = (state.get("roll_off") or {}).get("rolls") or [None, None]
    return {
        "active": ap, "active_name": _name(state, ap), "step": step,
        "step_title": STEP_TITLES.get(step, (step or "").replace("_", " ")),
        "draws": p.get("draws_this_turn"), "moves_allowed": _int(p.get("moves_allowed")),
        "moves_used": _int(p.get("moves_used")),
        "choose_draws": phase == "start" and p.get("draws_this_turn") is None,
        "can_mulligan": phase == "start" and not p.get("mulligan_used"),
        "can_next": phase in ("start", "movement", "combat") and not (phase == "start" and p.get("draws_this_turn") is None)
        and not (phase == "combat" and (state.get("combat") or state.get("combat_queue"))),
        "excess": max(0, hand - HAND_LIMIT) if phase == "discard" else 0,
        "can_end": phase == "discard" and hand <= HAND_LIMIT,
        "rollers": [{"seat": s, "name": _name(state, s), "roll": rolls[s] if s < len(rolls) else None}
                    for s in range(len(players))],
        "draw_params": [(n, json.dumps({"player": ap, "count": n})) for n in (0, 1, 2)],
    }


# ------------------------------------------------------------------ combat helper

def _p(**params) -> str:
    return json.dumps(params)


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
        "results": [{**r, "unit_name": cr.uname(state, r.get("unit")), "target_name": cr.uname(state, r.get("target"))}
                    for r in c.get("results") or []],
        "attacks": [{**x, "unit_name": cr.uname(state, x.get("unit")), "target_name": cr.uname(state, x.get("target"))}
                    for x in c.get("attacks") or [] if x.get("kind") == {"close_combat": "close"}.get(step, step)
                    or (step == "close_combat" and x.get("kind") == "flank")],
        "over": cr.combat_over(state, c), "a": a, "d": d,
    }
    out["controls"] = _combat_controls(state, c, a, d, step, placing)
    return out


def _start_combats(state) -> list[tuple[str, str, str]]:
    """(terrain id, name, params) of the combats waiting in the combat phase, for the active player to pick."""
    if state.get("phase") != "combat" or state.get("combat"):
        return []
    ap = state.get("active_player")
    out = []
    for tid in _queued(state):
        t = next((t for t in state.get("terrains", []) if t.get("id") == tid), None)
        if t and not t.get("ocean"):
            out.append((tid, t.get("name"), _p(player=ap, terrain=tid)))
    return sorted(out)


def _placed(state, c, side) -> list[tuple[str, str]]:
    return [(x, f"{cr.uname(state, x)} ({row} {col})") for _, row, col, x in cr.spots(state, c, side)]


def _combat_controls(state, c, a, d, step, placing) -> dict:
    ctl: dict = {}
    if step == "distribute":
        t = c.get("terrain")
        ctl["distribute"] = {
            "player": a, "units": [(u["id"], u["name"]) for u in (state.get("units") or {}).values()
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
                        "units": [(x, cr.uname(state, x)) for x in (summoned or cr.unplaced(state, c, side))],
                        "row": first[0], "column": first[1],
                        "free": ", ".join(f"{r} {col}" for r, col in slots)}
        return ctl
    if cr.combat_over(state, c):
        ctl["end"] = _p(player=a)
        return ctl
    declared = c.get("retreat_declared") or []
    if step == "announce_retreat" and not (a in declared and d in declared):
        side = a if a not in declared else d
        ctl["retreat"] = {"player": side, "name": _name(state, side), "none": _p(player=side, units=[]),
                          "units": [(x, cr.uname(state, x)) for _, _, _, x in cr.spots(state, c, side)
                                    if state["units"][x]["kind"] in ("hero", "army")]}
    elif step in cr.ATTACK_STEPS and step not in (c.get("resolved") or []):
        kind = {"ranged": "declare_ranged", "flying": "declare_flying", "close_combat": "declare_close"}[step]
        if not (c.get("rolls") or {}).get(cr.bucket(step)):
            ctl["declare"] = [{"action": kind, "player": s, "name": _name(state, s),
                               "units": _placed(state, c, s), "targets": _placed(state, c, 1 - s)}
                              for s in (d, a)]
            if step == "close_combat":
                ctl["declare"] += [{"action": "declare_flank", "player": s, "name": _name(state, s),
                                    "units": [(x, n) for x, n in _placed(state, c, s)
                                              if "flank" in (state["units"][x].get("abilities") or [])],
                                    "targets": _placed(state, c, 1 - s)} for s in (d, a)]
                ctl["declare"] = [f for f in ctl["declare"] if f["units"]]
        rolls = []
        for x in cr.missing_rolls(state, c, step):
            u = state["units"][x]
            v = u.get("values") or {}
            need = [k for k in ("cs", "cd") if not isinstance(v.get(k), int)]
            rolls.append({"unit": x, "name": u["name"], "player": u["controller"], "need": need,
                          "buttons": [(n, _p(player=u["controller"], unit=x, roll=n)) for n in range(1, 7)]})
        ctl["rolls"] = rolls
        if not rolls:
            ctl["resolve"] = _p(player=a)
    elif step == "retreat":
        ctl["retreats"] = [{"unit": x, "name": cr.uname(state, x), "player": state["units"][x]["controller"],
                            "to": [(t["id"], t["name"]) for t in cr.own_refuges(state, c, state["units"][x]["controller"])]}
                           for x in c.get("retreat") or [] if cr.pos(state, c, x)]
    if step == "reorganize":
        ctl["reorganize"] = _p(player=a)
    elif step in cr.STEPS and not ctl.get("retreats") and not ctl.get("retreat"):
        ctl["next"] = _p(player=a)
    return ctl


# ------------------------------------------------------------------ tournament

TIE_ORDER_TEXT = {"points": "tournament points", "wins": "wins", "bh_difference": "Boron's Halls difference",
                  "head_to_head": "points between the tied players", "name": "name"}


def _tournament(state) -> dict:
    """Standings as tournament.py ranks them (`state.standings`), the games with their results and links."""
    players = state.get("players", [])
    rows = state.get("standings")
    if not isinstance(rows, list) or not rows:
        rows = [{"seat": i, "rank": i + 1, "name": p.get("name"), "points": _int(p.get("points")),
                 "games": _int(p.get("games")), "wins": _int(p.get("wins")), "losses": _int(p.get("losses")),
                 "bh_difference": _int(p.get("bh_difference")), "excluded": bool(p.get("excluded"))}
                for i, p in enumerate(players)]
    games = []
    for g in reversed(state.get("games") or []):  # newest first
        if not isinstance(g, dict):
            continue
        seats = g.get("seats") or []
        points = g.get("points") or []
        winner = g.get("winner")
        games.append({**g, "names": [_name(state, s) for s in seats],
                      "winner_name": _name(state, winner) if isinstance(winner, int) else None,
                      "reason_title": REASONS.get(g.get("reason"), (g.get("reason") or "").replace("_", " ")),
                      "tally": ", ".join(f"{_name(state, s)} {p:+d}" for s, p in zip(seats, points)
                                         if isinstance(p, int)),
                      "score": " – ".join(str(b) for b in g.get("bh") or [])})
    order = state.get("tie_order") or ["points", "wins", "bh_difference", "head_to_head", "name"]
    active = [p.get("name") for p in players if not p.get("excluded")]
    return {"standings": rows, "games": games, "names": active,
            "tie_order": ", then ".join(TIE_ORDER_TEXT.get(k, k) for k in order),
            "finished": state.get("phase") == "finished",
            "round_played": any(g.get("round") == state.get("round") for g in state.get("games") or []),
            "waiting": [g.get("number") for g in state.get("games") or [] if g.get("ruling_needed")],
            "rulings": state.get("rulings") or []}


# ------------------------------------------------------------------ playing cards and moving (movement, magic, naval)

PLAY_PHASES = ("start", "movement", "combat", "discard")
CARD_STEPS = ("play_terrains", "declare_moves", "execute_moves")
FORM_KINDS = tuple(sorted(UNIT_KINDS, key=lambda k: k != "hero"))  # the forms offer heroes first
CASTER_CLASSES = tuple(c for c in CLASSES if c not in ("blessed_one", "admiral"))  # who may carry a spell
FIGHTERS = ("hero", "army", "creature", "summoned")


def _public(u) -> bool:
    return u.get("face") == "up" or bool(u.get("revealed")) or u.get("kind") == "summoned"


def _label(u) -> str:
    """A unit as the forms name it: by name once shown, else by kind and id (its name stays private)."""
    if _public(u):
        return u.get("name") or u.get("id")
    return f"face-down {u.get('kind')} {u.get('id')}"


HAZARD_KINDS = ("expansion", "event", "creature")
CLAIM_KINDS = UNIT_KINDS
CLAIM_REASONS = {"capacity": "over the Capacity or a limit (R30)",
                 "blessed_one_conflict": "a Blessed One beside an own mage (R24)",
                 "leadership": "a hero led more than its Leadership (R37)"}


def _over_cases(state, t, seat, theirs, waiting, fighting) -> tuple[list[str], list]:
    """Why `seat`'s units in terrain `t` may be claimed (the reasons that apply), and the heroes over their
    Leadership there (id, label)."""
    why, heroes = [], []
    if t.get("id") not in waiting and t.get("id") != fighting and mr.limit_problems(state, t, theirs):
        why.append("capacity")
    blessed, others = mc.conflict_pair(state, t["id"], seat)
    if blessed and others:
        why.append("blessed_one_conflict")
    for u in theirs:
        led = mc.led_group(state, {"hero": u["id"]}) if u.get("kind") == "hero" else None
        if not led:
            continue
        ldr = mr.third_of(state, u)
        group = [x for x in (mr.unit_of(state, uid) for uid in dict.fromkeys(led)) if x is not None]
        if mc.load(state, group) > (ldr if isinstance(ldr, int) else 0):
            heroes.append((u["id"], _label(u)))
    if heroes:
        why.append("leadership")
    return why, heroes


def _claims(state, terrains, units, reasons) -> list[dict]:
    """claim_over_limit, one entry per claimant (the opponent of the player over a limit): the terrains where
    that player breaks a limit -- R30 capacity (no combat pending there; movement_rules.limit_problems), and,
    once the action takes a `reason` (movement_claims), a Blessed One beside an own mage (R24) or a hero that
    led more than its Leadership in its last move this turn (R37) -- with that player's units in each, the
    reasons that apply, and the heroes over their Leadership."""
    fighting = (state.get("combat") or {}).get("terrain")
    waiting = _queued(state)
    by_claimant: dict[int, list] = {}
    for t in terrains:
        for seat in (0, 1):
            theirs = [u for u in units if u.get("terrain") == t.get("id") and u.get("controller") == seat
                      and u.get("kind") in CLAIM_KINDS]
            if not theirs:
                continue
            why, heroes = _over_cases(state, t, seat, theirs, waiting, fighting)
            why = [w for w in why if w in reasons or (w == "capacity" and not reasons)]
            if why:
                by_claimant.setdefault(1 - seat, []).append({
                    "id": t.get("id"), "name": t.get("name"), "why": why, "heroes": heroes,
                    "units": [(u["id"], _label(u)) for u in theirs]})
    out = []
    for c, ts in sorted(by_claimant.items()):
        why = [r for r in (reasons or ["capacity"]) if any(r in t["why"] for t in ts)]
        out.append({"player": c, "player_name": _name(state, c), "over_name": _name(state, 1 - c), "terrains": ts,
                    "reasons": [(r, CLAIM_REASONS.get(r, r.replace("_", " "))) for r in why] if reasons else []})
    return out


def _plays(state) -> dict | None:
    """What the play forms offer (templates/games/dark-force/_plays.html), and in which phase or step each
    is legal: the terrain only in Play Terrains, moves declared in Play Terrains / Declare Moves and carried
    out in Execute Moves, cards put into play in the movement phase, magic in movement and combat, events
    in any phase of the turn, ships, fleets and ocean hazards only with the Captain's Pack (an expansion or
    creature hazard only in the movement phase), a look at an own stack in the movement phase, and a claim
    on units over a limit for the opponent of their player wherever they are. The engine still checks every
    rule."""
    phase = state.get("phase")
    ap = state.get("active_player")
    if phase not in PLAY_PHASES or state.get("result") or not isinstance(ap, int):
        return None
    step = state.get("movement_step") if phase == "movement" else None
    movement = phase == "movement"
    units = [u for u in (state.get("units") or {}).values() if isinstance(u, dict)]
    terrains = [t for t in state.get("terrains") or [] if isinstance(t, dict)]
    names = {t.get("id"): t.get("name") for t in terrains}
    own = [(t.get("id"), t.get("name")) for t in terrains if t.get("controller") == ap]
    mine = [u for u in units if u.get("controller") == ap]
    busy = {uid for m in state.get("moves") or [] if isinstance(m, dict) for uid in m.get("units") or []}

    def owned(u) -> str:
        return f"{_label(u)} ({_name(state, u.get('controller'))})"

    sources = []
    for tid, tname in own + [(t.get("id"), t.get("name")) for t in terrains if t.get("controller") != ap]:
        here = [u for u in mine if u.get("terrain") == tid and u.get("kind") in FIGHTERS + ("equipment",)
                and not u.get("moved") and u.get("id") not in busy]
        if not here:
            continue
        heroes = [(u["id"], _label(u)) for u in here if u.get("kind") == "hero"]
        sources.append({"id": tid, "name": tname, "units": [
            {"id": u["id"], "label": _label(u), "kind": u.get("kind"),
             "leaders": heroes if u.get("kind") in ("army", "creature") else []} for u in here]})
    pending = []
    for m in state.get("moves") or []:
        if not isinstance(m, dict) or m.get("done") or m.get("player") != ap:
            continue
        pending.append({"id": m.get("id"), "count": len(m.get("units") or []),
                        "from": names.get(m.get("from"), m.get("from")), "to": names.get(m.get("to"), m.get("to")),
                        "execute": _p(player=ap, move=m.get("id")),
                        "forfeit": _p(player=ap, move=m.get("id"), reason="no longer possible")})
    casters = [u for u in units if u.get("kind") in FIGHTERS and u.get("terrain") is not None
               and ((u.get("values") or {}).get("spellcaster") or u.get("class") in CASTER_CLASSES)]
    ships = [s for s in (state.get("ships") or {}).values() if isinstance(s, dict) and s.get("controller") == ap]
    cp = bool((state.get("rules") or {}).get("captains_pack"))
    oceans = [(t.get("id"), t.get("name")) for t in terrains if t.get("ocean")]
    aboard = {uid: s for s in ships if s.get("terrain") is not None for uid in s.get("cargo") or []}
    admirals = [(u["id"], f"{_label(u)} on {aboard[u['id']].get('name')}") for u in mine
                if u.get("class") == "admiral" and u.get("id") in aboard]
    at_sea = [(s.get("id"), f"{s.get('name')} in {names.get(s.get('terrain'), '?')}") for s in ships
              if s.get("terrain") is not None]
    reasons = list(CLAIM_REASON_IDS)
    return {
        "player": ap, "player_name": _name(state, ap), "step": step,
        "terrain": movement and step == "play_terrains",
        "cards": movement and step in CARD_STEPS,
        "declare": movement and step in ("play_terrains", "declare_moves"),
        "execute": movement and step == "execute_moves",
        "magic": phase in ("movement", "combat"),
        "event": True,
        "naval": cp and movement and step in CARD_STEPS,
        "own_terrains": own, "terrains": [(t.get("id"), t.get("name")) for t in terrains],
        "kinds": FORM_KINDS, "abilities": ABILITIES, "classes": CLASSES,
        "equip_to": [(u["id"], f"{_label(u)} in {names.get(u.get('terrain'), '?')}") for u in mine
                     if u.get("kind") in ("hero", "army") and u.get("terrain") is not None],
        "sources": sources, "pending": pending,
        "casters": [(u["id"], owned(u)) for u in casters],
        "blessed": [(u["id"], owned(u)) for u in units if u.get("class") == "blessed_one"
                    and u.get("terrain") is not None],
        "targets": [(u["id"], owned(u)) for u in units if u.get("kind") in FIGHTERS],
        "ships": [(s.get("id"), f"{s.get('name')} in {names.get(s.get('terrain'), '?')}") for s in ships],
        "oceans": oceans,
        "inspect": movement and bool(own),
        "fleet": cp and movement and step in SEA_STEPS and len(at_sea) >= 2 and bool(admirals),
        "admirals": admirals, "fleet_ships": at_sea,
        "hazard": cp and bool(oceans),
        "hazard_kinds": HAZARD_KINDS if movement else ("event",),
        "claims": _claims(state, terrains, units, reasons),
        "loadable": [(u["id"], f"{_label(u)} in {names.get(u.get('terrain'), '?')}") for u in mine
                     if u.get("kind") in FIGHTERS and u.get("terrain") is not None and not u.get("moved")],
        "cargo": [(uid, f"{_label(state['units'][uid])} on {s.get('name')}") for s in ships
                  for uid in s.get("cargo") or [] if isinstance(state["units"].get(uid), dict)],
    }


def context(table: Table) -> dict:
    state = table.state
    if table.mode == "tournament":
        return {"phases": [], "phase_index": -1, "df": {"tournament": _tournament(state)}}
    result = state.get("result") or None
    return {
        "phases": [],  # the page draws its own stepper, with the movement sub-steps
        "phase_index": -1,
        "df": {
            "halls": _halls(state), "map": _map(state), "turn": _turn(state), "steps": _steps(state),
            "combat": _combat(state),
            "start_combats": _start_combats(state),
            "essen": bool((state.get("rules") or {}).get("essen96")),
            "result": result,
            "winner_name": _name(state, result.get("winner")) if result and result.get("winner") is not None else None,
            "reason": REASONS.get((result or {}).get("reason"), ""),
            "seats": [(i, p.get("name")) for i, p in enumerate(state.get("players", []))],
            "plays": _plays(state),
        },
    }


PAGE = Page(template="games/dark-force/state.html", context=context,
            scripts=("games/dark-force/dark-force.js",), styles=("games/dark-force/dark-force.css",))
