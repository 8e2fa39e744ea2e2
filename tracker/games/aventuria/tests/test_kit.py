"""The public kit: what a game built on Aventuria gets, and the flavour that is data, not code."""
from tracker.engine import Action, decide, initial_state
from tracker.games.aventuria import GAME, kit

ROW = [{"name": "Ghul", "tp": 14, "life_points": 8, "dodge": "-", "armor": 0, "actions": 2}]
HEROES = [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}]


def _at_opponent_turns(flavour=None):
    state = initial_state(GAME, "chance_encounter", HEROES, {"time_counters": 3, "villains": ROW})
    if flavour:
        state["flavour"].update(flavour)
    state["players"][0]["phase_draw_done"] = state["players"][1]["phase_draw_done"] = True
    kit.begin_hero_turns(state)
    kit.end_hero_turn(state)
    kit.end_hero_turn(state)
    assert state["phase"] == "opponent_turns"
    return state


def test_the_kit_offers_the_combat_core():
    for name in ("villain", "active_villains", "place", "lose_life", "knock_out", "revive", "begin_round",
                 "end_round", "next_villain", "villain_loses", "targets_for", "VILLAIN", "AVENTURIA_FLAVOUR"):
        assert hasattr(kit, name), name
    assert kit.AVENTURIA_FLAVOUR["villain_criticals"] is True


def test_villain_criticals_are_flavour_a_natural_1_adds_an_action_only_where_the_flavour_says():
    state = _at_opponent_turns()
    after = decide(GAME, state, Action("villain_action_roll", {"villain": "v1", "roll": 1})).state
    assert after["opponent_turn"]["actions_left"] == 2  # 2 - 1 + 1

    plain = _at_opponent_turns({"villain_criticals": False})  # Curse of the Desert's reading
    after = decide(GAME, plain, Action("villain_action_roll", {"villain": "v1", "roll": 1})).state
    assert after["opponent_turn"]["actions_left"] == 1


def test_a_defeat_gives_no_fate_point_where_the_flavour_says_so():
    state = initial_state(GAME, "chance_encounter", HEROES, {"time_counters": 3, "villains": ROW})
    v = kit.villain(state, "v1")
    kit.villain_loses(state, v, 8, defeater=0)
    assert v["status"] == "defeated" and state["players"][0]["fate_points"] == 1

    state = initial_state(GAME, "chance_encounter", HEROES, {"time_counters": 3, "villains": ROW})
    state["flavour"]["fate_for_defeat"] = False
    v = kit.villain(state, "v1")
    kit.villain_loses(state, v, 8, defeater=0)
    assert v["status"] == "defeated" and state["players"][0]["fate_points"] == 0
