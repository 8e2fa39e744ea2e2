"""4. Setup: the create body checked (a 400 naming the field), the start as the rulebook sets it, and the
setup examples the conformance harness and the demo play."""
from __future__ import annotations

from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from .state import (CASTLE, DIFFICULTY_TIMERS, HERO_CARDS, HEROIC_TIMERS, MAX_HP, PLAYER_KEYS, POWER_CARDS, SLOTS,
                    STATS, TOWER, TYPES, start_turn)

LOCATION = obj(("name", "danger"), name=string(60, "the location's name as printed"),
               danger=integer(0, 6, "the danger level printed on the location"))
OPTIONS = obj(
    starting_player=seat("who takes the first turn (default the first seat)"),
    difficulty=enum(*DIFFICULTY_TIMERS, description="timer cards: beginner 8, medium 6, expert 5 (default beginner; Heroic Mode always 5)"),
    heroic=boolean("Heroic Mode: 5 timer cards and the harsher rest (solo and co-op only)"),
    map={"type": "array", "items": LOCATION, "description": "the 12 locations row by row (A-D, E-H, I-L)"},
)
FIRST_MAP = ["Castle of Light", "Village of Dawn", "Mountain of Mage", "Lake of Hope",
             "Old Village of Dew", "Tower of Death", "Forest of Echoes", "Harbour of Mist",
             "Cave of Whispers", "Field of Stars", "Bridge of Ash", "Temple of Moon"]
EXAMPLE_MAP = [{"name": n, "danger": d} for n, d in zip(FIRST_MAP, (0, 1, 2, 1, 2, 3, 1, 2, 3, 0, 2, 1))]


def map_errors(layout) -> list[str]:
    """R7: 12 locations, names distinct, exactly one Castle of Light and one Tower of Death."""
    if len(layout) != 12:
        return [f"the map has 12 locations (4x3), got {len(layout)}"]
    names = [loc["name"] for loc in layout]
    out = []
    for must in (CASTLE, TOWER):
        if names.count(must) != 1:
            out.append(f"the map needs exactly one {must}, got {names.count(must)}")
    if len(set(names)) != len(names):
        out.append("every location is on the map once: the names must differ")
    return out


def _player_errors(players: list) -> dict:
    errors: dict = {}
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            errors[f"players.{i}"] = ["must be an object"]
            continue
        for key in sorted(set(p) - set(PLAYER_KEYS)):
            errors.setdefault(f"players.{i}.{key}", []).append(f"unknown field; known: {', '.join(PLAYER_KEYS)}")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 60:
            errors.setdefault(f"players.{i}.name", []).append("a name of 1 to 60 characters is required")
        hero = p.get("hero")
        if hero is not None and (not isinstance(hero, str) or len(hero) > 60):
            errors.setdefault(f"players.{i}.hero", []).append("a hero's name of at most 60 characters")
        elif hero and hero in [q.get("hero") for q in players[:i] if isinstance(q, dict)]:
            errors.setdefault(f"players.{i}.hero", []).append(f"each hero card exists once: {hero} is dealt twice (R3)")
        kind, raise_ = p.get("setup_check"), p.get("raise")
        if kind is not None and kind not in TYPES:
            errors.setdefault(f"players.{i}.setup_check", []).append(f"one of {', '.join(TYPES)}")
        elif raise_ is not None and raise_ not in STATS:
            errors.setdefault(f"players.{i}.raise", []).append(f"one of {', '.join(STATS)}")
        elif kind == "neutral" and raise_ is None:
            errors.setdefault(f"players.{i}.raise", []).append("a neutral setup check raises the stat you choose: name it (R4)")
        elif raise_ is not None and kind != "neutral" and raise_ != kind:
            errors.setdefault(f"players.{i}.raise", []).append(
                f"the setup check showed {kind or 'no card yet'}: only a neutral card lets you choose (R4)")
    return errors


def setup_errors(mode: str, players: list, options: dict) -> dict:
    errors = _player_errors(players)
    first = options.get("starting_player", 0)
    if first >= len(players):
        errors["options.starting_player"] = [f"no seat {first}: the seats are 0 to {len(players) - 1}"]
    if mode == "competitive":
        if options.get("heroic"):
            errors["options.heroic"] = ["Heroic Mode is a variant for solo and co-op games only (R80)"]
    if "map" in options:
        problems = map_errors(options["map"])
        if problems:
            errors["options.map"] = problems
    return errors


def _hp(mode: str, n: int) -> int:
    return 5 if mode == "co_op" and n == 3 else MAX_HP


def _magic(mode: str, turn_order: int) -> int:
    if mode == "solo":
        return 4
    return (0, 2, 4)[turn_order] if mode == "competitive" else 0


def apply_setup_check(state: dict, seat: int, kind: str, raise_: str | None) -> None:
    p = state["players"][seat]
    p["setup_check"] = kind
    p[raise_ if kind == "neutral" else kind] += 1
    state["power_deck"] -= 1
    state["discard_pile"] += 1


def begin_if_ready(state: dict) -> None:
    """Turn 1 begins once the map is laid and every setup CHECK is known."""
    if state["phase"] == "setup" and all(loc["name"] for loc in state["map"]) and all(
            p["setup_check"] for p in state["players"]):
        start_turn(state, state["starting_player"])


def setup(mode: str, players: list, options: dict) -> dict:
    n = len(players)
    first = options.get("starting_player", 0)
    heroic = bool(options.get("heroic")) and mode != "competitive"
    timers = None if mode == "competitive" else HEROIC_TIMERS if heroic else DIFFICULTY_TIMERS[
        options.get("difficulty", "beginner")]
    hp = _hp(mode, n)
    layout = options.get("map")
    state = {
        "game": "adventure-of-d", "mode": mode, "phase": "setup", "round": 1, "turn": None,
        "starting_player": first, "active_player": first, "decider": None, "reveals_left": 2,
        "pending_event": None, "events": [], "heroic": heroic,
        # Heroic Mode takes 5 timer cards whatever the difficulty says (9. Heroic Mode): the badge says so
        "difficulty": None if mode == "competitive" else options.get("difficulty", "expert" if heroic else "beginner"),
        "timer_cards": timers, "timer_holder": None if timers is None else (first - 1) % n,
        "hero_deck": HERO_CARDS - n - (timers or 0),
        "power_deck": POWER_CARDS - n * hp, "discard_pile": 0,
        "last_test": None, "tower": None, "result": None, "lost_reason": None,
        "map": [{"slot": SLOTS[i], "name": (layout[i]["name"] if layout else None),
                 "danger": (layout[i]["danger"] if layout else 0), "exhausted": False} for i in range(12)],
        "players": [{
            "name": p["name"], "hero": p.get("hero"), "hp": hp, "magic": _magic(mode, (i - first) % n),
            "strength": 0, "intelligence": 0, "agility": 0, "location": CASTLE, "items": [], "skills": [],
            "setup_check": None, "eliminated": False, "elzoof": None,
        } for i, p in enumerate(players)],
    }
    for i, p in enumerate(players):
        if p.get("setup_check"):
            apply_setup_check(state, i, p["setup_check"], p.get("raise"))
    begin_if_ready(state)
    return state


def setup_examples(mode: str) -> list[tuple[list, dict]]:
    checks = [{"setup_check": "strength"}, {"setup_check": "neutral", "raise": "agility"},
              {"setup_check": "intelligence"}]
    names = ["Ann", "Ben", "Cid"]

    def table(n):
        return [{"name": names[i], **checks[i]} for i in range(n)]
    if mode == "solo":
        return [(table(1), {"map": EXAMPLE_MAP, "difficulty": "expert"}), (table(1), {"map": EXAMPLE_MAP, "heroic": True}),
                (table(1), {"map": EXAMPLE_MAP})]
    if mode == "co_op":
        return [(table(2), {"map": EXAMPLE_MAP, "difficulty": "expert"}),
                (table(3), {"map": EXAMPLE_MAP, "heroic": True, "starting_player": 1}),
                ([{"name": "Ann"}, {"name": "Ben"}], {"difficulty": "expert"})]
    return [(table(2), {"map": EXAMPLE_MAP}), (table(3), {"map": EXAMPLE_MAP, "starting_player": 2})]
