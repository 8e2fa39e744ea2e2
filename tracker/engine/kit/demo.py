"""What a game ships in its `demo.py`: demo sessions for `make run` (`DEMO`), and what the benchmarks play
(`BENCH`)."""
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


@dataclass(frozen=True)
class Bench:
    """What `make bench` plays of a game: a session set up like this, and a `cycle` of actions that
    leaves the table as it was, so it can repeat for as long as the benchmark runs (the request path
    posts it action by action, the replay benchmark folds 10,000 events of it). With `tap` (the test id
    of a one-tap button on the table page) and `counter` (the test id of the number it changes by
    `step`), the browser benchmark times taps on the phone page too."""

    mode: str
    players: list
    options: dict = field(default_factory=dict)
    cycle: tuple = ()
    tap: str | None = None
    counter: str | None = None
    step: int = -1
