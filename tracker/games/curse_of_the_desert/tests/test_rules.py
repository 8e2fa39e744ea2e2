"""Every rule Part One enforces: the refusal (its rule id) and the accepted neighbour case."""
import pytest

from tracker.engine import Action, decide

from .helpers import (
    ANN, GAME, GROUP, GUARD, NIGHT, R, finish_round, new, night, play, refused, to_hero_turn, to_opponents,
)


def attacking(state, roll=15):
    """Ann's close attack on the guard, its test rolled (12: 15 misses, 5 hits)."""
    state = play(state, "declare_attack", player=0, attack_type="close", villain="v1")
    return play(state, "attack_roll", player=0, roll=roll)


def attacked(amount=8):
    """The guard's action die is in and it attacks Ann for `amount`."""
    state = to_opponents(night())
    state = play(state, "villain_action_roll", villain="v1", roll=9)
    return play(state, "villain_attack", villain="v1", target=0, amount=amount)


# ------------------------------------------------------------------ tests and Fate

def test_r3_a_value_of_zero_or_less_fails_without_a_roll():
    state = to_hero_turn(night())
    assert refused(state, "test_roll", player=0, skill="stealth", roll=4, modifier=-13) == [R + "R3"]
    after = play(state, "test_roll", player=0, skill="stealth", modifier=-13)
    assert after["last_test"]["result"] == "failure" and after["last_test"]["roll"] is None
    assert refused(state, "test_roll", player=0, skill="stealth", roll=4, modifier=-12) == []


def test_r4_a_dash_value_is_never_tested():
    state = to_hero_turn(night())
    assert refused(state, "declare_attack", player=0, attack_type="magic", villain="v1") == [R + "R4"]
    assert refused(state, "declare_attack", player=0, attack_type="ranged", villain="v1") == []
    assert refused(state, "test_roll", player=0, attribute="magic", roll=3) == [R + "R4"]
    assert play(state, "test_roll", player=0, attribute="magic")["last_test"]["result"] == "failure"


def test_r6_an_action_roll_is_changed_within_1_to_20():
    state = to_opponents(night())
    assert refused(state, "villain_action_roll", villain="v1", roll=2, modifier=-3) == [R + "R6"]
    assert refused(state, "villain_action_roll", villain="v1", roll=2, modifier=-1) == []


def test_r7_a_fate_point_rerolls_only_a_failed_attribute_test():
    state = to_hero_turn(night())
    state["players"][0]["fate_points"], state["fate_pool"] = 1, 1
    hit = attacking(state, roll=5)
    assert refused(hit, "spend_fate_reroll", player=0, roll=3) == [R + "R7"]
    miss = attacking(state, roll=15)
    assert refused(miss, "spend_fate_reroll", player=0, roll=3) == []


def test_r8_no_fate_point_rerolls_a_skill_test():
    state = to_hero_turn(night())
    state["players"][0]["fate_points"], state["fate_pool"] = 1, 1
    skill = play(state, "test_roll", player=0, skill="persuade", roll=17)
    assert refused(skill, "spend_fate_reroll_test", player=0, roll=2) == [R + "R8"]
    assert refused(skill, "spend_fate_reroll", player=0, roll=2) == [R + "R8"]
    dodge = play(state, "test_roll", player=0, attribute="dodge", roll=17)
    assert refused(dodge, "spend_fate_reroll_test", player=0, roll=2) == []


def test_r9_spending_a_fate_point_needs_one():
    miss = attacking(to_hero_turn(night()))
    assert refused(miss, "spend_fate_reroll", player=0, roll=3) == [R + "R9"]
    assert refused(miss, "spend_fate_draw", player=0) == [R + "R9"]
    miss["players"][0]["fate_points"], miss["fate_pool"] = 1, 1
    assert refused(miss, "spend_fate_reroll", player=0, roll=3) == []


def test_r10_the_fate_point_of_a_miss_never_rerolls_that_attack():
    miss = attacking(to_hero_turn(night()))
    taken = play(miss, "take_fate", player=0)
    assert taken["players"][0]["fate_points"] == 1 and taken["fate_pool"] == 1
    assert refused(taken, "spend_fate_reroll", player=0, roll=3) == [R + "R10"]
    # a Fate Point spent on the test: no Fate Point for the miss
    miss["players"][0]["fate_points"], miss["fate_pool"] = 1, 1
    rerolled = play(miss, "spend_fate_reroll", player=0, roll=18)
    assert refused(rerolled, "take_fate", player=0) == [R + "R10"]
    assert refused(miss, "take_fate", player=0) == []


def test_r11_a_miss_gives_nothing_when_the_plan_is_empty():
    miss = attacking(to_hero_turn(night()))
    miss["players"][0]["fate_points"], miss["fate_pool"] = 2, 0
    assert refused(miss, "take_fate", player=0) == [R + "R11"]
    assert play(miss, "attack_failed_final", player=0)["pending_attack"] is None


def test_r12_a_test_is_final_once_its_damage_is_rolled():
    state = to_hero_turn(night())
    state["players"][0]["fate_points"], state["fate_pool"] = 1, 1
    hit = play(attacking(state, roll=5), "damage_roll", player=0, amount=6)
    assert R + "R12" in refused(hit, "spend_fate_reroll", player=0, roll=3)
    done = play(state, "test_roll", player=0, attribute="dodge", roll=17)
    assert refused(done, "spend_fate_reroll", player=0, roll=3) == []
    moved_on = play(done, "advance_phase")
    assert refused(moved_on, "spend_fate_reroll", player=0, roll=3) == [R + "R7"]


def test_r13_consult_your_fate_follows_a_fate_symbol_failure_once_and_is_owed():
    state = to_hero_turn(night())
    plain = play(state, "test_roll", player=0, skill="persuade", roll=17)
    assert refused(plain, "consult_fate", player=0, card="fortune") == [R + "R13"]
    owed = play(state, "test_roll", player=0, skill="persuade", roll=17, fate_symbol=True)
    assert refused(owed, "advance_phase") == [R + "R13"]
    assert refused(owed, "test_roll", player=0, skill="stealth", roll=3) == [R + "R13"]
    consulted = play(owed, "consult_fate", player=0, card="misfortune")
    assert consulted["last_test"]["result"] == "failure"
    assert refused(consulted, "consult_fate", player=0, card="fortune") == [R + "R13"]
    assert refused(consulted, "advance_phase") == []


def test_r14_and_r16_fate_cards_move_between_pile_and_reserve_only():
    state = to_hero_turn(night())
    state["fate_reserve"]["fortune"], state["fate_pile"]["fortune"] = 0, 6
    assert refused(state, "add_fate_card", kind="fortune") == [R + "R16"]
    assert refused(state, "add_fate_card", kind="misfortune") == []
    broken = dict(state, fate_pile={**state["fate_pile"], "great_fortune": 3})
    assert R + "R14" in [v for v in refused(broken, "heal", target=0, amount=1)]


# ------------------------------------------------------------------ the round

def test_r17_steps_in_order_and_the_turns_belong_to_the_hero():
    state = night()
    assert refused(state, "advance_phase") == [R + "R17"]
    assert refused(state, "declare_attack", player=0, attack_type="close", villain="v1") == [R + "R17"]
    assert refused(play(state, "move_hero", player=0, to=[1, 2]), "advance_phase") == []
    group = to_hero_turn(night(GROUP[:2]))
    assert refused(group, "declare_attack", player=1, attack_type="close", villain="v1") == [R + "R17"]
    assert refused(group, "declare_attack", player=0, attack_type="close", villain="v1") == []


def test_r18_one_orthogonal_move_or_stay():
    state = night()
    assert refused(state, "move_hero", player=0, to=[2, 3]) == [R + "R18"]
    assert refused(state, "move_hero", player=0, to=[1, 4]) == [R + "R18"]
    for to in ([1, 2], [1, 3], [2, 2], [1, 1]):
        assert refused(state, "move_hero", player=0, to=to) == []
    moved = play(state, "move_hero", player=0, to=[1, 3])
    assert refused(moved, "move_hero", player=0, to=[1, 4]) == [R + "R18"]


def test_r19_a_locked_room_is_not_entered():
    state = play(night(), "name_card", cell=[1, 3], card="Treasury", locked=True)
    assert refused(state, "move_hero", player=0, to=[1, 3]) == [R + "R19"]
    unlocked = play(state, "unlock_room", cell=[1, 3])
    assert refused(unlocked, "move_hero", player=0, to=[1, 3]) == []
    # forced onto it anyway (Extinguished Lights): the hero stays, which is entering the Courtyard
    pushed = play(state, "move_hero", "the lights went out", player=0, to=[1, 3])
    assert pushed["hero_cell"] == [1, 2] and pushed["grid"]["cells"][1][2]["visits"] == 1


def test_r20_a_gap_is_never_entered():
    state = play(night(), "remove_palace_card", cell=[1, 3])
    assert refused(state, "move_hero", player=0, to=[1, 3]) == [R + "R20"]
    forced = decide(GAME, state, Action("move_hero", {"player": 0, "to": [1, 3]}, "a card says so"))
    assert not forced.accepted and forced.violations[0].rule_id == R + "R20" and forced.violations[0].hard
    assert refused(state, "move_hero", player=0, to=[1, 1]) == []


def test_r22_a_first_entering_card_entered_again_forces_a_move():
    state = night()
    state = play(state, "move_hero", player=0, to=[1, 3], card="Flower Garden", first_entering=True)
    assert state["moves"]["again"] is None
    state = finish_round(play(state, "advance_phase"))
    again = play(state, "move_hero", player=0, to=[1, 3])
    assert again["moves"]["again"] == 0
    assert refused(again, "advance_phase") == [R + "R22"]
    assert refused(again, "move_hero", player=0, to=[1, 3]) == [R + "R18"]  # staying is no move on
    on = play(again, "move_hero", player=0, to=[1, 2])
    assert refused(on, "advance_phase") == []


def test_r24_only_a_locked_room_is_unlocked():
    state = night()
    assert refused(state, "unlock_room", cell=[1, 3]) == [R + "R24"]
    assert refused(play(state, "name_card", cell=[1, 3], card="Treasury", locked=True), "unlock_room", cell=[1, 3]) == []


def test_r25_the_card_draw_phase_draws_exactly_two_each():
    state = play(play(night(), "move_hero", player=0, to=[1, 2]), "advance_phase")
    assert refused(state, "draw_cards", player=0, count=3) == [R + "R25"]
    assert refused(state, "advance_phase") == [R + "R25"]
    drawn = play(state, "draw_cards", player=0, count=2)
    assert refused(drawn, "draw_cards", player=0, count=2) == [R + "R25"]
    assert refused(drawn, "advance_phase") == []


def test_r26_at_most_two_endurance_cards_a_round():
    state = play(play(night(), "move_hero", player=0, to=[1, 2]), "advance_phase")
    state = play(play(state, "draw_cards", player=0, count=2), "advance_phase")
    two = play(play(state, "play_endurance", player=0, source="hand"), "play_endurance", player=0, source="hand")
    assert refused(two, "play_endurance", player=0, source="hand") == [R + "R26"]
    assert two["players"][0]["endurance_total"] == 2


def test_r27_cards_are_readied_in_the_ready_phase():
    state = night()
    assert refused(state, "ready_all", player=0) == [R + "R27"]
    state = play(play(state, "move_hero", player=0, to=[1, 2]), "advance_phase")
    state = play(play(play(state, "draw_cards", player=0, count=2), "advance_phase"), "advance_phase")
    assert state["phase"] == "ready" and refused(state, "ready_all", player=0) == []


def test_h2_no_override_takes_a_count_below_zero():
    state = play(play(night(), "move_hero", player=0, to=[1, 2]), "advance_phase")
    state = play(play(state, "draw_cards", player=0, count=2), "advance_phase")
    state["players"][0]["hand_count"] = 0
    empty = decide(GAME, state, Action("play_endurance", {"player": 0, "source": "hand"}, "card text"))
    assert not empty.accepted and [v.rule_id for v in empty.violations] == [R + "H2"]
    state["players"][0]["hand_count"] = 1
    assert refused(state, "play_endurance", player=0, source="hand") == []


def test_r28_r29_r30_r103_cards_in_your_turn_with_endurance_and_in_play():
    state = to_hero_turn(night())
    opp = to_opponents(night())
    assert refused(opp, "play_action_card", player=0, card="Slyness", cost=0, kind="one_shot") == [R + "R28"]
    assert refused(opp, "play_action_card", player=0, card="Sidestep", cost=0, kind="permanent", any_time=True) == []
    assert refused(state, "play_action_card", player=0, card="Khunchomer", cost=2, kind="permanent") == [R + "R29"]
    state["players"][0].update(endurance_total=2, endurance_ready=2)
    played = play(state, "play_action_card", player=0, card="Sidestep", cost=1, kind="permanent")
    assert refused(played, "activate_permanent", player=0, card="Khunchomer") == [R + "R30"]
    used = play(played, "activate_permanent", player=0, card="Sidestep", exhaust=True)
    assert refused(used, "activate_permanent", player=0, card="Sidestep", exhaust=True) == [R + "R30"]
    played["players"][0]["permanents"] = []
    played["players"][0]["endurance_cards"] = ["Sidestep"]
    assert refused(played, "activate_permanent", player=0, card="Sidestep") == [R + "R103"]


def test_r32_one_attack_of_each_type_per_turn():
    state = to_hero_turn(night())
    done = play(attacking(state), "attack_failed_final", player=0)
    assert refused(done, "declare_attack", player=0, attack_type="close", villain="v1") == [R + "R32"]
    assert refused(done, "declare_attack", player=0, attack_type="ranged", villain="v1") == []


def test_r33_only_an_opponent_in_the_row():
    state = to_hero_turn(night())
    gone = play(state, "villain_leaves", villain="v1", how="fled")
    assert refused(gone, "declare_attack", player=0, attack_type="close", villain="v1") == [R + "R33"]
    assert refused(state, "declare_attack", player=0, attack_type="close", villain="v1") == []


def test_r35_r36_a_dodge_before_the_damage_and_damage_from_a_hit():
    state = to_hero_turn(night())
    assert R + "R36" in refused(state, "damage_villain", villain="v1")
    hit = play(attacking(state, roll=5), "damage_roll", player=0, amount=7)
    assert refused(hit, "damage_villain", villain="v1") == [R + "R35"]
    dodged = play(hit, "villain_dodge_roll", villain="v1", roll=5)
    assert dodged["pending_attack"]["damage"] == 4
    assert refused(dodged, "damage_villain", villain="v1") == []


def test_r37_an_opponent_heals_up_to_its_start():
    state = to_hero_turn(night())
    assert refused(state, "heal_villain", villain="v1", amount=1) == [R + "R37"]
    assert refused(state, "heal_villain", villain="v1", amount=1, above_start=True) == []


def test_r40_a_group_hero_at_zero_acts_no_more():
    state = to_hero_turn(night(GROUP[:2]))
    down = play(state, "life_point_loss", target=1, amount=30)
    assert down["players"][1]["unconscious"] and down["phase"] == "hero_turn"
    assert set(refused(down, "spend_fate_endurance", player=1)) == {R + "R40", R + "R9"}
    assert refused(down, "heal", target=1, amount=3) == []


def test_r41_opponents_act_left_to_right_one_die_per_action():
    state = to_opponents(night())
    state = play(state, "place_villain", **{**GUARD, "name": "Harem Guard"})
    assert refused(state, "villain_action_roll", villain="v2", roll=5) == [R + "R41"]
    assert refused(state, "advance_phase") == [R + "R41"]
    assert refused(state, "villain_attack", villain="v1", target=0, amount=3) == [R + "R41"]
    rolled = play(state, "villain_action_roll", villain="v1", roll=5)
    assert refused(rolled, "villain_action_roll", villain="v1", roll=5) == [R + "R41"]
    assert refused(rolled, "villain_action_roll", villain="v2", roll=5) == []


def test_r42_a_groups_leader_hits_the_starting_hero():
    state = to_opponents(night(GROUP[:3]))
    state["villains"][0].update(kind="leader", name="Baradarasch")
    rolled = play(state, "villain_action_roll", villain="v1", roll=4)
    assert refused(rolled, "villain_attack", villain="v1", target=1, amount=5) == [R + "R42"]
    assert refused(rolled, "villain_attack", villain="v1", target=0, amount=5) == []


def test_r43_one_dodge_test_per_attack_and_never_against_a_loss():
    state = to_opponents(night())
    assert refused(state, "dodge_roll", player=0, roll=5) == [R + "R43"]
    hit = attacked()
    dodged = play(hit, "dodge_roll", player=0, roll=5)
    assert dodged["pending_attack"]["damage"] == 4
    assert refused(dodged, "dodge_roll", player=0, roll=5) == [R + "R43"]


def test_r105_the_hero_takes_what_the_attack_lets_through():
    dodged = play(attacked(7), "dodge_roll", player=0, roll=5)
    assert refused(dodged, "apply_damage", target=0, amount=5) == [R + "R105"]
    assert play(dodged, "apply_damage", target=0)["players"][0]["life_points"] == 36
    assert refused(to_opponents(night()), "apply_damage", target=0) == [R + "R105"]


def test_r44_the_time_counter_moves_once_and_its_guards_come():
    state = to_opponents(night())
    state = play(play(state, "villain_action_roll", villain="v1", roll=12), "advance_phase")
    assert refused(state, "advance_phase") == [R + "R44"]
    plus = play(state, "advance_time", enemy=True)
    assert refused(plus, "advance_time") == [R + "R44"]
    assert refused(plus, "advance_phase") == [R + "R44"]
    guarded = play(plus, "place_villain", **GUARD)
    assert guarded["villains"][-1]["name"] == "Honor Guard" and refused(guarded, "advance_phase") == []


def test_r46_the_special_ability_once_a_night():
    state = to_hero_turn(night())
    used = play(state, "use_special_ability", player=0)
    assert refused(used, "use_special_ability", player=0) == [R + "R46"]


def test_r47_and_r65_a_spent_deck_gives_no_card():
    state = to_hero_turn(night())
    state["players"][0].update(fate_points=1, draw_deck_count=0)
    state["fate_pool"] = 1
    assert refused(state, "spend_fate_draw", player=0) == [R + "R47"]
    assert refused(state, "draw_cards", player=0, count=1, reason="card_effect") == [R + "R65"]
    state["players"][0]["draw_deck_count"] = 1
    assert refused(state, "spend_fate_draw", player=0) == []


# ------------------------------------------------------------------ the palace and the night

def test_r49_retreat_only_from_the_courtyard():
    state = night()
    moved = play(state, "move_hero", player=0, to=[1, 3])
    assert refused(moved, "retreat", player=0) == [R + "R49"]
    assert refused(state, "retreat", player=0) == [R + "R49"]  # no move yet this round
    stayed = play(state, "move_hero", player=0, to=[1, 2])
    assert play(stayed, "retreat", player=0)["exploration_end_reason"] == "retreat"


def test_r50_r51_r55_the_night_is_laid_out_as_the_cards_say():
    state = new()
    assert refused(state, "start_exploration", **{**NIGHT, "manticore_cells": NIGHT["manticore_cells"][:3]}) == [R + "R50"]
    assert refused(state, "start_exploration", **{**NIGHT, "manticore_cells": [[1, 2], [0, 0], [3, 4], [2, 5]]}) == \
        [R + "R51"]
    assert refused(state, "start_exploration", **{**NIGHT, "hasrabal": ["Raised Alert"]}) == [R + "R55"]
    assert refused(state, "start_exploration", **NIGHT) == []
    state["manticore_left"] = 2
    assert refused(state, "start_exploration", **{**NIGHT, "manticore_cells": [[0, 2], [3, 0]]}) == []


def test_r56_r96_palace_guards_one_per_hero():
    state = new()
    orc = {**GUARD, "name": "Orc", "keywords": ["Orc"]}
    assert refused(state, "start_exploration", **{**NIGHT, "villains": [orc]}) == [R + "R56"]
    assert refused(state, "start_exploration", **{**NIGHT, "villains": [GUARD, GUARD]}) == [R + "R96"]
    group = new(GROUP[:2])
    assert refused(group, "start_exploration", **NIGHT) == [R + "R96"]
    assert refused(group, "start_exploration", **{**NIGHT, "villains": [GUARD, GUARD]}) == []


def test_r53_setup_swaps_next_to_the_courtyard_with_face_up_cards():
    state = play(play(night(), "name_card", cell=[1, 3], card="Study"), "name_card", cell=[1, 5], card="Bedchamber")
    swapped = play(state, "swap_cards", cell=[1, 3], **{"with": [1, 5]})
    assert swapped["grid"]["cells"][1][3]["card"] == "Bedchamber" and swapped["grid"]["cells"][1][5]["card"] == "Study"
    assert refused(state, "swap_cards", cell=[1, 4], **{"with": [1, 5]}) == [R + "R53"]  # not next to the Courtyard
    assert refused(state, "swap_cards", cell=[1, 3], **{"with": [0, 2]}) == [R + "R53"]  # a Manticore Card
    assert refused(state, "swap_cards", cell=[1, 3], **{"with": [2, 4]}) == [R + "R53"]  # face down
    moved = play(state, "move_hero", player=0, to=[1, 2])
    assert refused(moved, "swap_cards", cell=[1, 3], **{"with": [1, 5]}) == [R + "R53"]


def test_r57_the_fox_hand_once_with_the_opening_hand():
    state = night()
    fox = play(state, "fox_hand", player=0, count=2)
    assert refused(fox, "fox_hand", player=0, count=1) == [R + "R57"]
    moved = play(state, "move_hero", player=0, to=[1, 2])
    assert refused(moved, "fox_hand", player=0, count=1) == [R + "R57"]


def test_r58_heart_tokens_flip_their_number_is_fixed():
    state = night()
    assert refused(state, "flip_heart_token", direction="mend", count=1) == [R + "R58"]
    assert refused(state, "flip_heart_token", direction="break", count=10) == [R + "R58"]
    broken = play(state, "flip_heart_token", direction="break", count=2)
    assert broken["hearts"] == {"total": 9, "broken": 2}
    assert refused(broken, "flip_heart_token", direction="mend", count=2) == []


def test_r61_r62_r82_fulfilled_cards():
    state = night()
    assert refused(state, "fulfill_card", cell=[0, 2], story_card="The Dark Eye") == [R + "R61"]
    assert refused(state, "fulfill_manticore", cell=[1, 3]) == [R + "R62"]
    done = play(state, "fulfill_card", cell=[1, 3], story_card="The Dark Eye")
    assert refused(done, "fulfill_card", cell=[1, 4], story_card="The Dark Eye") == [R + "R82"]
    assert refused(state, "fulfill_manticore", cell=[0, 2], replacement="Study") == []


def test_r63_a_gap_stays_a_gap():
    state = play(night(), "remove_palace_card", cell=[1, 3])
    assert refused(state, "remove_palace_card", cell=[1, 3]) == [R + "R63"]
    assert refused(state, "name_card", cell=[1, 3], card="Study") == [R + "R63"]
    assert refused(state, "remove_palace_card", cell=[1, 2]) == [R + "R63"]  # the hero stands there
    assert refused(state, "remove_palace_card", cell=[1, 1]) == []


def test_r66_no_guard_left_only_when_one_is_owed():
    state = to_opponents(night())
    state = play(play(state, "villain_action_roll", villain="v1", roll=12), "advance_phase")
    assert refused(state, "no_guard_left") == [R + "R66"]
    assert refused(play(state, "advance_time", enemy=True), "no_guard_left") == []


def test_r80_r81_a_decided_adventure_starts_no_night():
    state = night()
    state["hearts"]["broken"] = 9
    lost = play(state, "move_hero", player=0, to=[1, 2])
    lost = play(lost, "retreat", player=0)
    assert lost["outcome"]["result"] == "lost"
    assert R + "R80" in refused(lost, "start_exploration", **NIGHT)
    assert refused(night(), "restart_adventure") == [R + "R80"]
    again = play(lost, "restart_adventure")
    assert again["outcome"] is None and again["hearts"] == {"total": 9, "broken": 0}
    state = new()
    state["hearts"]["broken"] = 9
    assert refused(state, "start_exploration", **NIGHT) == [R + "R81"]


def test_r94_a_group_moves_in_turn_at_most_three():
    state = night(GROUP)  # five heroes: Ann, Ben and Cem move
    assert state["moves"]["order"] == [0, 1, 2]
    assert refused(state, "move_hero", player=1, to=[1, 3]) == [R + "R94"]
    assert refused(state, "move_hero", player=3, to=[1, 3]) == [R + "R94"]
    state = play(state, "move_hero", player=0, to=[1, 3])
    state = play(state, "move_hero", player=1, to=[1, 4])
    assert refused(state, "advance_phase") == [R + "R17"]
    state = play(state, "move_hero", player=2, to=[1, 4])
    assert refused(state, "advance_phase") == []


def test_r107_the_curse_turns_once():
    state = night()
    lifted = play(state, "lift_curse")
    assert lifted["curse_side"] == "B" and refused(lifted, "lift_curse") == [R + "R107"]


def test_h1_one_attack_at_a_time():
    state = to_hero_turn(night())
    open_ = attacking(state)
    assert refused(open_, "declare_attack", player=0, attack_type="ranged", villain="v1") == [R + "H1"]
    assert refused(open_, "advance_phase") == [R + "H1"]
    assert refused(state, "damage_roll", player=0, amount=3) == [R + "H1"]


@pytest.mark.parametrize("rule", ["R11", "R14", "H2"])
def test_the_invariants_hold_on_a_fresh_night(rule):
    assert not GAME.rules[R + rule].check(night(), {}, None)
    assert not GAME.rules[R + rule].check(night([ANN, *GROUP[1:3]]), {}, None)


def test_h3_no_override_runs_a_nights_step_outside_a_night():
    state = new()
    for action, params in (("advance_phase", {}), ("move_hero", {"player": 0, "to": [1, 2]}),
                           ("draw_cards", {"player": 0, "count": 2})):
        result = decide(GAME, state, Action(action, params, "card text"))
        assert not result.accepted and R + "H3" in [v.rule_id for v in result.violations], action
    assert refused(night(), "advance_phase", ) == [R + "R17"]  # in a night the step order speaks
