"""GET /t/<token>/live/: the session as server-sent events, for the edit and the view-only link alike.

Frames (docs/LIVE.md):
- `state` (id = version): {"version": n, "html": the state fragment as this link sees it}; sent when
  the stream opens if the phone is behind (its `?v=` or Last-Event-ID), then at every change;
- `hb` every LIVE_HEARTBEAT_SECONDS: {"version": n}; a phone that hears nothing for a while knows its
  connection died, and a server write to a dead connection fails, which ends the stream here;
- `bye` before the stream ends on its own after LIVE_MAX_SECONDS: {"reason": ...}; the phone opens a
  new one at once.
A phone beyond the limits (per session, per client address) gets a 429 and goes on polling.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections
from django.http import JsonResponse, StreamingHttpResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework.throttling import BaseThrottle

from tracker import selectors

from .broker import channel_for, get_broker
from .fragments import state_fragment

log = logging.getLogger(__name__)
RETRY_MS = 1500  # how soon a browser's own EventSource tries again after a drop
# `c`: the page's own id, so that a phone reconnecting (its old connection maybe not yet known dead)
# keeps its one seat instead of taking a second
PAGE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def _closing(fn):
    """Run `fn` in a worker thread and close that thread's database connection after it: under ASGI
    a stream's reads happen outside any request, and nothing else would close them."""

    def run(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        finally:
            connections.close_all()

    return sync_to_async(run, thread_sensitive=False)


_head = _closing(lambda token: selectors.session_get(token, full=False))
_fragment = _closing(state_fragment)
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


def _since(request) -> tuple[int | None, str | None]:
    """The version the phone has: Last-Event-ID (a browser reconnecting) wins over ?v= (first open)."""
    raw = request.headers.get("Last-Event-ID") or request.GET.get("v")
    if raw in (None, ""):
        return None, None
    if not raw.isdigit() or len(raw) > 9:
        return None, "must be the version this phone shows, a whole number"
    return int(raw), None


def _frame(event: str, data: dict, version: int | None = None) -> str:
    head = f"id: {version}\n" if version is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


@csrf_exempt  # it only reads; any other method gets a 405 that says so, not a CSRF refusal
async def stream(request, token):
    if request.method != "GET":
        return JsonResponse({"detail": "Method not allowed."}, status=405, headers={"Allow": "GET"})
    unknown = sorted(set(request.GET) - {"v", "c"})
    if unknown:
        return JsonResponse({"detail": "Unknown query parameter.",
                             "errors": {name: ["unknown query parameter; this endpoint reads v and c"] for name in unknown}},
                            status=400)
    since, problem = _since(request)
    if problem:
        return JsonResponse({"detail": "Bad version.", "errors": {"v": [problem]}}, status=400)
    seat = request.GET.get("c") or secrets.token_hex(8)
    if not PAGE_ID.fullmatch(seat):
        return JsonResponse({"detail": "Bad page id.", "errors": {"c": ["8 to 64 letters, digits, - or _"]}}, status=400)
    head = await _head(token)
    if head is None:
        return JsonResponse({"detail": "No session with this id."}, status=404)

    broker = get_broker()
    ttl = settings.LIVE_HEARTBEAT_SECONDS * 3
    channel = channel_for(head.session.pk)
    seats = [(f"tk:seats:session:{channel}", settings.LIVE_MAX_PER_SESSION, "this game"),
             (f"tk:seats:address:{BaseThrottle().get_ident(request)}", settings.LIVE_MAX_PER_ADDRESS, "this address")]
    taken = []
    for key, limit, what in seats:
        try:
            admitted = await broker.admit(key, seat, limit, ttl)
        except Exception:  # Redis unreachable: the phone is not left without the game, it polls
            log.warning("live: could not count seats", exc_info=True)
            return JsonResponse({"detail": "Live updates are not available just now; this phone follows the game "
                                           "by polling."}, status=503, headers={"Retry-After": "30"})
        if not admitted:
            for held in taken:
                await broker.leave(held, seat)
            return JsonResponse(
                {"detail": f"Too many live connections to {what} ({limit}); this phone follows the game by polling.",
                 "errors": {"connections": [f"at most {limit} for {what}"]}},
                status=429, headers={"Retry-After": str(int(settings.LIVE_HEARTBEAT_SECONDS))})
        taken.append(key)

    response = StreamingHttpResponse(_frames(broker, channel, token, head.can_write, since, taken, seat),
                                     content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-cache, no-transform"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each frame on at once
    return response


async def _frames(broker, channel: str, token: str, can_write: bool, since: int | None, seats: list[str], seat: str):
    beat = settings.LIVE_HEARTBEAT_SECONDS
    ttl = beat * 3
    loop = asyncio.get_running_loop()
    ends = loop.time() + settings.LIVE_MAX_SECONDS
    # subscribed before the version is read, so that no change can fall between the two
    sub = await broker.subscribe(channel)
    try:
        yield f"retry: {RETRY_MS}\n\n"
        sent = since if since is not None else -1
        found = await _fragment(token)
        if found is None:
            yield _frame("bye", {"reason": "the session is gone"})
            return
        if found[0] > sent:
            sent = found[0]
            yield _frame("state", {"version": sent, "html": found[1]}, sent)
        else:
            yield _frame("hb", {"version": found[0]})
        while True:
            left = ends - loop.time()
            if left <= 0:
                yield _frame("bye", {"reason": "a fresh connection, to spread the load; reconnect now"})
                return
            if not await sub.wait(min(beat, left)):
                for key in seats:
                    await broker.keep(key, seat, ttl)
                yield _frame("hb", {"version": max(sent, 0)})
                continue
            if sub.resync or sub.newest > sent:
                sub.resync = False
                found = await _shared_fragment(token, (channel, can_write))
                if found is not None and found[0] > sent:
                    sent = found[0]
                    yield _frame("state", {"version": sent, "html": found[1]}, sent)
                if found is not None and sub.newest > found[0]:
                    sub.nudge()  # a change landed while this one was read: go round again at once
    finally:
        await _let_go(broker, sub, seats, seat)


async def _let_go(broker, sub, seats, seat) -> None:
    try:
        await sub.close()
        for key in seats:
            await broker.leave(key, seat)
    except Exception:  # Redis gone: the seats lapse on their own after their time to live
        pass
