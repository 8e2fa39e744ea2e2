"""The adventure's narrative on a phone, taps only: each hero's choice, Continue refused and then taken,
the worst of three dice, the rolled life point loss; a hero without a value on record taps it first."""
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 740}}
GAMBLING = {"game": "aventuria", "mode": "adventure",
            "players": [{"name": "Ann", "skills": {"willpower": 12}}, {"name": "Ben", "skills": {"willpower": 10}}],
            "options": {"adventure": "the-non-gambling-kind", "starting_player": 0}}
WILDENSTEIN = {"game": "aventuria", "mode": "adventure",
               "players": [{"name": "Ann", "skills": {"knowledge": 12}}, {"name": "Ben"}],
               "options": {"adventure": "legacy-of-wildenstein", "start_act": 1, "heir": 1, "starting_player": 0}}


def _open(new_context, body):
    context = new_context(**SMALL)
    page = context.new_page()
    response = context.request.post("/api/sessions/", data=body)
    assert response.status == 201, response.text()
    page.goto(f"/t/{response.json()['id']}/")
    return page


def _tap(page, testid, records=1):
    before = int(page.get_by_test_id("version").inner_text())
    page.get_by_test_id(testid).tap()
    if records:
        page.wait_for_function("v => +document.querySelector('[data-testid=version]').textContent >= v",
                               arg=before + records)


def test_the_non_gambling_kinds_narrative_by_taps(new_context, shot):
    page = _open(new_context, GAMBLING)
    expect(page.get_by_test_id("narrative-title")).to_have_text("The Idol's dance")
    _tap(page, "narrative-continue", records=0)  # nobody chose yet: the refusal, to accept anyway
    expect(page.get_by_test_id("refusal")).to_contain_text("Ann chooses")
    expect(page.get_by_test_id("accept-anyway")).to_be_visible()
    page.locator("[data-dismiss]").tap()
    for ann, ben in (("stay", "leave"), ("grab", "refrain"), ("keep", "resist")):
        _tap(page, f"narrative-choice-0-{ann}")
        _tap(page, f"narrative-choice-1-{ben}")
        _tap(page, "narrative-continue")
    expect(page.get_by_test_id("narrative-title")).to_have_text("Breaking the spell")
    expect(page.get_by_test_id("narrative-result-1")).to_contain_text("without a roll")
    shot(page, "adventure-narrative")
    page.get_by_test_id("narrative-roll-0-d0-4").tap()
    page.get_by_test_id("narrative-roll-0-d1-16").tap()
    _tap(page, "narrative-roll-0-d2-9")  # the third die sends the worst, 16, with the three dice
    expect(page.get_by_test_id("narrative-result-0")).to_contain_text("Rolled 16 (dice 4, 16, 9) against 12: Failure")
    _tap(page, "narrative-loss-0-4")
    _tap(page, "narrative-continue")
    expect(page.get_by_test_id("av-setup")).to_be_visible()
    expect(page.get_by_test_id("lp-0")).to_have_text("36")


def test_a_value_not_on_record_is_tapped_before_the_roll(new_context):
    page = _open(new_context, WILDENSTEIN)
    expect(page.get_by_test_id("narrative-value-1")).to_have_text("Knowledge ?")
    page.get_by_test_id("narrative-roll-1-value").locator("[data-chip='9']").tap()
    _tap(page, "narrative-roll-1-15")
    expect(page.get_by_test_id("narrative-result-1")).to_contain_text("Rolled 15 against 9: Failure")
    _tap(page, "narrative-roll-0-1")
    expect(page.get_by_test_id("narrative-result-0")).to_contain_text("Critical success")
    expect(page.get_by_test_id("narrative-continue")).to_have_text("Continue \u2192 The storm")
