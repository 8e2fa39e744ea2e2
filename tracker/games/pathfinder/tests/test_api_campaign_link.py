"""A scenario played for a campaign: linked at creation, fed into the campaign once it is over."""
import pytest

from tests.support.api import post_session as _create, post_action as _act

pytestmark = pytest.mark.django_db

PARTY = [{"name": "Ann", "character": "Valeros", "hand_size": 4}]


@pytest.fixture
def campaign(api):
    return _create(api, {"game": "pathfinder", "mode": "campaign", "players": PARTY, "options": {}})


def _won_scenario(api, campaign):
    scenario = _create(api, {"game": "pathfinder", "mode": "scenario", "players": PARTY, "options": {
        "campaign": campaign["id"], "scenario": "rumble-road", "locations": [{"name": "Tower", "cards": 0}]}})
    _act(api, scenario, "advance_hour", player=0)
    result = _act(api, scenario, "attempt_close", player=0, success=True)
    assert result["outcome"]["result"] == "won"
    return scenario


def test_the_scenario_state_carries_only_the_campaigns_view_token(api, campaign):
    scenario = _won_scenario(api, campaign)
    assert scenario["state"]["campaign"] == campaign["view_id"]
    assert campaign["id"] not in str(scenario["state"])


def test_a_won_scenario_is_recorded_once_in_its_campaign(api, campaign):
    scenario = _won_scenario(api, campaign)
    first = api.post(f"/api/sessions/{scenario['id']}/campaign/", format="json")
    assert first.status_code == 201, first.json()
    assert first.json()["campaign"]["id"] == campaign["id"]
    again = api.post(f"/api/sessions/{scenario['id']}/campaign/", format="json")
    assert again.status_code == 201 and again.json()["version"] == first.json()["version"]
    sheet = api.get(f"/api/sessions/{campaign['id']}/").json()
    assert sheet["version"] == 1
    assert sheet["state"]["progress"]["Rumble Road"]["N"] is True


def test_recording_needs_a_finished_linked_scenario_and_the_edit_link(api, campaign):
    scenario = _create(api, {"game": "pathfinder", "mode": "scenario", "players": PARTY,
                             "options": {"campaign": campaign["id"]}})
    unfinished = api.post(f"/api/sessions/{scenario['id']}/campaign/", format="json")
    assert unfinished.status_code == 400 and "outcome" in unfinished.json()["errors"]
    view_only = api.post(f"/api/sessions/{scenario['view_id']}/campaign/", format="json")
    assert view_only.status_code == 403
    loose = _create(api, {"game": "pathfinder", "mode": "scenario", "players": PARTY, "options": {}})
    assert api.post(f"/api/sessions/{loose['id']}/campaign/", format="json").status_code == 400


def test_an_unknown_campaign_token_is_a_400_naming_the_option(api):
    response = api.post("/api/sessions/", {"game": "pathfinder", "mode": "scenario", "players": PARTY,
                                           "options": {"campaign": "no-such-campaign"}}, format="json")
    assert response.status_code == 400
    assert "options.campaign" in response.json()["errors"]


def test_a_scenario_counts_once_whatever_keys_the_phones_send(api, campaign):
    scenario = _won_scenario(api, campaign)
    answers = [api.post(f"/api/sessions/{scenario['id']}/campaign/", format="json", **headers)
               for headers in ({"HTTP_IDEMPOTENCY_KEY": "a"}, {"HTTP_IDEMPOTENCY_KEY": "b"}, {})]
    answers.append(api.post(f"/api/sessions/{scenario['id']}/record/", format="json"))
    assert [r.status_code for r in answers] == [201] * 4
    assert len({r.json()["version"] for r in answers}) == 1
    events = api.get(f"/api/sessions/{campaign['id']}/events/").json()
    assert [e["type"] for e in events] == ["record_scenario"]
    assert events[0]["params"]["session"] == scenario["view_id"]


def test_a_retried_record_with_its_key_is_the_first_answer(api, campaign):
    scenario = _won_scenario(api, campaign)
    first = api.post(f"/api/sessions/{scenario['id']}/record/", format="json", HTTP_IDEMPOTENCY_KEY="k1")
    again = api.post(f"/api/sessions/{scenario['id']}/record/", format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
