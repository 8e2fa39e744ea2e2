"""Small builders for action parameter JSON schemas, so every game names things alike."""
from __future__ import annotations

MAX_AMOUNT = 999  # no table ever moves more than this in one action; bigger is a typo


def seat(description: str = "seat index (0-based) in state.players") -> dict:
    return {"type": "integer", "minimum": 0, "maximum": 99, "description": description}


def integer(minimum: int = 0, maximum: int = MAX_AMOUNT, description: str = "") -> dict:
    out = {"type": "integer", "minimum": minimum, "maximum": maximum}
    if description:
        out["description"] = description
    return out


def die(sides: int, description: str = "") -> dict:
    return integer(1, sides, description or f"natural D{sides} result")


def enum(*values, description: str = "") -> dict:
    out = {"enum": list(values)}
    if description:
        out["description"] = description
    return out


def string(max_length: int = 100, description: str = "") -> dict:
    out = {"type": "string", "minLength": 1, "maxLength": max_length}
    if description:
        out["description"] = description
    return out


def boolean(description: str = "") -> dict:
    out = {"type": "boolean"}
    if description:
        out["description"] = description
    return out


def obj(required: tuple[str, ...] | list[str] = (), **properties) -> dict:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }
