"""What the table page shows of the past: the log as the players think of it (a whole attack is one
line that opens into its steps, undo and redo are lines of their own) and the action drawer grouped
by when each action is possible."""
from __future__ import annotations

from dataclasses import dataclass, field

from tracker.engine.kit.presenter import Quick

from .models import Event, Session, UndoMark


@dataclass
class LogItem:
    kind: str  # event | undo | redo
    seq: int
    log: str
    created: object
    undone: bool = False
    overridden: list = field(default_factory=list)
    override_reason: str = ""
    steps: list = field(default_factory=list)  # a group's events, oldest first (more than one)


def _event_items(events: list[Event]) -> list[LogItem]:
    """Newest first; consecutive events of one group fold into the newest's line."""
    items: list[LogItem] = []
    for e in events:
        last = items[-1] if items else None
        if last is not None and e.group and last.kind == "event" and last.steps and last.steps[0].group == e.group:
            last.steps.insert(0, e)
            last.seq, last.log = e.seq, e.log or e.type  # the line reads as the first step of the group
            last.undone = last.undone and e.undone
            last.overridden = last.overridden or e.overridden
            continue
        items.append(LogItem("event", e.seq, e.log or e.type, e.created, e.undone, e.overridden,
                             e.override_reason, [e] if e.group else []))
    for item in items:
        if len(item.steps) == 1:
            item.steps = []
    return items


def table_log(session: Session, length: int) -> list[LogItem]:
    events = list(Event.objects.filter(session=session).order_by("-seq")[:length])
    items = _event_items(events)
    oldest = events[-1].created if events else None
    marks = UndoMark.objects.filter(session=session).order_by("-created", "-pk")
    if oldest is not None:
        marks = marks.filter(created__gte=oldest)
    for mark in marks[:length]:
        items.append(LogItem(mark.kind, mark.seqs[0] if mark.seqs else 0, mark.label, mark.created))
    # newest first by time; an event's group line sorts by its newest step
    def when(item: LogItem):
        return item.steps[-1].created if item.steps else item.created
    items.sort(key=when, reverse=True)
    return items[:length]


def now_buttons(quick: list) -> list[Quick]:
    """A presenter's "now" list, Quick objects or plain dicts with Quick's fields."""
    return [q if isinstance(q, Quick) else Quick(**q) for q in quick]


def drawer_groups(game, forms: list[dict], phase: str | None) -> list[dict]:
    """The "All actions" drawer: what this phase allows first, then each other phase, then anytime."""
    titles = {p.id: p.title for p in game.phases}
    now, anytime, later = [], [], {}
    for item in forms:
        phases = item["spec"].phases
        if phases is None:
            anytime.append(item)
        elif phase in phases:
            now.append(item)
        else:
            first = next((p.id for p in game.phases if p.id in phases), sorted(phases)[0])
            later.setdefault(first, []).append(item)
    groups = [{"title": "In this phase", "forms": now, "open": True}] if now else []
    groups.append({"title": "At any time", "forms": anytime, "open": not now})
    order = [p.id for p in game.phases]
    for pid in sorted(later, key=lambda x: order.index(x) if x in order else 99):
        groups.append({"title": f"In the {titles.get(pid, pid)} phase", "forms": later[pid], "open": False})
    return [g for g in groups if g["forms"]]
