"""Search the rules reference: plan the query, ask the backend, rank for the table."""
from __future__ import annotations

import re
import uuid
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.html import escape

from . import query as q
from .backends import MARK_END, MARK_START, Hit, backend
from .models import Synonym, Term

VERSION_KEY = "rulesref:index-version"
CANDIDATES = 60  # rows the backend ranks before our own ordering picks the first few

# Boosts on top of the backend's relevance, measured on tests/rulesref/queries.yaml.
QUESTION_FAQ_BOOST = 1.6
TITLE_COVERAGE_BOOST = 0.8
IMPORTED_FACTOR = 0.7
# bm25 favours short texts, and a glossary line is short: a bare keyword should open the rule
# itself, unless the player asks what a word means.
GLOSSARY_FACTOR = 0.7
# Entries that mention every word of the query beat entries that mention one word a lot.
COVERAGE_BOOST = 1.0
DEFINITION = re.compile(r"^\s*(what\s+is|what's|whats|what\s+are|what\s+does|define|definition|meaning)\b", re.I)


@dataclass
class Result:
    key: str
    game: str
    kind: str
    title: str
    section: str
    snippet: str  # HTML: escaped text with <mark> around matched words
    score: float


@dataclass
class Answer:
    results: list[Result]
    suggestion: str | None = None


_loaded: dict = {"version": None}


def index_changed() -> None:
    """Tell every process that the vocabulary and synonyms must be read again."""
    cache.set(VERSION_KEY, uuid.uuid4().hex, None)


def _state() -> dict:
    version = cache.get(VERSION_KEY)
    if version is None:
        version = uuid.uuid4().hex
        cache.add(VERSION_KEY, version, None)
        version = cache.get(VERSION_KEY)
    if _loaded["version"] != version:
        groups: dict[str, list[list[str]]] = {}
        for game, terms in Synonym.objects.values_list("game", "terms"):
            groups.setdefault(game, []).append(terms)
        _loaded.update(
            version=version,
            frequencies=dict(Term.objects.values_list("word", "frequency")),
            groups=groups,
            synonyms={},
        )
    return _loaded


def _synonyms(state: dict, game: str | None) -> q.Synonyms:
    key = game or "*"
    if key not in state["synonyms"]:
        groups = state["groups"].get("", []) + (
            state["groups"].get(game, []) if game else [g for name, gs in state["groups"].items() if name for g in gs]
        )
        state["synonyms"][key] = q.Synonyms(groups)
    return state["synonyms"][key]


def snippet_html(raw: str) -> str:
    return escape(raw).replace(MARK_START, "<mark>").replace(MARK_END, "</mark>")


def _stems(text: str) -> set[str]:
    # a crude stem (the first 5 letters) is enough to tell whether a query word appears at all
    return {q.fold(w)[:5] for w in q.words(text)}


def _rank(hits: list[Hit], plan: q.Plan, prefer: str | None) -> list[Result]:
    wanted = [set(" ".join(g.alternatives).split()) for g in plan.groups]
    results = []
    for hit in hits:
        score = hit.score
        if plan.question and hit.kind == "faq":
            score *= QUESTION_FAQ_BOOST
        if hit.kind == "imported":
            score *= IMPORTED_FACTOR
        if hit.kind == "glossary" and not plan.definition:
            score *= GLOSSARY_FACTOR
        if wanted:
            title = _stems(hit.title)
            covered = sum(1 for alternatives in wanted if _stems(" ".join(alternatives)) & title)
            score *= 1 + TITLE_COVERAGE_BOOST * covered / len(wanted)
            text = _stems(hit.text)
            covered = sum(1 for alternatives in wanted if _stems(" ".join(alternatives)) & text)
            score *= 1 + COVERAGE_BOOST * (covered / len(wanted)) ** 2
        results.append(Result(hit.key, hit.game, hit.kind, hit.title, hit.section, snippet_html(hit.snippet), score))
    results.sort(key=lambda r: (bool(prefer) and r.game != prefer, -r.score))
    return results


def search(text: str, game: str | None = None, prefer: str | None = None, limit: int = 10) -> Answer:
    """Best first. `game` filters; `prefer` puts that game's entries first (the page's own game)."""
    state = _state()
    vocab = q.Vocabulary(state["frequencies"], finder=backend().near)
    plan = q.plan(text, vocab, _synonyms(state, game or prefer))
    plan.definition = bool(DEFINITION.match(q.clean(text)))
    if plan.empty:
        return Answer([])
    hits = backend().search(plan, game, max(CANDIDATES, limit))
    results = _rank(hits, plan, prefer)[:limit]
    if results:
        return Answer(results)
    return Answer([], q.suggestion(text, vocab))
