"""What one anonymous client can make, at the edge: the last allowed and the first refused."""
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from tracker.models import Event

DUEL = {"game": "aventuria", "mode": "duel", "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
        "options": {"starting_player": 0}}
LOSS = {"type": "life_point_loss", "params": {"target": 1, "amount": 1}}
ROOT = Path(__file__).resolve().parents[2]


def _client():
    # an address of its own: the rate counters live in the shared cache (Redis on CI)
    return APIClient(REMOTE_ADDR=f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}")


def test_sessions_per_address_per_minute(db, settings):
    settings.API_RATES = {"sessions": "3/min", "actions": None}
    phone, other = _client(), _client()
    for _ in range(3):
        assert phone.post("/api/sessions/", DUEL, format="json").status_code == 201
    refused = phone.post("/api/sessions/", DUEL, format="json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert refused.json()["detail"]
    assert other.post("/api/sessions/", DUEL, format="json").status_code == 201  # another table is not slowed


def test_writes_per_address_per_minute_count_actions_undo_and_redo(db, settings):
    settings.API_RATES = {"sessions": None, "actions": "4/min"}
    phone = _client()
    token = phone.post("/api/sessions/", DUEL, format="json").json()["id"]
    assert phone.post(f"/api/sessions/{token}/actions/", LOSS, format="json").status_code == 201
    assert phone.post(f"/api/sessions/{token}/actions/", LOSS, format="json").status_code == 201
    assert phone.post(f"/api/sessions/{token}/undo/").status_code == 200
    assert phone.post(f"/api/sessions/{token}/redo/").status_code == 200
    refused = phone.post(f"/api/sessions/{token}/actions/", LOSS, format="json")
    assert refused.status_code == 429 and "Retry-After" in refused
    assert Event.objects.filter(session_id=token).count() == 2
    assert phone.get(f"/api/sessions/{token}/").status_code == 200  # reading is never limited


def test_a_session_keeps_at_most_its_number_of_events(api, duel, settings):
    settings.MAX_EVENTS_PER_SESSION = 3
    url = f"/api/sessions/{duel['id']}/actions/"
    for _ in range(3):
        assert api.post(url, LOSS, format="json").status_code == 201
    full = api.post(url, LOSS, format="json")
    assert full.status_code == 403 and "3 events" in full.json()["detail"], full.content
    assert api.get(f"/api/sessions/{duel['id']}/").json()["version"] == 3
    assert Event.objects.filter(session_id=duel["id"]).count() == 3


def test_events_come_a_page_at_a_time_oldest_first(api, duel, settings):
    settings.API_EVENTS_PAGE = 2
    url = f"/api/sessions/{duel['id']}/actions/"
    for _ in range(5):
        api.post(url, LOSS, format="json")
    events = f"/api/sessions/{duel['id']}/events/"
    first = api.get(events)
    assert [e["seq"] for e in first.json()] == [1, 2]
    assert 'rel="next"' in first["Link"] and "after=2" in first["Link"]
    assert [e["seq"] for e in api.get(events, {"after": 2, "limit": 3}).json()] == [3, 4, 5]
    last = api.get(events, {"after": 4})
    assert [e["seq"] for e in last.json()] == [5] and "Link" not in last
    assert [e["seq"] for e in api.get(events, {"limit": 1000}).json()] == [1, 2, 3, 4, 5]
    for bad, field in (({"limit": 0}, "limit"), ({"limit": 1001}, "limit"), ({"after": -1}, "after"),
                       ({"after": "x"}, "after"), ({"limit": "1.0"}, "limit")):
        response = api.get(events, bad)
        assert response.status_code == 400 and field in response.json()["errors"], bad


def test_an_imported_rulebook_is_bounded_in_size_and_sections(db, settings):
    from rulesref import services
    settings.RULEBOOK_MAX_BYTES = 1000
    with pytest.raises(services.ImportFailed, match="at most 1,000"):
        services.rulebook_import(game="aventuria", data=b"# Rules\n" + b"word " * 300)
    settings.RULEBOOK_MAX_BYTES = 100_000
    settings.RULEBOOK_MAX_SECTIONS = 2
    with pytest.raises(services.ImportFailed, match="3 sections"):
        services.rulebook_import(game="aventuria", data=b"# One\ntext\n# Two\ntext\n# Three\ntext\n")
    settings.RULEBOOK_MAX_SECTIONS = 3
    assert services.rulebook_import(game="aventuria", data=b"# One\ntext\n# Two\ntext\n# Three\ntext\n").count == 3


def _settings_load(**env):
    run_env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG", "SECRET_KEY_FILE")}
    run_env.update(env, DJANGO_SETTINGS_MODULE="tablekeeper.settings")
    return subprocess.run([sys.executable, "-c", "import django; django.setup(); print('ok')"], cwd=ROOT,
                          env=run_env, capture_output=True, text=True, timeout=60)


def test_without_a_secret_key_the_server_does_not_start(tmp_path):
    missing = _settings_load(SECRET_KEY_FILE=str(tmp_path / "none"), DEBUG="false")
    assert missing.returncode != 0 and "SECRET_KEY is not set" in missing.stderr
    assert _settings_load(SECRET_KEY_FILE=str(tmp_path / "none"), DEBUG="true").returncode != 0  # nor in DEBUG
    key = tmp_path / "key"
    key.write_text("k" * 50)
    assert _settings_load(SECRET_KEY_FILE=str(key)).stdout.strip() == "ok"  # this install's own key
    assert _settings_load(SECRET_KEY_FILE=str(tmp_path / "none"), SECRET_KEY="s" * 40).stdout.strip() == "ok"
