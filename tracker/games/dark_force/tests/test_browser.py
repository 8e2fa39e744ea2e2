"""Dark Force on a phone: an Essen '96 tournament game that ends on Boron's Halls, recorded through the
page's destroy form, then fed into its tournament with "Record in tournament"; and a movement phase played
through the play forms (a terrain with a hero, a recruit, a second terrain, a declared and executed move).
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


def record(request, session, type, **params):
    response = request.post(f"/api/sessions/{session['id']}/actions/", data={"type": type, "params": params})
    assert response.status == 201, response.text()
    return response.json()


def open_play(page, key):
    panel = page.get_by_test_id(f"df-play-{key}")
    if panel.get_attribute("open") is None:
        panel.locator("summary").tap()
    return panel


def fill_unit(form, kind, name, third, cs=None, abilities=()):
    form.locator(f"label.df-radio-chip:has(input[name='unit.kind'][value='{kind}'])").tap()
    form.locator("input[name='unit.name']").fill(name)
    form.locator("input[name='unit.values.third']").fill(str(third))
    if cs is not None:
        form.locator("input[name='unit.values.cs']").fill(str(cs))
    for a in abilities:
        form.locator(f"input[name='unit.abilities[{a}]']").check()


def play_terrain(page, name, type_, cap, kind, unit, third, cs=None, abilities=()):
    open_play(page, "terrain")
    form = page.get_by_test_id("df-terrain-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=type]").fill(type_)
    form.locator("input[name='values.cap']").fill(str(cap))
    fill_unit(form, kind, unit, third, cs, abilities)
    with page.expect_response(lambda r: r.url.endswith("/actions/") and r.request.method == "POST") as answer:
        page.get_by_test_id("df-terrain-submit").tap()
    assert answer.value.status == 201, answer.value.text()
    return answer.value.request.post_data_json


def test_a_movement_phase_played_through_the_forms(page, create_session, shot):
    duel = create_session({"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
                           "options": {"deck_size": 60, "first_player": 0}})
    record(page.request, duel, "choose_draws", player=0, count=0)  # two moves
    record(page.request, duel, "next_step", player=0)
    page.goto(duel["url"])
    expect(page.get_by_test_id("df-step")).to_have_text("Play terrains")
    expect(page.get_by_test_id("df-map-empty")).to_be_visible()
    hand = int(page.get_by_test_id("df-hand-0").inner_text())

    # A first terrain with a hero: the engine puts it at [0, 0]; the params nest (values, unit.values).
    sent = play_terrain(page, "Green Hills", "Plains", 4, "hero", "Sir Ulf", 3, cs=2, abilities=("mounted",))
    assert sent["params"] == {"player": 0, "name": "Green Hills", "type": "Plains", "values": {"cap": 4},
                              "unit": {"kind": "hero", "name": "Sir Ulf", "values": {"third": 3, "cs": 2},
                                       "abilities": ["mounted"]}}  # no cell: the engine chose it
    tile = page.locator("[data-testid^=df-terrain-t]").first
    expect(tile).to_contain_text("Green Hills")
    expect(tile).to_have_attribute("data-q", "0")
    expect(page.get_by_test_id("df-terrains-0")).to_have_text("1")
    expect(page.get_by_test_id("df-hand-0")).to_have_text(str(hand - 2))
    tid = tile.get_attribute("data-testid").removeprefix("df-terrain-")
    expect(page.get_by_test_id(f"df-terrain-cap-{tid}")).to_have_text("cap 0/4 · h 1")

    # An army recruited under it, through the recruit form (the value "2" goes as a number).
    open_play(page, "recruit")
    form = page.get_by_test_id("df-recruit-form")
    form.locator("select[name=terrain]").select_option(tid)
    fill_unit(form, "army", "Spearmen", 2, cs=2)
    page.get_by_test_id("df-recruit-submit").tap()
    expect(page.get_by_test_id(f"df-terrain-cap-{tid}")).to_have_text("cap 2/4 · h 1")
    expect(page.get_by_test_id(f"df-facedown-{tid}-0")).to_have_text("2 face-down")
    expect(page.get_by_test_id("df-hand-0")).to_have_text(str(hand - 3))

    # A second terrain beside it, the cell left to the engine; then the hero leads the army there.
    sent = play_terrain(page, "Old Wood", "Forest", 3, "creature", "Wolves", "#")
    assert sent["params"]["unit"]["values"] == {"third": "#"}  # "#" stays a string
    expect(page.get_by_test_id("df-terrains-0")).to_have_text("2")
    tiles = page.locator("[data-testid^=df-terrain-t][data-q]")
    expect(tiles).to_have_count(2)
    other = [t for t in (tiles.nth(0).get_attribute("data-testid"), tiles.nth(1).get_attribute("data-testid"))
             if t != f"df-terrain-{tid}"][0].removeprefix("df-terrain-")
    open_play(page, "declare")
    form = page.get_by_test_id("df-declare-form")
    form.locator("select[name=from]").select_option(tid)
    form.locator("select[name=to]").select_option(other)
    boxes = page.get_by_test_id(f"df-declare-units-{tid}").locator("input[type=checkbox]")
    expect(boxes).to_have_count(2)
    for i in range(2):
        boxes.nth(i).check()
    leader = page.get_by_test_id(f"df-declare-units-{tid}").locator("select[data-df-leads]")
    expect(leader).to_have_count(1)
    leader.select_option(index=1)  # Sir Ulf leads the army
    with page.expect_request(lambda r: r.url.endswith("/actions/") and r.method == "POST") as sent:
        page.get_by_test_id("df-declare-submit").tap()
    body = sent.value.post_data_json
    assert body["type"] == "declare_move" and len(body["params"]["units"]) == 2
    (hero, led), = body["params"]["leader_of"].items()  # one hero leading the army, both moving
    assert sorted([hero, *led]) == sorted(body["params"]["units"]) and body["params"]["player"] == 0
    expect(page.get_by_test_id("df-step")).to_have_text("Declare moves")
    expect(page.get_by_test_id("df-moves")).to_have_text("1/2")
    expect(page.get_by_test_id("df-play-terrain")).to_have_count(0)  # no new terrain after a declared move

    # Execute Moves: the move's own button carries it out; the map follows.
    page.get_by_test_id("df-next-step").tap()
    expect(page.get_by_test_id("df-step")).to_have_text("Execute moves")
    page.locator("[data-testid^=df-execute-move-]").first.tap()
    expect(page.get_by_test_id(f"df-facedown-{other}-0")).to_have_text("3 face-down")
    expect(page.get_by_test_id(f"df-stack-{tid}-0")).to_have_count(0)
    expect(page.get_by_test_id(f"df-terrain-cap-{other}")).to_contain_text("cap 2/3")
    expect(page.get_by_test_id("df-no-pending")).to_be_visible()
    page.get_by_test_id("df-next-step").tap()
    expect(page.get_by_test_id("df-step")).to_have_text("Movement end")
    expect(page.get_by_test_id("df-plays")).to_be_visible()
    expect(page.get_by_test_id("df-play-recruit")).to_have_count(0)
