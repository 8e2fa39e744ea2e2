"""The new-game form. (Each action's form fields come from its schema: tracker.engine.kit.presenter.)"""
from __future__ import annotations

from django import forms

from tracker.engine.kit.presenter import option_fields, player_fields
from tracker.games import all_games

MAX_PLAYERS = 8


def _typed(f, value: str):
    if f.kind == "number" and value.lstrip("-").isdigit():
        return int(value)
    return value  # the game's setup check names the field when it is not what it takes


def _put(player: dict, dotted: str, value) -> None:
    *path, last = dotted.split(".")
    for key in path:
        player = player.setdefault(key, {})
    player[last] = value


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
        # each field's inputs carry the game's slug, so another game's hidden row never mixes in
        extra = [(f, self._list(f"{game.slug}:{f.name}") or self._list(f.name)) for f in player_fields(game)]
        out = []
        for i, name in enumerate(names[:MAX_PLAYERS]):
            if not name.strip():
                continue
            player = {"name": name.strip()[:60]}
            for f, values in extra:
                value = values[i].strip() if i < len(values) else ""
                if value:
                    _put(player, f.name, _typed(f, value[:200]))  # a whole skill list fits
            out.append(player)
        return out

    def options(self, game, mode: str | None = None) -> dict:
        """The chosen game's options for `mode` as typed: blank means "leave it to the game's default"."""
        out = {}
        for f in option_fields(game, mode if mode in {m.slug for m in game.modes} else None):
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
