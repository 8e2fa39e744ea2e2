"""What every search backend is: the interface and the hits it returns."""
from __future__ import annotations

from dataclasses import dataclass

from ..query import Plan


@dataclass
class Hit:
    pk: int
    key: str
    game: str
    kind: str
    title: str
    section: str
    score: float  # higher is better
    tags: str = ""
    body: str = ""


MARK_START, MARK_END = "\x02", "\x03"


class Backend:
    vendor = ""

    def install(self, schema_editor) -> None:
        """Create the backend's index structures (called from a migration)."""

    def search(self, plan: Plan, game: str | None, limit: int, mode: str = "any") -> list[Hit]:
        """Candidates, best first. `mode`: "any" group of the plan may match; "all" groups must;
        "titles": any group, in the title or tags only (cheap on a large corpus)."""
        raise NotImplementedError

    def tidy(self) -> None:
        """After the entries were replaced in bulk (a corpus load, an import): whatever keeps the
        index quick."""

    @staticmethod
    def forget() -> None:
        """Drop what the backend remembers of the index: it has changed."""
