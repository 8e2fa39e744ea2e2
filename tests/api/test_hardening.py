"""Each defect the hardening issue found, shown fixed: the 4xx, the field named, nothing stored;
beside it the neighbouring request that is fine. Runs on SQLite and PostgreSQL (.ci/run)."""
import json

import pytest

from tracker.models import Event, Session

DUEL = {"game": "aventuria", "mode": "duel", "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
        "options": {"starting_player": 0}}


def _raw(api, url, text):
    return api.post(url, data=text, content_type="application/json")


def _unchanged(api, duel):
    now = api.get(f"/api/sessions/{duel['id']}/").json()
    assert now["version"] == duel["version"] and now["state"] == duel["state"]
    assert Event.objects.filter(session_id=duel["id"]).count() == 0


def test_a_lone_surrogate_is_refused_naming_the_field_and_a_real_emoji_is_kept(api, duel):
    url = f"/api/sessions/{duel['id']}/actions/"
    body = '{"type": "life_point_loss", "params": {"target": 1, "amount": 1}, "group": "\\ud800"}'
    response = _raw(api, url, body)
    assert response.status_code == 400 and "group" in response.json()["errors"], response.content
    assert "surrogate" in response.json()["errors"]["group"][0]
    _unchanged(api, duel)
    assert api.get(f"/api/sessions/{duel['id']}/events/").status_code == 200  # the log still reads
    sessions = Session.objects.count()
    named = '{"game": "aventuria", "mode": "duel", "players": [{"name": "A\\udfff", "hero": "DB"}, {"name": "B", "hero": "TM"}]}'
    response = _raw(api, "/api/sessions/", named)
    assert response.status_code == 400 and "players.0.name" in response.json()["errors"]
    assert Session.objects.count() == sessions
    emoji = '{"game": "aventuria", "mode": "duel", "players": [{"name": "\\ud83d\\ude00", "hero": "DB"}, {"name": "B", "hero": "TM"}], "options": {"starting_player": 0}}'
    assert _raw(api, "/api/sessions/", emoji).status_code == 201


@pytest.mark.parametrize("params,field", [
    ({"target": 1.0, "amount": 1}, "params.target"),
    ({"target": 1, "amount": 1.0}, "params.amount"),
    ({"target": 1, "amount": 1e1}, "params.amount"),
    ({"target": True, "amount": 1}, "params.target"),
])
def test_an_integer_is_a_json_integer_not_a_float_without_a_fraction(api, duel, params, field):
    url = f"/api/sessions/{duel['id']}/actions/"
    response = api.post(url, {"type": "life_point_loss", "params": params}, format="json")
    assert response.status_code == 400 and field in response.json()["errors"], response.content
    _unchanged(api, duel)
    accepted = api.post(url, {"type": "life_point_loss", "params": {"target": 1, "amount": 1}}, format="json")
    lp = accepted.json()["state"]["players"][1]["life_points"]
    assert accepted.status_code == 201 and lp == 39 and type(lp) is int  # not 39.0


def test_expected_version_and_player_numbers_are_integers_too(api, duel):
    url = f"/api/sessions/{duel['id']}/actions/"
    refused = api.post(url, {"type": "life_point_loss", "params": {"target": 1, "amount": 1}, "expected_version": 0.0},
                       format="json")
    assert refused.status_code == 400 and "expected_version" in refused.json()["errors"]
    body = {**DUEL, "players": [{"name": "Ann", "hero": "DB", "attributes": {"dodge": 3.0}}, {"name": "Ben", "hero": "TM"}]}
    assert api.post("/api/sessions/", body, format="json").status_code == 400
    _unchanged(api, duel)


@pytest.mark.parametrize("path", ["/api/sessions/", "/api/sessions/{id}/actions/", "/api/sessions/{id}/undo/",
                                  "/api/decks/validate/"])
def test_json_nested_a_thousand_deep_is_a_400_on_every_json_endpoint(api, duel, path):
    url = path.format(id=duel["id"])
    response = _raw(api, url, "[" * 1000 + "]" * 1000)
    assert response.status_code == 400, response.content
    assert response.json()["errors"]
    deep = {"type": "life_point_loss", "params": {"target": 1, "amount": 1, "x": json.loads("[" * 20 + "]" * 20)}}
    response = api.post(f"/api/sessions/{duel['id']}/actions/", deep, format="json")
    assert response.status_code == 400 and any(k.startswith("params.x") for k in response.json()["errors"])
    _unchanged(api, duel)


def test_nul_in_a_path_is_a_404_and_in_a_string_or_query_a_400(api, duel):
    for path in ("/api/sessions/%00/", "/api/sessions/%00/events/", "/api/rules/a%00b/", "/t/%00/", "/rules/x%00/"):
        assert api.get(path).status_code == 404, path
    url = f"/api/sessions/{duel['id']}/actions/"
    response = _raw(api, url, '{"type": "life_point_loss", "params": {"target": 1, "amount": 1}, "group": "a\\u0000b"}')
    assert response.status_code == 400 and "NUL" in response.json()["errors"]["group"][0]
    _unchanged(api, duel)
    response = api.get(f"/api/sessions/{duel['id']}/cards/?q=a%00")
    assert response.status_code == 400 and "q" in response.json()["errors"]
    assert api.get(f"/api/sessions/{duel['id']}/cards/?q=a").status_code == 200


@pytest.mark.parametrize("body", ["[]", "null", "0", "false", '""'])
def test_undo_and_redo_refuse_a_body_that_is_not_an_object(api, duel, body):
    api.post(f"/api/sessions/{duel['id']}/actions/", {"type": "life_point_loss", "params": {"target": 1, "amount": 1}},
             format="json")
    for verb in ("undo", "redo"):
        response = _raw(api, f"/api/sessions/{duel['id']}/{verb}/", body)
        assert response.status_code == 400, (verb, body, response.content)
    assert api.get(f"/api/sessions/{duel['id']}/").json()["version"] == 1
    assert api.post(f"/api/sessions/{duel['id']}/undo/").status_code == 200  # no body: nothing to say, applies
    assert api.post(f"/api/sessions/{duel['id']}/redo/", {}, format="json").status_code == 200


def test_player_fields_are_bounded(api, db):
    many = {**DUEL, "players": [{"name": "Ann", "hero": "DB", **{f"x{i}": 1 for i in range(20)}}, {"name": "Ben", "hero": "TM"}]}
    response = api.post("/api/sessions/", many, format="json")
    assert response.status_code == 400 and "players.0" in response.json()["errors"]
    long = {**DUEL, "players": [{"name": "Ann", "hero": "DB", "note": "x" * 201}, {"name": "Ben", "hero": "TM"}]}
    response = api.post("/api/sessions/", long, format="json")
    assert response.status_code == 400 and "players.0.note" in response.json()["errors"]
    assert not Session.objects.exists()
    assert api.post("/api/sessions/", DUEL, format="json").status_code == 201


def test_a_deck_request_names_a_field_its_game_does_not_read(api, db):
    response = api.post("/api/decks/validate/", {"game": "dark-force", "size": 60, "essen69": True}, format="json")
    assert response.status_code == 400 and "essen69" in response.json()["errors"], response.content
    assert "essen96" in response.json()["errors"]["essen69"][0]
    assert api.post("/api/decks/validate/", {"game": "dark-force", "size": 60, "essen96": True}, format="json").status_code == 200


def test_a_refusal_says_whether_accepting_anyway_can_help(api, db):
    created = api.post("/api/sessions/", {"game": "pathfinder", "mode": "scenario", "players": [
        {"name": "Ann", "character": "Valeros", "hand_size": 4}], "options": {"hourglass": 30}}, format="json").json()
    url = f"/api/sessions/{created['id']}/actions/"
    roll = {"type": "roll_check", "params": {"player": 0, "roll": 14}}
    refused = api.post(url, roll, format="json")
    assert refused.status_code == 422 and refused.json()["violations"][0]["hard"] is False  # the table may decide
    anyway = api.post(url, {**roll, "override": {"reason": "Card text says so"}}, format="json")
    assert anyway.status_code == 422, anyway.content  # no check is open: nothing for the roll to count for
    assert anyway.json()["violations"] and all(v["hard"] for v in anyway.json()["violations"])
    assert api.get(f"/api/sessions/{created['id']}/").json()["version"] == 0


def test_an_unknown_query_parameter_is_named_with_the_nearest_known_one(api, duel):
    events = f"/api/sessions/{duel['id']}/events/"
    response = api.get(events, {"aftr": 0})
    assert response.status_code == 400, response.content
    assert "'after'" in response.json()["errors"]["aftr"][0]
    assert api.get(events, {"after": 0}).status_code == 200
    response = api.get(f"/api/sessions/{duel['id']}/", {"verbose": 1})
    assert response.status_code == 400 and "verbose" in response.json()["errors"]
    assert api.get(f"/api/sessions/{duel['id']}/").status_code == 200
