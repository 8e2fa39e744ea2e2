"""Periodic upkeep when there is no Celery beat: the embedded default (no broker, tasks eager).

With a broker, `celery -A tablekeeper beat` schedules the same task (CELERY_BEAT_SCHEDULE) and
start() does nothing, so that several server processes do not each run it.
"""
from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import connections

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_thread: threading.Thread | None = None
_stop = threading.Event()


def run_once() -> None:
    # the task's own function, not `.delay()`: with no broker Celery would only run it here anyway,
    # after warning that its in-memory broker has no host name
    from tracker.services.sessions import idempotency_keys_expire

    try:
        idempotency_keys_expire(settings.IDEMPOTENCY_KEY_DAYS)
    except Exception:  # a locked or unreachable database: the next period tries again
        logger.exception("expiring old Idempotency-Keys failed")
    finally:
        # this thread's connection would otherwise stay open between runs, an hour apart
        connections.close_all()


def _loop(every: float) -> None:
    run_once()  # a server restarted more often than `every` would otherwise never expire anything
    while not _stop.wait(every):
        run_once()


def start() -> bool:
    """Start the periodic expiry once per process (later calls do nothing); True when it started."""
    global _thread
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        return False
    with _lock:
        if _thread is not None and _thread.is_alive():
            return False
        _stop.clear()
        _thread = threading.Thread(target=_loop, args=(settings.IDEMPOTENCY_EXPIRY_EVERY_SECONDS,),
                                   name="tablekeeper-housekeeping", daemon=True)
        _thread.start()
    return True


def stop(timeout: float = 5.0) -> None:
    """End the thread (tests; a server's shutdown may call it too)."""
    global _thread
    with _lock:
        thread, _thread = _thread, None
    _stop.set()
    if thread is not None:
        thread.join(timeout)
