"""A chance encounter's round on a phone, taps only: two heroes, two villains; the preparation's draws, an
attack on a villain, the hero turns ended, a villain's attack that knocks a hero out, the time counter,
the next round, and the other hero reanimating the one who fell."""
import re

import pytest
from playwright.sync_api import expect

from tracker.models import CardFact, Session

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 740}}
ROW = [{"name": "Baron", "tp": 9, "life_points": 12, "dodge": 6, "armor": 2, "actions": 2},
       {"name": "Thug", "tp": 5, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1}]
ENCOUNTER = {"game": "aventuria", "mode": "chance_encounter",
             "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
             "options": {"starting_player": 0, "time_counters": 4, "villains": ROW,
                         "time_effects": {"3": "Draw an event card"}}}


class Taps:
    """Tap a test id (or a face / chip inside it) and wait until the table has recorded `records` actions."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def version(self) -> int:
        return int(self.page.get_by_test_id("version").inner_text())

    def __call__(self, testid, face=None, records=1):
        before = self.version()
        target = self.page.get_by_test_id(testid)
        if face is not None:
            target = target.locator(f"[data-face='{face}'], [data-chip='{face}']").first
        target.tap()
        self.count += 1
        if records:
            self.page.wait_for_function("v => +document.querySelector('[data-testid=version]').textContent >= v",
                                        arg=before + records)


def test_one_round_of_a_chance_encounter_by_taps(new_context, shot):
    context = new_context(**SMALL)
    page = context.new_page()
    response = context.request.post("/api/sessions/", data=ENCOUNTER)
    assert response.status == 201, response.text()
    page.goto(f"/t/{response.json()['id']}/")
    tap = Taps(page)
    expect(page.get_by_test_id("av-time")).to_have_text("4")
    expect(page.get_by_test_id("av-next-effect")).to_contain_text("next: 3 left — Draw an event card")
    expect(page.get_by_test_id("leader-v1")).to_contain_text("acting leader")
    shot(page, "adventure-preparation")

    # 1. Preparation: both heroes draw with one tap (one undo), then on to the hero turns
    tap("prep-draw-all", records=2)
    expect(page.get_by_test_id("hand-0")).to_have_text("7")
    expect(page.get_by_test_id("hand-1")).to_have_text("7")
    tap("to-hero-turns")

    # 2. Ann's turn: a close combat attack on the Baron, who dodges and fails, 8 − armor 2
    tap("attack-close-v1")
    tap("pad-attack_roll-roll", face=5)
    tap("pad-damage_roll-amount", face=8)
    tap("pad-villain_dodge_roll-roll", face=15)
    expect(page.get_by_test_id("damage-villain")).to_have_text("Baron takes 8 − armor 2 = 6")
    tap("damage-villain")
    expect(page.get_by_test_id("villain-lp-v1")).to_have_text("6")
    tap("end-hero-turn", records=2)
    tap("end-hero-turn", records=2)  # Ben's turn

    # 3. The villains: the Baron's first action hits Ben for 45, knocking him out: roll, amount, take
    expect(page.get_by_test_id("av-who")).to_have_text("Baron, action 1 of 2")
    turn = tap.count
    tap("pad-villain_action_roll-roll", face=10)
    page.get_by_test_id("method-starting_hero").tap()  # narrowing the targets: only Ann holds the token
    expect(page.get_by_test_id("hit-pad-1")).to_be_hidden()
    page.get_by_test_id("method-most_life_points").tap()  # both on 40: both may be hit, the method goes along
    expect(page.get_by_test_id("hit-pad-1")).to_be_visible()
    page.get_by_test_id("hit-more-1").locator("summary").tap()  # the big amounts are folded
    expect(page.get_by_test_id("hit-1-45")).to_have_attribute("data-params", re.compile(r'"method": ?"most_life_points"'))
    tap("hit-1-45")
    tap("apply-damage")
    assert tap.count - turn == 3  # the goal: three taps a villain turn, nothing typed but the roll
    expect(page.get_by_test_id("log")).to_contain_text("Baron attacks Ben")
    expect(page.get_by_test_id("unconscious-1")).to_be_visible()
    expect(page.get_by_test_id("player-1")).to_have_class("player out")
    shot(page, "adventure-villain-turn")
    tap("pad-villain_action_roll-roll", face=10)  # the Baron's second action, no attack
    expect(page.get_by_test_id("av-who")).to_have_text("Thug, action 1 of 1")
    tap("pad-villain_action_roll-roll", face=12)
    tap("hit-0-3")
    tap("apply-damage")
    expect(page.get_by_test_id("lp-0")).not_to_have_text("40")
    tap("to-time-effects")

    # 4. Time effects and the next round: the token passes on (Ben is out, so it stays with Ann)
    tap("remove-time")
    expect(page.get_by_test_id("av-time")).to_have_text("3")
    expect(page.get_by_test_id("av-now-effect")).to_contain_text("Draw an event card")
    tap("next-round")
    expect(page.get_by_test_id("av-round")).to_have_text("Round 2")

    # 5. Round 2: Ann draws, readies two endurance and reanimates Ben with X = 2
    tap("prep-draw-0")
    tap("prep-endurance-0")
    tap("prep-endurance-0")
    expect(page.get_by_test_id("prep-endurance-count-0")).to_have_text("endurance 2/2")
    tap("to-hero-turns")
    revive = page.get_by_test_id("revive-1")
    expect(revive).to_contain_text("Reanimate Ben")
    tap("pad-reanimate-roll", face=2)  # X is already 2 (her ready endurance)
    expect(page.get_by_test_id("revived-1")).to_have_text("back next round")
    expect(page.get_by_test_id("log").locator("li:not([hidden])").first).to_contain_text("Ben is revived")
    shot(page, "adventure-revived")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


def test_the_row_is_placed_by_chips_and_a_villain_typed_once_fills_itself_in(page, create_session):
    session = create_session({**ENCOUNTER, "options": {"starting_player": 0}})
    page.goto(session["url"])
    tap = Taps(page)
    tap("time-4")
    expect(page.get_by_test_id("av-threat")).to_have_text("Threat 0 of 14")
    form = page.get_by_test_id("av-henchman-form")
    name = form.locator("input[name=name]")
    expect(name).to_have_attribute("list", "tk-cards-villain")
    name.fill("Baron")  # a name is the one thing a form cannot tap
    for testid, chip in (("av-tp", 9), ("av-lp", 12), ("av-dodge", 6), ("av-armor", 2), ("av-actions", "N")):
        tap(testid, face=chip, records=0)
    tap("av-place")
    expect(page.get_by_test_id("av-threat")).to_have_text("Threat 9 of 14")
    expect(page.get_by_test_id("villain-v1")).to_contain_text("Actions N=2")

    name.fill("baron")  # known now: its card's facts come back
    assert [form.locator(f"[name={f}]").input_value() for f in ("tp", "life_points", "dodge", "armor", "actions")] == [
        "9", "12", "6", "2", "N"]
    name.fill("Thug")  # not known: what the name filled goes again
    assert form.locator("[name=tp]").input_value() == ""
    for testid, chip in (("av-tp", 5), ("av-lp", 6), ("av-dodge", "-"), ("av-armor", 1), ("av-actions", 1)):
        tap(testid, face=chip, records=0)
    tap("av-place")  # 14 of 14: the combat begins by itself
    expect(page.get_by_test_id("av-prep")).to_be_visible()
    expect(page.get_by_test_id("villain-v2")).to_contain_text("Dodge -")


def test_another_phone_redrawing_the_table_keeps_what_a_villain_filled_in(page, create_session):
    # The henchman form is part of the table, so another phone's tap redraws it while this one fills it:
    # the values stay, and so does which of them the villain's card filled, so another name takes them back.
    session = create_session({**ENCOUNTER, "options": {"starting_player": 0}})
    scope = Session.objects.get(pk=session["id"])
    CardFact.objects.create(scope=scope, game="aventuria", kind="villain", key="baron", name="Baron",
                            facts={"tp": 9, "life_points": 12, "dodge": 6, "armor": 2, "actions": "N"})
    page.goto(session["url"])
    tap = Taps(page)
    tap("time-4")
    form = page.get_by_test_id("av-henchman-form")
    name = form.locator("input[name=name]")
    shown = ("tp", "life_points", "dodge", "armor", "actions")
    name.fill("Baron")
    assert [form.locator(f"[name={f}]").input_value() for f in shown] == ["9", "12", "6", "2", "N"]

    other = page.request.post(f"/api/sessions/{session['id']}/actions/",
                              data={"type": "setup_combat", "params": {"time_counters": 5}})
    assert other.status == 201, other.text()
    expect(page.get_by_test_id("version")).to_have_text("2")  # drawn again, form and all
    expect(page.get_by_test_id("av-time")).to_have_text("5")
    assert [form.locator(f"[name={f}]").input_value() for f in shown] == ["9", "12", "6", "2", "N"]
    name.fill("Thug")
    assert form.locator("[name=tp]").input_value() == ""


def test_a_chance_encounter_starts_from_the_home_page_with_its_own_options(page):
    page.goto("/")
    form = page.get_by_test_id("new-game")
    form.locator("select[name=game]").select_option("aventuria")
    options = form.locator("details.options[data-game=aventuria]")
    options.locator("summary").tap()
    expect(options.locator("input[name=reward_cards_allowed]")).to_be_visible()  # the duel's
    expect(options.locator("select[name=time_out]")).to_be_hidden()
    form.locator("select[name=mode]").select_option("chance_encounter")
    expect(options.locator("input[name=reward_cards_allowed]")).to_be_hidden()
    expect(options.locator("select[name=time_out]")).to_be_visible()
    form.locator("input[name=name]").first.fill("Ann")  # a chance encounter is for 1 to 4 heroes
    options.locator("input[name=time_counters]").fill("5")
    options.locator("select[name=time_out]").select_option("defeat")
    page.get_by_test_id("start").tap()
    expect(page.get_by_test_id("av-setup")).to_be_visible()
    # the time counters came with the options: the henchmen come next
    expect(page.get_by_test_id("av-henchman-form")).to_be_visible()
    expect(page.get_by_test_id("av-time")).to_have_text("5")
