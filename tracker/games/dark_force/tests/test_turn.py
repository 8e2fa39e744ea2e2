"""Dark Force setup, the turn stepper, Boron's Halls and the end of the game (spec 5.A, 5.B, 5.L, 8, 11.2 E46)."""
import pytest

from tracker.engine import Action, SetupError, decide, initial_state
from tracker.games.dark_force import GAME

DUEL = [{"name": "Ann"}, {"name": "Ben"}]


def new(**options):
    return initial_state(GAME, "duel", DUEL, {"deck_size": 60, **options})


def run(state, type_, override=None, **params):
    return decide(GAME, state, Action(type_, params, override))


def ok(state, type_, **params):
    result = run(state, type_, **params)
    assert result.accepted, result.violations
    return result.state


def refused(state, type_, **params):
    result = run(state, type_, **params)
    assert not result.accepted
    return {v.rule_id for v in result.violations}


def destroy(state, owner, value, kind="army", **extra):
    return ok(state, "destroy", player=owner, card="Unit", kind=kind, value=value, **extra)


def test_setup_deals_six_and_rolls_for_the_first_player_r4():
    s = new()
    assert [(p["hand_count"], p["deck_count"]) for p in s["players"]] == [(6, 54), (6, 54)]
    assert s["phase"] == "setup" and s["bh_target"] == 20
    s = ok(s, "roll_for_first", player=0, roll=4)
    assert "dark-force.R4" in refused(s, "roll_for_first", player=0, roll=5)
    tied = ok(s, "roll_for_first", player=1, roll=4)
    assert tied["phase"] == "setup" and tied["roll_off"]["rolls"] == [None, None]
    s = ok(ok(tied, "roll_for_first", player=0, roll=2), "roll_for_first", player=1, roll=5)
    assert s["phase"] == "start" and s["active_player"] == 1 and s["round"] == 1


def test_the_target_follows_the_deck_size_or_the_agreement():
    assert new(deck_size=90, graduated_target=True)["bh_target"] == 30
    assert new(deck_size=120, graduated_target=True)["bh_target"] == 40
    assert new(bh_target=25)["bh_target"] == 25
    assert new(essen96=True)["bh_target"] == 20


def decks(*sizes, **options):
    """A duel whose decks are set per player (players[i].deck_size), the game-wide option left out."""
    players = [{"name": n, "deck_size": size} for n, size in zip(("Ann", "Ben"), sizes)]
    return initial_state(GAME, "duel", players, {"graduated_target": True, **options})


def test_the_graduated_target_reads_the_decks_set_per_player_r113():
    assert decks(90, 90)["bh_target"] == 30
    assert decks(60, 60)["bh_target"] == 20
    assert decks(120, 120)["bh_target"] == 40
    assert [p["deck_count"] for p in decks(90, 90)["players"]] == [84, 84]
    # a player's own size beats the game-wide option
    assert decks(120, 120, deck_size=60)["bh_target"] == 40
    # without the graduated target, the deck size changes nothing
    players = [{"name": "Ann", "deck_size": 90}, {"name": "Ben", "deck_size": 90}]
    assert initial_state(GAME, "duel", players, {})["bh_target"] == 20


def test_unequal_decks_play_to_the_smaller_decks_target_r113():
    assert decks(60, 90)["bh_target"] == 20
    assert decks(120, 90)["bh_target"] == 30
    assert decks(90, 100)["bh_target"] == 30  # only the smaller deck needs to be in the table
    s = destroy(destroy(decks(60, 90, first_player=0), 1, 15), 0, 20)  # 20 vs 15: the smaller deck's 20 ends it
    assert GAME.outcome(s) == {"result": "won", "winners": [1], "reason": "borons_halls"}
    s = destroy(destroy(decks(90, 90, first_player=0), 1, 15), 0, 20)  # two decks of 90 play on to 30
    assert GAME.outcome(s) is None


def test_a_deck_outside_the_graduated_table_is_refused_at_setup_naming_it_r113():
    with pytest.raises(SetupError) as err:
        decks(75, 90)
    assert list(err.value.errors) == ["players.0.deck_size"]
    assert "not 75 (the smaller deck sets it)" in err.value.errors["players.0.deck_size"][0]
    with pytest.raises(SetupError) as err:
        decks(90, 80)
    assert list(err.value.errors) == ["players.1.deck_size"]
    players = [{"name": "Ann"}, {"name": "Ben", "deck_size": 90}]
    with pytest.raises(SetupError) as err:  # Ann's deck comes from the game-wide option
        initial_state(GAME, "duel", players, {"graduated_target": True, "deck_size": 70})
    assert list(err.value.errors) == ["options.deck_size"]
    assert initial_state(GAME, "duel", players, {"graduated_target": True, "deck_size": 120})["bh_target"] == 30
    # an agreed target takes any deck
    players = [{"name": "Ann", "deck_size": 75}, {"name": "Ben", "deck_size": 90}]
    assert initial_state(GAME, "duel", players, {"bh_target": 25})["bh_target"] == 25


def test_draws_and_moves_r6():
    s = new(first_player=0)
    assert "dark-force.R6" in refused(s, "choose_draws", player=1, count=1)
    s = ok(s, "choose_draws", player=0, count=1)
    assert s["players"][0]["hand_count"] == 7 and s["players"][0]["moves_allowed"] == 1
    assert "dark-force.R6" in refused(s, "choose_draws", player=0, count=1)


def test_the_phases_run_in_order_r8():
    s = new(first_player=0)
    assert "dark-force.R8" in refused(s, "next_step", player=0)  # draws first
    s = ok(s, "choose_draws", player=0, count=2)
    assert "dark-force.R8" in refused(s, "next_step", player=1)
    s = ok(s, "next_step", player=0)
    assert (s["phase"], s["movement_step"]) == ("movement", "play_terrains")
    assert "dark-force.R8" in refused(s, "end_turn", player=0)


def test_one_mulligan_per_game_in_the_start_phase_r9():
    s = new(first_player=0)
    assert "dark-force.R9" in refused(s, "mulligan", player=1)
    s = ok(s, "mulligan", player=0)
    assert s["players"][0]["hand_count"] == 6 and s["players"][0]["discard_count"] == 6
    assert "dark-force.R9" in refused(s, "mulligan", player=0)


def _to_discard(s, seat=0, draws=2):
    s = ok(s, "choose_draws", player=seat, count=draws)
    while s["phase"] != "discard":
        s = ok(s, "next_step", player=seat)
    return s


def test_the_hand_limit_r10_e50():
    s = _to_discard(new(first_player=0))
    assert s["players"][0]["hand_count"] == 8
    assert "dark-force.R10" in refused(s, "end_turn", player=0)
    assert "dark-force.R10" in refused(s, "discard_excess", player=0, count=3)
    s = ok(s, "discard_excess", player=0, count=2)
    s = ok(s, "end_turn", player=0)
    assert s["active_player"] == 1 and s["phase"] == "start" and s["round"] == 1
    s = ok(_to_discard(s, seat=1, draws=0), "end_turn", player=1)
    assert s["round"] == 2 and s["active_player"] == 0


def test_borons_halls_end_needs_the_target_and_a_gap_of_five_r100_e46():
    s = destroy(destroy(new(), 1, 15), 0, 16)
    s = destroy(s, 0, 4)  # 20 vs 15
    assert GAME.outcome(s) == {"result": "won", "winners": [1], "reason": "borons_halls"}
    s = destroy(destroy(new(), 1, 16), 0, 20)  # 20 vs 16
    assert GAME.outcome(s) is None
    s = destroy(destroy(destroy(new(), 0, 16), 1, 16), 1, 4)  # 16 vs 20: gap 4
    s = destroy(s, 0, 8)  # 24 vs 20: gap 4
    assert GAME.outcome(s) is None
    s = destroy(s, 0, 1)  # 25 vs 20
    assert GAME.outcome(s)["winners"] == [1]


def test_an_uncontrollable_creature_counts_one_and_a_summoned_one_nothing_e45_h1():
    s = destroy(new(), 0, "#", kind="creature")
    assert s["players"][0]["borons_halls"]["points"] == 1
    s = destroy(s, 0, 5, kind="creature", summoned=True)
    assert s["players"][0]["borons_halls"]["points"] == 1 and s["players"][0]["discard_count"] == 1
    assert "dark-force.H1" in refused(new(), "destroy", player=0, card="Marus", kind="army", value="#")


def test_nothing_is_played_after_the_end_r103():
    s = destroy(new(first_player=0), 0, 20)
    assert GAME.outcome(s) is not None
    assert "dark-force.R103" in refused(s, "choose_draws", player=0, count=1)


def test_deck_out_loses_r102():
    s = new(first_player=0, deck_size=7)  # one card left after the opening hand
    s = ok(s, "choose_draws", player=0, count=1)
    assert GAME.outcome(s) == {"result": "won", "winners": [1], "reason": "deck_out"}
    late = new(first_player=0, deck_size=7, deck_out_timing="on_failed_draw")
    assert GAME.outcome(ok(late, "choose_draws", player=0, count=1)) is None
    assert GAME.outcome(ok(late, "choose_draws", player=0, count=2))["winners"] == [1]


def test_the_prize_card_r104():
    s = destroy(new(first_player=0), 0, 20)
    assert "dark-force.R104" in refused(s, "claim_prize", player=0, kept_card="Wolf")
    s2 = ok(s, "claim_prize", player=1, kept_card="Wolf")
    assert s2["ledger"][-1] == {"card": "Wolf", "from": 0, "to": 1, "reason": "prize"}
    assert "dark-force.R104" in refused(s2, "claim_prize", player=1, kept_card="Bear")
    essen = destroy(new(first_player=0, essen96=True), 0, 20)
    assert "dark-force.R104" in refused(essen, "claim_prize", player=1, kept_card="Wolf")


def test_the_tournament_hour_r106():
    assert "dark-force.R106" in refused(new(first_player=0), "time_expired")
    s = destroy(new(first_player=0, essen96=True), 0, 3)
    s = ok(s, "time_expired")
    assert GAME.outcome(s) == {"result": "won", "winners": [1], "reason": "time_limit"}
    even = ok(new(first_player=0, essen96=True), "time_expired")
    assert GAME.outcome(even)["result"] == "draw"


def test_the_target_and_the_deck_are_fixed_r113_r5():
    s = new(first_player=0)
    assert "dark-force.R113" in refused(s, "change_target", bh_target=30)
    assert run(s, "change_target", override="we agreed", bh_target=30).state["bh_target"] == 30
    assert "dark-force.R5" in refused(s, "add_card_to_deck", player=0, card="Fireball")
    assert run(s, "add_card_to_deck", override="misdealt", player=0).state["players"][0]["deck_count"] == 55


def test_setup_errors_name_the_field():
    with pytest.raises(Exception) as err:
        initial_state(GAME, "duel", DUEL, {"deck_size": 162, "essen96": True})
    assert "options.deck_size" in err.value.errors
    with pytest.raises(Exception) as err:
        initial_state(GAME, "duel", DUEL + [{"name": "Cid"}], {})
    assert "players" in err.value.errors


def test_a_tie_at_the_target_plays_on_and_exactly_five_apart_ends():
    s = destroy(destroy(destroy(new(), 0, 18), 1, 18), 0, 2)  # 20 vs 18
    s = destroy(s, 1, 2)  # 20 vs 20: both at the target, no gap
    assert GAME.outcome(s) is None
    s = destroy(s, 1, 5)  # 20 vs 25: exactly five apart
    assert GAME.outcome(s) == {"result": "won", "winners": [0], "reason": "borons_halls"}
