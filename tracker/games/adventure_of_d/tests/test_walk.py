"""Random legal play from every setup example: never refused, replays exactly (undo restores every
prefix), and reaches the Tower and every outcome of every mode, heroic included."""
import random
from collections import Counter

import pytest

from tracker.engine import decide, initial_state, replay

from .. import GAME


def walk(mode, players, options, seed, steps=400):
    rnd = random.Random(seed)
    start = initial_state(GAME, mode, players, options)
    state, log, history, towers = start, [], [start], 0
    for _ in range(steps):
        offered = GAME.enumerate_actions(state)
        if not offered:
            break
        action = rnd.choice(offered)
        result = decide(GAME, state, action)
        assert result.accepted and not result.overridden, (action, getattr(result, "violations", None))
        state = result.state
        log.append((action.type, action.params))
        history.append(state)
        towers += state["phase"] == "tower"
    return start, state, log, history, towers


def test_undo_and_redo_restore_exactly():
    for mode in ("solo", "co_op", "competitive"):
        players, options = GAME.setup_examples(mode)[-1]
        start, state, log, history, _ = walk(mode, players, options, seed=7, steps=150)
        for k in range(0, len(log) + 1, 7):
            assert replay(GAME, start, log[:k]) == history[k]
        assert replay(GAME, start, log) == state


@pytest.mark.parametrize("mode,heroic", [("solo", False), ("solo", True), ("co_op", False), ("co_op", True),
                                         ("competitive", False)])
def test_random_play_reaches_the_tower_and_every_outcome(mode, heroic):
    seen, towers = Counter(), 0
    setups = [(p, o) for p, o in GAME.setup_examples(mode) if bool(o.get("heroic")) == heroic]
    for seed in range(40):
        players, options = setups[seed % len(setups)]
        _, state, _, _, t = walk(mode, players, options, seed)
        towers += t
        out = GAME.outcome(state)
        if out:
            seen[(out["result"], out.get("tier"), state["lost_reason"])] += 1
    assert towers > 0
    if mode == "competitive":
        assert ("won", None, None) in seen
    else:
        assert {("won", "epic", None), ("lost", None, "timer"), ("lost", None, "tower")} <= set(seen)
        if mode == "co_op":
            assert ("won", "minor", None) in seen
