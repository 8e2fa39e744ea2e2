"""Pure helpers for a game's page presenter (its `page.py`): the form fields an action's schema asks
for, the phase stepper, and `Page`, the presenter a game declares."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..core import ActionSpec, Game, PlayerField
from ..errors import ParamError
from ..runtime import Action, decide

SEAT_FIELDS = {"player", "target", "beneficiary", "starting_player"}


@dataclass
class Field:
    """One input of an action form, derived from the action's JSON schema."""

    name: str
    kind: str  # number | select | seat | checkbox | text | dice
    required: bool
    label: str
    minimum: int | None = None
    maximum: int | None = None
    options: list = field(default_factory=list)  # [(value, label)]
    default: object = None
    help: str = ""
    dice: list[int] = field(default_factory=list)  # kind "dice": the dice whose faces are tapped, summed
    chips: list[int] = field(default_factory=list)  # kind "number": amounts offered as one tap each

    @property
    def faces(self) -> list[list[int]]:
        return [list(range(1, sides + 1)) for sides in self.dice]


def label_of(name: str, prop: dict | None = None) -> str:
    """A param's label: its schema title, else its name in words ("damage_target" -> "Damage target")."""
    if prop and prop.get("title"):
        return prop["title"]
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _chips(prop: dict) -> list[int]:
    low, high = prop.get("minimum", 0), prop.get("maximum", 999)
    return list(range(max(low, 1), min(high, 10) + 1)) if high >= 1 else []


def action_fields(spec: ActionSpec, state: dict, preset: dict | None = None,
                  defaults: dict | None = None, dice: dict | None = None) -> list[Field]:
    """The fields to show for `spec`. `preset` fixes some params (not shown: the button carries them),
    `defaults` pre-fills others with the obvious choice, `dice` names the dice a roll field sums
    when the state decides them (a check whose dice grow); "x-die" in the schema names a fixed die."""
    schema = spec.params
    required = set(schema.get("required", []))
    defaults = defaults or {}
    players = [(i, p.get("name", f"Seat {i + 1}")) for i, p in enumerate(state.get("players", []))]
    out = []
    for name, prop in schema.get("properties", {}).items():
        if preset and name in preset:
            continue
        label, help_text, need = label_of(name, prop), prop.get("description", ""), name in required
        default = defaults.get(name)
        if name in SEAT_FIELDS and prop.get("type") == "integer":
            if default is None and name == "player":
                default = state.get("active_player")
            out.append(Field(name, "seat", need, label, options=players, default=default, help=help_text))
        elif "enum" in prop:
            options = [(v, label_of(str(v))) for v in prop["enum"]]
            out.append(Field(name, "select", need, label, options=options, default=default, help=help_text))
        elif prop.get("type") == "integer" and (name in (dice or {}) or "x-die" in prop):
            sides = (dice or {}).get(name) or [prop["x-die"]]
            out.append(Field(name, "dice", need, label, prop.get("minimum"), prop.get("maximum"),
                             default=default, help=help_text, dice=list(sides)))
        elif prop.get("type") == "integer":
            out.append(Field(name, "number", need, label, prop.get("minimum"), prop.get("maximum"),
                             default=default, help=help_text, chips=_chips(prop)))
        elif prop.get("type") == "boolean":
            out.append(Field(name, "checkbox", False, label, default=default, help=help_text))
        elif prop.get("type") == "string":
            out.append(Field(name, "text", need, label, default=default, help=help_text))
        # arrays and unions (simultaneous_loss, attribute edits) are recorded through the API
    return out


def form(spec: ActionSpec, state: dict, preset: dict | None = None, defaults: dict | None = None,
         dice: dict | None = None, show: tuple[str, ...] | None = None, chips: dict | None = None,
         submit: str = "") -> dict:
    """One form as the templates take it: {spec, fields, preset, submit}; `preset` travels as JSON on
    the form (the params the page already knows, sent with whatever the player taps). `show` keeps
    only the fields a helper's step needs (the rest stay in "All actions"); `chips` replaces the
    amounts offered for a number ({"difficulty": range(4, 21)}); `submit` labels the button."""
    fields = action_fields(spec, state, preset, defaults, dice)
    if show is not None:
        fields = [f for f in fields if f.name in show]
    for f in fields:
        if chips and f.name in chips:
            f.chips = list(chips[f.name])
    return {"spec": spec, "fields": fields, "preset": json.dumps(preset, sort_keys=True) if preset else "",
            "submit": submit}


@dataclass(frozen=True)
class Quick:
    """A one-tap button for an action that is legal now, every param filled from the state."""

    label: str
    type: str
    params: dict
    testid: str | None = None
    primary: bool = False
    versioned: bool = False
    help: str = ""
    # Actions recorded right after this one, as one thing the player did (one undo): "Draw 2" in a
    # phase that has nothing else to do also moves on. Each is {"type", "params"}.
    then: tuple = ()

    @property
    def params_json(self) -> str:
        return json.dumps(self.params, sort_keys=True)

    @property
    def then_json(self) -> str:
        return json.dumps(list(self.then), sort_keys=True) if self.then else ""


def legal(game: Game, state: dict, action_type: str, params: dict, mode: str | None = None) -> bool:
    """Whether the engine would record this action now without an override: a button is offered
    only when tapping it cannot be refused."""
    try:
        return decide(game, state, Action(action_type, params), mode=mode).accepted
    except ParamError:
        return False


def why_not(table: "Table", action_type: str, params: dict) -> list[dict]:
    """What the engine would answer to this action now: [] when it records it, else each refusal with
    its rule id, code, message and section (a page shows them beside a step that cannot be taken yet)."""
    try:
        result = decide(table.game, table.state, Action(action_type, params), mode=table.mode)
    except ParamError as exc:
        return [{"rule": "", "code": "", "message": str(exc), "section": "", "hard": True}]
    if result.accepted:
        return []
    return [{"rule": v.rule_id, "code": v.code, "message": v.message, "section": v.section, "hard": v.hard}
            for v in result.violations]


def chain_legal(table: "Table", steps) -> bool:
    """Whether each (type, params) step in turn would be recorded, without an override, on the state the
    ones before it leave (a button recording several actions as one)."""
    state = table.state
    for action_type, params in steps:
        try:
            result = decide(table.game, state, Action(action_type, params), mode=table.mode)
        except ParamError:  # a malformed step is not offered; an engine error shows
            return False
        if not result.accepted or result.overridden:
            return False
        state = result.state
    return True


class Offer:
    """A Quick button, only when the engine takes it now, its `then` actions included (else None)."""

    def __init__(self, table: "Table"):
        self.table = table

    def __call__(self, label, action_type, params, testid, primary=False, then=()) -> Quick | None:
        t = self.table
        if not legal(t.game, t.state, action_type, params, t.mode):
            return None
        if then and not chain_legal(t, [(action_type, params), *((s["type"], s["params"]) for s in then)]):
            return None
        return Quick(label, action_type, params, testid=testid, primary=primary, then=tuple(then))


def action_form_supported(spec: ActionSpec) -> bool:
    props = spec.params.get("properties", {})
    simple = lambda p: "enum" in p or p.get("type") in ("integer", "boolean", "string")  # noqa: E731
    return all(simple(p) for name, p in props.items() if name in set(spec.params.get("required", [])))


def mode_forms(game: Game, state: dict, mode: str) -> list[dict]:
    """{spec, fields} for every action of `mode` a form can record (the "All actions" drawer)."""
    return [
        {"spec": spec, "fields": action_fields(spec, state), "preset": ""}
        for spec in game.action_specs()
        if action_form_supported(spec) and (spec.modes is None or mode in spec.modes)
    ]


def option_fields(game: Game, mode: str | None = None) -> list[Field]:
    """A game's setup options as form fields, those of `mode` where it has its own (`Mode.options`);
    seats are offered as "Seat 1" ... before names exist."""
    schema = game.options_schema_for(mode) if mode else game.options_schema
    if not schema:
        return []
    seats = {"players": [{"name": f"Seat {i + 1}"} for i in range(max(m.max_players for m in game.modes))]}
    spec = ActionSpec("setup", "Setup", schema, apply=lambda *a: None)
    return action_fields(spec, seats)


def mode_option_fields(game: Game) -> list[dict]:
    """The new-game form's options of every mode, each field once: {field, modes} where `modes` (the
    space-separated slugs) are the modes that take it (a mode's own options or else the game's)."""
    out: dict[str, dict] = {}
    for m in game.modes:
        for f in option_fields(game, m.slug):
            out.setdefault(f.name, {"field": f, "modes": []})["modes"].append(m.slug)
    return [{"field": item["field"], "modes": " ".join(item["modes"])} for item in out.values()]


def player_fields(game: Game) -> list[PlayerField]:
    """A game's per-player setup fields, the plain (name, label, placeholder) ones as text fields."""
    return [f if isinstance(f, PlayerField) else PlayerField(*f) for f in game.player_fields]


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
