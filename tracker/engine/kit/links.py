"""Sessions that count for another session, declared as data in a game's `links.py`: a campaign fed
by scenarios or adventures, a tournament fed by duels. The core reads these and does the writing
(tracker/services/records.py); everything here is a pure function of states."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

State = dict


@dataclass(frozen=True)
class Prepared:
    """A child session about to be created for its parent: the players and options the engine sets it up
    with (the core adds the parent's view token under the link's name), and the options the session
    keeps (the parent's edit token stays there, server-side, never in the state phones read)."""

    players: list
    engine_options: dict
    stored_options: dict


@dataclass(frozen=True)
class Export:
    """A file made from the parent's state: `/api/sessions/{id}/export/{name}`, rows as dicts keyed by
    `header`."""

    name: str
    header: tuple[str, ...]
    rows: Callable[[State], list[dict]]
    content_type: str = "text/csv"


@dataclass(frozen=True)
class Link:
    """`child_modes` sessions count for a `parent_mode` session of the same game. A child names its parent
    by the parent's edit token in `options[name]`; once over, it is recorded there at most once as one
    `record_action`, whose params `record_params(parent state, child state, child outcome)` builds
    once the child has an outcome (raising LinkError when it still cannot be recorded). The core adds `session`, the child's view
    token, to those params: it is how a record already made is found again."""

    name: str  # "campaign": the child option, the alias URLs (/api/sessions/{id}/campaign/) and the answer's key
    parent_mode: str
    child_modes: tuple[str, ...]
    record_action: str
    # The Idempotency-Key prefix of the record event (prefix + child's id). Never change it once used:
    # records already made carry it.
    record_key: str
    record_params: Callable[[State, State, dict], dict]
    # (parent state, child mode, players, options) -> Prepared; raises LinkError. None: taken as given.
    prepare: Callable[[State, str, list, dict], Prepared] | None = None
    # (parent state, child state) once the child is set up; raises LinkError (a campaign's scenario order).
    check: Callable[[State, State], None] | None = None
    exports: tuple[Export, ...] = ()
    record_label: str = ""  # the finished child's button; default "Record in <name>"

    @property
    def label(self) -> str:
        return self.record_label or f"Record in {self.name}"
