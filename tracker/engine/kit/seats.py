"""Seats: the players of a session in turn order, by index."""
from __future__ import annotations


def is_seat(state: dict, seat) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.get("players", []))


def name_of(state: dict, seat, missing: str = "nobody") -> str:
    """The seat's player name; `missing` for None or a seat the session does not have."""
    if not is_seat(state, seat):
        return missing
    return state["players"][seat].get("name", f"Seat {seat}")


def next_seat(state: dict, seat: int, out: str | None = None) -> int | None:
    """The next seat after `seat` (to the left, wrapping) whose player is not marked `out`
    ("eliminated", "dead"); `seat` itself when it is the only one left; None when nobody is."""
    players = state["players"]
    n = len(players)
    for step in range(1, n + 1):
        cand = (seat + step) % n
        if out is None or not players[cand][out]:
            return cand
    return None
