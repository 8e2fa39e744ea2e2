"""The statements every tap runs (load and lock with the key's earlier write, append the event,
swap the state, keep the key), in plain SQL.

Measured (docs/PERFORMANCE.md): building and compiling these through the ORM cost about four
times the database work itself, on a path that must answer at once. Everything else uses the ORM.
Values still go through each model field's own conversion, so JSON and timestamps are stored
exactly as the ORM would store them.
"""
from __future__ import annotations

from typing import NamedTuple

from django.db import connection, models
from django.utils import timezone

from .models import Event, IdempotentResponse, Session

_WRITE_FIELDS = ("id", "game", "mode", "version", "state", "last_seq", "redo_seqs")
_REPLY_FIELDS = ("endpoint", "fingerprint", "status", "version", "seq", "body")


class Reply(NamedTuple):
    """What an earlier write with the same Idempotency-Key left (an IdempotentResponse row)."""
    endpoint: str
    fingerprint: str
    status: int
    version: int | None
    seq: int | None
    body: dict | None  # only on rows the log cannot answer for (and rows written before it could)


def _converted(fields, row) -> list:
    return [f.from_db_value(v, None, connection) if hasattr(f, "from_db_value") and v is not None else v
            for f, v in zip(fields, row)]


_column_lists: dict[tuple, tuple[list, str]] = {}


def _columns(model, names, alias: str) -> tuple[list, str]:
    # built once per model and backend: every tap asks for the same lists
    key = (model, names, alias, connection.vendor)
    if key not in _column_lists:
        fields = [model._meta.get_field(name) for name in names]
        _column_lists[key] = fields, ", ".join(f"{alias}.{connection.ops.quote_name(f.column)}" for f in fields)
    return _column_lists[key]


def load_for_write(token: str, key: str | None = None) -> tuple[Session | None, Reply | None]:
    """The session row a write needs, locked for the rest of the transaction, and what an earlier
    write with this Idempotency-Key left, read in the same statement.

    SQLite holds the database write lock from BEGIN IMMEDIATE on; PostgreSQL locks the row.
    The other fields are deferred and load on first access (undo needs initial_state).
    """
    fields, columns = _columns(Session, _WRITE_FIELDS, "s")
    reply_fields, reply_columns = _columns(IdempotentResponse, _REPLY_FIELDS, "r")
    event_fields, event_columns = _columns(Event, ("fingerprint", "version", "seq"), "e")
    sql = (f"SELECT {columns}, {reply_columns}, {event_columns} FROM {Session._meta.db_table} s "
           f"LEFT JOIN {IdempotentResponse._meta.db_table} r ON r.session_id = s.id AND r.key = %s "
           f"LEFT JOIN {Event._meta.db_table} e ON e.session_id = s.id AND e.idempotency_key = %s "
           "AND e.fingerprint <> '' WHERE s.id = %s")
    if connection.vendor != "sqlite":
        sql += " FOR UPDATE OF s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, key, token])  # a NULL key joins nothing
        row = cursor.fetchone()
    if row is None:
        return None, None
    width, replied = len(fields), len(fields) + len(reply_fields)
    session = Session.from_db(connection.alias, list(_WRITE_FIELDS), _converted(fields, row[:width]))
    if row[width] is not None:
        return session, Reply(*_converted(reply_fields, row[width:replied]))
    if row[replied] is not None:  # an action: its event is the record of its key
        fingerprint, version, seq = row[replied:]
        return session, Reply("action", fingerprint, 201, version, seq, None)
    return session, None


def find_reply(session_id: str, key: str) -> Reply | None:
    fields, columns = _columns(IdempotentResponse, _REPLY_FIELDS, "r")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {IdempotentResponse._meta.db_table} r "
                       "WHERE r.session_id = %s AND r.key = %s", [session_id, key])
        row = cursor.fetchone()
    return Reply(*_converted(fields, row)) if row is not None else None


_insert_sql: dict[type, tuple[str, list]] = {}


def _insert(obj: models.Model) -> tuple[str, list]:
    """The INSERT of one new row (database-assigned id, not read back), as SQL and values."""
    model = type(obj)
    if model not in _insert_sql:
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
        marks = ", ".join(["%s"] * len(fields))
        _insert_sql[model] = (f"INSERT INTO {connection.ops.quote_name(model._meta.db_table)} ({columns}) VALUES ({marks})", fields)
    sql, fields = _insert_sql[model]
    return sql, [_prepared(f, f.pre_save(obj, add=True)) for f in fields]


def _plain_kinds(field) -> tuple[type, ...]:
    """The Python types a column of this field takes as they are (its own conversion would hand the
    very value back), decided once per field."""
    if isinstance(field, models.ForeignKey):
        field = field.target_field
    if isinstance(field, models.BooleanField):
        return bool, type(None)
    if isinstance(field, (models.CharField, models.TextField)):
        return str, type(None)
    if isinstance(field, models.IntegerField):
        return int, type(None)
    return ()


_kinds: dict = {}


def _prepared(field, value):
    """The field's own conversion for the database, skipped where it would hand back the very value:
    those layers of calls, once per column, were a tenth of a tap's time."""
    kinds = _kinds.get(field)
    if kinds is None:
        kinds = _kinds[field] = _plain_kinds(field)
    if type(value) in kinds:
        return value
    return field.get_db_prep_save(value, connection)


def insert(obj: models.Model) -> None:
    sql, values = _insert(obj)
    with connection.cursor() as cursor:
        cursor.execute(sql, values)


class Lost(Exception):
    """Another writer got in between: retry (no expected_version) or report 409."""


_SAVE_STATE = (
    "UPDATE tracker_session SET version = version + 1, state = %s, outcome = %s, updated = %s, "
    "last_seq = %s, redo_seqs = %s WHERE id = %s AND version = %s"
)


def _save_values(session: Session, new_state: dict, outcome, last_seq: int, redo_seqs: list) -> list:
    field = Session._meta.get_field
    return [
        field("state").get_db_prep_save(new_state, connection),
        field("outcome").get_db_prep_save(outcome, connection),
        field("updated").get_db_prep_save(timezone.now(), connection),
        last_seq,
        field("redo_seqs").get_db_prep_save(redo_seqs, connection),
        session.pk,
        session.version,
    ]


def save_state(session: Session, new_state: dict, outcome, *, last_seq: int, redo_seqs: list, event=None) -> int:
    """Compare-and-swap on version: the write only lands on the version it was computed from.

    With `event`, the event row goes in with it: on PostgreSQL in the same statement (a
    data-modifying CTE saves a round trip on every tap), on SQLite, which has none, just before.
    """
    sql, values = _SAVE_STATE, _save_values(session, new_state, outcome, last_seq, redo_seqs)
    if event is not None:
        insert_sql, insert_values = _insert(event)
        if connection.vendor == "postgresql":
            sql, values = f"WITH appended AS ({insert_sql}) {sql}", insert_values + values
        else:
            with connection.cursor() as cursor:
                cursor.execute(insert_sql, insert_values)
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        if cursor.rowcount != 1:
            raise Lost()  # the transaction rolls back, the event row with it
    return session.version + 1
