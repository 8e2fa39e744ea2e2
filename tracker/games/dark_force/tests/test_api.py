"""Dark Force's core vocabulary over HTTP, exactly as API.md writes it (runs on SQLite and PostgreSQL)."""
import pytest

pytestmark = pytest.mark.django_db

CREATE = {"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
          "options": {"deck_size": 60}}


@pytest.fixture
def duel(api):
    response = api.post("/api/sessions/", CREATE, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def destroy(api, duel, **params):
    return api.post(f"/api/sessions/{duel['id']}/actions/", {"type": "destroy", "params": params}, format="json")


def test_create_shows_both_borons_halls(duel):
    assert [p["borons_halls"]["points"] for p in duel["state"]["players"]] == [0, 0]
    assert duel["state"]["bh_target"] == 20 and duel["outcome"] is None


def test_destroyed_units_score_their_third_value_and_hash_counts_one(api, duel):
    first = destroy(api, duel, player=0, card="Marus", kind="army", value=3)
    assert first.status_code == 201
    hashed = destroy(api, duel, player=1, card="Wolf", kind="creature", value="#")
    assert hashed.status_code == 201
    assert [p["borons_halls"]["points"] for p in hashed.json()["state"]["players"]] == [3, 1]


def test_the_game_ends_on_borons_halls_and_the_fewer_points_win(api, duel):
    destroy(api, duel, player=1, card="Mercenary", kind="hero", value=15)
    last = destroy(api, duel, player=0, card="Noble", kind="hero", value=20).json()
    assert last["outcome"]["result"] == "won" and last["outcome"]["winners"] == [1]
    after = destroy(api, duel, player=0, card="Elf", kind="hero", value=1)
    assert after.status_code == 422 and after.json()["violations"][0]["rule"] == "dark-force.R103"
    undo = api.post(f"/api/sessions/{duel['id']}/undo/", format="json").json()
    assert undo["outcome"] is None and undo["state"]["players"][0]["borons_halls"]["points"] == 0


def test_bad_destroy_params_are_a_400_naming_the_field(api, duel):
    response = destroy(api, duel, player=0, card="Marus", kind="ship", value=3)
    assert response.status_code == 400 and "params.kind" in response.json()["errors"]
    response = destroy(api, duel, player=2, card="Marus", kind="army", value=3)
    assert response.status_code == 400 and "params.player" in response.json()["errors"]


def test_a_look_at_a_stack_cannot_be_undone_but_what_came_before_it_can(api, db):
    """inspect_stack is not undoable (what was seen stays seen): undo refuses it with 409 and changes
    nothing; the terrain played before it is still taken back once the look is not the newest entry."""
    def post(path, body=None, expected=201):
        response = api.post(f"/api/sessions/{duel['id']}/{path}/", body or {}, format="json")
        assert response.status_code == expected, response.content
        return response.json()

    body = {"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
            "options": {"deck_size": 60, "first_player": 0}}
    duel = api.post("/api/sessions/", body, format="json").json()
    post("actions", {"type": "choose_draws", "params": {"player": 0, "count": 0}})
    post("actions", {"type": "next_step", "params": {"player": 0}})
    played = post("actions", {"type": "play_terrain", "params": {
        "player": 0, "name": "Swamp", "type": "Swamp", "values": {"cap": 3},
        "unit": {"kind": "army", "name": "Veterans", "values": {"cs": 2, "ms": 0, "third": 1}}}})
    terrain = played["state"]["terrains"][0]["id"]
    looked = post("actions", {"type": "inspect_stack", "params": {"player": 0, "terrain": terrain}})

    refused = post("undo", expected=409)
    assert "can't be undone" in refused["detail"] and refused["version"] == looked["version"]
    after = api.get(f"/api/sessions/{duel['id']}/").json()
    assert after["version"] == looked["version"] and after["state"] == looked["state"]
    assert [e["undone"] for e in api.get(f"/api/sessions/{duel['id']}/events/").json()] == [False] * 4

    # the neighbour: a table that played a terrain and took no look can take the terrain back
    other = api.post("/api/sessions/", body, format="json").json()
    for action in ({"type": "choose_draws", "params": {"player": 0, "count": 0}},
                   {"type": "next_step", "params": {"player": 0}}):
        assert api.post(f"/api/sessions/{other['id']}/actions/", action, format="json").status_code == 201
    api.post(f"/api/sessions/{other['id']}/actions/", {"type": "play_terrain", "params": {
        "player": 0, "name": "Swamp", "type": "Swamp", "values": {"cap": 3},
        "unit": {"kind": "army", "name": "Veterans", "values": {"cs": 2, "ms": 0, "third": 1}}}}, format="json")
    undone = api.post(f"/api/sessions/{other['id']}/undo/", {}, format="json")
    assert undone.status_code == 200 and undone.json()["state"]["terrains"] == []


def test_decks_set_per_player_give_the_graduated_target_or_a_400_naming_the_deck(api):
    players = [{"name": "Ann", "deck_size": 90}, {"name": "Ben", "deck_size": 90}]
    body = {**CREATE, "players": players, "options": {"graduated_target": True}}
    made = api.post("/api/sessions/", body, format="json")
    assert made.status_code == 201 and made.json()["state"]["bh_target"] == 30
    players[1]["deck_size"] = 85
    refused = api.post("/api/sessions/", body, format="json")
    assert refused.status_code == 400
    assert "not 85" in refused.json()["errors"]["players.1.deck_size"][0]
