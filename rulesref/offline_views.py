"""What lets the site work without network after one visit (docs/PAGES.md, "Offline"): the whole
rules reference as one JSON file, the service worker, the web app manifest, the offline page."""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.cache import get_conditional_response, patch_cache_control
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

from tracker.games import plugins

from .models import Entry

# The names the browser sees ("id" is the entry key, as in /rules/<id>/), in the model's fields.
INDEX_FIELDS = {"id": "key", "game": "game", "kind": "kind", "title": "title", "section": "section",
                "tags": "tags", "body": "body"}
VERSION_PLACEHOLDER = "__SHELL_VERSION__"
ASSETS_PLACEHOLDER = "__GAME_ASSETS__"


@require_safe
@gzip_page  # ~600 kB of text shrinks to a fifth; a phone at the table may be on a weak signal
def rules_index(request):
    """Every entry, body in full, for searching in the browser when the network is gone."""
    rows = Entry.objects.values_list(*INDEX_FIELDS.values())
    entries = json.dumps([dict(zip(INDEX_FIELDS, row)) for row in rows], ensure_ascii=False, separators=(",", ":"))
    # Hashing the content (not a counter) gives every server process the same ETag.
    version = hashlib.sha256(entries.encode()).hexdigest()[:16]
    etag = f'"{version}"'
    response = get_conditional_response(request, etag=etag) or HttpResponse(
        f'{{"v":"{version}","entries":{entries}}}', content_type="application/json"
    )
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)  # always revalidate: a 304 costs next to nothing
    return response


def _shell_files() -> list[tuple[Path, Path]]:
    # every static and template folder, the game packages' included: a game's change is a new shell too
    template_dirs = [Path(d) for t in settings.TEMPLATES for d in t.get("DIRS", [])]
    roots = [Path(d) for d in settings.STATICFILES_DIRS] + template_dirs
    return sorted((root, path) for root in roots if root.is_dir() for path in root.rglob("*") if path.is_file())


def _compute_shell_version() -> str:
    # Content, not mtimes: two servers behind one balancer must agree, or every phone would
    # reinstall the worker each time it reached the other one.
    digest = hashlib.sha256()
    for root, path in _shell_files():
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


_cached_shell_version = lru_cache(maxsize=1)(_compute_shell_version)


def shell_version() -> str:
    """Changes whenever a static file or template does, so a deploy makes the worker refresh its
    caches. Computed once per process, except under DEBUG, where files change without a restart."""
    return _compute_shell_version() if settings.DEBUG else _cached_shell_version()


def game_assets() -> list[str]:
    """The static files every game's table page loads (its page's scripts and styles)."""
    return [static(path) for p in plugins() if p.page for path in (*p.page.scripts, *p.page.styles)]


@require_safe
def service_worker(request):
    source = Path(finders.find("sw.js")).read_text(encoding="utf-8")
    source = source.replace(VERSION_PLACEHOLDER, shell_version()).replace(ASSETS_PLACEHOLDER, json.dumps(game_assets()))
    response = HttpResponse(source, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    # Browsers already revalidate the worker script at least daily; no-cache makes it every visit.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def manifest(request):
    response = HttpResponse(Path(finders.find("manifest.webmanifest")).read_bytes(),
                            content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline_page(request):
    return render(request, "offline.html")
