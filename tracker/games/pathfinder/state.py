"""Pathfinder scenario state: setup, and the helpers every part of the module shares.

The state is JSON-native and mostly counts: the tracker sits beside real cards, so it knows how
many cards each pile holds, not their order. Names are kept where a rule needs them (the hour,
the encountered card, scourges, locations).
"""
from __future__ import annotations

from tracker.engine.kit import seats

from .data import (
    BOON_TYPES, CHARACTERS, CORE_DECKS, DEFAULT_LOCATIONS, FAVORED, NORMAL_HOURGLASS, SCENARIOS, SIZES,
    character, deck_total, favored_type, missing_hand_size, story_bane_stack,
)
from .skills import character_skills, feat_errors

# Turn steps, in order (spec 3.2). "advance_hour" is the start of a turn before the hour is flipped,
# which is also the between-turns window where nothing may be played (R1).
TURN_STEPS = ("advance_hour", "give", "move", "explore", "close", "end", "recovery", "reset")
STEP_TITLES = {
    "setup": "Setting Up", "advance_hour": "Advance the Hour", "give": "Give a Card", "move": "Move",
    "explore": "Explore", "close": "Close Your Location", "end": "End Your Turn", "recovery": "Recovery",
    "reset": "Reset",
}
PILES = ("deck_count", "hand_count", "discard_count", "buried_count", "recovery_count", "displayed_count",
         "set_aside_count")
MODES = ("easy", "normal", "heroic", "legendary", "custom")


def name_of(state, seat) -> str:
    return seats.name_of(state, seat)


def player(state, seat) -> dict:
    return state["players"][seat]


def location(state, name) -> dict | None:
    return next((loc for loc in state["locations"] if loc["name"] == name), None)


def open_locations(state) -> list[dict]:
    return [loc for loc in state["locations"] if not loc["closed"]]


def living(state) -> list[int]:
    return [s for s, p in enumerate(state["players"]) if not p["dead"]]


def local_to(state, seat) -> list[int]:
    here = state["players"][seat]["location"]
    return [s for s in living(state) if s != seat and state["players"][s]["location"] == here]


def step_index(phase: str) -> int:
    return TURN_STEPS.index(phase) if phase in TURN_STEPS else -1


def fresh_turn() -> dict:
    return {
        "hour_advanced": False, "card_given": False, "moved": False, "explorations": 0,
        "free_exploration_used": False, "pending_extra_exploration": False, "exploration_locked": False,
        "close_attempted": False, "ended_by_power": False, "first_exploration_done": False,
    }


# ------------------------------------------------------------------ setup

def _player_errors(players) -> dict:
    errors: dict[str, list[str]] = {}
    seen = set()
    for i, raw in enumerate(players):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
            errors.setdefault(f"players.{i}.name", []).append("a non-empty name is required")
            continue
        known = ", ".join(CHARACTERS)
        ch = raw.get("character")
        if not isinstance(ch, str) or not ch.strip():
            errors.setdefault(f"players.{i}.character", []).append(f"choose a character: {known}")
        elif character(ch) is None and not isinstance(raw.get("deck_list"), dict):
            errors.setdefault(f"players.{i}.character", []).append(
                f"unknown character {ch!r}; the Core Set has {known} (another set's character needs its deck_list and hand_size)")
        elif ch.strip().lower() in seen:
            errors.setdefault(f"players.{i}.character", []).append(f"{ch} is already at the table")
        else:
            seen.add(ch.strip().lower())
        hand = raw.get("hand_size")
        if hand is not None and (not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= 15):
            errors.setdefault(f"players.{i}.hand_size", []).append("a whole number from 1 to 15")
        elif hand is None and f"players.{i}.character" not in errors and "hand_size" not in (character(ch) or {}):
            errors.setdefault(f"players.{i}.hand_size", []).append(
                missing_hand_size((character(ch) or {}).get("name", ch.strip())))
        if raw.get("traits") is not None and trait_list(raw["traits"]) is None:
            errors.setdefault(f"players.{i}.traits", []).append(
                "the character card's traits, separated by commas (up to 10, each up to 40 characters)")
        fav = favored_type(raw.get("favored"))
        if fav is not None and fav not in FAVORED:
            errors.setdefault(f"players.{i}.favored", []).append(f"one of {', '.join(BOON_TYPES)} or any")
        dl = raw.get("deck_list")
        if dl is not None:
            if not isinstance(dl, dict) or set(dl) - set(BOON_TYPES) or not all(
                    isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 30 for v in dl.values()):
                errors.setdefault(f"players.{i}.deck_list", []).append(
                    f"counts (0-30) per boon type: {', '.join(BOON_TYPES)}")
            elif deck_total(dl) < 1:
                errors.setdefault(f"players.{i}.deck_list", []).append("a deck needs at least one card")
        hp = raw.get("hero_points")
        if hp is not None and (not isinstance(hp, int) or isinstance(hp, bool) or not 0 <= hp <= 999):
            errors.setdefault(f"players.{i}.hero_points", []).append("a whole number of 0 or more")
        if raw.get("skills") is not None or raw.get("skill_feats") is not None:
            errors.update(_skill_errors(i, raw))
        unknown = set(raw) - {"name", "character", "hand_size", "favored", "deck_list", "location", "hero_points",
                              "skills", "skill_feats", "traits"}
        for key in sorted(unknown):
            errors.setdefault(f"players.{i}.{key}", []).append("unknown player field")
    return errors


def trait_list(raw) -> list[str] | None:
    """The character's traits as typed ("Goblin, Alchemist" or a list); None if unreadable."""
    if raw is None:
        return []
    items = raw.split(",") if isinstance(raw, str) else raw if isinstance(raw, list) else None
    if items is None or not all(isinstance(t, str) for t in items):
        return None
    names = [" ".join(t.split()).title() for t in items if t.strip()]
    if len(names) > 10 or any(len(t) > 40 for t in names):
        return None
    return list(dict.fromkeys(names))


def _skill_errors(i, raw) -> dict:
    errors = {}
    if raw.get("skill_feats") is not None and feat_errors(raw["skill_feats"]):
        errors[f"players.{i}.skill_feats"] = feat_errors(raw["skill_feats"])
    data = character(raw.get("character") or "") or {}
    if raw.get("skills") is not None:
        problems = character_skills(data.get("skills"), data.get("lacks"), raw["skills"])[3]
        if problems:
            errors[f"players.{i}.skills"] = problems
    return errors


def _location_specs(options, party) -> list[dict]:
    scenario = SCENARIOS[options.get("scenario", "custom")]
    size = options.get("location_size", "S" if options.get("fast") else "M")
    raw = options.get("locations")
    if raw:
        specs = [{"name": r} if isinstance(r, str) else dict(r) for r in raw]
    else:
        listed = scenario["locations"].get(party)
        names = list(listed) if listed else list(DEFAULT_LOCATIONS[: party + 2])
        adjust = options.get("location_count_adjust", 0)
        if adjust > 0:
            names += [n for n in DEFAULT_LOCATIONS if n not in names][:adjust]
        elif adjust < 0:
            names = names[:adjust]
        specs = [{"name": n} for n in names]
    for spec in specs:
        spec.setdefault("size", size)
        spec["name"] = spec["name"].strip()
    return specs


def setup_errors(mode: str, players: list, options: dict) -> dict:
    if mode != "scenario":
        return {}
    errors = _player_errors(players)
    scenario = options.get("scenario", "custom")
    if scenario not in SCENARIOS:
        errors["options.scenario"] = [f"unknown scenario {scenario!r}; shipped: {', '.join(SCENARIOS)}"]
        return errors
    if errors:
        return errors
    known = [p for p in players if character(p["character"])]
    if len(known) > CORE_DECKS and not options.get("extra_decks"):
        errors["players"] = [f"the Core Set builds at most {CORE_DECKS} decks; set options.extra_decks when you "
                             "add a class deck or Adventure Path characters (R96)"]
    specs = _location_specs(options, len(players))
    names = [s["name"] for s in specs]
    if len(set(names)) != len(names):
        errors["options.locations"] = ["location names must differ"]
    if not 1 <= len(specs) <= 12:
        errors["options.locations"] = ["a scenario has 1 to 12 locations"]
    for i, raw in enumerate(players):
        start = raw.get("location")
        if start is not None and start not in names:
            errors.setdefault(f"players.{i}.location", []).append(f"not a location of this scenario: {', '.join(names)}")
    first = options.get("first_player")
    if first is not None and first >= len(players):
        errors["options.first_player"] = [f"no seat {first}: seats are 0 to {len(players) - 1}"]
    chosen = options.get("challenge_mode")
    if chosen and chosen != "custom" and not errors:
        derived = derive_mode(options, len(players))
        if derived != chosen:
            errors["options.challenge_mode"] = [
                f"these options make the scenario {derived}, not {chosen}: Heroic is two harder options, "
                "Legendary four, Easy any easier one (leave challenge_mode out to take its typical options)"]
    return errors


def typical_options(options: dict) -> dict:
    """A chosen Heroic/Legendary mode with nothing else said takes the rulebook's typical options."""
    chosen = options.get("challenge_mode")
    out = dict(options)
    if chosen == "heroic" and "wildcards" not in options:
        out["wildcards"] = ["Wildcard 1", "Wildcard 2"]
    if chosen == "easy" and not any(k in options for k in ("location_size", "locations", "location_count_adjust",
                                                           "hourglass", "bane_adventure_offset")):
        out["location_size"] = "S"  # the first easier option the rulebook names: smaller locations
    if chosen == "legendary":
        out.setdefault("wildcards", ["Wildcard 1", "Wildcard 2", "Wildcard 3"])
        out.setdefault("bane_adventure_offset", 1)
        out.setdefault("vault_bane_level_up", True)
    return out


def derive_mode(options: dict, party: int) -> str:
    options = typical_options(options)
    size = options.get("location_size", "S" if options.get("fast") else "M")
    sizes = [s.get("size", size) if isinstance(s, dict) else size for s in options.get("locations") or []] or [size]
    hourglass = options.get("hourglass", _default_hourglass(options, party))
    normal_hourglass = 12 + 2 * party if options.get("fast") else NORMAL_HOURGLASS
    harder = len(options.get("wildcards") or [])
    harder += "L" in sizes
    harder += options.get("location_count_adjust", 0) > 0
    harder += hourglass < normal_hourglass
    harder += options.get("bane_adventure_offset", 0) > 0 or bool(options.get("vault_bane_level_up"))
    easier = ("S" in sizes and not options.get("fast")) + (options.get("location_count_adjust", 0) < 0)
    easier += hourglass > normal_hourglass
    easier += options.get("bane_adventure_offset", 0) < 0
    if easier and not harder:
        return "easy"
    if easier:
        return "custom"
    return {0: "normal", 1: "custom", 2: "heroic", 3: "heroic"}.get(harder, "legendary")


def _default_hourglass(options, party) -> int:
    return 12 + 2 * party if options.get("fast") else NORMAL_HOURGLASS


def new_player(raw: dict) -> dict:
    # what the rulebook does not give was typed (setup_errors refuses a missing hand size); an untyped
    # favored card type stays None and is chosen at the table before the starting hand (R73)
    data = character(raw["character"]) or {"name": raw["character"].strip(), "deck_list": {}, "skills": {}}
    deck_list = {t: int((raw.get("deck_list") or data["deck_list"]).get(t, 0)) for t in BOON_TYPES}
    hand_size = raw.get("hand_size") or data["hand_size"]
    size = deck_total(deck_list)
    skills, lacking, complete, _ = character_skills(data.get("skills"), data.get("lacks"), raw.get("skills"),
                                                    raw.get("skill_feats"))
    return {
        "name": raw["name"].strip(),
        "character": data["name"],
        "hand_size": hand_size,
        "favored": favored_type(raw.get("favored")) or data.get("favored"),
        "favored_choice": None,
        "deck_list": deck_list,
        "deck_size": size,
        "skills": skills,
        "skills_lacking": lacking,
        "skills_complete": complete,
        "skill_feats": raw.get("skill_feats") or {},  # kept so a corrected skill list keeps them
        "traits": trait_list(raw.get("traits")) or [],
        # the starting hand is drawn at setup; counts are exact from the start
        "hand_count": min(hand_size, size),
        "deck_count": size - min(hand_size, size),
        "discard_count": 0,
        "buried_count": 0,
        "recovery_count": 0,
        "displayed_count": 0,
        "set_aside_count": 0,
        "displayed": [],
        "recovery": [],
        "location": raw.get("location"),
        "dead": False,
        "proxied": False,
        "hero_points": raw.get("hero_points", 0),
        "scourges": [],
        "hand_drawn": False,
        "redraws": 0,
        "traded": False,
        "cohort": False,
    }


def setup(mode: str, players: list, options: dict) -> dict:
    options = typical_options(options)
    scenario_id = options.get("scenario", "custom")
    scenario = SCENARIOS[scenario_id]
    party = len(players)
    an = options.get("adventure_number", scenario["adventure"])
    villains = [{"name": v} if isinstance(v, str) else v for v in options.get("villains", scenario["villains"])]
    henchmen = [{"name": h} if isinstance(h, str) else h for h in options.get("henchmen", scenario["henchmen"])]
    closing = [h["name"] for h in henchmen if h.get("closing")] or list(scenario["closing_henchmen"])
    specs = _location_specs(options, party)
    stack, set_aside = story_bane_stack(villains, henchmen, len(specs))
    locations = []
    for i, spec in enumerate(specs):
        base = spec.get("cards", SIZES[spec["size"]])
        dealt = i < len(stack)
        locations.append({
            "name": spec["name"], "size": spec["size"], "cards": base + (1 if dealt else 0), "faceup": [],
            "closed": False, "scourges": [], "added": False, "villain_here": False, "examined": None,
        })
    hourglass = options.get("hourglass", _default_hourglass(options, party))
    seats = [new_player(raw) for raw in players]
    for p in seats:
        p["location"] = p["location"] or locations[0]["name"]
    first = options.get("first_player", 0)
    return {
        "game": "pathfinder",
        "mode": mode,
        "phase": "setup",
        "turn": 0,
        "active_player": first,
        "first_player": first,
        "scenario": {
            "id": scenario_id, "title": options.get("title") or scenario["title"], "adventure_number": an,
            "villains": [v["name"] for v in villains], "henchmen": [h["name"] for h in henchmen],
            "closing_henchmen": closing, "dangers": list(options.get("dangers", scenario["dangers"])),
            "set_aside": set_aside, "story_bane_stack": stack,
        },
        "adventure_number": an,
        "bane_adventure_number": max(0, an + options.get("bane_adventure_offset", 0)),
        "vault_bane_level_up": bool(options.get("vault_bane_level_up")),
        "wildcards": list(options.get("wildcards") or []),
        "challenge_mode": options.get("challenge_mode") or derive_mode(options, party),
        "hourglass": hourglass,
        "hourglass_initial": hourglass,
        "hourglass_discards": 0,
        "hour": None,
        "hour_advanced_by": None,
        "locations": locations,
        "villains": [{"name": v["name"], "status": "at_large"} for v in villains],
        "players": seats,
        "turn_state": fresh_turn(),
        "encounter": None,
        "check": None,
        "damage": None,
        "scourge_markers": {},
        "step_boon_types": [],
        "step_played": [],
        "forced_moves": [],
        "last_encounter": None,
        "result": None,
        "result_reason": None,
        "campaign": options.get("campaign"),
    }


def setup_examples(mode: str) -> list[tuple[list, dict]]:
    if mode == "campaign":
        return [([{"name": "Ann", "character": "Valeros", "hand_size": 4},
                  {"name": "Ben", "character": "Kyra", "hand_size": 5}], {})]
    return [
        ([{"name": "Ann", "character": "Valeros", "hand_size": 4}], {"hourglass": 3}),
        ([{"name": "Alice", "character": "Amiri"}, {"name": "Lee", "character": "Lem"},
          {"name": "Sam", "character": "Sajan"}], {"scenario": "1A", "location_size": "S", "hourglass": 4}),
        # the rulebook gives these hand sizes for none but Amiri, Lem and Sajan: the table types them
        ([{"name": "Ann", "character": "Ezren", "hand_size": 6}, {"name": "Ben", "character": "Harsk", "hand_size": 5}],
         {"scenario": "the-blood-vow", "hourglass": 5, "locations": [{"name": "Tower", "cards": 2},
                                                                    {"name": "Ruin", "cards": 1},
                                                                    {"name": "Cell", "cards": 1},
                                                                    {"name": "Academy", "cards": 1}]}),
    ]


# ------------------------------------------------------------------ shared effects

def lose(state, reason: str) -> None:
    if state["result"] is None:
        state["result"], state["result_reason"] = "lost", reason


def win(state, reason: str) -> None:
    if state["result"] is None:
        state["result"], state["result_reason"] = "won", reason


def start_turn(state, seat: int) -> None:
    state["active_player"] = seat
    state["turn"] += 1
    state["phase"] = "advance_hour"
    state["turn_state"] = fresh_turn()
    state["encounter"] = state["check"] = state["damage"] = None
    state["step_boon_types"], state["step_played"] = [], []


def next_living(state, seat: int) -> int | None:
    return seats.next_seat(state, seat, out="dead")


def pass_turn(state) -> str:
    nxt = next_living(state, state["active_player"])
    if nxt is None:
        lose(state, "all_dead")
        return "Every character is dead: the scenario is lost."
    start_turn(state, nxt)
    return f"Turn {state['turn']}: {name_of(state, nxt)} advances the hour next."


def kill(state, seat: int, cause: str) -> str:
    """Everything the character holds is buried; their turn ends; all dead loses (R49, R101, R115)."""
    p = state["players"][seat]
    if p["dead"]:
        return f"{p['name']} is already dead."
    p["buried_count"] += sum(p[k] for k in PILES if k != "buried_count")
    for key in PILES:
        if key != "buried_count":
            p[key] = 0
    p["displayed"], p["recovery"] = [], []
    p["dead"] = True
    line = f"{p['name']} ({p['character']}) dies: {cause}. Every card is buried."
    if not living(state):
        lose(state, "all_dead")
        return line + " Every character is dead: the scenario is lost."
    if state["active_player"] == seat and state["phase"] != "setup":
        return line + " " + pass_turn(state)
    if state["phase"] == "setup" and state["active_player"] == seat:
        state["active_player"] = state["first_player"] = next_living(state, seat)
    _drop_dead_from_encounter(state, seat)
    return line


def _drop_dead_from_encounter(state, seat):
    check = state.get("check")
    if check and check.get("character") == seat:
        state["check"] = None
    damage = state.get("damage")
    if damage and damage.get("target") == seat:
        state["damage"] = None


def draw_from_deck(state, seat: int, count: int, cause: str = "drawing") -> str | None:
    """Draw `count` cards at once; a deck too small kills the character (R49, A-1)."""
    p = state["players"][seat]
    if count > p["deck_count"]:
        return kill(state, seat, f"had to draw {count} card(s) with {p['deck_count']} in the deck ({cause})")
    p["deck_count"] -= count
    p["hand_count"] += count
    return None


def remove_from_deck(state, seat: int, count: int, pile: str, cause: str) -> str | None:
    p = state["players"][seat]
    if count > p["deck_count"]:
        return kill(state, seat, f"had to {cause} {count} card(s) from a deck of {p['deck_count']}")
    p["deck_count"] -= count
    if pile:
        p[pile] += count
    return None


def close_location(state, name: str) -> str:
    """When Closed: every card banished, the location leaves play, everyone there must move (R62)."""
    loc = location(state, name)
    loc["cards"], loc["faceup"], loc["closed"], loc["villain_here"] = 0, [], True, False
    line = f"{name} is closed and leaves play."
    if state["phase"] == "explore":
        state["turn_state"]["exploration_locked"] = True
    remaining = open_locations(state)
    here = [s for s in living(state) if state["players"][s]["location"] == name]
    if not remaining:
        win(state, "all_locations_closed")
        return line + " Every location is closed: the party wins."
    if here:
        state["forced_moves"] = sorted(set(state["forced_moves"]) | set(here))
        line += f" {', '.join(name_of(state, s) for s in here)} must move now."
    return line
