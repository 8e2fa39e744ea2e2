"""Small builders for action parameter JSON schemas, so every game names things alike."""
from __future__ import annotations

MAX_AMOUNT = 999  # no table ever moves more than this in one action; bigger is a typo


def _named(out: dict, description: str, title: str) -> dict:
    # `title` is the label a form shows (the game's words); `description` its help line.
    if title:
        out["title"] = title
    if description:
        out["description"] = description
    return out


def seat(description: str = "seat index (0-based) in state.players", *, title: str = "") -> dict:
    return _named({"type": "integer", "minimum": 0, "maximum": 99}, description, title)


def integer(minimum: int = 0, maximum: int = MAX_AMOUNT, description: str = "", *, title: str = "") -> dict:
    return _named({"type": "integer", "minimum": minimum, "maximum": maximum}, description, title)


def die(sides: int, description: str = "", *, title: str = "Roll") -> dict:
    # "x-die" asks the page for a pad of the die's faces: a roll is tapped, never typed.
    return {**integer(1, sides, description or f"natural D{sides} result", title=title), "x-die": sides}


def enum(*values, description: str = "", title: str = "") -> dict:
    return _named({"enum": list(values)}, description, title)


def string(max_length: int = 100, description: str = "", *, title: str = "") -> dict:
    return _named({"type": "string", "minLength": 1, "maxLength": max_length}, description, title)


def boolean(description: str = "", *, title: str = "") -> dict:
    return _named({"type": "boolean"}, description, title)


def titled(schema: dict, title: str) -> dict:
    """`schema` with a form label, for schemas built elsewhere."""
    return {**schema, "title": title}


def obj(required: tuple[str, ...] | list[str] = (), **properties) -> dict:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }
