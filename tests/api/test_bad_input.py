"""Bad input: a 4xx that names the field and the reason, JSON always, and nothing changes."""
import json

import pytest


def _unchanged(api, duel):
    now = api.get(f"/api/sessions/{duel['id']}/").json()
    assert now["version"] == 0 and now["state"] == duel["state"]
    assert api.get(f"/api/sessions/{duel['id']}/events/").json() == []


@pytest.mark.parametrize("payload,field", [
    ({"type": "cast_fireball", "params": {}}, "type"),
    ({"params": {"target": 1, "amount": 1}}, "type"),
    ({"type": "life_point_loss", "params": {"target": 1}}, "params.amount"),
    ({"type": "life_point_loss", "params": {"amount": 1}}, "params.target"),
    ({"type": "life_point_loss", "params": {"target": "Ben", "amount": 1}}, "params.target"),
    ({"type": "life_point_loss", "params": {"target": 1, "amount": "3"}}, "params.amount"),
    ({"type": "life_point_loss", "params": {"target": 1, "amount": 2.5}}, "params.amount"),
    ({"type": "life_point_loss", "params": {"target": 1, "amount": True}}, "params.amount"),
    ({"type": "life_point_loss", "params": {"target": 1, "amount": -4}}, "params.amount"),
    ({"type": "life_point_loss", "params": {"target": 1, "amount": 10**30}}, "params.amount"),
    ({"type": "life_point_loss", "params": {"target": 7, "amount": 1}}, "params.target"),
    ({"type": "life_point_loss", "params": {"target": -1, "amount": 1}}, "params.target"),
    ({"type": "life_point_loss", "params": {"target": 1, "amount": 1, "colour": "red"}}, "params.colour"),
    ({"type": "life_point_loss", "params": [1, 2]}, "params"),
    ({"type": "life_point_loss", "params": {"target": 1, "amount": 1}, "expected_version": -1}, "expected_version"),
    ({"type": "life_point_loss", "params": {"target": 1, "amount": 1}, "expected_version": "x"}, "expected_version"),
    ({"type": "life_point_loss", "params": {"target": 1, "amount": 1}, "sneaky": 1}, "sneaky"),
    ({"type": "declare_attack", "params": {"player": 0, "attack_type": "psychic", "target": 1}}, "params.attack_type"),
    ({"type": "attack_roll", "params": {"player": 0, "roll": 21}}, "params.roll"),
    ({"type": "attack_roll", "params": {"player": 0, "roll": 0}}, "params.roll"),
])
def test_malformed_action_is_400_naming_the_field(api, duel, payload, field):
    response = api.post(f"/api/sessions/{duel['id']}/actions/", payload, format="json")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["detail"] and field in body["errors"], body
    assert all(isinstance(m, str) and m for m in body["errors"][field])
    _unchanged(api, duel)


def test_malformed_json_is_400(api, duel):
    response = api.post(f"/api/sessions/{duel['id']}/actions/", data='{"type": "heal", ', content_type="application/json")
    assert response.status_code == 400 and "body" in response.json()["errors"]
    _unchanged(api, duel)


def test_wrong_content_type_is_415(api, duel):
    response = api.post(f"/api/sessions/{duel['id']}/actions/", data="type=heal", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415 and "Content-Type" in response.json()["errors"]
    _unchanged(api, duel)


def test_oversized_body_is_413(api, duel):
    big = json.dumps({"type": "heal", "params": {"target": 0, "amount": 1}, "pad": "x" * 100_000})
    response = api.post(f"/api/sessions/{duel['id']}/actions/", data=big, content_type="application/json")
    assert response.status_code == 413 and "body" in response.json()["errors"]
    _unchanged(api, duel)


def test_bad_idempotency_key_is_400(api, duel):
    response = api.post(f"/api/sessions/{duel['id']}/actions/", {"type": "heal", "params": {"target": 0, "amount": 1}},
                        format="json", HTTP_IDEMPOTENCY_KEY="k" * 300)
    assert response.status_code == 400 and "Idempotency-Key" in response.json()["errors"]
    _unchanged(api, duel)


def test_unknown_session_is_json_404(api, db):
    requests = (("get", "", None), ("post", "actions/", {"type": "heal", "params": {"target": 0, "amount": 1}}),
                ("get", "events/", None), ("post", "undo/", {}), ("post", "redo/", {}))
    for method, path, body in requests:
        response = getattr(api, method)(f"/api/sessions/nope/{path}", body, format="json")
        assert response.status_code == 404, path
        assert response["Content-Type"].startswith("application/json") and response.json()["detail"]


def test_a_post_to_a_token_no_route_takes_is_a_json_404_even_from_a_cookieless_client(db):
    from django.test import Client

    phone = Client(enforce_csrf_checks=True)  # as a real client: no CSRF cookie, checks on
    response = phone.post('/api/sessions/"%C2%BF:%C3%86/actions/', {"type": "heal", "params": {}},
                          content_type="application/json")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json") and "No API endpoint" in response.json()["detail"]


def test_every_api_error_is_json(api, db):
    for response in (api.get("/api/nothing-here/"), api.delete("/api/games/"), api.put("/api/sessions/", {}, format="json")):
        assert response.status_code in (404, 405)
        assert response["Content-Type"].startswith("application/json") and response.json()["detail"]


def test_create_with_malformed_json_is_400(api, db):
    response = api.post("/api/sessions/", data="{", content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"]


FIELD = r"^[A-Za-z][\w-]*(\.[\w-]+)*$"  # players.0.name, params.units.2, Idempotency-Key: dots, never [0]


def test_every_error_body_names_its_fields_with_dotted_paths(api, db):
    import re

    from tracker.games import all_games

    keys = []

    def errors_of(response):
        assert 400 <= response.status_code < 500, response.content
        keys.extend(response.json().get("errors", {}))

    for game in all_games():
        for mode in game.modes:
            players = [{"name": ""}, {"name": "Ben", "colour": "red"}][:max(mode.min_players, 1)]
            players += [{"name": f"P{i}"} for i in range(len(players), mode.min_players)]
            errors_of(api.post("/api/sessions/", {"game": game.slug, "mode": mode.slug, "players": players,
                                                  "options": {"zz": 1}}, format="json"))
            errors_of(api.post("/api/sessions/", {"game": game.slug, "mode": mode.slug,
                                                  "players": [{"name": "x" * 61}] * mode.min_players,
                                                  "options": {}}, format="json"))
            odd = api.post("/api/sessions/", {"game": game.slug, "mode": mode.slug, "options": {}, "players": [
                {"name": f"P{i}", "colour": "red"} for i in range(mode.min_players)]}, format="json")
            keys.extend(odd.json().get("errors", {}) if odd.status_code == 400 else [])
    duel = api.post("/api/sessions/", {"game": "dark-force", "mode": "duel", "players": [{"name": "A"}, {"name": "B"}],
                                       "options": {"first_player": 0}}, format="json").json()
    errors_of(api.post(f"/api/sessions/{duel['id']}/actions/", {"type": "play_terrain", "params": {
        "player": 0, "name": "Swamp", "type": "Swamp", "values": {"cap": "x"}, "unit": {"kind": "army"}}},
        format="json"))
    errors_of(api.post("/api/decks/validate/", {"game": "dark-force", "cards": [{"name": "X", "type": "nothing"}]},
                       format="json"))
    errors_of(api.post(f"/api/sessions/{duel['id']}/actions/", {"type": "heal"}, format="json",
                       HTTP_IDEMPOTENCY_KEY="k" * 201))
    assert len(keys) > 10
    assert [k for k in keys if not re.match(FIELD, k)] == []
    assert "players.0.colour" in keys and "players.0.name" in keys and "params.values.cap" in keys
