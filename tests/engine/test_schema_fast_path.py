"""Params are first checked by jsonschema-rs (tracker/engine/runtime._plainly_valid): whatever it lets
through without the Python validator must be what the Python validator (with our integer rule)
finds nothing wrong with, for every action of every game."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.engine.runtime import _plainly_valid, _validator
from tracker.games import all_games


def _leaves(schema, found):
    """Every enum/const value and property name the schema mentions: the values most likely valid."""
    if isinstance(schema, dict):
        found["values"].extend(schema.get("enum", []))
        if "const" in schema:
            found["values"].append(schema["const"])
        found["keys"].extend(schema.get("properties", {}))
        for v in schema.values():
            _leaves(v, found)
    elif isinstance(schema, list):
        for v in schema:
            _leaves(v, found)
    return found


SCHEMAS = {f"{g.slug}.{spec.type}": spec.params for g in all_games() for spec in g.action_specs()}


def _value(known):
    scalar = (st.sampled_from(known["values"] or [0]) | st.integers(-2, 41) | st.booleans() | st.none()
              | st.sampled_from([1.0, 2.5, "", "x", "Ann", True]) | st.text(max_size=4))
    return st.recursive(scalar, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.sampled_from((known["keys"] or ["a"]) + ["zz"]), inner, max_size=3),
                        max_leaves=5)


@st.composite
def params_for(draw):
    name = draw(st.sampled_from(sorted(SCHEMAS)))
    schema = SCHEMAS[name]
    known = _leaves(schema, {"values": [], "keys": []})
    keys = draw(st.lists(st.sampled_from((known["keys"] or ["a"]) + ["zz"]), max_size=8, unique=True))
    keys = list(dict.fromkeys([*schema.get("required", []), *keys]))  # mostly complete, so often valid
    return name, schema, {k: draw(_value(known)) for k in keys}


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(params_for())
def test_what_the_fast_check_lets_through_the_python_validator_accepts(case):
    name, schema, params = case
    if _plainly_valid(schema, params):
        errors = [e.message for e in _validator(schema).iter_errors(params)]
        assert errors == [], f"{name}: {params} passed the fast check but not the Python validator: {errors}"


def test_the_fast_check_takes_valid_params_and_leaves_floats_and_errors_to_python():
    schema = {"type": "object", "properties": {"amount": {"type": "integer", "minimum": 1}},
              "required": ["amount"], "additionalProperties": False}
    assert _plainly_valid(schema, {"amount": 2})
    for odd in ({"amount": 2.0}, {"amount": 0}, {"amount": True}, {}, {"amount": 2, "x": 1}):
        assert not _plainly_valid(schema, odd)
