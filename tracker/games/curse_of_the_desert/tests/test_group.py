"""The Multiplayer Version of Part One: 2-6 heroes, one group token, and the rulebook's deltas."""
import pytest

from tracker.engine import SetupError, initial_state

from .helpers import GAME, GROUP, GUARD, OPTIONS, R, finish_round, new, night, play, refused, to_hero_turn, to_opponents


@pytest.mark.parametrize("heroes,lp", [(1, 40), (2, 30), (3, 25), (4, 20), (5, 20), (6, 20)])
def test_maximum_life_points_by_group_size(heroes, lp):
    players = (GROUP + [{"name": "Fay"}])[:heroes]
    state = night(players)
    assert all(p["life_points"] == lp == p["starting_life_points"] for p in state["players"])
    assert state["fate_pool"] == 2 * heroes and len(state["villains"]) == heroes
    healed = play(play(state, "life_point_loss", target=0, amount=3), "heal", target=0, amount=9)
    assert healed["players"][0]["life_points"] == lp


def test_the_starting_hero_moves_first_and_the_token_passes_every_round():
    state = night(GROUP[:2])
    state = play(state, "move_hero", player=0, to=[1, 3])
    state = play(state, "move_hero", player=1, to=[1, 4])
    assert state["hero_cell"] == [1, 4]  # one token for the group
    state = finish_round(play(state, "advance_phase"))
    assert state["starting_player"] == 1 and state["moves"]["order"] == [1, 0]
    assert refused(state, "move_hero", player=0, to=[1, 3]) == [R + "R94"]


def test_hero_turns_follow_from_the_starting_hero():
    state = to_hero_turn(night(GROUP[:3]))
    assert state["active_player"] == 0
    state = play(state, "advance_phase")
    assert state["active_player"] == 1
    assert refused(state, "advance_phase", player=0) == [R + "R17"]


def test_named_leaders_grow_with_the_group():
    state = to_hero_turn(night(GROUP[:3]))
    state = play(state, "place_villain", name="Baradarasch", kind="leader", life_points=30, dodge=8, armor=3, actions=6)
    boss = state["villains"][-1]
    assert (boss["actions"], boss["life_points"]) == (8, 50)
    plain = play(state, "place_villain", name="Harem Guard", life_points=6, actions=1, keywords=["Guard (Palace)"])
    assert (plain["villains"][-1]["actions"], plain["villains"][-1]["life_points"]) == (1, 6)


def test_a_plus_one_brings_a_guard_per_hero():
    state = to_opponents(night(GROUP[:2]))
    for vid in ("v1", "v2"):
        state = play(state, "villain_action_roll", villain=vid, roll=12)
    state = play(play(state, "advance_phase"), "advance_time", enemy=True)
    assert state["guards_due"] == 2
    state = play(state, "place_villain", **GUARD)
    assert refused(state, "advance_phase") == [R + "R44"]
    state = play(state, "place_villain", **GUARD)
    assert refused(state, "advance_phase") == []


def test_a_hero_at_zero_at_the_end_of_a_round_ends_the_night_as_a_retreat():
    state = to_hero_turn(night(GROUP[:2]))
    state = play(state, "life_point_loss", target=1, amount=30)
    assert state["phase"] == "hero_turn" and state["players"][1]["unconscious"]
    state = finish_round(state)
    assert state["exploration_end_reason"] == "retreat" and state["imprisonments"] == 0


def test_any_heros_spent_deck_ends_the_night_after_the_round():
    state = play(play(night(GROUP[:2]), "move_hero", player=0, to=[1, 2]), "move_hero", player=1, to=[1, 2])
    state = play(state, "advance_phase")
    state["players"][1]["draw_deck_count"] = 1
    state = play(state, "draw_cards", player=1, count=1)
    assert state["end_pending"]
    assert finish_round(state)["exploration_end_reason"] == "dawn"


def test_a_defeated_henchman_gives_its_defeater_a_fate_point_a_leader_a_fortune_card():
    state = to_hero_turn(night(GROUP[:2]))
    henchman = play(state, "villain_life_point_loss", villain="v1", amount=5, player=0)
    assert henchman["players"][0]["fate_points"] == 1 and henchman["fate_pile"]["fortune"] == 1
    state["villains"][0]["kind"] = "leader"
    leader = play(state, "villain_life_point_loss", villain="v1", amount=5, player=0)
    assert leader["players"][0]["fate_points"] == 0 and leader["fate_pile"]["fortune"] == 2


def test_a_group_retreat_and_a_group_rescue():
    state = night(GROUP[:2])
    state = play(play(state, "move_hero", player=0, to=[1, 2]), "move_hero", player=1, to=[1, 2])
    assert play(state, "retreat", player=1)["exploration_end_reason"] == "retreat"
    won = play(state, "nedime_rescued")
    assert [p["adventure_points"] for p in won["players"]] == [10, 10]


def test_a_group_of_seven_is_refused():
    with pytest.raises(SetupError) as err:
        initial_state(GAME, "nedime", [{"name": f"H{i}"} for i in range(7)], OPTIONS)
    assert "players" in err.value.errors
    assert new(GROUP[:2], starting_player=1)["starting_player"] == 1
