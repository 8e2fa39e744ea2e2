"""The API.md core vocabulary for an Aventuria duel, exactly as written there."""
from tracker.engine import initial_state
from tracker.games.aventuria import GAME

from .conftest import fp, lp, ok


def test_core_vocabulary_duel_flow():
    s = initial_state(GAME, "duel", [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
                      {"starting_player": 0})
    assert (fp(s, 0), fp(s, 1), s["fate_pool"]) == (0, 1, 3)
    assert (lp(s, 0), lp(s, 1)) == (40, 40)
    assert s["players"][0]["hero"] == "DB" and s["active_player"] == 0 and s["phase"] == "start"

    s = ok(s, "advance_phase", player=0)
    s = ok(s, "draw_cards", player=0, count=2)
    assert s["players"][0]["hand_count"] == 7
    s = ok(s, "advance_phase", player=0)
    s = ok(s, "advance_phase", player=0)
    assert s["phase"] == "endurance"
    s = ok(s, "play_endurance", player=0, source="hand")
    s = ok(s, "advance_phase", player=0)
    assert s["phase"] == "actions"

    s = ok(s, "declare_attack", player=0, attack_type="close", target=1)
    s = ok(s, "attack_roll", player=0, roll=7)  # attribute unknown: the next step tells
    s = ok(s, "damage_roll", player=0, amount=8)
    s = ok(s, "dodge_roll", player=1, roll=15)
    s = ok(s, "apply_damage", target=1, amount=8)
    assert lp(s, 1) == 32 and s["pending_attack"] is None

    s = ok(s, "life_point_loss", target=1, amount=3)
    s = ok(s, "heal", target=1, amount=2)
    assert lp(s, 1) == 31

    s = ok(s, "declare_attack", player=0, attack_type="ranged", target=1)
    s = ok(s, "attack_roll", player=0, roll=20)
    s = ok(s, "take_fate", player=0)
    assert fp(s, 0) == 1 and s["fate_pool"] == 2
    s = ok(s, "spend_fate_draw", player=0)
    s = ok(s, "spend_fate_endurance", player=1)
    assert s["players"][1]["temp_endurance"] == 1 and s["fate_pool"] == 4
    s = ok(s, "use_special_ability", player=1)
    assert not s["players"][1]["special_ability_available"]
    assert s["outcome"] is None


def test_core_dodge_roll_with_known_attribute_halves():
    s = initial_state(GAME, "duel", [{"name": "Ann", "attributes": {"close_combat": 14}},
                                     {"name": "Ben", "attributes": {"dodge": 8}}], {"starting_player": 0})
    for _ in range(4):
        if s["phase"] == "draw":
            s = ok(s, "draw_cards", player=0, count=2)
        s = ok(s, "advance_phase", player=0)
    s = ok(s, "declare_attack", player=0, attack_type="close", target=1)
    s = ok(s, "attack_roll", player=0, roll=3)
    s = ok(s, "damage_roll", player=0, amount=9)
    s = ok(s, "dodge_roll", player=1, roll=5)
    s = ok(s, "apply_damage", target=1)
    assert lp(s, 1) == 35
