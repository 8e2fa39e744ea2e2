"""PostgreSQL full-text search (a weighted tsvector kept by the database) with pg_trgm for typos."""
from __future__ import annotations

import re

from django.db import connection
from rapidfuzz.distance import OSA

from ..query import Plan, closest

from . import MARK_END, MARK_START, Backend, Hit

CONFIG = "english"
VECTOR = (
    f"setweight(to_tsvector('{CONFIG}', coalesce(title, '')), 'A') || "
    f"setweight(to_tsvector('{CONFIG}', coalesce(tags, '')), 'B') || "
    f"setweight(to_tsvector('{CONFIG}', coalesce(section, '')), 'C') || "
    f"setweight(to_tsvector('{CONFIG}', coalesce(body, '')), 'D')"
)
INSTALL = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    f"ALTER TABLE rulesref_entry ADD COLUMN IF NOT EXISTS search tsvector GENERATED ALWAYS AS ({VECTOR}) STORED",
    "CREATE INDEX IF NOT EXISTS rulesref_entry_search ON rulesref_entry USING gin (search)",
    "CREATE INDEX IF NOT EXISTS rulesref_term_trgm ON rulesref_term USING gin (word gin_trgm_ops)",
]
HEADLINE = f"StartSel={MARK_START}, StopSel={MARK_END}, MaxWords=22, MinWords=10, MaxFragments=1, FragmentDelimiter=…"
SAFE_PREFIX = re.compile(r"[^a-z0-9]")


def _tsquery(plan: Plan) -> tuple[str, list]:
    """An OR of phrase queries, built from parameters only (nothing typed reaches the SQL text)."""
    parts, params = [], []
    for group in plan.groups:
        for alternative in group.alternatives:
            parts.append(f"phraseto_tsquery('{CONFIG}', %s)")
            params.append(alternative)
    prefix = SAFE_PREFIX.sub("", plan.prefix or "")
    if prefix:
        parts.append(f"to_tsquery('{CONFIG}', %s)")
        params.append(prefix + ":*")
    return " || ".join(parts), params


class PostgresBackend(Backend):
    vendor = "postgresql"

    def install(self, schema_editor) -> None:
        for sql in INSTALL:
            schema_editor.execute(sql)

    def search(self, plan: Plan, game: str | None, limit: int) -> list[Hit]:
        query, params = _tsquery(plan)
        if not query:
            return []
        # ts_headline is costly, so it runs on the ranked few only.
        sql = (
            f"WITH q AS (SELECT ({query}) AS query), ranked AS ("
            f"  SELECT e.id, e.key, e.game, e.kind, e.title, e.section, e.body, e.tags, "
            f"  ts_rank(e.search, q.query) AS score "
            f"  FROM rulesref_entry e, q WHERE numnode(q.query) > 0 AND e.search @@ q.query"
            + (" AND e.game = %s" if game else "")
            + " ORDER BY score DESC LIMIT %s) "
            f"SELECT r.id, r.key, r.game, r.kind, r.title, r.section, r.score, "
            f"ts_headline('{CONFIG}', r.body, q.query, %s), r.tags || ' ' || r.body FROM ranked r, q ORDER BY r.score DESC"
        )
        params = params + ([game] if game else []) + [limit, HEADLINE]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        # ts_rank is on a smaller scale than bm25; the scale only matters within one backend
        return [Hit(pk, key, g, kind, title, section, float(score) * 10, snip or "", f"{title} {text}")
                for pk, key, g, kind, title, section, score, snip, text in rows]

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
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id FROM rulesref_entry WHERE search @@ plainto_tsquery('{CONFIG}', %s) LIMIT %s", [text, limit]
            )
            return [row[0] for row in cursor.fetchall()]
