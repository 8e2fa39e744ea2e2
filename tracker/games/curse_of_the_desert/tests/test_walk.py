"""Random play on the conformance harness, solo and as a group, and long random nights replayed."""
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.strategies import from_schema
from tests.engine.test_conformance import run_machine
from tracker.engine import Action, ParamError, copy_state, decide, initial_state, replay

from .helpers import GAME, GROUP, new

SPECS = GAME.action_specs()


@pytest.mark.parametrize("which", ["solo", "group"])
def test_the_conformance_harness_solo_and_as_a_group(which):
    solo, *groups = GAME.setup_examples("nedime")
    examples = [solo] if which == "solo" else groups
    run_machine(replace(GAME, setup_examples=lambda mode: examples), GAME.modes[0], examples=8)


def test_long_random_tower_explorations_reach_both_endings_and_replay():
    outcomes = set()
    for seed in range(8):
        players, options = GAME.setup_examples("borbarad")[seed % 3]
        states = _walk(seed, initial_state(GAME, "borbarad", players, options), 500)
        outcomes |= {s["outcome"]["result"] for s in states[-1:] if s["outcome"]}
    assert outcomes == {"won", "lost"}


def test_long_random_nights_replay_to_the_same_state():
    ends = set()
    for seed in range(6):
        states = _walk(seed, new(GROUP[:1 + seed % 4]), 300)
        assert states[-1]["exploration"] >= 1
        ends |= {s["exploration_end_reason"] for s in states if s["exploration_end_reason"]}
    assert {"retreat", "imprisoned"} <= ends


def _walk(seed, start, steps) -> list[dict]:
    """Random legal actions from `start`; every state passed, and the log replays to the last one."""
    rnd = random.Random(seed)
    state, log, states = start, [], []
    for _ in range(steps):
        candidates = GAME.enumerate_actions(state)
        if not candidates:
            break
        action = rnd.choice(candidates)
        result = decide(GAME, state, action)
        assert result.accepted, (action, result.violations)
        state = result.state
        states.append(state)
        log.append((action.type, action.params))
    assert replay(GAME, start, log) == state
    return states


@settings(max_examples=40, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
@pytest.mark.parametrize("mode", ["nedime", "borbarad"])
def test_random_actions_accepted_anyway_never_break_the_table(mode, data):
    """Legal actions mixed with any action the schemas allow, half of them accepted anyway with a reason: a
    400 (ParamError) or an answer, never an exception; the state given is never changed; whatever is
    accepted keeps the hard invariants and replays to the same state. (A longer run of the same kind, 400
    examples, found H3: an advance_phase accepted anyway before the first night left a round with no palace;
    test_rules holds that case.)"""
    players, options = data.draw(st.sampled_from(GAME.setup_examples(mode)))
    start = initial_state(GAME, mode, players, options)
    state, log = copy_state(start), []
    for _ in range(60):
        legal = GAME.enumerate_actions(state)
        if legal and data.draw(st.booleans()):
            action = data.draw(st.sampled_from(legal))
        else:
            spec = data.draw(st.sampled_from(SPECS))
            params = data.draw(from_schema(spec.params, len(state["players"])))
            action = Action(spec.type, params, "card text" if data.draw(st.booleans()) else None)
        before = copy_state(state)
        try:
            result = decide(GAME, state, action)
        except ParamError:
            continue
        assert state == before
        if result.accepted:
            state = result.state
            log.append((action.type, action.params))
            assert not [r for r in GAME.invariants if GAME.rules[r].check(state, {}, None)], action
    assert replay(GAME, start, log) == state
