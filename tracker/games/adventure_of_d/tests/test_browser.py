"""Adventure of D on a phone, by taps only: a solo turn (two reveals, a move meeting a shadow paid with a card,
a test, a rest) and a co-op entry into the Tower of Death with Heroes Assemble ending in a minor win.
Hooks: the testids listed in page.py's helpers and state.html."""
import pytest
from playwright.sync_api import expect

from ..setup import EXAMPLE_MAP

pytestmark = pytest.mark.browser

# A Castle of Light 0 | B Village of Dawn 1 | C Mountain of Mage 2 | D Lake of Hope 1
# E Old Village of Dew 2 | F Tower of Death 3 | G Forest of Echoes 1 | H Harbour of Mist 2
# I Cave of Whispers 3 | J Field of Stars 0 | K Bridge of Ash 2 | L Temple of Moon 1
SOLO = {"game": "adventure-of-d", "mode": "solo", "players": [{"name": "Ann", "setup_check": "strength"}],
        "options": {"map": EXAMPLE_MAP}}


def api_state(page, session):
    response = page.request.get(f"/api/sessions/{session['id']}/")
    assert response.status == 200, response.text()
    return response.json()["state"]


def record(page, session, action, **params):
    response = page.request.post(f"/api/sessions/{session['id']}/actions/", data={"type": action, "params": params})
    assert response.status == 201, response.text()
    return response.json()


def current_step(page, step):
    expect(page.get_by_test_id("aod-stepper").locator(f"li[data-step={step}]")).to_have_attribute("aria-current", "step")


def tap_value(page, testid, value):
    page.get_by_test_id(testid).locator(f"[data-value='{value}']").tap()


def reveal(page, type, power, cell):
    page.get_by_test_id(f"aod-reveal-type-{type}").tap()
    tap_value(page, "pad-reveal_event-power", power)
    page.get_by_test_id(f"aod-cell-{cell}").tap()  # the location: a tap on the map
    page.get_by_test_id("aod-reveal-submit").tap()


def tap_test(page, attr, difficulty, card_power, check):
    """The test helper filled by taps: the attribute, the difficulty, the test card of that type, the check."""
    page.get_by_test_id(f"aod-test-attr-{attr}").tap()
    tap_value(page, "pad-test-difficulty", difficulty)
    page.get_by_test_id(f"aod-test-type-{attr}").tap()
    tap_value(page, "pad-test-card_power", card_power)
    tap_value(page, "pad-test-check", check)


def test_a_solo_turn_by_taps(page, create_session, shot):
    session = create_session(SOLO)
    page.goto(session["url"])
    expect(page.get_by_test_id("aod-timer")).to_have_text("8")
    expect(page.get_by_test_id("aod-rounds-left")).to_have_text("9")
    expect(page.get_by_test_id("aod-hp-0")).to_have_text("6")
    expect(page.get_by_test_id("aod-magic-0")).to_have_text("4")
    expect(page.get_by_test_id("aod-str-0")).to_have_text("1")
    expect(page.get_by_test_id("aod-token-0")).to_be_visible()
    current_step(page, "reveal1")
    expect(page.get_by_test_id("aod-move")).to_have_count(0)  # two events first

    # Reveal 1: an agility 2 on the Lake of Hope; Ann (her own decider in solo) rejects it with 2 magic at first.
    page.get_by_test_id("aod-reveal-type-agility").tap()
    expect(page.get_by_test_id("pad-reveal_event-power").locator("[data-value='6']")).to_be_disabled()  # agility: 1-5
    tap_value(page, "pad-reveal_event-power", 2)
    page.get_by_test_id("aod-reveal-loc-D").tap()  # the location from the list of the map's names
    expect(page.get_by_test_id("aod-reveal-summary")).to_have_text("An agility event of power 2 on Lake of Hope.")
    page.get_by_test_id("aod-reveal-submit").tap()
    expect(page.get_by_test_id("aod-pending")).to_have_text("agility 2")
    expect(page.get_by_test_id("aod-decide-who")).to_have_text("Ann")
    page.get_by_test_id("aod-reject-magic").tap()
    expect(page.get_by_test_id("aod-magic-0")).to_have_text("2")
    expect(page.get_by_test_id("aod-decide")).to_have_count(0)
    current_step(page, "reveal1")

    # Again: a strength 4 on the Village of Dawn, accepted; then an intelligence 1 on the Tower of Death.
    reveal(page, "strength", 4, "B")
    page.get_by_test_id("aod-accept").tap()
    expect(page.get_by_test_id("aod-event-B")).to_have_text("strength 4")
    current_step(page, "reveal2")
    reveal(page, "intelligence", 1, "F")
    page.get_by_test_id("aod-accept").tap()
    current_step(page, "main")
    expect(page.get_by_test_id("aod-event-F")).to_have_text("intelligence 1")
    shot(page, "adventure-of-d-main", wait_hidden="toast", full_page=True)

    # The move: a tap on a neighbour (Old Village of Dew, danger 2), a neutral 3 as move card, CHECK 1 = 1: a shadow of 3.
    expect(page.get_by_test_id("aod-cell-C")).not_to_have_attribute("data-aod-map", "Mountain of Mage")  # not adjacent
    page.get_by_test_id("aod-cell-E").tap()
    page.get_by_test_id("aod-move-type-neutral").tap()
    tap_value(page, "pad-move-card_power", 3)
    tap_value(page, "pad-move-check", 1)
    expect(page.get_by_test_id("aod-move-verdict")).to_have_text("Check 1 ≤ danger 2: a shadow of power 3!")
    expect(page.get_by_test_id("aod-shadow")).to_be_visible()
    expect(page.get_by_test_id("aod-shadow-cards")).to_be_visible()
    expect(page.get_by_test_id("aod-shadow-magic")).to_be_hidden()  # magic 2 < 3
    expect(page.get_by_test_id("aod-shadow-none")).to_be_visible()  # allowed: the magic cannot pay
    page.get_by_test_id("aod-shadow-cards").tap()
    tap_value(page, "pad-move-shadow_powers", 5)  # one strength 5 discarded
    expect(page.get_by_test_id("aod-shadow-total")).to_have_text("5 of 3 (1 card)")
    page.get_by_test_id("aod-move-submit").tap()
    expect(page.get_by_test_id("aod-loc-0")).to_have_text("Old Village of Dew")
    expect(page.get_by_test_id("aod-hp-0")).to_have_text("4")  # the move card and the card paid
    expect(page.get_by_test_id("aod-magic-0")).to_have_text("5")  # 2 + the shadow's 3

    # The test: intelligence 5 with an intelligence 3 and CHECK 1 = 2: 3 + 0 + 2 = 5, W, and the bonus HEAL 1.
    tap_test(page, "intelligence", 5, 3, 2)
    expect(page.get_by_test_id("aod-test-total")).to_have_text("card 3 + INT 0 + check 2 = 5 vs 5")
    expect(page.get_by_test_id("aod-test-bonus")).to_have_text("Bonus: HEAL 1.")
    expect(page.get_by_test_id("aod-test-verdict")).to_have_text("W (win)")
    page.get_by_test_id("aod-test-submit").tap()
    expect(page.get_by_test_id("aod-last-test")).to_contain_text("W (win)")
    expect(page.get_by_test_id("aod-hp-0")).to_have_text("4")  # the test card out, the bonus card in

    # The rest on danger 2: draw to 4 (nothing), gain 2 magic; the turn ends and a timer card is spent.
    expect(page.get_by_test_id("aod-rest-preview")).to_contain_text("Draw 0 (to HP 4), gain 2 magic")
    tap_value(page, "pad-rest-discard", 1)
    expect(page.get_by_test_id("aod-rest-preview")).to_contain_text("Discard 1, then draw 1 (to HP 4), gain 2 magic")
    page.get_by_test_id("aod-rest-submit").tap()
    expect(page.get_by_test_id("aod-timer")).to_have_text("7")
    expect(page.get_by_test_id("aod-round")).to_have_text("2")
    current_step(page, "reveal1")
    expect(page.get_by_test_id("aod-magic-0")).to_have_text("7")
    state = api_state(page, session)
    assert state["players"][0]["hp"] == 4 and state["players"][0]["location"] == "Old Village of Dew"
    assert state["phase"] == "reveal" and state["timer_cards"] == 7


def test_a_refused_move_is_shown_beside_the_step(page, create_session):
    session = create_session(SOLO)
    for type_, power, loc in (("strength", 4, "Village of Dawn"), ("intelligence", 1, "Tower of Death")):
        record(page, session, "reveal_event", player=0, **{"type": type_}, power=power, location=loc)
        record(page, session, "accept_event", player=0)
    page.goto(session["url"])
    page.get_by_test_id("aod-cell-E").tap()
    page.get_by_test_id("aod-move-type-neutral").tap()
    tap_value(page, "pad-move-card_power", 4)
    tap_value(page, "pad-move-check", 0)
    page.get_by_test_id("aod-shadow-cards").tap()
    tap_value(page, "pad-move-shadow_powers", 2)  # 2 < 4: the engine refuses (R33)
    page.get_by_test_id("aod-move-submit").tap()
    expect(page.get_by_test_id("refusal")).to_be_visible()
    expect(page.get_by_test_id("accept-anyway")).to_be_visible()
    inline = page.get_by_test_id("aod-move-refusal")
    expect(inline).to_be_visible()
    expect(inline).to_contain_text("at least 4")
    expect(inline.get_by_test_id("aod-refusal-why")).to_contain_text("R33")
    assert api_state(page, session)["players"][0]["location"] == "Castle of Light"


def test_a_co_op_tower_entry_with_heroes_assemble_ends_in_a_minor_win(page, create_session, shot):
    session = create_session({"game": "adventure-of-d", "mode": "co_op",
                              "players": [{"name": "Amy", "setup_check": "strength"}, {"name": "Bob", "setup_check": "agility"}],
                              "options": {"map": EXAMPLE_MAP}})
    # Amy walks to the Tower (A -> E -> F) over two turns with safe journeys; Bob stays on the Castle.
    for turn in range(2):
        a = turn % 2
        for type_, power, loc in (("strength", 4, "Village of Dawn"), ("agility", 2, "Lake of Hope")):
            record(page, session, "reveal_event", player=a, **{"type": type_}, power=power, location=loc)
            record(page, session, "accept_event", player=1 - a)
        if a == 0:
            record(page, session, "move", player=0, to="Old Village of Dew", card_type="neutral", card_power=2, check=6)
            record(page, session, "move", player=0, to="Tower of Death", card_type="neutral", card_power=2, check=6)
        record(page, session, "rest", player=a)
    for type_, power, loc in (("strength", 4, "Village of Dawn"), ("agility", 2, "Lake of Hope")):
        record(page, session, "reveal_event", player=0, **{"type": type_}, power=power, location=loc)
        record(page, session, "accept_event", player=1)

    page.goto(session["url"])
    current_step(page, "main")
    expect(page.get_by_test_id("aod-loc-0")).to_have_text("Tower of Death")
    # Heroes Assemble, before entering: Bob discards a card and comes to the Tower.
    expect(page.get_by_test_id("aod-assemble-1")).to_contain_text("discards a card")
    expect(page.get_by_test_id("aod-assemble-1")).to_contain_text("Castle of Light")
    hp_bob = api_state(page, session)["players"][1]["hp"]
    shot(page, "adventure-of-d-tower-entry", full_page=True)
    page.get_by_test_id("aod-enter-tower").tap()
    current_step(page, "tower")
    expect(page.get_by_test_id("aod-tower-room")).to_have_text("1")
    expect(page.get_by_test_id("aod-loc-1")).to_have_text("Tower of Death")
    expect(page.get_by_test_id("aod-hp-1")).to_have_text(str(hp_bob - 1))
    expect(page.get_by_test_id("aod-participant-0")).to_be_visible()
    expect(page.get_by_test_id("aod-participant-1")).to_be_visible()
    expect(page.get_by_test_id("aod-tier-preview")).to_contain_text("minor win with 1")

    # Room 1: Bob records his own test, then the party goes on to the next room.
    page.get_by_test_id("aod-test-who-1").tap()
    tap_test(page, "agility", 3, 2, 1)
    expect(page.get_by_test_id("aod-test-total")).to_have_text("card 2 + AGI 1 + check 1 = 4 vs 3")
    page.get_by_test_id("aod-test-submit").tap()
    expect(page.get_by_test_id("aod-last-test")).to_contain_text("W (win)")
    page.get_by_test_id("aod-next-room").tap()
    expect(page.get_by_test_id("aod-tower-room")).to_have_text("2")

    # Elzoof: Amy defeats him, Bob does not: 1 of 2 is half, a minor win.
    page.get_by_test_id("aod-elzoof-yes-0").tap()
    expect(page.get_by_test_id("aod-elzoof-0")).to_have_text("defeated Elzoof")
    page.get_by_test_id("aod-elzoof-no-1").tap()
    expect(page.get_by_test_id("aod-outcome")).to_be_visible()
    expect(page.get_by_test_id("aod-tier")).to_have_text("minor")
    expect(page.get_by_test_id("aod-move")).to_have_count(0)
    shot(page, "adventure-of-d-minor-win", wait_hidden="toast", full_page=True)
    assert api_state(page, session)["result"] == {"result": "won", "winners": [0, 1], "tier": "minor"}
