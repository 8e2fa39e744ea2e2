"""Setting up Part One: the options a table chooses once, and what the new-game form asks."""
from __future__ import annotations

from tracker.engine.schema import enum, integer, obj, seat, string

from tracker.games.aventuria.kit import ATTRIBUTES, VILLAINS

from .actions_palace import CELL
from .actions_tower import REMOVED
from .state import HASRABAL_DECK, SKILLS
from .tower import FINAL, FLOOR_SIZE, FLOOR_TITLES, FLOORS, HENCHMEN_PER_HERO, LAYOUTS, REMOVED_AT_MISSION, VAGABOND

OPTIONS = obj(
    (),
    difficulty=enum("normal", "hard", title="Difficulty", description="the Nedime card's side, fixed for the adventure"),
    hearts=integer(1, 10, "Heart tokens printed on that side of the Nedime card (a group removes 2)", title="Hearts"),
    hasrabal_cards=integer(1, HASRABAL_DECK, "Hasrabal Cards drawn each night, as the Nedime card says",
                           title="Hasrabal Cards"),
    starting_player=seat("who holds the Starting Hero token first (a group)", title="Starting hero"),
    campaign=string(100, "the campaign this part counts for (its link)", title="Campaign"),
)


TOWER_OPTIONS = obj(
    (),
    difficulty=enum("normal", "difficult", title="Difficulty", description="which Time Scale card (a group: the Group Time Scale)"),
    time_start=integer(0, 20, "the Time Row space the Time Scale card names", title="Time Counter starts on"),
    entrance={**CELL, "title": "Entrance Stairs", "description": "where the Entrance Stairs lie: lays out the first exploration"},
    villains=VILLAINS,
    start_stage=integer(1, FINAL, "the Death's Candidate card in play when the app joins a game under way (6 = the final one)",
                        title="Death's Candidate card"),
    floor_xp=obj((), **{f: integer(0, 10, title=FLOOR_TITLES[f]) for f in FLOORS}),
    removed_floors=REMOVED,
    starting_player=seat("who holds the Starting Hero token first (a group)", title="Starting hero"),
    campaign=string(100, "the campaign this part counts for (its link)", title="Campaign"),
)


def _tower_errors(players: list, options: dict, errors: dict) -> None:
    stage = options.get("start_stage", 1)
    removed = options.get("removed_floors")
    if removed is not None:
        if stage < 5:
            errors["options.removed_floors"] = ["only once The Mission of the Brain removed cards (Death's Candidate 5 or later)"]
        elif sum(removed.values()) != len(REMOVED_AT_MISSION):
            errors["options.removed_floors"] = [f"the removed cards are {len(REMOVED_AT_MISSION)}; these add up to {sum(removed.values())}"]
        else:
            over = [f for f, k in removed.items() if k > FLOOR_SIZE[f]]
            if over:
                errors["options.removed_floors"] = [f"the {FLOOR_TITLES[over[0]]} has only {FLOOR_SIZE[over[0]]} cards"]
    entrance = options.get("entrance")
    if entrance is not None:
        rows, cols = LAYOUTS[stage]
        if not (0 <= entrance[0] < rows and 0 <= entrance[1] < cols):
            errors["options.entrance"] = [f"no space {list(entrance)} in a {rows}x{cols} tower (rows 0-{rows - 1}, columns 0-{cols - 1})"]
        raws = options.get("villains") or []
        henchmen = [r for r in raws if r.get("kind", "henchman") == "henchman" and r.get("name") != VAGABOND]
        want = HENCHMEN_PER_HERO * len(players)
        if len(henchmen) != want:
            errors["options.villains"] = [f"the exploration starts with {want} henchmen (2 per hero), not {len(henchmen)}"]
        elif stage >= 5 and not any(r.get("name") == VAGABOND for r in raws):
            errors["options.villains"] = [f"from The Mission of the Brain on, {VAGABOND} stands at the left of the row: add it"]
    elif options.get("villains"):
        errors["options.villains"] = ["the henchmen come with the Entrance Stairs' place (entrance), when the tower is laid out"]


def setup_errors(mode: str, players: list, options: dict) -> dict:
    errors: dict[str, list[str]] = {}
    options = options or {}
    n = len(players)
    if mode == "borbarad":
        _tower_errors(players, options, errors)
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
    if mode == "nedime" and options.get("difficulty") == "hard":
        for key in ("hearts", "hasrabal_cards"):
            if key not in options:
                errors[f"options.{key}"] = ["give it from the hard side of the Nedime card (the rulebook prints only the normal side's)"]
    start = options.get("starting_player")
    if start is not None and start >= n:
        errors["options.starting_player"] = [f"must be a seat from 0 to {n - 1}"]
    return errors
