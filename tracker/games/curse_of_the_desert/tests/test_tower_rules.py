"""Every rule Part Two enforces: the refusal (its rule id) and the accepted neighbour case."""
from .helpers import (
    ANN, GROUP, ORC, R, VAGABOND, finish_round, next_exploration, play, refused, reveal, section_due, to_hero_turn,
    tower,
)


def test_entering_a_face_down_card_needs_its_name_and_a_new_cards_floor():
    from tracker.engine import Action, ParamError, decide

    from .helpers import GAME
    state = tower()
    try:
        decide(GAME, state, Action("move_hero", {"player": 0, "to": [0, 2]}))
        raise AssertionError("a face-down card entered without its name")
    except ParamError as e:
        assert "params.card" in e.errors
    after = play(state, "move_hero", player=0, to=[0, 2], card="Torture Chamber")
    assert after["grid"]["cells"][0][2]["floor"] == "upper"  # one floor in play: no need to ask
    staged = tower(start_stage=2, entrance=(2, 3))
    try:
        decide(GAME, staged, Action("move_hero", {"player": 0, "to": [1, 3], "card": "Laboratory"}))
        raise AssertionError("a new card's floor is needed once two floors are in play")
    except ParamError as e:
        assert "params.floor" in e.errors
    assert refused(staged, "move_hero", player=0, to=[1, 3], card="Laboratory", floor="middle") == []


def test_r67_r68_the_entry_that_teaches_applies_the_tower_card_and_later_ones_the_learning_card():
    state = tower()
    state = play(state, "move_hero", player=0, to=[1, 1], card="Torture Chamber")
    assert state["last_entry"]["effect"] == "tower" and state["learning_cards"] == ["Torture Chamber"]
    state = finish_round(to_hero_turn(state))
    state = play(state, "move_hero", player=0, to=[1, 1])
    assert state["last_entry"] == {"card": "Torture Chamber", "cell": [1, 1], "effect": "learning"}
    # a card turned up by an effect teaches nothing (R67)
    turned = reveal(tower(), (0, 0))
    assert turned["grid"]["cells"][0][0]["face_up"] and turned["learning_cards"] == []


def test_f10_the_entrance_stairs_teach_only_once_entered():
    state = tower()
    assert state["learning_cards"] == []
    assert play(state, "move_hero", player=0, to=[1, 2])["learning_cards"] == ["Entrance Stairs"]


def test_r22_a_first_entering_card_entered_again_sends_the_hero_on():
    state = play(tower(), "move_hero", player=0, to=[1, 1], card="Bull Skull Shrine", first_entering=True)
    state = finish_round(to_hero_turn(state))
    state = play(state, "move_hero", player=0, to=[1, 1])
    assert state["last_entry"]["effect"] == "again"
    assert refused(state, "advance_phase") == [R + "R22"]
    assert refused(state, "move_hero", player=0, to=[1, 1]) == [R + "R18"]
    assert refused(state, "move_hero", player=0, to=[1, 0], card="Library") == []


def test_b1_an_effect_turns_up_face_down_cards_only():
    state = tower()
    assert refused(state, "reveal_card_by_effect", cell=[1, 2]) == [R + "B1"]
    assert refused(state, "reveal_card_by_effect", cell=[0, 0], card="Library") == []


def test_r70_insight_cards_need_the_experience_and_come_before_the_first_move():
    state = tower(floor_xp={"upper": 5, "basement": 2}, start_stage=5, entrance=(0, 0),
                  villains=[VAGABOND, ORC, ORC], removed_floors={"upper": 2, "middle": 2, "spaceship": 2})
    assert refused(state, "take_insight_card", floor="middle") == [R + "R70"]
    assert refused(state, "take_insight_card", floor="basement") == [R + "R70"]
    state = play(state, "take_insight_card", floor="upper")
    assert refused(state, "take_insight_card", floor="upper") == [R + "R70"]
    state = play(state, "use_insight_card", floor="upper")
    assert refused(state, "use_insight_card", floor="upper") == [R + "R70"]
    basement = tower(floor_xp={"basement": 3}, start_stage=5, entrance=(0, 0), villains=[VAGABOND, ORC, ORC],
                     removed_floors={"upper": 2, "middle": 2, "spaceship": 2})
    assert refused(basement, "take_insight_card", floor="basement") == []
    moved = play(basement, "move_hero", player=0, to=[0, 0])
    assert refused(moved, "take_insight_card", floor="basement") == [R + "R70"]


def test_r71_task_cards_only_after_the_mission_of_the_brain():
    early = to_hero_turn(tower(start_stage=4, entrance=(0, 0)))
    assert refused(early, "gain_task_card", card="Magnetic Key") == [R + "R71"]
    late = to_hero_turn(tower(start_stage=5, entrance=(0, 0), villains=[VAGABOND, ORC, ORC]))
    late = play(late, "gain_task_card", card="Magnetic Key")
    assert refused(late, "gain_task_card", card="Magnetic Key") == [R + "R71"]
    assert refused(late, "gain_task_card", card="Trap Door") == []


def test_r73_f16_after_the_bull_skull_shrine_no_new_orcs_but_the_row_stays():
    state = play(tower(), "close_orc_pile")
    assert [v["status"] for v in state["villains"]] == ["active", "active"]
    assert refused(state, "place_villain", **ORC) == [R + "R73"]
    assert refused(state, "place_villain", name="Leatherman", life_points=7, keywords=["Leatherman"]) == []
    assert refused(state, "close_orc_pile") == [R + "R73"]


def test_r74_f13_no_third_drugone():
    drugone = {"name": "Drugone", "life_points": 8, "actions": 1}
    state = play(play(tower(), "place_villain", **drugone), "place_villain", **drugone)
    assert refused(state, "place_villain", **drugone) == [R + "R74"]
    state = play(state, "villain_leaves", villain="v3", how="removed_from_game")
    assert refused(state, "place_villain", **drugone) == []


def test_r75_f14_endeavor_pays_one_move_at_a_time():
    state = tower(start_stage=5, entrance=(0, 0), villains=[VAGABOND, ORC, ORC])
    assert refused(state, "endeavor_move", player=0, to=[0, 1], pay="fate", card="Generator", floor="spaceship") \
        == [R + "R75"]  # the round's own move comes first
    state = play(state, "move_hero", player=0, to=[0, 0])
    assert refused(state, "endeavor_move", player=0, to=[0, 1], pay="fate", card="Generator", floor="spaceship") \
        == [R + "R75"]  # no Fate Point held
    state["players"][0]["fate_points"], state["fate_pool"] = 1, 1
    state = play(state, "endeavor_move", player=0, to=[0, 1], pay="fate", card="Generator", floor="spaceship")
    assert state["hero_cell"] == [0, 1] and state["players"][0]["fate_points"] == 0 and state["fate_pool"] == 2
    stage_four = play(tower(start_stage=4, entrance=(0, 0)), "move_hero", player=0, to=[0, 0])
    stage_four["players"][0]["fate_points"], stage_four["fate_pool"] = 1, 1
    assert refused(stage_four, "endeavor_move", player=0, to=[0, 1], pay="fate", card="Generator",
                   floor="spaceship") == [R + "R75"]  # no Endeavor before The Mission of the Brain


def test_r76_the_vagabond_is_placed_at_the_left_once_due():
    state = tower(start_stage=5, entrance=None, removed_floors={"upper": 2, "middle": 2, "spaceship": 2})
    assert state["phase"] == "exploration_setup" and state["vagabond"] == "to_place"
    assert refused(state, "start_exploration", entrance=[0, 0], villains=[ORC, ORC]) == [R + "R76"]
    after = play(state, "start_exploration", entrance=[0, 0], villains=[ORC, VAGABOND, ORC])
    assert after["villains"][0]["name"] == "The Vagabond" and after["vagabond"] == "in_play"
    early = tower(entrance=None)
    assert refused(early, "start_exploration", entrance=[0, 0], villains=[VAGABOND, ORC, ORC]) == [R + "R76"]


def test_r77_f17_the_doubler_is_not_beaten_by_combat_damage():
    state = play(tower(), "place_villain", name="Doubler", life_points=4, actions=1)
    state = to_hero_turn(state)
    state = play(state, "declare_attack", player=0, attack_type="close", villain="v3")
    state = play(state, "attack_roll", player=0, roll=4)
    state = play(state, "damage_roll", player=0, amount=9)
    assert refused(state, "damage_villain", villain="v3") == [R + "R77"]
    assert refused(state, "damage_villain", villain="v3", amount=3) == []


def test_r78_the_layout_follows_the_death_candidate():
    state = tower(entrance=None)
    assert refused(state, "start_exploration", entrance=[0, 0], villains=[ORC, ORC], layout=[4, 6]) == [R + "R78"]
    assert play(state, "start_exploration", entrance=[0, 0], villains=[ORC, ORC], layout=[2, 3])["layout"] == \
        {"rows": 2, "cols": 3}


def test_r79_the_removed_cards_are_out_after_the_mission_of_the_brain():
    state = tower(start_stage=5, entrance=(0, 0), villains=[VAGABOND, ORC, ORC])
    assert refused(state, "move_hero", player=0, to=[0, 1], card="Rockworms", floor="middle") == [R + "R79"]
    assert refused(state, "move_hero", player=0, to=[0, 1], card="Ship's Computer", floor="spaceship") == []


def test_r85_the_fourth_objective_needs_eleven_tokens():
    state = tower(start_stage=4, entrance=(0, 0))
    state = play(state, "adjust_counter", counter="dc_tokens", amount=10)
    due = section_due(state, "objective")
    assert refused(due, "resolve_section", objective_done=True) == [R + "R85"]
    assert refused(due, "resolve_section", objective_done=False) == []
    state = play(state, "adjust_counter", counter="dc_tokens", amount=1)
    assert refused(section_due(state, "objective"), "resolve_section", objective_done=True) == []


def test_r89_two_orcs_per_hero_start_an_exploration():
    state = tower(entrance=None)
    assert refused(state, "start_exploration", entrance=[0, 0], villains=[ORC]) == [R + "R89"]
    leather = {**ORC, "name": "Leatherman", "keywords": ["Leatherman"]}
    assert refused(state, "start_exploration", entrance=[0, 0], villains=[ORC, leather]) == [R + "R89"]
    assert refused(state, "start_exploration", entrance=[0, 0], villains=[ORC, ORC]) == []
    group = tower(GROUP[:3], entrance=None)
    assert refused(group, "start_exploration", entrance=[0, 0], villains=[ORC] * 6) == []


def test_r97_a_dead_hero_of_a_group_stays_dead_this_exploration():
    state = to_hero_turn(tower(GROUP[:2]))
    state = play(state, "life_point_loss", target=1, amount=30)
    assert state["players"][1]["dead"] and state["phase"] == "hero_turn"
    assert refused(state, "heal", target=1, amount=5) == [R + "R97"]
    assert refused(state, "heal", target=0, amount=5) == []
    state = play(state, "life_point_loss", target=0, amount=30)
    assert state["phase"] == "section" and state["section_due"]["section"] == "1"


def test_r8_in_the_tower_fate_points_reroll_skill_tests():
    state = to_hero_turn(tower())
    state["players"][0]["fate_points"], state["fate_pool"] = 1, 1
    failed = play(state, "test_roll", player=0, skill="stealth", roll=18)
    assert failed["last_test"]["result"] == "failure"
    assert refused(failed, "spend_fate_reroll_test", player=0, roll=3) == []


def test_r72_f11_a_defeat_gives_a_fate_point_unless_a_learning_card_made_it():
    state = to_hero_turn(tower())
    by_card = play(state, "villain_life_point_loss", villain="v1", amount=6, player=0, by="learning_card")
    assert by_card["players"][0]["fate_points"] == 0 and by_card["fate_pool"] == 2
    own = play(state, "villain_life_point_loss", villain="v1", amount=6, player=0)
    assert own["players"][0]["fate_points"] == 1 and own["fate_pool"] == 1


def test_b2_environment_tokens_need_the_environment():
    state = tower()
    assert refused(state, "adjust_counter", counter="orc_shaman", amount=1) == [R + "B2"]
    later = tower(start_stage=4, entrance=(0, 0))
    assert later["environments"]["Orc Shaman"]["tokens"] == 1  # its token for this exploration
    assert refused(later, "adjust_counter", counter="orc_shaman", amount=1) == []


def test_h3_and_the_phase_rule_hold_the_round_while_a_section_is_due():
    due = section_due(tower())
    assert refused(due, "move_hero", player=0, to=[1, 2]) == [R + "H3"]
    assert refused(due, "start_exploration", entrance=[0, 0], villains=[ORC, ORC]) == [R + "R17"]
    assert refused(due, "resolve_section", objective_done=True) == []


def test_r80_a_decided_adventure_starts_no_exploration_and_only_a_lost_one_restarts():
    final = section_due(tower(start_stage=6, entrance=(0, 0), villains=[VAGABOND, ORC, ORC],
                              removed_floors={"upper": 2, "middle": 2, "spaceship": 2}))
    won = play(final, "resolve_section", objective_done=True)
    assert refused(won, "restart_adventure") == [R + "R80"]
    lost = play(final, "resolve_section", objective_done=False)
    assert refused(lost, "restart_adventure") == []
    assert refused(lost, "start_exploration", entrance=[0, 0], villains=[ORC, ORC]) == [R + "R80"]
    assert ANN["name"] == lost["players"][0]["name"]
