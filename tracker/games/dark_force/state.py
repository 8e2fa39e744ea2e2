"""Dark Force duel state: setup, the map, units, Boron's Halls and the end conditions.

JSON-native. Units in play are entries with the values the player typed when playing them (the
rules need Army Size, Leadership, Capacity...); the page shows the opponent only what the rulebook
makes public (face-up cards, stack counts, both Boron's Halls). Dice are rolled at the table.
"""
from __future__ import annotations

from tracker.engine.kit import seats

PHASES = ("setup", "start", "movement", "combat", "discard")
PHASE_TITLES = {"setup": "Determine First Player", "start": "Start Phase", "movement": "Movement Phase",
                "combat": "Combat Phase", "discard": "Discard Phase"}
MOVEMENT_STEPS = ("play_terrains", "declare_moves", "execute_moves", "movement_end")
OPENING_HAND = 6
HAND_LIMIT = 6
BH_MARGIN = 5
GRADUATED = {60: 20, 90: 30, 120: 40}
UNIT_KINDS = ("army", "creature", "hero")
HEX = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # axial neighbours: at most 6 per terrain


def name_of(state, seat) -> str:
    return seats.name_of(state, seat)


def opponent(seat: int) -> int:
    return 1 - seat


# ------------------------------------------------------------------ setup

def deck_sizes(players: list, options: dict) -> list[int]:
    """Each seat's deck: its own `deck_size`, else the game-wide option, else 60."""
    return [raw.get("deck_size", options.get("deck_size", 60)) if isinstance(raw, dict) else options.get("deck_size", 60)
            for raw in players] or [options.get("deck_size", 60)]


def bh_target(options: dict, players: list = ()) -> int:
    """The points target (R113). The graduated one is read off the smaller deck: the rulebook's table is for
    one deck size, and the smaller deck tends to run out first (ending the game), so its target is the one
    the game can reach."""
    if options.get("essen96"):
        return 20
    if "bh_target" in options:
        return options["bh_target"]
    if options.get("graduated_target"):
        return GRADUATED.get(min(deck_sizes(players, options)), 20)
    return 20


def _graduated_errors(players: list, options: dict) -> dict:
    sizes = deck_sizes(players, options)
    smallest = min(sizes)
    if smallest in GRADUATED:
        return {}
    seat = sizes.index(smallest)
    own = seat < len(players) and isinstance(players[seat], dict) and "deck_size" in players[seat]
    field = f"players.{seat}.deck_size" if own else "options.deck_size"
    unequal = " (the smaller deck sets it)" if len(set(sizes)) > 1 else ""
    return {field: [f"the graduated target is printed for decks of 60, 90 or 120 cards, not {smallest}{unequal}; "
                    "agree a bh_target instead (R113)"]}


def setup_errors(mode: str, players: list, options: dict) -> dict:
    errors: dict[str, list[str]] = {}
    if mode != "duel":
        return errors
    for i, raw in enumerate(players):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
            errors.setdefault(f"players.{i}.name", []).append("a non-empty name is required")
            continue
        size = raw.get("deck_size")
        if size is not None and (not isinstance(size, int) or isinstance(size, bool) or not 6 <= size <= 999):
            errors.setdefault(f"players.{i}.deck_size", []).append("a whole number of cards, at least 6")
        for key in sorted(set(raw) - {"name", "deck_size"}):
            errors.setdefault(f"players.{i}.{key}", []).append("unknown player field")
    if errors:
        return errors
    for i, raw in enumerate(players):
        size = raw.get("deck_size", options.get("deck_size", 60))
        if options.get("essen96") and size > 150:
            errors.setdefault(f"players.{i}.deck_size" if "deck_size" in raw else "options.deck_size", []).append(
                f"Tournament decks may contain at most 150 cards (this one: {size}) (R1)")
    if options.get("essen96") and options.get("bh_target", 20) != 20:
        errors["options.bh_target"] = ["Essen '96 games are played to 20 points (R113)"]
    if options.get("graduated_target") and "bh_target" in options:
        errors["options.bh_target"] = ["give a target or ask for the graduated one, not both"]
    elif options.get("graduated_target"):
        errors.update(_graduated_errors(players, options))
    first = options.get("first_player")
    if first is not None and first >= len(players):
        errors["options.first_player"] = [f"no seat {first}: seats are 0 to {len(players) - 1}"]
    return errors


def new_player(raw: dict, options: dict) -> dict:
    size = raw.get("deck_size", options.get("deck_size", 60))
    return {
        "name": raw["name"].strip(),
        "deck_size": size,
        "deck_count": size - OPENING_HAND,
        "hand_count": OPENING_HAND,
        "discard_count": 0,
        "borons_halls": {"cards": [], "points": 0},
        "mulligan_used": False,
        "draws_this_turn": None,
        "moves_allowed": 0,
        "moves_used": 0,
        "events_this_turn": [],
        "casts_this_phase": [],
        "ever_had_terrain": False,
        "terrains": 0,
        "deck_warning": "Decks of at least 60 cards are recommended." if size < 60 else None,
    }


def setup(mode: str, players: list, options: dict) -> dict:
    seats = [new_player(raw, options) for raw in players]
    first = options.get("first_player")
    state = {
        "game": "dark-force",
        "mode": mode,
        "phase": "setup",
        "movement_step": None,
        "turn": 0,
        "round": 0,
        "active_player": None,
        "first_player": None,
        "rules": {
            "essen96": bool(options.get("essen96")),
            "ab_errata": options.get("ab_errata", True),
            "captains_pack": bool(options.get("captains_pack")),
            "deck_out_timing": options.get("deck_out_timing", "immediate"),
            "creature_capacity": options.get("creature_capacity", "subtractive"),
            "first_placement": options.get("first_placement", "text"),
            "event_limit": options.get("event_limit", "turn"),
        },
        "bh_target": bh_target(options, players),
        "bh_margin": BH_MARGIN,
        "roll_off": {"rolls": [None, None]},
        "players": seats,
        "terrains": [],
        "units": {},
        "next_id": 1,
        "moves": [],
        "combat_queue": [],
        "combat": None,
        "naval_combat": None,
        "spells": [],
        "ledger": [],
        "result": None,
        "clock_minutes": 60 if options.get("essen96") else None,
        "time_expired": False,
        "played_past_end": False,
        "tournament": options.get("tournament"),
    }
    if first is not None:
        begin_game(state, first)
    return state


def setup_examples(mode: str) -> list[tuple[list, dict]]:
    if mode == "tournament":
        return [([{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid"}], {})]
    return [
        ([{"name": "Ann"}, {"name": "Ben"}], {"deck_size": 60}),
        ([{"name": "Ann"}, {"name": "Ben"}], {"deck_size": 60, "first_player": 0, "essen96": True}),
        ([{"name": "Ann"}, {"name": "Ben"}], {"deck_size": 60, "first_player": 1, "captains_pack": True}),
    ]


def begin_game(state, first: int) -> None:
    state["first_player"] = first
    state["round"] = 1
    start_turn(state, first)


def start_turn(state, seat: int) -> None:
    state["active_player"] = seat
    state["turn"] += 1
    state["phase"] = "start"
    state["movement_step"] = None
    state["moves"] = []
    state["combat_queue"] = []
    for p in state["players"]:
        p["events_this_turn"] = []
    p = state["players"][seat]
    p.update(draws_this_turn=None, moves_allowed=0, moves_used=0, casts_this_phase=[])
    for unit in state["units"].values():
        if unit["controller"] == seat:
            unit["moved"] = False


# ------------------------------------------------------------------ units and the map

def new_id(state, prefix: str) -> str:
    n = state["next_id"]
    state["next_id"] = n + 1
    return f"{prefix}{n}"


def terrain(state, tid) -> dict | None:
    return next((t for t in state["terrains"] if t["id"] == tid), None)


def terrain_at(state, cell) -> dict | None:
    return next((t for t in state["terrains"] if t["cell"] == list(cell)), None)


def neighbours(cell) -> list[list[int]]:
    q, r = cell
    return [[q + dq, r + dr] for dq, dr in HEX]


def adjacent_terrains(state, t) -> list[dict]:
    return [n for n in (terrain_at(state, c) for c in neighbours(t["cell"])) if n is not None]


def units_at(state, tid, controller=None, kinds=None) -> list[dict]:
    return [u for u in state["units"].values() if u["terrain"] == tid
            and (controller is None or u["controller"] == controller) and (kinds is None or u["kind"] in kinds)]


def count_terrains(state) -> None:
    for seat, p in enumerate(state["players"]):
        p["terrains"] = sum(1 for t in state["terrains"] if t["controller"] == seat)


# ------------------------------------------------------------------ Boron's Halls and the end

def bh_value(kind: str, value) -> int:
    """A destroyed unit's third value (AS / Ctl / Ldr); an uncontrollable "#" creature counts 1."""
    if value == "#":
        return 1
    return max(0, int(value))


def to_borons_halls(state, owner: int, card: str, kind: str, value) -> int:
    points = bh_value(kind, value)
    halls = state["players"][owner]["borons_halls"]
    halls["cards"].append({"card": card, "kind": kind, "value": value, "points": points})
    halls["points"] += points
    return points


def remove_unit(state, unit_id: str) -> dict | None:
    """Take a unit out of play; its equipment goes to the owner's discard pile (R80)."""
    unit = state["units"].pop(unit_id, None)
    if unit is None:
        return None
    for other in list(state["units"].values()):
        if other.get("equipped_to") == unit_id:
            state["units"].pop(other["id"])
            state["players"][other["owner"]]["discard_count"] += 1
    return unit


def check_end(state) -> None:
    """The end conditions, checked after every event (spec 8.1): V1 Boron's Halls, V2 conquest, V3 deck-out."""
    if state["result"] is not None:
        return
    pts = [p["borons_halls"]["points"] for p in state["players"]]
    if max(pts) >= state["bh_target"] and abs(pts[0] - pts[1]) >= state["bh_margin"]:
        winner = 0 if pts[0] < pts[1] else 1
        state["result"] = {"winner": winner, "reason": "borons_halls", "points": pts}
        return
    count_terrains(state)
    for seat, p in enumerate(state["players"]):
        if p["ever_had_terrain"] and p["terrains"] == 0:
            state["result"] = {"winner": opponent(seat), "reason": "conquest", "points": pts}
            return
    if state["rules"]["deck_out_timing"] == "immediate":
        for seat, p in enumerate(state["players"]):
            if p["deck_count"] == 0:
                state["result"] = {"winner": opponent(seat), "reason": "deck_out", "points": pts}
                return


def end_on_time(state) -> None:
    pts = [p["borons_halls"]["points"] for p in state["players"]]
    winner = None if pts[0] == pts[1] else (0 if pts[0] < pts[1] else 1)
    state["result"] = {"winner": winner, "reason": "time_limit", "points": pts}
    state["time_expired"] = True
