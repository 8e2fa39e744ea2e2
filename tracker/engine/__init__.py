"""The rules engine: pure Python, no Django import (a test enforces it)."""
from .core import (  # noqa: F401
    ActionSpec, Context, DeckInputError, Game, Mode, ParamError, Phase, Rule, SetupError, Violation, actions_table, rules_table,
)
from .registry import all_games, get_game, register  # noqa: F401
from .runtime import Accepted, Action, Refused, apply_unchecked, copy_state, decide, initial_state, replay  # noqa: F401
