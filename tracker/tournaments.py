"""Essen '96 tournaments between sessions: a tournament is a session of its own (Dark Force, mode
"tournament"); a duel created with `options.tournament` (the tournament's edit token) counts for it
and, once over, feeds it through one recorded `record_game`.

Mirrors campaigns.py: kept apart from services.py, only calls services and selectors.
"""
from __future__ import annotations

from . import selectors, services
from .models import Session

TOURNAMENT_GAMES = {"dark-force": ("duel", "tournament")}  # game -> (game mode, tournament mode)


def _key(name) -> str:
    return " ".join(str(name or "").split()).casefold()


def _tournament_of(token) -> Session | None:
    return Session.objects.filter(pk=token).first() if isinstance(token, str) and token else None


def _is_tournament(session: Session | None, game: str) -> bool:
    return session is not None and session.game == game and session.mode == TOURNAMENT_GAMES[game][1]


def prepare_game(game: str, mode: str, players: list, options: dict) -> tuple[list, dict, dict, object]:
    """Check a duel's tournament link: (players, options for the engine, options to store, check(state)).

    The edit token stays server-side (stored options); the state, which view-only phones read,
    carries the tournament's view token. Tournament games are Essen '96 games.
    """
    modes = TOURNAMENT_GAMES.get(game)
    token = options.get("tournament") if isinstance(options, dict) else None
    if not modes or mode != modes[0] or not token:
        return players, options, options, lambda state: None
    tournament = _tournament_of(token)
    if not _is_tournament(tournament, game):
        raise services.BadRequest("No such tournament.", {"options.tournament": [
            "give the tournament's edit link token (the tournament page's share sheet shows it)"]})
    if options.get("essen96") is False:
        raise services.BadRequest("Tournament games use the Essen '96 rules.", {"options.essen96": [
            "a tournament game is an Essen '96 game: leave essen96 on"]})
    sheet = tournament.state
    if sheet.get("phase") != "open":
        raise services.BadRequest("The tournament is finished.", {"options.tournament": [
            "this tournament takes no more games"]})
    by_name = {_key(p["name"]): p for p in sheet.get("players", [])}
    errors = []
    for raw in players if isinstance(players, list) else []:
        name = raw.get("name") if isinstance(raw, dict) else None
        known = by_name.get(_key(name))
        if known is None:
            errors.append(f"{name or 'a player'} is not a participant of this tournament")
        elif known.get("excluded"):
            errors.append(f"{known['name']} was excluded from this tournament")
    if errors:
        raise services.BadRequest("Both players must be in the tournament.", {"players": errors})
    stored = dict(options, essen96=True)
    engine_options = dict(stored, tournament=tournament.view_id)
    return players, engine_options, stored, lambda state: None


def record_result(*, token: str, idempotency_key: str | None = None) -> tuple[Session, services.WriteResult]:
    """Feed a finished tournament game into its tournament (once: the duel's id is the idempotency key)."""
    access = selectors.session_get(token)
    if access is None:
        raise services.NotFound("No session with this id.")
    if not access.can_write:
        raise services.ReadOnly("This is a view-only link; recording needs the edit link.")
    duel = access.session
    modes = TOURNAMENT_GAMES.get(duel.game)
    tournament = _tournament_of((duel.options or {}).get("tournament")) if modes and duel.mode == modes[0] else None
    if not _is_tournament(tournament, duel.game):
        raise services.BadRequest("This game isn't part of a tournament.", {"options.tournament": [
            "start the game with the tournament's edit link token to link it"]})
    state = duel.state
    result = state.get("result")
    if not duel.outcome or not result:
        raise services.BadRequest("The game isn't over yet.", {"outcome": ["finish the game first"]})
    seats = {_key(p["name"]): i for i, p in enumerate(tournament.state.get("players", []))}
    pair = [seats.get(_key(p["name"])) for p in state["players"]]
    if None in pair:
        raise services.BadRequest("The players aren't both in the tournament.", {"players": [
            f"{p['name']} is not a participant" for p, s in zip(state["players"], pair) if s is None]})
    winner = result.get("winner")
    params = {
        "players": pair,
        "winner": pair[winner] if isinstance(winner, int) else None,
        "reason": result["reason"],
        "bh": list(result.get("points") or [p["borons_halls"]["points"] for p in state["players"]]),
        "played_past_end": bool(state.get("played_past_end")),
        "session": duel.view_id,
    }
    written = services.session_action_apply(
        token=tournament.pk, type="record_game", params=params,
        idempotency_key=idempotency_key or f"record-game-{duel.pk}",
    )
    return tournament, written


def standings_rows(session: Session) -> list[dict]:
    """The CSV export's rows: rank, name, points, games, wins, losses, bh_difference."""
    from tracker.games.dark_force.tournament import standings_table

    return standings_table(session.state)
