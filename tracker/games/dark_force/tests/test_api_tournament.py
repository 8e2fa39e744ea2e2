"""An Essen '96 tournament: duels linked at creation, fed in once over, standings as CSV; deck checks."""
import csv
import io

import pytest
from django.test import RequestFactory

from api.views import export_view
from tracker.errors import BadRequest, ReadOnly
from tracker.games import get_game
from tracker.services import linking, records, sessions

from tests.support.api import post_action as _act

standings_csv = export_view("standings.csv")

pytestmark = pytest.mark.django_db

ENTRANTS = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid"}]
HEADER = ["rank", "name", "points", "games", "wins", "losses", "bh_difference"]


def _create(api, body, expected=201):
    response = api.post("/api/sessions/", body, format="json")
    assert response.status_code == expected, response.json()
    return response.json()


def _duel(api, tournament, players=("Ann", "Ben"), **options):
    return _create(api, {"game": "dark-force", "mode": "duel", "players": [{"name": n} for n in players],
                         "options": {"tournament": tournament["id"], "essen96": True, "first_player": 0, **options}})


def _ben_wins_on_halls(api, duel):
    # Ann's army of Army Size 20 goes to her Boron's Halls: 20 vs 0 ends the game, Ben wins
    result = _act(api, duel, "destroy", player=0, card="Orc Horde", kind="army", value=20)
    assert result["outcome"]["winners"] == [1] and result["outcome"]["reason"] == "borons_halls"
    return duel


@pytest.fixture
def tournament(api):
    return _create(api, {"game": "dark-force", "mode": "tournament", "players": ENTRANTS, "options": {}})


def _record(api, duel, **headers):
    return api.post(f"/api/sessions/{duel['id']}/tournament/", format="json", **headers)


def _csv(response):
    return list(csv.reader(io.StringIO(response.content.decode())))


# ------------------------------------------------------------------ the link

def test_a_tournament_game_is_an_essen_game_carrying_only_the_view_token(api, tournament):
    duel = _duel(api, tournament)
    assert duel["state"]["rules"]["essen96"] is True
    assert duel["state"]["tournament"] == tournament["view_id"]
    assert tournament["id"] not in str(duel["state"])
    loose = _create(api, {"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
                          "options": {"tournament": tournament["id"], "first_player": 0}})
    assert loose["state"]["rules"]["essen96"] is True  # the link alone makes it an Essen '96 game


@pytest.mark.parametrize("options,players,field", [
    ({"tournament": "no-such-tournament"}, ["Ann", "Ben"], "options.tournament"),
    ({"essen96": False}, ["Ann", "Ben"], "options.essen96"),
    ({}, ["Ann", "Zoe"], "players"),
])
def test_bad_links_are_400_naming_the_field(api, tournament, options, players, field):
    body = {"game": "dark-force", "mode": "duel", "players": [{"name": n} for n in players],
            "options": {"tournament": tournament["id"], "essen96": True, **options}}
    response = api.post("/api/sessions/", body, format="json")
    assert response.status_code == 400 and field in response.json()["errors"], response.json()


def test_the_view_token_or_a_duel_is_not_a_tournament(api, tournament):
    for token in (tournament["view_id"], _duel(api, tournament)["id"]):
        body = {"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
                "options": {"tournament": token, "essen96": True}}
        assert api.post("/api/sessions/", body, format="json").status_code == 400


# ------------------------------------------------------------------ recording

def test_a_finished_game_is_recorded_once_with_its_link(api, tournament):
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    first = _record(api, duel)
    assert first.status_code == 201, first.json()
    assert first.json()["tournament"]["id"] == tournament["id"]
    again = _record(api, duel)
    assert again.status_code == 201 and again.json()["version"] == first.json()["version"]
    sheet = api.get(f"/api/sessions/{tournament['id']}/").json()
    assert sheet["version"] == 1
    game = sheet["state"]["games"][0]
    assert game["seats"] == [0, 1] and game["winner"] == 1 and game["points"] == [-20, 20]
    assert game["session"] == duel["view_id"] and game["reason"] == "borons_halls"
    assert [r["name"] for r in sheet["state"]["standings"]] == ["Ben", "Cid", "Ann"]


def test_one_duel_counts_once_whatever_keys_three_phones_send(api, tournament):
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    answers = [_record(api, duel, HTTP_IDEMPOTENCY_KEY="a"), _record(api, duel, HTTP_IDEMPOTENCY_KEY="b"),
               _record(api, duel), api.post(f"/api/sessions/{duel['id']}/record/", format="json")]
    assert [r.status_code for r in answers] == [201] * 4
    assert len({r.json()["version"] for r in answers}) == 1
    assert {r.json()["parent"]["id"] for r in answers} == {tournament["id"]}
    sheet = api.get(f"/api/sessions/{tournament['id']}/").json()
    assert len(sheet["state"]["games"]) == 1 and sheet["version"] == 1
    ann = next(r for r in sheet["state"]["standings"] if r["name"] == "Ann")
    assert ann["games"] == 1
    events = api.get(f"/api/sessions/{tournament['id']}/events/").json()
    assert [e["type"] for e in events] == ["record_game"]


def test_a_record_made_under_another_key_is_found_and_not_made_again(api, tournament):
    # a record made before records were keyed by the child (here: by hand, with the phone's own key)
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    response = api.post(f"/api/sessions/{tournament['id']}/actions/", {"type": "record_game", "params": {
        "players": [0, 1], "winner": 1, "reason": "borons_halls", "bh": [20, 0], "session": duel["view_id"]}},
        format="json", HTTP_IDEMPOTENCY_KEY="phone-1")
    assert response.status_code == 201
    again = _record(api, duel)
    assert again.status_code == 201 and again.json()["version"] == 1  # the first answer, again
    assert len(api.get(f"/api/sessions/{tournament['id']}/").json()["state"]["games"]) == 1


def test_an_undone_record_can_be_recorded_again_once(api, tournament):
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    assert _record(api, duel).status_code == 201
    assert api.post(f"/api/sessions/{tournament['id']}/undo/", format="json").status_code == 200
    assert api.get(f"/api/sessions/{tournament['id']}/").json()["state"]["games"] == []
    again, third = _record(api, duel), _record(api, duel, HTTP_IDEMPOTENCY_KEY="later")
    assert again.status_code == 201 and third.json()["version"] == again.json()["version"]
    assert len(api.get(f"/api/sessions/{tournament['id']}/").json()["state"]["games"]) == 1


def test_the_generic_record_and_export_endpoints_match_their_aliases(api, tournament):
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    body = api.post(f"/api/sessions/{duel['id']}/record/", format="json").json()
    assert body["tournament"] == body["parent"] and body["parent"]["view_id"] == tournament["view_id"]
    generic = api.get(f"/api/sessions/{tournament['id']}/export/standings.csv")
    alias = api.get(f"/api/sessions/{tournament['id']}/standings.csv")
    assert generic.status_code == alias.status_code == 200 and generic.content == alias.content
    assert api.get(f"/api/sessions/{tournament['id']}/export/nothing.csv").status_code == 404
    assert api.get(f"/api/sessions/{duel['id']}/export/standings.csv").status_code == 404
    assert api.post(f"/api/sessions/{duel['id']}/campaign/", format="json").status_code in (400, 404)


def test_seats_follow_the_names_not_the_duel_order(api, tournament):
    duel = _ben_wins_on_halls(api, _duel(api, tournament, players=("Cid", "Ann")))
    assert _record(api, duel).status_code == 201
    game = api.get(f"/api/sessions/{tournament['id']}/").json()["state"]["games"][0]
    assert game["seats"] == [2, 0] and game["winner"] == 0


def test_playing_on_past_the_end_costs_both_twenty(api, tournament):
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    _act(api, duel, "record_play_past_end")
    assert _record(api, duel).status_code == 201
    state = api.get(f"/api/sessions/{tournament['id']}/").json()["state"]
    assert state["games"][0]["points"] == [-20, -20] and state["games"][0]["played_past_end"] is True


def test_the_hour_up_with_equal_halls_waits_for_the_management(api, tournament):
    duel = _duel(api, tournament)
    _act(api, duel, "time_expired")
    response = _record(api, duel)
    assert response.status_code == 201, response.json()
    game = response.json()["state"]["games"][0]
    assert game["time_limit"] is True and game["winner"] is None and game["ruling_needed"] is True


def test_recording_needs_a_finished_linked_game_and_the_edit_link(api, tournament):
    duel = _duel(api, tournament)
    unfinished = _record(api, duel)
    assert unfinished.status_code == 400 and "outcome" in unfinished.json()["errors"]
    assert _record(api, {"id": duel["view_id"]}).status_code == 403
    loose = _create(api, {"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
                          "options": {"first_player": 0}})
    assert _record(api, loose).status_code == 400
    assert _record(api, {"id": "nothing-here"}).status_code == 404


def test_an_excluded_player_is_refused_by_the_tournament(api, tournament):
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    _act(api, tournament, "exclude_player", player=0, reason="left the hall")
    response = _record(api, duel)
    assert response.status_code == 422
    assert "dark-force.H51" in [v["rule"] for v in response.json()["violations"]]
    body = {"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
            "options": {"tournament": tournament["id"], "essen96": True}}
    assert api.post("/api/sessions/", body, format="json").status_code == 400


def test_the_tournament_functions_directly(api, tournament):
    game = get_game("dark-force")
    players, engine, stored, check = linking.prepare(
        game, "duel", [{"name": "ben"}, {"name": "Cid"}], {"tournament": tournament["id"]})
    assert engine == {"tournament": tournament["view_id"], "essen96": True}
    assert stored == {"tournament": tournament["id"], "essen96": True} and check({}) is None
    untouched = {"deck_size": 60}
    assert linking.prepare(game, "duel", [], untouched)[1] is untouched
    with pytest.raises(BadRequest):
        linking.prepare(game, "duel", [{"name": "Zoe"}, {"name": "Ann"}], {"tournament": tournament["id"]})
    duel = sessions.session_create(game="dark-force", mode="duel", players=[{"name": "Ann"}, {"name": "Cid"}],
                                   options={"tournament": tournament["id"], "first_player": 1})
    sessions.session_action_apply(token=duel.pk, type="destroy",
                                  params={"player": 1, "card": "Wolf", "kind": "creature", "value": 25})
    target, link, written = records.record(token=duel.pk)
    assert target.pk == tournament["id"] and link == "tournament" and written.status == 201
    assert written.body["state"]["games"][0]["points"] == [25, -25]
    target.refresh_from_db()
    assert [r["name"] for r in linking.export_of(target, "standings.csv").rows(target.state)][0] == "Ann"
    with pytest.raises(ReadOnly):
        records.record(token=duel.view_id)


# ------------------------------------------------------------------ standings CSV

def test_standings_csv_directly():
    factory = RequestFactory()
    t = sessions.session_create(game="dark-force", mode="tournament", players=ENTRANTS + [{"name": "=cmd()"}],
                                options={})
    sessions.session_action_apply(token=t.pk, type="record_game", params={
        "players": [0, 1], "winner": 1, "reason": "borons_halls", "bh": [21, 12]})
    sessions.session_action_apply(token=t.pk, type="exclude_player", params={"player": 2})
    for token in (t.pk, t.view_id):
        response = standings_csv(factory.get("/"), token)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
        rows = _csv(response)
        assert rows[0] == HEADER
        assert rows[1] == ["1", "Ben", "9", "1", "1", "0", "9"]
        assert rows[2] == ["2", "'=cmd()", "0", "0", "0", "0", "0"]
        assert rows[-1] == ["", "Cid", "0", "0", "0", "0", "0"]
    assert standings_csv(factory.get("/"), "nothing").status_code == 404
    duel = sessions.session_create(game="dark-force", mode="duel", players=ENTRANTS[:2], options={})
    assert standings_csv(factory.get("/"), duel.pk).status_code == 404
    assert standings_csv(factory.post("/"), t.pk).status_code == 405


def test_standings_csv_url(api, tournament):
    _act(api, tournament, "record_game", players=[2, 0], winner=2, reason="conquest", bh=[0, 3])
    response = api.get(f"/api/sessions/{tournament['view_id']}/standings.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert _csv(response)[:2] == [HEADER, ["1", "Cid", "10", "1", "1", "0", "3"]]
    assert api.get("/api/sessions/nothing/standings.csv").status_code == 404


# ------------------------------------------------------------------ deck checks

def test_deck_validation_over_the_api(api):
    body = {"game": "dark-force", "essen96": True, "cards": [
        {"name": "Mountain", "type": "terrain", "count": 11}, {"name": "Mercenaries", "type": "army", "count": 5},
        {"name": "Fireball", "type": "spell", "count": 3}]}
    response = api.post("/api/decks/validate/", body, format="json")
    assert response.status_code == 200, response.json()
    report = response.json()
    assert report["valid"] is False
    assert sorted(v["rule"] for v in report["violations"]) == ["dark-force.R2", "dark-force.R2"]
    assert [r["rule"] for r in report["reminders"]] == ["dark-force.R1"]
    bad = api.post("/api/decks/validate/", {"game": "dark-force", "cards": [{"name": "A", "type": "x"}]},
                   format="json")
    assert bad.status_code == 400 and "cards.0.type" in bad.json()["errors"]
    size_only = api.post("/api/decks/validate/", {"game": "dark-force", "essen96": True, "size": 151}, format="json")
    assert [v["rule"] for v in size_only.json()["violations"]] == ["dark-force.R1"]


@pytest.mark.django_db(transaction=True)
def test_phones_recording_one_duel_at_the_same_moment_count_it_once():
    import threading

    from django.db import connection
    from rest_framework.test import APIClient

    api = APIClient()
    tournament = _create(api, {"game": "dark-force", "mode": "tournament", "players": ENTRANTS, "options": {}})
    duel = _ben_wins_on_halls(api, _duel(api, tournament))
    start, answers = threading.Barrier(4), []

    def phone(key):
        try:
            start.wait()
            headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
            r = APIClient().post(f"/api/sessions/{duel['id']}/tournament/", format="json", **headers)
            answers.append((r.status_code, r.json()["version"]))
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(k,)) for k in ("a", "b", None, "c")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers and [s for s, _ in answers] == [201] * 4 and {v for _, v in answers} == {1}
    assert [e["type"] for e in api.get(f"/api/sessions/{tournament['id']}/events/").json()] == ["record_game"]
