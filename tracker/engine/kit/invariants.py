"""The invariant every game keeps: no tracked count ever drops below zero."""
from __future__ import annotations

from typing import Iterable


def negative_counts(state: dict, table: Iterable[str] = (), per_seat: Iterable[str] = ()) -> list[tuple[str | None, str, int]]:
    """(seat name or None for the table, key, value) for each listed count below zero, table first."""
    found: list[tuple[str | None, str, int]] = []
    for key in table:
        if state[key] < 0:
            found.append((None, key, state[key]))
    keys = tuple(per_seat)
    for p in state["players"]:
        for key in keys:
            if p[key] < 0:
                found.append((p["name"], key, p[key]))
    return found
