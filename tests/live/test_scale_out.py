"""Scale-out, tested rather than assumed: two server processes (tablekeeper.asgi under uvicorn, as
production runs them) on two ports, sharing one database and one Redis. A phone following the game
on one hears a tap recorded through the other; nothing a process keeps for itself decides what a
phone sees. Needs Redis: it runs on CI's services run (.ci/run sets REDIS_URL). Beside it, `make run`'s
own server command, one process with no Redis, serves pages, API and streams."""
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from django.conf import settings

from tests.support.processes import database_url, free_port

from .support import Stream

ROOT = Path(__file__).resolve().parents[2]
DUEL = {"game": "aventuria", "mode": "duel", "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
        "options": {"starting_player": 0}}

needs_redis = pytest.mark.skipif(not settings.LIVE_REDIS_URL, reason="scale-out needs Redis (CI's services run)")


def _start(commands: list[list[str]], env: dict):
    """Start each server command (a `{port}` in it is given a free port): (process, base URL) pairs,
    once all of them answer. The caller stops them (`_stop`)."""
    started = []
    try:
        for command in commands:
            port = free_port()
            process = subprocess.Popen([part.format(port=port) for part in command], cwd=ROOT, env=env)
            started.append((process, f"http://127.0.0.1:{port}"))
        for process, base in started:
            deadline = time.monotonic() + 30
            while True:
                assert process.poll() is None, f"the server at {base} exited with {process.returncode}"
                try:
                    if httpx.get(f"{base}/api/games/", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, f"the server at {base} did not answer within 30 s"
                time.sleep(0.2)
        return started
    except BaseException:
        _stop(started)
        raise


def _stop(started) -> None:
    for process, _ in started:
        process.terminate()
    for process, _ in started:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def _env(**extra) -> dict:
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "LIVE_REDIS_URL")}
    return {**env, "DATABASE_URL": database_url(), "SECRET_KEY": settings.SECRET_KEY, "CONN_MAX_AGE": "0",
            "LIVE_HEARTBEAT_SECONDS": "1", "API_RATE_SESSIONS": "off", "API_RATE_ACTIONS": "off", "DEBUG": "false",
            **extra}


UVICORN = [sys.executable, "-m", "uvicorn", "tablekeeper.asgi:application", "--host", "127.0.0.1",
           "--port", "{port}", "--lifespan", "on", "--log-level", "warning"]


@pytest.fixture
def servers(transactional_db):
    started = _start([UVICORN, UVICORN], _env(REDIS_URL=settings.LIVE_REDIS_URL, LIVE_REDIS_URL=settings.LIVE_REDIS_URL))
    try:
        yield [base for _, base in started]
    finally:
        _stop(started)


@pytest.fixture
def embedded(transactional_db):
    """`make run`'s server command, with no Redis in its environment."""
    started = _start([[sys.executable, "-m", "tablekeeper.serving", "--host", "127.0.0.1", "--port", "{port}"]],
                     _env())
    try:
        yield started[0][1]
    finally:
        _stop(started)


def test_the_embedded_default_serves_pages_api_and_streams_from_one_process(embedded):
    session = httpx.post(f"{embedded}/api/sessions/", json=DUEL).json()
    page = httpx.get(f"{embedded}/t/{session['id']}/")
    assert page.status_code == 200 and f"/t/{session['id']}/live/" in page.text
    phone = Stream(embedded, session["view_id"], since=0)
    try:
        assert phone.next("hb", timeout=10)[1] == {"version": 0}
        tapped = httpx.post(f"{embedded}/api/sessions/{session['id']}/actions/",
                            json={"type": "life_point_loss", "params": {"target": 1, "amount": 2}})
        assert tapped.status_code == 201, tapped.text
        assert phone.next("state", timeout=3)[1]["version"] == 1  # heard in memory, no Redis
    finally:
        phone.close()


@needs_redis
def test_a_tap_through_one_server_reaches_a_phone_on_the_other(servers):
    one, other = servers
    session = httpx.post(f"{one}/api/sessions/", json=DUEL).json()
    phone_on_other = Stream(other, session["id"], since=0)
    watcher_on_one = Stream(one, session["view_id"], since=0)
    try:
        assert phone_on_other.next("hb", timeout=10)[1] == {"version": 0}
        assert watcher_on_one.next("hb", timeout=10)[1] == {"version": 0}
        tapped = httpx.post(f"{one}/api/sessions/{session['id']}/actions/",
                            json={"type": "life_point_loss", "params": {"target": 1, "amount": 2}})
        assert tapped.status_code == 201, tapped.text
        frame = phone_on_other.next("state", timeout=3)[1]
        assert frame["version"] == 1 and ">38<" in frame["html"].replace(" ", "")
        # and the other way: a tap through the second server reaches a watcher on the first
        tapped = httpx.post(f"{other}/api/sessions/{session['id']}/actions/",
                            json={"type": "heal", "params": {"target": 1, "amount": 1}})
        assert tapped.status_code == 201, tapped.text
        assert watcher_on_one.next("state", timeout=3)[1]["version"] == 1  # the first tap, heard on its own server
        assert watcher_on_one.next("state", timeout=3)[1]["version"] == 2
        # a poll of either server shows the same version: no process keeps a table of its own
        for base in servers:
            polled = httpx.get(f"{base}/t/{session['id']}/state/")
            assert polled.headers["x-version"] == "2" and ">39<" in polled.text.replace(" ", "")
    finally:
        phone_on_other.close()
        watcher_on_one.close()
