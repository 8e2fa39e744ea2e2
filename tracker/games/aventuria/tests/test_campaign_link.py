"""An adventure played for a campaign: its heroes take their Hero Documents' skills and chosen Reward
Cards, and once it is over it is recorded into the campaign once, its experience then spent."""
import pytest

from tests.support.api import post_action as act, post_session as create

pytestmark = pytest.mark.django_db

SKILLS = {"body_control": 10, "craft": 9, "knowledge": 12, "perception": 11, "persuade": 10, "stealth": 9,
          "survival": 11, "willpower": 12}
PARTY = [{"name": "Ann", "hero": "DB", "skills": SKILLS}, {"name": "Ben", "hero": "TM", "skills": SKILLS}]
GRAUTAX = {"name": "Grautax, the False Baron", "kind": "leader", "life_points": 15, "dodge": "-", "armor": 0,
           "actions": "N"}
SKELETON = {"name": "Skeleton", "kind": "henchman", "tp": 3, "life_points": 4, "dodge": "-", "armor": 0,
            "actions": 1, "keywords": ["Skeleton"]}


@pytest.fixture
def campaign(api):
    return create(api, {"game": "aventuria", "mode": "campaign", "players": PARTY, "options": {"title": "Tuesdays"}})


def _adventure(api, campaign, players=None):
    return create(api, {"game": "aventuria", "mode": "adventure",
                        "players": players or [{"name": "Ben", "hero": "TM"}, {"name": "Ann", "hero": "DB"}],
                        "options": {"campaign": campaign["id"], "adventure": "legacy-of-wildenstein",
                                    "start_act": 3, "difficulty": "difficult"}})


def _win_act_3(api, adventure):
    """Act III's narrative (each hero rolls each step from the skills the campaign gave), then Grautax."""
    for _ in range(3):
        for seat in (0, 1):
            act(api, adventure, "narrative_skill_test", player=seat, roll=5)
        act(api, adventure, "advance_phase", player=0)
    act(api, adventure, "setup_combat", time_counters=5, villains=[GRAUTAX, SKELETON, SKELETON])
    body = act(api, adventure, "villain_life_point_loss", villain="v1", amount=15, player=0)
    assert body["outcome"]["result"] == "won" and body["state"]["phase"] == "adventure_end"
    return body["state"]


def test_an_adventure_takes_the_hero_documents_skills_and_chosen_rewards(api, campaign):
    sheet = act(api, campaign, "record_adventure", adventure="saving-silvana", difficulty="normal", result="won",
                heroes=[{"player": 0, "xp": 2, "reward_cards": ["Barbed Club"]}, {"player": 1, "xp": 1}])
    act(api, campaign, "spend_xp", player=0, option="raise_skill", skill="knowledge")
    act(api, campaign, "spend_xp", player=0, option="note_reward", card="Barbed Club")
    act(api, campaign, "choose_rewards", player=0, cards=["Barbed Club"])
    assert sheet["state"]["players"][0]["unspent_xp"] == 2
    adventure = _adventure(api, campaign)
    s = adventure["state"]
    ben, ann = s["players"]  # matched by hero card, whatever the seat order
    assert ann["name"] == "Ann" and ann["skills"]["knowledge"] == 13 and ann["deck_rewards"] == ["Barbed Club"]
    assert ben["skills"] == SKILLS and ben["deck_rewards"] == []
    assert s["campaign"] == campaign["view_id"] and campaign["id"] not in str(s)


def test_a_finished_adventure_is_recorded_once_and_its_experience_spent(api, campaign):
    adventure = _adventure(api, campaign)
    end = _win_act_3(api, adventure)
    assert [p["xp_awarded"] for p in end["players"]] == [2, 2]
    act(api, adventure, "distribute_reward", player=1, card="Flittermouse")  # bookkeeping after the outcome
    first = api.post(f"/api/sessions/{adventure['id']}/campaign/", format="json")
    assert first.status_code == 201, first.json()
    again = api.post(f"/api/sessions/{adventure['id']}/campaign/", format="json")
    assert again.status_code == 201 and again.json()["version"] == first.json()["version"]
    sheet = api.get(f"/api/sessions/{campaign['id']}/").json()
    assert sheet["version"] == 1
    log = sheet["state"]["adventures"]
    assert len(log) == 1 and log[0]["title"] == "The Legacy of Wildenstein" and log[0]["difficulty"] == "difficult"
    ann, ben = sheet["state"]["players"]
    assert (ann["unspent_xp"], ben["unspent_xp"]) == (2, 2) and ann["pending_rewards"] == ["Flittermouse"]
    body = act(api, {"id": campaign["id"]}, "spend_xp", player=0, option="note_reward", card="Flittermouse")
    assert body["state"]["players"][0]["reward_cards"] == ["Flittermouse"]


def test_an_adventure_not_over_is_not_recorded(api, campaign):
    adventure = _adventure(api, campaign)
    response = api.post(f"/api/sessions/{adventure['id']}/campaign/", format="json")
    assert 400 <= response.status_code < 500 and response.json()["detail"]
    assert api.get(f"/api/sessions/{campaign['id']}/").json()["version"] == 0


def test_a_lost_adventure_is_recorded_as_lost_with_nothing_to_spend(api, campaign):
    adventure = _adventure(api, campaign)
    for _ in range(3):
        for seat in (0, 1):
            act(api, adventure, "narrative_skill_test", player=seat, roll=5)
        act(api, adventure, "advance_phase", player=0)
    act(api, adventure, "setup_combat", time_counters=5, villains=[GRAUTAX, SKELETON, SKELETON])
    act(api, adventure, "end_combat", result="defeat", reason="the table gives up")
    assert api.post(f"/api/sessions/{adventure['id']}/campaign/", format="json").status_code == 201
    sheet = api.get(f"/api/sessions/{campaign['id']}/").json()["state"]
    assert sheet["adventures"][0]["result"] == "lost" and [p["unspent_xp"] for p in sheet["players"]] == [0, 0]


def test_an_unknown_campaign_is_a_400_naming_the_option(api, db):
    response = api.post("/api/sessions/", {"game": "aventuria", "mode": "adventure", "players": PARTY,
                                           "options": {"campaign": "no-such-campaign"}}, format="json")
    assert response.status_code in (400, 404) and "campaign" in str(response.json())
