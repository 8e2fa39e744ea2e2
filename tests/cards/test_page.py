"""The table page lists the names its scope knows, one list per sort of card, each with its facts, for
static/js/cards.js to offer in the forms; a view-only page and a stranger's page list none of them."""
import json
import re

from django.test import Client

from tracker.models import CardFact


def _lists(html: str) -> dict:
    """{list id: {name: facts}} of the page's card lists."""
    out = {}
    for list_id, body in re.findall(r'<datalist id="([^"]+)"[^>]*>(.*?)</datalist>', html, re.S):
        out[list_id] = {name: json.loads(facts.replace("&quot;", '"'))
                        for name, facts in re.findall(r'<option value="([^"]*)" data-facts="([^"]*)">', body)}
    return out


def _config(html: str) -> dict:
    found = re.search(r'data-cards data-game="([^"]+)" data-forms="([^"]+)"', html)
    return {"game": found.group(1), "forms": json.loads(found.group(2).replace("&quot;", '"'))}


def test_the_page_lists_the_known_names_with_their_facts_and_says_which_field_names_which_card(new, play):
    table = new()
    play(table, card="Goblin Raider", cost=3, pile={"name": "Swamp", "size": 4})
    html = Client().get(f"/t/{table['id']}/").content.decode()
    assert _lists(html) == {"tk-cards-card": {"Goblin Raider": {"cost": 3, "fast": False}},
                            "tk-cards-pile": {"Swamp": {"size": 4}}}
    config = _config(html)
    assert config["game"] == "tally"
    assert config["forms"]["play"] == [
        {"name": "card", "list": "tk-cards-card", "facts": ["cost", "fast"], "flags": ["fast"]},
        {"name": "pile.name", "list": "tk-cards-pile", "facts": ["size"]}]
    assert config["forms"]["hide"] == [{"name": "card", "list": "tk-cards-card", "facts": ["cost"], "private": True}]
    assert config["forms"]["check"][0]["current"] == "Goblin Raider"  # the card a check is against now
    assert re.search(r'<form class="action-form" data-action="play".*?<input name="card"', html, re.S)
    assert "js/cards.js" in html


def test_the_live_part_brings_the_names_other_phones_typed(new, play):
    table = new()
    phone = Client()
    assert _lists(phone.get(f"/t/{table['id']}/state/").content.decode())["tk-cards-card"] == {}
    play(table, card="Ghoul", cost=1)  # typed on another phone
    assert set(_lists(phone.get(f"/t/{table['id']}/state/").content.decode())["tk-cards-card"]) == {"Ghoul"}


def test_a_view_only_page_and_a_strangers_page_list_none_of_our_cards(new, play):
    ours, stranger = new(), new()
    play(ours, card="Goblin Raider", cost=3)
    watching = Client().get(f"/t/{ours['view_id']}/").content.decode()
    assert "data-cards" not in watching and "<datalist" not in watching and "js/cards.js" not in watching
    theirs = Client().get(f"/t/{stranger['id']}/").content.decode()
    assert _lists(theirs) == {"tk-cards-card": {}, "tk-cards-pile": {}} and "Goblin Raider" not in theirs


def test_a_league_page_whose_mode_names_no_card_lists_nothing(new):
    league = new(mode="league")
    html = Client().get(f"/t/{league['id']}/").content.decode()
    assert "data-cards" not in html and "js/cards.js" not in html


def test_an_operator_finds_a_misspelt_card_in_the_admin_and_deletes_it(new, play, admin_client):
    table = new()
    play(table, card="Gobiln Raider", cost=3)
    listed = admin_client.get("/admin/tracker/cardfact/", {"q": "gobiln"})
    assert listed.status_code == 200 and "Gobiln Raider" in listed.content.decode()
    row = CardFact.objects.get()
    assert admin_client.post(f"/admin/tracker/cardfact/{row.pk}/delete/", {"post": "yes"}).status_code == 302
    assert _lists(Client().get(f"/t/{table['id']}/").content.decode())["tk-cards-card"] == {}
