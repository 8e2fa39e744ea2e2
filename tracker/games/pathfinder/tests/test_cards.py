"""Cards typed once are remembered (CARD_FACTS in page.py): a bane explored in one scenario is offered, with
its type, difficulty and traits, in every scenario of the campaign; the check declared against it adds
its skill; a scenario outside the campaign knows none of it."""
import json
import re

import pytest

from tests.support.api import post_session as _create, post_action as _act

pytestmark = pytest.mark.django_db

PARTY = [{"name": "Ann", "character": "Valeros", "hand_size": 4}]


def _scenario(api, **options):
    scenario = _create(api, {"game": "pathfinder", "mode": "scenario", "players": PARTY, "options": {
        "scenario": "rumble-road", "locations": [{"name": "Tower", "cards": 5}], **options}})
    _act(api, scenario, "advance_hour", player=0)
    return scenario


def _known(api, session):
    response = api.get(f"/api/sessions/{session['id']}/cards/")
    assert response.status_code == 200, response.json()
    return {c["name"]: c["facts"] for c in response.json()}


def test_a_bane_explored_in_one_scenario_is_offered_in_the_next_of_the_campaign(api, client):
    campaign = _create(api, {"game": "pathfinder", "mode": "campaign", "players": PARTY, "options": {}})
    first = _scenario(api, campaign=campaign["id"])
    _act(api, first, "explore", player=0, kind="monster", card="Ghoul", difficulty=13, immune=["Mental"])
    _act(api, first, "declare_check", player=0, skill="combat", die=10, difficulty=13)  # against the Ghoul
    _act(api, first, "set_difficulty", player=0, base=11, adventure_multiplier=2)
    ghoul = {"kind": "monster", "difficulty": 13, "immune": ["Mental"], "skill": "combat", "base": 11,
             "adventure_multiplier": 2}
    assert _known(api, first) == {"Ghoul": ghoul}
    forms = re.search(r'data-forms="([^"]+)"', client.get(f"/t/{first['id']}/").content.decode()).group(1)
    check = json.loads(forms.replace("&quot;", '"'))["declare_check"][0]
    assert check["current"] == "Ghoul"  # the check form starts with what the Ghoul's check was last time

    second = _scenario(api, campaign=campaign["id"])
    assert _known(api, second) == {"Ghoul": ghoul}
    html = client.get(f"/t/{second['id']}/").content.decode()
    option = re.search(r'<datalist id="tk-cards-card"[^>]*><option value="Ghoul" data-facts="([^"]+)">', html)
    assert json.loads(option.group(1).replace("&quot;", '"')) == ghoul
    assert 'data-testid="pf-explore-form"' in html  # where the name is typed: cards.js offers the list there

    assert _known(api, _scenario(api)) == {}  # a table outside the campaign


def test_a_check_against_a_card_found_without_a_name_is_remembered_for_no_card(api):
    scenario = _scenario(api)
    _act(api, scenario, "explore", player=0, kind="monster", difficulty=9)
    _act(api, scenario, "declare_check", player=0, skill="combat", die=10, difficulty=9)
    assert _known(api, scenario) == {}
