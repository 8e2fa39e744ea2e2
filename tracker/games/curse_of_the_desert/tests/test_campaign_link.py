"""The campaign's link, through the HTTP API: a part created with `options.campaign` (the campaign's edit token)
is played by the campaign's heroes; Part One won is recorded once through POST /api/sessions/{id}/campaign/
and brings each hero 10 Adventure Points; a lost part is not recorded (it starts again in its own session);
Part Two opens only after Part One is won, and its win completes the campaign."""
import pytest

from tests.support.api import post_action as act, post_session as create

from .helpers import GUARD, NIGHT

pytestmark = pytest.mark.django_db

ANN = {"name": "Ann", "hero": "Blessed One of Phex", "attributes": {"close_combat": 12, "dodge": 10},
       "skills": {"stealth": 13}}
BEN = {"name": "Ben"}
GAME = "curse-of-the-desert"


@pytest.fixture
def campaign(api):
    return create(api, {"game": GAME, "mode": "campaign", "players": [ANN], "options": {}})


def _post(api, mode, campaign, players=None, **options):
    # the API asks for the players; a name is enough, the campaign gives the rest (the campaign page's
    # start form names nobody: all of its heroes, test_browser_campaign.py)
    body = {"game": GAME, "mode": mode, "players": players or [{"name": "ann"}],
            "options": {"campaign": campaign["id"], **options}}
    return api.post("/api/sessions/", body, format="json")


def _part_one(api, campaign, players=None):
    answer = _post(api, "nedime", campaign, players, difficulty="normal", hearts=9, hasrabal_cards=3)
    assert answer.status_code == 201, answer.json()
    return answer.json()


def _rescue(api, part):
    act(api, part, "start_exploration", **{**NIGHT, "villains": [GUARD] * len(part["state"]["players"])})
    body = act(api, part, "nedime_rescued")
    assert body["outcome"]["result"] == "won"
    return body


def _record(api, part):
    return api.post(f"/api/sessions/{part['id']}/campaign/", format="json")


def _sheet(api, campaign):
    return api.get(f"/api/sessions/{campaign['id']}/").json()


def test_part_one_takes_the_campaigns_heroes_and_its_win_is_recorded_once(api, campaign):
    part = _part_one(api, campaign)  # "ann": the campaign's Ann, with her hero and values
    hero = part["state"]["players"][0]
    assert (hero["name"], hero["hero"]) == ("Ann", "Blessed One of Phex")
    assert hero["skills"]["stealth"] == 13 and hero["attributes"]["close_combat"] == 12
    assert campaign["id"] not in str(part["state"])  # the edit token never reaches view-only phones
    unfinished = _record(api, part)
    assert unfinished.status_code == 400 and unfinished.json()["detail"]
    _rescue(api, part)
    first = _record(api, part)
    assert first.status_code == 201, first.json()
    again = _record(api, part)  # a second phone taps "Record" too
    assert again.status_code == 201 and again.json()["version"] == first.json()["version"]
    sheet = _sheet(api, campaign)
    assert sheet["version"] == 1
    nedime = sheet["state"]["adventures"]["nedime"]
    assert nedime["status"] == "won" and nedime["session"] == part["view_id"]
    assert sheet["state"]["players"][0]["adventure_points"] == 10
    upgraded = act(api, campaign, "upgrade_card", player=0, card_kind="hero_card", to_level=2)
    assert upgraded["state"]["players"][0]["adventure_points"] == 7


def test_a_lost_part_one_is_not_recorded_until_it_is_won_in_the_same_session(api, campaign):
    part = _part_one(api, campaign)
    act(api, part, "start_exploration", **{**NIGHT, "villains": [GUARD]})
    act(api, part, "life_point_loss", target=0, amount=40)
    act(api, part, "start_exploration", **{**NIGHT, "villains": [GUARD]})
    lost = act(api, part, "life_point_loss", target=0, amount=40)
    assert lost["outcome"]["result"] == "lost"
    refused = _record(api, part)
    assert refused.status_code == 400 and "lost" in refused.json()["detail"] and "outcome" in refused.json()["errors"]
    assert _sheet(api, campaign)["version"] == 0
    act(api, part, "restart_adventure")
    _rescue(api, part)
    assert _record(api, part).status_code == 201
    assert _sheet(api, campaign)["state"]["adventures"]["nedime"]["attempts"] == [
        {"result": "won", "session": part["view_id"]}]


def test_a_part_already_recorded_won_by_hand_is_a_422_with_the_rule_when_its_table_records_it(api, campaign):
    part = _part_one(api, campaign)
    act(api, campaign, "record_adventure", adventure="nedime", result="won")  # played elsewhere, noted by hand
    _rescue(api, part)
    twice = _record(api, part)
    assert twice.status_code == 422 and twice.json()["violations"][0]["rule"] == "curse-of-the-desert.C1"
    sheet = _sheet(api, campaign)
    assert sheet["version"] == 1 and sheet["state"]["players"][0]["adventure_points"] == 10


def test_a_part_is_played_by_the_campaigns_heroes_only(api, db):
    group = create(api, {"game": GAME, "mode": "campaign", "players": [ANN, BEN], "options": {}})
    stranger = _post(api, "nedime", group, [{"name": "Ann"}, {"name": "Cem"}])
    assert stranger.status_code == 400 and "players.1.name" in stranger.json()["errors"]
    assert "Cem" in stranger.json()["detail"]
    missing = _post(api, "nedime", group, [{"name": "ben"}])
    assert missing.status_code == 400 and "players" in missing.json()["errors"] and "Ann" in missing.json()["detail"]
    twice = _post(api, "nedime", group, [{"name": "Ann"}, {"name": " ANN "}])
    assert twice.status_code == 400 and "players.1.name" in twice.json()["errors"]
    # the neighbour: both named, in any case and order; what is typed for this part wins over the campaign's
    part = _part_one(api, group, [{"name": "ben"}, {"name": "ann", "skills": {"stealth": 14}}])
    ben, ann = part["state"]["players"]
    assert (ben["name"], ann["name"]) == ("Ben", "Ann") and ann["skills"]["stealth"] == 14
    _rescue(api, part)
    assert _record(api, part).status_code == 201
    assert [h["adventure_points"] for h in _sheet(api, group)["state"]["players"]] == [10, 10]


def test_an_unknown_campaign_is_a_400_naming_the_option(api, db):
    answer = api.post("/api/sessions/", {"game": GAME, "mode": "nedime", "players": [ANN],
                                         "options": {"campaign": "no-such-campaign"}}, format="json")
    assert answer.status_code == 400 and "options.campaign" in answer.json()["errors"]


def _part_two(api, campaign, **options):
    return _post(api, "borbarad", campaign, difficulty="normal", **options)


def test_part_two_only_after_part_one_is_won_then_its_win_completes_the_campaign(api, campaign):
    early = _part_two(api, campaign)
    assert early.status_code == 400 and "mode" in early.json()["errors"] and "Part One" in early.json()["detail"]
    part_one = _part_one(api, campaign)
    _rescue(api, part_one)
    assert _part_two(api, campaign).status_code == 400  # won but not recorded yet: the campaign doesn't know
    assert _record(api, part_one).status_code == 201
    again = _post(api, "nedime", campaign)
    assert again.status_code == 400 and "already won" in again.json()["detail"]

    # Part Two from its final Death's Candidate, the tower laid out at creation: the last exploration won
    villains = [{"name": "Orc Bandit", "kind": "henchman", "life_points": 6, "actions": 1}] * 2
    villains = [{"name": "The Vagabond", "kind": "leader", "life_points": 20, "actions": 2}, *villains]
    answer = _part_two(api, campaign, start_stage=6, entrance=[0, 0], villains=villains,
                       removed_floors={"upper": 2, "middle": 2, "spaceship": 2})
    assert answer.status_code == 201, answer.json()
    part_two = answer.json()
    assert [p["name"] for p in part_two["state"]["players"]] == ["Ann"]
    act(api, part_two, "end_exploration", reason="objective")
    won = act(api, part_two, "resolve_section", objective_done=True)
    assert won["outcome"]["result"] == "won"
    assert _record(api, part_two).status_code == 201
    sheet = _sheet(api, campaign)["state"]
    assert sheet["adventures"]["borbarad"]["status"] == "won" and sheet["outcome"]["result"] == "won"
    assert sheet["players"][0]["player_title"] == "Truth in the Mirror"
    assert sheet["players"][0]["adventure_points"] == 10  # unspent points are kept
    done = _part_two(api, campaign)
    assert done.status_code == 400 and "complete" in done.json()["detail"]
