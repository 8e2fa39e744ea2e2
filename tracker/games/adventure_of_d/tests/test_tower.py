"""The Tower of Death (7) and the end of the game (8): entry, Heroes Assemble, the rooms, elimination,
elzoof_result and the outcomes in the API's shape."""
from .. import GAME
from .helpers import at_tower, ok, refused_by, reveal_and_accept, rule, run, set_hp, start, to_main

TOWER = "Tower of Death"


def test_r69_enter_only_from_the_tower_location():
    s = to_main(start())
    assert refused_by(run(s, "enter_tower", player=0)) == [rule("R69")]
    assert refused_by(run(s, "elzoof_result", player=0, defeated=True)) == [rule("R69")]
    s["players"][0]["location"] = TOWER
    after = ok(s, "enter_tower", player=0)
    assert after["phase"] == "tower" and after["tower"] == {"room": 1, "participants": [0]}


def test_r40_r41_not_under_a_covering_event_nor_exhausted():
    s = at_tower()
    covered = reveal_and_accept(dict(s, events=[], discard_pile=s["discard_pile"] + 2), "agility", 2, TOWER)
    assert refused_by(run(covered, "enter_tower", player=0)) == [rule("R40")]
    tired = ok(s, "exhaust", location=TOWER)
    assert refused_by(run(tired, "enter_tower", player=0)) == [rule("R41")]
    assert ok(ok(tired, "refresh_location", location=TOWER), "enter_tower", player=0)["phase"] == "tower"


def test_r43_r72_no_action_between_rooms_and_rooms_in_order():
    s = at_tower()
    s["players"][0]["items"].append({"name": "Tasty Tomato", "kind": "event", "type": "neutral"})
    s["discard_pile"] -= 1
    s = ok(s, "enter_tower", player=0)
    assert refused_by(run(s, "take_action", player=0, source="item", name="Tasty Tomato")) == [rule("R43")]
    assert refused_by(run(s, "move", player=0, to="Forest of Echoes", card_type="neutral", card_power=0, check=0)) == [rule("R43")]
    assert refused_by(run(s, "rest", player=0)) == [rule("R43")]
    s = ok(ok(s, "next_room", player=0), "next_room", player=0)
    assert s["tower"]["room"] == 3
    assert refused_by(run(to_main(start()), "next_room", player=0)) == [rule("R72")]


def test_solo_defeating_elzoof_is_an_epic_win():
    s = ok(at_tower(), "enter_tower", player=0)
    s = ok(s, "test", player=0, attribute="agility", difficulty=3, card_type="agility", card_power=2, check=1)
    won = ok(s, "elzoof_result", player=0, defeated=True)
    assert GAME.outcome(won) == {"result": "won", "winners": [0], "tier": "epic"}
    assert refused_by(run(won, "next_room", player=0)) == [rule("R77")]
    lost = ok(s, "elzoof_result", player=0, defeated=False)
    assert GAME.outcome(lost) == {"result": "lost", "winners": []}


def test_r73_r74_hp_0_inside_eliminates_in_solo_and_co_op():
    s = ok(at_tower(), "enter_tower", player=0)
    out = ok(s, "lose", player=0, count=6)
    assert out["players"][0]["eliminated"] and GAME.outcome(out) == {"result": "lost", "winners": []}
    c = ok(at_tower("co_op", 2), "enter_tower", player=0)
    c = ok(c, "lose", player=1, count=6)
    assert c["players"][1]["eliminated"] and GAME.outcome(c) is None
    assert refused_by(run(c, "elzoof_result", player=1, defeated=True)) == [rule("R74")]
    assert refused_by(run(c, "heal", player=1, count=1)) == [rule("R74")]
    won = ok(c, "elzoof_result", player=0, defeated=True)  # 1 of 2: half or more
    assert GAME.outcome(won) == {"result": "won", "winners": [0, 1], "tier": "minor"}


def test_teleported_out_of_the_tower_is_eliminated():
    c = ok(at_tower("co_op", 2), "enter_tower", player=0)
    c = ok(c, "teleport", player=1, to="Castle of Light")
    assert c["players"][1]["eliminated"]


def test_r71_only_participants_act_and_each_records_once():
    s = ok(at_tower("competitive", 2), "enter_tower", player=0)
    assert s["tower"]["participants"] == [0]  # competitive: the entering hero alone
    assert refused_by(run(s, "elzoof_result", player=1, defeated=True)) == [rule("R71")]
    assert refused_by(run(s, "test", player=1, attribute="agility", difficulty=3, card_type="agility", card_power=2,
                          check=1)) == [rule("R71")]
    assert refused_by(run(s, "next_room", player=1)) == [rule("R71")]
    c = ok(at_tower("co_op", 3), "enter_tower", player=0)
    c = ok(c, "elzoof_result", player=1, defeated=True)
    assert refused_by(run(c, "elzoof_result", player=1, defeated=False)) == [rule("R71")]
    assert ok(c, "elzoof_result", player=2, defeated=False)


def test_competitive_the_first_to_defeat_elzoof_wins_and_a_failure_ends_the_run():
    s = ok(at_tower("competitive", 3), "enter_tower", player=0)
    assert GAME.outcome(ok(s, "elzoof_result", player=0, defeated=True)) == {"result": "won", "winners": [0]}
    failed = ok(s, "elzoof_result", player=0, defeated=False)
    assert failed["phase"] == "main" and failed["players"][0]["location"] == TOWER and GAME.outcome(failed) is None
    hp0 = ok(s, "lose", player=0, count=6)  # HP 0 inside, competitive: the ordinary HP-0 rule (A9)
    assert hp0["active_player"] == 1 and hp0["players"][0]["hp"] == 1 and not hp0["players"][0]["eliminated"]


def test_co_op_outcome_tiers_by_how_many_defeat_elzoof():
    def finish(n, defeats):
        c = ok(at_tower("co_op", n), "enter_tower", player=0)
        for seat in range(n):
            c = ok(c, "elzoof_result", player=seat, defeated=seat < defeats)
        return GAME.outcome(c)
    assert finish(3, 3) == {"result": "won", "winners": [0, 1, 2], "tier": "epic"}
    assert finish(3, 2) == {"result": "won", "winners": [0, 1, 2], "tier": "minor"}
    assert finish(3, 1) == {"result": "lost", "winners": []}
    assert finish(2, 1) == {"result": "won", "winners": [0, 1], "tier": "minor"}
    assert finish(2, 0) == {"result": "lost", "winners": []}


def test_a_hero_at_hp_0_pulled_in_by_heroes_assemble_is_eliminated():
    c = at_tower("co_op", 2)
    set_hp(c, 1, 0)
    c = ok(c, "enter_tower", player=0)
    assert c["players"][1]["eliminated"] and c["tower"]["participants"] == [0, 1]
