"""Through the API: the create body of the contract, a 400 naming the field, a 422 with the rule id,
its section and reference, and an override that passes a soft rule but never a hard one."""
from ..setup import EXAMPLE_MAP

SOLO = {"game": "adventure-of-d", "mode": "solo",
        "players": [{"name": "Ann", "hero": "Dwarf", "setup_check": "neutral", "raise": "intelligence"}],
        "options": {"starting_player": 0, "difficulty": "medium", "heroic": False, "map": EXAMPLE_MAP}}


def post(api, body):
    return api.post("/api/sessions/", body, format="json")


def act(api, session, type_, override=None, **params):
    body = {"type": type_, "params": params}
    if override:
        body["override"] = {"reason": override}
    return api.post(f"/api/sessions/{session['id']}/actions/", body, format="json")


def test_the_contract_body_creates_a_solo_game(api, db):
    created = post(api, SOLO)
    assert created.status_code == 201, created.json()
    state = created.json()["state"]
    assert (state["phase"], state["timer_cards"], state["players"][0]["intelligence"]) == ("reveal", 6, 1)


def test_bad_bodies_are_400s_naming_the_field(api, db):
    competitive = {**SOLO, "mode": "competitive", "players": SOLO["players"] + [{"name": "Ben", "setup_check": "agility"}],
                   "options": {"heroic": True, "map": EXAMPLE_MAP}}
    refused = post(api, competitive)
    assert refused.status_code == 400 and "options.heroic" in refused.json()["errors"]
    two_castles = [dict(loc) for loc in EXAMPLE_MAP]
    two_castles[1]["name"] = "Castle of Light"
    refused = post(api, {**SOLO, "options": {"map": two_castles}})
    assert refused.status_code == 400 and "options.map" in refused.json()["errors"]
    session = post(api, SOLO).json()
    bad = act(api, session, "reveal_event", player=0, type="strength", power=3, location="Nowhere")
    assert bad.status_code == 400 and "params.location" in bad.json()["errors"]


def test_a_shadow_without_shadow_pay_is_a_422_with_the_rule(api, db):
    session = post(api, SOLO).json()
    for kind, where in (("strength", "Lake of Hope"), ("agility", "Temple of Moon")):
        assert act(api, session, "reveal_event", player=0, type=kind, power=2, location=where).status_code == 201
        assert act(api, session, "accept_event", player=0).status_code == 201
    move = dict(player=0, to="Village of Dawn", card_type="neutral", card_power=4, check=1)
    refused = act(api, session, "move", **move)
    assert refused.status_code == 422
    v = refused.json()["violations"][0]
    assert v["rule"] == "adventure-of-d.R31" and v["message"] and v["section"] and v["reference"]
    assert api.get(v["reference"], follow=True).status_code == 200
    none = act(api, session, "move", **move, shadow_pay="none")
    assert none.status_code == 422 and none.json()["violations"][0]["rule"] == "adventure-of-d.R36"
    assert act(api, session, "move", override="we let it pass", **move, shadow_pay="none").status_code == 201


def test_trading_outside_co_op_is_a_422_r66_and_a_hard_rule_never_passes(api, db):
    body = {**SOLO, "mode": "competitive", "players": SOLO["players"] + [{"name": "Ben", "setup_check": "agility"}],
            "options": {"map": EXAMPLE_MAP}}
    session = post(api, body).json()
    refused = act(api, session, "trade_item", player=0, target=1, item="Topaz", direction="give")
    assert refused.status_code == 422 and "adventure-of-d.R66" in [v["rule"] for v in refused.json()["violations"]]
    bad_card = act(api, session, "reveal_event", override="the card said so", player=0, type="agility", power=6,
                   location="Lake of Hope")
    assert bad_card.status_code == 422 and bad_card.json()["violations"][0]["rule"] == "adventure-of-d.R78"


def test_an_override_that_leaves_nothing_to_act_on_is_a_422_never_a_500(api, db):
    """Found by random overridden actions: an item nobody holds, and the map relaid after the setup."""
    session = post(api, {**SOLO, "mode": "co_op", "players": SOLO["players"] + [{"name": "Ben", "setup_check": "agility"}]}).json()
    for kind, where in (("strength", "Lake of Hope"), ("agility", "Temple of Moon")):
        assert act(api, session, "reveal_event", player=0, type=kind, power=2, location=where).status_code == 201
        assert act(api, session, "accept_event", player=1).status_code == 201
    for type_, params, rule_id in (
            ("discard_item", {"player": 0, "item": "Topaz"}, "adventure-of-d.R55"),
            ("trash", {"player": 0, "item": "Topaz"}, "adventure-of-d.R58"),
            ("trade_item", {"player": 0, "target": 1, "item": "Topaz", "direction": "take"}, "adventure-of-d.R42"),
            ("place_location", {"slot": "F", "name": "Fairy Dust", "danger": 1}, "adventure-of-d.R7")):
        refused = act(api, session, type_, override="the card says so", **params)
        assert refused.status_code == 422, (type_, refused.content)
        assert rule_id in [v["rule"] for v in refused.json()["violations"]]
    assert act(api, session, "gain_fairy_dust", player=0).status_code == 201
    assert act(api, session, "trade_item", player=0, target=1, item="Fairy Dust", direction="give").status_code == 201
    state = api.get(f"/api/sessions/{session['id']}/").json()["state"]
    assert [it["name"] for it in state["players"][1]["items"]] == ["Fairy Dust"]
    assert state["map"][5]["name"] == "Tower of Death"
