"""The Adventure of D phone page, server side: each phase rendered, the taps offered match what the engine
takes now, a refusal stands beside its step (rule, reason, section, link), and the view link has no taps."""
import json
import re

import pytest

from tests.support.pages import page, tag, text_of

from ..setup import EXAMPLE_MAP

# A Castle of Light 0 | B Village of Dawn 1 | C Mountain of Mage 2 | D Lake of Hope 1
# E Old Village of Dew 2 | F Tower of Death 3 | G Forest of Echoes 1 | H Harbour of Mist 2
# I Cave of Whispers 3 | J Field of Stars 0 | K Bridge of Ash 2 | L Temple of Moon 1
SOLO = {"game": "adventure-of-d", "mode": "solo", "players": [{"name": "Ann", "setup_check": "strength"}],
        "options": {"map": EXAMPLE_MAP}}
CO_OP = {"game": "adventure-of-d", "mode": "co_op",
         "players": [{"name": "Amy", "setup_check": "strength"}, {"name": "Bob", "setup_check": "agility"}],
         "options": {"map": EXAMPLE_MAP}}


def section(html, testid):
    """The element carrying data-testid=testid, up to its closing tag (forms and sections here do not nest
    their own kind)."""
    found = re.search(rf'<(\w+)[^>]*data-testid="{re.escape(testid)}"[^>]*>.*?</\1>', html, re.S)
    assert found, testid
    return found.group(0)


def ids_of(html, prefix):
    return sorted(set(re.findall(rf'data-testid="({re.escape(prefix)}[^"]*)"', html)))


def two_events(act, session, a=0, decider=0):
    for type_, power, loc in (("strength", 4, "Village of Dawn"), ("intelligence", 1, "Tower of Death")):
        act(session, "reveal_event", params={"player": a, "type": type_, "power": power, "location": loc})
        act(session, "accept_event", params={"player": decider})


@pytest.fixture
def solo(create):
    return create(SOLO)


def test_the_reveal_phase_shows_the_map_the_counters_and_the_reveal_helper(client, solo):
    html = page(client, solo["id"])
    assert text_of(html, "aod-timer") == "8" and text_of(html, "aod-rounds-left") == "9"
    assert text_of(html, "aod-mode") == "Solo" and text_of(html, "aod-active") == "Ann"
    assert text_of(html, "aod-decider") == "Ann" and 'data-testid="aod-heroic"' not in html
    assert 'data-step="reveal1" class="current" aria-current="step"' in section(html, "aod-stepper")
    assert 'data-testid="aod-reminder-reveal"' in html
    # the 4x3 map: twelve cells, the danger in force, the Castle and the Tower marked, the token on the Castle
    assert ids_of(html, "aod-cell-") == [f"aod-cell-{s}" for s in "ABCDEFGHIJKL"]
    assert text_of(html, "aod-danger-F") == "3" and 'data-testid="aod-tower-mark"' in section(html, "aod-cell-F")
    assert 'data-testid="aod-castle"' in section(html, "aod-cell-A") and 'data-testid="aod-token-0"' in section(html, "aod-cell-A")
    # the heroes' counters: HP as hand size, magic, the three stats
    assert (text_of(html, "aod-hp-0"), text_of(html, "aod-magic-0")) == ("6", "4")
    assert (text_of(html, "aod-str-0"), text_of(html, "aod-int-0"), text_of(html, "aod-agi-0")) == ("1", "0", "0")
    assert text_of(html, "aod-power-deck") == "53" and text_of(html, "aod-hero-deck") == "7"
    # the reveal helper: 4 types, a power pad, every location of the map as a tap, and the map itself tappable
    reveal = section(html, "aod-reveal")
    assert 'data-aod-action="reveal_event"' in reveal and 'data-preset="{&quot;player&quot;: 0}"' in reveal
    assert ids_of(reveal, "aod-reveal-type-") == [f"aod-reveal-type-{t}" for t in ("agility", "intelligence", "neutral", "strength")]
    assert len(ids_of(reveal, "aod-reveal-loc-")) == 12
    assert 'data-value="6" data-testid="pad-reveal_event-power-6" data-types="neutral"' in reveal
    assert 'data-value="3" data-testid="pad-reveal_event-power-3" data-types="strength intelligence agility neutral"' in reveal
    assert 'data-aod-map="Lake of Hope"' in tag(html, "aod-cell-D")
    # two events first: no move, no test, no rest yet
    for helper in ("aod-move", "aod-test", "aod-rest", "aod-decide", "aod-tower-entry"):
        assert f'data-testid="{helper}"' not in html, helper
    assert re.search(r'<ol class="stepper" aria-label="Phases">\s*</ol>', html)  # the page draws its own stepper


def test_the_deciders_prompt_offers_what_the_decider_can_pay_and_says_why_not_the_rest(client, create, act):
    session = create(CO_OP)
    act(session, "reveal_event", params={"player": 0, "type": "agility", "power": 2, "location": "Lake of Hope"})
    html = page(client, session["id"])
    decide = section(html, "aod-decide")
    assert text_of(html, "aod-pending") == "agility 2" and text_of(html, "aod-decide-who") == "Bob"
    assert json.loads(tag(html, "aod-accept").split("data-params=\"")[1].split('"')[0].replace("&quot;", '"')) == {"player": 1}
    assert 'data-testid="aod-reject-card"' in decide
    # co-op heroes start without magic: rejecting with 2 magic is refused (R20), beside the prompt, with its link
    assert 'data-testid="aod-reject-magic"' not in decide
    why = section(html, "aod-reject-magic-why")
    assert "2 magic" in why and "R20" in why and 'href="/rules/' in why and "5.1 Reveal a New Event" in why
    assert 'data-testid="aod-reject-magic-why-anyway"' in why and 'data-act="reject_event"' in why
    assert 'data-testid="aod-reveal"' not in html  # the event waits for its answer
    assert "? agility 2" in section(html, "aod-cell-D")  # the revealed card shown where it would go


def test_the_main_phase_offers_the_neighbours_the_shadow_answers_the_test_and_the_rest(client, solo, act):
    two_events(act, solo)
    html = page(client, solo["id"])
    assert 'data-step="main" class="current"' in section(html, "aod-stepper")
    assert text_of(html, "aod-event-B") == "strength 4" and text_of(html, "aod-event-F") == "intelligence 1"
    assert 'data-testid="aod-reveal"' not in html
    move = section(html, "aod-move")
    # from A on the wrapping map: B, D, E and I, each a tap on the map and in the list
    assert ids_of(move, "aod-move-to-") == ["aod-move-to-B", "aod-move-to-D", "aod-move-to-E", "aod-move-to-I"]
    assert 'data-aod-map=' in tag(html, "aod-cell-E") and 'data-aod-map=' not in tag(html, "aod-cell-C")
    pays = json.loads(re.search(r'data-pays="([^"]*)"', move).group(1).replace("&quot;", '"'))
    assert pays["Old Village of Dew"]["3"] == ["cards", "magic"]  # magic 4 pays a 3: "none" is refused (R36)
    assert pays["Old Village of Dew"]["5"] == ["cards", "none"]  # magic 4 can't pay a 5 (R34)
    assert 'data-testid="pad-move-check"' in move and 'data-testid="aod-shadow"' in move
    test = section(html, "aod-test")
    assert ids_of(test, "aod-test-attr-") == ["aod-test-attr-agility", "aod-test-attr-intelligence", "aod-test-attr-strength"]
    assert json.loads(re.search(r'data-stats="([^"]*)"', test).group(1).replace("&quot;", '"')) == {
        "0": {"strength": 1, "intelligence": 0, "agility": 0}}
    assert "The location&#x27;s action" in test  # the Castle is not covered: its action is there
    rest = section(html, "aod-rest")
    assert text_of(html, "aod-rest-danger") == "0" and "Draw 0, gain 0 magic" in rest
    assert 'data-testid="aod-rest-pay-magic"' not in rest  # not heroic
    assert 'data-testid="aod-tower-entry"' not in html  # not on the Tower
    # the card's results, one tap each, only those the engine takes: no event lies on the Castle to trash or take
    results = section(html, "aod-results")
    for kw in ("lose", "heal", "str", "int", "agi", "magic", "exhaust"):
        assert f'data-testid="aod-kw-{kw}-0"' in results, kw
    assert 'data-testid="aod-kw-trash-0"' not in results and 'data-testid="aod-kw-item-0"' not in results


def test_an_empty_map_asks_for_a_reveal_and_every_other_step_says_why(client, solo, act):
    act(solo, "reveal_event", params={"player": 0, "type": "strength", "power": 2, "location": "Castle of Light"})
    act(solo, "accept_event", params={"player": 0})
    act(solo, "reveal_event", params={"player": 0, "type": "neutral", "power": 5, "location": "Castle of Light"})
    act(solo, "accept_event", params={"player": 0})  # the neutral event displaces the strength one there
    act(solo, "trash", params={"player": 0})
    html = page(client, solo["id"])
    assert 'data-testid="aod-reminder-empty"' in html
    assert "The map is empty" in section(html, "aod-reveal")
    for step in ("aod-move-why", "aod-test-why", "aod-rest-why"):
        why = section(html, step)
        assert "R44" in why and "reveal a new event first" in why, step
    assert 'data-testid="aod-move"' not in html and 'data-testid="aod-rest-submit"' not in html


def test_heroic_rest_on_danger_0_offers_the_choice(client, create, act):
    session = create({**SOLO, "options": {"map": EXAMPLE_MAP, "heroic": True}})
    two_events(act, session)
    html = page(client, session["id"])
    assert text_of(html, "aod-heroic") == "Heroic" and text_of(html, "aod-timer") == "5"
    rest = section(html, "aod-rest")
    assert 'data-testid="aod-rest-pay-magic"' in rest and 'data-testid="aod-rest-draw-5"' in rest
    assert "Draw 0, gain 0 magic (Heroic)" in rest


def walk_to_the_tower(act, session):
    """Co-op: Amy walks A -> E -> F with safe journeys in turn 1, Bob rests on the Castle, Amy's turn 2."""
    for type_, power, loc in (("strength", 4, "Village of Dawn"), ("agility", 2, "Lake of Hope")):
        act(session, "reveal_event", params={"player": 0, "type": type_, "power": power, "location": loc})
        act(session, "accept_event", params={"player": 1})
    act(session, "move", params={"player": 0, "to": "Old Village of Dew", "card_type": "neutral", "card_power": 2, "check": 6})
    act(session, "move", params={"player": 0, "to": "Tower of Death", "card_type": "neutral", "card_power": 2, "check": 6})
    act(session, "rest", params={"player": 0})
    for type_, power, loc in (("strength", 4, "Village of Dawn"), ("agility", 2, "Lake of Hope")):
        act(session, "reveal_event", params={"player": 1, "type": type_, "power": power, "location": loc})
        act(session, "accept_event", params={"player": 0})
    act(session, "rest", params={"player": 1})
    for type_, power, loc in (("strength", 4, "Village of Dawn"), ("agility", 2, "Lake of Hope")):
        act(session, "reveal_event", params={"player": 0, "type": type_, "power": power, "location": loc})
        act(session, "accept_event", params={"player": 1})


def test_the_tower_entry_previews_heroes_assemble(client, create, act):
    session = create(CO_OP)
    walk_to_the_tower(act, session)
    html = page(client, session["id"])
    entry = section(html, "aod-tower-entry")
    assert 'data-act="enter_tower"' in tag(html, "aod-enter-tower")
    assert "discards a card (HP 6 → 5) and moves from Castle of Light" in section(html, "aod-assemble-1")
    assert "Heroes Assemble" in entry


def test_a_covered_tower_says_why_it_cannot_be_entered(client, solo, act):
    two_events(act, solo)  # an intelligence event lies on the Tower of Death
    act(solo, "move", params={"player": 0, "to": "Old Village of Dew", "card_type": "neutral", "card_power": 0, "check": 0})
    act(solo, "move", params={"player": 0, "to": "Tower of Death", "card_type": "neutral", "card_power": 0, "check": 0})
    html = page(client, solo["id"])
    why = section(html, "aod-enter-tower-why")
    assert "R40" in why and "An event covers Tower of Death" in why
    assert 'data-testid="aod-enter-tower"' not in html
    assert 'data-testid="aod-assemble"' not in html  # solo: nobody is summoned


def test_inside_the_tower_and_the_minor_win(client, create, act):
    session = create(CO_OP)
    walk_to_the_tower(act, session)
    act(session, "enter_tower", params={"player": 0})
    html = page(client, session["id"])
    assert 'data-step="tower" class="current"' in section(html, "aod-stepper")
    tower = section(html, "aod-tower")
    assert text_of(html, "aod-tower-room") == "1" and 'data-testid="aod-next-room"' in tower
    assert "0 of 2 defeated Elzoof · minor win with 1, epic with all 2." in tower
    for s in (0, 1):
        assert f'data-testid="aod-elzoof-yes-{s}"' in tower and f'data-testid="aod-elzoof-no-{s}"' in tower
    test = section(html, "aod-test")
    assert ids_of(test, "aod-test-who-") == ["aod-test-who-0", "aod-test-who-1"]  # each records their own
    for helper in ("aod-move", "aod-rest", "aod-reveal"):
        assert f'data-testid="{helper}"' not in html, helper
    assert 'data-testid="aod-reminder-tower"' in html

    act(session, "elzoof_result", params={"player": 0, "defeated": True})
    html = page(client, session["id"])
    assert text_of(html, "aod-elzoof-0") == "defeated Elzoof" and 'data-testid="aod-elzoof-yes-0"' not in html
    act(session, "elzoof_result", params={"player": 1, "defeated": False})
    html = page(client, session["id"])
    assert text_of(html, "aod-tier") == "minor" and "Minor win" in section(html, "aod-outcome")
    assert 'data-act=' not in section(html, "aod")  # nothing more to tap once it is over
    assert 'data-aod-action' not in html


def test_the_view_link_follows_the_game_with_no_taps(client, solo, act):
    two_events(act, solo)
    view = page(client, solo["view_id"])
    assert 'data-testid="view-only"' in view
    assert text_of(view, "aod-hp-0") == "6" and text_of(view, "aod-event-B") == "strength 4"
    assert "data-act=" not in view and "data-aod-action" not in view and "data-aod-map" not in view
    assert 'data-testid="aod-move"' not in view and '<button type="button" class="aod-cell' not in view


def test_the_view_link_shows_the_revealed_event_without_the_answers(client, solo, act):
    act(solo, "reveal_event", params={"player": 0, "type": "agility", "power": 2, "location": "Lake of Hope"})
    view = page(client, solo["view_id"])
    assert text_of(view, "aod-pending") == "agility 2" and "data-act=" not in view


def test_a_game_without_its_map_starts_with_the_setup_helper(client, create, act):
    session = create({"game": "adventure-of-d", "mode": "co_op", "players": [{"name": "Amy"}, {"name": "Bob"}],
                      "options": {}})
    html = page(client, session["id"])
    setup = section(html, "aod-setup")
    assert text_of(html, "aod-place-slot") == "A" and 'data-aod-action="place_location"' in setup
    assert 'data-testid="aod-setup-check-0-strength"' in setup and 'data-testid="aod-setup-check-1-neutral-agility"' in setup
    for helper in ("aod-reveal", "aod-move", "aod-decide"):
        assert f'data-testid="{helper}"' not in html, helper
    act(session, "setup_check", params={"player": 0, "type": "strength"})
    html = page(client, session["id"])
    assert 'data-testid="aod-setup-check-0-strength"' not in html and 'data-testid="aod-setup-check-1-agility"' in html


def test_competitive_has_no_timer_and_names_the_winner(client, create, act):
    session = create({"game": "adventure-of-d", "mode": "competitive",
                      "players": [{"name": "Amy", "setup_check": "strength"}, {"name": "Bob", "setup_check": "agility"}],
                      "options": {"map": EXAMPLE_MAP}})
    html = page(client, session["id"])
    assert 'data-testid="aod-timer"' not in html and "no timer (competitive)" in html
    assert (text_of(html, "aod-magic-0"), text_of(html, "aod-magic-1")) == ("0", "2")
    walk_to_the_tower(act, session)
    act(session, "enter_tower", params={"player": 0})
    html = page(client, session["id"])
    assert 'data-testid="aod-participant-1"' not in html and 'data-testid="aod-tier-preview"' not in html
    act(session, "elzoof_result", params={"player": 0, "defeated": True})
    html = page(client, session["id"])
    assert text_of(html, "aod-winner") == "Amy"
