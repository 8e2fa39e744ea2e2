"""Importing a user's own rulebook: split by headings, indexed by a Celery task, errors change nothing."""
import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.core.files.uploadedfile import SimpleUploadedFile

from rulesref import importer, search, services
from rulesref.models import Entry, Term

MARKDOWN = """# Quickstart Rules

Intro text for the house rules.

## Zorbling Phase

During the zorbling phase every player flips one frobnicator card.

## Winning

The first player with ten glimmers wins.
"""

PLAIN = """House Rules

1 Setup
Shuffle the quintessence deck and deal three cards.

1.1 Mulligans
Each player may swap their whole hand once.

Scoring
Count glimmers at the end of the round.
"""


def test_split_markdown_and_plain_text_by_headings():
    parts = importer.split(MARKDOWN)
    assert [p.path for p in parts] == [["Quickstart Rules"], ["Quickstart Rules", "Zorbling Phase"], ["Quickstart Rules", "Winning"]]
    plain = importer.split(PLAIN)
    assert [p.path[-1] for p in plain] == ["1 Setup", "1.1 Mulligans", "Scoring"]
    assert plain[1].path == ["House Rules", "1 Setup", "1.1 Mulligans"]


@pytest.mark.django_db(transaction=True)
def test_import_command_indexes_and_reimport_replaces(tmp_path, rules_corpus):
    book = tmp_path / "house.md"
    book.write_text(MARKDOWN)
    call_command("import_rulebook", "--game", "aventuria", str(book))
    # wait for the index task (a real worker when REDIS_URL is set), started again here to hold its result
    services.rulebook_import(game="aventuria", data=book.read_bytes()).indexing.get(timeout=60)
    imported = Entry.objects.filter(game="aventuria", kind="imported")
    assert imported.count() == 3 and imported.get(title="Zorbling Phase").section == "Quickstart Rules > Zorbling Phase"
    # indexed: found by a word, and by a misspelling of it (the task rebuilt the vocabulary)
    assert search.search("frobnicator", game="aventuria").results[0].title == "Zorbling Phase"
    assert search.search("frobnicatr", game="aventuria").results[0].title == "Zorbling Phase"
    book.write_text(PLAIN)
    services.rulebook_import(game="aventuria", data=book.read_bytes()).indexing.get(timeout=60)
    assert sorted(Entry.objects.filter(game="aventuria", kind="imported").values_list("title", flat=True)) == [
        "1 Setup", "1.1 Mulligans", "Scoring"]
    assert search.search("frobnicator", game="aventuria").results == []
    assert Entry.objects.exclude(kind="imported").count() > 100  # our own corpus is untouched


@pytest.mark.parametrize("content,message", [
    (b"", "empty"),
    (b"   \n\n ", "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    (b"just one long paragraph without any heading at all, ending in a full stop.", "No headings"),
    ("Überschrift\nText".encode("latin-1"), "UTF-8"),
])
def test_bad_files_are_refused_and_change_nothing(tmp_path, rules_corpus, content, message):
    services.rulebook_import(game="aventuria", data=MARKDOWN.encode())
    before = list(Entry.objects.filter(kind="imported").values_list("key", flat=True))
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        call_command("import_rulebook", "--game", "aventuria", str(path))
    assert list(Entry.objects.filter(kind="imported").values_list("key", flat=True)) == before


def test_oversized_file_and_unknown_game(tmp_path, rules_corpus):
    big = tmp_path / "big.txt"
    big.write_bytes(b"# H\n" + b"x" * (5 * 1024 * 1024 + 1))
    with pytest.raises(CommandError, match="5 MB"):
        call_command("import_rulebook", "--game", "aventuria", str(big))
    ok = tmp_path / "ok.md"
    ok.write_text(MARKDOWN)
    with pytest.raises(CommandError, match="Unknown game"):
        call_command("import_rulebook", "--game", "chess", str(ok))
    assert not Entry.objects.filter(kind="imported").exists()


def test_admin_upload_form(client, rules_corpus):
    User.objects.create_superuser("admin", "admin@example.org", "pw")
    client.login(username="admin", password="pw")
    url = "/admin/rulesref/entry/import/"
    assert client.get(url).status_code == 200
    bad = client.post(url, {"game": "aventuria", "file": SimpleUploadedFile("x.bin", b"\x00\x01\x02")})
    assert bad.status_code == 200 and b"binary" in bad.content
    good = client.post(url, {"game": "aventuria", "file": SimpleUploadedFile("house.md", MARKDOWN.encode())})
    assert good.status_code == 302
    assert Entry.objects.filter(game="aventuria", kind="imported").count() == 3


@pytest.mark.django_db(transaction=True)
def test_an_entry_edited_in_the_admin_is_counted_again(client, django_user_model, rules_corpus):
    # committed for real: with REDIS_URL set the recount runs in a Celery worker, another process
    import time

    from django.core.cache import cache

    from rulesref.search import VERSION_KEY
    admin = django_user_model.objects.create_superuser("ed", "ed@example.com", "pw-long-enough-1")
    client.force_login(admin)
    entry = Entry.objects.exclude(kind="imported").order_by("pk").first()
    before = cache.get(VERSION_KEY)
    form = {"key": entry.key, "game": entry.game, "kind": entry.kind, "title": entry.title, "section": entry.section,
            "body": entry.body + " Zanzibarian.", "tags": entry.tags, "position": entry.position,
            "see_also": "[]", "citations-TOTAL_FORMS": 0, "citations-INITIAL_FORMS": 0}
    response = client.post(f"/admin/rulesref/entry/{entry.pk}/change/", form)
    assert response.status_code == 302, response.content[:2000]
    deadline = time.monotonic() + 60
    while not Term.objects.filter(word="zanzibarian").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert Term.objects.filter(word="zanzibarian").exists()
    while cache.get(VERSION_KEY) == before and time.monotonic() < deadline:
        time.sleep(0.2)
    assert cache.get(VERSION_KEY) != before
