"""Sessions that count for another session: a Pathfinder scenario for its campaign, a Dark Force
duel for its Essen '96 tournament. Each kind lives in its own module; this only dispatches."""
from __future__ import annotations

from . import campaigns


def _tournaments():
    try:
        from . import tournaments
    except ImportError:  # written separately
        return None
    return tournaments


def prepare_linked(game: str, mode: str, players: list, options: dict):
    """(players, engine options, options to store, check(state)) for a session about to be created."""
    players, engine_options, stored, check = campaigns.prepare_scenario(game, mode, players, options)
    tournaments = _tournaments()
    if tournaments is not None and engine_options is options:
        players, engine_options, stored, check = tournaments.prepare_game(game, mode, players, options)
    return players, engine_options, stored, check


def record_in_tournament(*, token: str, idempotency_key: str | None = None):
    tournaments = _tournaments()
    if tournaments is None:
        from .services import BadRequest

        raise BadRequest("Tournaments aren't available.", {"options.tournament": ["no tournament module"]})
    return tournaments.record_result(token=token, idempotency_key=idempotency_key)
