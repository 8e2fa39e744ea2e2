"""The corpus: well formed, in our own words, citing real rulebook headings, covering the engine."""
import re
from pathlib import Path

import pytest

from rulesref import corpus
from rulesref.models import Entry, RuleCitation
from tracker.games import all_games

RULEBOOKS = Path(__file__).resolve().parents[3] / "shared" / "rulebooks"
BOOK = {
    "aventuria": "aventuria-adventure-card-game.txt",
    "curse-of-the-desert": "aventuria-curse-of-the-desert.txt",
    "dark-force": "dark-force.txt",
    "pathfinder": "pathfinder-acg-core-set.txt",
    "adventure-of-d": "adventure-of-d.txt",
}
GAMES = sorted(BOOK)
WORD = re.compile(r"[a-z0-9']+")
RUN = 12
needs_rulebooks = pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebooks are not beside this checkout")


@pytest.fixture(scope="module")
def entries():
    return corpus.read()[0]


def test_corpus_reads_without_problems(entries):
    # the five games of the rulebooks at least; a game added since brings its own folder
    assert set(GAMES) <= {e["game"] for e in entries} == set(corpus.games())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_rules_faq_and_glossary(entries, game):
    kinds = {e["kind"] for e in entries if e["game"] == game}
    assert {"rule", "faq", "glossary"} <= kinds


@needs_rulebooks
def test_no_run_of_12_words_is_shared_with_a_rulebook():
    """Read the way the before-stop check reads: every corpus and query file as one stream of words."""
    grams = set()
    for book in RULEBOOKS.glob("*.txt"):
        w = WORD.findall(book.read_text(encoding="utf8").lower())
        grams.update(tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1))
    root = Path(__file__).resolve().parents[2]
    copied = []
    for path in [*root.glob("fixtures/rules/*/*.yaml"), *root.glob("tests/rulesref/*.yaml"),
                 *root.glob("tests/rulesref/players/*.yaml")]:
        w = WORD.findall(path.read_text(encoding="utf8").lower())
        copied += [f"{path.relative_to(root)}: {' '.join(w[i:i + RUN])}" for i in range(len(w) - RUN + 1)
                   if tuple(w[i:i + RUN]) in grams]
    assert copied == []


@needs_rulebooks
def test_sections_are_headings_printed_in_the_rulebook(entries):
    # games whose rulebook is not among the five (a game added since) are checked by their own tests
    texts = {game: (RULEBOOKS / name).read_text(encoding="utf8") for game, name in BOOK.items()}
    wrong = [f"{e['id']}: {part!r}" for e in entries if e["game"] in texts
             for part in e["section"].split(" > ") if part.strip() not in texts[e["game"]]]
    assert wrong == []


def test_faq_entries_answer_first(entries):
    # "No.", "Yes, but ...", "Only ...": the first sentence is the short answer
    long_first = [e["id"] for e in entries if e["kind"] == "faq" and len(re.split(r"(?<=[.!?])\s", e["body"].strip())[0].split()) > 30]
    assert long_first == []


def test_every_engine_rule_has_its_reference_entry(rules_corpus):
    cited = set(RuleCitation.objects.values_list("rule_id", flat=True))
    missing = [rule_id for game in all_games() for rule_id in game.rules if rule_id not in cited]
    assert missing == []


def test_a_refusal_reference_opens_the_entry_that_explains_the_rule(api, duel, rules_corpus):
    refused = api.post(f"/api/sessions/{duel['id']}/actions/",
                       {"type": "play_endurance", "params": {"player": 0, "source": "hand"}}, format="json").json()
    violation = next(v for v in refused["violations"] if v["rule"] == "aventuria.R8")
    page = api.get(violation["reference"], follow=True)
    assert page.status_code == 200
    entry = api.get("/api/rules/aventuria.R8/").json()  # the entry explaining the rule
    assert "aventuria.R8" in entry["rules"]
    html = page.content.decode()
    assert entry["title"].replace("'", "&#x27;") in html and 'id="aventuria.R8"' in html
