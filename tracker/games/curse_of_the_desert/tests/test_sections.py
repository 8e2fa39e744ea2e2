"""Part Two's narrative sections as scenarios: what each one changes, the next layout and Death's
Candidate, and the rulebook's questions and answers about the tower ([Narrative Sections]; [Rules
Questions and Answers (Curse of Borbarad)])."""
import pytest

from tracker.engine import Action, ParamError, decide

from .helpers import (
    GAME, GROUP, ORC, R, VAGABOND, finish_round, next_exploration, play, refused, reveal, section_due, to_hero_turn,
    tower,
)

REMOVED = {"upper": 2, "middle": 2, "spaceship": 2}


def at_stage(stage, **options):
    extra = {"villains": [VAGABOND, ORC, ORC], "removed_floors": REMOVED} if stage >= 5 else {}
    return tower(start_stage=stage, entrance=(0, 0), **{**extra, **options})


def test_a_death_ends_the_exploration_and_names_its_section():
    state = to_hero_turn(tower())
    state = play(state, "apply_damage", target=0, amount=45)
    assert state["phase"] == "section" and state["exploration_end_reason"] == "death"
    assert state["section_due"] == {"section": "1", "title": "Section 1", "reason": "death"}
    assert state["read_next"] == "Section 1"


def test_section_1_resets_the_hero_grants_the_objective_fate_point_and_adds_the_middle_floor():
    state = play(tower(), "move_hero", player=0, to=[1, 1], card="Torture Chamber")
    state = reveal(state, (0, 0))  # Entrance Stairs, Torture Chamber and one more: 3 of 6 face up
    state = to_hero_turn(finish_round(to_hero_turn(state)))
    state = play(state, "life_point_loss", target=0, amount=40)
    after = play(state, "resolve_section", objective_done=True)
    p = after["players"][0]
    assert after["dc_stage"] == 2 and after["layout"] == {"rows": 3, "cols": 4} and after["read_next"] == "Section 2"
    assert after["floor_xp"]["upper"] == 1 and after["floor_cards"]["middle"] == 6
    assert (p["life_points"], p["fate_points"], after["fate_pool"]) == (40, 1, 1)
    assert (p["draw_deck_count"], p["hand_count"], p["special_ability_available"]) == (30, 0, True)
    assert after["time_pos"] == after["time_start"] and after["villains"] == [] and after["grid"] is None
    assert after["learning_cards"] == ["Torture Chamber"] and after["phase"] == "exploration_setup"
    assert after["sections"][-1]["xp"] == {"upper": 1} and after["sections"][-1]["fate_bonus"] is True
    nxt = next_exploration(after, entrance=(2, 3))
    assert (nxt["grid"]["rows"], nxt["grid"]["cols"]) == (3, 4) and nxt["players"][0]["fate_points"] == 1
    assert nxt["hero_cell"] == [2, 3] and nxt["exploration"] == 2


def test_section_1_with_all_six_up_gives_two_and_no_fate_point_without_the_objective():
    state = reveal(tower(), (0, 0), (0, 1), (0, 2), (1, 0), (1, 1))
    after = play(section_due(state), "resolve_section", objective_done=False)
    assert after["floor_xp"]["upper"] == 2 and after["players"][0]["fate_points"] == 0 and after["fate_pool"] == 2
    assert play(section_due(tower()), "resolve_section", objective_done=False)["floor_xp"]["upper"] == 0


def test_section_2_counts_both_floors():
    state = tower(start_stage=2, entrance=(0, 0))
    state = reveal(state, (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), floor="upper")
    state = reveal(state, (1, 2), (1, 3), (2, 0), (2, 1), floor="middle")
    after = play(section_due(state), "resolve_section", objective_done=True)
    assert after["floor_xp"] == {"upper": 2, "middle": 1, "spaceship": 0, "basement": 0}
    assert after["dc_stage"] == 3 and after["players"][0]["fate_points"] == 1


def test_section_3_without_the_objective_places_the_orc_shaman_and_keeps_the_card():
    after = play(section_due(tower(start_stage=3, entrance=(0, 0))), "resolve_section", objective_done=False)
    assert after["dc_stage"] == 3 and after["layout"] == {"rows": 3, "cols": 4}
    assert after["environments"] == {"Orc Shaman": {"tokens": 0}} and after["players"][0]["fate_points"] == 0
    assert after["sections"][-1]["branch"] == "3-retry"
    assert next_exploration(after)["environments"]["Orc Shaman"]["tokens"] == 1


def test_section_3_with_the_objective_goes_on_to_the_iron_maiden():
    after = play(section_due(tower(start_stage=3, entrance=(0, 0)), "objective"), "resolve_section", objective_done=True)
    assert after["dc_stage"] == 4 and after["layout"] == {"rows": 4, "cols": 5}
    assert set(after["environments"]) == {"Orc Shaman", "Hurry up!"} and after["floor_cards"]["spaceship"] == 8
    assert after["players"][0]["fate_points"] == 0  # only Sections 1 and 2 give the Fate Point (R86)


def test_section_4_without_the_objective_is_communication_problems():
    state = play(at_stage(4), "adjust_counter", counter="dc_tokens", amount=7)
    state = reveal(state, (0, 1), (0, 2), (0, 3), (0, 4), floor="spaceship")
    after = play(section_due(state), "resolve_section", objective_done=False)
    assert after["dc_stage"] == 4 and after["dc_tokens"] == 0 and after["layout"] == {"rows": 4, "cols": 5}
    assert "Eleven Friends" in after["environments"] and after["floor_xp"]["spaceship"] == 1
    assert after["sections"][-1]["branch"] == "communication-problems"


def test_f18_ship_s_computer_the_eleventh_token_opens_the_mission_of_the_brain():
    state = play(at_stage(4), "move_hero", player=0, to=[0, 1], card="Torture Chamber", floor="upper")
    state["learning_cards"] += ["Rockworms", "Ship's Computer"]
    state = play(state, "adjust_counter", counter="dc_tokens", amount=10)  # through Learning Cards
    assert refused(section_due(state, "objective"), "resolve_section", objective_done=True) == [R + "R85"]
    state = play(state, "adjust_counter", counter="dc_tokens", amount=1)  # the Ship's Computer success
    state = play(state, "gain_task_card", card="Analytical Engine") if state["tasks_unlocked"] else state
    after = play(section_due(state, "objective"), "resolve_section", objective_done=True)
    assert after["dc_stage"] == 5 and after["layout"] == {"rows": 4, "cols": 6} and after["dc_tokens"] == 0
    assert after["vagabond"] == "to_place" and after["tasks_unlocked"]
    assert set(after["environments"]) == {"Orc Shaman", "Eleven Friends", "Endeavor"}
    assert "Rockworms" in after["removed_tower_cards"] and "Rockworms" not in after["learning_cards"]
    assert "Ship's Computer" in after["learning_cards"]
    nxt = next_exploration(after)
    assert nxt["villains"][0]["name"] == "The Vagabond" and nxt["environments"]["Eleven Friends"]["tokens"] == 1


def test_section_5_needs_the_removed_floors_then_lays_out_the_final_attempt():
    state = tower(start_stage=4, entrance=(0, 0))
    state = play(state, "adjust_counter", counter="dc_tokens", amount=11)
    mission = play(section_due(state, "objective"), "resolve_section", objective_done=True)
    five = next_exploration(mission)
    five = play(five, "adjust_counter", counter="eleven_friends", amount=3)
    five = to_hero_turn(five)
    five = play(five, "villain_leaves", villain="v1", how="removed_from_game")  # Bull Skull Shrine took it
    five = play(five, "gain_task_card", card="Trap Door")
    due = section_due(five, "objective")
    with pytest.raises(ParamError) as e:
        decide(GAME, due, Action("resolve_section", {"objective_done": True}))
    assert "params.removed_floors" in e.value.errors
    final = play(due, "resolve_section", objective_done=True, removed_floors=REMOVED)
    assert final["dc_stage"] == 6 and final["final_attempt"] and final["vagabond"] == "to_place"
    assert final["environments"]["Eleven Friends"]["tokens"] == 2 and final["tasks_gained"] == []
    assert final["floor_cards"] == {"upper": 4, "middle": 4, "spaceship": 6, "basement": 10}
    assert final["read_next"].startswith("Section 6")


def test_sections_6_and_7_decide_the_adventure():
    final = section_due(at_stage(6))
    won = play(final, "resolve_section", objective_done=True)
    assert won["outcome"]["result"] == "won" and won["player_title"] == "Truth in the Mirror"
    lost = play(final, "resolve_section", objective_done=False)
    assert lost["outcome"]["result"] == "lost" and lost["player_title"] is None
    again = play(lost, "restart_adventure")
    assert again["dc_stage"] == 1 and again["floor_xp"]["upper"] == 0 and again["learning_cards"] == []
    assert again["phase"] == "exploration_setup" and again["outcome"] is None and again["environments"] == {}


def test_start_stage_implies_the_tower_and_the_environments():
    four = tower(start_stage=4, entrance=(3, 4), floor_xp={"upper": 6, "middle": 3})
    assert four["layout"] == {"rows": 4, "cols": 5} and set(four["environments"]) == {"Orc Shaman", "Hurry up!"}
    assert four["floor_xp"]["upper"] == 6 and four["read_next"] == "Section 4" and not four["tasks_unlocked"]
    assert tower(start_stage=2, entrance=(0, 0))["environments"] == {}


def test_the_time_row_counts_down_and_stays_on_zero():
    state = tower(time_start=1)
    state = finish_round(to_hero_turn(state))
    assert state["time_pos"] == 0
    state = finish_round(to_hero_turn(play(state, "move_hero", player=0, to=[1, 2])))
    assert state["time_pos"] == 0 and state["round"] == 3


def test_f9_an_empty_hero_deck_does_not_end_the_exploration():
    state = to_hero_turn(tower())
    state = play(state, "draw_cards", player=0, count=23, reason="card_effect")
    state = finish_round(state)
    assert state["phase"] == "move" and state["players"][0]["draw_deck_count"] == 0
    assert play(state, "end_exploration", reason="deck_empty")["section_due"]["reason"] == "deck_empty"


def test_f12_every_henchman_attack_hits_the_solo_hero():
    state = to_hero_turn(tower())
    while state["phase"] != "opponents":
        state = play(state, "advance_phase")
    state = play(state, "villain_action_roll", villain="v1", roll=12)
    assert refused(state, "villain_attack", villain="v1", target=0, amount=3, method="least_life_points") == []


def test_a_group_moves_with_the_starting_hero_only_and_starts_with_two_orcs_each():
    state = tower(GROUP[:2], starting_player=1)
    assert state["moves"]["order"] == [1] and len(state["villains"]) == 4
    assert refused(state, "move_hero", player=0, to=[1, 1], card="Library") == [R + "R94"]
    assert state["players"][0]["life_points"] == 30


def test_f15_the_vagabond_note_on_learning_card_damage():
    state = to_hero_turn(at_stage(5))
    result = decide(GAME, state, Action("villain_life_point_loss", {"villain": "v2", "amount": 6, "player": 0,
                                                                   "by": "learning_card"}))
    assert result.accepted and any("Vagabond" in n for n in result.notes)
    assert result.state["players"][0]["fate_points"] == 0


def test_section_5_counts_the_floors_the_table_names_for_the_removed_cards():
    state = tower(start_stage=5, entrance=(0, 0), villains=[VAGABOND, ORC, ORC])
    state = reveal(state, (0, 1), (0, 2), (0, 3), floor="spaceship")
    due = section_due(state)
    after = play(due, "resolve_section", objective_done=False, removed_floors={"upper": 1, "middle": 3, "spaceship": 2})
    assert after["floor_xp"]["spaceship"] == 1  # 3 of the 6 Spaceship cards left in play
    assert after["sections"][-1]["xp"]["spaceship"] == 1


def test_a_new_death_candidate_card_starts_without_tokens_and_eleven_friends_is_never_raised():
    state = play(tower(), "adjust_counter", counter="dc_tokens", amount=5)
    assert play(section_due(state), "resolve_section", objective_done=False)["dc_tokens"] == 0
    five = at_stage(5)
    five = play(five, "adjust_counter", counter="eleven_friends", amount=-1)  # 1 token left
    final = play(section_due(five), "resolve_section", objective_done=True)
    assert final["environments"]["Eleven Friends"]["tokens"] == 0


def test_the_app_remembers_first_entering_and_the_henchmen_for_the_next_exploration():
    state = play(tower(), "move_hero", player=0, to=[1, 1], card="Bull Skull Shrine", first_entering=True)
    after = play(section_due(state), "resolve_section", objective_done=False)
    assert after["last_henchmen"][0]["name"] == "Orc Bandit" and after["first_entering_cards"] == ["Bull Skull Shrine"]
    nxt = next_exploration(after, entrance=(0, 0))
    nxt = play(nxt, "move_hero", player=0, to=[0, 1], card="bull skull shrine")
    assert nxt["grid"]["cells"][0][1]["first_entering"] and nxt["grid"]["cells"][0][1]["card"] == "Bull Skull Shrine"
