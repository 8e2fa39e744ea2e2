"""The one gate every JSON body passes: text that is valid Unicode without NUL, nesting within
bounds, no string or list longer than anything a table sends. Refused before any view runs or any
transaction starts, each problem named by its field path (`players.0.name`)."""
from __future__ import annotations

import io
import re

import orjson
from django.conf import settings
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser


def text_problem(text: str) -> str | None:
    """Why a string cannot be stored, or None. PostgreSQL refuses NUL in text and SQLite stores it;
    a lone surrogate ("\\ud800") is not Unicode and breaks every later read of the row."""
    if "\x00" in text:
        return "contains a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "contains an unpaired surrogate (not valid Unicode text)"
    return None


def _path(parts: tuple) -> str:
    return ".".join(str(p) for p in parts) or "body"


def inspect(data) -> dict[str, list[str]]:
    """{field path: [problem]} for a parsed JSON value; empty when it may go on."""
    limits = settings.API_INPUT_LIMITS
    problems: dict[str, list[str]] = {}
    stack = [((), data, 0)]
    while stack:
        where, value, depth = stack.pop()
        if depth > limits["depth"]:
            problems.setdefault(_path(where), []).append(f"nested more than {limits['depth']} levels deep")
            continue
        if isinstance(value, str):
            problem = text_problem(value)
            if problem:
                problems.setdefault(_path(where), []).append(problem)
            elif len(value) > limits["string"]:
                problems.setdefault(_path(where), []).append(f"at most {limits['string']} characters")
        elif isinstance(value, dict):
            if len(value) > limits["items"]:
                problems.setdefault(_path(where), []).append(f"at most {limits['items']} fields")
                continue
            for key, item in value.items():
                problem = text_problem(key) or (f"longer than {limits['key']} characters" if len(key) > limits["key"] else None)
                if problem:
                    named = key.encode("utf-8", "replace").decode()[: limits["key"]].replace("\x00", "?")
                    problems.setdefault(_path(where + (named,)), []).append(f"field name {problem}")
                    continue
                stack.append((where + (key,), item, depth + 1))
        elif isinstance(value, list):
            if len(value) > limits["items"]:
                problems.setdefault(_path(where), []).append(f"at most {limits['items']} items")
                continue
            stack.extend((where + (i,), item, depth + 1) for i, item in enumerate(value))
    return problems


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        # orjson reads the plain UTF-8 body every tap sends several times quicker; whatever it refuses
        # (a lone surrogate escape, NaN, a number of 20 digits or more, another charset) goes to DRF's parser,
        # whose error or value is what the API always gave
        raw = stream.read() if stream is not None else b""
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        data = _quick(raw) if encoding.lower().replace("-", "") == "utf8" else _SLOW
        if data is _SLOW:
            try:
                data = super().parse(io.BytesIO(raw), media_type, parser_context)
            except RecursionError as exc:  # the decoder's own recursion, some thousand levels down
                raise ParseError("JSON parse error - nested too deeply") from exc
        problems = inspect(data)
        if problems:
            raise ValidationError(problems)
        return data


_SLOW = object()


_LONG_NUMBER = re.compile(rb"\d{20}")  # beyond 64 bits orjson reads an int as a float; json keeps it whole


def _quick(raw: bytes):
    if _LONG_NUMBER.search(raw):
        return _SLOW
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _SLOW
