"""The campaign page: Hero Documents with +1 taps, the cards to note and to put in the deck, the
adventures played, and the next adventure started from it for this campaign."""
import re

import pytest

from tests.support.api import post_action as act, post_session as create
from tracker.models import Session

pytestmark = pytest.mark.django_db

PARTY = [{"name": "Ann", "hero": "DB", "skills": {"knowledge": 12, "stealth": 9}}, {"name": "Ben", "hero": "TM"}]


@pytest.fixture
def campaign(api):
    sheet = create(api, {"game": "aventuria", "mode": "campaign", "players": PARTY, "options": {"title": "Tuesdays"}})
    act(api, sheet, "record_adventure", adventure="saving-silvana", difficulty="difficult", result="won",
        heroes=[{"player": 0, "xp": 1, "reward_cards": ["Barbed Club"]}, {"player": 1, "xp": 1}])
    return sheet


def _page(client, token) -> str:
    response = client.get(f"/t/{token}/")
    assert response.status_code == 200
    return response.content.decode()


def _tag(html, testid) -> str:
    return re.search(rf'<[^>]*data-testid="{testid}"[^>]*>', html).group(0)


def test_the_hero_documents_offer_what_experience_buys(client, campaign):
    html = _page(client, campaign["id"])
    assert "Tuesdays" in html and 'data-testid="xp-left-0">1<' in html
    assert '"skill": "knowledge"' in _tag(html, "raise-0-knowledge").replace("&quot;", '"')
    assert 'data-testid="raise-1-knowledge"' not in html  # Ben's Knowledge is not on his document
    assert "Not on the document yet: Body Control" in html
    assert 'data-testid="note-0-barbed-club"' in html
    log = re.sub(r"<[^>]+>", "", re.search(r'data-testid="adventure-1">(.*?)</li>', html).group(1))
    assert log == "Saving Silvana (difficult): won. Ann +1 XP (Barbed Club); Ben +1 XP"
    assert 'data-testid="player-0"' not in html  # no combat hero cards on a campaign


def test_a_point_spent_takes_the_taps_that_needed_it_away(api, client, campaign):
    act(api, campaign, "spend_xp", player=0, option="note_reward", card="Barbed Club")
    html = _page(client, campaign["id"])
    assert 'data-testid="xp-left-0">0<' in html
    assert 'data-testid="raise-0-knowledge"' not in html and 'data-testid="note-0-barbed-club"' not in html
    assert "put in the deck" in html and 'data-testid="deck-0-barbed-club"' in html
    act(api, campaign, "choose_rewards", player=0, cards=["Barbed Club"])
    assert "Barbed Club: in the deck" in _page(client, campaign["id"])


def test_a_card_won_again_says_why_it_cannot_be_noted_twice(api, client, campaign):
    act(api, campaign, "spend_xp", player=0, option="note_reward", card="Barbed Club")
    act(api, campaign, "record_adventure", adventure="saving-silvana", difficulty="normal", result="won",
        heroes=[{"player": 0, "xp": 1, "reward_cards": ["Barbed Club"]}])
    html = _page(client, campaign["id"])
    assert 'data-testid="note-0-barbed-club"' not in html
    assert "Barbed Club is already noted on Ann&#x27;s Hero Document." in html
    assert len(re.findall(r'data-testid="deck-0-barbed-club"', html)) == 1


def test_a_view_link_shows_the_documents_without_taps(client, campaign):
    html = _page(client, campaign["view_id"])
    assert 'data-testid="hero-doc-0"' in html
    assert 'data-testid="raise-0-knowledge"' not in html and 'data-testid="start-next-adventure"' not in html


def test_the_next_adventure_starts_from_the_campaign_page(api, client, campaign):
    html = _page(client, campaign["id"])
    form = re.search(r'<form[^>]*data-testid="start-next-adventure".*?</form>', html, re.S).group(0)
    data = {}
    for name, value in re.findall(r'<input type="hidden" name="([\w:]+)" value="([^"]*)"', form):
        data.setdefault(name, []).append(value)
    assert data["campaign"] == [campaign["id"]] and data["name"] == ["Ann", "Ben"]
    assert 'value="difficult" data-testid="next-difficulty-difficult" checked' in form  # the last one's
    data.update(adventure="legacy-of-wildenstein", difficulty="difficult", heir="1")
    response = client.post("/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    new = Session.objects.get(pk=response["Location"].split("/")[2])
    assert new.mode == "adventure" and new.state["campaign"] == campaign["view_id"]
    assert new.state["players"][0]["skills"] == {"knowledge": 12, "stealth": 9} and new.state["heir"] == 1
