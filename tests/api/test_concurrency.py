"""Several phones on one session: no update is ever lost.

Runs on whatever DATABASE_URL points at (SQLite by default; .ci/run repeats it on PostgreSQL).
"""
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from tracker.engine import replay
from tracker.games import get_game
from tracker.models import Event, Session

THREADS, EACH = 8, 25


@pytest.mark.django_db(transaction=True)
def test_concurrent_life_point_losses_all_apply_exactly_once():
    client = APIClient()
    created = client.post("/api/sessions/", {
        "game": "aventuria", "mode": "duel",
        "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
        "options": {"starting_player": 0},
    }, format="json").json()
    url = f"/api/sessions/{created['id']}/actions/"
    statuses, errors = [], []
    start = threading.Barrier(THREADS)

    def phone(seat):
        try:
            local = APIClient()
            start.wait()
            for _ in range(EACH):
                r = local.post(url, {"type": "life_point_loss", "params": {"target": seat % 2, "amount": 1}}, format="json")
                statuses.append(r.status_code)
        except Exception as exc:  # surfaced below: a thread's failure must fail the test
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert errors == []
    assert statuses == [201] * (THREADS * EACH)
    session = Session.objects.get(pk=created["id"])
    events = list(Event.objects.filter(session=session).order_by("seq"))
    assert session.version == len(events) == THREADS * EACH
    assert [e.seq for e in events] == list(range(1, THREADS * EACH + 1))
    lp = [p["life_points"] for p in session.state["players"]]
    assert lp == [40 - THREADS * EACH // 2] * 2
    live = [(e.type, e.params) for e in events]
    assert replay(get_game("aventuria"), session.initial_state, live) == session.state


@pytest.mark.django_db(transaction=True)
def test_concurrent_same_idempotency_key_applies_once():
    client = APIClient()
    created = client.post("/api/sessions/", {
        "game": "aventuria", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
        "options": {"starting_player": 0},
    }, format="json").json()
    url = f"/api/sessions/{created['id']}/actions/"
    bodies = []
    start = threading.Barrier(4)

    def phone():
        try:
            start.wait()
            r = APIClient().post(url, {"type": "heal", "params": {"target": 0, "amount": 1}}, format="json",
                                 HTTP_IDEMPOTENCY_KEY="same-tap")
            bodies.append((r.status_code, r.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=phone) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [s for s, _ in bodies] == [201] * 4
    assert all(b == bodies[0][1] for _, b in bodies)
    assert Session.objects.get(pk=created["id"]).version == 1
