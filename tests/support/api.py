"""Fixtures of the API and page tests: a client, sessions made through the API, the rules corpus."""
import pytest
from rest_framework.test import APIClient

from rulesref import services as rules_services
from rulesref.models import Entry

DUEL = {
    "game": "aventuria",
    "mode": "duel",
    "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
    "options": {"starting_player": 0},
}


def post_session(api, body) -> dict:
    """Create a session through the API; the test fails on anything but a 201."""
    response = api.post("/api/sessions/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def post_action(api, session, type_, **params) -> dict:
    """Record one action through the API; the test fails on anything but a 201."""
    response = api.post(f"/api/sessions/{session['id']}/actions/", {"type": type_, "params": params}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


@pytest.fixture(autouse=True)
def no_rate_limits(settings):
    """A test suite is one client address making thousands of sessions a minute; the limits' own
    tests (tests/api/test_limits.py) set the rates they test."""
    settings.API_RATES = {scope: None for scope in settings.API_RATES}


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def create(api, db):
    def _create(body=None):
        response = api.post("/api/sessions/", body or DUEL, format="json")
        assert response.status_code == 201, response.content
        return response.json()

    return _create


@pytest.fixture
def duel(create):
    return create()


@pytest.fixture
def act(api):
    def _act(session, type, expected=201, key=None, **body):
        params = body.pop("params", None)
        payload = {"type": type, "params": params or {}, **body}
        headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
        response = api.post(f"/api/sessions/{session['id']}/actions/", payload, format="json", **headers)
        assert response.status_code == expected, response.content
        return response.json()

    return _act


@pytest.fixture
def read(api):
    def _read(session):
        response = api.get(f"/api/sessions/{session['id']}/")
        assert response.status_code == 200
        return response.json()

    return _read


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The rules corpus is part of every test database, as `make run` loads it."""
    with django_db_blocker.unblock():
        rules_services.corpus_load()


@pytest.fixture
def rules_corpus(db):
    # Transactional tests empty the tables when they finish; load the corpus again if one did.
    if not Entry.objects.exclude(kind="imported").exists():
        rules_services.corpus_load()
