"""Aventuria duel-family state: setup, setup validation and the small helpers every part shares.

The state is JSON-native. Card identities are only tracked where a rule needs them (permanents in
play, names turned into endurance); everything else is a count.
"""
from __future__ import annotations

import math

from tracker.engine.kit import seats

from .decks import HERO_PROFESSIONS, HEROES

DUEL_MODES = ("duel", "skirmish", "team_duel")
ADVENTURE_MODES = ("adventure", "chance_encounter")
TURN_PHASES = ("start", "draw", "ready", "endurance", "actions", "end")
ATTACK_TYPES = ("close", "ranged", "magic")
ATTRIBUTE_OF = {"close": "close_combat", "ranged": "ranged_combat", "magic": "magic"}
ATTRIBUTES = ("close_combat", "ranged_combat", "magic", "dodge")
ARMOR_LOCATIONS = ("head", "chest", "arms", "legs")
NO_MAGIC = "-"
STARTING_LP = 40
OPENING_HAND = 5
DECK_SIZE = 30
PHASE_DRAW = 2
HAND_LIMIT = 7
ENDURANCE_PER_TURN = 2
# Names a steal effect might aim at but which the Hero Card keeps for good (R122).
HERO_CARD_PARTS = ("basic equipment", "special ability")
TYPE_TITLES = {"close": "Close Combat", "ranged": "Ranged Combat", "magic": "Magic"}


# ------------------------------------------------------------------ setup

# The only Hero Card value the rulebook prints ([Making an Attack], its example): the others are
# asked at setup and can be corrected on the hero card.
KNOWN_ATTRIBUTES: dict[str, dict[str, int]] = {"DB": {"close_combat": 14}}


def hero_code(raw) -> str | None:
    """DB, ES, HR or TM for a hero named by abbreviation, name, first name or profession; else None."""
    if not isinstance(raw, str):
        return None
    key = " ".join(raw.replace(",", " ").split()).casefold()
    for code, name in HEROES.items():
        names = {code.casefold(), name.casefold().replace(",", ""), name.split()[0].rstrip(",").casefold(),
                 HERO_PROFESSIONS[code].casefold()}
        if key in names:
            return code
    return None


def hero_choices() -> list[tuple[str, str]]:
    return [(code, f"{name.split(',')[0].split()[0]} ({HERO_PROFESSIONS[code]})") for code, name in HEROES.items()]

def _norm_magic(value):
    if isinstance(value, str) and value.strip() in ("-", "–", "—"):
        return NO_MAGIC
    return value


def _attributes(raw) -> dict:
    raw = raw or {}
    return {key: _norm_magic(raw.get(key)) if key == "magic" else raw.get(key) for key in ATTRIBUTES}


def new_player(seat: int, raw: dict, mode: str) -> dict:
    team = None
    if mode == "team_duel":
        team = raw.get("team") or ("A" if seat % 2 == 0 else "B")
    hero = hero_code(raw.get("hero"))
    return {
        "name": raw["name"].strip(),
        "hero": hero,
        "team": team,
        "life_points": STARTING_LP,
        "starting_life_points": STARTING_LP,
        "fate_points": 0,
        "hand_count": OPENING_HAND,
        "draw_deck_count": DECK_SIZE - OPENING_HAND,
        "discard_count": 0,
        "removed_count": 0,
        "endurance_total": 0,
        "endurance_ready": 0,
        "temp_endurance": 0,
        "endurance_played_this_turn": 0,
        "endurance_cards": [],  # names of permanents turned into endurance (R121)
        "phase_draw_done": False,
        "permanents": [],
        "special_ability_available": True,
        "attacks_this_turn": {t: False for t in ATTACK_TYPES},
        "extra_attacks_this_turn": 0,
        "eliminated": False,
        "eliminated_at": None,
        "attributes": {**_attributes(KNOWN_ATTRIBUTES.get(hero)),
                       **{k: v for k, v in _attributes(raw.get("attributes")).items() if v is not None}},
        "mulligan_done": False,
        "critical_draws": 0,
        "last_test": None,
    }


def table_counts(heroes: int) -> dict:
    """What every Aventuria table keeps besides its players: 2 Fate Points a hero in the middle
    ([Game Preparation]; [Adventure Rules > Prepare Your Heroes]) and the attack record."""
    return {"fate_pool": 2 * heroes, "fate_removed": 0, "pending_attack": None, "last_attack": None,
            "attack_count": 0, "elimination_count": 0, "outcome": None}


def setup(mode: str, players: list, options: dict) -> dict:
    options = options or {}
    n = len(players)
    state = {
        "mode": mode,
        "phase": "setup",
        "active_player": None,
        "turn": 0,
        "starting_player": None,
        **table_counts(n),
        "reward_cards_allowed": bool(options.get("reward_cards_allowed", False)),
        "roll_off": {"round": 1, "contenders": list(range(n)), "rolls": [None] * n},
        "players": [new_player(i, p, mode) for i, p in enumerate(players)],
    }
    if options.get("starting_player") is not None:
        begin_game(state, options["starting_player"])
    return state


def begin_game(state: dict, starter: int) -> None:
    """Starting hero known: the others take their compensation Fate Point (R60) and turn 1 begins."""
    state["starting_player"] = starter
    state["roll_off"] = None
    for seat, p in enumerate(state["players"]):
        if seat != starter:
            p["fate_points"] += 1
            state["fate_pool"] -= 1
    state["turn"] = 0
    start_turn(state, starter)


def setup_examples(mode: str) -> list[tuple[list, dict]]:
    """Typical tables for each mode: known starter or a roll-off, attributes typed in or not."""
    n = {"duel": 2, "skirmish": 3, "team_duel": 4}[mode]
    heroes = ["DB", "ES", "HR", "TM"]
    plain = [{"name": f"Player {i + 1}", "hero": heroes[i % 4]} for i in range(n)]
    typed = [dict(p, attributes={"close_combat": 14, "ranged_combat": 11, "dodge": 9,
                                 "magic": NO_MAGIC if i == 0 else 12}) for i, p in enumerate(plain)]
    return [(plain, {"starting_player": 0}), (typed, {"starting_player": n - 1}), (plain, {})]


_ATTR_RANGE = (0, 30)


OPTIONS = ("starting_player", "reward_cards_allowed")


def setup_errors(mode: str, players: list, options: dict) -> dict:
    errors: dict[str, list[str]] = {}
    options = options or {}
    if not isinstance(options, dict):
        return {"options": ["must be a JSON object"]}
    for key in sorted(set(options) - set(OPTIONS)):
        # a misspelt option silently ignored would set the game up differently than the table thinks
        errors[f"options.{key}"] = [f"unknown option; Aventuria takes {', '.join(OPTIONS)}"]
    for i, raw in enumerate(players):
        if not isinstance(raw, dict):
            errors.setdefault(f"players.{i}", []).append("must be an object with a name")
            continue
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            errors.setdefault(f"players.{i}.name", []).append("a name is required")
        hero = raw.get("hero")
        if hero is not None and hero != "" and hero_code(hero) is None:
            known = ", ".join(f"{code} ({label})" for code, label in hero_choices())
            errors.setdefault(f"players.{i}.hero", []).append(f"unknown hero {hero!r}; choose one of {known}")
        attrs = raw.get("attributes")
        if attrs is not None:
            if not isinstance(attrs, dict):
                errors.setdefault(f"players.{i}.attributes", []).append("must be an object")
            else:
                for key, value in attrs.items():
                    field = f"players.{i}.attributes.{key}"
                    if key not in ATTRIBUTES:
                        errors.setdefault(field, []).append(f"unknown attribute; use {', '.join(ATTRIBUTES)}")
                    elif value is None or (key == "magic" and _norm_magic(value) == NO_MAGIC):
                        continue
                    elif not isinstance(value, int) or isinstance(value, bool) or not (
                        _ATTR_RANGE[0] <= value <= _ATTR_RANGE[1]
                    ):
                        errors.setdefault(field, []).append("must be a whole number 0 to 30 (magic may be \"-\")")
        team = raw.get("team")
        if mode == "team_duel" and team is not None and team not in ("A", "B"):
            errors.setdefault(f"players.{i}.team", []).append('team must be "A" or "B"')
    n = len(players)
    if mode == "team_duel" and not errors:
        if n % 2:
            errors["players"] = [f"Team Duel needs an even number of players split into two equal teams, got {n}."]
        else:
            teams = [raw.get("team") or ("A" if i % 2 == 0 else "B") for i, raw in enumerate(players)]
            a, b = teams.count("A"), teams.count("B")
            if a != b:
                errors["players"] = [f"Teams must be equal: A has {a}, B has {b}."]
            else:
                for i in range(n):
                    if teams[i] == teams[(i + 1) % n]:
                        nxt = (i + 1) % n
                        errors.setdefault(f"players.{nxt}.team", []).append(
                            f"teams sit alternately: seat {nxt} is next to seat {i}, also team {teams[i]}"
                        )
                        break
    if mode not in DUEL_MODES:
        errors.setdefault("mode", []).append(f"{mode} is not available yet")
    start = options.get("starting_player")
    if start is not None and (not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < n):
        errors.setdefault("options.starting_player", []).append(f"must be a seat from 0 to {n - 1}")
    reward = options.get("reward_cards_allowed")
    if reward is not None and not isinstance(reward, bool):
        errors.setdefault("options.reward_cards_allowed", []).append("must be true or false")
    return errors


# ------------------------------------------------------------------ lookups

def player(state: dict, seat: int) -> dict:
    return state["players"][seat]


def name_of(state: dict, seat) -> str:
    players = state["players"]
    if type(seat) is int and 0 <= seat < len(players):  # the common case, on every log line
        return players[seat]["name"]
    return seats.name_of(state, seat, missing=f"seat {seat}")


def norm(name) -> str:
    return " ".join(str(name or "").split()).casefold()


def living(state: dict) -> list[int]:
    return [i for i, p in enumerate(state["players"]) if not p["eliminated"]]


def are_opponents(state: dict, a: int, b: int) -> bool:
    if a == b:
        return False
    if state["mode"] == "team_duel":
        return state["players"][a]["team"] != state["players"][b]["team"]
    return True


def teammates(state: dict, a: int, b: int) -> bool:
    return a == b or (state["mode"] == "team_duel" and state["players"][a]["team"] == state["players"][b]["team"])


def available_endurance(p: dict) -> int:
    return p["endurance_ready"] + p["temp_endurance"]


def find_permanent(p: dict, name) -> int | None:
    key = norm(name)
    for i, card in enumerate(p["permanents"]):
        if norm(card["name"]) == key:
            return i
    return None


def attack_value(state: dict, seat: int, attack_type: str):
    value = state["players"][seat]["attributes"].get(ATTRIBUTE_OF[attack_type])
    return value if isinstance(value, int) else None


def next_seat(state: dict, seat: int) -> int | None:
    return seats.next_seat(state, seat, out="eliminated")


# ------------------------------------------------------------------ changes

def start_turn(state: dict, seat: int) -> None:
    """Turn change: temporary endurance and owed critical draws lapse, per-turn counters reset."""
    for p in state["players"]:
        p["temp_endurance"] = 0
        p["critical_draws"] = 0
        p["endurance_played_this_turn"] = 0
        p["phase_draw_done"] = False
        p["attacks_this_turn"] = {t: False for t in ATTACK_TYPES}
        p["extra_attacks_this_turn"] = 0
    state["active_player"] = seat
    state["phase"] = "start"
    state["turn"] += 1
    state["last_attack"] = None
    state["pending_attack"] = None  # only reachable by override: an attack cannot outlive its turn


def pay(p: dict, cost: int) -> None:
    # Temporary endurance goes first: it lapses at the end of the turn anyway (house decision).
    from_temp = min(cost, p["temp_endurance"])
    p["temp_endurance"] -= from_temp
    p["endurance_ready"] -= min(cost - from_temp, p["endurance_ready"])


def random_discard(p: dict) -> bool:
    if p["hand_count"] > 0:
        p["hand_count"] -= 1
        p["discard_count"] += 1
        return True
    return False


def release_improvements(state: dict, card: dict, to: str = "discard_count") -> None:
    """An improved card left play: every improvement goes to the pile of the hero who played it (R24)."""
    for imp in card.get("improvements", []):
        owner = imp.get("owner")
        if isinstance(owner, int) and 0 <= owner < len(state["players"]):
            state["players"][owner][to] += 1
    card["improvements"] = []


def halve_up(amount: int) -> int:
    return math.ceil(amount / 2)


def dodge_outcome(roll: int, value, modifier: int, success):
    """True/False when the dodge result is known from the roll, the value or the player's word; else None."""
    if roll == 1:
        return True
    if roll == 20:
        return False
    if isinstance(value, int):
        return roll <= value + modifier
    if isinstance(success, bool):
        return success
    return None


def roll_result(roll: int, value, modifier: int) -> str:
    if roll == 1:
        return "hit"
    if roll == 20:
        return "miss"
    if isinstance(value, int):
        return "hit" if roll <= value + modifier else "miss"
    return "unknown"
