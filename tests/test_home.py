"""The home page a newcomer starts from: heroes from a list, values nested where the game keeps them,
what was typed kept after a refusal, the demos to try, and `make run`'s links on its own port."""
from io import StringIO

from django.core.management import call_command

from tracker.models import Session


def post(client, **fields):
    data = {"game": "aventuria", "mode": "duel", "name": ["Ann", "Ben", "", ""], **fields}
    return client.post("/", data)


def test_heroes_are_offered_as_a_list_and_typed_values_are_nested(client, db):
    html = client.get("/").content.decode()
    assert '<select name="aventuria:hero" aria-label="Hero of player 1">' in html and ">Arbosh (Dwarf Blacksmith)</option>" in html
    response = post(client, **{"aventuria:hero": ["DB", "TM", "", ""], "aventuria:attributes.dodge": ["", "9", "", ""],
                               "aventuria:attributes.magic": ["-", "", "", ""]})
    assert response.status_code == 302
    ann, ben = Session.objects.get().state["players"]
    assert ann["attributes"]["close_combat"] == 14  # the one value the rulebook prints is filled in
    assert ann["attributes"]["magic"] == "-" and ben["attributes"]["dodge"] == 9 and ben["attributes"]["close_combat"] is None


def test_a_free_text_hero_is_refused_with_the_list_and_the_names_stay(client, db):
    response = post(client, hero=["Dwarf", "TM", "", ""])
    assert response.status_code == 400 and not Session.objects.exists()
    html = response.content.decode()
    assert "unknown hero &#x27;Dwarf&#x27;; choose one of DB (Arbosh (Dwarf Blacksmith))" in html
    assert 'value="Ann"' in html and 'value="Ben"' in html  # nothing typed is lost


def test_a_hero_named_by_its_first_name_or_profession_is_taken(client, db):
    assert post(client, hero=["arbosh", "Tulamydian Mage", "", ""]).status_code == 302
    assert [p["hero"] for p in Session.objects.get().state["players"]] == ["DB", "TM"]


def test_the_demos_are_listed_and_each_tap_starts_a_fresh_copy(client, db):
    html = client.get("/").content.decode()
    assert 'data-testid="demo-aventuria-0"' in html and 'data-testid="demo-pathfinder-0"' in html
    assert 'data-testid="demo-dark-force-0"' in html
    first, second = client.post("/demo/aventuria/0/"), client.post("/demo/aventuria/0/")
    assert first.status_code == second.status_code == 302 and first["Location"] != second["Location"]
    session = Session.objects.get(pk=first["Location"].split("/")[2])
    assert session.version > 0  # played in, as the demo says
    assert client.post("/demo/aventuria/99/").status_code == 404
    assert client.post("/demo/nogame/0/").status_code == 404
    assert client.get("/demo/aventuria/0/").status_code == 302  # a GET starts nothing
    assert Session.objects.count() == 2


def test_load_demo_prints_links_on_the_port_it_is_told(db):
    out = StringIO()
    call_command("load_demo", "--base", "http://127.0.0.1:8765", stdout=out)
    text = out.getvalue()
    assert "http://127.0.0.1:8765/t/" in text and "127.0.0.1:8000" not in text
    assert "Tablekeeper: http://127.0.0.1:8765/" in text


def test_setup_options_have_labels_and_help_from_their_schema(client, db):
    html = client.get("/").content.decode()
    assert "Who takes the first turn; leave it out to roll for it at the table" in html
    assert "Starting player" in html and ">Roll for it at the table<" in html
