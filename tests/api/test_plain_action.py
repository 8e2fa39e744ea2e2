"""The common tap's body is read without building a serializer (api/serializers.plain_action): whatever
it takes, it takes exactly as ActionSerializer would, and it leaves everything else to the serializer."""
from hypothesis import given, settings
from hypothesis import strategies as st

from api.serializers import ActionSerializer, plain_action

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                           max_leaves=6)
bodies = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["heal", "life_point_loss", " heal", "Heal", "", "x" * 61, "a\x00"]) | json_values,
    "params": st.dictionaries(st.text(max_size=4), json_values, max_size=3) | json_values,
    "expected_version": st.integers(min_value=-2, max_value=2**31 + 1) | st.sampled_from([None, True, 1.0, "1"]),
    "group": st.sampled_from(["", "tap-1", "a b", " tap", "x" * 61, "t:1.2_-"]) | json_values,
    "override": st.none() | st.fixed_dictionaries({"reason": st.text(max_size=5)}),
    "extra": st.integers(),
})


@settings(max_examples=400, deadline=None)
@given(bodies)
def test_what_the_fast_path_takes_it_takes_as_the_serializer_does(body):
    plain = plain_action(body)
    serializer = ActionSerializer(data=body)
    if plain is not None:
        assert serializer.is_valid(), serializer.errors
        assert plain == dict(serializer.validated_data)


def test_the_common_taps_take_the_fast_path_and_the_rest_do_not():
    assert plain_action({"type": "heal", "params": {"target": 1}}) == {"type": "heal", "params": {"target": 1}, "group": ""}
    assert plain_action({"type": "advance_phase", "params": {}, "expected_version": 3, "group": "tap-9"})["expected_version"] == 3
    for unusual in ({"type": "heal", "override": {"reason": "card"}}, {"type": " heal"}, {"type": "heal", "x": 1},
                    {"type": "heal", "expected_version": True}, {"type": "heal", "group": "a b"}, []):
        assert plain_action(unusual) is None
