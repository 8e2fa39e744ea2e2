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
