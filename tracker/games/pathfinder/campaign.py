"""Pathfinder campaign mode: the Adventure Path between scenarios (spec 2.1, 3.9, 4.6, 7).

The campaign state is the party's sheet: characters with feats, hero points, role, deck list and
(optionally itemised) deck contents, the Adventure Path with completion per challenge mode, the
rewards claimed, and the vault's upgrades. Scenarios themselves are separate sessions (mode
"scenario"); `record_scenario` brings their result back here, and `scenario_allowed` tells the
scenario mode whether the campaign may start a given scenario now.

The storybook is not shipped, so the default Adventure Path is The Dragon's Demand with what the
rulebook names (adventure 1: Rumble Road, then 1A: Plans Gone Wrong); `add_scenario` adds the rest.
"""
from __future__ import annotations

from .data import (
    BOON_TYPES, CHARACTERS, CORE_DECKS, FAVORED, character, deck_total, favored_type, missing_hand_size,
)

BETWEEN = "between_scenarios"
DEATHS = "after_scenario_deaths"
REWARDS = "after_scenario_rewards"
LEFTOVERS = "after_scenario_leftovers"
REBUILD = "after_scenario_rebuild"
CAMPAIGN_PHASES = {
    BETWEEN: "Between scenarios",
    DEATHS: "After the scenario: return from death",
    REWARDS: "After the scenario: rewards",
    LEFTOVERS: "After the scenario: leftover boons",
    REBUILD: "After the scenario: rebuild decks",
}
AFTER_STEPS = (DEATHS, REWARDS, LEFTOVERS, REBUILD)
MODE_LETTERS = {"normal": "N", "heroic": "H", "legendary": "L", "easy": "E"}
FEAT_TYPES = ("skill", "power", "card")
MAX_SKILL_FEAT = 6  # the highest skill feat box a character sheet has
HERO_POINT_MARKERS = 63  # a soft limit only


# ------------------------------------------------------------------ state queries

def clean(value) -> str:
    return " ".join(str(value or "").split())


def scenario_order(state) -> list[tuple[int, str]]:
    return [(adv["number"], title) for adv in state["adventure_path"]["adventures"] for title in adv["scenarios"]]


def find_scenario(state, title) -> str | None:
    key = clean(title).casefold()
    return next((t for _, t in scenario_order(state) if t.casefold() == key), None) if key else None


def adventure_of(state, title) -> int | None:
    return next((n for n, t in scenario_order(state) if t == title), None)


def adventure_scenarios(state, number) -> list[str]:
    return [t for n, t in scenario_order(state) if n == number]


def adventure_complete(state, number) -> bool:
    titles = adventure_scenarios(state, number)
    return bool(titles) and all(t in state["completed"] for t in titles)


def path_complete(state) -> bool:
    order = scenario_order(state)
    return bool(order) and all(t in state["completed"] for _, t in order)


def first_open_scenario(state) -> str | None:
    return next((t for _, t in scenario_order(state) if t not in state["completed"]), None)


def active(p) -> bool:
    return not p["needs_character"]


def seat_ok(state, seat) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"])


def who(state, seat) -> str:
    p = state["players"][seat]
    return p["character"] or p["name"]


def counts(cards) -> dict:
    out = dict.fromkeys(BOON_TYPES, 0)
    for card in cards:
        if card.get("type") in out:
            out[card["type"]] += 1
    return out


def effective_level(card, character) -> int:
    owner = clean(card.get("owner")).casefold()
    if owner and owner == clean(character).casefold():
        return 0  # Owner trait: level 0 for its owner
    level = card.get("level", 0)
    return level if isinstance(level, int) else 0


def count_mismatch(who_name, deck_list, cards) -> str | None:
    have = counts(cards)
    wrong = [f"{deck_list.get(t, 0)} {t}{'s' if deck_list.get(t, 0) != 1 else ''}, has {have[t]}"
             for t in BOON_TYPES if have[t] != deck_list.get(t, 0)]
    if wrong:
        return f"{who_name}'s deck needs " + "; ".join(wrong) + "."
    return None


def dead_undecided(state) -> list[int]:
    return [s for s, p in enumerate(state["players"]) if p["dead_in_last_scenario"] and p["death_choice"] is None]


def entry_seat(state, entry) -> int | None:
    """The seat a {player | character, dead} entry names, or None."""
    seat = entry.get("player")
    name = clean(entry.get("character")).casefold()
    if seat is not None:
        if not seat_ok(state, seat):
            return None
        if name and clean(state["players"][seat]["character"]).casefold() != name:
            return None
        return seat
    return next((s for s, p in enumerate(state["players"]) if name and clean(p["character"]).casefold() == name), None)


def reward_key(state, level) -> str:
    last = state["last_scenario"] or {}
    if level == "scenario":
        return f"scenario:{last.get('title')}"
    if level == "adventure":
        return f"adventure:{last.get('adventure_number')}"
    return "adventure_path"


def character_completed_in_hl(state, seat, number) -> bool:
    done = state["players"][seat]["completed_modes"]
    titles = adventure_scenarios(state, number)
    return bool(titles) and all(set(done.get(t, [])) & {"H", "L"} for t in titles)


def skill_value(p, skill) -> int:
    return p["feats"]["skill"].get(clean(skill).casefold(), 0)


DRAGONS_DEMAND = {
    "title": "The Dragon's Demand",
    "adventures": [{"number": 1, "scenarios": ["Rumble Road", "1A: Plans Gone Wrong"]}],
}
MAX_ADVENTURE = 20

def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _deck_list_ok(dl) -> bool:
    return isinstance(dl, dict) and not set(dl) - set(BOON_TYPES) and all(
        _int(v) and 0 <= v <= 30 for v in dl.values()) and deck_total(dl) > 0


def _path_errors(path) -> list[str]:
    if isinstance(path, list):
        path = {"title": DRAGONS_DEMAND["title"], "adventures": path}
    if path is None or isinstance(path, str):
        return [] if path is None or clean(path) else ["an Adventure Path title must not be empty"]
    if not isinstance(path, dict) or not clean(path.get("title")):
        return ["a title, a list of {number, scenarios: [titles]}, or {title, adventures: [...]}"]
    adventures = path.get("adventures", [])
    if not isinstance(adventures, list):
        return ["adventures must be a list of {number, scenarios}"]
    errors, titles, numbers = [], set(), set()
    for i, adv in enumerate(adventures):
        if not isinstance(adv, dict) or not _int(adv.get("number")) or not 1 <= adv["number"] <= MAX_ADVENTURE:
            errors.append(f"adventures.{i}.number: a whole number from 1 to {MAX_ADVENTURE}")
            continue
        if adv["number"] in numbers:
            errors.append(f"adventures.{i}.number: adventure {adv['number']} is listed twice")
        numbers.add(adv["number"])
        scenarios = adv.get("scenarios", [])
        if not isinstance(scenarios, list) or not all(isinstance(t, str) and clean(t) for t in scenarios):
            errors.append(f"adventures.{i}.scenarios: a list of scenario titles")
            continue
        for t in scenarios:
            if clean(t).casefold() in titles:
                errors.append(f"adventures.{i}.scenarios: {clean(t)!r} is listed twice")
            titles.add(clean(t).casefold())
    return errors


def campaign_setup_errors(players, options) -> dict:
    errors: dict[str, list[str]] = {}
    options = options or {}
    if not isinstance(players, list):
        return {"players": ["a list of {name, character}"]}
    seen = set()
    for i, raw in enumerate(players):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
            errors.setdefault(f"players.{i}.name", []).append("a non-empty name is required")
            continue
        ch, dl = raw.get("character"), raw.get("deck_list")
        if dl is not None and not _deck_list_ok(dl):
            errors.setdefault(f"players.{i}.deck_list", []).append(
                f"counts (0-30) per boon type ({', '.join(BOON_TYPES)}), at least one card")
        if not isinstance(ch, str) or not ch.strip():
            errors.setdefault(f"players.{i}.character", []).append(f"choose a character: {', '.join(CHARACTERS)}")
        elif character(ch) is None and dl is None:
            errors.setdefault(f"players.{i}.character", []).append(
                f"unknown character {ch!r}; the Core Set has {', '.join(CHARACTERS)} (others need a deck_list and hand_size)")
        elif clean(ch).casefold() in seen:
            errors.setdefault(f"players.{i}.character", []).append(f"{clean(ch)} is already in the party")
        else:
            seen.add(clean(ch).casefold())
        hand = raw.get("hand_size")
        if hand is not None and (not _int(hand) or not 1 <= hand <= 15):
            errors.setdefault(f"players.{i}.hand_size", []).append("a whole number from 1 to 15")
        elif hand is None and f"players.{i}.character" not in errors and "hand_size" not in (character(ch) or {}):
            errors.setdefault(f"players.{i}.hand_size", []).append(
                missing_hand_size((character(ch) or {}).get("name", clean(ch))))
        fav = favored_type(raw.get("favored"))
        if fav is not None and fav not in FAVORED:
            errors.setdefault(f"players.{i}.favored", []).append(f"one of {', '.join(BOON_TYPES)} or any")
    core = [p for p in players if isinstance(p, dict) and isinstance(p.get("character"), str) and character(p["character"])]
    if len(core) > CORE_DECKS and not options.get("extra_decks"):
        errors.setdefault("players", []).append(
            f"the Core Set builds at most {CORE_DECKS} decks; set options.extra_decks when you add a class deck "
            "or Adventure Path characters (R96)")
    path_errors = _path_errors(options.get("adventure_path"))
    if path_errors:
        errors["options.adventure_path"] = path_errors
    title = options.get("title")
    if title is not None and (not isinstance(title, str) or not clean(title) or len(title) > 100):
        errors["options.title"] = ["a campaign title of 1 to 100 characters"]
    return errors


def new_campaign_player(name: str, raw: dict) -> dict:
    """A fresh character sheet for a seat (no feats, no hero points, level-0 build not itemised)."""
    # the sheet holds what was typed where the rulebook is silent; an untyped favored card type stays
    # None, for each scenario's table to choose from the card (R73)
    data = character(raw["character"]) or {"name": clean(raw["character"]), "deck_list": {}}
    base = {t: int((raw.get("deck_list") or data["deck_list"]).get(t, 0)) for t in BOON_TYPES}
    return {
        "name": clean(name),
        "character": data["name"],
        "alive": True,
        "permanently_dead": False,
        "needs_character": False,
        "dead_in_last_scenario": False,
        "death_choice": None,  # "returned" | "permanent" once decided after a scenario
        "hero_points": 0,
        "pending_hero_points": 0,
        "hand_size": raw.get("hand_size") or data.get("hand_size"),
        "favored": favored_type(raw.get("favored")) or data.get("favored"),
        "base_deck_list": dict(base),
        "deck_list": dict(base),
        "deck_contents": [],
        "feats": {"skill": {}, "power": [], "card": {}, "role_power": []},
        "feat_counts": {"skill": 0, "power": 0, "card": 0},
        "role": None,
        "role_reward": False,
        "loot": [],
        "last_completed_an": 0,
        "completed_modes": {},
        "swaps_used": [],
        "rebuilt": False,
    }


def _path(option) -> dict:
    if option is None or (isinstance(option, str) and clean(option).casefold() == DRAGONS_DEMAND["title"].casefold()):
        src = DRAGONS_DEMAND
    elif isinstance(option, str):
        src = {"title": clean(option), "adventures": [{"number": 1, "scenarios": []}]}
    elif isinstance(option, list):  # just the adventures: the Core Set's Adventure Path with its storybook
        src = {"title": DRAGONS_DEMAND["title"], "adventures": option}
    else:
        src = option
    adventures = sorted(({"number": a["number"], "scenarios": [clean(t) for t in a.get("scenarios", [])]}
                         for a in src.get("adventures", [])), key=lambda a: a["number"])
    return {"title": clean(src["title"]), "adventures": adventures or [{"number": 1, "scenarios": []}]}


def campaign_setup(players, options) -> dict:
    options = options or {}
    path = _path(options.get("adventure_path"))
    titles = [t for adv in path["adventures"] for t in adv["scenarios"]]
    first_an = path["adventures"][0]["number"]
    return {
        "game": "pathfinder",
        "mode": "campaign",
        "phase": BETWEEN,
        "turn": 0,
        "active_player": None,
        "title": clean(options.get("title")) or path["title"],
        "players": [new_campaign_player(raw["name"], raw) for raw in players],
        "adventure_path": path,
        "adventure_number": first_an,
        "progress": {t: {"N": False, "H": False, "L": False, "E": False} for t in titles},
        "completed": [],
        "rewards_claimed": [],
        "next_scenario": titles[0] if titles else None,
        "must_replay": None,
        "last_played_an": 0,
        "last_scenario": None,
        "pending_loot": [],
        "pool": [],
        "retired": [],
        "vault": {"level": first_an, "upgrades": [], "removed_from_game": [], "returned": []},
        "log_notes": [],
    }
