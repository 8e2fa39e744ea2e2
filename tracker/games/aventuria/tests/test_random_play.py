"""Random play from enumerate_actions: every candidate is legal, invariants hold, replay is exact."""
import random

import pytest

from tracker.engine import decide, initial_state, replay
from tracker.games.aventuria import GAME

CASES = [("duel", 2), ("skirmish", 3), ("skirmish", 5), ("team_duel", 4), ("team_duel", 6)]


def play(mode, n, seed):
    rng = random.Random(f"{mode}-{n}-{seed}")
    options = {"starting_player": seed % n} if seed % 2 else {}
    start = initial_state(GAME, mode, [{"name": f"P{i}"} for i in range(n)], options)
    state, events, seen = start, [], set()
    for _ in range(1500):
        candidates = GAME.enumerate_actions(state)
        if not candidates:
            break
        action = rng.choice(candidates)
        result = decide(GAME, state, action)
        assert result.accepted, (action, [v.as_dict() for v in result.violations])
        assert not result.overridden
        state = result.state
        events.append((action.type, action.params))
        seen.add(action.type)
        for rule_id in GAME.invariants:
            assert not GAME.rules[rule_id].check(state, {}, None)
    assert state["outcome"] is not None, "a long random game should end"
    assert GAME.enumerate_actions(state) == []
    assert replay(GAME, start, events) == state
    return seen


@pytest.mark.parametrize("mode,n", CASES)
@pytest.mark.parametrize("seed", range(6))
def test_random_play_is_legal_and_replays(mode, n, seed):
    assert "advance_phase" in play(mode, n, seed)


def test_random_play_reaches_every_kind_of_step():
    seen = set()
    for mode, n in CASES:
        for seed in range(6, 12):
            seen |= play(mode, n, seed)
    expected = {"roll_for_start", "mulligan", "advance_phase", "draw_cards", "ready_all", "play_endurance",
                "play_action_card", "activate_permanent", "discard_permanent", "return_permanent_to_hand",
                "declare_attack", "attack_roll", "spend_fate_reroll", "fate_reroll_attack",
                "take_fate", "attack_failed_final", "damage_roll", "dodge_roll", "apply_armor", "apply_damage",
                "life_point_loss", "heal", "simultaneous_loss", "spend_fate_draw", "spend_fate_endurance",
                "use_special_ability", "test", "discard_cards", "resolve_turn_trigger"}
    assert expected <= seen, expected - seen
