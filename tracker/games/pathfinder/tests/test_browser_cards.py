"""Pathfinder on a phone, cards typed once: a bane explored in one scenario of a campaign is chosen by name
in the next scenario's explore form, which fills its type and difficulty; the check form then starts
with the skill and difficulty declared against it last time. Hooks: docs/PAGES.md (Pathfinder)."""
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PARTY = [{"name": "Ann", "character": "Valeros", "hand_size": 4, "skills": "Strength d10, Melee: Strength +2"}]


def record(request, session, type, **params):
    response = request.post(f"/api/sessions/{session['id']}/actions/", data={"type": type, "params": params})
    assert response.status == 201, response.text()


def _scenario(page, create_session, campaign):
    scenario = create_session({"game": "pathfinder", "mode": "scenario", "players": PARTY, "options": {
        "campaign": campaign["id"], "scenario": "rumble-road", "locations": [{"name": "Tower", "cards": 5}]}})
    record(page.request, scenario, "advance_hour", player=0)
    return scenario


def _value(form, name):
    return form.evaluate("(form, name) => form.elements.namedItem(name).value", name)


def test_a_bane_of_the_campaign_fills_the_explore_form_and_the_check_against_it(page, create_session):
    campaign = create_session({"game": "pathfinder", "mode": "campaign", "players": PARTY, "options": {}})
    first = _scenario(page, create_session, campaign)
    record(page.request, first, "explore", player=0, kind="monster", card="Ghoul", difficulty=13)
    record(page.request, first, "declare_check", player=0, skill="melee", difficulty=13)

    second = _scenario(page, create_session, campaign)
    page.goto(second["url"])
    explore = page.get_by_test_id("pf-explore-form")
    page.locator("details").filter(has=explore).locator("summary").click()  # with its name and difficulty
    expect(explore.locator("[name=card]")).to_have_attribute("list", "tk-cards-card")
    explore.locator("[name=card]").fill("Ghoul")
    assert [_value(explore, n) for n in ("kind", "difficulty")] == ["monster", "13"]
    page.get_by_test_id("pf-explore").click()

    check = page.get_by_test_id("pf-declare-check")
    page.locator("details").filter(has=check).locator("summary").click()  # another check than combat
    expect(check).to_be_visible()
    expect(check.locator("[name=skill]")).to_have_value("melee")
    expect(check.locator("[name=difficulty]")).to_have_value("13")
