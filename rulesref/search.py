"""Search the rules reference: plan the query, ask the backend, rank for the table."""
from __future__ import annotations

import math
import re
import unicodedata
import uuid
from collections import Counter
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.html import escape

from . import query as q
from .backends import MARK_END, MARK_START, Hit, backend
from .models import Entry, Synonym, Term

VERSION_KEY = "rulesref:index-version"
CANDIDATES = 40  # rows the backend ranks before our own ordering picks the first few
# Past this size an OR over common words makes the index score a large part of the corpus, so
# cheaper questions go first (_large_corpus_candidates; PERFORMANCE.md, 100,000 entries).
LARGE_CORPUS = 20_000

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
            entries=Entry.objects.count(),
            groups=groups,
            synonyms={},
            near={},
        )
        _loaded.pop("game_words", None)  # the corpus changed: guess_game counts its words again
        backend().forget()
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


_STEM_WORD = re.compile(r"[a-z0-9]+")


def _stems(text: str) -> frozenset[str]:
    # A crude stem (the first 5 letters, accents and other non-ASCII dropped) is enough to tell
    # whether a query word appears at all, and cheap enough to run on every candidate.
    ascii_text = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return frozenset(w[:5] for w in _STEM_WORD.findall(ascii_text))


_text_stems: dict[int, frozenset[str]] = {}


def _entry_stems(hit: Hit) -> frozenset[str]:
    if hit.pk not in _text_stems:
        if len(_text_stems) > 20_000:
            _text_stems.clear()
        # the section path counts too: a step is found by its parent heading ("Attempting a Check")
        _text_stems[hit.pk] = _stems(f"{hit.title} {hit.section} {hit.tags} {hit.body}")
    return _text_stems[hit.pk]


_BODY_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
SNIPPET_WORDS = 24


def _stem(word: str) -> str:
    word = word.lower()
    if not word.isascii():
        word = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()
    return word[:5]


def make_snippet(body: str, wanted: list[frozenset[str]]) -> str:
    """About 24 words of the body around the first matched word, matched words between marks.

    Cut here rather than by FTS5 snippet() or ts_headline: both run the whole match again, which
    doubled the query on 100,000 entries, and one cutter keeps both backends' snippets alike."""
    stems = frozenset().union(*wanted) if wanted else frozenset()
    found = list(_BODY_WORD.finditer(body))
    if not found:
        return ""
    first = next((i for i, m in enumerate(found) if _stem(m.group()) in stems), 0)
    start = max(0, first - 6)
    window = found[start:start + SNIPPET_WORDS]
    out, cursor = [], window[0].start()
    for m in window:
        out.append(body[cursor:m.start()])
        word = m.group()
        out.append(f"{MARK_START}{word}{MARK_END}" if _stem(word) in stems else word)
        cursor = m.end()
    text = "".join(out)
    return ("…" if start else "") + text + ("…" if start + SNIPPET_WORDS < len(found) else "")


def _wanted(plan: q.Plan) -> list[frozenset[str]]:
    return [_stems(" ".join(g.alternatives)) for g in plan.groups]


def _rank(hits: list[Hit], plan: q.Plan, prefer: str | None, odds: dict[str, float] | None = None) -> list[Hit]:
    """`odds`: each game's likelihood when no game is clear: a likelier game's entry weighs more."""
    wanted = _wanted(plan)
    ranked = []
    for hit in hits:
        score = hit.score
        if plan.question and hit.kind == "faq":
            score *= QUESTION_FAQ_BOOST
        if hit.kind == "imported":
            score *= IMPORTED_FACTOR
        if hit.kind == "glossary" and not plan.definition:
            score *= GLOSSARY_FACTOR
        if wanted:
            title, text = _stems(hit.title), _entry_stems(hit)
            score *= 1 + TITLE_COVERAGE_BOOST * sum(1 for w in wanted if w & title) / len(wanted)
            score *= 1 + COVERAGE_BOOST * (sum(1 for w in wanted if w & text) / len(wanted)) ** 2
        if odds:
            score *= ODDS_FLOOR + odds.get(hit.game, 0.0)
        ranked.append((bool(prefer) and hit.game != prefer, -score, hit))
    ranked.sort(key=lambda r: r[:2])
    return [hit for _, _, hit in ranked]


# How much likelier the question's words must make one game than the next before its entries go
# first: a margin of e^GUESS_MARGIN in the naive-Bayes odds (measured on the players' questions).
GUESS_MARGIN = 3.0
# With no clear game, an entry's score is weighed by (ODDS_FLOOR + its game's likelihood): between
# 1x and 2x, a nudge toward the likelier game that still lets a strong match from another win.
ODDS_FLOOR = 1.0


def _game_words(state: dict) -> dict[str, Counter]:
    if "game_words" not in state:
        counts: dict[str, Counter] = {}
        for game, title, section, tags, body in Entry.objects.exclude(kind=Entry.Kind.IMPORTED).values_list(
                "game", "title", "section", "tags", "body").iterator():
            counts.setdefault(game, Counter()).update(q.fold(w) for w in q.words(f"{title} {section} {tags} {body}"))
        # a game's synonyms are its words too: its German and everyday terms appear in no entry
        for game, groups in state["groups"].items():
            if game in counts:
                counts[game].update(q.fold(w) for terms in groups for term in terms for w in q.words(term))
        state["game_words"] = counts
    return state["game_words"]


def game_odds(text: str) -> dict[str, float]:
    """How likely each game is, told from the question's words: each game's corpus as a word model
    (add-one smoothing), the question's meaningful words scored in it, normalised to sum to 1.
    Empty when nothing can be told (one game, or no meaningful word)."""
    state = _state()
    counts = _game_words(state)
    words = [q.fold(w) for w in q.words(q.clean(text))]
    stop = q.STOPWORDS | (q.GERMAN_STOPWORDS | q.AMBIGUOUS_GERMAN if any(w in q.GERMAN_STOPWORDS for w in words) else set())
    tokens = [t for t in words if t not in stop]
    if len(counts) < 2 or not tokens:
        return {}
    vocabulary = len(set().union(*counts.values()))
    logs = {}
    for game, found in counts.items():
        total = sum(found.values()) + vocabulary
        logs[game] = sum(math.log((found[t] + 1) / total) for t in tokens)
    top = max(logs.values())
    odds = {game: math.exp(value - top) for game, value in logs.items()}
    total = sum(odds.values())
    return {game: value / total for game, value in odds.items()}


def guess_game(text: str) -> str | None:
    """The game a question is about when one game is clearly likelier than the next."""
    return _likeliest(game_odds(text))


def _likeliest(odds: dict[str, float]) -> str | None:
    if len(odds) < 2:
        return None
    (p1, first), (p2, _) = sorted(((p, g) for g, p in odds.items()), reverse=True)[:2]
    return first if p2 == 0 or math.log(p1 / p2) >= GUESS_MARGIN else None


def search(text: str, game: str | None = None, prefer: str | None = None, limit: int = 10) -> Answer:
    """Best first. `game` filters; `prefer` puts that game's entries first (the page's own game);
    with neither, the game the question's words point to goes first (guess_game)."""
    state = _state()
    engine = backend()
    odds = game_odds(text) if game is None and prefer is None else {}
    if odds:
        prefer = _likeliest(odds)
    vocab = q.Vocabulary(state["frequencies"], memo=state["near"])
    plan = q.plan(text, vocab, _synonyms(state, game or prefer))
    plan.definition = bool(DEFINITION.match(q.clean(text)))
    if plan.empty:
        return Answer([])
    wanted = max(CANDIDATES, limit)
    if state["entries"] > LARGE_CORPUS:
        hits = _large_corpus_candidates(engine, plan, game, wanted, limit)
    else:
        hits = engine.search(plan, game, wanted)
    best = _rank(hits, plan, prefer, {} if prefer else odds)[:limit]
    if not best:
        return Answer([], q.suggestion(text, vocab))
    stems = _wanted(plan) + ([_stems(plan.prefix)] if plan.prefix else [])
    return Answer([
        Result(h.key, h.game, h.kind, h.title, h.section, snippet_html(make_snippet(h.body, stems))) for h in best
    ])


def _large_corpus_candidates(engine, plan: q.Plan, game, wanted: int, limit: int) -> list[Hit]:
    """Cheapest first: entries with every word, then entries with a word in the title or tags, and
    only then the full OR, which makes the index score a large part of the corpus."""
    hits = engine.search(plan, game, wanted, mode="all")
    if len(hits) < limit:
        seen = {h.pk for h in hits}
        hits += [h for h in engine.search(plan, game, wanted, mode="titles") if h.pk not in seen]
    if len(hits) < limit:
        hits = engine.search(plan, game, wanted)
    return hits
