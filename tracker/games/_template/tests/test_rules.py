"""Every rule of the game: its refusal (the rule id) and the accepted neighbour. The tests import the
game relatively, so they test whichever package they sit in: copy them with the template."""
import pytest

from tracker.engine import Action, SetupError, decide, initial_state, replay

from .. import GAME



def rule(code: str) -> str:
    """The full id of one of this game's rules: rule("R1") (the short code in quotes is how the
    project's rule-table test sees that a rule has its test)."""
    return f"{GAME.slug}.{code}"


def start(**options):
    return initial_state(GAME, "race", [{"name": "Ann"}, {"name": "Ben"}], options)


def run(state, action_type, **params):
    return decide(GAME, state, Action(action_type, params))


def refused_by(result) -> list[str]:
    assert not result.accepted
    return [v.rule_id for v in result.violations]


def test_setup_starts_the_first_seat_in_the_score_phase():
    state = start(target=5, starting_player=1)
    assert state["phase"] == "score" and state["active_player"] == 1 and state["target"] == 5
    assert [p["points"] for p in state["players"]] == [0, 0]


def test_r1_only_the_active_player_scores_and_only_in_the_score_phase():
    state = start()
    assert refused_by(run(state, "score", player=1, amount=1)) == [rule("R1")]
    scored = run(state, "score", player=0, amount=2)
    assert scored.accepted and scored.state["players"][0]["points"] == 2
    later = run(scored.state, "advance_phase", player=0).state
    assert later["phase"] == "end_of_turn"
    assert refused_by(run(later, "score", player=0, amount=1)) == [rule("R1")]
    assert run(later, "advance_phase", player=0).state["active_player"] == 1


def test_r2_nothing_is_recorded_once_someone_reaches_the_target():
    state = start(target=2)
    won = run(state, "score", player=0, amount=2).state
    assert GAME.outcome(won) == {"result": "won", "winners": [0]}
    assert refused_by(run(won, "advance_phase", player=0)) == [rule("R2")]
    assert run(state, "score", player=0, amount=1).accepted  # short of the target, play goes on
    overridden = decide(GAME, won, Action("advance_phase", {"player": 0}, override_reason="we play on"))
    assert not overridden.accepted  # the end is a hard rule: no override records past it


def test_h1_points_never_drop_below_zero_even_with_an_override():
    state = run(start(), "score", player=0, amount=1).state
    assert refused_by(run(state, "lose_points", target=0, amount=2)) == [rule("H1")]
    assert not decide(GAME, state, Action("lose_points", {"target": 0, "amount": 2}, override_reason="card")).accepted
    assert run(state, "lose_points", target=0, amount=1).state["players"][0]["points"] == 0


def test_a_whole_turn_replays_to_the_same_state():
    state, log = start(), [("score", {"player": 0, "amount": 1}), ("advance_phase", {"player": 0}),
                           ("advance_phase", {"player": 0}), ("score", {"player": 1, "amount": 2})]
    now = state
    for action_type, params in log:
        now = run(now, action_type, **params).state
    assert replay(GAME, state, log) == now and now["turn"] == 1 and now["active_player"] == 1


def test_a_starting_seat_the_table_does_not_have_is_refused_naming_the_option():
    with pytest.raises(SetupError) as refused:
        start(starting_player=2)
    assert list(refused.value.errors) == ["options.starting_player"]
    assert start(starting_player=1)["active_player"] == 1
