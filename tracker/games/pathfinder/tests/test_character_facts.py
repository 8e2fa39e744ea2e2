"""Character facts: what the rulebook gives is shipped, the rest is typed at setup (issue 11: no card
data is shipped that the rulebooks do not give) [Draw Starting Hands; Example: Deck Lists; Deck
Suggestions; Example of Play > Setting Up].

Each refusal test shows the refusal (the 400's field, or the rule id) and the accepted neighbour.
"""
from __future__ import annotations

import pytest

from tracker.engine import Action, decide, initial_state
from tracker.engine.errors import ParamError, SetupError
from tracker.models import Session

from ..data import BOON_TYPES, CHARACTERS, deck_total
from ..links import prepare
from .helpers import GAME, new, ok, refused

pytestmark = pytest.mark.django_db

VALEROS = {"name": "Ann", "character": "Valeros"}  # nothing typed


def setup_errors(players, mode="scenario", **options) -> dict:
    with pytest.raises(SetupError) as err:
        initial_state(GAME, mode, players, {"hourglass": 30, **options})
    return err.value.errors


def test_the_rulebook_gives_three_hand_sizes_and_favored_cards_and_every_deck_list():
    given = {name: (data.get("hand_size"), data.get("favored")) for name, data in CHARACTERS.items()
             if "hand_size" in data or "favored" in data}
    assert given == {"Amiri": (4, "weapon"), "Sajan": (5, "blessing"), "Lem": (6, "any")}
    # every Deck Suggestions row counts 15 cards by type; Amiri's is the Example: Deck Lists one
    assert all(deck_total(data["deck_list"]) == 15 for data in CHARACTERS.values())
    assert CHARACTERS["Amiri"]["deck_list"] == dict(zip(BOON_TYPES, (4, 0, 2, 3, 2, 4)))
    assert not any("traits" in data for data in CHARACTERS.values())


def test_a_hand_size_the_rulebook_lacks_is_a_400_naming_the_field():
    errors = setup_errors([VALEROS, {"name": "Ben", "character": "Amiri"}])
    assert errors == {"players.0.hand_size": [
        "Valeros's hand size is not in the rulebook: type it from the character card"]}
    s = new([{**VALEROS, "hand_size": 4}, {"name": "Ben", "character": "Amiri"}])
    assert [(p["hand_size"], p["hand_count"]) for p in s["players"]] == [(4, 4), (4, 4)]
    # a typed hand size is still checked; the rulebook's can be overridden from the card
    assert "players.0.hand_size" in setup_errors([{**VALEROS, "hand_size": 0}])
    assert new([{"name": "Sam", "character": "sajan", "hand_size": 6}])["players"][0]["hand_size"] == 6


def test_another_sets_character_needs_its_hand_size_too():
    runelords = {"name": "Ann", "character": "Ezren (RotR)", "deck_list": {"spell": 15}}
    errors = setup_errors([runelords])
    assert errors == {"players.0.hand_size": [
        "Ezren (RotR)'s hand size is not in the rulebook: type it from the character card"]}
    assert new([{**runelords, "hand_size": 6}])["players"][0]["deck_count"] == 9
    # an unknown character without a deck list is refused for that alone
    assert set(setup_errors([{"name": "Ann", "character": "Nobody"}])) == {"players.0.character"}


def test_the_api_refuses_a_missing_hand_size_naming_the_field(api, db):
    body = {"game": "pathfinder", "mode": "scenario", "players": [VALEROS], "options": {}}
    response = api.post("/api/sessions/", body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "players.0.hand_size": ["Valeros's hand size is not in the rulebook: type it from the character card"]}
    typed = {**body, "players": [{**VALEROS, "hand_size": 4}]}
    assert api.post("/api/sessions/", typed, format="json").status_code == 201


def test_an_untyped_favored_card_is_chosen_at_the_table_r73():
    s = new([{**VALEROS, "hand_size": 4}])
    assert s["players"][0]["favored"] is None
    result = decide(GAME, s, Action("draw_starting_hand", {"player": 0}))
    assert [(v.rule_id, v.message) for v in result.violations] == [(
        "pathfinder.R73",
        "Valeros's favored card type is not in the rulebook: choose it from the character card before drawing.")]
    chosen = ok(s, "choose_favored", player=0, card_type="weapon")
    assert chosen["players"][0]["favored_choice"] == "weapon"
    assert ok(chosen, "draw_starting_hand", player=0)["players"][0]["hand_drawn"]
    # typed at setup, it is fixed like the rulebook's: no other type, and no choice needed to draw
    typed = new([{**VALEROS, "hand_size": 4, "favored": "weapon"}])
    assert "pathfinder.R73" in refused(typed, "choose_favored", {"player": 0, "card_type": "spell"})
    ok(typed, "draw_starting_hand", player=0)
    amiri = new([{"name": "Alice", "character": "Amiri"}])
    assert "pathfinder.R73" in refused(amiri, "choose_favored", {"player": 0, "card_type": "spell"})
    ok(amiri, "draw_starting_hand", player=0)


def test_a_campaign_asks_the_same_and_hands_it_to_its_scenarios():
    errors = setup_errors([VALEROS], mode="campaign")
    assert errors == {"players.0.hand_size": [
        "Valeros's hand size is not in the rulebook: type it from the character card"]}
    campaign = initial_state(GAME, "campaign", [{**VALEROS, "hand_size": 4, "favored": "weapon"},
                                                {"name": "Ben", "character": "Lem"}], {})
    sheet = campaign["players"]
    assert [(p["hand_size"], p["favored"]) for p in sheet] == [(4, "weapon"), (6, "any")]
    filled = prepare(campaign, "scenario", [dict(VALEROS)], {}).players[0]
    assert (filled["hand_size"], filled["favored"]) == (4, "weapon")
    untyped = initial_state(GAME, "campaign", [{**VALEROS, "hand_size": 4}], {})
    assert "favored" not in prepare(untyped, "scenario", [dict(VALEROS)], {}).players[0]


def test_a_new_campaign_character_needs_its_hand_size_when_the_rulebook_lacks_it():
    campaign = initial_state(GAME, "campaign", [{"name": "Ann", "character": "Amiri"}], {})
    campaign["players"][0]["needs_character"] = True  # as after a permanent death
    with pytest.raises(ParamError) as err:
        decide(GAME, campaign, Action("create_character", {"player": 0, "character": "Seoni"}))
    assert err.value.errors == {
        "params.hand_size": ["Seoni's hand size is not in the rulebook: type it from the character card"]}
    seoni = ok(campaign, "create_character", player=0, character="Seoni", hand_size=6)["players"][0]
    assert (seoni["character"], seoni["hand_size"], seoni["favored"]) == ("Seoni", 6, None)
    sajan = ok(campaign, "create_character", player=0, character="Sajan")["players"][0]
    assert (sajan["hand_size"], sajan["favored"]) == (5, "blessing")


def test_the_home_page_asks_for_what_the_rulebook_lacks(client, db):
    fields = {f.name: f for f in GAME.player_fields}
    assert fields["hand_size"].kind == "number" and not fields["hand_size"].choices
    # typed in the fold (a third list beside the character would push "Start the game" below the fold)
    assert not fields["favored"].choices and all(t in fields["favored"].help for t in (*BOON_TYPES, "any"))
    html = client.get("/").content.decode()
    assert 'name="pathfinder:hand_size"' in html and 'name="pathfinder:favored"' in html
    form = {"game": "pathfinder", "mode": "scenario", "name": ["Ann", "Ben"],
            "pathfinder:character": ["Valeros", "Amiri"], "pathfinder:hand_size": ["", ""],
            "pathfinder:favored": [" Weapon", ""]}
    refused_page = client.post("/", form)
    assert refused_page.status_code == 400
    assert "Valeros&#x27;s hand size is not in the rulebook" in refused_page.content.decode()
    assert "players.0.favored" in client.post("/", {**form, "pathfinder:favored": ["sword", ""]}).content.decode()
    started = client.post("/", {**form, "pathfinder:hand_size": ["4", ""]})
    assert started.status_code == 302
    session = Session.objects.get(pk=started["Location"].split("/")[2])
    assert [(p["hand_size"], p["favored"]) for p in session.state["players"]] == [(4, "weapon"), (4, "weapon")]
