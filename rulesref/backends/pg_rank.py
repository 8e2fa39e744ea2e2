"""bm25 for PostgreSQL's candidates, the way SQLite's FTS5 scores its own.

`ts_rank` knows no inverse document frequency: "card" weighs as much as "Avenge", so long FAQ
entries full of common words won the first places (recall@3 0.88 against SQLite's 0.98 on the
players' questions). PostgreSQL still finds the candidates and stems the words; this module
scores them from what PostgreSQL returns: the stored tsvector (positions and weights per lexeme),
each phrase's document count and the corpus's mean length.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

K1, B = 1.2, 0.75  # FTS5's bm25 constants
# Per tsvector weight, as the SQLite backend weighs its columns: A title, B tags, C section, D body.
WEIGHTS = {"A": 10.0, "B": 5.0, "C": 3.0, "D": 1.0}

_LEXEME = re.compile(r"'((?:[^']|'')*)'(?::([0-9A-D,]+))?")
_POSITION = re.compile(r"(\d+)([A-D]?)")
_QUERY_PART = re.compile(r"'((?:[^']|'')*)'(?::\*)?|<(-|\d+)>")


@dataclass(frozen=True)
class Phrase:
    """A phrase as phraseto_tsquery stems it: lexemes and the distance from each to the next."""

    lexemes: tuple[str, ...]
    gaps: tuple[int, ...] = ()
    prefix: bool = False


def parse_query(text: str, prefix: bool = False) -> Phrase | None:
    """`'boron' <2> 'hall'` -> Phrase(("boron", "hall"), (2,)); None for a query of stopwords only."""
    lexemes, gaps = [], []
    for m in _QUERY_PART.finditer(text or ""):
        if m.group(1) is not None:
            lexemes.append(m.group(1).replace("''", "'"))
        else:
            gaps.append(1 if m.group(2) == "-" else int(m.group(2)))
    if not lexemes or len(gaps) != len(lexemes) - 1:
        return None
    return Phrase(tuple(lexemes), tuple(gaps), prefix)


def parse_vector(text: str) -> dict[str, list[tuple[int, str]]]:
    """A tsvector's text form -> {lexeme: [(position, weight letter)]}; D is left unprinted."""
    out: dict[str, list[tuple[int, str]]] = {}
    for m in _LEXEME.finditer(text or ""):
        positions = [(int(p), w or "D") for p, w in _POSITION.findall(m.group(2) or "")]
        out[m.group(1).replace("''", "'")] = positions
    return out


def frequency(phrase: Phrase, vector: dict[str, list[tuple[int, str]]]) -> float:
    """Weighted occurrences of the phrase: each place it starts, weighed by that field's weight."""
    if phrase.prefix:
        first = [pw for lexeme, pws in vector.items() if lexeme.startswith(phrase.lexemes[0]) for pw in pws]
    else:
        first = vector.get(phrase.lexemes[0], [])
    if len(phrase.lexemes) == 1:
        return sum(WEIGHTS[w] for _, w in first)
    rest = [{p for p, _ in vector.get(lexeme, [])} for lexeme in phrase.lexemes[1:]]
    total = 0.0
    for position, weight in first:
        at, ok = position, True
        for gap, positions in zip(phrase.gaps, rest):
            at += gap
            if at not in positions:
                ok = False
                break
        if ok:
            total += WEIGHTS[weight]
    return total


def idf(rows: int, matching: int) -> float:
    value = math.log((rows - matching + 0.5) / (matching + 0.5))
    return value if value > 0 else 1e-6  # as FTS5: a phrase in most rows still counts a little


def bm25(phrases: list[tuple[Phrase, int]], vector: dict, length: float, mean_length: float, rows: int) -> float:
    """FTS5's bm25 over the query's phrases, each given with the number of rows it matches."""
    norm = K1 * (1 - B + B * length / (mean_length or 1.0))
    score = 0.0
    for phrase, matching in phrases:
        f = frequency(phrase, vector)
        if f:
            score += idf(rows, matching) * f * (K1 + 1) / (f + norm)
    return score
