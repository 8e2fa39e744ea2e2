"""Random play on the conformance harness, solo and as a group, and long random nights replayed."""
import random
from dataclasses import replace

import pytest

from tests.engine.test_conformance import run_machine
from tracker.engine import decide, replay

from .helpers import GAME, GROUP, new


@pytest.mark.parametrize("which", ["solo", "group"])
def test_the_conformance_harness_solo_and_as_a_group(which):
    solo, *groups = GAME.setup_examples("nedime")
    examples = [solo] if which == "solo" else groups
    run_machine(replace(GAME, setup_examples=lambda mode: examples), GAME.modes[0], examples=8)


def test_long_random_nights_replay_to_the_same_state():
    ends = set()
    for seed in range(6):
        ends |= _walk(seed)
    assert {"retreat", "imprisoned"} <= ends


def _walk(seed):
    rnd = random.Random(seed)
    start = new(GROUP[:1 + seed % 4])
    state, log, ends = start, [], set()
    for _ in range(300):
        candidates = GAME.enumerate_actions(state)
        if not candidates:
            break
        action = rnd.choice(candidates)
        result = decide(GAME, state, action)
        assert result.accepted, (action, result.violations)
        state = result.state
        log.append((action.type, action.params))
        if state["exploration_end_reason"]:
            ends.add(state["exploration_end_reason"])
    assert replay(GAME, start, log) == state
    assert state["exploration"] >= 1
    return ends
