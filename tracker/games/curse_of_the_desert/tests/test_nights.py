"""Night after night: what a night resets, what the adventure keeps, and how it is won or lost."""
import pytest

from tracker.engine import Action, ParamError, SetupError, decide, initial_state

from .helpers import ANN, GAME, GROUP, NIGHT, R, finish_round, new, night, play, refused, to_hero_turn


def retreat(state):
    """Step 0 on the Courtyard (the hero stands there), then the retreat."""
    assert state["phase"] == "move" and state["hero_cell"] == state["courtyard"]
    return play(play(state, "move_hero", player=0, to=state["courtyard"]), "retreat", player=0)


def test_a_new_adventure_waits_for_its_first_night():
    state = new()
    assert (state["phase"], state["exploration"], state["round"]) == ("exploration_setup", 0, 0)
    assert state["hearts"] == {"total": 9, "broken": 0} and state["curse_side"] == "A"
    assert state["fate_pool"] == 2 and state["players"][0]["fate_points"] == 0
    assert state["players"][0]["life_points"] == 40 and state["hero_version"] == "primary"


def test_a_night_deals_the_opening_hand_and_starts_at_step_zero():
    state = night()
    p = state["players"][0]
    assert (p["hand_count"], p["draw_deck_count"], p["life_points"]) == (5, 25, 40)
    assert (state["phase"], state["round"], state["exploration"], state["time_pos"]) == ("move", 1, 1, 0)
    assert state["villains"][0]["name"] == "Honor Guard" and state["villains"][0]["keywords"] == ["Guard (Palace)"]


def test_what_a_night_resets_and_what_the_adventure_keeps():
    state = to_hero_turn(night())
    state = play(state, "use_special_ability", player=0)
    state = play(state, "life_point_loss", target=0, amount=12)
    state = play(state, "add_fate_card", kind="great_fortune")
    state = play(state, "flip_heart_token", direction="break", count=2)
    state = play(state, "lift_curse")
    state = play(state, "fulfill_card", cell=[1, 3], story_card="The Dark Eye")
    state = play(state, "fulfill_manticore", cell=[0, 2], replacement="Study")
    state = play(state, "manticore_poison", player=0)
    state = finish_round(state)
    state = retreat(state)
    assert state["exploration_end_reason"] == "retreat"
    state = play(state, "start_exploration", **{**NIGHT, "courtyard": [2, 2]})
    p = state["players"][0]
    assert p["life_points"] == 40 and p["special_ability_available"] and p["fate_points"] == 0
    assert state["fate_pile"] == {k: 1 for k in state["fate_pile"]}  # exactly one of each again
    assert p["venom_in_deck"] == 1 and p["draw_deck_count"] == 26  # the undrawn venom card stays
    assert state["hearts"]["broken"] == 2 and state["curse_side"] == "B"
    assert state["manticore_left"] == 16 and state["fulfilled"][0]["story_card"] == "The Dark Eye"
    assert state["exploration"] == 2 and state["round"] == 1 and state["time_pos"] == 0


def test_the_first_imprisonment_flips_the_hero_the_second_loses_and_the_restart_frees_both():
    state = play(night(), "life_point_loss", target=0, amount=40)
    assert state["exploration_end_reason"] == "imprisoned" and state["hero_version"] == "alternate"
    assert state["outcome"] is None and state["phase"] == "exploration_setup"
    state = play(state, "start_exploration", **NIGHT)
    assert state["players"][0]["hero_version"] == "alternate"
    state = play(state, "life_point_loss", target=0, amount=40)
    assert state["outcome"] == {"result": "lost", "winners": [], "reason": "the hero was imprisoned a second time"}
    assert state["phase"] == "adventure_end"
    assert refused(state, "start_exploration", **NIGHT) == [R + "R80"]
    again = play(state, "restart_adventure")
    assert again["hero_version"] == "primary" and again["imprisonments"] == 0 and again["restarts"] == 1
    assert again["exploration"] == 2  # the nights already played stay in the log's count


def test_every_heart_broken_at_a_nights_end_loses_the_adventure():
    state = play(night(), "flip_heart_token", direction="break", count=9)
    assert state["outcome"] is None  # only checked when the night ends
    state = retreat(state)
    assert state["outcome"]["result"] == "lost" and "Heart" in state["outcome"]["reason"]


def test_rescuing_nedime_wins_with_ten_adventure_points():
    state = play(night(), "nedime_rescued")
    assert state["outcome"]["result"] == "won" and state["exploration_end_reason"] == "rescued"
    assert state["players"][0]["adventure_points"] == 10 and state["adventure_points"] == 10
    assert refused(state, "restart_adventure") == [R + "R80"]


def test_fulfilling_the_bedchamber_rescues_nedime():
    state = play(night(), "name_card", cell=[1, 3], card="Bedchamber")
    state = play(state, "move_hero", player=0, to=[1, 3])
    won = play(state, "fulfill_card", cell=[1, 3])
    assert won["exploration_end_reason"] == "rescued" and won["outcome"]["result"] == "won"
    with pytest.raises(ParamError) as err:
        decide(GAME, state, Action("fulfill_card", {"cell": [1, 1]}))
    assert "params.story_card" in err.value.errors


def test_the_hard_side_needs_its_printed_counts():
    with pytest.raises(SetupError) as err:
        initial_state(GAME, "nedime", [ANN], {"difficulty": "hard"})
    assert set(err.value.errors) == {"options.hearts", "options.hasrabal_cards"}
    state = initial_state(GAME, "nedime", [ANN], {"difficulty": "hard", "hearts": 7, "hasrabal_cards": 4})
    assert state["hearts"]["total"] == 7 and state["hasrabal_cards"] == 4


def test_a_round_walks_its_steps_and_the_time_counter_moves():
    state = to_hero_turn(night())
    assert state["active_player"] == 0
    state = finish_round(state)
    assert (state["phase"], state["round"], state["turn"], state["time_pos"]) == ("move", 2, 2, 1)
    assert state["players"][0]["hand_count"] == 7


def test_a_group_adventure_starts_with_two_hearts_fewer():
    state = new(GROUP[:3])
    assert state["hearts"]["total"] == 7 and state["players"][0]["life_points"] == 25
