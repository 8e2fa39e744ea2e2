"""Background work. With no broker configured these run eagerly, in the caller's process."""
from celery import shared_task
from django.conf import settings

from tracker.engine import replay
from tracker.games import get_game

from .models import Event, Session
from .services.sessions import idempotency_keys_expire


@shared_task
def expire_idempotency_keys(days: int | None = None) -> int:
    return idempotency_keys_expire(days if days is not None else settings.IDEMPOTENCY_KEY_DAYS)


@shared_task
def audit_session(session_id: str) -> dict:
    """Replay a session's live log and compare with the stored state (a health check of the log)."""
    session = Session.objects.get(pk=session_id)
    live = Event.objects.filter(session=session, undone=False).order_by("seq").values_list("type", "params")
    derived = replay(get_game(session.game), session.initial_state, live)
    return {"session": session_id, "version": session.version, "events": len(live), "consistent": derived == session.state}
