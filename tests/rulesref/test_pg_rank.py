"""PostgreSQL's candidates scored by bm25 as FTS5 scores SQLite's (rulesref.backends.pg_rank)."""
import pytest
from django.db import connection

from rulesref.backends import pg_rank
from rulesref.backends.pg_rank import Phrase


def test_a_stemmed_phrase_is_read_with_its_gaps():
    assert pg_rank.parse_query("'pass' <-> 'item'") == Phrase(("pass", "item"), (1,))
    assert pg_rank.parse_query("'boron' <2> 'hall'") == Phrase(("boron", "hall"), (2,))
    assert pg_rank.parse_query("'it''s'") == Phrase(("it's",))
    assert pg_rank.parse_query("") is None  # a phrase of stopwords stems to nothing


def test_a_vector_keeps_each_position_and_its_field():
    vector = pg_rank.parse_vector("'card':4B,11C,22 'dwarf':1A,16 'it''s':3")
    assert vector["card"] == [(4, "B"), (11, "C"), (22, "D")]
    assert vector["dwarf"] == [(1, "A"), (16, "D")]
    assert vector["it's"] == [(3, "D")]


def test_a_phrase_counts_only_where_its_words_follow_each_other():
    vector = pg_rank.parse_vector("'trade':1A,9 'item':2A,20 'hall':12")
    assert pg_rank.frequency(Phrase(("trade", "item"), (1,)), vector) == pg_rank.WEIGHTS["A"]  # 9 -> 20 is no phrase
    assert pg_rank.frequency(Phrase(("trade",)), vector) == pg_rank.WEIGHTS["A"] + pg_rank.WEIGHTS["D"]
    assert pg_rank.frequency(Phrase(("tra",), prefix=True), vector) == pg_rank.WEIGHTS["A"] + pg_rank.WEIGHTS["D"]
    assert pg_rank.frequency(Phrase(("item", "hall"), (1,)), vector) == 0


def test_a_rare_word_weighs_more_than_a_common_one_and_a_short_entry_more_than_a_long_one():
    vector = "'avenge':3 'card':5"
    avenge, card = (pg_rank.phrase_frequency(Phrase((word,)), vector) for word in ("avenge", "card"))
    only_rare = pg_rank.bm25([(avenge, 5)], 100, 100, 1000)
    only_common = pg_rank.bm25([(card, 800)], 100, 100, 1000)
    assert only_rare > only_common > 0  # ts_rank would score them alike
    assert pg_rank.bm25([(avenge, 5)], 50, 100, 1000) > only_rare
    assert pg_rank.bm25([(pg_rank.phrase_frequency(Phrase(("avenge",)), "'card':5"), 5)], 100, 100, 1000) == 0


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's text search configuration")
@pytest.mark.django_db
def test_postgresql_keeps_the_words_rules_turn_on_and_folds_accents():
    from rulesref.backends.postgres import CONFIG
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT to_tsvector('{CONFIG}', %s)::text", ["no more before zurückziehen"])
        stored = cursor.fetchone()[0]
    for lexeme in ("'no'", "'more'", "'befor'", "'zuruckziehen'"):
        assert lexeme in stored


def test_a_word_is_counted_the_same_on_the_text_as_on_the_parsed_vector():
    text = "'avenge':3,7A 'card':4B,11C,22 'discard':5 'it''s':9 'ss''card':2"
    for lexeme in ("card", "avenge", "discard", "it's", "missing"):
        parsed = pg_rank.frequency(Phrase((lexeme,)), pg_rank.parse_vector(text))
        assert pg_rank.phrase_frequency(Phrase((lexeme,)), text) == parsed
        assert pg_rank.phrase_frequency(Phrase((lexeme,)), text + " ") == parsed


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's vacuum")
@pytest.mark.django_db(transaction=True)
def test_a_rebuilt_index_is_vacuumed_outside_a_transaction_and_analysed_inside_one():
    from django.db import transaction

    from rulesref.backends import backend
    from rulesref.tasks import rebuild_search_index
    rebuild_search_index()  # autocommit: VACUUM ANALYZE, which a transaction block would refuse
    with transaction.atomic():
        backend().tidy()  # ANALYZE only
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_vacuum IS NOT NULL, last_analyze IS NOT NULL FROM pg_stat_user_tables "
                       "WHERE relname = 'rulesref_entry'")
        assert cursor.fetchone() == (True, True)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's row counts")
def test_a_phrase_is_counted_on_a_small_corpus_and_takes_its_rarest_word_on_a_large_one(rules_corpus, monkeypatch):
    from rulesref.backends import postgres
    postgres.PostgresBackend.forget()
    phrase, word = Phrase(("hand", "size"), (1,)), Phrase(("hand",))
    exact = postgres._row_counts([phrase, word])
    documents = postgres._stats["documents"]
    assert exact[word.text] == documents["hand"]
    assert 0 < exact[phrase.text] <= min(documents["hand"], documents["size"])
    monkeypatch.setattr(postgres, "EXACT_UP_TO", 0)
    assert postgres._row_counts([phrase])[phrase.text] == min(documents["hand"], documents["size"])
