"""What the Dark Force phone pages need beyond the core table context (templates/games/dark-force/).

The context empties the generic phase list (the page draws its own stepper, with the movement sub-steps) and precomputes what the
templates would otherwise work out: both Boron's Halls and how far each is from ending the game, the map
laid out on a grid from the terrains' axial hex cells, what each tile may show (face-up units by name,
face-down units only as a count), the combat helper's rows (page_combat.py), the play forms (page_plays.py), the one-tap "now" buttons (page_now.py),
and the tournament standings.

Nothing private reaches the page: a face-down unit contributes a count (and its Army Size to the capacity
used, which the players announce when they recruit), never its name.
"""
from __future__ import annotations

from tracker.engine.kit.cards import CardFacts
from tracker.engine.kit.presenter import Page, Table, stepper

from .page_combat import _combat
from .page_common import STEP_TITLES, STEPS, _name, _queued, _unit_line
from .page_now import now
from .page_plays import _plays
from .movement_rules import army_cap, creature_cap

REASONS = {
    "borons_halls": "Boron's Halls", "conquest": "conquest", "deck_out": "the deck ran out",
    "time_limit": "the hour is up",
}
TILE_COLS = 2  # a tile spans two grid columns: rows shift by one column, giving the hex ("brick") layout


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
        cap = army_cap(t)  # the game's own reading of Capacity (movement_rules), never a copy of it
        used = sum(_int((u.get("values") or {}).get("third")) for u in own if u.get("kind") == "army")
        creatures = sum(1 for u in own if u.get("kind") in ("creature", "summoned"))
        heroes = sum(1 for u in own if u.get("kind") == "hero")
        climit = creature_cap(state, t)
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
    step = state.get("movement_step") if phase == "movement" else phase
    rolls = (state.get("roll_off") or {}).get("rolls") or [None, None]
    return {
        "active": ap, "active_name": _name(state, ap), "step": step,
        "step_title": STEP_TITLES.get(step, (step or "").replace("_", " ")),
        "draws": p.get("draws_this_turn"), "moves_allowed": _int(p.get("moves_allowed")),
        "moves_used": _int(p.get("moves_used")),
        "rollers": [{"seat": s, "name": _name(state, s), "roll": rolls[s] if s < len(rolls) else None}
                    for s in range(len(players))],
    }


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


def context(table: Table) -> dict:
    state = table.state
    if table.mode == "tournament":
        return {"phases": [], "phase_index": -1, "df": {"tournament": _tournament(state)}}
    result = state.get("result") or None
    return {
        "phases": [],  # the page draws its own stepper, with the movement sub-steps
        "phase_index": -1,
        "now": now(table),
        "df": {
            "halls": _halls(state), "map": _map(state), "turn": _turn(state), "steps": _steps(state),
            "combat": _combat(state),
            "essen": bool((state.get("rules") or {}).get("essen96")),
            "result": result,
            "winner_name": _name(state, result.get("winner")) if result and result.get("winner") is not None else None,
            "reason": REASONS.get((result or {}).get("reason"), ""),
            "seats": [(i, p.get("name")) for i, p in enumerate(state.get("players", []))],
            "plays": _plays(state),
        },
    }


# What the cards themselves say, remembered when they are played ([3.3 Card Values], [3.4 Card Types]):
# a terrain's type and values, an expansion's, a unit's kind, values, abilities and class, an
# equipment's modifiers, a spell's Magic Strength and duration, a summoned creature's, a ship's. Units,
# equipment and spells go face down ([6 Movement Phase], [9.2 Spellcasting]): what is typed about them
# stays on the phone that typed it, so the opponent's phone never learns what was played. Terrains,
# expansions, summoned creatures, miracles, events and ships are played face up, and are kept for the
# table and its tournament.
_UNIT = ("kind", "values", "abilities", "class", "deity", "symbol", "forbidden_symbols")
_EXPANSION = ("cs", "ms", "cap", "temple")
CARD_FACTS = {
    "play_terrain": (CardFacts("name", ("type", "values"), kind="terrain"),
                     CardFacts("unit.name", _UNIT, kind="unit", private=True),
                     CardFacts("expansion.name", _EXPANSION, kind="expansion")),
    "recruit": CardFacts("unit.name", _UNIT, kind="unit", private=True),
    "play_expansion": CardFacts("name", _EXPANSION, kind="expansion"),
    "play_equipment": CardFacts("name", ("category", "mods"), kind="equipment", private=True),
    "cast_spell": CardFacts("name", ("ms", "duration", "secret", "phase_allowed", "range_text_allows", "modifies"),
                            kind="spell", private=True),
    "summon": CardFacts("name", ("kind", "ms", "cs", "cd", "mr", "controllability", "flying"), kind="summoned"),
    "work_miracle": CardFacts("name", ("deity",), kind="miracle"),
    "play_event": CardFacts("name", ("ocean_symbol",), kind="event"),
    "play_ship": CardFacts("name", ("ncs", "ncd", "mobility", "tc"), kind="ship"),
}


PAGE = Page(template="games/dark-force/state.html", context=context,
            scripts=("games/dark-force/dark-force.js",), styles=("games/dark-force/dark-force.css",))
