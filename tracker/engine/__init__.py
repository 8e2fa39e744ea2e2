"""The rules engine: pure Python, no Django import and no game (tests enforce both). Games are
found and registered by the catalog, `tracker.games`."""
from .core import (  # noqa: F401
    ActionSpec, ActionTable, Context, Game, Mode, Phase, PlayerField, Rule, Violation, actions_table, rules_table,
)
from .errors import DeckInputError, FieldErrors, LinkError, ParamError, SetupError, field_path  # noqa: F401
from .registry import Registry  # noqa: F401
from .runtime import Accepted, Action, Refused, apply_unchecked, copy_state, decide, initial_state, replay  # noqa: F401
