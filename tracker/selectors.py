"""Reads. Nothing here writes."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from .models import Event, Session


@dataclass(frozen=True)
class SessionAccess:
    session: Session
    can_write: bool  # False when reached through the view-only token


def session_get(token: str, *, full: bool = True) -> SessionAccess | None:
    """Find a session by its edit token or its view-only token, in one query.

    `full=False` loads only what an ETag check needs, so an unchanged poll stays cheap.
    """
    if not token or len(token) > 64:
        return None
    qs = Session.objects.filter(Q(pk=token) | Q(view_id=token)).order_by()
    if not full:
        qs = qs.only("id", "view_id", "version")
    found = list(qs[:1])
    if not found:
        return None
    return SessionAccess(found[0], found[0].pk == token)


def session_events(session: Session):
    return Event.objects.filter(session=session).order_by("seq")


def session_live_events(session: Session):
    return session_events(session).filter(undone=False)
