"""Every registered game must pass this: random legal play never breaks the game.

- every action the game offers as legal is accepted without an override;
- arbitrary (fuzzed) actions are either refused or malformed, and never change the state they
  were tried on, or else accepted and kept;
- the state stays JSON-native, and the game's hard invariants hold;
- replaying the log reproduces the state, and every prefix of the log reproduces the state
  after that many events (so undoing the newest event restores the state before it).
"""
import json
import os

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.engine.strategies import from_schema
from tracker.engine import Action, ParamError, copy_state, decide, initial_state, replay
from tracker.games import all_games


def _setups(game, mode):
    if game.setup_examples:
        return game.setup_examples(mode.slug)
    return [([{"name": f"Player {i + 1}"} for i in range(mode.min_players)], {})]


def machine_for(game, mode):
    class GameMachine(RuleBasedStateMachine):
        def __init__(self):
            super().__init__()
            self.setup = None

        @precondition(lambda self: self.setup is None)
        @rule(data=st.data())
        def start(self, data):
            players, options = data.draw(st.sampled_from(_setups(game, mode)))
            self.setup = (players, options)
            self.start_state = initial_state(game, mode.slug, players, options)
            self.state = copy_state(self.start_state)
            self.log, self.history = [], [copy_state(self.state)]

        @precondition(lambda self: self.setup is not None)
        @rule(data=st.data())
        def play_a_legal_action(self, data):
            candidates = game.enumerate_actions(self.state)
            if game.outcome(self.state) is not None:
                assert candidates == [], "a finished game offers no actions"
                return
            assert candidates, f"no legal action offered in phase {self.state.get('phase')!r}: the game is stuck"
            action = data.draw(st.sampled_from(candidates))
            self._accept(action, legal=True)

        @precondition(lambda self: self.setup is not None)
        @rule(data=st.data())
        def try_anything(self, data):
            spec = data.draw(st.sampled_from(game.action_specs()))
            params = data.draw(from_schema(spec.params, len(self.state["players"])))
            before = copy_state(self.state)
            try:
                result = decide(game, self.state, Action(spec.type, params))
            except ParamError:
                assert self.state == before
                return
            assert self.state == before, "decide must not mutate the state it is given"
            if result.accepted:
                self._commit(spec.type, params, result.state)

        def _accept(self, action, legal):
            result = decide(game, self.state, action)
            assert result.accepted, f"{action} offered as legal but refused: {getattr(result, 'violations', None)}"
            assert not result.overridden
            self._commit(action.type, action.params, result.state)

        def _commit(self, action_type, params, new_state):
            self.state = new_state
            self.log.append((action_type, params))
            self.history.append(copy_state(new_state))

        @invariant()
        def state_is_json_native(self):
            if self.setup is not None:
                assert json.loads(json.dumps(self.state)) == self.state

        @invariant()
        def hard_invariants_hold(self):
            if self.setup is None:
                return
            for rule_id in game.invariants:
                assert not game.rules[rule_id].check(self.state, {}, None), rule_id

        @invariant()
        def replay_reproduces_state(self):
            if self.setup is not None:
                assert replay(game, self.start_state, self.log) == self.state

        def teardown(self):
            if self.setup is None:
                return
            for k in range(len(self.log)):
                assert replay(game, self.start_state, self.log[:k]) == self.history[k], f"prefix {k}"

    GameMachine.__name__ = f"{game.slug}_{mode.slug}_machine"
    return GameMachine


CASES = [(g, m) for g in all_games() for m in g.modes]


def run_machine(game, mode, examples: int | None = None) -> None:
    machine = machine_for(game, mode)
    machine.TestCase.settings = settings(
        max_examples=examples or int(os.environ.get("CONFORMANCE_EXAMPLES", 25)), stateful_step_count=40,
        deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine.TestCase().runTest()


@pytest.mark.parametrize("game,mode", CASES, ids=[f"{g.slug}-{m.slug}" for g, m in CASES])
def test_random_play_keeps_the_game_sound(game, mode):
    assert game.enumerate_actions is not None, f"{game.slug} must offer enumerate_actions"
    run_machine(game, mode)


def test_every_game_is_registered_once():
    slugs = [g.slug for g in all_games()]
    assert len(slugs) == len(set(slugs)) and "aventuria" in slugs
