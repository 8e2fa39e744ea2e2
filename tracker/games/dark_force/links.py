"""The Essen '96 tournament as a link: a tournament session (mode "tournament") fed by duels.

A duel created with `options.tournament` (the tournament's edit token) is an Essen '96 game between
two participants of an open tournament; once over, it is recorded there as one `record_game`, and the
standings are exported as CSV.
"""
from __future__ import annotations

from tracker.engine import LinkError
from tracker.engine.kit.links import Export, Link, Prepared

from .tournament import standings_table

STANDINGS = ("rank", "name", "points", "games", "wins", "losses", "bh_difference")


def _key(name) -> str:
    return " ".join(str(name or "").split()).casefold()


def prepare(sheet: dict, mode: str, players: list, options: dict) -> Prepared:
    if options.get("essen96") is False:
        raise LinkError("Tournament games use the Essen '96 rules.", {"options.essen96": [
            "a tournament game is an Essen '96 game: leave essen96 on"]})
    if sheet.get("phase") != "open":
        raise LinkError("The tournament is finished.", {"options.tournament": ["this tournament takes no more games"]})
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
        raise LinkError("Both players must be in the tournament.", {"players": errors})
    stored = dict(options, essen96=True)
    return Prepared(players, dict(stored), stored)


def record_params(sheet: dict, state: dict, outcome: dict) -> dict:
    result = state["result"]
    seats = {_key(p["name"]): i for i, p in enumerate(sheet.get("players", []))}
    pair = [seats.get(_key(p["name"])) for p in state["players"]]
    if None in pair:
        raise LinkError("The players aren't both in the tournament.", {"players": [
            f"{p['name']} is not a participant" for p, s in zip(state["players"], pair) if s is None]})
    winner = result.get("winner")
    return {
        "players": pair,
        "winner": pair[winner] if isinstance(winner, int) else None,
        "reason": result["reason"],
        "bh": list(result.get("points") or [p["borons_halls"]["points"] for p in state["players"]]),
        "played_past_end": bool(state.get("played_past_end")),
    }


LINKS = (
    Link(name="tournament", parent_mode="tournament", child_modes=("duel",), record_action="record_game",
         record_key="record-game-", record_params=record_params, prepare=prepare,
         exports=(Export("standings.csv", STANDINGS, standings_table),)),
)
