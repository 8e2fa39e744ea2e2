"""PostgreSQL full-text search: a weighted tsvector kept by the database finds the candidates,
bm25 (pg_rank) orders them."""
from __future__ import annotations

import re

from django.db import connection

from ..query import Plan
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
    "CREATE EXTENSION IF NOT EXISTS unaccent",
    TEXT_CONFIG,
    f"ALTER TABLE rulesref_entry ADD COLUMN IF NOT EXISTS search tsvector GENERATED ALWAYS AS ({VECTOR}) STORED",
    "CREATE INDEX IF NOT EXISTS rulesref_entry_search ON rulesref_entry USING gin (search)",
    f"ALTER TABLE rulesref_entry ADD COLUMN IF NOT EXISTS search_head tsvector GENERATED ALWAYS AS ({HEAD}) STORED",
    "CREATE INDEX IF NOT EXISTS rulesref_entry_search_head ON rulesref_entry USING gin (search_head)",
]
SAFE_PREFIX = re.compile(r"[^a-z0-9]")


# per index version: each phrase's stems and row count, the corpus's size, and each row's
# frequency of each phrase asked (a table asks about the same few words again and again)
_stats: dict = {}
TF_REMEMBERED = 200_000
COUNT_CAP = 1_000  # past it a phrase's weight barely changes (on our corpus it is in half the rows)
EXACT_UP_TO = 20_000


def _stemmed(plan: Plan) -> tuple[list[list[tuple[pg_rank.Phrase, int]]], tuple[pg_rank.Phrase, int] | None]:
    """Each group's alternatives as PostgreSQL stems them, with the number of rows each matches,
    remembered: a new question costs a query for its new words, and none after."""
    known = _stats.setdefault("phrases", {})
    prefix = SAFE_PREFIX.sub("", plan.prefix or "")
    wanted = [(a, False) for group in plan.groups for a in group.alternatives] + ([(prefix + ":*", True)] if prefix else [])
    missing = list(dict.fromkeys(item for item in wanted if item[0] not in known))
    if missing:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT a, CASE WHEN p THEN to_tsquery('{CONFIG}', a) ELSE phraseto_tsquery('{CONFIG}', a) END::text "
                f"FROM unnest(%s::text[], %s::boolean[]) AS t(a, p)",
                [[a for a, _ in missing], [p for _, p in missing]],
            )
            prefixes = {a for a, p in missing if p}
            stems = {text: pg_rank.parse_query(stemmed, prefix=text in prefixes) for text, stemmed in cursor.fetchall()}
        counts = _row_counts([p for p in stems.values() if p])
        for text, phrase in stems.items():
            known[text] = (phrase, counts[phrase.text]) if phrase else None
    groups = [[known[a] for a in group.alternatives if known[a]] for group in plan.groups]
    return [g for g in groups if g], known[prefix + ":*"] if prefix else None


def _row_counts(phrases: list[pg_rank.Phrase]) -> dict[str, int]:
    """How many rows each phrase matches: a word's count is read from the index's statistics
    (once per index version); a phrase of words, or a prefix, is counted, up to COUNT_CAP rows. Past
    EXACT_UP_TO entries a phrase takes its rarest word's count and a prefix its commonest word's:
    counting every match of "do i die" took 20 ms on 100,000 entries."""
    documents = _stats.get("documents")
    if documents is None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT word, ndoc FROM ts_stat('SELECT search FROM rulesref_entry')")
            documents = _stats["documents"] = dict(cursor.fetchall())
    counts = {p.text: documents.get(p.lexemes[0], 0) for p in phrases if len(p.lexemes) == 1 and not p.prefix}
    rest = {p.text: p for p in phrases if p.text not in counts}
    if rest and _corpus()[0] > EXACT_UP_TO:
        for text, p in rest.items():
            counts[text] = (max((n for w, n in documents.items() if w.startswith(p.lexemes[0])), default=0)
                            if p.prefix else min(documents.get(w, 0) for w in p.lexemes))
    elif rest:
        with connection.cursor() as cursor:
            cursor.execute("SELECT q, (SELECT count(*) FROM (SELECT 1 FROM rulesref_entry WHERE search @@ q::tsquery "
                           "LIMIT %s) hits) FROM unnest(%s::text[]) AS q", [COUNT_CAP, list(rest)])
            counts.update(cursor.fetchall())
    return counts


def _tsquery(groups: list[list[pg_rank.Phrase]], prefix: pg_rank.Phrase | None, mode: str = "any") -> str:
    """One tsquery literal from the stems PostgreSQL gave: alternatives of a group with OR, groups
    with OR (AND when every group is required). Built here rather than by a phraseto_tsquery per
    alternative in the SQL, whose planning alone cost more than the bare query."""
    parts = ["(" + " | ".join(p.text for p in group) + ")" for group in groups]
    if mode == "all":
        return " & ".join(parts)
    return " | ".join(parts + ([prefix.text] if prefix else []))


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
        groups, prefix = _stemmed(plan)
        query = _tsquery([[p for p, _ in group] for group in groups], prefix and prefix[0], mode)
        if not query:
            return []
        phrases = [found for group in groups for found in group] + ([prefix] if prefix and mode != "all" else [])
        vector = "e.search_head" if mode == "titles" else "e.search"
        # ts_rank only picks the candidates (its top ten held every answer); bm25 orders them. The
        # rows are read after the LIMIT: in one SELECT, every match's vector was turned into text.
        sql = (
            f"SELECT e.id, e.key, e.game, e.kind, e.title, e.section, e.tags, e.body, e.search::text, "
            f"length(e.title) + length(e.section) + length(e.tags) + length(e.body) FROM ("
            f"SELECT e.id, ts_rank({vector}, q.query) AS rank FROM rulesref_entry e, (SELECT %s::tsquery AS query) q "
            f"WHERE {vector} @@ q.query" + (" AND e.game = %s" if game else "")
            + " ORDER BY rank DESC LIMIT %s) top JOIN rulesref_entry e ON e.id = top.id ORDER BY top.rank DESC"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [query] + ([game] if game else []) + [limit])
            rows = cursor.fetchall()
        rows_total, mean_length = _corpus()
        tf = _stats.setdefault("tf", {})
        if len(tf) > TF_REMEMBERED:
            tf.clear()
        hits = []
        for pk, key, g, kind, title, section, tags, body, search, length in rows:
            found = []
            for phrase, matching in phrases:
                seen = (pk, phrase.text)
                if seen not in tf:
                    tf[seen] = pg_rank.phrase_frequency(phrase, search)
                found.append((tf[seen], matching))
            hits.append(Hit(pk, key, g, kind, title, section, pg_rank.bm25(found, length, mean_length, rows_total), tags, body))
        hits.sort(key=lambda h: -h.score)
        return hits

    def tidy(self) -> None:
        # A corpus load deletes and inserts every row: without a vacuum (autovacuum may be off,
        # or not yet round) each search scans the dead rows too, 1.5x slower (PERFORMANCE.md).
        # VACUUM cannot run in a transaction; ANALYZE alone still gives the planner today's rows.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE rulesref_entry" if connection.in_atomic_block else "VACUUM ANALYZE rulesref_entry")

    @staticmethod
    def forget() -> None:
        _stats.clear()

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
