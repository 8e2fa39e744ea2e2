"""From what a player typed to what the index is asked: cleaning, synonyms, typo corrections.

Pure Python and shared by both backends, so SQLite and PostgreSQL answer the same question.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rapidfuzz import process
from rapidfuzz.distance import OSA

MAX_QUERY_CHARS = 300  # longer input is cut: nobody types more at a table, and it bounds the work
MAX_WORDS = 16
TYPO_MIN_LENGTH = 5  # words this long may be corrected ...
TYPO_MAX_DISTANCE = 2  # ... within this many edits (optimal string alignment: a swap counts as one)
SUGGEST_MAX_DISTANCE = 3

WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")

# Words that say nothing about which rule is meant. Kept out of the OR query so that
# "can i reroll a dodge" ranks by "reroll" and "dodge", not by "can" and "a".
STOPWORDS = frozenset("""
a an and are as at be been but by can could did do does doing for from had has have how i if in into is it
its me my may might must of on or our shall should so than that the their them then there these they this
to too was we were what when where which while who whom why will with would you your yours am any all
""".split())
# German function words, for questions asked in German ("Kann ich die Ausdauer ...").
# "die" is also the English die: it is a stopword only in a question with another German word.
GERMAN_STOPWORDS = frozenset("""
der das den dem des ein eine einen einem einer eines und oder ich du er sie es wir ihr ist sind bin kann
darf muss soll wie was wann wo wer mit von zu auf im am beim nicht kein keine mein meine wenn dann auch
noch nur man sich mir mich dich dir habe hat haben wird werden gibt welche welcher wieviel wieviele
viel viele vielen bei beim ins aus fur uber bis ob dass als oft schon jetzt denn doch mal sein seine seinen
meines meinem meinen meiner eigene eigenen eigener selben alle jeder jede jedes welches warum wieso weshalb
passiert geht gehen funktioniert bekomme bekommen braucht brauche brauchen
""".split())
# Not here although German: "so" and "um" are English words too, and a German word in a question makes
# "die" a stopword.
AMBIGUOUS_GERMAN = frozenset({"die"})
QUESTION_WORDS = frozenset("can could do does did is are was were may might must should shall how what when where which who why will would".split())


def clean(text: str) -> str:
    """Normalise width and accents' composition, drop control characters, cut to a sane length."""
    text = unicodedata.normalize("NFKC", text or "")[: MAX_QUERY_CHARS * 4]
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return text[:MAX_QUERY_CHARS]


def words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


def fold(word: str) -> str:
    """ASCII-fold for matching against the index (Boron's -> boron's, Lebenspunkte stays)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


@dataclass
class Group:
    """One thing the player asked about, with every way the corpus may spell it."""

    typed: str
    alternatives: list[str]  # phrases (space-separated words), typed form first
    corrected: bool = False


@dataclass
class Plan:
    groups: list[Group] = field(default_factory=list)
    question: bool = False
    prefix: str | None = None  # the last word still being typed, matched as a prefix
    words: list[str] = field(default_factory=list)
    definition: bool = False  # "what is ...": the glossary is the answer

    @property
    def empty(self) -> bool:
        return not self.groups and not self.prefix


class Vocabulary:
    """The corpus words, with typo candidates by edit distance (the same on both backends: this
    beat pg_trgm's look-up, 0.3 ms against 4 ms a word, PERFORMANCE.md)."""

    def __init__(self, frequencies: dict[str, int], memo: dict | None = None):
        self.frequencies = frequencies
        self.words = list(frequencies)
        self.memo = memo if memo is not None else {}  # a table misspells the same few words again and again

    def __contains__(self, word: str) -> bool:
        return word in self.frequencies

    def near(self, word: str, max_distance: int = TYPO_MAX_DISTANCE, limit: int = 3) -> list[str]:
        key = (word, max_distance, limit)
        if key not in self.memo:
            if len(self.memo) > 10_000:
                self.memo.clear()
            self.memo[key] = self._near(word, max_distance, limit)
        return self.memo[key]

    def _near(self, word: str, max_distance: int, limit: int) -> list[str]:
        if not self.words:
            return []
        found = process.extract(word, self.words, scorer=OSA.distance, score_cutoff=max_distance, limit=limit * 8)
        return closest(word, [(m[0], m[1]) for m in found], self.frequencies, limit)


def closest(word: str, candidates: list[tuple[str, int]], frequencies: dict[str, int], limit: int) -> list[str]:
    """The candidates at the smallest distance found, the corpus's most used word first.

    Only the nearest tier: "helaing" means "healing" (one swap), not also "helping" (two edits).
    """
    candidates = [(w, d) for w, d in candidates if w != word]
    if not candidates:
        return []
    best = min(d for _, d in candidates)
    tier = sorted((w for w, d in candidates if d == best), key=lambda w: -frequencies.get(w, 0))
    return tier[:limit]


class Synonyms:
    """Groups of equivalent terms: a phrase found in the query brings its whole group along."""

    def __init__(self, groups: list[list[str]]):
        self.by_phrase: dict[tuple[str, ...], list[str]] = {}
        for group in groups:
            # A one-word term that is a stopword ("an" for adventure number) would fire on the
            # article in every question: it neither triggers its group nor is searched for.
            # folded as the query is ("zurückziehen" arrives as "zuruckziehen")
            phrases = [" ".join(fold(w) for w in words(term)) for term in group
                       if words(term) and not is_stopword_term(term)]
            for phrase in phrases:
                merged = self.by_phrase.setdefault(tuple(phrase.split()), [])
                merged.extend(p for p in phrases if p not in merged)
        self.longest = max((len(k) for k in self.by_phrase), default=1)
        self.single = [key[0] for key in self.by_phrase if len(key) == 1 and len(key[0]) >= TYPO_MIN_LENGTH]

    def near(self, word: str) -> list[list[str]]:
        """The groups of the one-word terms nearest a word that is in none (the nearest tier only)."""
        if (word,) in self.by_phrase or not self.single:
            return []
        found = process.extract(word, self.single, scorer=OSA.distance, score_cutoff=TYPO_MAX_DISTANCE, limit=8)
        if not found:
            return []
        best = min(m[1] for m in found)
        return [self.by_phrase[(m[0],)] for m in found if m[1] == best]

    def match(self, tokens: list[str], start: int) -> tuple[int, list[str]] | None:
        for size in range(min(self.longest, len(tokens) - start), 0, -1):
            key = tuple(tokens[start:start + size])
            if key in self.by_phrase:
                return size, self.by_phrase[key]
        return None


def is_stopword_term(term: str) -> bool:
    found = words(term)
    return len(found) == 1 and (found[0] in STOPWORDS or found[0] in GERMAN_STOPWORDS)


def _stopwords(tokens: list[str]) -> frozenset[str]:
    if any(t in GERMAN_STOPWORDS for t in tokens):
        return STOPWORDS | GERMAN_STOPWORDS | AMBIGUOUS_GERMAN
    return STOPWORDS


def plan(query: str, vocabulary: Vocabulary, synonyms: Synonyms) -> Plan:
    text = clean(query)
    tokens = [fold(w) for w in words(text)][:MAX_WORDS]
    result = Plan(words=tokens)
    if not tokens:
        return result
    stripped = text.strip()
    result.question = stripped.endswith("?") or tokens[0] in QUESTION_WORDS
    # The last word of a query typed without a trailing space or "?" may be unfinished.
    still_typing = bool(stripped) and text == text.rstrip() and not stripped.endswith(("?", ".", "!"))
    stop = _stopwords(tokens)
    meaningful = [t for t in tokens if t not in stop] or tokens
    i = 0
    while i < len(tokens):
        found = synonyms.match(tokens, i)
        # a one-word match on a stopword of this question (German "die") is the article, not the term
        if found and (found[0] > 1 or tokens[i] not in stop):
            size, alternatives = found
            typed = " ".join(tokens[i:i + size])
            result.groups.append(Group(typed, [typed] + [a for a in alternatives if a != typed]))
            i += size
            continue
        token = tokens[i]
        i += 1
        if token not in meaningful:
            continue
        group = Group(token, [token])
        if len(token) >= TYPO_MIN_LENGTH and token not in vocabulary:
            group.alternatives += vocabulary.near(token)
            # a misspelt synonym that is in no entry ("Lebenspunke") brings its group, as the term
            # spelt right would; a word the corpus spells nearly so is the likelier meaning
            for alternative in [] if len(group.alternatives) > 1 else synonyms.near(token):
                group.alternatives += [a for a in alternative if a not in group.alternatives]
            group.corrected = len(group.alternatives) > 1
        result.groups.append(group)
    last = tokens[-1]
    if still_typing and len(last) >= 3 and last not in stop:
        result.prefix = last
    return result


def suggestion(query: str, vocabulary: Vocabulary) -> str | None:
    """A "did you mean" for a query that found nothing: each unknown word swapped for the nearest."""
    changed, out = False, []
    for token in [fold(w) for w in words(clean(query))][:MAX_WORDS]:
        if token in STOPWORDS or token in vocabulary or len(token) < 4:
            out.append(token)
            continue
        near = vocabulary.near(token, SUGGEST_MAX_DISTANCE, limit=1)
        out.append(near[0] if near else token)
        changed = changed or bool(near)
    return " ".join(out) if changed else None
