"""Setting up Part One: the options a table chooses once, and what the new-game form asks."""
from __future__ import annotations

from tracker.engine.schema import enum, integer, obj, seat

from tracker.games.aventuria.kit import ATTRIBUTES

from .state import HASRABAL_DECK, SKILLS

OPTIONS = obj(
    (),
    difficulty=enum("normal", "hard", title="Difficulty", description="the Nedime card's side, fixed for the adventure"),
    hearts=integer(1, 10, "Heart tokens printed on that side of the Nedime card (a group removes 2)", title="Hearts"),
    hasrabal_cards=integer(1, HASRABAL_DECK, "Hasrabal Cards drawn each night, as the Nedime card says",
                           title="Hasrabal Cards"),
    starting_player=seat("who holds the Starting Hero token first (a group)", title="Starting hero"),
)


def setup_errors(mode: str, players: list, options: dict) -> dict:
    errors: dict[str, list[str]] = {}
    options = options or {}
    n = len(players)
    for i, raw in enumerate(players):
        if not isinstance(raw, dict):
            errors[f"players.{i}"] = ["must be an object with a name"]
            continue
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            errors[f"players.{i}.name"] = ["a name is required"]
        hero = raw.get("hero")
        if hero is not None and (not isinstance(hero, str) or len(hero) > 60):
            errors[f"players.{i}.hero"] = ["the hero's name, up to 60 characters"]
        for key, allowed in (("attributes", ATTRIBUTES), ("skills", SKILLS)):
            values = raw.get(key)
            if values is None:
                continue
            if not isinstance(values, dict):
                errors[f"players.{i}.{key}"] = ["must be an object"]
                continue
            for k, v in values.items():
                field = f"players.{i}.{key}.{k}"
                if k not in allowed:
                    errors[field] = [f"unknown; use {', '.join(allowed)}"]
                elif v is None or (v == "-" and key == "attributes"):
                    continue
                elif not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 30:
                    errors[field] = ["a whole number 0 to 30" + (' (or "-")' if key == "attributes" else "")]
        for k in set(raw) - {"name", "hero", "attributes", "skills"}:
            errors[f"players.{i}.{k}"] = ["unknown; a hero has name, hero, attributes and skills"]
    if options.get("difficulty") == "hard":
        for key in ("hearts", "hasrabal_cards"):
            if key not in options:
                errors[f"options.{key}"] = ["give it from the hard side of the Nedime card (the rulebook prints only the normal side's)"]
    start = options.get("starting_player")
    if start is not None and start >= n:
        errors["options.starting_player"] = [f"must be a seat from 0 to {n - 1}"]
    return errors
