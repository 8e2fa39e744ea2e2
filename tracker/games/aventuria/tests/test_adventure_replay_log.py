"""The adventure log the replay benchmark folds is a log a table could record: every event legal."""
from tracker.engine import Action, decide, initial_state, replay
from tracker.games.aventuria import GAME
from tracker.games.aventuria.demo import REPLAYS


def test_the_benchmarked_adventure_log_is_legal_event_by_event_and_replays_to_the_same_state():
    bench = REPLAYS[0]
    start = state = initial_state(GAME, bench.mode, bench.players, bench.options)
    assert len(bench.cycle) == 10_000
    for i, (action_type, params) in enumerate(bench.cycle):
        decision = decide(GAME, state, Action(action_type, params))
        assert decision.accepted, (i, action_type, params, decision.violations)
        state = decision.state
    assert state["round"] > 500 and state["outcome"] is None
    assert replay(GAME, start, bench.cycle) == state
