"""SQLite FTS5: an external-content index over rulesref_entry, kept in step by triggers."""
from __future__ import annotations

from django.db import connection

from ..query import Plan, words
from .base import Backend, Hit

FTS = "rulesref_entry_fts"

INSTALL = [
    f"""CREATE VIRTUAL TABLE IF NOT EXISTS {FTS} USING fts5(
        title, section, tags, body,
        content='rulesref_entry', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2', prefix='3'
    )""",
    f"""CREATE TRIGGER IF NOT EXISTS rulesref_entry_ai AFTER INSERT ON rulesref_entry BEGIN
        INSERT INTO {FTS}(rowid, title, section, tags, body) VALUES (new.id, new.title, new.section, new.tags, new.body);
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS rulesref_entry_ad AFTER DELETE ON rulesref_entry BEGIN
        INSERT INTO {FTS}({FTS}, rowid, title, section, tags, body) VALUES ('delete', old.id, old.title, old.section, old.tags, old.body);
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS rulesref_entry_au AFTER UPDATE ON rulesref_entry BEGIN
        INSERT INTO {FTS}({FTS}, rowid, title, section, tags, body) VALUES ('delete', old.id, old.title, old.section, old.tags, old.body);
        INSERT INTO {FTS}(rowid, title, section, tags, body) VALUES (new.id, new.title, new.section, new.tags, new.body);
    END""",
]
UNINSTALL = [f"DROP TABLE IF EXISTS {FTS}"] + [f"DROP TRIGGER IF EXISTS rulesref_entry_{t}" for t in ("ai", "ad", "au")]

# Column weights for bm25: a hit in the title counts most, then tags, then section, then body.
WEIGHTS = "10.0, 3.0, 5.0, 1.0"


def _phrase(text: str) -> str:
    # A quoted FTS5 string is plain text whatever it contains; quotes are escaped by doubling.
    return '"' + text.replace('"', '""') + '"'


def match_expression(plan: Plan, mode: str = "any") -> str:
    parts = ["(" + " OR ".join(_phrase(a) for a in group.alternatives) + ")" for group in plan.groups]
    if mode == "all":
        return " AND ".join(parts)
    if plan.prefix:
        parts.append(_phrase(plan.prefix) + "*")
    expression = " OR ".join(parts)
    return f"{{title tags}} : ({expression})" if mode == "titles" and expression else expression


class SqliteBackend(Backend):
    vendor = "sqlite"

    def install(self, schema_editor) -> None:
        for sql in INSTALL:
            schema_editor.execute(sql)

    def search(self, plan: Plan, game: str | None, limit: int, mode: str = "any") -> list[Hit]:
        expression = match_expression(plan, mode)
        if not expression:
            return []
        sql = (
            f"SELECT e.id, e.key, e.game, e.kind, e.title, e.section, bm25({FTS}, {WEIGHTS}) AS rank, e.tags, e.body "
            f"FROM {FTS} JOIN rulesref_entry e ON e.id = {FTS}.rowid "
            f"WHERE {FTS} MATCH %s" + (" AND e.game = %s" if game else "") + " ORDER BY rank LIMIT %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [expression] + ([game] if game else []) + [limit])
            rows = cursor.fetchall()
        return [Hit(pk, key, g, kind, title, section, -rank, tags, body)
                for pk, key, g, kind, title, section, rank, tags, body in rows]

    def bare(self, text: str, limit: int = 10) -> list[int]:
        """The plainest FTS5 query, the benchmark's yardstick: the typed words (any of them), bm25
        order, no synonyms, typo handling, ranking of our own or snippets."""
        terms = " OR ".join(_phrase(w) for w in words(text))
        if not terms:
            return []
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT rowid FROM {FTS} WHERE {FTS} MATCH %s ORDER BY rank LIMIT %s", [terms, limit])
            return [row[0] for row in cursor.fetchall()]
