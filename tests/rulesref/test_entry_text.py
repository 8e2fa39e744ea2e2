"""Entry bodies are wrapped in the YAML for the diff's sake; the page shows sentences and lists."""
from django.utils.html import escape

from rulesref.templatetags.rulestext import paragraphs, unwrap


def test_line_ends_inside_a_paragraph_are_only_the_wrap():
    body = "Yes, but only on a roll that\nFate Points may reroll.\n\nA second paragraph\nstays apart.\n"
    assert paragraphs(body) == ["Yes, but only on a roll that Fate Points may reroll.", "A second paragraph stays apart."]


def test_list_items_stay_items_and_text_is_escaped():
    body = "Steps:\n- draw two\ncards\n- discard\n1. <first>\n"
    assert paragraphs(body) == ["Steps:", "- draw two cards", "- discard", "1. <first>"]
    assert "&lt;first&gt;" in unwrap(body)


def test_an_entry_page_and_its_sheet_show_unwrapped_sentences(client, rules_corpus):
    from rulesref.models import Entry
    entry = Entry.objects.filter(body__contains="\n").exclude(kind="imported").first()
    first_line = entry.body.split("\n")[0]
    for url in (f"/rules/{entry.key}/", f"/rules/{entry.key}/?sheet=1"):
        html = client.get(url).content.decode()
        assert "<br>" not in html.split('class="body"')[1].split("</div>")[0]
        assert first_line.strip() in html
    sheet = client.get(f"/rules/{entry.key}/?sheet=1").content.decode()
    assert "<html" not in sheet and escape(entry.title) in sheet
