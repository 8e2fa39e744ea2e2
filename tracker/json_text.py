"""JSON text for the few values every tap writes, reads and answers (a table's state, an event's
params): orjson, which is several times quicker than the standard library on these nested dicts,
with the standard library's own output wherever orjson declines a value, so that what is stored or
sent never depends on which of the two wrote it."""
from __future__ import annotations

import json

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # json.dumps turns int keys into strings; so does this


def dumps(value) -> str:
    return dump_bytes(value).decode()


def dump_bytes(value) -> bytes:
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:  # an int beyond 64 bits, a type only a Django encoder knows: the slower road
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def loads(text: str | bytes):
    return orjson.loads(text)
