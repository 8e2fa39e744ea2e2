"""The Aventuria table presenter: the turn's steps as one-tap buttons only when the engine takes
them, the attack helper's defaults, and the heroes as the box has them. No Django."""
from tracker.engine import SetupError, initial_state
from tracker.engine.kit.presenter import Table, mode_forms
from tracker.games.aventuria import GAME
from tracker.games.aventuria.page import context

from .conftest import new, ok


def page(state, mode="duel"):
    return context(Table(GAME, state, mode, True, mode_forms(GAME, state, mode)))


def now(state, mode="duel"):
    return {q.testid: q for q in page(state, mode)["now"]}


def to(state, phase):
    while state["phase"] != phase:
        if state["phase"] == "draw" and not state["players"][state["active_player"]]["phase_draw_done"]:
            state = ok(state, "draw_cards", player=state["active_player"], count=2, reason="phase")
        state = ok(state, "advance_phase", player=state["active_player"])
    return state


def test_a_hero_is_one_of_the_box_and_arboshs_printed_value_is_filled_in():
    try:
        initial_state(GAME, "duel", [{"name": "Ann", "hero": "Dwarf"}, {"name": "Ben"}], {"starting_player": 0})
    except SetupError as exc:
        assert "choose one of DB (Arbosh (Dwarf Blacksmith))" in exc.errors["players.0.hero"][0]
    else:
        raise AssertionError("a free-text hero was taken")
    state = new(players=[{"name": "Ann", "hero": "arbosh"}, {"name": "Ben", "hero": "TM", "attributes": {"dodge": 9}}])
    ann, ben = state["players"]
    assert ann["hero"] == "DB" and ann["attributes"]["close_combat"] == 14 and ben["attributes"]["close_combat"] is None
    typed = new(players=[{"name": "Ann", "hero": "DB", "attributes": {"close_combat": 15}}, {"name": "Ben"}])
    assert typed["players"][0]["attributes"]["close_combat"] == 15  # the table's value beats ours


def test_draw_2_is_offered_once_and_carries_the_turn_on_to_the_endurance_phase():
    state = to(new(), "draw")
    draw = now(state)["draw-2"]
    assert draw.params == {"player": 0, "count": 2, "reason": "phase"} and [s["type"] for s in draw.then] == [
        "advance_phase", "advance_phase"]
    drawn = ok(state, "draw_cards", player=0, count=2, reason="phase")
    assert "draw-2" not in now(drawn)  # the neighbour: once drawn, not offered again
    assert now(new()) == {}  # nothing to tap in the start phase but "next phase"


def test_endurance_is_offered_while_it_may_be_played():
    state = to(new(), "endurance")
    assert "endurance" in now(state)
    state = ok(state, "play_endurance", player=0, source="hand")
    assert "endurance" in now(state)
    state = ok(state, "play_endurance", player=0, source="hand")
    assert "endurance" not in now(state)  # two per turn


def test_discard_to_7_names_how_many():
    state = to(new(), "end")
    assert "discard-to-7" not in now(state)  # 7 cards: nothing to discard
    state["players"][0]["hand_count"] = 9
    assert now(state)["discard-to-7"].params == {"player": 0, "count": 2}


def test_an_attack_is_offered_on_the_other_hero_only_and_in_a_team_duel_on_the_legal_one():
    duel = page(to(new(), "actions"))["declare_buttons"]
    assert {(q.params["attack_type"], q.params["target"]) for q in duel} == {("close", 1), ("ranged", 1), ("magic", 1)}
    team = to(new("team_duel"), "actions")
    team["players"][3]["life_points"] = 30  # seat 1 has the most LP of the other team (R52)
    targets = {q.params["target"] for q in page(team, "team_duel")["declare_buttons"]}
    assert targets == {1}


def test_the_helper_presets_who_rolls_and_the_damage_it_shows():
    players = [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM", "attributes": {"dodge": 9}}]
    state = ok(to(new(players=players), "actions"), "declare_attack", player=0, attack_type="close", target=1)
    helper = page(state)["attack"]
    roll, = helper["forms"]
    assert roll["preset"] == '{"player": 0}' and [f.name for f in roll["fields"]] == ["roll"]
    assert helper["need"] == 14 and helper["group"] == "attack-1"
    state = ok(ok(state, "attack_roll", player=0, roll=3), "damage_roll", player=0, amount=9)
    helper = page(state)["attack"]
    dodge = next(f for f in helper["forms"] if f["spec"].type == "dodge_roll")
    assert dodge["preset"] == '{"player": 1}'  # the target dodges
    apply, = helper["after"]  # after the dodge pad: skipping the dodge
    assert apply.params == {"target": 1, "amount": 9}  # the damage just shown
    assert "halves 9 to 5 (Dodge 9)" in helper["say"][0]


def test_criticals_say_what_follows():
    state = ok(to(new(), "actions"), "declare_attack", player=0, attack_type="close", target=1)
    missed = ok(state, "attack_roll", player=0, roll=20)
    assert "draws a random card from Ann's hand" in " ".join(page(missed)["attack"]["say"])
    hit = ok(state, "attack_roll", player=0, roll=1)
    assert now(hit)["critical-draw-0"].params == {"player": 0, "count": 1, "reason": "critical_success"}
    assert "take-fate" not in str(page(hit)["fate_takers"])
    assert page(missed)["fate_takers"] == [0]  # a failed attack earns a Fate Point: the button is on Ann
