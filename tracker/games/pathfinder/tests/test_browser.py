"""Pathfinder on a phone: one whole turn at the scenario table (hourglass, steps, explore, the check
helper, damage, end of turn), and a won scenario recorded into its campaign, where a feat is then
checked. Hooks: docs/PAGES.md (Pathfinder)."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SCENARIO = {"game": "pathfinder", "mode": "scenario",
            "players": [{"name": "Ann", "character": "Amiri"}, {"name": "Ben", "character": "Kyra", "hand_size": 5}], "options": {}}
CAMPAIGN = {"game": "pathfinder", "mode": "campaign", "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4}],
            "options": {}}


def record(request, session, type, **params):
    response = request.post(f"/api/sessions/{session['id']}/actions/", data={"type": type, "params": params})
    assert response.status == 201, response.text()
    return response.json()


def api_state(page, session):
    response = page.request.get(f"/api/sessions/{session['id']}/")
    assert response.status == 200, response.text()
    return response.json()["state"]


def current_step(page, step):
    expect(page.get_by_test_id("pf-stepper").locator(f"li[data-step={step}]")).to_have_attribute("aria-current", "step")


def test_one_full_turn_on_a_phone(page, create_session, shot):
    session = create_session(SCENARIO)
    page.goto(session["url"])

    # Before the first hour: the big countdown, and the reminder.
    expect(page.get_by_test_id("pf-hourglass-count")).to_have_text("30")
    expect(page.get_by_test_id("pf-active")).to_have_text("Ann")
    expect(page.get_by_test_id("pf-reminder-hour")).to_be_visible()
    current_step(page, "advance_hour")
    for i in range(4):
        expect(page.get_by_test_id(f"pf-location-cards-{i}")).to_have_text("9")
    expect(page.get_by_test_id("pf-hand-0")).to_have_text("4")
    shot(page, "pathfinder-start", full_page=True)

    page.get_by_test_id("pf-advance-hour").tap()
    expect(page.get_by_test_id("pf-hourglass-count")).to_have_text("29")
    expect(page.get_by_test_id("pf-hour-by")).to_have_text("Ann")
    expect(page.get_by_test_id("pf-reminder-hour")).to_have_count(0)
    current_step(page, "give")

    page.get_by_test_id("pf-next-step").tap()
    current_step(page, "move")
    page.get_by_test_id("pf-next-step").tap()
    current_step(page, "explore")

    # Explore: a monster turns up.
    explore = page.get_by_test_id("pf-explore-form")
    page.locator("details").filter(has=explore).locator("summary").tap()  # with its name and difficulty
    explore.locator("select[name=kind]").select_option("monster")
    explore.locator("input[name=card]").fill("Goblin")
    explore.locator("input[name=difficulty]").fill("8")
    page.get_by_test_id("pf-explore").tap()
    expect(page.get_by_test_id("pf-encounter-card")).to_have_text("Goblin")
    expect(page.get_by_test_id("pf-location-cards-0")).to_have_text("8")
    expect(page.get_by_test_id("pf-reminder-one-type")).to_be_visible()

    # The check helper: declare, bless, roll, resolve. Amiri's combat check is Melee: Strength d12 +2.
    expect(page.get_by_test_id("pf-combat-skill")).to_contain_text("Melee 1d12+2")
    page.get_by_test_id("pf-combat-check-submit").tap()  # its difficulty is the encounter's
    expect(page.get_by_test_id("pf-check-who")).to_have_text("Ann")
    expect(page.get_by_test_id("pf-check-skill")).to_have_text("Melee 1d12+2")
    expect(page.get_by_test_id("pf-check-dice")).to_have_text("1d12 + 2")
    expect(page.get_by_test_id("pf-check-difficulty")).to_have_text("8")
    page.get_by_test_id("pf-bless-1").tap()
    expect(page.get_by_test_id("pf-check-dice")).to_have_text("2d12 + 2")
    expect(page.get_by_test_id("pad-roll_check-roll").locator("[data-face]")).to_have_count(12)  # a pad per d12
    expect(page.get_by_test_id("pad-roll_check-roll-1").locator("[data-face]")).to_have_count(12)
    expect(page.get_by_test_id("pf-check-types")).to_have_text("blessing")
    expect(page.get_by_test_id("pf-reminder-one-type")).to_contain_text("played: blessing")
    assert api_state(page, session)["players"][1]["hand_count"] == 4  # Ben's blessing left his hand
    shot(page, "pathfinder-check", wait_hidden="toast", full_page=True)

    page.get_by_test_id("pad-roll_check-roll").locator("[data-face='2']").tap()
    page.get_by_test_id("pad-roll_check-roll-1").locator("[data-face='3']").tap()  # 2 + 3 = 5, sent at once
    expect(page.get_by_test_id("pf-check-result")).to_contain_text("Result 7 against 8: failure")
    page.get_by_test_id("pf-resolve-check").tap()

    # Damage: 8 - 7 = 1, suffered from the hand.
    expect(page.get_by_test_id("pf-damage-amount")).to_have_text("1")
    page.get_by_test_id("pf-suffer-damage").tap()
    expect(page.get_by_test_id("pf-damage")).to_have_count(0)
    expect(page.get_by_test_id("pf-hand-0")).to_have_text("3")
    expect(page.get_by_test_id("pf-discards-0")).to_have_text("1")

    # The Goblin is undefeated; Ben (at the same location) could avenge, but doesn't.
    page.get_by_test_id("pf-resolve-encounter").tap()
    expect(page.get_by_test_id("pf-encounter-step")).to_have_text("avenge")
    page.get_by_test_id("pf-skip-avenge").tap()
    expect(page.get_by_test_id("pf-encounter")).to_have_count(0)
    expect(page.get_by_test_id("pf-location-cards-0")).to_have_text("9")  # shuffled back

    # End the turn: Ann resets to 4 cards and it is Ben's turn, starting with the hour.
    page.get_by_test_id("pf-end-turn").tap()
    expect(page.get_by_test_id("pf-active")).to_have_text("Ben")
    current_step(page, "advance_hour")
    expect(page.get_by_test_id("pf-reminder-hour")).to_be_visible()
    expect(page.get_by_test_id("pf-hand-0")).to_have_text("4")
    state = api_state(page, session)
    assert state["active_player"] == 1 and state["turn"] == 2 and state["hourglass"] == 29


def test_recording_a_scenario_win_into_the_campaign(page, create_session, shot):
    campaign = create_session(CAMPAIGN)
    scenario = create_session({"game": "pathfinder", "mode": "scenario",
                               "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4}],
                               "options": {"campaign": campaign["id"], "locations": [{"name": "Tower", "cards": 0}]}})
    record(page.request, scenario, "advance_hour", player=0)
    record(page.request, scenario, "attempt_close", player=0, success=True)

    page.goto(scenario["url"])
    expect(page.get_by_test_id("outcome")).to_be_visible()
    expect(page.get_by_test_id("pf-result")).to_contain_text("The party wins")
    page.get_by_test_id("pf-record").tap()

    # On the campaign page: the scenario is completed in Normal mode.
    expect(page).to_have_url(re.compile(rf"/t/{campaign['id']}/$"))
    row = page.get_by_test_id("pf-scenario-0")
    expect(row).to_have_attribute("data-completed", "1")
    expect(row).to_contain_text("completed")
    expect(page.get_by_test_id("pf-progress-0-N")).to_have_attribute("data-done", "1")
    expect(page.get_by_test_id("pf-progress-0-H")).to_have_attribute("data-done", "0")
    expect(page.get_by_test_id("pf-last-scenario")).to_contain_text("won")
    shot(page, "pathfinder-campaign", full_page=True)

    # A feat needs a hero point being awarded: ticking a box now is refused, with the rule behind it.
    page.get_by_test_id("pf-feat-0-card-weapon").tap()
    refusal = page.get_by_test_id("refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("hero point")
    expect(refusal.get_by_test_id("refusal-why").first).to_have_attribute("href", re.compile("/rules/"))
    expect(refusal.get_by_test_id("accept-anyway")).to_be_visible()
    expect(page.get_by_test_id("pf-feat-0-card-weapon")).not_to_be_checked()
    refusal.locator("[data-dismiss]").tap()

    # The scenario reward: one hero point, spent at once on a card feat by ticking its box.
    reward = page.get_by_test_id("pf-claim-reward")
    reward.locator("input[name=hero_points]").fill("1")
    reward.locator("button[type=submit]").tap()
    expect(page.get_by_test_id("pf-pending-0")).to_have_text("1")
    page.get_by_test_id("pf-feat-0-card-weapon").tap()
    expect(page.get_by_test_id("pf-pending-0")).to_have_text("0")
    expect(page.get_by_test_id("pf-decklist-0")).to_contain_text("5 weapon")
    expect(page.get_by_test_id("pf-feats-0").locator("input[type=checkbox]:checked")).to_have_count(1)
    sheet = api_state(page, campaign)["players"][0]
    assert sheet["feats"]["card"] == {"weapon": 1} and sheet["deck_list"]["weapon"] == 5
