"""Reads. Nothing here writes."""
from __future__ import annotations

from dataclasses import dataclass

from .models import Event, Session


@dataclass(frozen=True)
class SessionAccess:
    session: Session
    can_write: bool  # False when reached through the view-only token


def session_get(token: str) -> SessionAccess | None:
    """Find a session by its edit token or its view-only token."""
    if not token or len(token) > 64:
        return None
    session = Session.objects.filter(pk=token).first()
    if session is not None:
        return SessionAccess(session, True)
    session = Session.objects.filter(view_id=token).first()
    return SessionAccess(session, False) if session is not None else None


def session_events(session: Session):
    return Event.objects.filter(session=session).order_by("seq")


def session_live_events(session: Session):
    return session_events(session).filter(undone=False)
