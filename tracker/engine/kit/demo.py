"""Demo data a game ships in its `demo.py` for `make run`: sessions a few taps in."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Demo:
    """One demo session: created with these players and options unless one like it exists, then
    played `taps` ((action type, params) pairs) in. `title` names it in `load_demo`'s output."""

    title: str
    mode: str
    players: list
    options: dict = field(default_factory=dict)
    taps: tuple = ()
