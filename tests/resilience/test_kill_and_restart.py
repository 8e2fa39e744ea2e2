"""The server dies mid-burst (SIGKILL of gunicorn's whole process group) and comes back: no
acknowledged write is lost, none applies twice, none is half applied, and a phone that retries
its unanswered taps with the same Idempotency-Key gets each applied exactly once.

Runs against the test database pytest-django made, on whatever DATABASE_URL points at (a SQLite
file by default, PostgreSQL in the second run of .ci/run): the gunicorn processes are handed
the same database, so the test can look at what they stored.
"""
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.support.processes import database_url, free_port
from tracker.models import Event, IdempotentResponse, Session
from tracker.tasks import audit_session

ROOT = Path(__file__).resolve().parents[2]
THREADS = 4
KILLS = 2
# A kill comes once this many writes of the round were acknowledged: late enough that the server
# is busy, early enough that every phone still has taps in flight (each would send up to MAX_TAPS).
KILL_AFTER_ACKS = 20
MAX_TAPS = 150
DUEL = {
    "game": "aventuria", "mode": "duel",
    "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
    "options": {"starting_player": 0},
}




class Gunicorn:
    """gunicorn serving the project, in a process group of its own so that one signal reaches the
    master and every worker at once (as when a container or the machine goes away)."""

    def __init__(self, url: str, port: int, log: Path):
        self.url, self.port, self.log = url, port, log
        self.proc = None

    def start(self):
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tablekeeper.settings", "DATABASE_URL": self.url,
               # no pooled connection outlives a request: PostgreSQL can drop the test database at the end
               "CONN_MAX_AGE": "0"}
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "tablekeeper.wsgi", "--bind", f"127.0.0.1:{self.port}",
                 "--workers", "3", "--worker-class", "gthread", "--threads", "2", "--timeout", "30",
                 "--graceful-timeout", "5", "--log-level", "warning"],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"gunicorn exited: {self.log.read_text()[-2000:]}"
            try:
                if request(self.port, "GET", "/api/games/", timeout=2)[0] == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.1)
        raise AssertionError(f"gunicorn did not answer: {self.log.read_text()[-2000:]}")

    def kill(self):
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)


def request(port, method, path, body=None, key=None, timeout=15):
    """One request on a fresh connection (a phone's tap); raises on no answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Idempotency-Key"] = key
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        conn.close()


class Ledger:
    """What the phones know: each write's key and body, and the answer if one came."""

    def __init__(self):
        self.lock = threading.Lock()
        self.acked = {}        # key -> (body sent, answer body)
        self.unanswered = {}   # key -> body sent, waiting for a retry
        self.other = []        # (key, status, body): any answer but 201 (a failure of the test)
        self.round_acks = 0
        self.enough = threading.Event()

    def answer(self, key, sent, status, body):
        with self.lock:
            self.unanswered.pop(key, None)
            if status == 201:
                self.acked[key] = (sent, body)
                self.round_acks += 1
                if self.round_acks >= KILL_AFTER_ACKS:
                    self.enough.set()
            else:
                self.other.append((key, status, body))

    def lost(self, key, sent):
        with self.lock:
            self.unanswered[key] = sent

    def new_round(self):
        with self.lock:
            self.round_acks = 0
            self.enough.clear()


def burst(port, path, ledger, seat):
    """A phone tapping as fast as it can; the first tap with no answer sends it offline."""
    for _ in range(MAX_TAPS):
        key = str(uuid.uuid4())
        sent = {"type": "life_point_loss", "params": {"target": seat % 2, "amount": 1}}
        try:
            status, body = request(port, "POST", path, sent, key)
        except (OSError, http.client.HTTPException):
            ledger.lost(key, sent)
            return
        ledger.answer(key, sent, status, body)


def retry_unanswered(port, path, ledger) -> dict:
    """Every tap that got no answer, sent again with its own key; returns what was stored before."""
    pending = dict(ledger.unanswered)
    applied_before = set(Event.objects.filter(idempotency_key__in=pending).values_list("idempotency_key", flat=True))
    for key, sent in pending.items():
        status, body = request(port, "POST", path, sent, key)
        ledger.answer(key, sent, status, body)
    return {"retried": len(pending), "applied_before_retry": len(applied_before)}


@pytest.mark.django_db(transaction=True)
def test_sigkill_mid_burst_loses_and_duplicates_nothing(tmp_path):
    server = Gunicorn(database_url(), free_port(), tmp_path / "gunicorn.log")
    server.start()
    ledger = Ledger()
    rounds = []
    try:
        status, created = request(server.port, "POST", "/api/sessions/", DUEL)
        assert status == 201, created
        path = f"/api/sessions/{created['id']}/actions/"

        for _ in range(KILLS):
            ledger.new_round()
            acked_before = len(ledger.acked)
            phones = [threading.Thread(target=burst, args=(server.port, path, ledger, seat)) for seat in range(THREADS)]
            for phone in phones:
                phone.start()
            assert ledger.enough.wait(timeout=30), f"only {ledger.round_acks} writes acknowledged before the kill"
            server.kill()
            for phone in phones:
                phone.join(timeout=30)
            assert not any(phone.is_alive() for phone in phones)
            acked_in_burst = len(ledger.acked) - acked_before
            # Each phone was still tapping when the server died, so each lost at least its last tap.
            in_flight = len(ledger.unanswered)
            assert in_flight >= 1
            server.start()
            retried = retry_unanswered(server.port, path, ledger)
            rounds.append({"acknowledged": acked_in_burst,
                           "unanswered": in_flight, **retried})

        assert ledger.other == []
        assert ledger.unanswered == {}

        # One acknowledged tap sent again: its first answer back, nothing applied.
        key, (sent, first) = next(iter(ledger.acked.items()))
        version_before = Session.objects.get(pk=created["id"]).version
        status, again = request(server.port, "POST", path, sent, key)
        assert (status, again) == (201, first)
        assert Session.objects.get(pk=created["id"]).version == version_before
    finally:
        server.stop()

    session = Session.objects.get(pk=created["id"])
    events = list(Event.objects.filter(session=session).order_by("seq"))
    by_key = {}
    for event in events:
        by_key.setdefault(event.idempotency_key, []).append(event)
    present = sum(1 for key in ledger.acked if len(by_key.get(key, [])) == 1)
    duplicated = sum(1 for found in by_key.values() if len(found) > 1)
    figures = {
        "database": connection.vendor, "kills": KILLS, "phones": THREADS, "rounds": rounds,
        "acknowledged": len(ledger.acked), "present_once": present, "duplicated": duplicated,
        "events": len(events), "version": session.version,
        "unanswered_but_applied": sum(r["applied_before_retry"] for r in rounds),
    }
    print("kill-and-restart:", json.dumps(figures))
    (Path(settings.VAR_DIR) / f"resilience-kill-restart-{connection.vendor}.json").write_text(json.dumps(figures, indent=1))

    # Every acknowledged write exactly once, and nothing the phones did not send.
    assert present == len(ledger.acked)
    assert duplicated == 0
    assert set(by_key) == set(ledger.acked)
    # Each answer named the event that is stored for its key.
    assert all(by_key[k][0].seq == body["event"]["seq"] for k, (_, body) in ledger.acked.items())
    # No event without its state change, no state change without its event, no answer without both.
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert session.version == session.last_seq == len(events)
    # each acknowledged tap's key is kept on its event, with what it asked, and nowhere else
    assert all(e.idempotency_key and len(e.fingerprint) == 64 for e in events)
    assert not IdempotentResponse.objects.filter(session=session).exists()
    audit = audit_session(session.pk)
    assert audit["consistent"] and audit["events"] == len(events), audit
    for seat in range(2):
        lost = sum(1 for e in events if e.params["target"] == seat)
        start = session.initial_state["players"][seat]["life_points"]
        assert session.state["players"][seat]["life_points"] == start - lost
