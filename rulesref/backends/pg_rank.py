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
from functools import cached_property

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

    @cached_property
    def text(self) -> str:
        """As tsquery input, and the phrase's key (a string keeps its hash; a dataclass does not)."""
        return tsquery_text(self)


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


def tsquery_text(phrase: Phrase) -> str:
    """The phrase as tsquery input: `'boron' <2> 'hall'`, `'tra':*`."""
    quoted = ["'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'" for lexeme in phrase.lexemes]
    text = quoted[0] + (":*" if phrase.prefix else "")
    for gap, lexeme in zip(phrase.gaps, quoted[1:]):
        text += (" <-> " if gap == 1 else f" <{gap}> ") + lexeme
    return text


def parse_vector(text: str, wanted: list["Phrase"] | None = None) -> dict[str, list[tuple[int, str]]]:
    """A tsvector's text form -> {lexeme: [(position, weight letter)]}; D is left unprinted.

    With `wanted`, only the lexemes those phrases need are read: a vector is sorted text, and
    finding a dozen lexemes in it is far cheaper than reading its hundreds."""
    if wanted is None:
        return {_unquote(m.group(1)): _positions(m.group(2)) for m in _LEXEME.finditer(text or "")}
    out: dict[str, list[tuple[int, str]]] = {}
    for phrase in wanted:
        for i, lexeme in enumerate(phrase.lexemes):
            if lexeme in out:
                continue
            quoted = "'" + lexeme.replace("'", "''")
            if phrase.prefix and i == 0:
                for m in re.finditer(re.escape(quoted) + r"((?:[^']|'')*)'(?::([0-9A-D,]+))?", text or ""):
                    out[lexeme + _unquote(m.group(1))] = _positions(m.group(2))
                continue
            at = (text or "").find(quoted + "'")
            while at > 0 and text[at - 1] == "'":  # inside another lexeme's doubled quote
                at = text.find(quoted + "'", at + 1)
            if at < 0:
                continue
            m = _LEXEME.match(text, at)
            if m and _unquote(m.group(1)) == lexeme:
                out[lexeme] = _positions(m.group(2))
    return out


def _unquote(text: str) -> str:
    return text.replace("''", "'")


def _positions(text: str | None) -> list[tuple[int, str]]:
    return [(int(p), w or "D") for p, w in _POSITION.findall(text or "")]


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


def phrase_frequency(phrase: Phrase, vector: str) -> float:
    """The phrase's weighted occurrences in one row's tsvector (its text form)."""
    if len(phrase.lexemes) == 1 and not phrase.prefix:
        return _weighted_count(vector, phrase.lexemes[0])
    return frequency(phrase, parse_vector(vector, [phrase]))


def bm25(found: list[tuple[float, int]], length: float, mean_length: float, rows: int) -> float:
    """FTS5's bm25 of one row: for each of the query's phrases, its weighted frequency in the row
    and the number of rows it matches."""
    norm = K1 * (1 - B + B * length / (mean_length or 1.0))
    return sum(idf(rows, matching) * f * (K1 + 1) / (f + norm) for f, matching in found if f)


def _weighted_count(vector: str, lexeme: str) -> float:
    """One lexeme's weighted occurrences, counted on the text itself: most phrases are one word,
    and this is the search's inner loop."""
    needle = "'" + lexeme.replace("'", "''") + "':"
    at = vector.find(needle)
    while at > 0 and vector[at - 1] == "'":
        at = vector.find(needle, at + 1)
    if at < 0:
        return 0.0
    start = at + len(needle)
    end = vector.find(" ", start)
    positions = vector[start:] if end < 0 else vector[start:end]
    a, b, c = positions.count("A"), positions.count("B"), positions.count("C")
    d = positions.count(",") + 1 - a - b - c
    return a * WEIGHTS["A"] + b * WEIGHTS["B"] + c * WEIGHTS["C"] + d * WEIGHTS["D"]
