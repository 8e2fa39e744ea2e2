"""The demo, the benchmark cycle and the flows' set-ups (demo.py) are reached by actions the engine records
from a fresh duel, without an override, and lead where their comments say."""
from tracker.engine import Action, decide, initial_state
from tracker.games.dark_force import GAME
from tracker.games.dark_force.demo import BENCH, DEMO, FLOWS


def played(setup, actions):
    s = initial_state(GAME, setup.mode, setup.players, setup.options)
    for type_, params in actions:
        r = decide(GAME, s, Action(type_, params))
        assert r.accepted, (type_, params, [v.as_dict() for v in r.violations])
        assert not r.overridden, (type_, params)
        s = r.state
    return s


def test_the_demo_is_bens_turn_with_his_move_declared():
    s = played(DEMO[0], DEMO[0].taps)
    assert (s["active_player"], s["phase"], s["movement_step"]) == (1, "movement", "execute_moves")
    assert [t["name"] for t in s["terrains"]] == ["Green Plains", "Mountains of Fear"]
    assert [(m["from"], m["to"], m.get("done")) for m in s["moves"]] == [("t4", "t1", False)]


def test_the_bench_cycle_leaves_the_table_as_it_was_but_the_round():
    once = played(BENCH, BENCH.cycle)
    twice = played(BENCH, BENCH.cycle * 2)
    assert twice["round"] == once["round"] + 1
    moving = {"round", "turn", "log", "version"}
    assert {k: v for k, v in twice.items() if k not in moving} == {k: v for k, v in once.items() if k not in moving}
    assert once["players"][0]["deck_count"] == 54 and once["result"] is None


def test_the_combat_flow_starts_in_the_combat_phase_with_the_plains_queued():
    flow = next(f for f in FLOWS if "combat" in f.name)
    s = played(flow, flow.before)
    assert (s["phase"], s["combat_queue"], s.get("combat")) == ("combat", ["t1"], None)
    here = {uid: (u["controller"], u["terrain"]) for uid, u in s["units"].items()}
    assert here == {"u2": (0, "t1"), "u3": (0, "t1"), "u5": (1, "t1"), "u6": (1, "t1")}


def test_the_terrain_flow_starts_in_play_terrains():
    flow = next(f for f in FLOWS if "terrain" in f.name)
    s = played(flow, flow.before)
    assert (s["phase"], s["movement_step"], s["terrains"]) == ("movement", "play_terrains", [])
