"""The game-module interface: rules, actions, phases and games declared as data.

Pure Python on purpose: no Django, no clock, no randomness. Dice and draws happen at the
table and arrive as action parameters, so replaying a log is exact.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

State = dict  # JSON-native: dicts, lists, str, int, bool, None only
Params = dict


@dataclass(frozen=True)
class Violation:
    rule_id: str
    code: str
    message: str
    section: str
    hard: bool = False

    def as_dict(self) -> dict:
        return {"rule": self.rule_id, "code": self.code, "message": self.message, "section": self.section}


@dataclass(frozen=True)
class Rule:
    """A named legality rule.

    `check(state, params, ctx)` returns None when the action is fine, or a message (str) that
    explains this particular refusal; returning True uses the rule's default message.
    `hard` rules guard invariants that would corrupt the state: an override cannot pass them.
    `kind` is "state" (checked from tracked state) or "card-data" (checked when the card data is
    in the action or shipped; otherwise a reminder).
    """

    id: str
    title: str
    section: str
    message: str
    check: Callable[[State, Params, "Context"], Any] | None = None
    kind: str = "state"
    hard: bool = False

    @property
    def code(self) -> str:
        return self.id.split(".", 1)[-1]

    def violation(self, message: str | None = None) -> Violation:
        return Violation(self.id, self.code, message or self.message, self.section, self.hard)


@dataclass(frozen=True)
class Phase:
    id: str
    title: str


@dataclass(frozen=True)
class ActionSpec:
    """One recordable action: its parameter schema, where it may happen, what it checks, what it does.

    `apply(state, params, ctx)` mutates `state`, a private working copy made by `decide`/`replay`,
    and may return a short log line. Mutating a copy keeps replay of long logs cheap while the
    public functions stay pure.
    """

    type: str
    title: str
    params: dict  # JSON schema (type: object)
    apply: Callable[[State, Params, "Context"], str | None]
    rules: tuple[str, ...] = ()
    phases: frozenset[str] | None = None  # None: any phase
    phase_rule: str | None = None  # rule reported when the phase is wrong; default: game.phase_rule
    seat_params: tuple[str, ...] = ("player", "target")
    # The modes whose states this action belongs to (None: every mode). A campaign's bookkeeping
    # and a scenario's turn share one game but not one vocabulary: elsewhere the type is unknown.
    modes: frozenset[str] | None = None
    # False: undo refuses this event (a look at hidden cards stays seen); later events stay undoable.
    undoable: bool = True
    # Bookkeeping a table may still record once the game has ended (a late life point change):
    # refusing it would lose what the players saw happen. The outcome stays as decided.
    after_end: bool = False


@dataclass(frozen=True)
class Mode:
    slug: str
    title: str
    min_players: int
    max_players: int
    # This mode's setup options as a JSON schema, where they differ from the game's `options_schema`
    # (an adventure's options are not a duel's).
    options: dict | None = None
    # The phase ids this mode's states pass through, in order, where the game's phases serve
    # several modes (a duel never shows an adventure's steps); None: all of them.
    phases: tuple[str, ...] | None = None


@dataclass(frozen=True)
class PlayerField:
    """One thing a new-game form asks of each player besides the name. `name` may be dotted
    ("attributes.dodge") for a value nested in the player object; `choices` makes it a list to pick
    from, `kind` "number" a whole number (a "number" field also takes "-", for a value a card lacks)."""

    name: str
    label: str
    placeholder: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    kind: str = "text"  # text | number
    help: str = ""


@dataclass
class Context:
    """What an action's checks and effects may know besides the state and its params."""

    game: "Game"
    mode: str
    action_type: str
    overriding: bool = False
    notes: list[str] = field(default_factory=list)
    # Replay folds a log nobody reads the lines of: an action may skip writing its log line.
    quiet: bool = False


@dataclass(frozen=True)
class Game:
    slug: str
    title: str
    modes: tuple[Mode, ...]
    phases: tuple[Phase, ...]
    actions: Mapping[str, ActionSpec]
    rules: Mapping[str, Rule]
    setup: Callable[[str, list, dict], State]
    outcome: Callable[[State], dict | None]
    phase_rule: str  # reported when an action is recorded in a phase that does not allow it
    game_over_rule: str  # reported when an action arrives after the game ended
    invariants: tuple[str, ...] = ()  # hard rules checked on every resulting state
    enumerate_actions: Callable[[State], list] | None = None  # candidate legal actions, for tests
    setup_errors: Callable[[str, list, dict], dict] | None = None  # {field: [messages]}
    # What a new-game form asks: setup options as a JSON schema, and per-player fields besides
    # the name: PlayerField, or (name, label, placeholder) for a plain text field.
    options_schema: dict | None = None
    player_fields: tuple = ()
    # (players, options) pairs that set up each mode, for the conformance harness and demo data
    setup_examples: Callable[[str], list[tuple[list, dict]]] | None = None
    # validate_deck(payload) -> report with .valid, .violations, .reminders; raises DeckInputError
    validate_deck: Callable[[dict], Any] | None = None
    deck_fields: tuple[str, ...] = ()  # what a deck request may carry besides "game" (the OpenAPI schema says it)
    # param_errors(state, action_type, params) -> {field: [messages]}: params that name things the
    # state does not hold (a location, a card in a pile). Malformed, so a 400, like a missing seat.
    param_errors: Callable[[State, str, dict], dict] | None = None
    # campaign_allows(campaign_state, scenario_title) -> None, or why that scenario can't be next
    campaign_allows: Callable[[State, str], str | None] | None = None
    # The slug of the game this one is built on: its package may import that game's public kit.
    extends: str | None = None
    engine_version: int = 1

    def mode(self, slug: str) -> Mode | None:
        return next((m for m in self.modes if m.slug == slug), None)

    def phases_for(self, mode: str) -> tuple[Phase, ...]:
        m = self.mode(mode)
        if m is None or m.phases is None:
            return self.phases
        return tuple(p for p in self.phases if p.id in m.phases)

    def options_schema_for(self, mode: str) -> dict | None:
        m = self.mode(mode)
        return m.options if m is not None and m.options is not None else self.options_schema

    def action(self, action_type: str, mode: str | None) -> ActionSpec | None:
        """The spec of `action_type` in `mode`: one type may take other params in another mode."""
        for spec in _variants(self.actions, action_type):
            if spec.modes is None or mode in spec.modes:
                return spec
        return None

    def action_specs(self) -> list[ActionSpec]:
        """Every action spec, each mode's variant of a type included, in declaration order."""
        return [spec for t in self.actions for spec in _variants(self.actions, t)]

    def shares_type(self, action_type: str) -> bool:
        """Whether `action_type` has a variant per mode (so listings must say which mode is which)."""
        return len(_variants(self.actions, action_type)) > 1

    def rule(self, rule_id: str) -> Rule:
        return self.rules[rule_id]


def rules_table(*rules: Rule) -> dict[str, Rule]:
    table = {}
    for rule in rules:
        if rule.id in table:
            raise ValueError(f"duplicate rule id {rule.id}")
        table[rule.id] = rule
    return table


class ActionTable(dict):
    """type -> the type's first spec, as a plain mapping; `variants[type]` holds every mode's spec of it."""

    def __init__(self):
        super().__init__()
        self.variants: dict[str, tuple[ActionSpec, ...]] = {}


def _variants(actions: Mapping[str, ActionSpec], action_type: str) -> tuple[ActionSpec, ...]:
    variants = getattr(actions, "variants", None)
    if variants is not None:
        return variants.get(action_type, ())
    spec = actions.get(action_type)
    return (spec,) if spec is not None else ()


def actions_table(*actions: ActionSpec) -> ActionTable:
    """The action table. A type may appear more than once when each appearance names its modes and
    no two share a mode: a duel's declare_attack aims at a seat, an adventure's at a villain."""
    table = ActionTable()
    for action in actions:
        earlier = table.variants.get(action.type, ())
        if earlier:
            if action.modes is None or any(e.modes is None or e.modes & action.modes for e in earlier):
                raise ValueError(f"duplicate action type {action.type} (variants need disjoint modes)")
        else:
            table[action.type] = action
        table.variants[action.type] = (*earlier, action)
    return table
