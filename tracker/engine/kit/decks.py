"""Deck checks' shared parts: the report `POST /api/decks/validate/` answers with, and reading a
payload that names every malformed field at once (a 400, not a rule violation)."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from ..errors import DeckInputError


@dataclass
class DeckReport:
    valid: bool
    violations: list[dict] = field(default_factory=list)
    reminders: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"valid": self.valid, "violations": list(self.violations), "reminders": list(self.reminders)}


def is_int(value: Any) -> bool:
    """A JSON whole number (true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


class PayloadErrors:
    """Collects {field path: [messages]} while a deck payload is read; `raise_any()` ends the reading."""

    def __init__(self) -> None:
        self.errors: dict[str, list[str]] = {}

    def __call__(self, key: str, message: str) -> None:
        self.errors.setdefault(key, []).append(message)

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_any(self) -> None:
        if self.errors:
            raise DeckInputError(self.errors)


def start_reading(payload: Any, slug: str, fields: tuple[str, ...] = ()) -> PayloadErrors:
    """The checks every deck payload starts with: a JSON object, no other game's name in it, and
    (given the game's `fields`) no field the game does not read: a typo is named, not ignored."""
    if not isinstance(payload, dict):
        raise DeckInputError({"payload": ["must be a JSON object"]})
    err = PayloadErrors()
    game = payload.get("game")
    if game is not None and game != slug:
        err("game", f"this validator handles {slug!r}, not {game!r}")
    if fields:
        for name in sorted(set(payload) - set(fields) - {"game"}):
            near = difflib.get_close_matches(str(name), fields, n=1)
            err(str(name), f"unknown field; did you mean {near[0]!r}?" if near else f"unknown field; known: {', '.join(fields)}")
    return err
