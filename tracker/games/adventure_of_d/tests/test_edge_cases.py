"""The spec's edge cases (its section 11.2, E1-E56) not already played elsewhere, where the rulebook and the
decided house readings (the note's section 11) say what follows. E27 follows the rulebook, not the spec:
the number printed on a covering event is the danger in force. Played elsewhere: E5, E8, E29, E30, E43,
E49-E51 (test_scenarios); E28, E48 (test_play); E35, E52's tiers, E53, E56 (test_tower); E45 (test_rules).
E33 is card text (the table types the difficulty with the event's +1)."""
from .. import GAME
from ..state import counted_hero_cards, counted_power_cards
from .helpers import at_tower, ok, refused_by, reveal_and_accept, rule, run, set_hp, start, to_main

TOWER = "Tower of Death"
# A Castle of Light 0 | B Village of Dawn 1 | C Mountain of Mage 2 | D Lake of Hope 1
# E Old Village of Dew 2 | F Tower of Death 3 | G Forest of Echoes 1 | H Harbour of Mist 2
# I Cave of Whispers 3 | J Field of Stars 0 | K Bridge of Ash 2 | L Temple of Moon 1


def one_round(state):
    for _ in state["players"]:
        state = ok(to_main(state), "rest", player=state["active_player"])
    return state


def test_e1_the_timer_allows_x_plus_1_rounds():
    s = start(difficulty="beginner")
    for n in range(8):
        s = one_round(s)
        assert (s["timer_cards"], s["round"], GAME.outcome(s)) == (7 - n, n + 2, None)
    s = one_round(s)
    assert GAME.outcome(s) == {"result": "lost", "winners": []} and s["lost_reason"] == "timer"


def test_e2_setup_counts():
    co = start("co_op", 3, difficulty="medium")
    assert [p["hp"] for p in co["players"]] == [5, 5, 5] and [p["magic"] for p in co["players"]] == [0, 0, 0]
    assert (co["power_deck"], co["discard_pile"], co["hero_deck"], co["timer_cards"], co["timer_holder"]) == (
        42, 3, 7, 6, 2)
    comp = start("competitive", 3)
    assert [p["magic"] for p in comp["players"]] == [0, 2, 4]
    assert (comp["power_deck"], comp["hero_deck"], comp["timer_cards"]) == (39, 13, None)
    solo = start()
    assert (solo["power_deck"], solo["discard_pile"], solo["hero_deck"], solo["players"][0]["magic"]) == (53, 1, 7, 4)


def test_e3_a_neutral_setup_check_asks_which_stat():
    s = GAME.setup("solo", [{"name": "Amy", "setup_check": "neutral", "raise": "agility"}], {"map": start()["map"]})
    assert (s["players"][0]["agility"], s["players"][0]["strength"]) == (1, 0)


def test_e4_a_timer_card_comes_back_as_a_skill():
    s = one_round(start())
    assert s["hero_deck"] == 8
    s = ok(to_main(s), "learn_skill", player=0)
    assert s["hero_deck"] == 7 and len(s["players"][0]["skills"]) == 1 and counted_hero_cards(s) == 16


def test_e6_one_card_meeting_both_conditions_is_discarded_once():
    s = reveal_and_accept(start(), "strength", 3, "Castle of Light")
    before = s["discard_pile"]
    s = reveal_and_accept(s, "strength", 5, "Castle of Light")
    assert len(s["events"]) == 1 and s["discard_pile"] == before + 1


def test_e7_never_a_fifth_event():
    s = to_main(start())
    s["phase"], s["reveals_left"] = "reveal", 2
    s = reveal_and_accept(s, "agility", 2, "Cave of Whispers")
    s = reveal_and_accept(s, "neutral", 0, "Field of Stars")
    assert len(s["events"]) == 4
    s["phase"], s["reveals_left"] = "reveal", 1
    s = reveal_and_accept(s, "agility", 4, "Bridge of Ash")
    assert len(s["events"]) == 4 and counted_power_cards(s) == 60


def test_e9_a_decider_at_hp_0_rejects_with_magic_only():
    s = start("co_op", 2)
    set_hp(s, 1, 0)
    s["players"][1]["magic"] = 2
    s = ok(s, "reveal_event", player=0, type="agility", power=1, location="Lake of Hope")
    assert refused_by(run(s, "reject_event", player=1, pay="card")) == [rule("R21")]
    s = ok(s, "reject_event", player=1, pay="magic")
    assert s["players"][1]["magic"] == 0
    s = ok(s, "reveal_event", player=0, type="agility", power=1, location="Lake of Hope")
    s["players"][1]["magic"] = 1
    assert refused_by(run(s, "reject_event", player=1, pay="magic")) == [rule("R20")]
    assert ok(s, "accept_event", player=1)["events"]


def test_e10_solo_rejecting_with_the_last_card_ends_the_turn():
    s = start()
    set_hp(s, 0, 1)
    s = ok(s, "reveal_event", player=0, type="agility", power=1, location="Lake of Hope")
    s = ok(s, "reject_event", player=0, pay="card")
    p = s["players"][0]
    assert (p["hp"], p["magic"], s["round"], s["phase"], s["reveals_left"], s["pending_event"]) == (
        1, 5, 2, "reveal", 2, None)
    assert counted_power_cards(s) == 60


def test_e11_an_empty_deck_takes_the_pile_during_the_reveals():
    s = start()
    s["discard_pile"], s["power_deck"] = s["discard_pile"] + s["power_deck"], 0
    pile = s["discard_pile"]
    s = ok(s, "reveal_event", player=0, type="agility", power=1, location="Lake of Hope")
    assert (s["power_deck"], s["discard_pile"]) == (pile - 1, 0)
    s = ok(s, "reject_event", player=0, pay="magic")
    assert ok(s, "reveal_event", player=0, type="agility", power=2, location="Lake of Hope")["power_deck"] == pile - 2


def test_e12_e13_an_action_emptying_the_map_asks_for_a_reveal_before_anything_else():
    s = start()
    s = reveal_and_accept(s, "strength", 4, "Village of Dawn")
    s = reveal_and_accept(s, "strength", 2, "Village of Dawn")  # the same place and type: one event left
    s["players"][0]["location"] = "Village of Dawn"
    s = ok(s, "test", player=0, attribute="strength", difficulty=5, card_type="strength", card_power=3, check=2,
           source="event")
    s = ok(ok(s, "change_stat", player=0, stat="strength", amount=1), "trash", player=0)
    assert s["events"] == [] and s["phase"] == "main"
    move = dict(player=0, to="Castle of Light", card_type="neutral", card_power=0, check=0)
    assert refused_by(run(s, "move", **move)) == [rule("R44")]
    s = ok(s, "reveal_event", player=0, type="agility", power=1, location="Village of Dawn")
    s = ok(s, "accept_event", player=0)
    assert s["phase"] == "main"
    assert refused_by(run(s, "take_action", player=0, source="location")) == [rule("R40")]
    assert ok(s, "take_action", player=0, source="event") and ok(s, "move", **move)


def test_e14_an_exhausted_location_keeps_its_event_working():
    s = to_main(start())
    s["players"][0]["location"] = "Lake of Hope"  # the strength event of to_main lies there
    s = ok(s, "exhaust", location="Lake of Hope")
    assert ok(s, "take_action", player=0, source="event")
    s = ok(s, "trash", player=0)
    assert refused_by(run(s, "take_action", player=0, source="location")) == [rule("R41")]


MOVE = dict(player=0, card_type="neutral", card_power=3)


def test_e15_the_wrapping_neighbours():
    s = to_main(start())
    for to in ("Village of Dawn", "Lake of Hope", "Old Village of Dew", "Cave of Whispers"):
        assert ok(s, "move", **MOVE, to=to, check=6)["players"][0]["location"] == to
    assert refused_by(run(s, "move", **MOVE, to="Tower of Death", check=6)) == [rule("R29")]
    s["players"][0]["location"] = "Temple of Moon"
    for to in ("Harbour of Mist", "Lake of Hope", "Bridge of Ash", "Cave of Whispers"):
        assert ok(s, "move", **MOVE, to=to, check=6)
    assert refused_by(run(s, "move", **MOVE, to="Castle of Light", check=6)) == [rule("R29")]


def test_e16_e17_e18_the_shadow_check():
    s = to_main(start())
    dew = dict(MOVE, to="Old Village of Dew")  # danger 2
    assert refused_by(run(s, "move", **dew, check=2)) == [rule("R31")]
    assert ok(s, "move", **dew, check=3)["players"][0]["magic"] == 4
    s["players"][0]["location"] = "Village of Dawn"
    assert refused_by(run(s, "move", **dict(MOVE, card_type="strength"), to="Field of Stars", check=0)) == [rule("R31")]
    s["players"][0]["location"] = "Castle of Light"
    zero = ok(s, "move", player=0, to="Cave of Whispers", card_type="neutral", card_power=0, check=0)
    assert zero["players"][0]["location"] == "Cave of Whispers"


def test_e19_e20_e21_e22_paying_a_shadow():
    s = to_main(start())
    s["players"][0]["magic"] = 7
    shadow4 = dict(MOVE, card_power=4, to="Old Village of Dew", check=1)
    assert ok(s, "move", **shadow4, shadow_pay="cards", shadow_powers=[5])["players"][0]["magic"] == 8
    two = ok(s, "move", **dict(shadow4, card_power=3), shadow_pay="cards", shadow_powers=[1, 2])["players"][0]
    assert (two["hp"], two["magic"]) == (3, 8)
    s["players"][0]["magic"] = 4
    assert ok(s, "move", **shadow4, shadow_pay="magic")["players"][0]["magic"] == 0
    s["players"][0]["magic"] = 3
    assert refused_by(run(s, "move", **shadow4, shadow_pay="magic")) == [rule("R34")]
    s["players"][0]["magic"] = 2
    assert rule("R35") in refused_by(run(s, "move", **shadow4, shadow_pay="magic", shadow_powers=[2]))


def test_e23_an_unbeaten_shadow_empties_the_hand_and_ends_the_turn_on_the_new_location():
    s = to_main(start())
    set_hp(s, 0, 3)
    s["players"][0]["magic"] = 0
    s = ok(s, "move", **dict(MOVE, card_power=5), to="Old Village of Dew", check=1, shadow_pay="none")
    p = s["players"][0]
    assert (p["hp"], p["magic"], p["location"], s["round"], s["phase"]) == (1, 1, "Old Village of Dew", 2, "reveal")


def test_e24_e25_the_last_card_and_emptying_the_hand_for_a_shadow():
    s = to_main(start())
    set_hp(s, 0, 1)
    last = ok(s, "move", **MOVE, to="Old Village of Dew", check=1)["players"][0]
    assert (last["hp"], last["magic"], last["location"]) == (1, 5, "Castle of Light")
    set_hp(s, 0, 2)
    s["players"][0]["magic"] = 0
    s = ok(s, "move", **MOVE, to="Old Village of Dew", check=1, shadow_pay="cards", shadow_powers=[3])
    p = s["players"][0]
    assert (p["hp"], p["magic"], s["round"]) == (1, 4, 2)


def test_e26_followers_make_no_check_of_their_own():
    s = to_main(start("co_op", 3))
    set_hp(s, 1, 0)
    s["players"][2]["location"] = "Lake of Hope"
    assert refused_by(run(s, "move", **MOVE, to="Old Village of Dew", check=3, followers=[2])) == [rule("R30")]
    s = ok(s, "move", **MOVE, to="Old Village of Dew", check=1, followers=[1], shadow_pay="cards", shadow_powers=[4])
    assert [p["location"] for p in s["players"]][:2] == ["Old Village of Dew"] * 2
    assert (s["players"][1]["hp"], s["players"][1]["magic"]) == (0, 0)


def test_e27_the_number_on_a_covering_event_is_the_danger_in_force():
    s = to_main(start())
    s["phase"], s["reveals_left"] = "reveal", 1
    s = reveal_and_accept(s, "agility", 2, "Old Village of Dew", danger=3)  # red: one more than its 2
    dew = dict(MOVE, to="Old Village of Dew")
    assert refused_by(run(s, "move", **dew, check=3)) == [rule("R31")]
    s["players"][0].update(location="Old Village of Dew", magic=0)
    set_hp(s, 0, 1)
    rested = ok(s, "rest", player=0)["players"][0]
    assert (rested["hp"], rested["magic"]) == (3, 3)


def test_e31_e32_the_bonus_at_a_full_hand_and_never_for_neutral():
    s = to_main(start())
    full = ok(s, "test", player=0, attribute="agility", difficulty=9, card_type="agility", card_power=3, check=2)
    assert full["players"][0]["hp"] == 6 and full["last_test"]["bonus"] and full["last_test"]["result"] == "lose"
    neutral = ok(s, "test", player=0, attribute="strength", difficulty=2, card_type="neutral", card_power=6, check=0)
    assert neutral["players"][0]["hp"] == 5 and not neutral["last_test"]["bonus"]


def test_e34_a_stat_stops_at_8_with_a_note():
    s = to_main(start())
    s["players"][0]["strength"] = 8
    result = run(s, "change_stat", player=0, stat="strength", amount=1)
    assert result.accepted and result.state["players"][0]["strength"] == 8 and result.notes


def test_e36_e37_e38_e39_keywords_at_the_edge_of_the_hand():
    s = to_main(start())
    set_hp(s, 0, 1)
    assert refused_by(run(s, "cycle", player=0, count=1)) == [rule("R52")]
    assert ok(s, "cycle", player=0, count=1, discard=0)["players"][0]["hp"] == 1
    assert ok(s, "show", player=0)["players"][0]["hp"] == 1
    lost = ok(s, "lose", player=0, count=2)
    assert (lost["players"][0]["hp"], lost["players"][0]["magic"], lost["round"]) == (1, 5, 2)
    set_hp(s, 0, 2)
    assert refused_by(run(s, "cycle", player=0, count=2)) == [rule("R52")]
    assert ok(s, "cycle", player=0, count=2, discard=1)["players"][0]["hp"] == 2
    set_hp(s, 0, 5)
    healed = ok(s, "heal", player=0, count=2)
    assert healed["players"][0]["hp"] == 6 and healed["discard_pile"] == s["discard_pile"] + 1


def test_e40_e41_e42_hero_deck_and_items():
    s = to_main(start("competitive", 3))
    for _ in range(13):
        s = ok(s, "learn_skill", player=0)
    assert s["hero_deck"] == 0
    empty = ok(s, "learn_skill", player=0)
    assert len(empty["players"][0]["skills"]) == 13 and counted_hero_cards(empty) == 16
    d = to_main(start())
    dust = ok(d, "gain_fairy_dust", player=0)
    assert dust["hero_deck"] == d["hero_deck"] - 1
    back = ok(dust, "discard_item", player=0, item="Fairy Dust")
    assert back["hero_deck"] == d["hero_deck"] and back["discard_pile"] == dust["discard_pile"]
    d["players"][0]["location"] = "Lake of Hope"
    got = ok(d, "get_item", player=0, name="Topaz")
    assert len(got["events"]) == len(d["events"]) - 1 and counted_power_cards(got) == 60


def test_e44_e46_rests():
    s = to_main(start())
    s["players"][0].update(location="Cave of Whispers", magic=0)  # danger 3
    full = ok(s, "rest", player=0)["players"][0]
    assert (full["hp"], full["magic"]) == (6, 3)
    h = to_main(start(heroic=True))
    h["players"][0]["magic"] = 0
    set_hp(h, 0, 1)
    assert ok(h, "rest", player=0)["players"][0]["hp"] == 5
    h["players"][0]["magic"] = 3
    paid = ok(h, "rest", player=0, pay_magic=True)["players"][0]
    assert (paid["hp"], paid["magic"]) == (6, 2)
    for place, hp, magic in (("Lake of Hope", 5, 3), ("Cave of Whispers", 3, 5)):
        h["players"][0]["location"] = place
        after = ok(h, "rest", player=0)["players"][0]
        assert (after["hp"], after["magic"]) == (hp, magic)


def test_e47_hp_0_off_turn_then_the_own_turn_ends_at_once():
    s = start("co_op", 2)
    set_hp(s, 1, 1)
    s = ok(s, "reveal_event", player=0, type="agility", power=1, location="Lake of Hope")
    s = ok(s, "reject_event", player=1, pay="card")
    assert s["players"][1]["hp"] == 0 and s["active_player"] == 0
    s = reveal_and_accept(s, "agility", 1, "Lake of Hope")
    s = reveal_and_accept(s, "strength", 1, "Castle of Light")
    s = ok(s, "move", **MOVE, to="Lake of Hope", check=6, followers=[1])
    assert s["players"][1]["location"] == "Lake of Hope"
    s = ok(s, "rest", player=0)
    bob = s["players"][1]
    assert (bob["hp"], bob["magic"], s["active_player"], s["round"]) == (1, 1, 0, 2)


def test_e49_heroes_assemble_leaves_a_hero_already_on_the_tower_alone():
    s = to_main(start("co_op", 3))
    for p in s["players"][0::2]:
        p["location"] = TOWER
    s["players"][1]["location"] = "Lake of Hope"
    s = ok(s, "enter_tower", player=0)
    assert [p["hp"] for p in s["players"]] == [5, 4, 5] and s["tower"]["participants"] == [0, 1, 2]


def test_e52_an_eliminated_hero_counts_as_not_defeating_elzoof():
    s = ok(ok(at_tower("co_op", 3), "enter_tower", player=0), "lose", player=1, count=6)
    s = ok(s, "elzoof_result", player=0, defeated=True)
    assert ok(s, "elzoof_result", player=2, defeated=False)["result"] == {"result": "lost", "winners": []}


def test_e54_solo_hp_0_in_room_3_eliminates_and_loses():
    s = ok(ok(ok(at_tower(), "enter_tower", player=0), "next_room", player=0), "next_room", player=0)
    s = ok(s, "lose", player=0, count=6)
    assert s["tower"]["room"] == 3 and s["players"][0]["eliminated"]
    assert s["result"] == {"result": "lost", "winners": []} and s["lost_reason"] == "eliminated"


def test_e55_competitive_heroes_on_the_tower_location_stay_out():
    s = to_main(start("competitive", 3))
    for p in s["players"]:
        p["location"] = TOWER
    s = ok(s, "enter_tower", player=0)
    assert s["tower"]["participants"] == [0] and [p["hp"] for p in s["players"]] == [6, 6, 6]
