"""Curse of the Desert on a phone, by taps only: a solo night from the start-of-night helper through two rounds
(moves, the draw, a skill test with Consult Your Fate, an attack on the guard, the guard's attack and the
dodge, the time step) to a retreat from the Courtyard and the night's summary; and one round of a group of
two (both heroes moving the token, the draws, two guards acting, a "+1" space bringing a guard per hero);
and Locked Doors' smaller plan, a card named from the plan's card panel, and a locked room refused with its
rule and entered anyway with a reason. Hooks: the cotd- testids of templates/games/curse-of-the-desert/ and of the Quick buttons page.py and page_night.py make."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ANN = {"name": "Ann", "attributes": {"close_combat": 12, "ranged_combat": 11, "dodge": 10}}
SOLO = {"game": "curse-of-the-desert", "mode": "nedime", "players": [ANN], "options": {"hasrabal_cards": 3}}
GROUP = {"game": "curse-of-the-desert", "mode": "nedime",
         "players": [ANN, {"name": "Ben", "attributes": {"close_combat": 11, "dodge": 9}}], "options": {"hasrabal_cards": 3}}
WAIT_MS = 6000


def api_state(page, session):
    response = page.request.get(f"/api/sessions/{session['id']}/")
    assert response.status == 200, response.text()
    return response.json()["state"]


def version(page) -> int:
    return int(page.get_by_test_id("version").inner_text())


def tap(page, testid, face=None, records=1):
    """Tap an element (or a face of the pad it names) and wait until the table has recorded `records` actions."""
    before = version(page)
    target = page.get_by_test_id(testid)
    if face is not None:
        target = target.locator(f"[data-face='{face}'], [data-chip='{face}']").first
    target.tap()
    if records:
        page.wait_for_function("v => +document.querySelector('[data-testid=version]').textContent >= v",
                               arg=before + records, timeout=WAIT_MS)


def step_is(page, step):
    expect(page.get_by_test_id("cotd-stepper").locator(f"li[data-step={step}]")).to_have_attribute("aria-current", "step")


def lay_out_the_palace(page, hasrabal=(4, 0, 5), court="B3", manticores=("A3", "D1", "D5", "C6")):
    """The start-of-night helper: the Hasrabal Cards, the Courtyard, the Manticore Cards; the guard's defaults."""
    for i in hasrabal:
        tap(page, f"cotd-hasrabal-{i}", records=0)
    tap(page, f"cotd-setup-cell-{court}", records=0)
    for cell in manticores:
        tap(page, f"cotd-setup-cell-{cell}", records=0)


def test_a_solo_night_from_its_setup_to_a_retreat(page, create_session, shot):
    session = create_session(SOLO)
    page.goto(session["url"])
    expect(page.get_by_test_id("cotd-setup")).to_be_visible()
    expect(page.get_by_test_id("cotd-stepper")).to_have_count(0)
    expect(page.get_by_test_id("cotd-hearts-whole")).to_have_text("9")

    # The night's preparation, by taps: Raised Alert, Nedime's Heart and Overslept; the Courtyard at B3
    # (a second tap on it would take it back), the four Manticore Cards; the guard as the helper offers it.
    lay_out_the_palace(page)
    expect(page.get_by_test_id("cotd-hasrabal-count")).to_have_text("3")
    expect(page.get_by_test_id("cotd-setup-status")).to_have_text(
        "Courtyard B3 · Manticore Cards 4 of 4 · Hasrabal Cards 3 of 3.")
    expect(page.get_by_test_id("cotd-setup-guard-0-life_points").locator("[aria-pressed=true]")).to_have_text("5")
    page.get_by_test_id("cotd-setup-guard-0-life_points").locator("[data-value='6']").tap()
    shot(page, "curse-of-the-desert-setup", full_page=True)
    tap(page, "cotd-setup-submit")

    # Step 0 of round 1: the Courtyard's row and column are up, the Manticore Cards stay down; only the
    # Courtyard and its four neighbours are taps.
    step_is(page, "move")
    expect(page.get_by_test_id("cotd-night")).to_have_text("1")
    expect(page.get_by_test_id("cotd-round")).to_have_text("1")
    expect(page.get_by_test_id("cotd-alert")).to_have_text("2")  # Raised Alert
    expect(page.get_by_test_id("cotd-villain-lp-v1")).to_have_text("6")
    expect(page.get_by_test_id("cotd-pile-total")).to_have_text("4")
    expect(page.get_by_test_id("cotd-reminder-nedimes-heart")).to_be_visible()
    tap(page, "cotd-heart-break")  # say Nedime's Heart breaks one: one tap in the header
    expect(page.get_by_test_id("cotd-hearts-whole")).to_have_text("8")
    for cell in ("B2", "B3", "B4", "A3", "C3"):
        expect(page.get_by_test_id(f"cotd-cell-{cell}")).to_have_attribute("data-act", "move_hero")
    for cell in ("A1", "B5", "D3"):
        expect(page.get_by_test_id(f"cotd-cell-{cell}")).not_to_have_attribute("data-act", "move_hero")
    expect(page.get_by_test_id("cotd-thumb")).to_have_count(0)  # nobody moved yet
    tap(page, "cotd-cell-B4")
    expect(page.get_by_test_id("cotd-here")).to_have_text("B4")
    expect(page.get_by_test_id("cotd-cell-A4")).to_have_class(re.compile(r"\bup\b"))  # turned up
    expect(page.get_by_test_id("cotd-retreat")).to_have_count(0)  # not on the Courtyard
    shot(page, "curse-of-the-desert-moved", full_page=True)

    # 1A-1C: on to the draw, "Draw 2 -> Endurance" in one tap, then "Ready -> Hero's turn".
    tap(page, "cotd-next")
    step_is(page, "draw")
    tap(page, "cotd-next", records=2)
    step_is(page, "endurance")
    expect(page.get_by_test_id("cotd-hand-0")).to_have_text("7")
    tap(page, "cotd-endurance-0")
    expect(page.get_by_test_id("cotd-endurance-count-0")).to_have_text("1/2 this round")
    tap(page, "cotd-next", records=2)
    step_is(page, "hero_turn")

    # A skill test whose Failure shows the fate symbol: stealth is not on the hero card, so its value is
    # tapped once; a 15 fails, and Consult Your Fate turns up a Fortune: a success.
    tap(page, "cotd-test-skill-stealth", records=0)
    expect(page.get_by_test_id("cotd-test-value")).to_be_visible()
    tap(page, "cotd-test-value", face=12, records=0)
    page.get_by_test_id("cotd-test-fate").locator("input").check()
    tap(page, "cotd-test-roll", face=15)
    expect(page.get_by_test_id("cotd-consult")).to_be_visible()
    expect(page.get_by_test_id("cotd-consult-odds")).to_contain_text("1 Fortune")
    expect(page.get_by_test_id("cotd-next")).to_have_count(0)  # fate first
    shot(page, "curse-of-the-desert-consult", wait_hidden="toast", full_page=True)
    tap(page, "cotd-consult-fortune")
    expect(page.get_by_test_id("cotd-consult")).to_have_count(0)
    expect(page.get_by_test_id("cotd-last-result")).to_have_text("success")
    expect(page.get_by_test_id("cotd-pile-fortune")).to_have_text("0")
    expect(page.get_by_test_id("cotd-reserve-fortune")).to_have_text("6")

    # An attack on the guard: close combat, a 5 hits (12), 4 damage; the guard's dodge of 18 fails; 4 - armor 1.
    tap(page, "cotd-attack-close-v1")
    tap(page, "cotd-pad-attack", face=5)
    expect(page.get_by_test_id("cotd-attack-result")).to_have_text("hit")
    tap(page, "cotd-pad-damage", face=4)
    tap(page, "cotd-pad-villain-dodge", face=18)
    expect(page.get_by_test_id("cotd-damage-villain")).to_have_text("Honor Guard takes 4 − armor 1 = 3")
    tap(page, "cotd-damage-villain")
    expect(page.get_by_test_id("cotd-villain-lp-v1")).to_have_text("3")
    tap(page, "cotd-next")

    # The guard's turn: its action die, an attack of 4 on Ann, her dodge of 14 fails (Dodge 10), 4 damage.
    step_is(page, "opponents")
    expect(page.get_by_test_id("cotd-opp-who")).to_have_text("Honor Guard")
    tap(page, "cotd-pad-action", face=7)
    expect(page.get_by_test_id("cotd-opp-roll")).to_have_text("7")
    tap(page, "cotd-hit-0-4")
    expect(page.get_by_test_id("cotd-defence-damage")).to_have_text("4")
    tap(page, "cotd-pad-dodge", face=14)
    tap(page, "cotd-take-damage")
    expect(page.get_by_test_id("cotd-lp-0")).to_have_text("36")
    expect(page.get_by_test_id("cotd-opp-done")).to_be_visible()
    tap(page, "cotd-next")

    # Time: a plain space, then round 2.
    step_is(page, "time")
    tap(page, "cotd-time-plain")
    expect(page.get_by_test_id("cotd-time")).to_have_text("1")
    tap(page, "cotd-next")
    expect(page.get_by_test_id("cotd-round")).to_have_text("2")
    step_is(page, "move")

    # Back onto the Courtyard, and out of the palace.
    tap(page, "cotd-cell-B3")
    expect(page.get_by_test_id("cotd-retreat")).to_be_visible()
    tap(page, "cotd-retreat")
    expect(page.get_by_test_id("cotd-summary")).to_be_visible()
    expect(page.get_by_test_id("cotd-summary-reason")).to_have_text("Retreat through the Courtyard")
    expect(page.get_by_test_id("cotd-summary-rounds")).to_have_text("2")
    expect(page.get_by_test_id("cotd-setup")).to_be_visible()  # the next night's preparation
    expect(page.get_by_test_id("cotd-grid")).to_have_count(0)
    shot(page, "curse-of-the-desert-summary", wait_hidden="toast", full_page=True)
    state = api_state(page, session)
    assert state["phase"] == "exploration_setup" and state["exploration_end_reason"] == "retreat"
    assert state["nights"] == [{"exploration": 1, "reason": "retreat", "rounds": 2, "hearts_broken": 1}]


def test_a_group_round_by_taps(page, create_session):
    session = create_session(GROUP)
    page.goto(session["url"])
    expect(page.get_by_test_id("cotd-setup-guard-1")).to_be_visible()  # one guard per hero
    lay_out_the_palace(page)
    tap(page, "cotd-setup-submit")
    expect(page.get_by_test_id("cotd-villain-v2")).to_be_visible()
    expect(page.get_by_test_id("cotd-lp-0")).to_have_text("30")  # a group's reduced life points
    expect(page.get_by_test_id("cotd-hearts-total")).to_have_text("7")  # two hearts fewer

    # Step 0: Ann (the Starting Hero) moves the token, then Ben; the group's order shows who is next.
    expect(page.get_by_test_id("cotd-mover")).to_have_text("Ann")
    tap(page, "cotd-cell-C3")
    expect(page.get_by_test_id("cotd-mover")).to_have_text("Ben")
    tap(page, "cotd-cell-C2")
    expect(page.get_by_test_id("cotd-moved")).to_be_visible()
    tap(page, "cotd-next")
    tap(page, "cotd-next", records=3)  # everyone draws 2, then the Endurance step
    step_is(page, "endurance")
    tap(page, "cotd-next", records=2)
    expect(page.get_by_test_id("cotd-active")).to_have_text("Ann")
    tap(page, "cotd-next")
    expect(page.get_by_test_id("cotd-active")).to_have_text("Ben")
    tap(page, "cotd-next")

    # The guards, left to right: the first hits Ben for 3 (no dodge), the second's die is no attack.
    step_is(page, "opponents")
    tap(page, "cotd-pad-action", face=9)
    tap(page, "cotd-hit-1-3")
    tap(page, "cotd-no-dodge")
    expect(page.get_by_test_id("cotd-lp-1")).to_have_text("27")
    expect(page.get_by_test_id("cotd-opp-who")).to_have_text("Honor Guard")
    tap(page, "cotd-pad-action", face=16)
    tap(page, "cotd-next")

    # A +1 space: one guard per hero, each the same card again in one tap.
    tap(page, "cotd-time-enemy")
    expect(page.get_by_test_id("cotd-guards-due")).to_have_text("2")
    tap(page, "cotd-guard-same-0")
    tap(page, "cotd-guard-same-0")
    expect(page.get_by_test_id("cotd-villain-v4")).to_be_visible()
    tap(page, "cotd-next")
    expect(page.get_by_test_id("cotd-round")).to_have_text("2")
    expect(page.get_by_test_id("cotd-token-holder")).to_have_text("Ben")  # the token passed on
    expect(page.get_by_test_id("cotd-mover")).to_have_text("Ben")
    state = api_state(page, session)
    assert state["starting_player"] == 1 and [v["id"] for v in state["villains"]] == ["v1", "v2", "v3", "v4"]


def record(page, session, action, **params):
    response = page.request.post(f"/api/sessions/{session['id']}/actions/", data={"type": action, "params": params})
    assert response.status == 201, response.text()


def test_locked_doors_a_card_named_from_the_plan_and_a_closed_room_entered_anyway(page, create_session):
    session = create_session(SOLO)
    page.goto(session["url"])
    # Locked Doors: the plan has 4 rows of 5; the sixth column goes from the helper.
    lay_out_the_palace(page, hasrabal=(2, 0, 5), court="B3", manticores=("A3", "D1", "D5", "C5"))
    expect(page.get_by_test_id("cotd-setup-cell-A6")).to_be_hidden()
    expect(page.get_by_test_id("cotd-setup-status")).to_contain_text("Locked Doors: 4 rows of 5")
    tap(page, "cotd-setup-submit")
    expect(page.get_by_test_id("cotd-cell-A5")).to_be_visible()
    expect(page.get_by_test_id("cotd-cell-A6")).to_have_count(0)

    # The card panel names another card: "another card", a tap on A4 (a tap that moves nobody), its name.
    page.get_by_test_id("cotd-card-panel").locator("summary").tap()
    tap(page, "cotd-pick", records=0)
    tap(page, "cotd-cell-B4", records=0)  # a legal move, but in pick mode it only picks
    expect(page.get_by_test_id("cotd-panel-label")).to_have_text("B4")
    page.get_by_test_id("cotd-name-card").fill("Treasury")
    page.get_by_test_id("cotd-card-panel").locator("input[name=locked]").check()
    tap(page, "cotd-name-submit")
    expect(page.get_by_test_id("cotd-card-B4")).to_have_text("Treas\u00adury")
    expect(page.get_by_test_id("cotd-locked-B4")).to_be_visible()
    assert api_state(page, session)["hero_cell"] == [1, 2]  # nobody moved

    # The locked room is no longer lit; why is one tap away, and it may be entered anyway with a reason.
    expect(page.get_by_test_id("cotd-cell-B4")).not_to_have_attribute("data-act", "move_hero")
    page.get_by_test_id("cotd-move-why").locator("summary").tap()
    expect(page.get_by_test_id("cotd-why-B4")).to_contain_text("locked")
    expect(page.get_by_test_id("cotd-why-B4-link")).to_contain_text("R19")
    page.get_by_test_id("cotd-why-B4-anyway").tap()
    expect(page.get_by_test_id("refusal")).to_be_visible()
    expect(page.get_by_test_id("refusal-why")).to_contain_text("R19")
    page.get_by_test_id("accept-anyway").tap()
    page.get_by_test_id("override-reason").fill("the card lets us in")
    tap(page, "override-submit")
    expect(page.get_by_test_id("log").locator("li.overridden")).to_have_count(1)
    expect(page.get_by_test_id("cotd-moved")).to_be_visible()
