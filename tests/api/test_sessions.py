from tests.support.api import DUEL


def test_create_duel_as_the_contract_shows(duel):
    state = duel["state"]
    assert duel["version"] == 0 and duel["outcome"] is None
    assert duel["game"] == "aventuria" and duel["mode"] == "duel"
    assert len(duel["id"]) >= 22 and len(duel["view_id"]) >= 22 and duel["id"] != duel["view_id"]
    assert duel["url"].endswith(f"/t/{duel['id']}/") and duel["view_url"].endswith(f"/t/{duel['view_id']}/")
    assert [p["name"] for p in state["players"]] == ["Ann", "Ben"]
    assert [p["life_points"] for p in state["players"]] == [40, 40]
    # the second hero is compensated with one Fate Point from the middle
    assert [p["fate_points"] for p in state["players"]] == [0, 1]
    assert state["fate_pool"] == 3
    assert state["active_player"] == 0 and state["phase"] == "start" and state["turn"] == 1


def test_get_session_carries_version_etag_and_answers_304(api, duel, act):
    url = f"/api/sessions/{duel['id']}/"
    first = api.get(url)
    assert first.status_code == 200 and first["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    act(duel, "life_point_loss", params={"target": 1, "amount": 3})
    moved = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert moved.status_code == 200 and moved["ETag"] != first["ETag"]
    assert moved.json()["version"] == 1 and moved.json()["state"]["players"][1]["life_points"] == 37


def test_view_only_token_reads_but_cannot_write(api, duel):
    view = api.get(f"/api/sessions/{duel['view_id']}/")
    assert view.status_code == 200
    assert view.json()["id"] is None and view.json()["url"] is None  # the edit token never leaks
    assert view.json()["state"] == duel["state"]
    for path, body in (("actions/", {"type": "heal", "params": {"target": 0, "amount": 1}}), ("undo/", {}), ("redo/", {})):
        refused = api.post(f"/api/sessions/{duel['view_id']}/{path}", body, format="json")
        assert refused.status_code == 403, path
        assert "view-only" in refused.json()["detail"]
    assert api.get(f"/api/sessions/{duel['id']}/").json()["version"] == 0


def test_action_201_body_and_event_log(api, duel, act):
    body = act(duel, "life_point_loss", params={"target": 1, "amount": 5})
    assert set(body) >= {"event", "version", "state", "outcome"}
    assert body["event"]["seq"] == 1 and body["event"]["type"] == "life_point_loss"
    assert body["event"]["params"] == {"target": 1, "amount": 5} and body["event"]["overridden"] == []
    assert body["version"] == 1 and body["state"]["players"][1]["life_points"] == 35
    events = api.get(f"/api/sessions/{duel['id']}/events/").json()
    assert [(e["seq"], e["type"], e["undone"]) for e in events] == [(1, "life_point_loss", False)]
    assert set(events[0]) >= {"seq", "type", "params", "player", "overridden", "undone", "created"}


def test_refusal_is_422_with_rule_reference_and_changes_nothing(api, duel, act, read):
    # endurance belongs to phase 4; the game has just begun in phase 1
    body = act(duel, "play_endurance", expected=422, params={"player": 0, "source": "hand"})
    rules = [v["rule"] for v in body["violations"]]
    assert "aventuria.R8" in rules
    assert body["detail"] and all(v["message"] and v["reference"] for v in body["violations"])
    assert api.get(body["violations"][0]["reference"], follow=True).status_code == 200
    assert read(duel)["version"] == 0 and read(duel)["state"] == duel["state"]


def test_override_with_reason_applies_and_keeps_the_violation_on_the_event(api, duel, act):
    body = act(duel, "play_endurance", params={"player": 0, "source": "hand"},
               override={"reason": "Card text lets Arbosh add endurance now"})
    assert "aventuria.R8" in body["event"]["overridden"]
    assert body["state"]["players"][0]["endurance_total"] == 1
    event = api.get(f"/api/sessions/{duel['id']}/events/").json()[0]
    assert "aventuria.R8" in event["overridden"] and event["override_reason"].startswith("Card text")


def test_blank_override_reason_is_a_400(duel, act, read):
    body = act(duel, "play_endurance", expected=400, params={"player": 0, "source": "hand"}, override={"reason": "  "})
    assert "override.reason" in body["errors"]
    assert read(duel)["version"] == 0


def test_stale_expected_version_is_409_and_changes_nothing(duel, act, read):
    act(duel, "life_point_loss", params={"target": 1, "amount": 1}, expected_version=0)
    body = act(duel, "life_point_loss", expected=409, params={"target": 1, "amount": 1}, expected_version=0)
    assert body["version"] == 1 and body["state"]["players"][1]["life_points"] == 39
    assert read(duel)["version"] == 1


def test_same_idempotency_key_applies_once_and_returns_the_same_body(api, duel, act, read):
    first = act(duel, "life_point_loss", key="tap-42", params={"target": 1, "amount": 2})
    again = act(duel, "life_point_loss", key="tap-42", params={"target": 1, "amount": 2})
    assert again == first
    assert read(duel)["version"] == 1 and read(duel)["state"]["players"][1]["life_points"] == 38
    other = act(duel, "life_point_loss", key="tap-42", expected=400, params={"target": 1, "amount": 9})
    assert "Idempotency-Key" in other["errors"]
    assert len(api.get(f"/api/sessions/{duel['id']}/events/").json()) == 1


def test_undo_and_redo(api, duel, act, read):
    act(duel, "life_point_loss", params={"target": 1, "amount": 4})
    act(duel, "heal", params={"target": 1, "amount": 1})
    undo = api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json")
    assert undo.status_code == 200
    assert undo.json()["version"] == 3 and undo.json()["state"]["players"][1]["life_points"] == 36
    events = api.get(f"/api/sessions/{duel['id']}/events/").json()
    assert [e["undone"] for e in events] == [False, True]  # nothing is deleted
    redo = api.post(f"/api/sessions/{duel['id']}/redo/", {}, format="json")
    assert redo.status_code == 200 and redo.json()["state"]["players"][1]["life_points"] == 37
    assert redo.json()["version"] == 4
    # a fresh action after an undo closes the redo stack
    api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json")
    act(duel, "heal", params={"target": 1, "amount": 2})
    nothing = api.post(f"/api/sessions/{duel['id']}/redo/", {}, format="json")
    assert nothing.status_code == 409 and nothing.json()["detail"] == "Nothing to redo."


def test_undo_everything_then_nothing_left(api, duel, act):
    act(duel, "life_point_loss", params={"target": 0, "amount": 1})
    assert api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json").json()["state"] == duel["state"]
    nothing = api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json")
    assert nothing.status_code == 409 and nothing.json()["version"] == 2


def test_undo_is_idempotent_with_a_key(api, duel, act, read):
    act(duel, "life_point_loss", params={"target": 0, "amount": 1})
    act(duel, "life_point_loss", params={"target": 0, "amount": 1})
    url = f"/api/sessions/{duel['id']}/undo/"
    first = api.post(url, {}, format="json", HTTP_IDEMPOTENCY_KEY="undo-1")
    again = api.post(url, {}, format="json", HTTP_IDEMPOTENCY_KEY="undo-1")
    assert first.json() == again.json()
    assert read(duel)["state"]["players"][0]["life_points"] == 39


def test_stale_undo_is_409(api, duel, act):
    act(duel, "life_point_loss", params={"target": 0, "amount": 1})
    stale = api.post(f"/api/sessions/{duel['id']}/undo/", {"expected_version": 0}, format="json")
    assert stale.status_code == 409


def test_duel_ends_with_a_winner(duel, act):
    body = act(duel, "life_point_loss", params={"target": 1, "amount": 40})
    assert body["outcome"] == {"result": "won", "winners": [0]}
    assert body["state"]["players"][1]["life_points"] == 0


def test_other_modes_start(create):
    skirmish = create({"game": "aventuria", "mode": "skirmish", "players": [{"name": n} for n in "ABC"],
                       "options": {"starting_player": 1}})
    assert [p["fate_points"] for p in skirmish["state"]["players"]] == [1, 0, 1]
    team = create({"game": "aventuria", "mode": "team_duel", "players": [{"name": n} for n in "ABCD"],
                   "options": {"starting_player": 0}})
    assert [p["team"] for p in team["state"]["players"]] == ["A", "B", "A", "B"]
    assert team["state"]["fate_pool"] == 5


def test_setup_errors_are_400_naming_the_field(api, db):
    cases = [
        ({**DUEL, "game": "chess"}, "game"),
        ({**DUEL, "mode": "solitaire"}, "mode"),
        ({**DUEL, "players": [{"name": "Ann"}]}, "players"),
        ({**DUEL, "players": [{"name": ""}, {"name": "Ben"}]}, "players.0.name"),
        ({"game": "aventuria", "mode": "team_duel", "players": [{"name": n} for n in "ABC"]}, "players"),
        ({**DUEL, "colour": "red"}, "colour"),
    ]
    for body, field in cases:
        response = api.post("/api/sessions/", body, format="json")
        assert response.status_code == 400, (body, response.content)
        assert any(k.startswith(field) for k in response.json()["errors"]), (field, response.json())
