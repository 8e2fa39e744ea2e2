"""Each committed change is published once, after its commit; nothing else is (tracker/services/sessions.py)."""
import pytest

import tracker.live


@pytest.fixture
def published(monkeypatch):
    heard = []
    monkeypatch.setattr(tracker.live, "publish", lambda pk, version: heard.append((pk, version)))
    return heard


def test_an_action_an_undo_and_a_redo_each_publish_once_after_the_commit(api, duel, act, published,
                                                                          django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as pending:
        act(duel, "life_point_loss", params={"target": 1, "amount": 2}, key="k1")
    assert published == []  # nothing before the commit...
    for callback in pending:
        callback()
    assert published == [(duel["id"], 1)]  # ...and exactly once after it
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json")
        api.post(f"/api/sessions/{duel['id']}/redo/", {}, format="json")
    assert published[1:] == [(duel["id"], 2), (duel["id"], 3)]


def test_a_retried_key_a_refusal_and_a_stale_version_publish_nothing(api, duel, act, published,
                                                                      django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        act(duel, "life_point_loss", params={"target": 1, "amount": 2}, key="k1")
    published.clear()
    with django_capture_on_commit_callbacks(execute=True) as pending:
        act(duel, "life_point_loss", params={"target": 1, "amount": 2}, key="k1")  # the retry
        act(duel, "use_special_ability", params={"player": 1})
        act(duel, "use_special_ability", expected=422, params={"player": 1})  # refused: used already
        act(duel, "life_point_loss", expected=409, params={"target": 1, "amount": 1}, expected_version=0)
    assert published == [(duel["id"], 2)]  # only the one new thing that happened
    assert len(pending) == 1


def test_a_linked_record_publishes_the_session_it_is_recorded_in(api, db, published, django_capture_on_commit_callbacks):
    from tracker.games.dark_force.tests.test_api_tournament import _ben_wins_on_halls, _create, _duel, _record

    tournament = _create(api, {"game": "dark-force", "mode": "tournament", "players": [{"name": "Ann"}, {"name": "Ben"}],
                               "options": {}})
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        first = _record(api, duel, HTTP_IDEMPOTENCY_KEY="rec-1")
        again = _record(api, duel, HTTP_IDEMPOTENCY_KEY="rec-2")  # recorded already: nothing new
    assert first.status_code == 201 and again.content == first.content
    assert published == [(tournament["id"], first.json()["version"])]
