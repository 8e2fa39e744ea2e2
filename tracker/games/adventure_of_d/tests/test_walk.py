"""Random legal play from every setup example: never refused, replays exactly (undo restores every
prefix), and reaches the Tower and every outcome of every mode, heroic included."""
import random
from collections import Counter

import pytest

from tracker.engine import Action, ParamError, decide, initial_state, replay

from .. import GAME
from ..state import counted_hero_cards, counted_power_cards


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


def _random_params(rnd, spec):
    names = ["Castle of Light", "Tower of Death", "Lake of Hope", "Fairy Dust", "Topaz", "Nowhere"]

    def value(key, schema):
        if "enum" in schema:
            return rnd.choice(schema["enum"])
        kind = schema.get("type")
        if kind == "integer":
            return rnd.randint(0, 2) if key in ("player", "target") else rnd.randint(schema.get("minimum", 0),
                                                                                      schema.get("maximum", 8))
        if kind == "boolean":
            return rnd.random() < 0.5
        if kind == "array":
            return [value("player" if key == "followers" else key, schema["items"]) for _ in range(rnd.randint(1, 2))]
        return rnd.choice(names)
    required = spec.params.get("required", [])
    return {k: value(k, v) for k, v in spec.params.get("properties", {}).items() if k in required or rnd.random() < 0.5}


def test_random_actions_accepted_anyway_never_break_the_table():
    """Any action with random params, half of them accepted anyway with a reason, between legal ones: a
    400 (ParamError) or an answer, never an exception; whatever is accepted keeps the cards accounted for."""
    rnd = random.Random(11)
    specs = list(GAME.action_specs())
    for game in range(60):
        mode = ("solo", "co_op", "competitive")[game % 3]
        players, options = GAME.setup_examples(mode)[game % len(GAME.setup_examples(mode))]
        state = initial_state(GAME, mode, players, options)
        for _ in range(60):
            if GAME.outcome(state):
                break
            if rnd.random() < 0.5:
                action = rnd.choice(GAME.enumerate_actions(state))
            else:
                spec = rnd.choice(specs)
                action = Action(spec.type, _random_params(rnd, spec), override_reason="card text" if rnd.random() < 0.5 else None)
            try:
                result = decide(GAME, state, action)
            except ParamError:
                continue
            if result.accepted:
                state = result.state
                assert counted_power_cards(state) == 60 and counted_hero_cards(state) == 16, action
                assert all(p["hp"] >= 0 and 0 <= p["magic"] <= 8 for p in state["players"]), action
