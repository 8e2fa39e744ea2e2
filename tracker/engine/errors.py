"""What the engine raises when a request is malformed rather than against the rules: each becomes a 400
naming its fields. Field paths are dotted everywhere (`players.0.name`, `params.units.2`), as
`field_path` writes them."""
from __future__ import annotations


def field_path(*parts) -> str:
    """`field_path("players", 0, "name")` -> "players.0.name": the one spelling of a field in an error."""
    return ".".join(str(p) for p in parts if p is not None and p != "")


class FieldErrors(ValueError):
    """{field path: [messages]}, every problem at once, so a phone can mark each field."""

    def __init__(self, errors: dict[str, list[str]]):
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors


class SetupError(FieldErrors):
    """A game that cannot be set up like this (players, mode, options)."""


class ParamError(FieldErrors):
    """The action itself is malformed (unknown type, missing or mistyped param): a 400, not a refusal."""


class DeckInputError(FieldErrors):
    """A deck list that cannot be read (a missing or mistyped field): a 400, not a rule violation."""


class LinkError(FieldErrors):
    """A session cannot be linked to, or recorded in, the session it would count for (a campaign, a
    tournament): `detail` is the one-line answer, `errors` names the fields."""

    def __init__(self, detail: str, errors: dict[str, list[str]]):
        super().__init__(errors)
        self.detail = detail
