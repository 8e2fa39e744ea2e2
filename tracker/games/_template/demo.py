"""Demo data for `make run`, and what the benchmarks play."""
from tracker.engine.kit.demo import Bench, Demo, Flow, Tap

DEMO = (
    Demo(title="Template race", mode="race", players=[{"name": "Ann (demo)"}, {"name": "Ben (demo)"}],
         taps=(("score", {"player": 0, "amount": 2}), ("advance_phase", {"player": 0}))),
)

# a point scored and lost again, so it can repeat without ending the race. No page tap here: no one
# button of this page can be tapped again and again without ending the race or going below zero.
BENCH = Bench(
    mode="race", players=[{"name": "Ann"}, {"name": "Ben"}],
    cycle=(("score", {"player": 0, "amount": 1}), ("lose_points", {"target": 0, "amount": 1})),
)

# The common flows as taps on the phone page: `make bench` counts them, the browser tests hold each
# to its goal (tests/browser/test_flows.py).
FLOWS = (
    Flow("a turn: score 2 and pass", goal=3, mode="race", players=[{"name": "Ann"}, {"name": "Ben"}],
         steps=(Tap("template-score-2"), Tap("advance"), Tap("advance")), expect=(("template-points-0", "2"),)),
)
