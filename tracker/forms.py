"""Forms for the pages: a new game, and each action's parameters as a small form."""
from __future__ import annotations

from dataclasses import dataclass, field

from django import forms

from tracker.engine import ActionSpec
from tracker.games import all_games

MAX_PLAYERS = 8
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


def option_fields(game) -> list[Field]:
    """A game's setup options as form fields; seats are offered as "Seat 1" ... before names exist."""
    if not game.options_schema:
        return []
    seats = {"players": [{"name": f"Seat {i + 1}"} for i in range(max(m.max_players for m in game.modes))]}
    spec = ActionSpec("setup", "Setup", game.options_schema, apply=lambda *a: None)
    return action_fields(spec, seats)


class NewGameForm(forms.Form):
    game = forms.ChoiceField()
    mode = forms.CharField(max_length=40)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, g.title) for g in all_games()]

    def _list(self, name):
        return self.data.getlist(name) if hasattr(self.data, "getlist") else []

    def players(self, game) -> list[dict]:
        names = self._list("name")
        extra = {name: self._list(name) for name, _, _ in game.player_fields}
        out = []
        for i, name in enumerate(names[:MAX_PLAYERS]):
            if not name.strip():
                continue
            player = {"name": name.strip()[:60]}
            for field_name, values in extra.items():
                value = values[i].strip() if i < len(values) else ""
                if value:
                    player[field_name] = value[:40]
            out.append(player)
        return out

    def options(self, game) -> dict:
        """The chosen game's options as typed: blank means "leave it to the game's default"."""
        out = {}
        for f in option_fields(game):
            raw = self.data.get(f.name, "")
            if f.kind == "checkbox":
                if raw:
                    out[f.name] = True
            elif raw != "":
                try:
                    out[f.name] = int(raw) if f.kind in ("number", "seat") else raw
                except ValueError:
                    out[f.name] = raw  # the game's own setup check names the field and the problem
        return out
