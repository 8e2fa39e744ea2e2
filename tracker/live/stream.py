"""GET /t/<token>/live/: the session as server-sent events, for the edit and the view-only link alike.

Frames (docs/LIVE.md):
- `state` (id = version): {"version": n, "html": the state fragment as this link sees it}; sent when
  the stream opens if the phone is behind (its `?v=` or Last-Event-ID), then at every change;
- `hb` every LIVE_HEARTBEAT_SECONDS: {"version": n}; a phone that hears nothing for a while knows its
  connection died, and a server write to a dead connection fails, which ends the stream here. A
  change whose message was lost on the way reaches the stream within a heartbeat (`_catch_up`);
- `bye` before the stream ends on its own after LIVE_MAX_SECONDS: {"reason": ...}; the phone opens a
  new one at once.
A phone beyond the limits (per session, per client address) gets a 429 and goes on polling.

`open_stream` is the whole answer, whatever carries it: tracker/live/asgi.py serves it straight
from the ASGI server (no middleware, no thread held by an open stream), and the Django view below
serves it to anything that reaches it through Django.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections
from django.http import HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework.throttling import BaseThrottle

from tracker import selectors
from tracker.models import Session

from .broker import channel_for, get_broker
from .fragments import state_fragment

log = logging.getLogger(__name__)
RETRY_MS = 1500  # how soon a browser's own EventSource tries again after a drop
# `c`: the page's own id, so that a phone reconnecting (its old connection maybe not yet known dead)
# keeps its one seat instead of taking a second
PAGE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
STREAM_HEADERS = {"Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform",
                  "X-Accel-Buffering": "no"}  # nginx: pass each frame on at once

Answer = tuple[int, dict, "bytes | AsyncIterator[str]"]


def closing(fn):
    """Run `fn` in a worker thread and close that thread's database connection after it: a stream's
    reads happen outside any request, and nothing else would close them."""

    def run(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        finally:
            connections.close_all()

    return sync_to_async(run, thread_sensitive=False)


_head = closing(lambda token: selectors.session_get(token, full=False))
_versions = closing(lambda pks: dict(Session.objects.filter(pk__in=pks).values_list("pk", "version")))
_catching_up: dict[int, asyncio.Task] = {}


def _catch_up_running(broker) -> None:
    loop = asyncio.get_running_loop()
    task = _catching_up.get(id(loop))
    if task is None or task.done():
        _catching_up[id(loop)] = loop.create_task(_catch_up(broker))


async def _catch_up(broker) -> None:
    """Once a heartbeat, for the whole process: the version of every session it streams, read in one
    query and offered to its streams. A change whose message was lost on the way (Redis restarting)
    reaches the phones within a heartbeat, and no stream reads the database while its table is
    quiet (one read per stream per heartbeat was most of the idle cost)."""
    while True:
        await asyncio.sleep(settings.LIVE_HEARTBEAT_SECONDS)
        followed = broker.local.sessions()
        if not followed:
            return
        try:
            versions = await _versions(sorted(set(followed.values())))
        except Exception:  # the database is away: the next round tries again
            log.warning("live: could not read the sessions' versions", exc_info=True)
            continue
        for channel, pk in followed.items():
            if pk in versions:
                broker.local.deliver(channel, versions[pk])
            else:
                broker.local.resync(channel)  # the session is gone: its streams say goodbye

_fragment = closing(state_fragment)
_rendering: dict[tuple, asyncio.Future] = {}


async def _shared_fragment(token: str, key: tuple):
    """The fragment for the streams of one session and link kind in this process, fetched once for
    all of them when a change wakes them together (and rendered once, the cache shares it further)."""
    key = (id(asyncio.get_running_loop()), *key)
    pending = _rendering.get(key)
    if pending is None:
        pending = asyncio.ensure_future(_fragment(token))
        _rendering[key] = pending
        pending.add_done_callback(lambda _: _rendering.pop(key, None))
    return await asyncio.shield(pending)


def _problem(status: int, detail: str, errors: dict | None = None, headers: dict | None = None) -> Answer:
    body = {"detail": detail, **({"errors": errors} if errors else {})}
    return status, {"Content-Type": "application/json", **(headers or {})}, json.dumps(body).encode()


def _since(raw: str | None) -> tuple[int | None, str | None]:
    if raw in (None, ""):
        return None, None
    if not raw.isdigit() or len(raw) > 9:
        return None, "must be the version this phone shows, a whole number"
    return int(raw), None


def _frame(event: str, data: dict, version: int | None = None) -> str:
    head = f"id: {version}\n" if version is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


async def open_stream(token: str, query: dict[str, str], last_event_id: str | None, client: str) -> Answer:
    """(status, headers, body): a JSON problem as bytes, or the frames as an async iterator.

    `query` holds the last value of each query parameter; Last-Event-ID (a browser reconnecting)
    wins over ?v= (first open)."""
    unknown = sorted(set(query) - {"v", "c"})
    if unknown:
        return _problem(400, "Unknown query parameter.",
                        {name: ["unknown query parameter; this endpoint reads v and c"] for name in unknown})
    since, problem = _since(last_event_id or query.get("v"))
    if problem:
        return _problem(400, "Bad version.", {"v": [problem]})
    seat = query.get("c") or secrets.token_hex(8)
    if not PAGE_ID.fullmatch(seat):
        return _problem(400, "Bad page id.", {"c": ["8 to 64 letters, digits, - or _"]})
    head = await _head(token)
    if head is None:
        return _problem(404, "No session with this id.")

    broker = get_broker()
    ttl = settings.LIVE_HEARTBEAT_SECONDS * 3
    channel = channel_for(head.session.pk)
    seats = [(f"tk:seats:session:{channel}", settings.LIVE_MAX_PER_SESSION, "this game"),
             (f"tk:seats:address:{client}", settings.LIVE_MAX_PER_ADDRESS, "this address")]
    taken = []
    for key, limit, what in seats:
        try:
            admitted = await broker.admit(key, seat, limit, ttl)
        except Exception:  # Redis unreachable: the phone is not left without the game, it polls
            log.warning("live: could not count seats", exc_info=True)
            return _problem(503, "Live updates are not available just now; this phone follows the game by polling.",
                            headers={"Retry-After": "30"})
        if not admitted:
            for held in taken:
                await broker.leave(held, seat)
            return _problem(429, f"Too many live connections to {what} ({limit}); this phone follows the game by "
                                 "polling.", {"connections": [f"at most {limit} for {what}"]},
                            {"Retry-After": str(int(settings.LIVE_HEARTBEAT_SECONDS))})
        taken.append(key)
    return 200, dict(STREAM_HEADERS), _frames(broker, channel, head.session.pk, token, head.can_write, since, taken, seat)


async def _frames(broker, channel: str, session_pk: str, token: str, can_write: bool, since: int | None,
                  seats: list[str], seat: str):
    beat = settings.LIVE_HEARTBEAT_SECONDS
    ttl = beat * 3
    loop = asyncio.get_running_loop()
    ends = loop.time() + settings.LIVE_MAX_SECONDS
    # subscribed before the version is read, so that no change can fall between the two
    sub = await broker.subscribe(channel, session_pk)
    _catch_up_running(broker)
    try:
        yield f"retry: {RETRY_MS}\n\n"
        sent = since if since is not None else -1
        due = opening = True  # read the session now: the phone may be behind already
        while True:
            if due or sub.resync or sub.newest > sent:
                due = sub.resync = False
                found = await _shared_fragment(token, (channel, can_write))
                if found is None:
                    yield _frame("bye", {"reason": "the session is gone"})
                    return
                if found[0] > sent:
                    sent = found[0]
                    yield _frame("state", {"version": sent, "html": found[1]}, sent)
                elif opening:  # up to date: a first word, so that the phone knows it is live
                    yield _frame("hb", {"version": found[0]})
                opening = False
                if sub.newest > found[0]:
                    sub.nudge()  # a change landed while this one was read: go round again at once
            left = ends - loop.time()
            if left <= 0:
                yield _frame("bye", {"reason": "a fresh connection, to spread the load; reconnect now"})
                return
            if await sub.wait(min(beat, left)):
                continue
            for key in seats:
                await broker.keep(key, seat, ttl)
            yield _frame("hb", {"version": max(sent, 0)})
    finally:
        await _let_go(broker, sub, seats, seat)


async def _let_go(broker, sub, seats, seat) -> None:
    try:
        await sub.close()
        if not broker.local.sessions():  # the last stream here: no versions to watch any more
            task = _catching_up.pop(id(asyncio.get_running_loop()), None)
            if task is not None:
                task.cancel()
        for key in seats:
            await broker.leave(key, seat)
    except Exception:  # Redis gone: the seats lapse on their own after their time to live
        pass


@csrf_exempt  # it only reads; any other method gets a 405 that says so, not a CSRF refusal
async def stream(request, token):
    if request.method != "GET":
        return JsonResponse({"detail": "Method not allowed."}, status=405, headers={"Allow": "GET"})
    query = {name: request.GET.get(name) for name in request.GET}
    status, headers, body = await open_stream(token, query, request.headers.get("Last-Event-ID"),
                                              BaseThrottle().get_ident(request))
    if isinstance(body, bytes):
        return HttpResponse(body, status=status, headers=headers)
    response = StreamingHttpResponse(body, status=status)
    for name, value in headers.items():
        response[name] = value
    return response
