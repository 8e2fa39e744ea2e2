"""The pieces that make the site work without network: service worker, manifest, rules index,
offline page. (What a browser does with them offline is in tests/browser/test_rules_offline.py.)"""
import json
from pathlib import Path

from rulesref.models import Entry

STATIC = Path(__file__).resolve().parents[1] / "static"
PRECACHED = ("'/'", "'/rules/'", "/rules/index.json", "/offline/", "/static/css/site.css",
             "/static/vendor/htmx-2.0.11.min.js", "/static/js/offline-search.js", "/manifest.webmanifest",
             "/static/js/table.js")


def test_service_worker_is_served_at_the_root_with_its_version(client, db):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    source = response.content.decode()
    for url in PRECACHED:
        assert url in source, url
    assert "__SHELL_VERSION__" not in source  # the view put the version in
    assert "/api/" in source  # and keeps the API out of its caches


def test_service_worker_version_follows_the_static_files(settings, tmp_path, db, client):
    from rulesref import offline_views

    settings.STATICFILES_DIRS = [str(tmp_path)]
    settings.DEBUG = True  # recomputed on each request
    first = offline_views.shell_version()
    (tmp_path / "app.css").write_text("body { color: red }")
    assert offline_views.shell_version() != first


def test_manifest_names_the_app_and_its_icons_exist(client, db):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Tablekeeper" and manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        path = STATIC / icon["src"].removeprefix("/static/")
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            data = path.read_bytes()
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and f"{width}x{height}" == icon["sizes"]


def test_rules_index_lists_every_entry_and_answers_304_to_its_etag(client, rules_corpus):
    response = client.get("/rules/index.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    data = response.json()
    assert data["v"] and len(data["entries"]) == Entry.objects.count() > 1000
    assert set(data["entries"][0]) == {"id", "game", "kind", "title", "section", "tags", "body"}
    entry = Entry.objects.first()
    assert {"id": entry.key, "game": entry.game, "kind": entry.kind, "title": entry.title,
            "section": entry.section, "tags": entry.tags, "body": entry.body} in data["entries"]

    etag = response["ETag"]
    assert etag == f'"{data["v"]}"'
    again = client.get("/rules/index.json", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    assert client.get("/rules/index.json", HTTP_IF_NONE_MATCH='"stale"').status_code == 200


def test_rules_index_etag_changes_with_the_entries(client, rules_corpus):
    etag = client.get("/rules/index.json")["ETag"]
    entry = Entry.objects.first()
    entry.title += " (clarified)"
    entry.save()
    assert client.get("/rules/index.json", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_rules_index_is_compressed_for_phones(client, rules_corpus):
    response = client.get("/rules/index.json", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    # GZip makes the ETag weak; the weak form still revalidates.
    assert client.get("/rules/index.json", HTTP_IF_NONE_MATCH=response["ETag"],
                      HTTP_ACCEPT_ENCODING="gzip").status_code == 304


def test_offline_page_renders(client, db):
    response = client.get("/offline/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "No network" in html and 'href="/rules/"' in html
    assert "tk.sessions" in html and "offline-search.js" in html and 'id="offline-entry"' in html


def test_pages_link_the_manifest_and_register_the_worker(client, db):
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'serviceWorker.register("/sw.js")' in html
    rules = client.get("/rules/").content.decode()
    assert "js/offline-search.js" in rules
    assert "offline-search.js" not in html  # only where it is needed


def test_service_worker_keeps_every_games_table_assets(client, db):
    from django.contrib.staticfiles import finders

    from rulesref.offline_views import game_assets

    source = client.get("/sw.js").content.decode()
    assert "__GAME_ASSETS__" not in source
    assets = game_assets()
    assert assets and all(path.startswith("/static/games/") for path in assets)
    for path in assets:
        assert path in source and finders.find(path.removeprefix("/static/")), path


def test_service_worker_version_follows_a_games_templates(settings, tmp_path, db):
    from rulesref import offline_views

    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], tmp_path]}]
    settings.DEBUG = True
    first = offline_views.shell_version()
    (tmp_path / "state.html").write_text("<p>new layout</p>")
    assert offline_views.shell_version() != first
