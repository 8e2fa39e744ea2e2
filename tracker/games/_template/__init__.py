"""The template a new game starts from: copy this package to tracker/games/<your_game>/ and
fixtures/rules/_template/ to fixtures/rules/<your-game>/, then rename (docs/ADDING_A_GAME.md).

A small real game so that every piece has something to do: players race to a target of points. Each
turn has two phases: the active player scores, then ends the turn. One mode, two phases, three
actions, three rules. The catalog does not discover this package (its name starts with "_"); the
contract test (tests/test_game_packages.py) loads it on purpose and checks it like any game.
"""
from __future__ import annotations

from tracker.engine import Game, Mode, Phase
from tracker.engine.schema import integer, obj, seat

from .actions import ACTIONS
from .rules import RULES
from .state import PHASES, enumerate_actions, outcome, setup, setup_errors, setup_examples

GAME = Game(
    slug="template",  # the package name with "_" spelt "-" (the leading "_" only marks the template)
    title="Template game",
    modes=(Mode("race", "Race to the target", 2, 4),),
    phases=tuple(Phase(pid, title) for pid, title in PHASES.items()),
    actions=ACTIONS,
    rules=RULES,
    setup=setup,
    outcome=outcome,
    phase_rule="template.R1",
    game_over_rule="template.R2",
    invariants=("template.H1",),
    enumerate_actions=enumerate_actions,
    setup_errors=setup_errors,
    setup_examples=setup_examples,
    options_schema=obj(
        target=integer(1, 99, "points that win (default 10)"),
        starting_player=seat("who takes the first turn (default the first seat)"),
    ),
)
