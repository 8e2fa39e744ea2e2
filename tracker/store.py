"""The statements every tap runs (load and lock with the key's earlier write, append the event,
swap the state, keep the key), in plain SQL.

Measured (docs/PERFORMANCE.md): building and compiling these through the ORM cost about four
times the database work itself, on a path that must answer at once. Everything else uses the ORM.
Values still go through each model field's own conversion, so JSON and timestamps are stored
exactly as the ORM would store them.
"""
from __future__ import annotations

from typing import NamedTuple

import psycopg
from django.db import InterfaceError, OperationalError, connection, models
from django.utils import timezone
from psycopg.types.json import Jsonb

from . import json_text
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
    return [v if v is None else _from_db(f, v) for f, v in zip(fields, row)]


def _from_db(field, value):
    if isinstance(field, models.JSONField) and field.decoder is None and isinstance(value, (str, bytes)):
        return json_text.loads(value)  # what from_db_value does, with a quicker parser
    if hasattr(field, "from_db_value"):
        return field.from_db_value(value, None, connection)
    return value


_column_lists: dict[tuple, tuple[list, str]] = {}


def _columns(model, names, alias: str) -> tuple[list, str]:
    # built once per model and backend: every tap asks for the same lists
    key = (model, names, alias, connection.vendor)
    if key not in _column_lists:
        fields = [model._meta.get_field(name) for name in names]
        _column_lists[key] = fields, ", ".join(f"{alias}.{connection.ops.quote_name(f.column)}" for f in fields)
    return _column_lists[key]


def _cursor(checked: bool = True):
    """A cursor for these statements. On PostgreSQL it binds its values on the server, so a kept
    connection (a pool, or CONN_MAX_AGE) prepares each statement once, after DB_PREPARE_THRESHOLD
    runs, instead of planning it again on every tap: planning the locked read alone took longer than
    running it. The ORM keeps binding on the client, as Django ships it; a fresh connection per
    request never reaches the threshold, so it pays nothing.

    `checked=False` skips CONN_HEALTH_CHECKS' `SELECT 1`: the caller's own statement is the check
    (`_read_checking`)."""
    if connection.vendor != "postgresql":
        return connection.cursor()
    if checked:
        connection.close_if_health_check_failed()
    else:
        connection.health_check_done = True
    connection.ensure_connection()
    with connection.wrap_database_errors:
        return connection._prepare_cursor(psycopg.Cursor(connection.connection))


def load_for_write(token: str, key: str | None = None, *, lock: bool = True) -> tuple[Session | None, Reply | None]:
    """The session row a write needs and what an earlier write with this Idempotency-Key left, read
    in the same statement.

    With `lock`, the row stays locked for the rest of the transaction: SQLite holds the database
    write lock from BEGIN IMMEDIATE on; PostgreSQL locks the row. Without it (an action on
    PostgreSQL, outside any transaction) nothing waits: save_state's compare-and-swap on version
    is what keeps a write from landing on a table that moved meanwhile.
    The other fields are deferred and load on first access (undo needs initial_state).
    """
    fields, columns = _columns(Session, _WRITE_FIELDS, "s")
    reply_fields, reply_columns = _columns(IdempotentResponse, _REPLY_FIELDS, "r")
    event_fields, event_columns = _columns(Event, ("fingerprint", "version", "seq"), "e")
    sql = (f"SELECT {columns}, {reply_columns}, {event_columns} FROM {Session._meta.db_table} s "
           f"LEFT JOIN {IdempotentResponse._meta.db_table} r ON r.session_id = s.id AND r.key = %s "
           f"LEFT JOIN {Event._meta.db_table} e ON e.session_id = s.id AND e.idempotency_key = %s "
           "AND e.fingerprint <> '' WHERE s.id = %s")
    if lock and connection.vendor != "sqlite":
        sql += " FOR UPDATE OF s"
    row = _read_checking(sql, [key, key, token])  # a NULL key joins nothing
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


def _read_checking(sql: str, params: list):
    """The first row of a read that is also the connection's health check. Outside a transaction, a
    kept connection the server has dropped (a restart, an idle timeout) fails this read, which is
    then made again on a new connection, as CONN_HEALTH_CHECKS would have done with a `SELECT 1` of
    its own first: one round trip less on every tap. Inside a transaction there is no new connection
    to take, so Django's own check runs first."""
    fresh = connection.connection is None or connection.in_atomic_block
    try:
        with _cursor(checked=fresh) as cursor:
            cursor.execute(sql, params)
            return cursor.fetchone()
    except (OperationalError, InterfaceError):
        if fresh or connection.vendor != "postgresql":
            raise
    connection.close()
    with _cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def find_reply(session_id: str, key: str) -> Reply | None:
    fields, columns = _columns(IdempotentResponse, _REPLY_FIELDS, "r")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {IdempotentResponse._meta.db_table} r "
                       "WHERE r.session_id = %s AND r.key = %s", [session_id, key])
        row = cursor.fetchone()
    return Reply(*_converted(fields, row)) if row is not None else None


_insert_sql: dict[type, tuple[str, str, list]] = {}


def _insert_sql_of(model) -> tuple[str, str, list]:
    """(INSERT ... VALUES, INSERT ... SELECT FROM moved, the fields) of one new row of `model`, its id
    assigned by the database and not read back. In the second every value is cast to its column's
    type: a SELECT list, unlike VALUES, does not take its types from the columns."""
    if model not in _insert_sql:
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        into = f"INSERT INTO {connection.ops.quote_name(model._meta.db_table)} " \
               f"({', '.join(connection.ops.quote_name(f.column) for f in fields)})"
        values = ", ".join(["%s"] * len(fields))
        casts = ", ".join(f"CAST(%s AS {f.cast_db_type(connection)})" for f in fields)
        _insert_sql[model] = (f"{into} VALUES ({values})", f"{into} SELECT {casts} FROM moved", fields)
    return _insert_sql[model]


def _insert(obj: models.Model) -> tuple[str, list]:
    """The INSERT of one new row, as SQL and values."""
    sql, _, fields = _insert_sql_of(type(obj))
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


def _json_value(value):
    """A JSONField's value as the database takes it (the text on SQLite, jsonb on PostgreSQL), written
    by json_text: the table's state is the largest thing a tap writes."""
    if value is None:
        return None  # SQL NULL, as the field's own conversion stores a None
    if connection.vendor == "postgresql":
        return Jsonb(value, dumps=json_text.dump_bytes)
    return json_text.dumps(value)


_kinds: dict = {}
_JSON = object()


def _prepared(field, value):
    """The field's own conversion for the database, skipped where it would hand back the very value:
    those layers of calls, once per column, were a tenth of a tap's time."""
    kinds = _kinds.get(field)
    if kinds is None:
        plain_json = isinstance(field, models.JSONField) and field.encoder is None
        kinds = _kinds[field] = _JSON if plain_json else _plain_kinds(field)
    if kinds is _JSON:
        return _json_value(value)
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
        _prepared(field("state"), new_state),
        _prepared(field("outcome"), outcome),
        field("updated").get_db_prep_save(timezone.now(), connection),
        last_seq,
        _prepared(field("redo_seqs"), redo_seqs),
        session.pk,
        session.version,
    ]


def save_state(session: Session, new_state: dict, outcome, *, last_seq: int, redo_seqs: list, event=None) -> int:
    """Compare-and-swap on version: the write only lands on the version it was computed from.

    With `event`, the event row goes in with it: on PostgreSQL in the same statement, and only if
    the swap landed (one statement is one transaction of its own, so an action needs no BEGIN and
    COMMIT round trips around it); on SQLite, which has no data-modifying CTE, just before.
    """
    sql, values = _SAVE_STATE, _save_values(session, new_state, outcome, last_seq, redo_seqs)
    if event is not None:
        insert_sql, insert_values = _insert(event)
        if connection.vendor == "postgresql":
            appended = _insert_sql_of(type(event))[1]
            sql, values = f"WITH moved AS ({sql} RETURNING id) {appended}", values + insert_values
        else:
            with connection.cursor() as cursor:
                cursor.execute(insert_sql, insert_values)
    with _cursor() as cursor:
        cursor.execute(sql, values)
        if cursor.rowcount != 1:
            raise Lost()  # nothing landed: on SQLite the transaction takes the event row back with it
    return session.version + 1
