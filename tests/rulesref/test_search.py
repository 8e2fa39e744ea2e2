"""Search behaviour; runs on whichever database is configured (SQLite locally, PostgreSQL in .ci/run)."""
import pytest
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesref import search
from rulesref.models import Entry

pytestmark = pytest.mark.usefixtures("rules_corpus")


def top(q, n=3, **kw):
    return search.search(q, limit=n, **kw).results


def text_of(result):
    entry = Entry.objects.get(key=result.key)
    return f"{entry.title} {entry.tags} {entry.body}".lower()


def test_api_shape_and_game_filter(api):
    body = api.get("/api/rules/search/", {"q": "hand limit", "game": "aventuria", "limit": 5}).json()
    assert 1 <= len(body["results"]) <= 5
    for r in body["results"]:
        assert set(r) == {"id", "game", "kind", "title", "section", "snippet", "url"}
        assert r["game"] == "aventuria" and r["kind"] in {"rule", "faq", "errata", "glossary", "card", "imported"}
    entry = api.get(f"/api/rules/{body['results'][0]['id']}/").json()
    assert set(entry) >= {"id", "game", "kind", "title", "section", "body", "see_also", "rules"}
    assert api.get(body["results"][0]["url"]).status_code == 200


def test_title_hits_rank_above_body_hits():
    first = top("hand limit", game="aventuria")[0]
    assert "hand limit" in first.title.lower()


def test_snippet_marks_matched_words_and_is_escaped():
    results = top("hourglass", game="pathfinder")
    assert any("<mark>" in r.snippet for r in results)
    assert all("<script" not in r.snippet for r in results)


@pytest.mark.parametrize("typed,meant,game", [
    ("hourglas", "hourglass", "pathfinder"),
    ("enduranse", "endurance", "aventuria"),
    ("blesings", "blessing", "pathfinder"),
    ("manticor", "manticore", None),
])
def test_typos_within_two_edits_find_the_word(typed, meant, game):
    results = top(typed, game=game)
    assert results and meant in text_of(results[0]), [r.key for r in results]


def test_short_words_are_not_corrected_and_far_typos_get_a_suggestion():
    answer = search.search("hourglazzz")  # three edits away
    assert answer.results == [] and answer.suggestion == "hourglass"
    assert search.search("xqzvw").results == []


def test_did_you_mean_via_the_api(api):
    body = api.get("/api/rules/search/", {"q": "enduranzzz"}).json()
    assert body["results"] == [] and body["suggestion"] == "endurance"


@pytest.mark.parametrize("typed,meant,game", [
    ("LP", "life point", "aventuria"),
    ("Lebenspunkte", "life point", "aventuria"),
    ("FP", "fate point", "aventuria"),
    ("Schicksalspunkte", "fate point", "aventuria"),
    ("BH", "boron", "dark-force"),
    ("XP", "experience", None),
])
def test_synonyms_and_abbreviations(typed, meant, game):
    results = top(typed, game=game)
    assert results and meant in text_of(results[0]), [r.key for r in results]


def test_question_shaped_queries_find_the_faq():
    first = top("can i reroll a dodge with a fate point?", game="aventuria")[0]
    assert first.kind == "faq"


def test_the_current_game_comes_first():
    for game in ("dark-force", "pathfinder"):
        results = top("discard", n=5, prefer=game)
        assert results[0].game == game


def test_empty_and_stopword_queries():
    assert search.search("").results == []
    assert search.search("   ").results == []
    assert isinstance(search.search("the and of").results, list)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(
    st.text(max_size=200),
    st.sampled_from(['"', '""', "*", "^", "NEAR(", "AND OR NOT", "a:b", "(", ")", "-x", "title:x", "'", "\\", "%", "_",
                     "\x00", "\x1f", "😀🃏", "\u202e", "&|!:*", "<script>"]),
    st.text(alphabet="\"*^():-'&|!<>%_\\ abc", max_size=50),
))
def test_any_query_is_safe(api, text):
    response = api.get("/api/rules/search/", {"q": text})
    if "\x00" in text:  # not text: every query parameter refuses a NUL (api.middleware)
        assert response.status_code == 400 and "q" in response.json()["errors"], response.content
        return
    assert response.status_code == 200, response.content
    assert isinstance(response.json()["results"], list)


def test_a_ten_thousand_character_query(api):
    response = api.get("/api/rules/search/", {"q": "hand limit " * 1000})
    assert response.status_code == 200


def test_bad_parameters_are_400(api):
    assert api.get("/api/rules/search/").status_code == 400
    assert "limit" in api.get("/api/rules/search/", {"q": "x", "limit": 0}).json()["errors"]
    assert api.get("/api/rules/nothing.here/").status_code == 404


def test_backend_matches_the_database():
    from rulesref.backends import backend

    assert backend().vendor == connection.vendor


def test_search_pages(api):
    page = api.get("/rules/", {"q": "hand limit", "game": "aventuria"})
    assert page.status_code == 200 and b"<mark>" in page.content and b"htmx" in page.content
    partial = api.get("/rules/results/", {"q": "hand limit"})
    assert partial.status_code == 200 and b"<html" not in partial.content and b"<ol" in partial.content
    nothing = api.get("/rules/results/", {"q": "enduranzzz"})
    assert b"did you mean" in nothing.content


def test_entry_page_links_see_also_and_citing_rules(api):
    entry = Entry.objects.filter(citations__rule_id="aventuria.R13").first()
    page = api.get(f"/rules/{entry.key}/").content.decode()
    assert entry.title in page.replace("&#x27;", "'") and 'id="aventuria.R13"' in page
    with_links = Entry.objects.exclude(see_also=[]).first()
    page = api.get(f"/rules/{with_links.key}/").content.decode()
    target = Entry.objects.get(key=with_links.see_also[0])
    assert f"/rules/{target.key}/" in page


def test_bare_query_the_benchmark_compares_against():
    from rulesref.backends import backend

    found = backend().bare("hand limit")
    assert found and all(isinstance(pk, int) for pk in found)
    assert backend().bare("") == []


def test_candidate_modes_of_the_backend():
    """"all" needs every word, "titles" a word in the title or tags: the large-corpus path uses them."""
    from rulesref import query as q
    from rulesref.backends import backend

    plan = q.plan("hourglass blessing", q.Vocabulary({}), q.Synonyms([]))
    every = backend().search(plan, "pathfinder", 50, mode="all")
    # stemmed: "blessing" also matches blessings and blessed
    assert every and all("hourglass" in f"{h.title} {h.tags} {h.body}".lower() and
                         "bless" in f"{h.title} {h.tags} {h.body}".lower() for h in every)
    titled = backend().search(plan, "pathfinder", 50, mode="titles")
    assert titled and all(any(w in f"{h.title} {h.tags}".lower() for w in ("hourglass", "bless")) for h in titled)
    anything = backend().search(plan, "pathfinder", 200)
    assert len(anything) >= len(every) and len(anything) >= len(titled)


def test_a_large_corpus_asks_the_cheap_questions_first(monkeypatch):
    monkeypatch.setattr(search, "LARGE_CORPUS", 10)
    first = top("hourglass blessing", n=5, game="pathfinder")
    assert first and "hourglass" in text_of(first[0])


def test_a_synonym_never_fires_on_a_stopword_and_matches_accents_as_typed():
    from rulesref import query as q
    synonyms = q.Synonyms([["an", "adventure number"], ["zurückziehen", "retreat"], ["die", "dice"]])
    vocab = q.Vocabulary({})
    plan = q.plan("can an ally help", vocab, synonyms)
    assert all("adventure number" not in g.alternatives for g in plan.groups)  # "an" is the article
    assert any("an" in g.alternatives for g in q.plan("adventure number of the scenario", vocab, synonyms).groups) is False
    assert any("retreat" in g.alternatives for g in q.plan("darf ich mich zurückziehen", vocab, synonyms).groups)
    assert any("dice" in g.alternatives for g in q.plan("roll the die", vocab, synonyms).groups)  # English die
    assert not any("dice" in g.alternatives for g in q.plan("kann ich die Ausdauer nutzen", vocab, synonyms).groups)


def test_the_game_is_guessed_from_the_words_only_when_it_is_clear(rules_corpus):
    from rulesref import search
    assert search.guess_game("what does the hourglass do when the blessings deck runs out, villain closing") == "pathfinder"
    assert search.guess_game("how do I reroll") is None  # every game rerolls: no guess


def test_a_changed_corpus_is_counted_again_for_the_game_guess(rules_corpus):
    from rulesref import search
    search.guess_game("hourglass blessings villain")
    assert "game_words" in search._state()
    search.index_changed()  # what loading the corpus says
    assert "game_words" not in search._state()


def test_with_no_clear_game_the_likelier_game_is_nudged_up(rules_corpus):
    from rulesref import search
    odds = search.game_odds("what does the hourglass do when the blessings deck runs out")
    assert abs(sum(odds.values()) - 1) < 1e-9 and max(odds, key=odds.get) == "pathfinder"
    assert search.game_odds("the of and") == {}


def test_a_misspelt_synonym_brings_its_group_unless_the_corpus_spells_a_word_nearly_so():
    from rulesref import query as q
    synonyms = q.Synonyms([["lebenspunkte", "life points"], ["effekt", "effect"]])
    plan = q.plan("wie viele lebenspunke", q.Vocabulary({"life": 3, "points": 3}), synonyms)
    assert [g.alternatives for g in plan.groups] == [["lebenspunke", "lebenspunkte", "life points"]]
    assert q.plan("lebenspunkte", q.Vocabulary({}), synonyms).groups[0].corrected is False
    plan = q.plan("lingering efect", q.Vocabulary({"effect": 9, "lingering": 2}), synonyms)
    assert plan.groups[1].alternatives == ["efect", "effect"]  # the corpus's word, not the German group


def test_german_function_words_are_not_searched_for():
    from rulesref import query as q
    plan = q.plan("Wie viele Schergen kommen bei Beginn ins Spiel?", q.Vocabulary({}), q.Synonyms([]))
    assert [g.typed for g in plan.groups] == ["schergen", "kommen", "beginn", "spiel"]
