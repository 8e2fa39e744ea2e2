"""GET /api/sessions/{id}/cards/: the names a table's scope knows, for autocomplete, with either link."""
import pytest


def test_the_known_cards_of_the_table_by_part_of_the_name(api, new, play):
    table = new()
    play(table, card="Goblin Raider", cost=3, pile={"name": "Swamp", "size": 4})
    play(table, card="Hobgoblin", cost=2)
    response = api.get(f"/api/sessions/{table['id']}/cards/", {"q": "gob"})
    assert response.status_code == 200
    body = response.json()
    assert [(c["name"], c["kind"], c["facts"]) for c in body] == [
        ("Goblin Raider", "card", {"cost": 3, "fast": False}), ("Hobgoblin", "card", {"cost": 2, "fast": False})]
    assert body[0]["updated"].endswith("Z")
    assert "no-cache" in response["Cache-Control"]
    piles = api.get(f"/api/sessions/{table['id']}/cards/", {"kind": "pile"}).json()
    assert [(c["name"], c["facts"]) for c in piles] == [("Swamp", {"size": 4})]
    assert api.get(f"/api/sessions/{table['id']}/cards/", {"q": "dragon"}).json() == []


@pytest.mark.parametrize("query, field, message", [
    ({"q": "x" * 101}, "q", "at most 100 characters"),
    ({"q": "Gob\x07lin"}, "q", "no control characters"),
    ({"kind": "dragon"}, "kind", "one of card, pile"),
])
def test_a_bad_query_is_a_400_naming_the_field(api, new, query, field, message):
    response = api.get(f"/api/sessions/{new()['id']}/cards/", query)
    assert response.status_code == 400
    assert response.json()["errors"] == {field: [message]}


def test_an_unknown_session_is_a_404(api, db):
    response = api.get("/api/sessions/no-such-session/cards/")
    assert response.status_code == 404 and response.json()["detail"] == "No session with this id."


def test_a_view_link_reads_its_own_scope_and_no_other(new, play, known):
    league = new(mode="league")
    ours, sibling, stranger = new(league=league["id"]), new(league=league["id"]), new()
    play(ours, card="Goblin Raider", cost=3)
    play(stranger, card="Ghoul", cost=5)
    assert known(ours, token=ours["view_id"]) == {("card", "Goblin Raider"): {"cost": 3, "fast": False}}
    assert known(sibling, token=sibling["view_id"]) == known(ours, token=ours["view_id"])
    assert known(stranger, token=stranger["view_id"]) == {("card", "Ghoul"): {"cost": 5, "fast": False}}


def test_the_endpoint_is_in_the_openapi_document(api, db):
    operation = api.get("/api/schema/").json()["paths"]["/api/sessions/{token}/cards/"]["get"]
    assert {p["name"] for p in operation["parameters"]} == {"token", "q", "kind"}
    assert set(operation["responses"]) == {"200", "400", "404"}
