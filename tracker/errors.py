"""What a service refuses with; each carries its HTTP status. A leaf: it imports nothing of the project."""
from __future__ import annotations


class ServiceError(Exception):
    status = 400

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class NotFound(ServiceError):
    status = 404


class ReadOnly(ServiceError):
    status = 403


class Full(ServiceError):
    """The session holds as many events as one session may: nothing more is recorded in it."""

    status = 403


class BadRequest(ServiceError):
    """Malformed: `errors` is {dotted field path: [messages]}. Nothing changed."""

    status = 400

    def __init__(self, detail: str, errors: dict[str, list[str]]):
        super().__init__(detail)
        self.errors = errors


class RuleRefusal(ServiceError):
    """The action breaks rules; `violations` are engine Violations. Nothing changed."""

    status = 422

    def __init__(self, violations):
        first = violations[0].message if violations else "Refused."
        super().__init__(first if len(violations) == 1 else f"{first} (+{len(violations) - 1} more)")
        self.violations = violations


class Conflict(ServiceError):
    """The session moved on (stale expected_version), or there is nothing to undo/redo: the answer
    carries the session's version and state as they are now."""

    status = 409

    def __init__(self, detail: str, session):
        super().__init__(detail)
        self.version = session.version
        self.state = session.state
