"""The Curse of the Desert page in mode `borbarad` (Part Two, the tower), server side: the start-of-exploration
helper, step 0 with the face-up cards as taps and the face-down ones as pickers, the last entry (Tower Card,
Learning Card, First Entering again), the section reader for both answers (Section 4's refusal shown), the next
exploration's helper, the outcome; and every tap the page offers is an action the engine records as it stands."""
import html as htmllib
import json
import re

import pytest

from tests.support.pages import page, tag, text_of
from tracker.engine import Action, decide
from tracker.games.aventuria.kit import current_villain, next_villain

from .helpers import GAME

ANN = {"name": "Ann", "attributes": {"close_combat": 12, "ranged_combat": 11, "dodge": 10}}
ORC = {"name": "Orc Bandit", "kind": "henchman", "tp": 2, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1,
       "keywords": ["Orc"]}
VAGABOND = {"name": "The Vagabond", "kind": "leader", "tp": 5, "life_points": 20, "dodge": 8, "armor": 2, "actions": 2}
FRESH = {"game": "curse-of-the-desert", "mode": "borbarad", "players": [ANN], "options": {"time_start": 8}}
LAID = {**FRESH, "options": {"time_start": 8, "entrance": [1, 2], "villains": [ORC, ORC]}}


def section(html, testid):
    found = re.search(rf'<(\w+)[^>]*data-testid="{re.escape(testid)}"[^>]*>.*?</\1>', html, re.S)
    assert found, testid
    return found.group(0)


def params_of(html, testid, attr="data-params"):
    return json.loads(htmllib.unescape(re.search(rf'{attr}="([^"]*)"', tag(html, testid)).group(1)))


def state_of(api, session):
    return api.get(f"/api/sessions/{session['id']}/").json()["state"]


def taps(html):
    """Every one-tap action on the page but the tap-anyway ones (those are refused on purpose)."""
    out = []
    for m in re.finditer(r'<(?:button|a)\b[^>]*\bdata-act="([^"]+)"[^>]*>', html):
        t = m.group(0)
        testid = re.search(r'data-testid="([^"]*)"', t)
        if testid and testid.group(1).endswith("-anyway"):
            continue
        params = json.loads(htmllib.unescape(re.search(r'data-params="([^"]*)"', t).group(1)))
        then = re.search(r'data-then="([^"]*)"', t)
        out.append((m.group(1), params, json.loads(htmllib.unescape(then.group(1))) if then else []))
    return out


def every_tap_is_recorded(api, session, html):
    state = state_of(api, session)
    found = taps(html)
    assert found
    for action_type, params, then in found:
        s = state
        for t, p in [(action_type, params), *((x["type"], x["params"]) for x in then)]:
            result = decide(GAME, s, Action(t, p))
            assert result.accepted and not result.overridden, (t, p, getattr(result, "violations", None))
            s = result.state
    return found


def finish_round(api, act, session):
    """From any step to the next round's step 0: two cards drawn, the opponents' dice no attack, the time step."""
    for _ in range(40):
        state = state_of(api, session)
        phase = state["phase"]
        if phase == "move" and not state["moves"]["done"]:
            return
        if phase == "draw" and not state["players"][0]["phase_draw_done"]:
            act(session, "draw_cards", params={"player": 0, "count": 2})
            continue
        if phase == "opponents":
            turn = state["opponent_turn"]
            now = current_villain(state)
            v = now if now is not None and now["status"] == "active" and turn["actions_left"] > 0 else next_villain(state)
            if v is not None:
                act(session, "villain_action_roll", params={"villain": v["id"], "roll": 20})
                continue
        if phase == "time" and not state["time_advanced"]:
            act(session, "advance_time")
            continue
        act(session, "advance_phase")
    raise AssertionError("the round did not end")


def test_a_fresh_adventure_asks_for_the_entrance_and_two_orcs(client, create):
    s = create(FRESH)
    html = page(client, s["id"])
    setup = section(html, "cotd-setup")
    assert 'data-cotd-tower-setup' in setup and text_of(html, "cotd-setup-layout") == "2 \u00d7 3"
    assert len(re.findall(r'data-testid="cotd-setup-cell-', setup)) == 6
    for i in (0, 1):  # two henchmen, the rulebook's Orc Bandit pressed as the obvious start
        assert 'value="Orc Bandit"' in tag(html, f"cotd-setup-henchman-{i}-name")
        pressed = re.findall(r'data-value="([^"]*)" aria-pressed="true"', section(html, f"cotd-setup-henchman-{i}-life_points"))
        assert pressed == ["6"]
    assert 'data-testid="cotd-setup-henchman-2"' not in html
    assert "Section 1" in section(html, "cotd-read-next") and text_of(html, "cotd-dc-stage") == "1"
    assert text_of(html, "cotd-time") == "8"
    for absent in ("cotd-stepper", "cotd-grid", "cotd-section", "cotd-thumb", "cotd-outcome"):
        assert f'data-testid="{absent}"' not in html, absent


def test_step_0_stays_in_one_tap_and_enters_a_face_down_card_through_its_picker(client, create, api):
    s = create(LAID)
    html = page(client, s["id"])
    assert text_of(html, "cotd-exploration") == "1" and text_of(html, "cotd-round") == "1"
    assert params_of(html, "cotd-cell-B3") == {"player": 0, "to": [1, 2]}  # stay on the Entrance Stairs
    assert 'data-act="move_hero"' in tag(html, "cotd-cell-B3") and 'data-testid="cotd-entrance"' in html
    # the two face-down neighbours open their pickers; the far cards are no taps at all
    for cell, rc in (("A3", [0, 2]), ("B2", [1, 1])):
        assert f'data-cotd-enter="{json.dumps(rc)}"' in tag(html, f"cotd-cell-{cell}")
        assert params_of(html, f"cotd-enter-{cell}-form", "data-preset") == {"player": 0, "to": rc}
    for cell in ("A1", "B1"):
        assert "data-act" not in tag(html, f"cotd-cell-{cell}") and "data-cotd-enter" not in tag(html, f"cotd-cell-{cell}")
    # one floor in play: the picker asks the name only
    assert 'data-testid="cotd-enter-A3-floor"' not in html and 'data-testid="cotd-enter-A3-name"' in html
    state = state_of(api, s)
    assert decide(GAME, state, Action("move_hero", {"player": 0, "to": [0, 2], "card": "Library"})).accepted
    assert "cotd-move-why" not in html
    every_tap_is_recorded(api, s, html)


def test_an_entry_without_then_with_its_learning_card_and_first_entering_again(client, create, act, api):
    s = create(LAID)
    act(s, "move_hero", params={"player": 0, "to": [0, 2], "card": "Library", "first_entering": True})
    html = page(client, s["id"])
    assert text_of(html, "cotd-entry-card") == "Library"
    assert "then take its Learning Card" in text_of(html, "cotd-entry-says")
    assert "Library" in section(html, "cotd-learning") and 'data-testid="cotd-moved"' in html
    assert params_of(html, "cotd-next") == {} and 'data-testid="cotd-fe-A3"' in html
    every_tap_is_recorded(api, s, html)
    finish_round(api, act, s)
    act(s, "move_hero", params={"player": 0, "to": [1, 2]})  # back to the stairs: its first entry
    finish_round(api, act, s)
    html = page(client, s["id"])
    assert text_of(html, "cotd-round") == "3" and params_of(html, "cotd-cell-A3") == {"player": 0, "to": [0, 2]}
    act(s, "move_hero", params={"player": 0, "to": [0, 2]})
    html = page(client, s["id"])
    assert "First Entering, entered again" in text_of(html, "cotd-entry-says")
    assert "must move on at once" in section(html, "cotd-move")  # the forced move: the neighbours again
    assert 'data-act="move_hero"' in tag(html, "cotd-cell-B3")
    act(s, "move_hero", params={"player": 0, "to": [1, 2]})
    html = page(client, s["id"])
    assert "apply the Learning Card instead" in text_of(html, "cotd-entry-says")  # the stairs, learnt last round


def test_the_section_reader_computes_both_answers_and_the_next_exploration(client, create, act, api):
    s = create(LAID)
    act(s, "move_hero", params={"player": 0, "to": [0, 2], "card": "Library"})
    act(s, "life_point_loss", params={"target": 0, "amount": 40})
    html = page(client, s["id"])
    reader = section(html, "cotd-section")
    assert text_of(html, "cotd-section-title") == "Section 1" and "the hero died" in reader
    # Section 1 reads the same either way but for the Fate Point
    assert 'data-testid="cotd-branch-no"' not in html and "Either way" in reader
    assert "2 of 6" in section(html, "cotd-branch-yes-xp-upper") and "0 \u2192 0" in reader
    assert text_of(html, "cotd-branch-yes-layout") == "3 \u00d7 4"
    assert 'data-testid="cotd-branch-yes-fate"' in html
    assert params_of(html, "cotd-objective-yes") == {"objective_done": True}
    assert params_of(html, "cotd-objective-no") == {"objective_done": False}
    for absent in ("cotd-grid", "cotd-move", "cotd-end", "cotd-thumb"):
        assert f'data-testid="{absent}"' not in html, absent
    every_tap_is_recorded(api, s, html)
    act(s, "resolve_section", params={"objective_done": True})
    html = page(client, s["id"])
    assert text_of(html, "cotd-setup-layout") == "3 \u00d7 4" and len(re.findall(r'cotd-setup-cell-', html)) == 12
    assert "Section 2" in section(html, "cotd-read-next") and text_of(html, "cotd-dc-stage") == "2"
    assert text_of(html, "cotd-fp-0") == "1"  # the Objective's Fate Point
    assert "Library" in section(html, "cotd-learning")  # the Treasure of Knowledge stays
    act(s, "start_exploration", params={"entrance": [2, 3], "villains": [ORC, ORC]})
    html = page(client, s["id"])
    assert text_of(html, "cotd-exploration") == "2" and 'data-testid="cotd-cell-C4"' in html
    # two floors in play now: a new card's picker asks for its back, a known one is a chip with its floor
    assert 'data-testid="cotd-enter-B4-floor-middle"' in html
    assert 'data-chip="Library" data-floor="upper"' in section(html, "cotd-enter-B4-names")


def test_section_4_refuses_the_objective_below_11_tokens(client, create, act, api):
    s = create({**FRESH, "options": {"time_start": 8, "start_stage": 4, "entrance": [0, 0], "villains": [ORC, ORC]}})
    html = page(client, s["id"])
    assert text_of(html, "cotd-dc-need").startswith("(11+") and "data-counter" in tag(html, "cotd-dc-plus")
    act(s, "adjust_counter", params={"counter": "dc_tokens", "amount": 3})
    act(s, "end_exploration", params={"reason": "death"})
    html = page(client, s["id"])
    refused = section(html, "cotd-objective-yes-refused")
    assert "11 tokens" in refused and "R85" in refused
    assert 'data-testid="cotd-branch-no-title"' in html and "Communication Problems" in text_of(html, "cotd-branch-no-title")
    assert "Mission of the Brain" in text_of(html, "cotd-branch-yes-title")
    # the removed cards' floors, asked for the Mission (two per floor until the table taps otherwise)
    assert 'data-testid="cotd-removed-spaceship"' in html
    every_tap_is_recorded(api, s, html)
    act(s, "resolve_section", params={"objective_done": False})
    assert text_of(page(client, s["id"]), "cotd-dc-stage") == "4"


def test_the_mission_of_the_brain_passes_the_removed_floors(client, create, act, api):
    s = create({**FRESH, "options": {"time_start": 8, "start_stage": 4, "entrance": [0, 0], "villains": [ORC, ORC]}})
    act(s, "adjust_counter", params={"counter": "dc_tokens", "amount": 11})
    act(s, "end_exploration", params={"reason": "death"})
    html = page(client, s["id"])
    assert params_of(html, "cotd-objective-yes") == {
        "objective_done": True, "removed_floors": {"upper": 2, "middle": 2, "spaceship": 2}}
    assert "data-cotd-removed-target" in tag(html, "cotd-objective-yes")
    every_tap_is_recorded(api, s, html)
    act(s, "resolve_section", params=params_of(html, "cotd-objective-yes"))
    html = page(client, s["id"])
    assert text_of(html, "cotd-dc-stage") == "5" and text_of(html, "cotd-setup-layout") == "4 \u00d7 6"
    assert "The Vagabond" in section(html, "cotd-setup-henchman-0") and 'data-testid="cotd-setup-henchman-2"' in html
    act(s, "start_exploration", params={"entrance": [3, 0], "villains": [VAGABOND, ORC, ORC]})
    html = page(client, s["id"])
    assert "Endeavor" in section(html, "cotd-envs") and 'data-testid="cotd-task-0"' in html
    assert text_of(html, "cotd-env-tokens-eleven_friends") == "1 token"
    every_tap_is_recorded(api, s, html)


@pytest.mark.parametrize("done, result", [(True, "won"), (False, "lost")])
def test_the_final_exploration_wins_the_title_or_offers_a_restart(client, create, act, api, done, result):
    s = create({**FRESH, "options": {"time_start": 8, "start_stage": 6, "entrance": [0, 0], "villains": [VAGABOND, ORC, ORC],
                                      "removed_floors": {"upper": 2, "middle": 2, "spaceship": 2}}})
    assert text_of(page(client, s["id"]), "cotd-dc-stage") == "final"
    act(s, "end_exploration", params={"reason": "objective" if done else "death"})
    html = page(client, s["id"])
    assert 'data-testid="cotd-branch-no"' in html and 'data-testid="cotd-branch-yes-outcome"' in html
    act(s, "resolve_section", params={"objective_done": done})
    html = page(client, s["id"])
    assert text_of(html, "cotd-outcome-result") == result
    if done:
        assert text_of(html, "cotd-player-title") == "Truth in the Mirror" and 'data-testid="cotd-restart"' not in html
    else:
        assert 'data-act="restart_adventure"' in tag(html, "cotd-restart")
        every_tap_is_recorded(api, s, html)
    assert 'data-testid="cotd-setup"' not in html


def test_the_view_link_follows_the_tower_without_a_tap(client, create, act):
    s = create(LAID)
    act(s, "move_hero", params={"player": 0, "to": [0, 2], "card": "Library"})
    view = page(client, s["view_id"])
    assert text_of(view, "cotd-here") == "A3" and text_of(view, "cotd-card-A3") == "Library"
    assert "data-act=" not in view and "data-cotd-enter=" not in view and 'data-action="' not in view


def test_a_group_starts_with_two_orcs_each_and_the_starting_hero_moves(client, create, act, api):
    s = create({**FRESH, "players": [ANN, {"name": "Ben"}]})
    html = page(client, s["id"])
    assert 'data-testid="cotd-setup-henchman-3"' in html and 'data-testid="cotd-setup-henchman-4"' not in html
    act(s, "start_exploration", params={"entrance": [0, 0], "villains": [ORC] * 4})
    html = page(client, s["id"])
    assert text_of(html, "cotd-mover") == "Ann" and text_of(html, "cotd-token-holder") == "Ann"
    assert text_of(html, "cotd-lp-1") == "30"
    every_tap_is_recorded(api, s, html)
