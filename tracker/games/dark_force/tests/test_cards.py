"""Cards typed once are remembered (CARD_FACTS in page.py): a terrain's and an expansion's values, played
face up, are offered again at every duel of the tournament; a unit, played face down, never leaves the
phone that typed it."""
import json
import re

import pytest

from tests.support.api import post_session as _create, post_action as _act

pytestmark = pytest.mark.django_db

PLAYERS = [{"name": "Ann"}, {"name": "Ben"}]
TERRAIN = {"player": 0, "name": "Swamp of Sorrows", "type": "Swamp", "values": {"cs": 1, "cap": 3},
           "unit": {"kind": "army", "name": "Secret Spears", "values": {"cs": 2, "third": 2}},
           "expansion": {"name": "Watchtower", "cs": 1}}


def _duel(api, **options):
    duel = _create(api, {"game": "dark-force", "mode": "duel", "players": PLAYERS,
                         "options": {"deck_size": 60, "first_player": 0, **options}})
    _act(api, duel, "choose_draws", player=0, count=0)
    _act(api, duel, "next_step", player=0)  # to the terrains
    return duel


def _known(api, session, **query):
    response = api.get(f"/api/sessions/{session['view_id']}/cards/", query)
    assert response.status_code == 200, response.json()
    return {(c["kind"], c["name"]): c["facts"] for c in response.json()}


def test_a_terrain_and_its_expansion_are_kept_for_the_tournament_and_the_face_down_unit_is_not(api, client):
    tournament = _create(api, {"game": "dark-force", "mode": "tournament", "players": PLAYERS, "options": {}})
    first = _duel(api, tournament=tournament["id"], essen96=True)
    _act(api, first, "play_terrain", **TERRAIN)
    expected = {("terrain", "Swamp of Sorrows"): {"type": "Swamp", "values": {"cs": 1, "cap": 3}},
                ("expansion", "Watchtower"): {"cs": 1}}
    assert _known(api, first) == expected

    second = _duel(api, tournament=tournament["id"], essen96=True)
    assert _known(api, second) == expected
    assert _known(api, second, kind="unit") == {}
    html = client.get(f"/t/{second['id']}/").content.decode()
    listed = re.search(r'<datalist id="tk-cards-terrain"[^>]*>(.*?)</datalist>', html, re.S).group(1)
    option = re.search(r'<option value="Swamp of Sorrows" data-facts="([^"]+)">', listed)
    assert json.loads(option.group(1).replace("&quot;", '"')) == expected[("terrain", "Swamp of Sorrows")]
    assert "Secret Spears" not in html and 'data-action="play_terrain"' in html

    elsewhere = _duel(api)
    assert _known(api, elsewhere) == {}

