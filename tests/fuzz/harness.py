"""Schemathesis driven in-process (the WSGI app, no server): each operation fuzzed for a bounded
number of examples, every answer run through the checks and tallied instead of stopping at the
first failure, so one run yields the figures and every distinct failure with its reproduction."""
from __future__ import annotations

import itertools
import json
import traceback
from collections import Counter
from dataclasses import dataclass, field

import hypothesis
from django.core.signals import got_request_exception, request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import AcceptedNegativeData, FailureGroup, ServerError
from schemathesis.openapi.checks import RejectedPositiveData, UndefinedStatusCode
from schemathesis.specs.openapi import checks as openapi_checks

# The checks, grouped as the tests assert them: a group fails when any of its checks does.
CHECKS = {
    "server_error": [not_a_server_error],
    "status_code": [openapi_checks.status_code_conformance],
    "response_schema": [openapi_checks.content_type_conformance, openapi_checks.response_headers_conformance,
                        openapi_checks.response_schema_conformance],
    "rejects_invalid": [openapi_checks.negative_data_rejection],
    # valid by the schema yet refused (400): the schema promises more than the server takes
    "accepts_valid": [openapi_checks.positive_data_acceptance],
}
ONLY_IN = {"rejects_invalid": GenerationMode.NEGATIVE, "accepts_valid": GenerationMode.POSITIVE}


def settings(max_examples: int, **extra) -> hypothesis.settings:
    # derandomize: the same code and schema give the same requests, so CI sees the same failures.
    # No shrinking: nothing is raised inside the loop; the first case of each failure is kept.
    return hypothesis.settings(
        max_examples=max_examples, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], print_blob=False,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
        **extra,
    )


@dataclass
class Failure:
    operation: str
    group: str
    title: str
    status: int
    count: int = 0
    example: str = ""   # the first case that showed it, as a curl command
    detail: str = ""    # the check's message, or the server's exception for a 5xx
    answer: str = ""    # the start of the response body


@dataclass
class Tally:
    requests: int = 0
    statuses: Counter = field(default_factory=Counter)
    failures: dict = field(default_factory=dict)  # (operation, group, title) -> Failure

    def groups_failed(self, operation: str | None = None) -> set[str]:
        return {f.group for f in self.failures.values() if operation in (None, f.operation)}

    def summary(self) -> dict:
        return {
            "requests": self.requests,
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
            "server_errors": sum(v for k, v in self.statuses.items() if k >= 500),
            "schema_violations": sum(f.count for f in self.failures.values()
                                     if f.group in ("status_code", "response_schema")),
            "failures": [vars(f) for f in self.failures.values()],
        }


class ServerExceptions:
    """The exception behind each 500, caught from Django's signal: the 500 body says nothing."""

    def __init__(self):
        self.last = None

    def __call__(self, sender, request=None, **kwargs):
        exc = traceback.format_exc().strip().splitlines()
        self.last = exc[-1][:300] if exc else "unknown"

    def take(self):
        last, self.last = self.last, None
        return last


class InProcess:
    """The WSGI app called in the test's own database transaction.

    Django closes the connection when a request finishes; the test client avoids that, and so must
    a WSGI call inside a test, or the next query finds the test transaction gone.
    """

    def __enter__(self):
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
        self.exceptions = ServerExceptions()
        got_request_exception.connect(self.exceptions, weak=False)
        return self

    def __exit__(self, *exc):
        got_request_exception.disconnect(self.exceptions)
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def record(tally: Tally, case, response, exceptions: ServerExceptions, negative: bool) -> None:
    tally.requests += 1
    tally.statuses[response.status_code] += 1
    mode = GenerationMode.NEGATIVE if negative else GenerationMode.POSITIVE
    checks = [c for group, cs in CHECKS.items() if ONLY_IN.get(group, mode) == mode for c in cs]
    server_exception = exceptions.take()
    try:
        case.validate_response(response, checks=checks)
    except FailureGroup as group:
        for failure in group.exceptions:
            if isinstance(failure, RejectedPositiveData) and response.status_code == 422:
                continue  # the rules refused a well-formed action: no schema can say which moves are legal
            name = _group(failure)
            title = getattr(failure, "title", type(failure).__name__)
            detail = server_exception if name == "server_error" and server_exception else str(failure)[:300]
            # 5xx are told apart by the exception behind them; other failures by their check's title.
            key = (case.operation.label, name, title, detail if name == "server_error" else "")
            found = tally.failures.setdefault(key, Failure(case.operation.label, name, title, response.status_code,
                                                           detail=detail))
            found.count += 1
            if not found.example:
                found.example = _curl(case, response)
                found.answer = response.content[:300].decode("utf-8", "replace")


def _group(failure) -> str:
    if isinstance(failure, ServerError):
        return "server_error"
    if isinstance(failure, UndefinedStatusCode):
        return "status_code"
    if isinstance(failure, AcceptedNegativeData):
        return "rejects_invalid"
    if isinstance(failure, RejectedPositiveData):
        return "accepts_valid"
    return "response_schema"  # the body, its media type or its headers against the declared response


def _curl(case, response) -> str:
    try:
        return case.as_curl_command(headers=dict(response.request.headers))
    except Exception:  # a body that cannot be rendered still gets its case's repr
        return repr(case)[:1000]


def fuzz(operation, mode: GenerationMode, real_values: dict, max_examples: int, tally: Tally, exceptions) -> None:
    """`max_examples` generated cases of one operation; path parameters often take a real value
    (a live session's token, a game's slug) so that the requests get past the 404."""
    names = [p.name for p in operation.path_parameters]
    pools = {name: real_values[name] for name in names if real_values.get(name)}
    negative = mode == GenerationMode.NEGATIVE

    @settings(max_examples)
    @hypothesis.given(case=operation.as_strategy(generation_mode=mode),
                      picks=st.fixed_dictionaries({n: st.integers(0, len(v)) for n, v in pools.items()}))
    def run(case, picks):
        for name, pick in picks.items():
            if pick < len(pools[name]):  # the last index keeps the generated value
                case.path_parameters[name] = pools[name][pick]
        response = case.call()
        record(tally, case, response, exceptions, negative)

    run()


def dump(path, data) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=True, default=str))


def workflow(schema, tally: Tally, exceptions, valid_bodies: dict):
    """Schemathesis' state machine over the links it infers (a created session's id feeds the
    `{token}` of every session operation), answers tallied like the single requests'. Random
    bodies almost never create a session, so creations take a valid body from `valid_bodies`."""
    base = schema.as_state_machine()
    picks = itertools.count()

    class Workflow(base):
        def before_call(self, case):
            bodies = valid_bodies.get(case.operation.label)
            if bodies:
                case.body = json.loads(json.dumps(bodies[next(picks) % len(bodies)]))

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            record(tally, case, response, exceptions, negative=case.meta.generation.mode.is_negative)

    return Workflow
