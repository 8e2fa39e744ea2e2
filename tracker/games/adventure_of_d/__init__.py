"""Adventure of D (Second Edition): a small fantasy card game for 1-3 heroes on a wrapping 4x3 island
map, solo, co-op or competitive, with Heroic Mode for solo and co-op. The app tracks the counts and
the map; every card's type and power arrives as a param the table taps (the app never sees a hidden
card). Built by copying tracker/games/_template/ (docs/ADDING_A_GAME.md)."""
from __future__ import annotations

from tracker.engine import Game, Mode, Phase, PlayerField

from .actions import ACTIONS, param_errors
from .enumerate import enumerate_actions
from .rules import RULES
from .setup import OPTIONS, setup, setup_errors, setup_examples
from .state import PHASES, STATS, TYPES, outcome

S = "adventure-of-d."

GAME = Game(
    slug="adventure-of-d",
    title="Adventure of D",
    modes=(Mode("solo", "Solo", 1, 1), Mode("co_op", "Co-op", 2, 3), Mode("competitive", "Competitive", 2, 3)),
    phases=tuple(Phase(pid, title) for pid, title in PHASES.items()),
    actions=ACTIONS,
    rules=RULES,
    setup=setup,
    outcome=outcome,
    phase_rule=S + "R23",
    game_over_rule=S + "R77",
    invariants=(S + "R12", S + "R13", S + "R14", S + "R15"),
    enumerate_actions=enumerate_actions,
    setup_errors=setup_errors,
    setup_examples=setup_examples,
    param_errors=param_errors,
    options_schema=OPTIONS,
    player_fields=(
        PlayerField("hero", "Hero", "Dwarf"),
        PlayerField("setup_check", "Setup check", choices=tuple((t, t.capitalize()) for t in TYPES)),
        PlayerField("raise", "A neutral check raises", choices=tuple((t, t.capitalize()) for t in STATS)),
    ),
)
