"""The Curse of the Desert phone page, server side: each step rendered with the taps the engine takes now, a
refusal shown beside what it refuses (rule, reason, tap-anyway), the start-of-night helper, the end-of-night
summary and the outcome; the view link follows the game without a tap; the demo, the bench and the flows
are reached by actions the engine records."""
import json
import re

import pytest

from tests.support.pages import page, tag, text_of
from tracker.engine import Action, decide, initial_state

from ..demo import BENCH, DEMO, FLOWS, NIGHT
from .helpers import GAME

ANN = {"name": "Ann", "attributes": {"close_combat": 12, "ranged_combat": 11, "dodge": 10}, "skills": {"stealth": 13}}
SOLO = {"game": "curse-of-the-desert", "mode": "nedime", "players": [ANN], "options": {"hasrabal_cards": 3}}
GROUP = {**SOLO, "players": [ANN, {"name": "Ben", "attributes": {"close_combat": 11}}]}
GUARD = NIGHT["villains"][0]


def section(html, testid):
    """The element carrying data-testid=testid, up to its closing tag (its own kind does not nest inside)."""
    found = re.search(rf'<(\w+)[^>]*data-testid="{re.escape(testid)}"[^>]*>.*?</\1>', html, re.S)
    assert found, testid
    return found.group(0)


def ids_of(html, prefix):
    return sorted(set(re.findall(rf'data-testid="({re.escape(prefix)}[^"]*)"', html)))


def legal_cells(html):
    """The plan's cells that are a move tap."""
    return sorted(re.findall(r'data-act="move_hero"[^>]*data-testid="cotd-cell-(\w+)"', html))


def params_of(html, testid):
    return json.loads(re.search(r'data-params="([^"]*)"', tag(html, testid)).group(1).replace("&quot;", '"'))


def night(act, session, heroes=1, **over):
    act(session, "start_exploration", params={**NIGHT, "villains": [GUARD] * heroes, **over})


def to_hero_turn(act, session, heroes=1):
    for seat in range(min(heroes, 3)):
        act(session, "move_hero", params={"player": seat, "to": [1, 2]})
    act(session, "advance_phase")
    for seat in range(heroes):
        act(session, "draw_cards", params={"player": seat, "count": 2})
    for _ in range(3):
        act(session, "advance_phase")


def to_opponents(act, session, heroes=1):
    to_hero_turn(act, session, heroes)
    for _ in range(heroes):
        act(session, "advance_phase")


@pytest.fixture
def solo(create):
    return create(SOLO)


def test_before_the_first_night_the_helper_asks_for_the_cards_the_plan_and_the_guard(client, solo):
    html = page(client, solo["id"])
    setup = section(html, "cotd-setup")
    assert 'data-cotd-action="start_exploration"' in setup and 'data-hasrabal="3"' in setup
    assert 'data-manticores="4"' in setup and text_of(html, "cotd-setup-manticores") == "4"
    assert len(ids_of(setup, "cotd-hasrabal-")) == 7  # six names and the count
    assert 'data-cotd-hasrabal="Locked Doors"' in setup
    assert len(ids_of(setup, "cotd-setup-cell-")) == 24  # an empty 4x6 plan (Locked Doors hides a column)
    # the first guard with the obvious values pressed, one tap each to change
    assert tag(html, "cotd-setup-guard-0-name").count('value="Honor Guard"') == 1
    for field, value in (("life_points", "5"), ("dodge", "6"), ("armor", "1"), ("actions", "1")):
        pressed = re.findall(r'data-value="([^"]*)" aria-pressed="true"', section(html, f"cotd-setup-guard-0-{field}"))
        assert pressed == [value], field
    assert 'data-testid="cotd-setup-guard-1"' not in html  # one guard per hero
    assert 'data-testid="cotd-comp-token"' in html  # solo: the 5 LP token
    for absent in ("cotd-stepper", "cotd-grid", "cotd-fate", "cotd-row", "cotd-summary", "cotd-thumb"):
        assert f'data-testid="{absent}"' not in html, absent


def test_a_group_lays_out_one_guard_per_hero(client, create):
    session = create(GROUP)
    html = page(client, session["id"])
    assert ids_of(html, "cotd-setup-guard-") == [
        f"cotd-setup-guard-{i}{tail}" for i in (0, 1) for tail in
        ("", "-actions", "-armor", "-dodge", "-life_points", "-name", "-tp")]
    assert 'data-testid="cotd-comp-token"' not in html
    assert text_of(html, "cotd-hearts-total") == "7"


def test_step_0_lights_only_the_cards_the_engine_takes(client, solo, act):
    night(act, solo)
    html = page(client, solo["id"])
    assert 'data-step="move" class="current" aria-current="step"' in section(html, "cotd-stepper")
    assert text_of(html, "cotd-night") == "1" and text_of(html, "cotd-round") == "1"
    assert text_of(html, "cotd-alert") == "2" and text_of(html, "cotd-time") == "0"  # Raised Alert
    assert text_of(html, "cotd-mover") == "Ann" and text_of(html, "cotd-here") == "B3"
    # the Courtyard (stay) and its four neighbours, the Manticore Card at A3 among them; nothing else
    assert legal_cells(html) == ["A3", "B2", "B3", "B4", "C3"]
    assert params_of(html, "cotd-cell-B4") == {"player": 0, "to": [1, 3]}
    assert 'class="cotd-cell down manticore"' in tag(html, "cotd-cell-D1")  # green back, face down
    assert "Courtyard" in section(html, "cotd-cell-B3")
    assert 'data-testid="cotd-thumb"' not in html and 'data-testid="cotd-retreat"' not in html
    assert 'data-testid="cotd-fox-0-2"' in html  # the opening hand may still be replaced
    assert 'data-testid="cotd-reminder-nedimes-heart"' in html
    assert params_of(html, "cotd-heart-break") == {"direction": "break", "count": 1}
    assert 'data-testid="cotd-heart-mend"' not in html  # nothing broken to mend
    act(solo, "flip_heart_token", params={"direction": "break", "count": 1})
    html = page(client, solo["id"])
    assert text_of(html, "cotd-hearts-whole") == "8" and 'data-counter="cotd-hearts"' in tag(html, "cotd-heart-mend")
    # the night's Fate Pile: one of each, the rest in the reserve
    kinds = ("great_fortune", "fortune", "misfortune", "great_misfortune")
    assert [text_of(html, f"cotd-pile-{k}") for k in kinds] == ["1"] * 4
    assert text_of(html, "cotd-reserve-fortune") == "5" and text_of(html, "cotd-pile-total") == "4"
    assert text_of(html, "cotd-villain-lp-v1") == "5"


def test_a_closed_neighbour_says_why_and_may_be_entered_anyway(client, solo, act):
    night(act, solo)
    act(solo, "name_card", params={"cell": [1, 3], "card": "Treasury", "locked": True})
    act(solo, "remove_palace_card", params={"cell": [2, 2]})
    html = page(client, solo["id"])
    assert legal_cells(html) == ["A3", "B2", "B3"]
    why = section(html, "cotd-move-why")
    assert "2 neighbours closed" in why
    locked = section(html, "cotd-why-B4")
    assert "locked" in locked and "R19" in locked and 'href="/rules/' in locked
    assert 'data-testid="cotd-why-B4-anyway"' in locked and 'data-act="move_hero"' in locked
    assert "R20" in section(html, "cotd-why-C3") and 'data-testid="cotd-locked-B4"' in html


def test_the_retreat_is_offered_on_the_courtyard_once_the_token_is_there(client, solo, act):
    night(act, solo)
    act(solo, "move_hero", params={"player": 0, "to": [1, 3]})
    html = page(client, solo["id"])
    assert 'data-testid="cotd-moved"' in html and 'data-testid="cotd-retreat"' not in html
    assert params_of(html, "cotd-next") == {} and 'data-act="advance_phase"' in tag(html, "cotd-next")
    assert legal_cells(html) == []  # everyone has moved
    act(solo, "advance_phase")
    for t in ("draw_cards", "advance_phase", "advance_phase", "advance_phase", "advance_phase"):
        act(solo, t, params={"player": 0, "count": 2} if t == "draw_cards" else {})
    act(solo, "villain_action_roll", params={"villain": "v1", "roll": 20})
    for t in ("advance_phase", "advance_time", "advance_phase"):
        act(solo, t)
    act(solo, "move_hero", params={"player": 0, "to": [1, 2]})
    html = page(client, solo["id"])
    assert tag(html, "cotd-retreat").count('data-act="retreat"') == 1
    assert 'data-testid="cotd-retreat"' in section(html, "cotd-move")


def test_a_first_entering_card_entered_again_forces_the_move_on(client, create, act):
    session = create({**SOLO, "players": [ANN, {"name": "Ben"}, {"name": "Cem"}]})
    night(act, session, heroes=3)
    act(session, "name_card", params={"cell": [1, 3], "card": "Flower Garden", "first_entering": True})
    act(session, "move_hero", params={"player": 0, "to": [1, 3]})
    act(session, "move_hero", params={"player": 1, "to": [1, 2]})
    act(session, "move_hero", params={"player": 2, "to": [1, 3]})  # entered again this night
    html = page(client, session["id"])
    move = section(html, "cotd-move")
    assert "First Entering" in move and "must move on at once" in move and text_of(html, "cotd-mover") == "Cem"
    # the lit cards are what the engine takes: staying on B4 is no move on
    assert legal_cells(html) == ["A4", "B3", "B5", "C4"]
    assert 'data-testid="cotd-fe-B4"' in html and "Flower" in section(html, "cotd-cell-B4")
    assert 'data-testid="cotd-thumb"' not in html


def test_the_draw_and_the_endurance_are_one_tap_each(client, create, act):
    session = create(GROUP)
    night(act, session, heroes=2)
    act(session, "move_hero", params={"player": 0, "to": [1, 3]})
    act(session, "move_hero", params={"player": 1, "to": [1, 3]})
    act(session, "advance_phase")
    html = page(client, session["id"])
    nxt = tag(html, "cotd-next")
    assert "Everyone draws 2" in section(html, "cotd-thumb")
    assert json.loads(re.search(r'data-then="([^"]*)"', nxt).group(1).replace("&quot;", '"')) == [
        {"type": "draw_cards", "params": {"player": 1, "count": 2}}, {"type": "advance_phase", "params": {}}]
    assert 'data-testid="cotd-draw-0"' in html and 'data-testid="cotd-draw-1"' in html
    act(session, "draw_cards", params={"player": 0, "count": 2})
    html = page(client, session["id"])
    assert 'data-testid="cotd-draw-0"' not in html and "drew ✓" in section(html, "cotd-draw-row-0")
    act(session, "draw_cards", params={"player": 1, "count": 2})
    act(session, "advance_phase")
    html = page(client, session["id"])
    assert text_of(html, "cotd-endurance-count-0") == "0/2 this round"
    assert "Ready → Hero" in section(html, "cotd-thumb") and 'data-then="' in tag(html, "cotd-next")
    for _ in range(2):
        act(session, "play_endurance", params={"player": 0, "source": "hand"})
    html = page(client, session["id"])
    assert 'data-testid="cotd-endurance-0"' not in html and 'data-testid="cotd-endurance-1"' in html


def test_the_heros_turn_attacks_step_by_step(client, solo, act):
    night(act, solo)
    to_hero_turn(act, solo)
    html = page(client, solo["id"])
    assert text_of(html, "cotd-active") == "Ann"
    assert ids_of(html, "cotd-attack-") == ["cotd-attack-close-v1", "cotd-attack-magic-v1", "cotd-attack-ranged-v1"]
    assert "End Ann" in section(html, "cotd-thumb")
    act(solo, "declare_attack", params={"player": 0, "attack_type": "close", "villain": "v1"})
    html = page(client, solo["id"])
    assert 'data-action="attack_roll"' in section(html, "cotd-pad-attack-form") and "Hits on 12 or less" in html
    assert 'data-group="attack-1"' in tag(html, "cotd-hero")
    act(solo, "attack_roll", params={"player": 0, "roll": 17})
    html = page(client, solo["id"])
    assert 'data-act="take_fate"' in tag(html, "cotd-take-fate") and 'data-testid="cotd-miss"' in html
    assert 'data-testid="cotd-pad-reroll"' not in html  # no Fate Point to spend yet
    act(solo, "take_fate", params={"player": 0})
    act(solo, "declare_attack", params={"player": 0, "attack_type": "ranged", "villain": "v1"})
    act(solo, "attack_roll", params={"player": 0, "roll": 2})
    act(solo, "damage_roll", params={"player": 0, "amount": 5})
    html = page(client, solo["id"])
    assert "dodges on 6 or less" in section(html, "cotd-hero") and 'data-testid="cotd-pad-villain-dodge"' in html
    assert 'data-testid="cotd-damage-villain"' not in html  # its dodge first
    act(solo, "villain_dodge_roll", params={"villain": "v1", "roll": 12})
    html = page(client, solo["id"])
    assert text_of(html, "cotd-damage-villain") == "Honor Guard takes 5 − armor 1 = 4"
    assert text_of(html, "cotd-fp-0") == "1" and text_of(html, "cotd-fate-pool") == "1"


def test_consult_your_fate_offers_the_cards_in_the_pile(client, solo, act):
    night(act, solo)
    to_hero_turn(act, solo)
    act(solo, "draw_fate_card", params={"card": "great_fortune"})  # a Story Card took the Great Fortune
    act(solo, "test_roll", params={"player": 0, "skill": "stealth", "roll": 16, "fate_symbol": True})
    html = page(client, solo["id"])
    consult = section(html, "cotd-consult")
    assert ids_of(consult, "cotd-consult-") == [
        "cotd-consult-fortune", "cotd-consult-great_misfortune", "cotd-consult-misfortune", "cotd-consult-odds"]
    assert "1 of 3 turn it into a success" in text_of(html, "cotd-consult-odds") or "1 of 3" in consult
    assert params_of(html, "cotd-consult-misfortune") == {"player": 0, "card": "misfortune"}
    assert 'data-testid="cotd-thumb"' not in html  # the turn waits for fate
    assert 'data-testid="cotd-test-waits"' in html and 'data-testid="cotd-test-form"' not in html
    act(solo, "consult_fate", params={"player": 0, "card": "misfortune"})
    html = page(client, solo["id"])
    assert 'data-testid="cotd-consult"' not in html and text_of(html, "cotd-last-result") == "failure"
    assert "(fate: Misfortune)" in section(html, "cotd-last-test")
    # the test helper again: stealth's value is on the hero card; an unknown skill asks for it (cotd.js)
    values = json.loads(re.search(r'data-cotd-values="([^"]*)"', html).group(1).replace("&quot;", '"'))
    assert values["0"]["stealth"] == 13 and values["0"]["craft"] is None
    assert text_of(html, "cotd-reserve-misfortune") == "4"


def test_an_empty_fate_pile_is_a_critical_failure_in_one_tap(client, solo, act):
    night(act, solo)
    to_hero_turn(act, solo)
    for kind in ("great_fortune", "fortune", "misfortune", "great_misfortune"):
        act(solo, "draw_fate_card", params={"card": kind})
    act(solo, "test_roll", params={"player": 0, "skill": "stealth", "roll": 16, "fate_symbol": True})
    html = page(client, solo["id"])
    assert ids_of(section(html, "cotd-consult"), "cotd-consult-") == ["cotd-consult-empty", "cotd-consult-odds"]
    assert params_of(html, "cotd-consult-empty") == {"player": 0}


def test_the_opponents_guide_rolls_attacks_and_dodges(client, create, act):
    session = create({**SOLO, "players": [{"name": "Zed"}]})  # no Dodge value on the hero card
    night(act, session)
    to_opponents(act, session)
    html = page(client, session["id"])
    assert text_of(html, "cotd-opp-who") == "Honor Guard" and 'data-action="villain_action_roll"' in html
    assert '"villain": "v1"' in section(html, "cotd-pad-action-form").replace("&quot;", '"')
    act(session, "villain_action_roll", params={"villain": "v1", "roll": 9})
    html = page(client, session["id"])
    assert text_of(html, "cotd-opp-roll") == "9"
    assert params_of(html, "cotd-hit-0-4") == {"villain": "v1", "target": 0, "amount": 4}
    assert "Time step" in section(html, "cotd-thumb")  # the die may have said something else than attack
    act(session, "villain_attack", params={"villain": "v1", "target": 0, "amount": 5})
    html = page(client, session["id"])
    assert text_of(html, "cotd-defence-damage") == "5" and 'data-testid="cotd-thumb"' not in html
    pad = section(html, "cotd-pad-dodge-form")
    assert 'data-testid="cotd-pad-dodge-value"' in pad and 'name="value" data-int data-required' in pad
    assert text_of(html, "cotd-no-dodge") == "No dodge: Zed takes 5"
    act(session, "dodge_roll", params={"player": 0, "roll": 4, "value": 9})
    html = page(client, session["id"])
    assert text_of(html, "cotd-take-damage") == "Zed takes 3" and "(dodged: halved)" in html


def test_the_time_step_brings_the_guards_owed(client, create, act):
    session = create(GROUP)
    night(act, session, heroes=2)
    to_opponents(act, session, heroes=2)
    for v in ("v1", "v2"):
        act(session, "villain_action_roll", params={"villain": v, "roll": 20})
    act(session, "advance_phase")
    html = page(client, session["id"])
    assert 'data-testid="cotd-time-plain"' in html and 'data-testid="cotd-time-enemy"' in html
    assert 'data-testid="cotd-thumb"' not in html  # the counter moves first
    act(session, "advance_time", params={"enemy": True})
    html = page(client, session["id"])
    assert text_of(html, "cotd-guards-due") == "2" and 'data-testid="cotd-reminder-guards"' in html
    assert params_of(html, "cotd-guard-same-0") == {**GUARD, "keywords": ["Guard (Palace)"]}
    assert 'data-action="place_villain"' in section(html, "cotd-guard-new") and 'data-testid="cotd-no-guard"' in html
    act(session, "place_villain", params=GUARD)
    act(session, "place_villain", params=GUARD)
    html = page(client, session["id"])
    assert 'data-testid="cotd-guard-same-0"' not in html and "Round 2" in section(html, "cotd-thumb")


def test_the_summary_of_a_night_and_the_next_nights_guards(client, solo, act):
    night(act, solo, villains=[{**GUARD, "name": "Harem Guard", "life_points": 7}])
    act(solo, "move_hero", params={"player": 0, "to": [1, 2]})
    act(solo, "flip_heart_token", params={"direction": "break", "count": 2})
    act(solo, "retreat", params={"player": 0})
    html = page(client, solo["id"])
    summary = section(html, "cotd-summary")
    assert text_of(html, "cotd-summary-reason") == "Retreat through the Courtyard"
    assert text_of(html, "cotd-summary-rounds") == "1" and text_of(html, "cotd-summary-hearts") == "7"
    assert "Night 1 is over" in summary and text_of(html, "cotd-night") == "1"
    assert 'data-testid="cotd-grid"' not in html and 'data-testid="cotd-fate"' not in html  # no stale night
    assert "Night 2: lay out the palace" in section(html, "cotd-setup")
    assert 'value="Harem Guard"' in tag(html, "cotd-setup-guard-0-name")  # last night's guard by default
    assert re.findall(r'data-value="([^"]*)" aria-pressed="true"', section(html, "cotd-setup-guard-0-life_points")) == ["7"]


def test_a_lost_adventure_offers_its_restart(client, solo, act):
    for _ in range(2):
        night(act, solo)
        act(solo, "manticore_poison", params={"player": 0})  # curse side A: imprisoned
    html = page(client, solo["id"])
    assert text_of(html, "cotd-outcome-result") == "lost" and "imprisoned a second time" in section(html, "cotd-outcome")
    assert 'data-act="restart_adventure"' in tag(html, "cotd-restart") and 'data-testid="cotd-setup"' not in html
    assert text_of(html, "cotd-summary-reason") == "The hero was caught"
    assert text_of(html, "cotd-summary-imprisoned") == "2"


def test_the_view_link_follows_the_night_without_a_tap(client, solo, act):
    assert 'data-testid="cotd-setup"' not in page(client, solo["view_id"])  # nobody lays out a palace from it
    night(act, solo)
    act(solo, "move_hero", params={"player": 0, "to": [1, 3]})
    view = page(client, solo["view_id"])
    assert 'data-testid="view-only"' in view and text_of(view, "cotd-here") == "B4"
    assert text_of(view, "cotd-hearts-whole") == "9" and text_of(view, "cotd-pile-total") == "4"
    assert "data-act=" not in view and "data-cotd-action" not in view and 'data-action="' not in view
    assert 'data-testid="cotd-card-panel"' not in view and 'data-testid="cotd-test"' not in view


def played(setup, actions):
    state = initial_state(GAME, setup.mode, setup.players, setup.options)
    for action_type, params in actions:
        result = decide(GAME, state, Action(action_type, params))
        assert result.accepted and not result.overridden, (action_type, params, getattr(result, "violations", None))
        state = result.state
    return state


def test_the_demo_is_anns_second_round_after_a_test_saved_by_fate():
    state = played(DEMO[0], DEMO[0].taps)
    assert (state["phase"], state["round"], state["hero_cell"], state["active_player"]) == ("hero_turn", 2, [0, 3], 0)
    assert state["last_test"]["result"] == "success" and state["villains"][0]["life_points"] == 2
    assert state["players"][0]["life_points"] == 36 and state["grid"]["cells"][0][3]["card"] == "Library"


def test_the_bench_cycle_leaves_the_table_as_it_was():
    once, twice = played(BENCH, BENCH.cycle), played(BENCH, BENCH.cycle * 2)
    assert once == twice and once["hearts"]["broken"] == 0 and once["outcome"] is None


@pytest.mark.parametrize("flow", FLOWS, ids=[f.name for f in FLOWS])
def test_each_flow_starts_from_actions_the_engine_records(flow):
    state = played(flow, flow.before)
    assert state["outcome"] is None and len(flow.steps) <= flow.goal
