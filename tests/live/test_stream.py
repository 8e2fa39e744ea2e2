"""The live stream (tracker/live) against the app as production serves it (uvicorn, in a thread): what a
phone hears, when, and what it is refused. The broker is the settings' own: in memory under
`make test`, Redis on CI's services run."""
import asyncio
import threading
import time

import httpx
import pytest

from tracker.live import broker as live_broker
from tracker.live import fragments

from .support import Stream

DUEL = {"game": "aventuria", "mode": "duel", "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
        "options": {"starting_player": 0}}


@pytest.fixture
def base(asgi_live_server, transactional_db, settings):
    settings.API_RATES = {scope: None for scope in settings.API_RATES}
    settings.LIVE_HEARTBEAT_SECONDS = 0.3
    return asgi_live_server.url


@pytest.fixture
def streams():
    opened = []

    def _open(*args, **kwargs):
        opened.append(Stream(*args, **kwargs))
        return opened[-1]

    yield _open
    for s in opened:
        s.close()


def new_session(base):
    response = httpx.post(f"{base}/api/sessions/", json=DUEL)
    assert response.status_code == 201, response.text
    return response.json()


def tap(base, session, amount=1, key=None):
    headers = {"Idempotency-Key": key} if key else {}
    response = httpx.post(f"{base}/api/sessions/{session['id']}/actions/", headers=headers,
                          json={"type": "life_point_loss", "params": {"target": 1, "amount": amount}})
    assert response.status_code == 201, response.text
    return response.json()


def test_a_tap_reaches_every_stream_with_the_state_as_its_link_sees_it(base, streams):
    session = new_session(base)
    edit, view = streams(base, session["id"], since=0), streams(base, session["view_id"], since=0)
    for s in (edit, view):
        assert s.status == 200 and s.headers["content-type"].startswith("text/event-stream")
        assert s.headers["x-accel-buffering"] == "no" and "no-cache" in s.headers["cache-control"]
        assert s.next("hb")[1] == {"version": 0}  # up to date on opening: only a heartbeat
    answer = tap(base, session, 3)
    html = {}
    for s, link in ((edit, "edit"), (view, "view")):
        event, data = s.next("state")
        assert data["version"] == answer["version"] == 1
        assert 'data-testid="lp-1"' in data["html"] and ">37<" in data["html"].replace(" ", "")
        html[link] = data["html"]
    # the view-only stream never carries the edit token, nor anything to tap
    assert "data-act=" in html["edit"]
    assert session["id"] not in html["view"] and "data-act=" not in html["view"]


def test_a_phone_that_was_behind_gets_the_newest_state_at_once(base, streams):
    session = new_session(base)
    tap(base, session)
    tap(base, session)
    behind = streams(base, session["id"], since=0)
    assert behind.next("state")[1]["version"] == 2
    fresh = streams(base, session["id"])  # first open without a version: the state comes first
    assert fresh.next()[0] == "state"
    # a browser reconnecting says what it has in Last-Event-ID, which wins over ?v=
    resumed = streams(base, session["id"], since=0, headers={"Last-Event-ID": "2"})
    assert resumed.next()[0] == "hb"


def test_undo_redo_are_pushed_and_a_retried_key_is_not(base, streams):
    session = new_session(base)
    s = streams(base, session["id"], since=0)
    s.next("hb")
    tap(base, session, key="k-1")
    assert s.next("state")[1]["version"] == 1
    tap(base, session, key="k-1")  # the same tap again: nothing new happened, nothing is pushed
    assert httpx.post(f"{base}/api/sessions/{session['id']}/undo/", json={}).status_code == 200
    assert s.next("state")[1]["version"] == 2  # the undo, not a second copy of the tap


def test_heartbeats_keep_coming_and_the_stream_says_goodbye_when_its_time_is_up(base, streams, settings):
    settings.LIVE_MAX_SECONDS = 1.0
    session = new_session(base)
    s = streams(base, session["id"], since=0)
    beats = [s.next() for _ in range(3)]
    assert [e for e, _ in beats] == ["hb", "hb", "hb"]
    assert s.next("bye", timeout=3)[1]["reason"]
    assert s.next(timeout=3)[0] == "closed"


@pytest.mark.parametrize("query, field", [("?v=abc", "v"), ("?v=-1", "v"), ("?version=1", "version"),
                                          ("?c=short", "c"), ("?c=" + "x" * 65, "c"), ("?c=a%20page%20id", "c")])
def test_bad_requests_name_what_is_wrong(base, query, field):
    session = new_session(base)
    response = httpx.get(f"{base}/t/{session['id']}/live/{query}")
    assert response.status_code == 400 and field in response.json()["errors"]


def test_unknown_session_and_other_methods(base):
    assert httpx.get(f"{base}/t/{'x' * 32}/live/").status_code == 404
    session = new_session(base)
    assert httpx.post(f"{base}/t/{session['id']}/live/").status_code == 405


def test_streams_per_session_are_bounded_and_a_seat_frees_when_a_phone_leaves(base, streams, settings):
    settings.LIVE_MAX_PER_SESSION = 2
    session = new_session(base)
    first, second = streams(base, session["id"]), streams(base, session["view_id"])
    assert first.status == second.status == 200
    third = streams(base, session["id"])
    assert third.status == 429 and "connections" in third.body["errors"] and third.headers["retry-after"]
    other = streams(base, new_session(base)["id"])  # another table is not affected
    assert other.status == 200
    first.close()
    deadline = time.monotonic() + 5
    while True:  # the server notices the closed connection at its next heartbeat
        again = streams(base, session["id"])
        if again.status == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert again.status == 200


def test_a_page_reconnecting_keeps_its_one_seat(base, streams, settings):
    """A phone whose old connection is not yet known dead comes back with the same page id: it is
    let in on its own seat, where another page would be refused."""
    settings.LIVE_MAX_PER_SESSION = 1
    session = new_session(base)
    assert streams(base, session["id"], page="page-one-1234").status == 200
    assert streams(base, session["id"], page="page-one-1234").status == 200
    assert streams(base, session["id"], page="page-two-1234").status == 429


def test_streams_per_client_address_are_bounded(base, streams, settings):
    settings.LIVE_MAX_PER_ADDRESS = 2
    a, b = new_session(base), new_session(base)
    assert streams(base, a["id"]).status == 200 and streams(base, b["id"]).status == 200
    refused = streams(base, new_session(base)["id"])
    assert refused.status == 429 and "address" in refused.body["detail"]


def test_one_render_per_change_for_all_phones_and_polls(base, streams, monkeypatch):
    renders = []
    real = fragments._render
    monkeypatch.setattr(fragments, "_render", lambda access: renders.append(access.can_write) or real(access))
    session = new_session(base)
    phones = [streams(base, session["id"], since=0) for _ in range(4)] + [streams(base, session["view_id"], since=0)]
    for p in phones:
        p.next("hb")
    renders.clear()
    tap(base, session)
    for p in phones:
        assert p.next("state")[1]["version"] == 1
    for token in (session["id"], session["id"], session["view_id"]):  # and the polls that follow
        assert httpx.get(f"{base}/t/{token}/state/").status_code == 200
    assert sorted(renders) == [False, True]  # once for the edit link, once for the view-only one


def test_a_slow_reader_holds_only_the_newest_version():
    async def run():
        sub = live_broker.Subscription(live_broker.MemoryBroker(), "c", asyncio.get_running_loop())
        for version in range(1, 10_001):
            sub.offer(version)
        sub.offer(3)  # an older one arriving late changes nothing
        assert await sub.wait(0.1) and sub.newest == 10_000
        assert not await sub.wait(0.05)  # nothing further is waiting: no queue behind it

    asyncio.run(run())


def test_a_broker_that_cannot_count_seats_sends_the_phone_to_polling_not_a_500(base, monkeypatch):
    async def unreachable(*args):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(live_broker.get_broker(), "admit", unreachable)
    session = new_session(base)
    response = httpx.get(f"{base}/t/{session['id']}/live/")
    assert response.status_code == 503 and "polling" in response.json()["detail"]
    assert response.headers["retry-after"]


def test_a_change_whose_message_was_lost_arrives_with_the_next_heartbeat(base, streams, monkeypatch):
    session = new_session(base)
    s = streams(base, session["id"], since=0)
    assert s.next("hb")[1] == {"version": 0}
    monkeypatch.setattr(live_broker.get_broker(), "publish", lambda channel, version: None)  # Redis hiccup
    tap(base, session)
    assert s.next("state", timeout=3)[1]["version"] == 1  # read from the database at the heartbeat


def test_streams_and_unchanged_polls_are_answered_ahead_of_django(base, streams):
    """An open stream holds no thread, and an unchanged poll is one query: neither runs Django's
    request stack (whose synchronous middleware would hold a thread per open stream)."""
    from django.core.signals import request_started

    session = new_session(base)
    started = []
    receiver = lambda **kwargs: started.append(1)  # noqa: E731
    request_started.connect(receiver)
    try:
        before = threading.active_count()
        opened = [streams(base, session["id"], since=0) for _ in range(20)]
        for s in opened:
            s.next("hb")
        server_threads = threading.active_count() - before - len(opened)  # less the test's readers
        etag = httpx.get(f"{base}/api/sessions/{session['id']}/").headers["etag"]
        started.clear()
        polled = httpx.get(f"{base}/api/sessions/{session['id']}/", headers={"If-None-Match": etag})
        assert polled.status_code == 304 and polled.headers["etag"] == etag
        assert "no-cache" in polled.headers["cache-control"]
        assert started == []
        assert httpx.get(f"{base}/api/sessions/{session['view_id']}/", headers={"If-None-Match": etag}).status_code == 200
        assert started == [1]  # a changed (here: another link's) poll goes on to Django
    finally:
        request_started.disconnect(receiver)
    assert server_threads < 8, f"{server_threads} server threads for 20 open streams"


def test_a_host_the_site_does_not_serve_is_refused_before_any_stream(base):
    session = new_session(base)
    assert httpx.get(f"{base}/t/{session['id']}/live/", headers={"Host": "elsewhere.example"}).status_code == 400
