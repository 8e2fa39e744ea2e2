"""PostgreSQL full-text search (a weighted tsvector kept by the database) with pg_trgm for typos."""
from __future__ import annotations

import re

from django.db import connection
from rapidfuzz.distance import OSA

from ..query import Plan, closest

from .base import Backend, Hit

CONFIG = "english"
VECTOR = (
    f"setweight(to_tsvector('{CONFIG}', coalesce(title, '')), 'A') || "
    f"setweight(to_tsvector('{CONFIG}', coalesce(tags, '')), 'B') || "
    f"setweight(to_tsvector('{CONFIG}', coalesce(section, '')), 'C') || "
    f"setweight(to_tsvector('{CONFIG}', coalesce(body, '')), 'D')"
)
# Title and tags alone: a small vector that answers "a word in the title" cheaply on a large corpus.
HEAD = (
    f"setweight(to_tsvector('{CONFIG}', coalesce(title, '')), 'A') || "
    f"setweight(to_tsvector('{CONFIG}', coalesce(tags, '')), 'B')"
)
INSTALL = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    f"ALTER TABLE rulesref_entry ADD COLUMN IF NOT EXISTS search tsvector GENERATED ALWAYS AS ({VECTOR}) STORED",
    "CREATE INDEX IF NOT EXISTS rulesref_entry_search ON rulesref_entry USING gin (search)",
    f"ALTER TABLE rulesref_entry ADD COLUMN IF NOT EXISTS search_head tsvector GENERATED ALWAYS AS ({HEAD}) STORED",
    "CREATE INDEX IF NOT EXISTS rulesref_entry_search_head ON rulesref_entry USING gin (search_head)",
    "CREATE INDEX IF NOT EXISTS rulesref_term_trgm ON rulesref_term USING gin (word gin_trgm_ops)",
]
SAFE_PREFIX = re.compile(r"[^a-z0-9]")


def _tsquery(plan: Plan, mode: str = "any") -> tuple[str, list]:
    """Phrase queries combined in SQL, from parameters only (nothing typed reaches the SQL text):
    alternatives of a group with OR, groups with OR (or AND when every group is required)."""
    groups, params = [], []
    for group in plan.groups:
        groups.append("(" + " || ".join([f"phraseto_tsquery('{CONFIG}', %s)"] * len(group.alternatives)) + ")")
        params.extend(group.alternatives)
    if mode == "all":
        return " && ".join(groups), params
    prefix = SAFE_PREFIX.sub("", plan.prefix or "")
    if prefix:
        groups.append(f"to_tsquery('{CONFIG}', %s)")
        params.append(prefix + ":*")
    return " || ".join(groups), params


class PostgresBackend(Backend):
    vendor = "postgresql"

    def install(self, schema_editor) -> None:
        for sql in INSTALL:
            schema_editor.execute(sql)

    def search(self, plan: Plan, game: str | None, limit: int, mode: str = "any") -> list[Hit]:
        query, params = _tsquery(plan, mode)
        if not query:
            return []
        vector = "e.search_head" if mode == "titles" else "e.search"
        sql = (
            f"SELECT e.id, e.key, e.game, e.kind, e.title, e.section, ts_rank({vector}, q.query) AS score, e.tags, e.body "
            f"FROM rulesref_entry e, (SELECT ({query}) AS query) q "
            f"WHERE numnode(q.query) > 0 AND {vector} @@ q.query" + (" AND e.game = %s" if game else "")
            + " ORDER BY score DESC LIMIT %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, params + ([game] if game else []) + [limit])
            rows = cursor.fetchall()
        # ts_rank is on a smaller scale than bm25; the scale only matters within one backend
        return [Hit(pk, key, g, kind, title, section, float(score) * 10, tags, body)
                for pk, key, g, kind, title, section, score, tags, body in rows]

    def near(self, word: str, max_distance: int, limit: int) -> list[str]:
        """Trigram candidates from the index, kept when within `max_distance` edits."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT word FROM rulesref_term WHERE word %% %s ORDER BY similarity(word, %s) DESC, frequency DESC LIMIT 30",
                [word, word],
            )
            candidates = [row[0] for row in cursor.fetchall()]
        order = {c: len(candidates) - i for i, c in enumerate(candidates)}  # trigram similarity rank
        near = [(c, OSA.distance(word, c)) for c in candidates]
        return closest(word, [(c, d) for c, d in near if d <= max_distance], order, limit)

    def bare(self, text: str, limit: int = 10) -> list[int]:
        """The plainest full-text query, the benchmark's yardstick: the typed words (any of them),
        ts_rank order, no synonyms, typo handling, ranking of our own or headlines."""
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id FROM rulesref_entry, "
                f"(SELECT replace(plainto_tsquery('{CONFIG}', %s)::text, '&', '|')::tsquery AS q) t "
                f"WHERE search @@ t.q ORDER BY ts_rank(search, t.q) DESC LIMIT %s",
                [text, limit],
            )
            return [row[0] for row in cursor.fetchall()]
