"""Setup, roll-off, mulligan, the rule table and setup validation (R57-R61, R58, R59, T43)."""
import pytest

from tracker.engine import SetupError, initial_state
from tracker.games import get_game
from tracker.games.aventuria import GAME

from .conftest import fp, msg, new, ok, refused


def test_registered_and_modes():
    assert get_game("aventuria") is GAME
    assert [(m.slug, m.min_players, m.max_players) for m in GAME.modes] == [
        ("duel", 2, 2), ("skirmish", 3, 8), ("team_duel", 4, 8), ("adventure", 1, 4), ("chance_encounter", 1, 4),
        ("campaign", 1, 4)]


def test_rule_table_holds_every_spec_rule_and_house_rule():
    ids = set(GAME.rules)
    assert {f"aventuria.R{n}" for n in range(1, 136)} <= ids
    assert {f"aventuria.H{n}" for n in range(1, 7)} <= ids
    for spec in GAME.actions.values():
        for rule_id in spec.rules + ((spec.phase_rule,) if spec.phase_rule else ()):
            assert rule_id in ids
    assert GAME.rules["aventuria.H1"].hard and GAME.rules["aventuria.R48"].hard


def test_duel_with_starting_player():
    s = new(start=0)
    assert (s["phase"], s["active_player"], s["turn"], s["starting_player"]) == ("start", 0, 1, 0)
    assert s["fate_pool"] == 3 and fp(s, 0) == 0 and fp(s, 1) == 1  # R60, R61
    for p in s["players"]:
        assert (p["life_points"], p["hand_count"], p["draw_deck_count"]) == (40, 5, 25)
    assert s["reward_cards_allowed"] is False


def test_skirmish_compensation_each_other_hero():
    s = new("skirmish", n=4, start=2)
    assert s["fate_pool"] == 8 - 3
    assert [p["fate_points"] for p in s["players"]] == [1, 1, 0, 1]


def test_roll_off_tie_rolls_again_then_start():
    s = new(start=None)
    assert s["phase"] == "setup" and s["active_player"] is None and s["fate_pool"] == 4
    s = ok(s, "roll_for_start", player=0, roll=5)
    s = ok(s, "roll_for_start", player=1, roll=5)
    assert s["phase"] == "setup" and s["roll_off"]["round"] == 2
    s = ok(s, "roll_for_start", player=0, roll=2)
    s = ok(s, "roll_for_start", player=1, roll=6)
    assert (s["phase"], s["active_player"], s["starting_player"]) == ("start", 1, 1)
    assert fp(s, 0) == 1 and fp(s, 1) == 0 and s["fate_pool"] == 3


def test_r59_only_tied_heroes_roll_again():
    s = new("skirmish", start=None)
    for seat, roll in ((0, 6), (1, 6), (2, 3)):
        s = ok(s, "roll_for_start", player=seat, roll=roll)
    assert "only the tied heroes" in msg(s, "roll_for_start", "R59", player=2, roll=6)
    ok(s, "roll_for_start", player=0, roll=4)


def test_r59_roll_once_per_round():
    s = ok(new(start=None), "roll_for_start", player=0, roll=3)
    assert "already rolled 3" in msg(s, "roll_for_start", "R59", player=0, roll=4)
    ok(s, "roll_for_start", player=1, roll=4)


def test_roll_for_start_after_setup_is_refused():
    refused(new(), "roll_for_start", "R59", player=0, roll=3)


def test_r58_mulligan_once_before_the_first_turn():
    s = new()
    s = ok(s, "mulligan", player=1, count=3)
    assert s["players"][1]["hand_count"] == 5 and s["players"][1]["draw_deck_count"] == 25
    assert "already" in msg(s, "mulligan", "R58", player=1, count=1)
    s = ok(s, "advance_phase", player=0)
    refused(s, "mulligan", "R58", player=0, count=2)


def test_r58_mulligan_during_roll_off_is_fine():
    ok(new(start=None), "mulligan", player=0, count=5)


def test_setup_errors_names_and_team_duel():
    with pytest.raises(SetupError) as err:
        initial_state(GAME, "duel", [{"name": "Ann"}, {"name": "  "}], {})
    assert "players.1.name" in err.value.errors
    with pytest.raises(SetupError) as err:  # T43: team duel needs an even count (R57)
        initial_state(GAME, "team_duel", [{"name": n} for n in "ABCDE"], {})
    assert "even" in err.value.errors["players"][0]
    with pytest.raises(SetupError) as err:
        initial_state(GAME, "team_duel", [{"name": n, "team": t} for n, t in zip("ABCD", "AAAB")], {})
    assert "equal" in err.value.errors["players"][0]
    with pytest.raises(SetupError) as err:
        initial_state(GAME, "team_duel", [{"name": n, "team": t} for n, t in zip("ABCD", "AABB")], {})
    assert any(k.endswith(".team") for k in err.value.errors)
    with pytest.raises(SetupError):  # T43: a two-hero "skirmish" is a duel
        initial_state(GAME, "skirmish", [{"name": "A"}, {"name": "B"}], {})


def test_team_duel_default_alternating_teams_and_attributes():
    s = new("team_duel", players=[{"name": "A"}, {"name": "B"}, {"name": "C", "attributes": {"magic": "–"}},
                                  {"name": "D"}])
    assert [p["team"] for p in s["players"]] == ["A", "B", "A", "B"]
    assert s["players"][2]["attributes"]["magic"] == "-"
    with pytest.raises(SetupError) as err:
        initial_state(GAME, "duel", [{"name": "A", "attributes": {"luck": 3}}, {"name": "B"}], {})
    assert "players.0.attributes.luck" in err.value.errors


def test_options_validated_and_stored():
    with pytest.raises(SetupError):
        initial_state(GAME, "duel", [{"name": "A"}, {"name": "B"}], {"starting_player": 2})
    s = initial_state(GAME, "duel", [{"name": "A"}, {"name": "B"}], {"reward_cards_allowed": True})
    assert s["reward_cards_allowed"] is True


def test_state_is_json_native():
    import json

    s = new("team_duel")
    assert json.loads(json.dumps(s)) == s


def test_unknown_setup_option_is_named():
    from tracker.engine import SetupError

    try:
        initial_state(GAME, "duel", [{"name": "Ann"}, {"name": "Ben"}], {"starting_hero": 0})
    except SetupError as exc:
        assert "options.starting_hero" in exc.errors
    else:
        raise AssertionError("a misspelt option was accepted")


def test_the_declared_setup_options_are_the_ones_setup_accepts():
    from tracker.games.aventuria.state import OPTIONS

    assert set(GAME.options_schema["properties"]) == set(OPTIONS)
