"""slug -> game module. Games register themselves when their package is imported."""
from __future__ import annotations

from .core import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.slug in _GAMES and _GAMES[game.slug] is not game:
        raise ValueError(f"game {game.slug} registered twice")
    _GAMES[game.slug] = game
    return game


def get_game(slug: str) -> Game | None:
    _load()
    return _GAMES.get(slug)


def all_games() -> list[Game]:
    _load()
    return list(_GAMES.values())


def _load() -> None:
    # The game packages live beside the engine; importing them registers them.
    import tracker.games  # noqa: F401
