"""Forms for the pages: a new game, and each action's parameters as a small form."""
from __future__ import annotations

from dataclasses import dataclass, field

from django import forms

from tracker.engine import ActionSpec, all_games

MAX_PLAYERS = 8
SEAT_FIELDS = {"player", "target", "beneficiary"}


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


class NewGameForm(forms.Form):
    game = forms.ChoiceField()
    mode = forms.CharField(max_length=40)
    starting_player = forms.IntegerField(required=False, min_value=0, max_value=MAX_PLAYERS - 1)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, g.title) for g in all_games()]

    def players(self) -> list[dict]:
        names = self.data.getlist("name") if hasattr(self.data, "getlist") else []
        heroes = self.data.getlist("hero") if hasattr(self.data, "getlist") else []
        out = []
        for i, name in enumerate(names[:MAX_PLAYERS]):
            if name.strip():
                player = {"name": name.strip()[:60]}
                hero = heroes[i].strip() if i < len(heroes) else ""
                if hero:
                    player["hero"] = hero[:40]
                out.append(player)
        return out
