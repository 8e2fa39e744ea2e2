"""Scenario setup (spec 6.2, 6.4): characters, locations, story banes, the hourglass and challenge modes."""
import pytest

from tracker.engine import SetupError, initial_state
from tracker.games.pathfinder import GAME
from tracker.games.pathfinder.data import story_bane_stack

KYRA = [{"name": "Ann", "character": "Kyra", "hand_size": 5}]
PARTY_1A = [{"name": "Alice", "character": "Amiri"}, {"name": "Lee", "character": "Lem"},
            {"name": "Sam", "character": "Sajan"}]
BLOOD_VOW = ([{"name": "Kobold Sorceror"}],
             [{"name": "Kobold Champion"}, {"name": "Inferno Trap"}, {"name": "Kobold Hordes", "proxy": "Proxy A"}])


def setup(players=KYRA, **options):
    return initial_state(GAME, "scenario", players, options)


def test_core_characters_start_with_their_hand_and_fifteen_card_decks():
    state = setup(PARTY_1A, scenario="1A")
    assert [(p["hand_count"], p["deck_count"]) for p in state["players"]] == [(4, 11), (6, 9), (5, 10)]
    assert [p["favored"] for p in state["players"]] == ["weapon", "any", "blessing"]


@pytest.mark.parametrize("mode,size,wildcards,bane_an", [
    ("easy", "S", 0, 1), ("normal", "M", 0, 1), ("heroic", "M", 2, 1), ("legendary", "M", 3, 2)])
def test_a_chosen_challenge_mode_takes_its_typical_options(mode, size, wildcards, bane_an):
    state = setup(challenge_mode=mode)
    assert state["challenge_mode"] == mode and state["hourglass"] == 30
    assert state["locations"][0]["size"] == size and len(state["wildcards"]) == wildcards
    assert state["bane_adventure_number"] == bane_an


def test_the_mode_follows_the_options_and_a_mismatch_is_named():
    assert setup(hourglass=25, wildcards=["The Onslaughts"])["challenge_mode"] == "heroic"
    assert setup(hourglass=40)["challenge_mode"] == "easy"
    assert setup(hourglass=25)["challenge_mode"] == "custom"
    with pytest.raises(SetupError) as err:
        setup(challenge_mode="legendary", wildcards=["One"])
    assert "options.challenge_mode" in err.value.errors


def test_the_fast_variant_uses_small_locations_and_twelve_plus_two_per_character():
    state = setup(PARTY_1A, fast=True)
    assert state["hourglass"] == 18 and {loc["size"] for loc in state["locations"]} == {"S"}
    assert state["challenge_mode"] == "normal"


def test_1a_for_three_characters_sets_out_its_four_locations_with_a_story_bane_each():
    state = setup(PARTY_1A, scenario="1A", location_size="S")
    assert [loc["name"] for loc in state["locations"]] == ["Ruin", "Tower", "Oubliette", "Laboratory"]
    assert state["scenario"]["story_bane_stack"] == ["Kobold Champion", "Diabolical Imp", "Clockwork Guardian",
                                                     "Proxy A"]
    assert state["scenario"]["set_aside"] == ["Elemental"]
    assert all(loc["cards"] == 6 + 1 for loc in state["locations"])


def test_story_bane_stack_t51_t52():
    assert story_bane_stack(*BLOOD_VOW, 6) == (
        ["Kobold Sorceror", "Kobold Champion", "Inferno Trap", "Proxy A", "Proxy A", "Proxy A"], ["Kobold Hordes"])
    assert story_bane_stack(*BLOOD_VOW, 3) == (["Kobold Sorceror", "Kobold Champion", "Inferno Trap"],
                                               ["Kobold Hordes"])


def test_setup_errors_name_the_field():
    with pytest.raises(SetupError) as err:
        setup([{"name": "Ann", "character": "Gandalf"}])
    assert "players.0.character" in err.value.errors
    five = [{"name": n, "character": c, "hand_size": 5} for n, c in zip("ABCDE", ["Kyra", "Lem", "Ezren", "Amiri", "Seoni"])]
    with pytest.raises(SetupError) as err:
        setup(five)
    assert "R96" in err.value.errors["players"][0]
    assert setup(five, extra_decks=True)["players"][4]["character"] == "Seoni"
    with pytest.raises(SetupError) as err:
        setup([{"name": "Ann", "character": "Kyra", "hand_size": 5, "location": "Moon"}])
    assert "players.0.location" in err.value.errors
