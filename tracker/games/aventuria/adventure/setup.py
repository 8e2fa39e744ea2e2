"""Starting an adventure or a chance encounter: the options each takes and what a table may get wrong."""
from __future__ import annotations

from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from ..state import setup_errors as duel_setup_errors
from .data import ACTS, ADVENTURES, COMBATS, DIFFICULTIES
from .schema import TIME_EFFECTS, VILLAINS

SKILLS = ("body_control", "craft", "knowledge", "perception", "persuade", "stealth", "survival", "willpower")

ADVENTURE_OPTIONS = obj(
    adventure=enum(*ADVENTURES, title="Adventure"),
    difficulty=enum(*DIFFICULTIES, title="Difficulty"),
    starting_player=seat("who holds the Starting Hero token first", title="Starting hero"),
    start_act=integer(1, 3, "the act to begin with (Legacy of Wildenstein)", title="Act"),
    heir=seat("Legacy of Wildenstein: the hero who is the heir", title="Heir"),
    campaign=string(100, "the campaign this adventure counts for (its link)", title="Campaign"),
    xp=integer(0, 9, "experience each hero gains when it is won (a custom adventure's own)", title="Experience"),
)
CHANCE_OPTIONS = obj(
    difficulty=enum(*DIFFICULTIES, title="Difficulty"),
    starting_player=seat("who holds the Starting Hero token first", title="Starting hero"),
    time_counters=integer(0, 30, "counters on the chance encounter's time scale", title="Time counters"),
    villains=VILLAINS,
    time_effects=TIME_EFFECTS,
    time_out=enum("defeat", "nothing", title="When the last counter goes",
                  description="what the time scale card says happens at 0"),
    award_xp=boolean("the table agreed to award experience for this encounter"),
)


def adventure_setup_errors(mode: str, players: list, options: dict) -> dict:
    options = options or {}
    errors = {k: v for k, v in duel_setup_errors("duel", players, {}).items() if k.startswith("players")}
    n = len(players)
    for i, raw in enumerate(players):
        rewards = raw.get("deck_rewards") if isinstance(raw, dict) else None
        if rewards is not None and (not isinstance(rewards, list) or len(rewards) > 3
                                    or not all(isinstance(c, str) and c.strip() for c in rewards)):
            errors.setdefault(f"players.{i}.deck_rewards", []).append(
                "at most 3 Reward Card names (aventuria.R93)")
        skills = raw.get("skills") if isinstance(raw, dict) else None
        if skills is None:
            continue
        if not isinstance(skills, dict):
            errors.setdefault(f"players.{i}.skills", []).append("must be an object of skill values")
            continue
        for key, value in skills.items():
            if key not in SKILLS:
                errors.setdefault(f"players.{i}.skills.{key}", []).append(f"unknown skill; use {', '.join(SKILLS)}")
            elif not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 30:
                errors.setdefault(f"players.{i}.skills.{key}", []).append("must be a whole number 0 to 30")
    for key in ("starting_player", "heir"):
        value = options.get(key)
        if isinstance(value, int) and not 0 <= value < n:
            errors.setdefault(f"options.{key}", []).append(f"must be a seat from 0 to {n - 1}")
    if mode == "adventure":
        adventure = options.get("adventure", "custom")
        act = options.get("start_act", 1)
        if act > ACTS.get(adventure, 1):
            errors.setdefault("options.start_act", []).append(f"{adventure} has {ACTS.get(adventure, 1)} act(s)")
        if options.get("heir") is not None and adventure != "legacy-of-wildenstein":
            errors.setdefault("options.heir", []).append("only Legacy of Wildenstein has an heir")
        elif adventure == "legacy-of-wildenstein" and options.get("heir") is None and (adventure, act) in COMBATS \
                and "heir" in COMBATS[(adventure, act)].defeat:
            errors.setdefault("options.heir", []).append(
                "name the heir: this act is lost if the heir falls unconscious (aventuria.R132)")
    else:
        villains = options.get("villains")
        if villains and "time_counters" not in options:
            errors.setdefault("options.time_counters", []).append("give the time counters to start with the villains")
        placed, target = 0, 7 * n
        for i, raw in enumerate(villains or ()):
            if raw.get("kind") == "leader":
                errors.setdefault(f"options.villains.{i}.kind", []).append(
                    "a chance encounter has no Leader Cards (aventuria.R117)")
            elif raw.get("kind", "henchman") == "henchman":
                if placed >= target:
                    errors.setdefault(f"options.villains.{i}", []).append(
                        f"threat value already reached ({placed} of {target}): no more henchmen (aventuria.R67)")
                placed += raw.get("tp", 0)
    return errors


def adventure_setup_examples(mode: str) -> list[tuple[list, dict]]:
    two = [{"name": "Ann", "hero": "DB", "attributes": {"close_combat": 14, "dodge": 8}},
           {"name": "Ben", "hero": "TM", "attributes": {"close_combat": 11, "dodge": 12}}]
    three = two + [{"name": "Cat", "hero": "ES"}]
    if mode == "adventure":
        return [(two, {"adventure": "custom", "difficulty": "normal", "starting_player": 0}),
                (three, {"adventure": "legacy-of-wildenstein", "start_act": 3, "difficulty": "easy"}),
                (two[:1], {"adventure": "saving-silvana", "difficulty": "legendary"}),
                (two, {"adventure": "legacy-of-wildenstein", "start_act": 1, "heir": 1}),
                (two, {"adventure": "the-non-gambling-kind"})]
    row = [{"name": "Tough Watchman", "tp": 7, "life_points": 9, "dodge": "-", "armor": 3, "actions": 1},
           {"name": "Crossbowman", "tp": 4, "life_points": 5, "dodge": 6, "armor": 0, "actions": 1},
           {"name": "Loyal Bodyguard", "tp": 5, "life_points": 6, "dodge": "-", "armor": 1, "actions": "N"}]
    return [(two, {"difficulty": "normal", "starting_player": 1, "time_counters": 4, "villains": row,
                   "time_effects": {"2": "Draw an event card", "0": "Every hero loses 2 LP"}}),
            (three, {"difficulty": "easy", "time_out": "defeat"})]
