"""What orjson writes is what the standard library wrote: the action's answer byte for byte as DRF's
own renderer, and JSON columns reading back the values they were given. Where orjson would write
something else, or cannot, the standard road is taken."""
import datetime
import json

import pytest
from rest_framework.renderers import JSONRenderer

from api.renderers import FastJSONRenderer
from tracker import json_text
from tracker.models import Event, Session
from tracker.services import sessions

ODD = {"name": "Jörn \u2028 the \u2029 Bold", "ints": {1: "one", "2": [1.5, -3, True, None]},
       "nested": [{"a": {"b": ["ä", "🂡"]}}], "big": 2**63 - 1}


def test_the_answer_has_drfs_own_bytes():
    assert FastJSONRenderer().render(ODD) == JSONRenderer().render(ODD)
    assert b"\\u2028" in FastJSONRenderer().render(ODD)  # still valid JavaScript


@pytest.mark.parametrize("value", [
    {"when": datetime.datetime(2026, 12, 5, 17, 1, 2, 345678, tzinfo=datetime.timezone.utc)},  # DRF cuts to ms
    {"huge": 2**80},  # beyond orjson's 64 bits
])
def test_what_orjson_would_write_otherwise_takes_drfs_road(value):
    assert FastJSONRenderer().render(value) == JSONRenderer().render(value)


def test_an_indent_asked_for_is_drfs():
    context = {"indent": 2}
    assert FastJSONRenderer().render(ODD, renderer_context=context) == JSONRenderer().render(ODD, renderer_context=context)


def test_json_text_reads_back_what_the_standard_library_would():
    for value in (ODD, {"huge": 2**80}, [], None, "plain"):
        assert json_text.loads(json_text.dumps(value)) == json.loads(json.dumps(value))


@pytest.mark.django_db
def test_a_tap_stores_state_and_params_that_read_back_through_the_orm(api, duel):
    params = {"target": 1, "amount": 2}
    answer = api.post(f"/api/sessions/{duel['id']}/actions/", {"type": "life_point_loss", "params": params},
                      format="json")
    assert answer.status_code == 201
    assert Session.objects.get(pk=duel["id"]).state == answer.json()["state"]
    assert Event.objects.get(session_id=duel["id"]).params == params
    assert sessions.event_dict(Event.objects.get(session_id=duel["id"]))["params"] == answer.json()["event"]["params"]


@pytest.mark.parametrize("raw", [b'{"type": "heal", "params": {"target": 1, "amount": 2}}',
                                 '{"name": "J\\u00f6rn \\u2028", "n": 1.5, "big": 123456789012345678901234567890}'.encode()])
def test_the_parser_reads_what_the_standard_library_reads(raw):
    import io

    from api.parsers import StrictJSONParser
    assert StrictJSONParser().parse(io.BytesIO(raw), parser_context={"encoding": "utf-8"}) == json.loads(raw)


@pytest.mark.parametrize("raw, said", [(b'{"a": NaN}', "parse error"), (b'{"name": "\\ud800"}', "surrogate")])
def test_what_orjson_refuses_gets_the_answer_it_always_got(raw, said):
    import io

    from rest_framework.exceptions import ParseError, ValidationError

    from api.parsers import StrictJSONParser
    with pytest.raises((ParseError, ValidationError)) as refused:
        StrictJSONParser().parse(io.BytesIO(raw), parser_context={"encoding": "utf-8"})
    assert said in str(refused.value.detail).lower()
