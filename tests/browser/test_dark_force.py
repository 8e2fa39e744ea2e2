"""Dark Force on a phone: an Essen '96 tournament game that ends on Boron's Halls, recorded through the
page's destroy form, then fed into its tournament with "Record in tournament".
Hooks: docs/PAGES.md (Dark Force)."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TOURNAMENT = {"game": "dark-force", "mode": "tournament", "players": [{"name": "Ann"}, {"name": "Ben"}],
              "options": {}}


def destroy(page, owner, card, kind, value, expect_points=None):
    form = page.get_by_test_id("df-destroy-form")
    form.locator("select[name=player]").select_option(str(owner))
    form.locator("input[name=card]").fill(card)
    form.locator("select[name=kind]").select_option(kind)
    form.locator("input[name=value]").fill(str(value))
    page.get_by_test_id("df-destroy-submit").tap()
    if expect_points is not None:
        expect(page.get_by_test_id(f"df-bh-points-{owner}")).to_have_text(str(expect_points))


def test_a_game_ending_on_borons_halls_feeds_the_tournament(page, create_session, shot):
    tournament = create_session(TOURNAMENT)
    duel = create_session({"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
                           "options": {"deck_size": 60, "essen96": True, "first_player": 0,
                                       "tournament": tournament["id"]}})
    page.goto(duel["url"])

    # Both halls side by side, the target, the tournament hour counting down.
    expect(page.get_by_test_id("df-bh-points-0")).to_have_text("0")
    expect(page.get_by_test_id("df-bh-points-1")).to_have_text("0")
    expect(page.get_by_test_id("df-bh-target")).to_have_text("20")
    expect(page.get_by_test_id("df-active")).to_have_text("Ann")
    expect(page.get_by_test_id("df-clock-remaining")).to_have_text(re.compile(r"^(59|60):\d\d$"))
    expect(page.get_by_test_id("df-time-up")).to_be_visible()

    # Ben loses an uncontrollable creature ("#" counts 1) and a hero; then Ann's armies fall.
    destroy(page, 1, "Wild Dragon", "creature", "#", expect_points=1)
    destroy(page, 1, "Mercenary Captain", "hero", 3, expect_points=4)
    destroy(page, 0, "Orc Horde", "army", 8, expect_points=8)
    destroy(page, 0, "Goblin Band", "army", 7, expect_points=15)
    expect(page.get_by_test_id("df-bh-diff")).to_have_text("11")
    expect(page.get_by_test_id("df-bh-to-end-0")).to_have_text("5 points from the end")
    expect(page.get_by_test_id("df-bh-cards-1")).to_contain_text("Wild Dragon")
    shot(page, "dark-force-duel", wait_hidden="toast", full_page=True)
    destroy(page, 0, "Ogre Clan", "army", 5, expect_points=20)

    # Ann reached 20 with Ben at 4: the game is over and Ben, with fewer points, wins.
    result = page.get_by_test_id("df-result")
    expect(result).to_contain_text("Ben wins")
    expect(result).to_contain_text("Boron")
    expect(page.get_by_test_id("outcome")).to_contain_text("Ben")
    expect(page.get_by_test_id("df-clock")).to_have_count(0)
    expect(page.get_by_test_id("df-tournament-link")).to_be_visible()
    shot(page, "dark-force-game-over", wait_hidden="toast", full_page=True)
    page.get_by_test_id("df-record").tap()

    # The tournament page: Ben +16, Ann -16, the game listed with its link.
    expect(page).to_have_url(re.compile(rf"/t/{tournament['id']}/$"))
    expect(page.get_by_test_id("df-points-1")).to_have_text("+16")
    expect(page.get_by_test_id("df-points-0")).to_have_text("-16")
    expect(page.get_by_test_id("df-rank-1")).to_have_text("1")
    expect(page.get_by_test_id("df-standing-1")).to_have_attribute("data-name", "Ben")
    expect(page.get_by_test_id("df-games")).to_contain_text("Ben wins")
    expect(page.get_by_test_id("df-standings-csv")).to_have_attribute(
        "href", f"/api/sessions/{tournament['id']}/standings.csv")
    shot(page, "dark-force-tournament", full_page=True)
