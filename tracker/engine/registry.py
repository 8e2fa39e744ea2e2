"""A plain container of games by slug. Filling it is the catalog's job (tracker.games): the engine never
imports a game."""
from __future__ import annotations

from .core import Game


class Registry:
    def __init__(self) -> None:
        self._games: dict[str, Game] = {}

    def register(self, game: Game) -> Game:
        if self._games.get(game.slug, game) is not game:
            raise ValueError(f"game {game.slug} registered twice")
        self._games[game.slug] = game
        return game

    def get(self, slug) -> Game | None:
        return self._games.get(slug) if isinstance(slug, str) else None

    def all(self) -> list[Game]:
        return list(self._games.values())

    def __contains__(self, slug) -> bool:
        return slug in self._games
