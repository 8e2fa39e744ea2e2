"""What a game ships in its `demo.py`: demo sessions for `make run` (`DEMO`), what the benchmarks play
(`BENCH`), and the table's common flows as taps on the phone page (`FLOWS`), counted by `make bench`
and checked against their goals by the browser tests."""
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


@dataclass(frozen=True)
class Tap:
    """One tap on the table page: the element with this test id, or, with `face`, the button showing
    that number inside it (a die pad's face, an amount chip). `records` is how many events the tap
    records (0 for one that only opens a section or picks a value), so a flow waits for them; `text`
    is typed into the field tapped."""

    testid: str
    face: int | None = None
    records: int = 1
    text: str | None = None  # typed into the field tapped (a card's name): counted as typed, apart


@dataclass(frozen=True)
class Flow:
    """A common thing a table does, as the taps a player makes on the phone page. The session is set
    up like this and `before` ((type, params) pairs) is recorded through the API; then `steps` are
    tapped. `goal` is the most taps it may take; `expect` ((test id, text) pairs) is what the page shows
    after it."""

    name: str
    goal: int
    mode: str
    players: list
    steps: tuple[Tap, ...]
    options: dict = field(default_factory=dict)
    before: tuple = ()
    expect: tuple[tuple[str, str], ...] = ()
