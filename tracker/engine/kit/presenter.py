"""Pure helpers for a game's page presenter (its `page.py`): the form fields an action's schema asks
for, the phase stepper, and `Page`, the presenter a game declares."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..core import ActionSpec, Game

SEAT_FIELDS = {"player", "target", "beneficiary", "starting_player"}


@dataclass
class Field:
    """One input of an action form, derived from the action's JSON schema."""

    name: str
    kind: str  # number | select | seat | checkbox | text
    required: bool
    label: str
    minimum: int | None = None
    maximum: int | None = None
    options: list = field(default_factory=list)  # [(value, label)]
    default: object = None


def _label(name: str) -> str:
    return name.replace("_", " ")


def action_fields(spec: ActionSpec, state: dict, preset: dict | None = None) -> list[Field]:
    """The fields to show for `spec`; `preset` fixes some (hidden) and pre-fills defaults."""
    schema = spec.params
    required = set(schema.get("required", []))
    players = [(i, p.get("name", f"Seat {i}")) for i, p in enumerate(state.get("players", []))]
    out = []
    for name, prop in schema.get("properties", {}).items():
        if preset and name in preset:
            continue
        if name in SEAT_FIELDS and prop.get("type") == "integer":
            default = state.get("active_player") if name == "player" else None
            out.append(Field(name, "seat", name in required, _label(name), options=players, default=default))
        elif "enum" in prop:
            out.append(Field(name, "select", name in required, _label(name), options=[(v, _label(str(v))) for v in prop["enum"]]))
        elif prop.get("type") == "integer":
            out.append(Field(name, "number", name in required, _label(name), prop.get("minimum"), prop.get("maximum")))
        elif prop.get("type") == "boolean":
            out.append(Field(name, "checkbox", False, _label(name)))
        elif prop.get("type") == "string":
            out.append(Field(name, "text", name in required, _label(name)))
        # arrays and unions (simultaneous_loss, attribute edits) are recorded through the API
    return out


def action_form_supported(spec: ActionSpec) -> bool:
    props = spec.params.get("properties", {})
    simple = lambda p: "enum" in p or p.get("type") in ("integer", "boolean", "string")  # noqa: E731
    return all(simple(p) for name, p in props.items() if name in set(spec.params.get("required", [])))


def mode_forms(game: Game, state: dict, mode: str) -> list[dict]:
    """{spec, fields} for every action of `mode` a form can record (the "All actions" drawer)."""
    return [
        {"spec": spec, "fields": action_fields(spec, state)}
        for spec in game.action_specs()
        if action_form_supported(spec) and (spec.modes is None or mode in spec.modes)
    ]


def option_fields(game: Game) -> list[Field]:
    """A game's setup options as form fields; seats are offered as "Seat 1" ... before names exist."""
    if not game.options_schema:
        return []
    seats = {"players": [{"name": f"Seat {i + 1}"} for i in range(max(m.max_players for m in game.modes))]}
    spec = ActionSpec("setup", "Setup", game.options_schema, apply=lambda *a: None)
    return action_fields(spec, seats)


def stepper(steps: Iterable[tuple[str, str]], current: int) -> list[dict]:
    """A phase stepper's items: {id, title, state} with state "current", "done" (before it) or ""."""
    return [{"id": sid, "title": title, "state": "current" if i == current else "done" if i < current else ""}
            for i, (sid, title) in enumerate(steps)]


@dataclass(frozen=True)
class Table:
    """What a presenter is handed: the game, the session's state and mode, whether this phone may
    write, and the action forms of the mode (the core builds them once)."""

    game: Game
    state: dict
    mode: str
    can_write: bool
    forms: list[dict]


@dataclass(frozen=True)
class Page:
    """A game's page: its state layout (a template under the package's templates/), what that layout
    needs computed (`context(table) -> dict`, merged over the core's table context), and the
    static files the table page loads for it (paths under the package's static/)."""

    template: str
    context: Callable[[Table], dict[str, Any]] | None = None
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
