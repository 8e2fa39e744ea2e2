"""PostgreSQL full-text search (a weighted tsvector kept by the database) with pg_trgm for typos."""
from __future__ import annotations

import re

from django.db import connection
from rapidfuzz.distance import OSA

from ..query import Plan, closest
from . import pg_rank
from .base import Backend, Hit

# English stems without English stopwords, accents folded: the query decides what is a stopword
# (query.STOPWORDS), as on SQLite. The stock "english" configuration drops "no", "only", "more",
# "before" and "during", which rules questions turn on, and keeps "zurück" apart from "zuruck".
CONFIG = "tablekeeper"
TEXT_CONFIG = f"""DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_ts_dict WHERE dictname = 'tablekeeper_stem') THEN
        CREATE TEXT SEARCH DICTIONARY tablekeeper_stem (TEMPLATE = snowball, LANGUAGE = english);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = '{CONFIG}') THEN
        CREATE TEXT SEARCH CONFIGURATION {CONFIG} (COPY = english);
        ALTER TEXT SEARCH CONFIGURATION {CONFIG}
            ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
            WITH unaccent, tablekeeper_stem;
    END IF;
END $$"""
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
    "CREATE EXTENSION IF NOT EXISTS unaccent",
    TEXT_CONFIG,
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


RESCORED = 100  # candidates ts_rank picks for bm25 to order
_stats: dict = {}  # per index version: each phrase's stems and row count, the corpus's size


def _phrases(plan: Plan) -> list[tuple[pg_rank.Phrase, int]]:
    """The plan's phrases stemmed by PostgreSQL, each with the number of rows it matches."""
    known = _stats.setdefault("phrases", {})
    wanted = list(dict.fromkeys(a for group in plan.groups for a in group.alternatives))
    missing = [a for a in wanted if a not in known]
    if missing:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT a, phraseto_tsquery('{CONFIG}', a)::text, (SELECT count(*) FROM rulesref_entry "
                f"WHERE search @@ phraseto_tsquery('{CONFIG}', a)) FROM unnest(%s::text[]) AS a",
                [missing],
            )
            for text, stemmed, count in cursor.fetchall():
                known[text] = (pg_rank.parse_query(stemmed), count)
    out = [known[a] for a in wanted if known[a][0] is not None]
    prefix = SAFE_PREFIX.sub("", plan.prefix or "")
    if prefix:
        key = prefix + ":*"
        if key not in known:
            with connection.cursor() as cursor:
                cursor.execute(
                    f"SELECT to_tsquery('{CONFIG}', %s)::text, (SELECT count(*) FROM rulesref_entry "
                    f"WHERE search @@ to_tsquery('{CONFIG}', %s))", [key, key])
                stemmed, count = cursor.fetchone()
            known[key] = (pg_rank.parse_query(stemmed, prefix=True), count)
        if known[key][0] is not None:
            out.append(known[key])
    return out


def _corpus() -> tuple[int, float]:
    if "corpus" not in _stats:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*), coalesce(avg(length(title) + length(section) + length(tags) "
                           "+ length(body)), 1) FROM rulesref_entry")
            rows, mean = cursor.fetchone()
        _stats["corpus"] = (rows, float(mean))
    return _stats["corpus"]


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
        # ts_rank only picks the candidates (its top ten held every answer); bm25 orders them
        sql = (
            f"SELECT e.id, e.key, e.game, e.kind, e.title, e.section, e.tags, e.body, e.search::text, "
            f"length(e.title) + length(e.section) + length(e.tags) + length(e.body) "
            f"FROM rulesref_entry e, (SELECT ({query}) AS query) q "
            f"WHERE numnode(q.query) > 0 AND {vector} @@ q.query" + (" AND e.game = %s" if game else "")
            + f" ORDER BY ts_rank({vector}, q.query) DESC LIMIT %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, params + ([game] if game else []) + [max(limit, RESCORED)])
            rows = cursor.fetchall()
        phrases = _phrases(plan)
        rows_total, mean_length = _corpus()
        hits = []
        for pk, key, g, kind, title, section, tags, body, search, length in rows:
            score = pg_rank.bm25(phrases, pg_rank.parse_vector(search), length, mean_length, rows_total)
            hits.append(Hit(pk, key, g, kind, title, section, score, tags, body))
        hits.sort(key=lambda h: -h.score)
        return hits[:limit]

    @staticmethod
    def forget() -> None:
        _stats.clear()

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
