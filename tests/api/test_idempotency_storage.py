"""A retried Idempotency-Key gets its first answer back, byte for byte, rebuilt from the log: the key's
row keeps the version it made, not the answer. And an unchanged poll is answered before the full stack."""
import json

import pytest
from django.db import connection
from rest_framework.response import Response

from tracker.games.dark_force.tests.test_api_tournament import (  # noqa: F401 (tournament: a fixture)
    _ben_wins_on_halls, _duel, _record, tournament)
from tracker.models import Event, IdempotentResponse
from tracker.services import sessions

pytestmark = pytest.mark.django_db

LOSS = {"type": "life_point_loss", "params": {"target": 1, "amount": 2}}


def _post(api, duel, what, key=None, body=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return api.post(f"/api/sessions/{duel['id']}/{what}/", body or {}, format="json", **headers)


def _state(api, duel):
    return api.get(f"/api/sessions/{duel['id']}/").json()


def test_a_retry_after_later_actions_gets_the_first_bytes_and_applies_nothing(api, duel):
    first = _post(api, duel, "actions", "tap-1", LOSS)
    assert first.status_code == 201
    for amount in (1, 3):
        _post(api, duel, "actions", body={"type": "heal", "params": {"target": 1, "amount": amount}})
    before = _state(api, duel)
    again = _post(api, duel, "actions", "tap-1", LOSS)
    assert again.status_code == 201 and again.content == first.content
    assert _state(api, duel) == before and Event.objects.filter(session_id=duel["id"]).count() == 3


def test_a_retry_after_its_own_event_was_undone_still_gets_the_first_bytes(api, duel):
    first = _post(api, duel, "actions", "tap-1", LOSS)
    _post(api, duel, "actions", body={"type": "heal", "params": {"target": 1, "amount": 1}})
    assert _post(api, duel, "undo").status_code == 200
    assert _post(api, duel, "undo").status_code == 200  # takes back the keyed event itself
    again = _post(api, duel, "actions", "tap-1", LOSS)
    assert again.content == first.content and json.loads(again.content)["event"]["undone"] is False
    assert _state(api, duel)["state"] == duel["state"]  # still undone: the retry applied nothing
    assert _post(api, duel, "redo").status_code == 200
    assert _post(api, duel, "actions", "tap-1", LOSS).content == first.content


def test_undo_and_redo_retries_get_their_first_bytes(api, duel):
    for amount in (1, 2, 3):
        _post(api, duel, "actions", body={"type": "life_point_loss", "params": {"target": 0, "amount": amount}})
    undo = _post(api, duel, "undo", "u-1")
    redo = _post(api, duel, "redo", "r-1")
    second_undo = _post(api, duel, "undo", "u-2")
    _post(api, duel, "actions", body={"type": "heal", "params": {"target": 0, "amount": 4}})
    before = _state(api, duel)
    assert [r.status_code for r in (undo, redo, second_undo)] == [200] * 3
    assert _post(api, duel, "undo", "u-1").content == undo.content
    assert _post(api, duel, "redo", "r-1").content == redo.content
    assert _post(api, duel, "undo", "u-2").content == second_undo.content
    assert _state(api, duel) == before


def test_the_same_key_for_another_request_is_a_400_naming_it(api, duel):
    _post(api, duel, "actions", "tap-1", LOSS)
    for what, body in (("actions", {"type": "life_point_loss", "params": {"target": 1, "amount": 9}}),
                       ("undo", None)):
        refused = _post(api, duel, what, "tap-1", body)
        assert refused.status_code == 400 and "Idempotency-Key" in refused.json()["errors"]
    assert _state(api, duel)["version"] == 1


def test_a_key_keeps_the_version_not_the_answer(api, duel):
    _post(api, duel, "actions", "tap-1", LOSS)
    _post(api, duel, "undo", "u-1")
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT key, body IS NULL, pg_column_size(r.*) FROM tracker_idempotentresponse r")
        else:
            cursor.execute("SELECT key, body IS NULL, length(session_id) + length(key) + length(endpoint) "
                           "+ length(fingerprint) + length(created) + 12 FROM tracker_idempotentresponse")
        rows = {key: (empty, size) for key, empty, size in cursor.fetchall()}
    state_bytes = len(json.dumps(duel["state"]))
    # the action's key lives on its event; the undo, which has no event, keeps a small row
    assert set(rows) == {"u-1"}
    assert rows["u-1"][0] and rows["u-1"][1] < 300 < state_bytes
    assert list(IdempotentResponse.objects.values_list("version", "seq")) == [(2, None)]
    keyed = Event.objects.get(idempotency_key="tap-1")
    assert (keyed.version, len(keyed.fingerprint)) == (1, 64)


def test_a_key_kept_whole_before_is_still_answered_from_it(api, duel):
    """Before, an action's key kept its whole answer in its own row and its event had no fingerprint."""
    first = _post(api, duel, "actions", "tap-1", LOSS).json()
    Event.objects.filter(idempotency_key="tap-1").update(fingerprint="")
    IdempotentResponse.objects.create(
        session_id=duel["id"], key="tap-1", endpoint="action", status=201, version=1, seq=1,
        fingerprint=sessions._fingerprint("action", [LOSS["type"], LOSS["params"], None, None]),
        body=dict(first, notes=["as kept before"]))
    assert _post(api, duel, "actions", "tap-1", LOSS).json()["notes"] == ["as kept before"]
    refused = _post(api, duel, "actions", "tap-1", {"type": "heal", "params": {"target": 1, "amount": 1}})
    assert refused.status_code == 400 and "Idempotency-Key" in refused.json()["errors"]


def test_a_record_retried_with_its_key_or_another_gets_the_first_bytes(api, tournament):  # noqa: F811
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    first = _record(api, duel, HTTP_IDEMPOTENCY_KEY="rec-1")
    assert first.status_code == 201
    later = _duel(api, tournament, players=("Ben", "Cid"))  # a second duel recorded in between
    _ben_wins_on_halls(api, later)
    _record(api, later)
    assert _record(api, duel, HTTP_IDEMPOTENCY_KEY="rec-1").content == first.content
    assert _record(api, duel, HTTP_IDEMPOTENCY_KEY="rec-2").content == first.content
    assert _record(api, duel, HTTP_IDEMPOTENCY_KEY="rec-2").content == first.content
    assert not IdempotentResponse.objects.exclude(body=None).exists()


# ------------------------------------------------------------------ polls


def test_an_unchanged_poll_is_a_304_with_the_views_etag_before_the_full_stack(api, duel):
    for token, suffix in ((duel["id"], ""), (duel["view_id"], "-view")):
        full = api.get(f"/api/sessions/{token}/")
        assert full["ETag"] == f'"0{suffix}"'
        poll = api.get(f"/api/sessions/{token}/", HTTP_IF_NONE_MATCH=f'"7", {full["ETag"]}')
        assert poll.status_code == 304 and not isinstance(poll, Response)  # not DRF's: the middleware's
        assert poll["ETag"] == full["ETag"] and poll["Cache-Control"] == full["Cache-Control"]
        assert poll.content == b""


def test_a_changed_or_foreign_poll_goes_on_to_the_view(api, duel):
    _post(api, duel, "actions", body=LOSS)
    moved = api.get(f"/api/sessions/{duel['id']}/", HTTP_IF_NONE_MATCH='"0"')
    assert moved.status_code == 200 and moved["ETag"] == '"1"' and moved.json()["version"] == 1
    # the edit token's ETag does not match on the view token
    assert api.get(f"/api/sessions/{duel['view_id']}/", HTTP_IF_NONE_MATCH='"1"').status_code == 200
    assert api.get("/api/sessions/no-such-session/", HTTP_IF_NONE_MATCH='"1"').status_code == 404
    odd = api.get(f"/api/sessions/{duel['id']}/?since=1", HTTP_IF_NONE_MATCH='"1"')
    assert odd.status_code == 400 and "since" in odd.json()["errors"]
