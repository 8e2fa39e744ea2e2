"""decide / apply / replay: the only ways a state changes."""
from __future__ import annotations

import difflib
import pickle
from dataclasses import dataclass, field, replace

import jsonschema_rs
from jsonschema import Draft202012Validator, validators

from .core import ActionSpec, Context, Game, State, Violation
from .errors import ParamError, SetupError, field_path
from .kit.rules import violation_order


@dataclass(frozen=True)
class Action:
    type: str
    params: dict = field(default_factory=dict)
    override_reason: str | None = None


@dataclass(frozen=True)
class Accepted:
    state: State
    log: str
    overridden: tuple[Violation, ...] = ()
    notes: tuple[str, ...] = ()
    accepted = True


@dataclass(frozen=True)
class Refused:
    violations: tuple[Violation, ...]
    accepted = False


def copy_state(state: State) -> State:
    # pickle round-trips JSON-native data several times faster than copy.deepcopy
    return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))


# JSON Schema counts 1.0 as an integer; a seat or an amount must be a JSON integer (1.0 as a seat
# broke list indexing, as an amount it put "39.0 LP" in the state), and never true or false.
Validator = validators.extend(Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda checker, value: isinstance(value, int) and not isinstance(value, bool)))
_validators: dict[int, Draft202012Validator] = {}


def _validator(schema: dict) -> Draft202012Validator:
    # keyed by the schema object: every spec (and every mode's variant of one) holds its own; the
    # identity check keeps a freed schema's reused id from answering for another
    found = _validators.get(id(schema))
    if found is None or found.schema is not schema:
        found = _validators[id(schema)] = Validator(schema)
    return found


_fast_validators: dict[int, tuple[dict, "jsonschema_rs.Draft202012Validator"]] = {}


def _plainly_valid(schema: dict, value) -> bool:
    """True when `value` is surely valid: jsonschema-rs says so (several times faster than the Python
    validator, on every tap) and there is no float in it, the one thing our own Validator reads
    differently (1.0 is no integer here). False sends it to the Python validator, for its messages."""
    found = _fast_validators.get(id(schema))
    if found is None or found[0] is not schema:
        found = _fast_validators[id(schema)] = (schema, jsonschema_rs.Draft202012Validator(schema))
    return not _has_float(value) and found[1].is_valid(value)


def _has_float(value) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    return False


def schema_errors(schema: dict, value: dict, prefix: str, noun: str) -> dict[str, list[str]]:
    """{field path: [messages]} for `value` against a JSON schema, each field named under `prefix`:
    a missing one is required, an unknown one is named (with the nearest known name, for a typo)."""
    if _plainly_valid(schema, value):
        return {}
    errors: dict[str, list[str]] = {}
    for err in _validator(schema).iter_errors(value):
        where = [prefix, *err.absolute_path]
        if err.validator == "required":
            for name in [p for p in err.validator_value if p not in err.instance]:
                errors.setdefault(field_path(*where, name), []).append("this field is required")
        elif err.validator == "additionalProperties":
            known = list(err.schema.get("properties", {}))
            for name in sorted(set(err.instance) - set(known)):
                near = difflib.get_close_matches(str(name), known, n=1)
                hint = f"; did you mean {near[0]!r}?" if near else f"; known: {', '.join(known)}" if known else ""
                errors.setdefault(field_path(*where, name), []).append(f"unknown {noun}{hint}")
        else:
            errors.setdefault(field_path(*where), []).append(err.message)
    return errors


def validate_params(game: Game, state: State, action: Action) -> tuple[ActionSpec, dict]:
    """Return the action spec and params, or raise ParamError naming each bad field."""
    mode = state.get("mode")
    spec = game.action(action.type, mode)
    if spec is None:
        known = [s for s in game.action_specs() if s.type == action.type]
        if not known:
            raise ParamError({"type": [f"unknown action type {action.type!r} for {game.slug}"]})
        modes = sorted({m for s in known for m in s.modes or ()})
        raise ParamError({"type": [f"{action.type!r} is not an action of {game.slug} {mode}; "
                                   f"it belongs to {', '.join(modes)}"]})
    params = action.params if action.params is not None else {}
    if not isinstance(params, dict):
        raise ParamError({"params": ["must be a JSON object"]})
    errors = schema_errors(spec.params, params, "params", "parameter")
    if errors:
        raise ParamError(errors)
    seats = len(state.get("players", []))
    for name in spec.seat_params:
        value = params.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value < seats:
            errors.setdefault(field_path("params", name), []).append(
                f"no seat {value}: this session has seats 0 to {seats - 1}"
            )
    if not errors and game.param_errors:
        errors = game.param_errors(state, action.type, params) or {}
    if errors:
        raise ParamError(errors)
    return spec, params


def _check(game: Game, state: State, spec: ActionSpec, params: dict, ctx: Context) -> list[Violation]:
    found: dict[str, Violation] = {}
    if game.outcome(state) is not None and not spec.after_end:
        rule = game.rules[game.game_over_rule]
        found[rule.id] = rule.violation()
    elif spec.phases is not None and state.get("phase") not in spec.phases:
        rule = game.rules[spec.phase_rule or game.phase_rule]
        found[rule.id] = rule.violation(
            f"{spec.title} is not possible in the {_phase_title(game, state.get('phase'))} phase."
        )
    for rule_id in spec.rules:
        rule = game.rules[rule_id]
        if rule.check is None or rule.id in found:
            continue
        result = rule.check(state, params, ctx)
        if result:
            found[rule.id] = rule.violation(result if isinstance(result, str) else None)
    return sorted(found.values(), key=lambda v: violation_order(v.rule_id))


def _phase_title(game: Game, phase_id) -> str:
    return next((p.title for p in game.phases if p.id == phase_id), str(phase_id))


def _invariant_violations(game: Game, state: State, ctx: Context) -> list[Violation]:
    out = []
    for rule_id in game.invariants:
        rule = game.rules[rule_id]
        result = rule.check(state, {}, ctx)
        if result:
            out.append(rule.violation(result if isinstance(result, str) else None))
    return out


def decide(game: Game, state: State, action: Action, mode: str | None = None):
    """Check an action against the rules and, if it passes (or is overridden), compute the new state.

    Raises ParamError for malformed actions. Returns Accepted or Refused. Never mutates `state`.
    """
    spec, params = validate_params(game, state, action)
    ctx = Context(game=game, mode=mode or state.get("mode", ""), action_type=action.type)
    violations = _check(game, state, spec, params, ctx)
    reason = (action.override_reason or "").strip()
    hard = [v for v in violations if v.hard]
    if hard or (violations and not reason):
        return Refused(tuple(hard or violations))
    ctx.overriding = bool(violations)
    new_state = copy_state(state)
    try:
        log = spec.apply(new_state, params, ctx) or spec.title
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        if not ctx.overriding:
            raise  # with every rule met an action that cannot apply is the engine's bug: let it show
        # Accepted anyway, the action found nothing to act on (no check being attempted, no such
        # seat): card text cannot make that happen, so the broken rules stand, now as hard ones.
        return Refused(tuple(replace(v, hard=True) for v in violations))
    broken = _invariant_violations(game, new_state, ctx)
    if broken:
        return Refused(tuple(broken))
    return Accepted(new_state, log, tuple(violations), tuple(ctx.notes))


def apply_unchecked(game: Game, state: State, action_type: str, params: dict, mode: str | None = None) -> None:
    """Apply a recorded event to `state` in place, without re-checking rules (replay path)."""
    mode = mode or state.get("mode", "")
    ctx = Context(game=game, mode=mode, action_type=action_type, overriding=True)
    game.action(action_type, mode).apply(state, params, ctx)


def initial_state(game: Game, mode: str, players: list, options: dict) -> State:
    if game.mode(mode) is None:
        raise SetupError({"mode": [f"unknown mode {mode!r}; {game.slug} has {', '.join(m.slug for m in game.modes)}"]})
    m = game.mode(mode)
    if not isinstance(players, list) or not m.min_players <= len(players) <= m.max_players:
        count = len(players) if isinstance(players, list) else 0
        span = f"{m.min_players}" if m.min_players == m.max_players else f"{m.min_players} to {m.max_players}"
        raise SetupError({"players": [f"{m.title} needs {span} players, got {count}"]})
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise SetupError({"options": ["must be a JSON object"]})
    schema = game.options_schema_for(mode)
    if schema is not None:
        errors = schema_errors(schema, options, "options", "option")
        if errors:
            raise SetupError(errors)
    if game.setup_errors:
        errors = game.setup_errors(mode, players, options)
        if errors:
            raise SetupError(errors)
    return game.setup(mode, players, options)


def replay(game: Game, start: State, events) -> State:
    """Fold (type, params) pairs over a copy of the initial state."""
    state = copy_state(start)
    mode = state.get("mode", "")
    # One spec and one context per action type: a long log repeats a few types many times over, and
    # replay keeps no notes (they were shown when the event was recorded).
    found: dict[str, tuple[ActionSpec, Context]] = {}
    for action_type, params in events:
        pair = found.get(action_type)
        if pair is None:
            pair = found[action_type] = (game.action(action_type, mode),
                                         Context(game=game, mode=mode, action_type=action_type, overriding=True,
                                                 quiet=True))
        pair[1].notes.clear()
        pair[0].apply(state, params, pair[1])
    return state
