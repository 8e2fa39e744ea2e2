"""One search interface, two backends chosen by the database in use."""
from __future__ import annotations

from django.db import connection

from .base import MARK_END, MARK_START, Backend, Hit  # noqa: F401  (the interface callers import from here)
from .postgres import PostgresBackend
from .sqlite import SqliteBackend


def backend() -> Backend:
    return PostgresBackend() if connection.vendor == "postgresql" else SqliteBackend()
