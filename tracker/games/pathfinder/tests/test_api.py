"""Pathfinder through the HTTP API: the API.md core vocabulary exactly as written there.

Plain API tests, so they run on whichever database backend the suite runs on (SQLite and PostgreSQL in CI).
"""
import pytest

PATHFINDER = {"game": "pathfinder", "mode": "scenario", "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4}],
              "options": {"hourglass": 30}}
PAIR = {**PATHFINDER, "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4}, {"name": "Ben", "character": "Kyra", "hand_size": 5}]}


@pytest.fixture
def scenario(create):
    return create(PATHFINDER)


def test_create_as_the_contract_shows(scenario):
    assert scenario["game"] == "pathfinder" and scenario["mode"] == "scenario" and scenario["version"] == 0
    assert scenario["outcome"] is None
    state = scenario["state"]
    assert state["hourglass"] == 30 and state["hour"] is None
    ann = state["players"][0]
    assert ann["name"] == "Ann" and ann["character"] == "Valeros"
    assert (ann["deck_count"], ann["hand_count"], ann["discard_count"], ann["dead"]) == (11, 4, 0, False)
    assert ann["location"] in [loc["name"] for loc in state["locations"]]


def test_core_actions(scenario, act):
    body = act(scenario, "advance_hour", params={"player": 0})
    assert body["state"]["hourglass"] == 29 and body["state"]["hour"] and body["outcome"] is None
    body = act(scenario, "suffer_damage", params={"target": 0, "amount": 2})
    ann = body["state"]["players"][0]
    assert (ann["hand_count"], ann["discard_count"], ann["deck_count"]) == (2, 2, 11)
    body = act(scenario, "draw_cards", params={"player": 0, "count": 1})
    assert body["state"]["players"][0]["hand_count"] == 3 and body["state"]["players"][0]["deck_count"] == 10
    body = act(scenario, "end_turn", params={"player": 0})
    ann = body["state"]["players"][0]
    assert (ann["hand_count"], ann["deck_count"]) == (4, 9)  # reset to the hand size
    body = act(scenario, "advance_hour", params={"player": 0})
    assert body["state"]["hourglass"] == 28 and body["version"] == 5


def test_refusal_is_422_with_the_rule_id(scenario, act, read):
    act(scenario, "advance_hour", params={"player": 0})
    body = act(scenario, "advance_hour", expected=422, params={"player": 0})
    assert "pathfinder.R3" in [v["rule"] for v in body["violations"]]
    assert all(v["message"] and v["reference"] for v in body["violations"])
    assert read(scenario)["version"] == 1


def test_an_unknown_location_is_a_400_naming_params_location(scenario, act, read):
    act(scenario, "advance_hour", params={"player": 0})
    body = act(scenario, "move", expected=400, params={"player": 0, "location": "Atlantis"})
    assert "params.location" in body["errors"]
    assert read(scenario)["version"] == 1


def test_hourglass_exhaustion_loses(create, act):
    session = create({**PATHFINDER, "options": {"hourglass": 1}})
    body = act(session, "advance_hour", params={"player": 0})
    assert body["state"]["hourglass"] == 0 and body["outcome"] is None  # the last turn
    act(session, "end_turn", params={"player": 0})
    body = act(session, "advance_hour", params={"player": 0})
    assert body["outcome"]["result"] == "lost" and body["outcome"]["reason"] == "hourglass"
    over = act(session, "draw_cards", expected=422, params={"player": 0, "count": 1})
    assert "pathfinder.H12" in [v["rule"] for v in over["violations"]]


def test_death_by_drawing_and_all_dead_loses(create, act):
    session = create(PAIR)
    act(session, "advance_hour", params={"player": 0})
    body = act(session, "draw_cards", params={"player": 1, "count": 11})  # Kyra's deck holds 10
    ben = body["state"]["players"][1]
    assert ben["dead"] and ben["buried_count"] == 15 and body["outcome"] is None
    body = act(session, "draw_cards", params={"player": 0, "count": 12})  # Valeros's deck holds 11
    assert body["state"]["players"][0]["dead"]
    assert body["outcome"]["result"] == "lost" and body["outcome"]["reason"] == "all_dead"


def test_undo_restores_the_state_before_a_death(api, scenario, act, read):
    act(scenario, "advance_hour", params={"player": 0})
    before = read(scenario)["state"]
    body = act(scenario, "draw_cards", params={"player": 0, "count": 12})
    assert body["state"]["players"][0]["dead"] and body["outcome"]["result"] == "lost"
    undo = api.post(f"/api/sessions/{scenario['id']}/undo/", {}, format="json")
    assert undo.status_code == 200
    assert undo.json()["state"] == before and undo.json()["outcome"] is None
    assert not read(scenario)["state"]["players"][0]["dead"]
    act(scenario, "draw_cards", params={"player": 0, "count": 1})


def test_a_check_die_nobody_knows_is_a_400_naming_params_die(scenario, act, read):
    act(scenario, "advance_hour", params={"player": 0})
    act(scenario, "explore", params={"player": 0, "kind": "monster", "difficulty": 8})
    body = act(scenario, "declare_check", expected=400, params={"player": 0})
    assert "Valeros's Strength or Melee die isn't known" in body["errors"]["params.die"][0]
    assert read(scenario)["version"] == 2
    body = act(scenario, "declare_check", params={"player": 0, "die": 10})
    assert body["state"]["check"]["dice"] == {"10": 1}


def test_malformed_skills_at_setup_are_a_400_naming_the_player_field(api, create):
    body = {**PATHFINDER, "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4, "skills": "Strength d7"}]}
    response = api.post("/api/sessions/", body, format="json")
    assert response.status_code == 400
    assert "d7 is not a die" in response.json()["errors"]["players.0.skills"][0]
    body = {**PATHFINDER, "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4, "skill_feats": {"strength": "x"}}]}
    assert "players.0.skill_feats" in api.post("/api/sessions/", body, format="json").json()["errors"]
    made = create({**PATHFINDER, "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4, "skills": "Strength d10"}]})
    assert made["state"]["players"][0]["skills"] == {"strength": {"die": 10, "modifier": 0}}
