"""Part Two on a phone, by taps: a face-down card entered through its picker, a death on the first Death's
Candidate card, its section read and answered ("Objective achieved"), and the next exploration laid out on
the larger tower by the start helper (the Entrance Stairs tapped, the two Orcs as offered). Hooks: the cotd-
testids of templates/games/curse-of-the-desert/_tower*.html and _section.html (docs/PAGES.md)."""
import pytest
from playwright.sync_api import expect

from .test_browser import WAIT_MS, api_state, record, tap

pytestmark = pytest.mark.browser

ANN = {"name": "Ann", "attributes": {"close_combat": 12, "ranged_combat": 11, "dodge": 10}}
ORC = {"name": "Orc Bandit", "kind": "henchman", "tp": 2, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1,
       "keywords": ["Orc"]}
TOWER = {"game": "curse-of-the-desert", "mode": "borbarad", "players": [ANN],
         "options": {"time_start": 8, "entrance": [1, 2], "villains": [ORC, ORC]}}


def test_a_death_its_section_and_the_next_exploration(page, create_session, shot):
    session = create_session(TOWER)
    page.goto(session["url"])
    expect(page.get_by_test_id("cotd-exploration")).to_have_text("1")
    expect(page.get_by_test_id("cotd-read-next")).to_contain_text("Section 1")
    expect(page.get_by_test_id("cotd-cell-B3")).to_have_attribute("data-act", "move_hero")  # stay on the stairs

    # A face-down neighbour: its tap opens the picker, nothing is recorded until the card is named.
    tap(page, "cotd-cell-A3", records=0)
    picker = page.get_by_test_id("cotd-enter-A3")
    expect(picker).to_have_attribute("open", "")
    page.get_by_test_id("cotd-enter-A3-name").fill("Library")
    shot(page, "curse-of-the-desert-tower-picker", full_page=True)
    tap(page, "cotd-enter-A3-submit")
    expect(page.get_by_test_id("cotd-here")).to_have_text("A3")
    expect(page.get_by_test_id("cotd-entry-says")).to_contain_text("then take its Learning Card")
    expect(page.get_by_test_id("cotd-learning")).to_contain_text("Library")

    # The tower kills the hero: the exploration ends and Section 1 is due.
    record(page, session, "life_point_loss", target=0, amount=40)
    expect(page.get_by_test_id("cotd-section")).to_be_visible(timeout=WAIT_MS)
    expect(page.get_by_test_id("cotd-section-title")).to_have_text("Section 1")
    expect(page.get_by_test_id("cotd-branch-yes-xp-upper")).to_contain_text("2 of 6")
    expect(page.get_by_test_id("cotd-branch-yes-layout")).to_have_text("3 \u00d7 4")
    expect(page.get_by_test_id("cotd-grid")).to_have_count(0)
    shot(page, "curse-of-the-desert-section", full_page=True)
    tap(page, "cotd-objective-yes")

    # The next exploration: the 3 x 4 tower, the Entrance Stairs tapped, the two Orcs as the helper offers them.
    expect(page.get_by_test_id("cotd-setup")).to_be_visible()
    expect(page.get_by_test_id("cotd-setup-layout")).to_have_text("3 \u00d7 4")
    expect(page.get_by_test_id("cotd-read-next")).to_contain_text("Section 2")
    expect(page.get_by_test_id("cotd-fp-0")).to_have_text("1")  # the Objective's Fate Point
    tap(page, "cotd-setup-cell-C4", records=0)
    expect(page.get_by_test_id("cotd-setup-status")).to_have_text("Entrance Stairs on C4.")
    tap(page, "cotd-setup-submit")
    expect(page.get_by_test_id("cotd-exploration")).to_have_text("2")
    expect(page.get_by_test_id("cotd-grid").locator("[data-cotd-cell]")).to_have_count(12)
    expect(page.get_by_test_id("cotd-here")).to_have_text("C4")
    expect(page.get_by_test_id("cotd-villain-lp-v1")).to_have_text("6")
    shot(page, "curse-of-the-desert-tower", full_page=True)
    state = api_state(page, session)
    assert (state["dc_stage"], state["exploration"], state["entrance"]) == (2, 2, [2, 3])
    assert state["layout"] == {"rows": 3, "cols": 4} and state["learning_cards"] == ["Library"]
