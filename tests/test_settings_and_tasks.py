import json
import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from celery.result import EagerResult
from django.conf import settings
from django.utils import timezone

from tracker import tasks
from tracker.models import IdempotentResponse

ROOT = Path(__file__).resolve().parents[1]

PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-long-random-production-secret-key-0123456789-abcdefghijklmnop",
    "ALLOWED_HOSTS": "tablekeeper.example.org",
    "SECURE_SSL_REDIRECT": "true",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
    "SECURE_HSTS_PRELOAD": "true",
    "SESSION_COOKIE_SECURE": "true",
    "CSRF_COOKIE_SECURE": "true",
}


def test_check_deploy_is_clean_with_production_settings():
    env = {**os.environ, **PRODUCTION}
    out = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                         cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_sqlite_runs_in_wal_with_immediate_transactions(db):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("SQLite settings only")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] >= 5000
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    # under ASGI a kept connection is never reused (a thread per request): closed after each one
    assert connection.settings_dict["CONN_MAX_AGE"] == int(os.environ.get("CONN_MAX_AGE", 0))


def keyed_undo_and_redo(duel, act):
    """Two keyed writes that keep a row of their own (an action's key lives on its event): the
    first made a month ago."""
    from rest_framework.test import APIClient

    act(duel, "heal", params={"target": 0, "amount": 1})
    for path, key in (("undo", "old"), ("redo", "new")):
        assert APIClient().post(f"/api/sessions/{duel['id']}/{path}/", {}, format="json",
                                HTTP_IDEMPOTENCY_KEY=key).status_code == 200
    IdempotentResponse.objects.filter(key="old").update(created=timezone.now() - timedelta(days=30))


def _settings_with(**env) -> dict:
    code = ("import json, django; django.setup(); from django.conf import settings; "
            "print(json.dumps(settings.DATABASES['default'], default=str))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "DJANGO_SETTINGS_MODULE": "tablekeeper.settings", **env})
    return {"returncode": out.returncode, "stderr": out.stderr, **(json.loads(out.stdout) if out.stdout else {})}


def test_db_pool_opts_into_a_postgresql_pool_and_refuses_what_cannot_pool():
    url = "postgres://postgres@127.0.0.1:5432/tablekeeper"
    pooled = _settings_with(DATABASE_URL=url, DB_POOL="true", DB_POOL_MAX="6")
    assert pooled["OPTIONS"]["pool"]["max_size"] == 6 and pooled["CONN_MAX_AGE"] == 0
    assert "pool" not in _settings_with(DATABASE_URL=url).get("OPTIONS", {})
    for env in ({"DATABASE_URL": url, "CONN_MAX_AGE": "60"}, {"DATABASE_URL": "sqlite:////tmp/x.sqlite3"}):
        refused = _settings_with(DB_POOL="true", **env)
        assert refused["returncode"] != 0 and "DB_POOL" in refused["stderr"]


def test_a_kept_postgresql_connection_prepares_the_taps_statements_unless_told_not_to():
    url = "postgres://postgres@127.0.0.1:5432/tablekeeper"
    assert _settings_with(DATABASE_URL=url)["OPTIONS"]["prepare_threshold"] == 5
    assert _settings_with(DATABASE_URL=url, DB_PREPARE_THRESHOLD="2")["OPTIONS"]["prepare_threshold"] == 2
    # 0: none prepared, for a pooler in transaction mode that cannot keep them
    assert _settings_with(DATABASE_URL=url, DB_PREPARE_THRESHOLD="0")["OPTIONS"]["prepare_threshold"] is None
    assert "prepare_threshold" not in _settings_with(DATABASE_URL="sqlite:////tmp/x.sqlite3")["OPTIONS"]


def test_the_beat_schedule_runs_the_real_expiry_task():
    from tablekeeper.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["expire-idempotency-keys"]
    assert entry["task"] in app.tasks and app.tasks[entry["task"]].name == tasks.expire_idempotency_keys.name
    assert entry["schedule"] == settings.IDEMPOTENCY_EXPIRY_EVERY_SECONDS


@pytest.mark.django_db(transaction=True)
def test_the_embedded_default_expires_keys_on_a_timer_started_once(duel, act, settings):
    from tracker import housekeeping

    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.IDEMPOTENCY_EXPIRY_EVERY_SECONDS = 0.05
    keyed_undo_and_redo(duel, act)
    try:
        assert housekeeping.start() is True
        assert housekeeping.start() is False  # once per process
        deadline = time.monotonic() + 10
        while IdempotentResponse.objects.filter(key="old").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert list(IdempotentResponse.objects.values_list("key", flat=True)) == ["new"]
    finally:
        housekeeping.stop()


def test_with_a_broker_the_server_leaves_expiry_to_celery_beat(settings):
    from tracker import housekeeping

    settings.CELERY_TASK_ALWAYS_EAGER = False
    assert housekeeping.start() is False


@pytest.mark.django_db(transaction=True)
def test_audit_task_round_trip(duel, act):
    # With REDIS_URL set (.ci/run) a real Celery worker runs this and reads the committed rows.
    act(duel, "life_point_loss", params={"target": 1, "amount": 2})
    pending = tasks.audit_session.delay(duel["id"])
    # eager without a broker; a real worker (not an EagerResult) when REDIS_URL is set
    assert isinstance(pending, EagerResult) == settings.CELERY_TASK_ALWAYS_EAGER == (not settings.REDIS_URL)
    result = pending.get(timeout=30)
    assert result == {"session": duel["id"], "version": 1, "events": 1, "consistent": True}


@pytest.mark.django_db(transaction=True)
def test_expired_idempotency_keys_are_forgotten(duel, act):
    keyed_undo_and_redo(duel, act)
    assert tasks.expire_idempotency_keys.delay(7).get(timeout=30) == 1
    assert list(IdempotentResponse.objects.values_list("key", flat=True)) == ["new"]


def test_demo_data_loads_once(db):
    from io import StringIO

    from django.core.management import call_command

    from tracker.models import Event, Session

    out = StringIO()
    call_command("load_demo", stdout=out)
    call_command("load_demo", stdout=out)
    demo = Session.objects.get(game="aventuria", mode="duel")
    assert Event.objects.filter(session=demo).count() == demo.version == 9
    assert demo.state["pending_attack"]["result"] == "hit"  # Arbosh's 3 under his Close Combat 14
    assert out.getvalue().count(f"/t/{demo.pk}/") == 2
    encounter = Session.objects.get(game="aventuria", mode="chance_encounter")
    assert encounter.state["phase"] == "hero_actions" and encounter.version == 4
    scenario = Session.objects.get(game="pathfinder", mode="scenario")
    assert scenario.state["hourglass"] == 29 and scenario.state["active_player"] == 2  # Sam's first turn
    assert Session.objects.filter(game="pathfinder", mode="campaign").count() == 1


def test_every_games_demo_sessions_load_once_with_their_taps(db):
    from django.core.management import call_command

    from tracker.games import plugins
    from tracker.models import Session

    call_command("load_demo", stdout=open(os.devnull, "w"))
    call_command("load_demo", stdout=open(os.devnull, "w"))
    demos = [(p.game.slug, d) for p in plugins() for d in p.demo]
    assert demos
    for slug, demo in demos:
        found = Session.objects.filter(game=slug, mode=demo.mode, players=demo.players)
        assert found.count() == 1 and found.get().version == len(demo.taps), demo.title
