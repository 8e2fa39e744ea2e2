"""The campaign page as served (without a browser): the parts in their order with their status, the start form
that creates a part for this campaign through the new-game form, the heroes' points and levels with their taps
(and refusals), and a view-only link that shows all of it with nothing to tap or submit."""
import re

import pytest

from tests.support.api import post_action as act, post_session as create
from tests.support.pages import page, tag

pytestmark = pytest.mark.django_db

def text(html, testid):
    """The text right inside the element carrying data-testid=testid."""
    found = re.search(rf'data-testid="{re.escape(testid)}"[^>]*>([^<]*)<', html)
    assert found, testid
    return found.group(1).strip()


def block(html, testid, length=900):
    return html[html.index(f'data-testid="{testid}"'):][:length]


CAMPAIGN = {"game": "curse-of-the-desert", "mode": "campaign",
            "players": [{"name": "Ann", "skills": {"stealth": 13}}, {"name": "Ben"}], "options": {}}


def test_a_new_campaign_offers_part_one_and_says_why_part_two_and_the_upgrades_wait(api, client):
    campaign = create(api, CAMPAIGN)
    html = page(client, campaign["id"])
    assert text(html, "cotd-camp-status-nedime") == "not played yet"
    form = html[html.index('data-testid="cotd-camp-start-nedime"'):]
    form = form[:form.index("</form>")]
    assert f'name="campaign" value="{campaign["id"]}"' in form and 'name="mode" value="nedime"' in form
    assert 'data-testid="cotd-camp-start-borbarad"' not in html
    assert "once Part One is won" in text(html, "cotd-camp-closed-borbarad")
    wait = block(html, "cotd-camp-wait-0")
    assert "curse-of-the-desert.C3" in wait and 'data-testid="cotd-camp-wait-0-anyway"' in wait
    # no upgrade offered as a tap while there are no points: only the tap-anyway beside the reason
    assert 'data-testid="cotd-camp-up-0-hero_card"' not in html


def test_the_start_form_creates_part_one_for_the_campaign_with_its_heroes(api, client):
    campaign = create(api, CAMPAIGN)
    response = client.post("/", {"game": "curse-of-the-desert", "mode": "nedime", "campaign": campaign["id"],
                                 "difficulty": "normal"})
    assert response.status_code == 302, response.content.decode()[:2000]
    token = re.search(r"/t/([^/]+)/", response["Location"]).group(1)
    part = api.get(f"/api/sessions/{token}/").json()
    assert part["mode"] == "nedime"
    assert [p["name"] for p in part["state"]["players"]] == ["Ann", "Ben"]
    assert part["state"]["players"][0]["skills"]["stealth"] == 13
    # Part Two's form, before Part One is won: a 400 on the new-game page, naming why
    early = client.post("/", {"game": "curse-of-the-desert", "mode": "borbarad", "campaign": campaign["id"]})
    assert early.status_code == 400 and "Part One" in early.content.decode()


def test_after_part_one_the_upgrades_are_taps_with_their_cost_and_a_view_only_link_taps_nothing(api, client):
    campaign = create(api, CAMPAIGN)
    recorded = api.post(f"/api/sessions/{campaign['id']}/actions/", {"type": "record_adventure", "params": {
        "adventure": "nedime", "result": "won", "session": "the-part-view-token"}}, format="json")
    assert recorded.status_code == 201, recorded.json()
    act(api, campaign, "upgrade_card", player=0, card_kind="hero_card", to_level=2)
    act(api, campaign, "upgrade_card", player=0, card_kind="hero_card", to_level=3)
    act(api, campaign, "upgrade_card", player=0, card_kind="action", card="Slyness", to_level=2)
    html = page(client, campaign["id"])
    assert 'href="/t/the-part-view-token/"' in tag(html, "cotd-camp-session-nedime")
    assert (text(html, "cotd-camp-ap-0"), text(html, "cotd-camp-ap-1")) == ("0", "10")
    assert text(html, "cotd-camp-level-0-hero_card") == "III" and text(html, "cotd-camp-level-0-action-0") == "II"
    assert 'data-act="upgrade_card"' in tag(html, "cotd-camp-up-1-hero_card")
    assert text(html, "cotd-camp-up-1-hero_card") == "Hero Card → II (3 AP)"
    refused = block(html, "cotd-camp-up-0-skill_card-why")
    assert "Only 0 Adventure Points available" in refused and "curse-of-the-desert.R90" in refused
    assert 'data-testid="cotd-camp-up-0-skill_card-why-anyway"' in refused
    assert "Slyness" in html and 'data-testid="cotd-camp-new-action-0"' in html
    assert 'data-testid="cotd-camp-start-borbarad"' in html and 'data-testid="cotd-camp-start-nedime"' not in html

    view = page(client, campaign["view_id"])
    assert 'data-testid="cotd-camp-ap-1"' in view and "Slyness" in view
    for hook in ('data-act="', "cotd-camp-start-borbarad", "cotd-camp-new-action-0", "-why-anyway"):
        assert hook not in view.split('data-testid="cotd-campaign"')[1].split("</main>")[0], hook
