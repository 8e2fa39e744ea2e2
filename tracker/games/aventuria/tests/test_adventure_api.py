"""The adventure combat's core vocabulary over HTTP, as API.md "Still to be built" names it."""
import pytest

from tests.support.api import DUEL, post_action, post_session

from .conftest import BARON, BODYGUARD, WATCHMAN

HEROES = [{"name": "Ann", "hero": "DB", "skills": {"knowledge": 12}}, {"name": "Ben", "hero": "TM"}]
ADVENTURE = {"game": "aventuria", "mode": "adventure", "players": HEROES,
             "options": {"adventure": "legacy-of-wildenstein", "difficulty": "normal", "starting_player": 0,
                         "start_act": 1, "heir": 1}}
CHANCE = {"game": "aventuria", "mode": "chance_encounter", "players": HEROES[:1],
          "options": {"difficulty": "normal", "starting_player": 0, "time_counters": 5,
                      "villains": [{"name": "Tough Watchman", "kind": "henchman", "tp": 7, "life_points": 9,
                                    "dodge": "-", "armor": 3, "actions": 1}]}}
BANDITS = [{**BODYGUARD, "name": "Bandit", "keywords": ["Bandit"]}] * 2
GRIPBEARD = {**BARON, "name": "Gripbeard Goutgroves", "dodge": "-"}


def _post(api, session, type_, **params):
    return api.post(f"/api/sessions/{session['id']}/actions/", {"type": type_, "params": params}, format="json")


def _unchanged(api, session, version):
    now = api.get(f"/api/sessions/{session['id']}/").json()
    assert now["version"] == version
    return now["state"]


def _begun(api):
    """Wildenstein Act 1 set up through the API (threat 10: two Bandits), in round 1's Preparation."""
    session = post_session(api, ADVENTURE)
    body = post_action(api, session, "setup_combat", time_counters=5, villains=[GRIPBEARD, *BANDITS])
    return session, body["state"]


def test_create_an_adventure_with_the_contracts_payload(api, db):
    session = post_session(api, ADVENTURE)
    s = session["state"]
    assert s["mode"] == "adventure" and s["phase"] == "narrative" and s["act"] == 1 and s["heir"] == 1
    assert s["narrative_step"] == 1 and s["narrative"]["title"] == "The archives"
    assert (s["threat_value"], s["starting_player"], s["fate_pool"], s["round"]) == (10, 0, 4, 0)
    for key in ("time_counters", "doom_counters", "acting_leader", "combat_result", "villains", "opponent_turn",
                "fate_removed", "story_cards"):
        assert key in s, key
    p = s["players"][0]
    assert p["skills"] == {"knowledge": 12} and p["fate_points"] == 0 and p["life_points"] == 40
    for key in ("unconscious", "hand_count", "endurance_ready", "endurance_total", "recovery_points", "xp_awarded"):
        assert key in p, key


def test_create_a_chance_encounter_with_the_contracts_payload_begins_the_combat(api, db):
    session = post_session(api, CHANCE)
    s = session["state"]
    assert (s["mode"], s["phase"], s["round"], s["time_counters"], s["threat_value"]) == (
        "chance_encounter", "preparation", 1, 5, 7)
    v = s["villains"][0]
    assert {k: v[k] for k in ("id", "name", "kind", "tp", "life_points", "starting_life_points", "dodge", "armor",
                              "actions", "status")} == {
        "id": "v1", "name": "Tough Watchman", "kind": "henchman", "tp": 7, "life_points": 9,
        "starting_life_points": 9, "dodge": "-", "armor": 3, "actions": 1, "status": "active"}
    assert s["acting_leader"] == "v1"
    # with two heroes the threat value is 14: one Watchman (7) leaves the combat in its setup
    two = post_session(api, {**CHANCE, "players": HEROES})
    assert (two["state"]["phase"], two["state"]["threat_value"]) == ("combat_setup", 14)
    s = post_action(api, two, "place_henchman", **WATCHMAN)["state"]
    assert s["phase"] == "preparation" and [v["id"] for v in s["villains"]] == ["v1", "v2"]


def test_a_round_of_the_binding_actions(api, db):
    session, s = _begun(api)
    assert s["phase"] == "preparation" and [v["id"] for v in s["villains"]] == ["v1", "v2", "v3"]
    for seat in (0, 1):
        post_action(api, session, "draw_cards", player=seat, count=2)
    post_action(api, session, "play_endurance", player=0, source="hand")
    s = post_action(api, session, "advance_phase")["state"]
    assert (s["phase"], s["active_player"]) == ("hero_actions", 0)
    s = post_action(api, session, "declare_attack", player=0, attack_type="close", villain="v2")["state"]
    assert s["pending_attack"]["villain"] == "v2"
    post_action(api, session, "attack_roll", player=0, roll=3, value=14)
    post_action(api, session, "damage_roll", player=0, amount=9)
    s = post_action(api, session, "damage_villain", villain="v2")["state"]
    assert s["villains"][1]["status"] == "defeated" and s["players"][0]["fate_points"] == 1
    post_action(api, session, "advance_phase", player=0)
    post_action(api, session, "advance_phase", player=0)
    post_action(api, session, "declare_attack", player=1, attack_type="ranged", villain="v1")
    post_action(api, session, "attack_roll", player=1, roll=2, value=12)
    post_action(api, session, "damage_roll", player=1, amount=6)
    s = post_action(api, session, "damage_villain", villain="v1", amount=6)["state"]
    assert s["villains"][0]["life_points"] == 20 - 5
    post_action(api, session, "advance_phase", player=1)
    s = post_action(api, session, "advance_phase", player=1)["state"]
    assert s["phase"] == "opponent_turns"
    for _ in range(2):
        s = post_action(api, session, "villain_action_roll", villain="v1", roll=9)["state"]
    assert s["opponent_turn"]["villain"] == "v1" and s["opponent_turn"]["actions_left"] == 0
    post_action(api, session, "villain_attack", villain="v1", target=0, amount=4, attack_type="close",
                method="starting_hero")
    s = post_action(api, session, "apply_damage", target=0)["state"]
    assert s["players"][0]["life_points"] == 36
    post_action(api, session, "villain_action_roll", villain="v3", roll=15)
    s = post_action(api, session, "advance_phase")["state"]
    assert s["phase"] == "time_effects"
    s = post_action(api, session, "remove_time_counter")["state"]
    assert s["time_counters"] == 4
    s = post_action(api, session, "advance_phase")["state"]
    assert (s["phase"], s["round"], s["starting_player"]) == ("preparation", 2, 1)


def test_villain_dodge_and_reanimate_over_http(api, db):
    session = post_session(api, {**CHANCE, "players": HEROES,
                                 "options": {**CHANCE["options"], "villains": [
                                     {**WATCHMAN, "dodge": 6}, WATCHMAN]}})
    post_action(api, session, "life_point_loss", target=1, amount=40)
    s = post_action(api, session, "draw_cards", player=0, count=2)["state"]
    assert s["players"][1]["unconscious"] and s["starting_player"] == 0
    post_action(api, session, "play_endurance", player=0, source="hand")
    post_action(api, session, "advance_phase")
    post_action(api, session, "declare_attack", player=0, attack_type="close", villain="v1")
    post_action(api, session, "attack_roll", player=0, roll=3, value=14)
    post_action(api, session, "damage_roll", player=0, amount=9)
    s = post_action(api, session, "villain_dodge_roll", villain="v1", roll=4)["state"]
    assert s["pending_attack"]["damage"] == 5
    s = post_action(api, session, "damage_villain", villain="v1")["state"]
    assert s["villains"][0]["life_points"] == 9 - 2
    s = post_action(api, session, "reanimate", player=0, target=1, endurance=1, roll=1)["state"]
    assert s["players"][1]["life_points"] == 1 and s["players"][1]["endurance_ready"] == 0


def test_a_refusal_names_the_rule_and_changes_nothing(api, db):
    session, _ = _begun(api)
    response = _post(api, session, "advance_phase")
    assert response.status_code == 422
    body = response.json()
    assert [v["rule"] for v in body["violations"]] == ["aventuria.R70"]
    assert "still draw 2 cards" in body["violations"][0]["message"] and body["violations"][0]["reference"]
    _unchanged(api, session, 1)
    response = _post(api, session, "villain_action_roll", villain="v1", roll=4)
    assert response.status_code == 422 and "aventuria.R70" in [v["rule"] for v in response.json()["violations"]]


def test_an_unknown_villain_is_a_400_naming_params_villain(api, db):
    session, s = _begun(api)
    for type_, params in (("villain_leaves", {"villain": "v9", "how": "fled"}),
                          ("villain_life_point_loss", {"villain": "v9", "amount": 2})):
        response = _post(api, session, type_, **params)
        assert response.status_code == 400, response.content
        errors = response.json()["errors"]
        assert list(errors) == ["params.villain"] and "v1, v2, v3" in errors["params.villain"][0]
        assert _unchanged(api, session, 1) == s
    response = _post(api, session, "villain_life_point_loss", villain="bandit", amount=2)
    assert response.status_code == 400 and "params.villain" in response.json()["errors"]
    assert _post(api, session, "villain_life_point_loss", villain="v3", amount=2).status_code == 201


@pytest.mark.parametrize("villain,field", [
    ({"name": "Tough Watchman", "tp": 7}, "options.villains.0.life_points"),
    ({"name": "Tough Watchman", "life_points": 9, "dodge": "x"}, "options.villains.0.dodge"),
    ({"name": "Tough Watchman", "life_points": 9, "actions": "M"}, "options.villains.0.actions"),
    ({"name": "Tough Watchman", "life_points": 9, "kind": "boss"}, "options.villains.0.kind"),
    ({"name": "Tough Watchman", "life_points": 9, "colour": "red"}, "options.villains.0.colour"),
    ({"name": "Orc Chief", "kind": "leader", "life_points": 9}, "options.villains.0.kind"),
])
def test_malformed_villains_in_the_options_are_a_400_naming_the_field(api, db, villain, field):
    body = {**CHANCE, "options": {**CHANCE["options"], "villains": [villain]}}
    response = api.post("/api/sessions/", body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"], response.json()


def test_malformed_villains_in_setup_combat_are_a_400(api, db):
    session = post_session(api, ADVENTURE)
    response = _post(api, session, "setup_combat", time_counters=5, villains=[{"name": "Bandit", "life_points": 0}])
    assert response.status_code == 400 and "params.villains.0.life_points" in response.json()["errors"]
    _unchanged(api, session, 0)


def test_declare_attack_takes_target_in_a_duel_and_villain_in_an_adventure(api, db):
    duel = post_session(api, DUEL)
    post_action(api, duel, "advance_phase", player=0)
    post_action(api, duel, "draw_cards", player=0, count=2)
    for _ in range(3):  # draw, ready, endurance: on to actions
        post_action(api, duel, "advance_phase", player=0)
    s = post_action(api, duel, "declare_attack", player=0, attack_type="close", target=1)["state"]
    assert s["pending_attack"]["target"] == 1
    session, _ = _begun(api)
    for seat in (0, 1):
        post_action(api, session, "draw_cards", player=seat, count=2)
    post_action(api, session, "advance_phase")
    response = _post(api, session, "declare_attack", player=0, attack_type="close", target=1)
    assert response.status_code == 400 and "params.target" in response.json()["errors"], response.content
    response = _post(api, session, "declare_attack", player=0, attack_type="close")
    assert response.status_code == 400 and "params.villain" in response.json()["errors"]
    assert _post(api, session, "declare_attack", player=0, attack_type="close", villain="v2").status_code == 201
