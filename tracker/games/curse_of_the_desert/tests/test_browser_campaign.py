"""The Curse of the Desert campaign on a phone: Part One started from the campaign page, won at its own table and
recorded through the link; the campaign page then shows it won with a link to that table and 10 Adventure Points,
the upgrades are one tap each (an Action Card by its name), one beyond the points left is shown with its rule and
accepted anyway with a reason; Part Two started from the campaign. And a part played without the app, recorded by
hand on the campaign page. Hooks: the cotd-camp- testids of templates/games/curse-of-the-desert/_campaign.html."""
import re

import pytest
from playwright.sync_api import expect

from .helpers import GUARD, NIGHT

pytestmark = pytest.mark.browser

CAMPAIGN = {"game": "curse-of-the-desert", "mode": "campaign",
            "players": [{"name": "Ann", "attributes": {"close_combat": 12, "dodge": 10}}], "options": {}}
WAIT_MS = 6000


def version(page) -> int:
    return int(page.get_by_test_id("version").inner_text())


def tap(page, testid, records=1):
    """Tap and wait until the table has recorded `records` actions."""
    before = version(page)
    page.get_by_test_id(testid).tap()
    if records:
        page.wait_for_function("v => +document.querySelector('[data-testid=version]').textContent >= v",
                               arg=before + records, timeout=WAIT_MS)


def api_post(page, url, data=None, status=201):
    response = page.request.post(url, data=data or {})
    assert response.status == status, response.text()
    return response.json()


def token_of(page) -> str:
    return re.search(r"/t/([^/]+)/", page.url).group(1)


def test_part_one_from_the_campaign_page_recorded_upgrades_and_part_two_started(page, create_session, shot):
    campaign = create_session(CAMPAIGN)
    page.goto(campaign["url"])
    expect(page.get_by_test_id("cotd-campaign")).to_be_visible()
    expect(page.get_by_test_id("cotd-camp-status-nedime")).to_have_text("not played yet")
    expect(page.get_by_test_id("cotd-camp-closed-borbarad")).to_contain_text("Part One is won")
    expect(page.get_by_test_id("cotd-camp-ap-0")).to_have_text("0")
    expect(page.get_by_test_id("cotd-camp-level-0-hero_card")).to_have_text("I")

    # Part One, started for the campaign: its table opens with the campaign's hero
    page.get_by_test_id("cotd-camp-start-nedime-submit").tap()
    page.wait_for_url(lambda url: campaign["id"] not in url and "/t/" in url, timeout=WAIT_MS)
    part = token_of(page)
    state = page.request.get(f"/api/sessions/{part}/").json()["state"]
    assert state["mode"] == "nedime" and [p["name"] for p in state["players"]] == ["Ann"]
    assert state["players"][0]["attributes"]["close_combat"] == 12

    # won at its table (the night's taps are test_browser.py's), recorded through the link
    api_post(page, f"/api/sessions/{part}/actions/",
             {"type": "start_exploration", "params": {**NIGHT, "villains": [GUARD]}})
    api_post(page, f"/api/sessions/{part}/actions/", {"type": "nedime_rescued", "params": {}})
    api_post(page, f"/api/sessions/{part}/campaign/")

    page.goto(campaign["url"])
    expect(page.get_by_test_id("cotd-camp-status-nedime")).to_have_text("won")
    view = page.request.get(f"/api/sessions/{part}/").json()["view_id"]
    expect(page.get_by_test_id("cotd-camp-session-nedime")).to_have_attribute("href", f"/t/{view}/")
    expect(page.get_by_test_id("cotd-camp-ap-0")).to_have_text("10")

    # the upgrades, one tap each with their cost: Hero Card to II (3) and III (6), an Action Card by name (1)
    expect(page.get_by_test_id("cotd-camp-up-0-hero_card")).to_have_text("Hero Card → II (3 AP)")
    tap(page, "cotd-camp-up-0-hero_card")
    expect(page.get_by_test_id("cotd-camp-ap-0")).to_have_text("7")
    expect(page.get_by_test_id("cotd-camp-up-0-hero_card")).to_have_text("Hero Card → III (6 AP)")
    tap(page, "cotd-camp-up-0-hero_card")
    expect(page.get_by_test_id("cotd-camp-level-0-hero_card")).to_have_text("III")
    page.get_by_test_id("cotd-camp-new-action-name-0").fill("  slyness ")
    tap(page, "cotd-camp-new-action-submit-0")
    expect(page.get_by_test_id("cotd-camp-ap-0")).to_have_text("0")
    expect(page.get_by_test_id("cotd-camp-card-0-action-0")).to_contain_text("slyness")
    expect(page.get_by_test_id("cotd-camp-level-0-action-0")).to_have_text("II")

    # the Skill Card costs 3 with none left: the rule says why, and the table may accept it anyway
    why = page.get_by_test_id("cotd-camp-up-0-skill_card-why")
    expect(why).to_contain_text("Only 0 Adventure Points available")
    expect(page.get_by_test_id("cotd-camp-up-0-skill_card-why-link")).to_contain_text("R90")
    shot(page, "curse-of-the-desert-campaign", full_page=True)
    page.get_by_test_id("cotd-camp-up-0-skill_card-why-anyway").tap()
    expect(page.get_by_test_id("refusal")).to_be_visible()
    page.get_by_test_id("accept-anyway").tap()
    page.get_by_test_id("override-reason").fill("a card of another box gave three points")
    tap(page, "override-submit")
    expect(page.get_by_test_id("cotd-camp-level-0-skill_card")).to_have_text("II")
    expect(page.get_by_test_id("cotd-camp-ap-0")).to_have_text("0")

    # Part Two, started from the campaign
    expect(page.get_by_test_id("cotd-camp-start-nedime")).to_have_count(0)
    page.get_by_test_id("cotd-camp-start-borbarad-submit").tap()
    page.wait_for_url(lambda url: campaign["id"] not in url and part not in url and "/t/" in url, timeout=WAIT_MS)
    state = page.request.get(f"/api/sessions/{token_of(page)}/").json()["state"]
    assert state["mode"] == "borbarad" and [p["name"] for p in state["players"]] == ["Ann"]


def test_a_part_played_without_the_app_is_recorded_by_hand_on_the_campaign_page(page, create_session):
    campaign = create_session(CAMPAIGN)
    page.goto(campaign["url"])
    # Upgrades wait for Part One's points: the rule says so beside the tap
    expect(page.get_by_test_id("cotd-camp-wait-0")).to_contain_text("Part One")
    page.get_by_test_id("cotd-camp-by-hand-nedime").locator("summary").tap()
    tap(page, "cotd-camp-record-nedime-lost")
    expect(page.get_by_test_id("cotd-camp-status-nedime")).to_contain_text("lost")  # the sheet stays open
    tap(page, "cotd-camp-record-nedime-won")
    expect(page.get_by_test_id("cotd-camp-status-nedime")).to_have_text("won")
    expect(page.get_by_test_id("cotd-camp-part-nedime")).to_contain_text("1 lost attempt")
    expect(page.get_by_test_id("cotd-camp-ap-0")).to_have_text("10")
    expect(page.get_by_test_id("cotd-camp-by-hand-nedime")).to_have_count(0)
    page.get_by_test_id("cotd-camp-by-hand-borbarad").locator("summary").tap()
    tap(page, "cotd-camp-record-borbarad-won")
    expect(page.get_by_test_id("cotd-camp-complete")).to_be_visible()
    expect(page.get_by_test_id("cotd-camp-title-0")).to_have_text("Truth in the Mirror")
    expect(page.get_by_test_id("cotd-camp-start-borbarad")).to_have_count(0)
