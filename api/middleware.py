import re

from django.conf import settings
from django.db import connection
from django.http import HttpResponseNotModified, JsonResponse
from django.utils.cache import patch_cache_control

from tablekeeper.converters import TokenConverter
from tracker.models import Session

from .parsers import text_problem


class ApiBodyLimitMiddleware:
    """Refuse oversized API bodies before anything reads them (DRF's parsers do not check), and
    query strings that are not text."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/api/"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            limit = settings.API_MAX_BODY_BYTES
            if length > limit:
                return JsonResponse(
                    {"detail": "Request body too large.", "errors": {"body": [f"at most {limit} bytes, got {length}"]}},
                    status=413,
                )
            # the query string is text too: a NUL there reached PostgreSQL (500) or was stored (SQLite)
            for name, values in request.GET.lists():
                problem = text_problem(name) or next((text_problem(v) for v in values if text_problem(v)), None)
                if problem:
                    shown = name.replace("\x00", "?")
                    return JsonResponse({"detail": "Invalid input.", "errors": {shown: [problem]}}, status=400)
        return self.get_response(request)


POLL = re.compile(r"/api/sessions/(" + TokenConverter.regex + r")/")


def unchanged_etag(token: str, if_none_match: str) -> str | None:
    """The session's ETag when If-None-Match holds it (the poll may have a 304), else None. One query;
    the view makes the same ETags (api/views.py, SessionDetailView)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, version FROM {Session._meta.db_table} WHERE id = %s OR view_id = %s",
                       [token, token])
        row = cursor.fetchone()
    if row is None:
        return None
    etag = f'"{row[1]}{"" if row[0] == token else "-view"}"'
    return etag if etag in [t.strip() for t in if_none_match.split(",")] else None


class SessionPollMiddleware:
    """Answer an unchanged poll of GET /api/sessions/<token>/ (If-None-Match holding the current
    ETag) with a 304 from one query, before sessions, CSRF and DRF: every phone at a table polls
    every few seconds and nearly every poll is unchanged. Anything else goes on to the view. Served
    over ASGI, tracker/live/asgi.py answers such polls before Django, and this is the path of
    anything else that reaches Django (its test client, a WSGI server)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        polled = request.META.get("HTTP_IF_NONE_MATCH")
        match = POLL.fullmatch(request.path_info) if polled and request.method == "GET" else None
        # a query string goes to the view, which names any it does not take
        if match is None or request.META.get("QUERY_STRING"):
            return self.get_response(request)
        etag = unchanged_etag(match[1], polled)
        if etag is None:
            return self.get_response(request)
        response = HttpResponseNotModified()
        response["ETag"] = etag
        patch_cache_control(response, no_cache=True, private=True)
        return response
