"""Through the API: the contract's create body, a 400 naming the field, a 422 with the rule id, its
section and its reference entry, an override that passes a soft rule but never a hard one."""
from tests.support.api import post_session

from .helpers import GUARD, NIGHT

SOLO = {"game": "curse-of-the-desert", "mode": "nedime", "players": [{"name": "Ann", "hero": "Blessed One of Phex"}],
        "options": {"difficulty": "normal", "hearts": 9, "hasrabal_cards": 3}}


def post(api, body):
    return api.post("/api/sessions/", body, format="json")


def act(api, session, type_, override=None, **params):
    """The answer to one action, whatever its status (the support fixture insists on one)."""
    body = {"type": type_, "params": params, **({"override": {"reason": override}} if override else {})}
    return api.post(f"/api/sessions/{session['id']}/actions/", body, format="json")


def test_the_contract_bodies_create_a_solo_and_a_group_adventure(api, db):
    state = post_session(api, SOLO)["state"]
    assert (state["phase"], state["hearts"], state["curse_side"]) == ("exploration_setup", {"total": 9, "broken": 0}, "A")
    g = post_session(api, {**SOLO, "players": [{"name": "Ann"}, {"name": "Ben", "skills": {"stealth": 11},
                                                                  "attributes": {"dodge": 9, "magic": "-"}}]})["state"]
    assert g["starting_player"] == 0 and g["hearts"]["total"] == 7 and g["players"][1]["life_points"] == 30


def test_a_night_through_the_api_with_the_binding_names(api, db):
    session = post_session(api, SOLO)
    started = act(api, session, "start_exploration", **NIGHT)
    assert started.status_code == 201, started.json()
    state = started.json()["state"]
    for key in ("round", "exploration", "exploration_end_reason", "grid", "hero_cell", "fate_pool", "fate_pile",
                "fate_reserve", "time_pos", "villains", "opponent_turn", "last_test", "imprisonments", "hero_version"):
        assert key in state, key
    assert set(state["grid"]["cells"][1][2]) >= {"face_up", "manticore", "card", "locked", "visits"}
    assert state["grid"]["cells"][1][2]["card"] == "Courtyard"
    assert act(api, session, "move_hero", player=0, to=[1, 2]).status_code == 201
    ended = act(api, session, "retreat", player=0).json()["state"]
    assert ended["exploration_end_reason"] == "retreat" and ended["phase"] == "exploration_setup"


def test_bad_bodies_are_400s_naming_the_field(api, db):
    bad = post(api, {**SOLO, "options": {"difficulty": "hard"}})
    assert bad.status_code == 400 and "options.hearts" in bad.json()["errors"]
    bad = post(api, {**SOLO, "players": [{"name": "Ann", "skills": {"stealth": "high"}}]})
    assert bad.status_code == 400 and "players.0.skills.stealth" in bad.json()["errors"]
    session = post_session(api, SOLO)
    off = act(api, session, "start_exploration", **{**NIGHT, "courtyard": [4, 0]})
    assert off.status_code == 400 and "params.courtyard" in off.json()["errors"]
    assert act(api, session, "start_exploration", **NIGHT).status_code == 201
    off = act(api, session, "move_hero", player=0, to=[4, 1])
    assert off.status_code == 400 and "params.to" in off.json()["errors"]
    nobody = act(api, session, "place_villain", name="Ghost", life_points=3, position="middle")
    assert nobody.status_code == 400 and "params.position" in nobody.json()["errors"]
    nobody = act(api, session, "heal_villain", villain="v7", amount=2)
    assert nobody.status_code == 400 and "params.villain" in nobody.json()["errors"]
    act(api, session, "test_roll", player=0, skill="persuade", roll=17, value=12, fate_symbol=True)
    no_card = act(api, session, "consult_fate", player=0)
    assert no_card.status_code == 400 and "params.card" in no_card.json()["errors"]
    unknown = act(api, session, "test_roll", player=0, skill="stealth", roll=9)
    assert unknown.status_code == 400 and "params.value" in unknown.json()["errors"]


def test_a_refusal_is_a_422_with_rule_section_and_reference_and_an_override_passes_soft_rules_only(api, db):
    session = post_session(api, SOLO)
    act(api, session, "start_exploration", **NIGHT)
    diagonal = act(api, session, "move_hero", player=0, to=[2, 3])
    assert diagonal.status_code == 422
    v = diagonal.json()["violations"][0]
    assert v["rule"] == "curse-of-the-desert.R18" and v["message"] and v["section"] and v["reference"]
    assert api.get(v["reference"], follow=True).status_code == 200
    assert act(api, session, "move_hero", "The Story of the Counsel of the Bird", player=0, to=[2, 3]).status_code == 201
    act(api, session, "advance_phase")
    act(api, session, "draw_cards", player=0, count=2)
    for _ in range(3):
        act(api, session, "advance_phase")
    act(api, session, "villain_leaves", villain="v1", how="fled")
    gone = act(api, session, "declare_attack", "we say so", player=0, attack_type="close", villain="v1")
    assert gone.status_code == 422 and gone.json()["violations"][0]["rule"] == "curse-of-the-desert.R33"
    assert act(api, session, "place_villain", **GUARD).status_code == 201
