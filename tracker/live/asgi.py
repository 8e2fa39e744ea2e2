"""The two requests every phone makes all evening, answered by the ASGI server before Django's
request stack: the live stream, and a poll whose version has not changed.

Through Django, a request runs its (partly synchronous) middleware in a thread of its own, and an
open stream would hold that thread for as long as it lasts: a thousand idle phones, a thousand
threads. Here a stream holds no thread between its frames, and a poll's 304 costs one query.
Everything else, and every answer these cannot give, goes to Django unchanged.
"""
from __future__ import annotations

import asyncio
import re
from urllib.parse import parse_qs

from django.conf import settings
from django.http.request import split_domain_port, validate_host

from api.middleware import POLL, unchanged_etag
from tablekeeper.converters import TokenConverter

from .stream import closing, open_stream

LIVE = re.compile(r"/t/(" + TokenConverter.regex + r")/live/")
_unchanged = closing(unchanged_etag)


def _headers(scope) -> dict[str, str]:
    return {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope.get("headers", ())}


def _host_allowed(headers: dict[str, str]) -> bool:
    # what Django checks before any view: a Host it does not serve goes on to Django, which says 400
    domain, _ = split_domain_port(headers.get("host", ""))
    allowed = settings.ALLOWED_HOSTS or ([".localhost", "127.0.0.1", "[::1]"] if settings.DEBUG else [])
    return bool(domain) and validate_host(domain, allowed)


def client_address(headers: dict[str, str], scope) -> str:
    """As DRF's throttles name a client: behind NUM_PROXIES proxies, the address they saw."""
    remote = (scope.get("client") or ("",))[0]
    forwarded = headers.get("x-forwarded-for")
    if not settings.NUM_PROXIES or not forwarded:
        return remote
    hops = forwarded.split(",")
    return hops[-min(settings.NUM_PROXIES, len(hops))].strip()


def live_first(django_app):
    """`django_app` with the stream and the unchanged poll answered ahead of it."""

    async def app(scope, receive, send):
        if scope["type"] == "http" and scope["method"] == "GET":
            path = scope["path"]
            headers = _headers(scope)
            if (found := LIVE.fullmatch(path)) and _host_allowed(headers):
                await _stream(found[1], scope, headers, receive, send)
                return
            if (found := POLL.fullmatch(path)) and "if-none-match" in headers and not scope.get("query_string") \
                    and _host_allowed(headers):
                etag = await _unchanged(found[1], headers["if-none-match"])
                if etag is not None:
                    await send({"type": "http.response.start", "status": 304, "headers": [
                        (b"etag", etag.encode()), (b"cache-control", b"no-cache, private")]})
                    await send({"type": "http.response.body", "body": b""})
                    return
        await django_app(scope, receive, send)

    return app


async def _stream(token: str, scope, headers: dict[str, str], receive, send) -> None:
    query = {name: values[-1] for name, values in
             parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True).items()}
    status, answer_headers, body = await open_stream(token, query, headers.get("last-event-id"),
                                                     client_address(headers, scope))
    await send({"type": "http.response.start", "status": status,
                "headers": [(k.lower().encode(), v.encode()) for k, v in answer_headers.items()]})
    if isinstance(body, bytes):
        await send({"type": "http.response.body", "body": body})
        return

    async def pump():
        async for chunk in body:
            await send({"type": "http.response.body", "body": chunk.encode(), "more_body": True})
        await send({"type": "http.response.body", "body": b""})

    async def gone():
        while (await receive())["type"] != "http.disconnect":
            pass

    pumping, watching = asyncio.ensure_future(pump()), asyncio.ensure_future(gone())
    try:
        await asyncio.wait({pumping, watching}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (pumping, watching):
            task.cancel()
        await asyncio.gather(pumping, watching, return_exceptions=True)
        await body.aclose()  # its seats and subscription are let go, whoever ended it
