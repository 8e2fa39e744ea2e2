"""The rulebook's Part One as scenarios: its examples, its Rules Questions and Answers (F1-F8 of the
spec), and the edge cases the spec lists (EC-n)."""
import pytest

from tracker.engine import Action, ParamError, decide

from .helpers import GAME, GUARD, NIGHT, R, finish_round, new, night, play, refused, to_hero_turn, to_opponents

THIEF = {"name": "Tulamydian Thief", "kind": "henchman", "tp": 1, "life_points": 3, "dodge": 5, "armor": 0,
         "actions": 1, "keywords": ["Culture (Human)"]}


# ------------------------------------------------------------------ the rulebook's examples

def test_the_combat_example_khunchomer_thief_dodge_and_a_fortune_card():
    """[7 Reduce Life Points] example: 1D6+4 rolls 7, the thief (Dodge 5) rolls a 5 and dodges: 4 damage,
    armor 0, he had 3 left: defeated, and a Fortune card goes into the Fate Pile."""
    state = to_hero_turn(night())
    state = play(state, "place_villain", "a card brought him in", **THIEF)
    thief = state["villains"][-1]["id"]
    state = play(state, "declare_attack", player=0, attack_type="close", villain=thief, source="Khunchomer")
    state = play(state, "attack_roll", player=0, roll=6)
    state = play(state, "damage_roll", player=0, amount=7)
    state = play(state, "villain_dodge_roll", villain=thief, roll=5)
    assert state["pending_attack"]["damage"] == 4
    before = dict(state["fate_pile"])
    state = play(state, "damage_villain", villain=thief)
    assert state["villains"][-1]["status"] == "defeated"
    assert state["fate_pile"]["fortune"] == before["fortune"] + 1 and state["fate_reserve"]["fortune"] == 4
    assert state["players"][0]["fate_points"] == 0  # solo: a Fortune card, never a Fate Point


def test_the_skill_test_example_storeroom_persuade_17_then_great_fortune():
    """[Skill Test Results] example: a Persuade 17 is a Failure with the fate symbol; the Fate Card drawn
    is Great Fortune, so the test counts as a Critical Success and the card goes to the reserve."""
    state = night()
    state = play(state, "move_hero", player=0, to=[1, 3], card="Storeroom")
    state = play(state, "test_roll", player=0, skill="persuade", roll=17, fate_symbol=True)
    assert state["last_test"]["result"] == "failure"
    state = play(state, "consult_fate", player=0, card="great_fortune")
    assert state["last_test"]["result"] == "critical_success"
    assert state["fate_pile"]["great_fortune"] == 0 and state["fate_reserve"]["great_fortune"] == 3


def test_the_setup_example_two_raised_alerts_and_nedimes_heart():
    """[Time Scale] example: normal difficulty, two Raised Alert and Nedime's Heart: alert stage 3; the
    palace is 4x6, the Courtyard's row and column face up except its Manticore Card."""
    state = play(new(), "start_exploration", **{**NIGHT, "hasrabal": ["Raised Alert", "Raised Alert", "Nedime's Heart"]})
    assert state["alert_stage"] == 3 and (state["grid"]["rows"], state["grid"]["cols"]) == (4, 6)
    cells = state["grid"]["cells"]
    row_and_column = [(1, c) for c in range(6)] + [(r, 2) for r in range(4)]
    assert all(cells[r][c]["face_up"] for r, c in row_and_column if (r, c) != (0, 2))
    assert not cells[0][2]["face_up"] and cells[0][2]["manticore"]  # a Manticore Card in the column stays down
    assert sum(c["face_up"] for row in cells for c in row) == 8
    assert state["fate_pile"] == {k: 1 for k in state["fate_pile"]}
    assert state["fate_reserve"] == {"great_fortune": 2, "fortune": 5, "misfortune": 3, "great_misfortune": 2}
    assert state["hero_cell"] == [1, 2] and len(state["villains"]) == 1


def test_locked_doors_builds_4x5_and_dark_fortune_a_pile_of_two():
    state = play(new(), "start_exploration", **{**NIGHT, "hasrabal": ["Locked Doors", "Dark Fortune", "Overslept"],
                                                "manticore_cells": [[0, 2], [3, 0], [3, 4], [2, 4]]})
    assert (state["grid"]["rows"], state["grid"]["cols"]) == (4, 5)
    assert state["fate_pile"] == {"great_fortune": 0, "fortune": 0, "misfortune": 1, "great_misfortune": 1}
    assert state["fate_reserve"] == {"great_fortune": 3, "fortune": 6, "misfortune": 3, "great_misfortune": 2}
    with pytest.raises(ParamError) as err:  # [2, 5] is off a 4x5 palace
        decide(GAME, new(), Action("start_exploration", {**NIGHT, "hasrabal": ["Locked Doors", "Dark Fortune", "Overslept"]}))
    assert "params.manticore_cells.3" in err.value.errors


def test_moving_turns_up_the_neighbours_but_never_a_manticore_card():
    """[0 Move Hero] example: the hero moves to the Flower Garden; its face-down neighbours turn up,
    a Manticore Card next to it does not; entering a Manticore Card turns it up."""
    state = night(manticore_cells=[[0, 3], [3, 0], [3, 4], [2, 5]])
    state = play(state, "move_hero", player=0, to=[1, 3], card="Flower Garden")
    cells = state["grid"]["cells"]
    assert cells[2][3]["face_up"] and not cells[0][3]["face_up"]
    state = finish_round(play(state, "advance_phase"))
    state = play(state, "move_hero", player=0, to=[0, 3], card="The Window")
    assert cells[0][3]["face_up"] is False and state["grid"]["cells"][0][3]["face_up"]


# ------------------------------------------------------------------ Rules Questions and Answers

def test_f1_a_jump_by_an_effect_turns_up_the_neighbours_unless_the_card_says_not():
    state = night()
    jump = play(state, "move_hero", "The Story of the Counsel of the Bird", player=0, to=[3, 3])
    assert jump["hero_cell"] == [3, 3] and jump["grid"]["cells"][3][2]["face_up"] and jump["grid"]["cells"][2][3]["face_up"]
    portal = play(state, "move_hero", "Magic Portal", player=0, to=[3, 3], no_reveal=True)
    assert not portal["grid"]["cells"][2][3]["face_up"]


def test_f2_the_courtyard_goes_anywhere_even_a_corner():
    state = play(new(), "start_exploration", **{**NIGHT, "courtyard": [3, 5], "manticore_cells": [[0, 0], [0, 1], [1, 1], [2, 2]]})
    assert state["hero_cell"] == [3, 5]
    with pytest.raises(ParamError):  # off the plan: a 400 naming params.to
        decide(GAME, state, Action("move_hero", {"player": 0, "to": [3, 6]}))
    assert refused(state, "move_hero", player=0, to=[2, 5]) == []


def test_f3_progress_on_cards_is_lost_with_the_night():
    state = play(night(), "adjust_counter", counter="doom", amount=2, villain="v1")
    state = play(play(state, "move_hero", player=0, to=[1, 2]), "retreat", player=0)
    state = play(state, "start_exploration", **NIGHT)
    assert all(v.get("doom", 0) == 0 for v in state["villains"]) and len(state["villains"]) == 1


def test_f4_extinguished_lights_does_not_stop_the_setup_reveal():
    state = play(new(), "start_exploration", **{**NIGHT, "hasrabal": ["Extinguished Lights", "Overslept", "Raised Alert"]})
    assert sum(c["face_up"] for row in state["grid"]["cells"] for c in row) == 8


def test_f5_the_last_card_drawn_ends_the_night_at_dawn_wherever_the_hero_is():
    state = play(night(), "move_hero", player=0, to=[1, 3])
    state = play(state, "advance_phase")
    state["players"][0]["draw_deck_count"] = 2
    state = play(state, "draw_cards", player=0, count=2)
    assert state["end_pending"]
    state = finish_round(play(state, "advance_phase"))
    assert state["exploration_end_reason"] == "dawn" and state["phase"] == "exploration_setup"
    assert state["outcome"] is None and state["nights"][-1]["reason"] == "dawn"


def test_f6_lifting_the_curse_readies_nothing_before_the_ready_phase():
    state = to_hero_turn(night())
    state["players"][0].update(endurance_total=2, endurance_ready=0)
    lifted = play(state, "lift_curse")
    assert lifted["players"][0]["endurance_ready"] == 0
    assert refused(lifted, "ready_all", player=0) == [R + "R27"]


def test_f7_a_removed_palace_card_leaves_a_gap_for_the_night_only():
    state = play(night(), "remove_palace_card", "Hall of Mirrors", cell=[1, 3])
    assert state["grid"]["cells"][1][3]["gap"] and refused(state, "move_hero", player=0, to=[1, 3]) == [R + "R20"]
    state = play(play(state, "move_hero", player=0, to=[1, 2]), "retreat", player=0)
    state = play(state, "start_exploration", **NIGHT)
    assert not any(c["gap"] for row in state["grid"]["cells"] for c in row)


def test_f8_the_window_leaves_the_adventure_fight_for_nedimes_heart_only_the_night():
    state = night()
    state = play(state, "move_hero", player=0, to=[0, 2], card="The Window")
    state = play(state, "fulfill_manticore", cell=[0, 2], replacement="Study")
    assert state["manticore_left"] == 16 and state["manticore_fulfilled"] == ["The Window"]
    state = play(state, "retreat", "testing the next night", player=0)
    assert refused(state, "start_exploration", **NIGHT) == []


# ------------------------------------------------------------------ the spec's edge cases

def test_ec1_a_die_changed_to_1_is_no_critical():
    state = to_hero_turn(night())
    changed = play(state, "test_roll", player=0, skill="stealth", roll=3, change=-2)
    assert changed["last_test"]["result"] == "success"
    natural = play(state, "test_roll", player=0, skill="stealth", roll=1)
    assert natural["last_test"]["result"] == "critical_success"
    attribute = play(state, "test_roll", player=0, attribute="dodge", roll=1)
    assert attribute["last_test"]["result"] == "success"  # [Attribute Test Results]: no critical


def test_ec2_an_automatic_failure_with_the_fate_symbol_still_consults():
    state = to_hero_turn(night())
    auto = play(state, "test_roll", player=0, skill="stealth", modifier=-20, fate_symbol=True)
    assert refused(auto, "advance_phase") == [R + "R13"]
    assert play(auto, "consult_fate", player=0, card="fortune")["last_test"]["result"] == "success"


def test_ec5_ec6_a_miss_and_its_fate_point():
    state = to_hero_turn(night())
    miss = play(play(state, "declare_attack", player=0, attack_type="close", villain="v1"), "attack_roll", player=0, roll=20)
    assert miss["players"][0]["hand_count"] == 7  # a natural 20 discards nothing here
    taken = play(miss, "take_fate", player=0)
    assert taken["players"][0]["fate_points"] == 1 and taken["pending_attack"] is None


def test_ec7_two_fate_points_on_one_failed_dodge():
    state = to_opponents(night())
    state["players"][0]["fate_points"], state["fate_pool"] = 2, 0
    state = play(state, "villain_action_roll", villain="v1", roll=8)
    state = play(state, "villain_attack", villain="v1", target=0, amount=9)
    state = play(state, "dodge_roll", player=0, roll=18)
    state = play(state, "spend_fate_reroll", player=0, roll=15)
    assert state["pending_attack"]["dodged"] is False
    state = play(state, "spend_fate_reroll", player=0, roll=2)
    assert state["pending_attack"]["damage"] == 5 and state["fate_pool"] == 2
    assert play(state, "apply_damage", target=0)["players"][0]["life_points"] == 35


def test_ec8_a_hero_at_zero_after_the_last_card_is_imprisoned_not_dawned():
    state = to_hero_turn(night())
    state["players"][0].update(fate_points=1, draw_deck_count=1)
    state["fate_pool"] = 1
    state = play(state, "spend_fate_draw", player=0)
    assert state["end_pending"]
    state = play(state, "life_point_loss", target=0, amount=40)
    assert state["exploration_end_reason"] == "imprisoned" and state["imprisonments"] == 1


def test_ec9_staying_on_the_courtyard_in_round_one_allows_a_retreat():
    state = play(night(), "move_hero", player=0, to=[1, 2])
    assert play(state, "retreat", player=0)["exploration_end_reason"] == "retreat"


def test_ec10_compensation_tokens_start_higher_and_healing_never_cuts_back():
    state = play(play(play(night(), "take_comp_token"), "take_comp_token"), "move_hero", player=0, to=[1, 2])
    state = play(state, "retreat", player=0)
    state = play(state, "start_exploration", **NIGHT)
    assert state["players"][0]["life_points"] == 50
    healed = play(state, "heal", target=0, amount=5)
    assert healed["players"][0]["life_points"] == 50
    hurt = play(play(state, "life_point_loss", target=0, amount=15), "heal", target=0, amount=9)
    assert hurt["players"][0]["life_points"] == 40


def test_ec16_a_fulfilled_card_on_which_the_hero_stands_becomes_its_story_card():
    state = play(night(), "move_hero", player=0, to=[1, 3], card="Storeroom")
    state = play(state, "fulfill_card", cell=[1, 3], story_card="The Dark Eye")
    assert state["grid"]["cells"][1][3]["card"] == "The Dark Eye" and state["hero_cell"] == [1, 3]
    assert state["fulfilled"] == [{"palace_card": "Storeroom", "story_card": "The Dark Eye"}]


def test_ec20_dark_fortune_then_an_empty_pile_is_a_critical_failure():
    state = night(hasrabal=["Dark Fortune", "Raised Alert", "Overslept"])
    state = play(state, "test_roll", player=0, skill="stealth", roll=18, fate_symbol=True)
    state = play(state, "consult_fate", player=0, card="misfortune")
    state = play(state, "test_roll", player=0, skill="stealth", roll=18, fate_symbol=True)
    state = play(state, "consult_fate", player=0, card="great_misfortune")
    assert sum(state["fate_pile"].values()) == 0
    state = play(state, "test_roll", player=0, skill="stealth", roll=18, fate_symbol=True)
    assert play(state, "consult_fate", player=0)["last_test"]["result"] == "critical_failure"
    drawn = decide(GAME, state, Action("draw_fate_card", {}))
    assert drawn.accepted and "Great Misfortune" in drawn.log


def test_ec22_two_venom_cards_in_one_draw():
    state = night()
    state["curse_side"] = "B"
    state = play(play(state, "manticore_poison", player=0), "manticore_poison", player=0)
    assert state["players"][0]["venom_in_deck"] == 2 and state["players"][0]["draw_deck_count"] == 27
    state = play(play(state, "move_hero", player=0, to=[1, 2]), "advance_phase")
    state = play(state, "draw_cards", player=0, count=2, venom=2)
    assert state["players"][0]["venom_in_deck"] == 0 and state["players"][0]["hand_count"] == 5


def test_ec23_no_third_venom_card():
    state = night()
    state.update(curse_side="B")
    state["players"][0]["venom_in_deck"] = 2
    result = decide(GAME, state, Action("manticore_poison", {"player": 0}))
    assert result.accepted and result.state["players"][0]["venom_in_deck"] == 2 and result.notes


def test_venom_with_the_curse_on_side_a_imprisons_at_once():
    state = play(night(), "manticore_poison", player=0)
    assert state["exploration_end_reason"] == "imprisoned" and state["hero_version"] == "alternate"


def test_the_opponents_dice_one_and_twenty_do_nothing_more():
    state = to_opponents(night())
    state["villains"][0]["actions"] = 2
    state["opponent_turn"]["actions_left"] = 2
    one = play(state, "villain_action_roll", villain="v1", roll=1)
    assert one["opponent_turn"]["actions_left"] == 1
    twenty = play(state, "villain_action_roll", villain="v1", roll=20)
    assert twenty["opponent_turn"]["actions_left"] == 1


def test_a_trap_that_defeats_an_opponent_gives_no_fortune_card():
    state = to_hero_turn(night())
    trap = play(state, "villain_life_point_loss", villain="v1", amount=5, by="effect")
    assert trap["villains"][0]["status"] == "defeated" and trap["fate_pile"]["fortune"] == 1
    stars = play(state, "villain_life_point_loss", villain="v1", amount=5, player=0)
    assert stars["fate_pile"]["fortune"] == 2
    fled = play(state, "villain_leaves", villain="v1", how="fled")
    assert fled["fate_pile"]["fortune"] == 1


def test_the_plus_one_space_brings_a_guard_and_none_when_all_are_out():
    state = to_opponents(night())
    state = play(play(state, "villain_action_roll", villain="v1", roll=12), "advance_phase")
    state = play(state, "advance_time", enemy=True)
    assert state["guards_due"] == 1
    none_left = play(state, "no_guard_left")
    assert none_left["guards_due"] == 0 and play(none_left, "advance_phase")["phase"] == "move"
    guard = play(state, "place_villain", **GUARD)
    assert [v["id"] for v in guard["villains"]] == ["v1", "v2"]


def test_hasrabal_cards_are_read_in_the_tables_spelling_and_unknown_ones_are_a_400():
    state = play(new(), "start_exploration", **{**NIGHT, "hasrabal": ["extinguished light", "Nedimes Heart", "raised alert"]})
    assert state["hasrabal"] == ["Extinguished Lights", "Nedime's Heart", "Raised Alert"]
    with pytest.raises(ParamError) as err:
        decide(GAME, new(), Action("start_exploration", {**NIGHT, "hasrabal": ["Raised Alert", "Sandstorm", "Overslept"]}))
    assert "params.hasrabal.1" in err.value.errors


def test_an_attribute_test_may_be_named_as_the_skill():
    state = to_hero_turn(night())
    dodge = play(state, "test_roll", player=0, skill="dodge", roll=20)
    assert dodge["last_test"]["kind"] == "attribute" and dodge["last_test"]["result"] == "failure"


def test_ec13_the_alert_stage_stops_at_the_fourth_time_scale():
    state = play(new(), "start_exploration", **{**NIGHT, "hasrabal": ["Raised Alert"] * 3})
    assert state["alert_stage"] == 4
    state = play(new(hasrabal_cards=4), "start_exploration", **{**NIGHT, "hasrabal": ["Raised Alert"] * 4})
    assert state["alert_stage"] == 4


def test_a_guard_placed_at_a_plus_one_space_counts_even_without_its_keyword():
    state = to_opponents(night())
    state = play(play(state, "villain_action_roll", villain="v1", roll=12), "advance_phase")
    state = play(play(state, "advance_time", enemy=True), "place_villain", name="Harem Guard", life_points=6)
    assert state["guards_due"] == 0


def test_a_dodge_of_a_hero_without_a_recorded_dodge_needs_its_value():
    state = to_opponents(night([{"name": "Zed"}]))
    state = play(play(state, "villain_action_roll", villain="v1", roll=5), "villain_attack", villain="v1", target=0, amount=4)
    with pytest.raises(ParamError) as err:
        decide(GAME, state, Action("dodge_roll", {"player": 0, "roll": 3}))
    assert "params.value" in err.value.errors
    assert play(state, "dodge_roll", player=0, roll=3, value=9)["pending_attack"]["damage"] == 2
    assert play(state, "dodge_roll", player=0, roll=1)["pending_attack"]["damage"] == 2
    assert play(state, "dodge_roll", player=0, roll=9, success=False)["pending_attack"]["damage"] == 4
