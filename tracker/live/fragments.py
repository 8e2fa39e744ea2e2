"""The state fragment of a session (templates/table/_state.html), rendered once per version and link
kind and shared: pushed to every stream, and handed to every poll that asks for that version.

Kept in Django's cache (Redis in production, so shared by every process; in memory in the embedded
default, which is one process), keyed by session, version and link kind. The fragment is the same
for everyone on a link except for the CSRF token of the few plain forms in it (records, a next
adventure): it is rendered with a placeholder that each answer fills with its own phone's token.
"""
from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string

from tracker import selectors
from tracker.table_context import table_context

# What {% csrf_token %} writes into a shared fragment; `with_csrf` (or the page's script, for a pushed
# fragment) puts the phone's own token in its place.
CSRF_SLOT = "csrf-slot-filled-per-phone"


def _key(session_pk: str, version: int, can_write: bool) -> str:
    digest = hashlib.sha256(session_pk.encode()).hexdigest()[:32]
    return f"tk:frag:{digest}:{version}:{'edit' if can_write else 'view'}"


def _render(access) -> str:
    context = table_context(access)
    context["csrf_token"] = CSRF_SLOT
    return render_to_string("table/_state.html", context)


def state_fragment(token: str) -> tuple[int, str] | None:
    """(version, html) of the session `token` opens, as that link sees it; None when there is none.

    An unchanged version costs one small query and a cache read; a new one is rendered once."""
    head = selectors.session_get(token, full=False)
    if head is None:
        return None
    key = _key(head.session.pk, head.session.version, head.can_write)
    html = cache.get(key)
    if html is not None:
        return head.session.version, html
    access = selectors.session_get(token)
    if access is None:
        return None
    html = _render(access)
    # the version rendered may be newer than the one first read: key it by what it shows
    cache.set(_key(access.session.pk, access.session.version, access.can_write), html,
              settings.LIVE_FRAGMENT_SECONDS)
    return access.session.version, html


def with_csrf(html: str, token: str) -> str:
    return html.replace(CSRF_SLOT, token)
