"""The main phase: move and shadows, tests, actions and their sources, the keywords, co-op trading, HP 0.
Every rule's refusal (its id) and the accepted neighbour."""
from .helpers import ok, refused_by, reveal_and_accept, rule, run, set_hp, start, to_main

MOVE = dict(player=0, to="Village of Dawn", card_type="neutral", card_power=3, check=6)


def main(mode="solo", n=None, **options):
    return to_main(start(mode, n, **options))


# -- move (5.2.1) ------------------------------------------------------------------------------

def test_a_safe_move_discards_the_move_card_and_flips_one_check():
    s = main()
    after = ok(s, "move", **MOVE)
    p = after["players"][0]
    assert (p["location"], p["hp"], p["magic"]) == ("Village of Dawn", 5, 4)
    assert after["discard_pile"] == s["discard_pile"] + 2 and after["power_deck"] == s["power_deck"] - 1


def test_r28_a_move_needs_a_card():
    s = main()
    set_hp(s, 0, 0)  # (only by a correction: HP 0 on one's own turn ends it)
    assert rule("R28") in refused_by(run(s, "move", **MOVE))
    assert ok(main(), "move", **MOVE)


def test_r29_orthogonal_neighbours_on_the_wrapping_map():
    s = main()
    assert refused_by(run(s, "move", **dict(MOVE, to="Tower of Death"))) == [rule("R29")]  # F is diagonal to A
    assert refused_by(run(s, "move", **dict(MOVE, to="Castle of Light"))) == [rule("R29")]  # staying put
    for to in ("Village of Dawn", "Lake of Hope", "Old Village of Dew", "Cave of Whispers"):  # B, D, E, I
        assert ok(s, "move", **dict(MOVE, to=to))["players"][0]["location"] == to
    s["players"][0]["location"] = "Temple of Moon"  # L: H, D, K, I
    assert {ok(s, "move", **dict(MOVE, to=to))["players"][0]["location"] for to in
            ("Harbour of Mist", "Lake of Hope", "Bridge of Ash", "Cave of Whispers")} == {
        "Harbour of Mist", "Lake of Hope", "Bridge of Ash", "Cave of Whispers"}


def test_r30_only_heroes_on_the_origin_follow():
    s = main("co_op", 3)
    s["players"][2]["location"] = "Lake of Hope"
    assert refused_by(run(s, "move", **dict(MOVE, followers=[2]))) == [rule("R30")]
    assert refused_by(run(s, "move", **dict(MOVE, followers=[0]))) == [rule("R30")]
    set_hp(s, 1, 0)  # HP 0 off-turn may follow
    after = ok(s, "move", **dict(MOVE, followers=[1]))
    assert [p["location"] for p in after["players"]] == ["Village of Dawn", "Village of Dawn", "Lake of Hope"]


def test_r31_a_shadow_met_needs_shadow_pay():
    s = main()
    shadow = dict(MOVE, check=1)  # danger 1 at the Village of Dawn: 1 <= 1
    assert refused_by(run(s, "move", **shadow)) == [rule("R31")]
    assert ok(s, "move", **dict(MOVE, check=2))["players"][0]["magic"] == 4  # 2 > 1: safe
    assert ok(s, "move", **dict(shadow, card_power=0, card_type="neutral"))  # power 0: no shadow


def test_r33_cards_total_at_least_the_shadow_and_magic_gained_is_the_shadow():
    s = main()
    shadow = dict(MOVE, check=1, card_power=4, shadow_pay="cards")
    assert refused_by(run(s, "move", **dict(shadow, shadow_powers=[1, 2]))) == [rule("R33")]
    assert refused_by(run(s, "move", **shadow)) == [rule("R33")]
    p = ok(s, "move", **dict(shadow, shadow_powers=[1, 3]))["players"][0]
    assert (p["hp"], p["magic"]) == (3, 8)


def test_r12_a_shadow_paid_with_more_cards_than_the_hand_holds_is_hard():
    s = main()
    set_hp(s, 0, 2)
    shadow = dict(MOVE, check=1, card_power=4, shadow_pay="cards")
    result = run(s, "move", override="x", **dict(shadow, shadow_powers=[2, 2]))
    assert refused_by(result) == [rule("R12")]
    p = ok(s, "move", **dict(shadow, shadow_powers=[5]))["players"][0]  # the last card pays: HP 0 (A16/A18)
    assert p["magic"] == 8 and p["hp"] == 1  # magic 4 + 4, then HP 0: magic +1 (capped), HEAL 1


def test_r34_magic_pays_exactly_the_shadow():
    s = main()
    shadow = dict(MOVE, check=1, card_power=5, shadow_pay="magic")
    assert refused_by(run(s, "move", **shadow)) == [rule("R34")]
    p = ok(s, "move", **dict(shadow, card_power=4))["players"][0]
    assert (p["hp"], p["magic"]) == (5, 0)


def test_r35_cards_or_magic_not_both():
    s = main()
    shadow = dict(MOVE, check=1, card_power=4, shadow_pay="magic")
    assert refused_by(run(s, "move", **dict(shadow, shadow_powers=[2]))) == [rule("R35")]
    assert ok(s, "move", **shadow)


def test_r36_none_is_refused_while_the_magic_can_pay_and_then_hp_0_ends_the_turn():
    s = main()
    shadow = dict(MOVE, check=1, card_power=4, shadow_pay="none")
    assert refused_by(run(s, "move", **shadow)) == [rule("R36")]
    assert run(s, "move", override="the table agrees", **shadow).accepted  # soft
    after = ok(s, "move", **dict(shadow, card_power=5))
    p = after["players"][0]
    assert (p["hp"], p["magic"], p["location"]) == (1, 5, "Village of Dawn")
    assert after["round"] == 2 and after["phase"] == "reveal"  # the turn ended (solo: a new round)


def test_the_last_card_as_move_card_sets_hp_0_and_the_token_stays():
    s = main()
    set_hp(s, 0, 1)
    after = ok(s, "move", **dict(MOVE, check=0))
    p = after["players"][0]
    assert (p["hp"], p["magic"], p["location"], after["round"]) == (1, 5, "Castle of Light", 2)


# -- actions and sources (5.2.2) ---------------------------------------------------------------

def test_r39_the_event_action_is_the_one_on_your_location():
    s = main()
    assert refused_by(run(s, "take_action", player=0, source="event")) == [rule("R39")]
    s["players"][0]["location"] = "Lake of Hope"
    assert ok(s, "take_action", player=0, source="event")


def test_r40_a_covered_location_has_no_action():
    s = main()
    s["players"][0]["location"] = "Lake of Hope"
    assert refused_by(run(s, "take_action", player=0, source="location")) == [rule("R40")]
    assert refused_by(run(s, "test", player=0, attribute="strength", difficulty=3, card_type="strength",
                          card_power=2, check=1, source="location")) == [rule("R40")]
    s["players"][0]["location"] = "Castle of Light"
    assert ok(s, "take_action", player=0, source="location")


def test_r41_an_exhausted_location_has_no_action_but_its_event_works():
    s = ok(main(), "exhaust", location="Castle of Light")
    assert refused_by(run(s, "take_action", player=0, source="location")) == [rule("R41")]
    s["players"][0]["location"] = "Lake of Hope"
    s = ok(s, "exhaust", location="Lake of Hope")
    assert ok(s, "take_action", player=0, source="event")
    s = ok(s, "refresh_location", location="Castle of Light")
    s["players"][0]["location"] = "Castle of Light"
    assert ok(s, "take_action", player=0, source="location")


def test_r42_only_your_own_items_and_skills():
    s = main("co_op", 2)
    s["players"][1]["items"].append({"name": "Topaz", "kind": "event", "type": "agility"})
    s["discard_pile"] -= 1
    assert refused_by(run(s, "take_action", player=0, source="item", name="Topaz")) == [rule("R42")]
    assert refused_by(run(s, "discard_item", player=0, item="Topaz")) == [rule("R55")]
    s = ok(s, "trade_item", player=0, target=1, item="Topaz", direction="take")
    assert ok(s, "take_action", player=0, source="item", name="Topaz")
    assert refused_by(run(s, "trade_item", player=0, target=1, item="Topaz", direction="take")) == [rule("R42")]


# -- tests (5.2.2.1) ---------------------------------------------------------------------------

TEST = dict(player=0, attribute="strength", difficulty=5, card_type="strength", card_power=2, check=2)


def test_a_matching_test_card_heals_1_and_card_stat_check_decide():
    s = main()  # strength 1 from the setup check
    after = ok(s, "test", **TEST)
    assert after["last_test"] == {"player": 0, "total": 5, "bonus": True, "result": "win"}
    assert after["players"][0]["hp"] == 6  # the card played, HEAL 1
    lost = ok(s, "test", **dict(TEST, card_type="neutral", difficulty=6))
    assert lost["last_test"]["result"] == "lose" and lost["players"][0]["hp"] == 5


def test_r47_a_test_needs_a_card():
    s = main()
    set_hp(s, 0, 0)
    assert rule("R47") in refused_by(run(s, "test", **TEST))
    assert ok(main(), "test", **TEST)


# -- keywords (3) ------------------------------------------------------------------------------

def test_r10_spending_magic_needs_that_much_and_gains_stop_at_8():
    s = main()
    assert refused_by(run(s, "change_stat", player=0, stat="magic", amount=-5)) == [rule("R10")]
    assert ok(s, "change_stat", player=0, stat="magic", amount=-4)["players"][0]["magic"] == 0
    result = run(s, "change_stat", player=0, stat="magic", amount=6)
    assert result.state["players"][0]["magic"] == 8 and result.notes
    assert ok(s, "change_stat", player=0, stat="strength", amount=8)["players"][0]["strength"] == 8  # R9 clamps


def test_r52_cycle_never_the_last_card():
    s = main()
    set_hp(s, 0, 1)
    assert refused_by(run(s, "cycle", player=0, count=1)) == [rule("R52")]
    assert ok(s, "cycle", player=0, count=1, discard=0)["players"][0]["hp"] == 1
    set_hp(s, 0, 3)
    assert refused_by(run(s, "cycle", player=0, count=2, discard=3)) == [rule("R52")]
    after = ok(s, "cycle", player=0, count=2)
    assert after["players"][0]["hp"] == 3 and after["discard_pile"] == s["discard_pile"] + 2


def test_heal_lose_shock_and_check():
    s = main()
    set_hp(s, 0, 5)
    assert ok(s, "heal", player=0, count=2)["players"][0]["hp"] == 6  # one over: discarded (R11)
    assert ok(s, "lose", player=0, count=2)["players"][0]["hp"] == 3
    after = ok(s, "check_cards", player=0, count=2)
    assert after["players"][0]["hp"] == 5 and after["discard_pile"] == s["discard_pile"] + 2
    hp0 = ok(s, "shock", player=0, count=6)  # more than the hand: HP 0, and on one's own turn the turn ends
    assert hp0["players"][0]["hp"] == 1 and hp0["round"] == 2


def test_r57_show_keeps_the_card_and_needs_one():
    s = main()
    set_hp(s, 0, 1)
    assert ok(s, "show", player=0)["players"][0]["hp"] == 1
    s2 = start("co_op", 2)
    set_hp(s2, 1, 0)
    assert refused_by(run(s2, "show", player=1)) == [rule("R57")]


def test_learn_skill_with_an_empty_hero_deck_does_nothing_and_fairy_dust_goes_back_on_top():
    s = main()
    learned = ok(s, "learn_skill", player=0, name="Fireball")
    assert learned["players"][0]["skills"] == ["Fireball"] and learned["hero_deck"] == s["hero_deck"] - 1
    empty = dict(s, hero_deck=0, timer_cards=s["timer_cards"] + s["hero_deck"])
    assert ok(empty, "learn_skill", player=0)["players"][0]["skills"] == []  # correction 3
    dust = ok(s, "gain_fairy_dust", player=0)
    assert dust["hero_deck"] == s["hero_deck"] - 1
    back = ok(dust, "discard_item", player=0, item="Fairy Dust")
    assert back["hero_deck"] == s["hero_deck"] and back["discard_pile"] == s["discard_pile"]


def test_r56_get_item_takes_the_event_on_your_location():
    s = main()
    assert refused_by(run(s, "get_item", player=0, name="Topaz")) == [rule("R56")]
    s["players"][0]["location"] = "Lake of Hope"
    after = ok(s, "get_item", player=0, name="Topaz")
    assert len(after["events"]) == 1 and after["players"][0]["items"][0]["name"] == "Topaz"


def test_r58_trash_the_event_being_resolved_or_an_item_and_an_empty_map_asks_for_a_reveal():
    s = main()
    assert refused_by(run(s, "trash", player=0)) == [rule("R58")]
    assert refused_by(run(s, "trash", player=0, item="Topaz")) == [rule("R58")]
    s["players"][0]["location"] = "Lake of Hope"
    s = ok(s, "trash", player=0)
    s["players"][0]["location"] = "Temple of Moon"
    s = ok(s, "trash", player=0)
    assert s["events"] == []
    assert refused_by(run(s, "rest", player=0)) == [rule("R44")]
    assert ok(s, "reveal_event", player=0, type="neutral", power=2, location="Field of Stars")


def test_teleport_is_not_a_move_and_the_origin_may_follow():
    s = main("co_op", 2)
    after = ok(s, "teleport", player=0, to="Tower of Death", followers=[1])
    assert [p["location"] for p in after["players"]] == ["Tower of Death"] * 2
    assert after["players"][0]["hp"] == 6 and after["power_deck"] == s["power_deck"]
    s["players"][1]["location"] = "Lake of Hope"
    assert refused_by(run(s, "teleport", player=0, to="Tower of Death", followers=[1])) == [rule("R30")]


# -- co-op trading -----------------------------------------------------------------------------

def test_r66_trade_item_is_co_op_only_a_422_not_a_400():
    s = main("competitive", 2)
    s["players"][0]["items"].append({"name": "Topaz", "kind": "event", "type": "agility"})
    s["discard_pile"] -= 1
    assert refused_by(run(s, "trade_item", player=0, target=1, item="Topaz", direction="give")) == [rule("R66")]
    c = main("co_op", 2)
    c["players"][0]["items"].append({"name": "Topaz", "kind": "event", "type": "agility"})
    c["discard_pile"] -= 1
    assert ok(c, "trade_item", player=0, target=1, item="Topaz", direction="give")["players"][1]["items"]


def test_r67_trade_with_a_hero_on_your_location():
    s = main("co_op", 2)
    s["players"][0]["items"].append({"name": "Topaz", "kind": "event", "type": "agility"})
    s["discard_pile"] -= 1
    s["players"][1]["location"] = "Lake of Hope"
    assert refused_by(run(s, "trade_item", player=0, target=1, item="Topaz", direction="give")) == [rule("R67")]
    s["players"][0]["location"] = "Lake of Hope"  # covered by an event: trading still works
    assert ok(s, "trade_item", player=0, target=1, item="Topaz", direction="give")


# -- HP 0 (6) ----------------------------------------------------------------------------------

def test_hp_0_on_another_players_turn_waits_for_that_players_turn():
    s = main("co_op", 2)
    s = ok(s, "lose", player=1, count=6)
    assert s["players"][1]["hp"] == 0 and s["active_player"] == 0  # R65: nothing yet
    s = ok(s, "rest", player=0)  # Bob's turn starts at HP 0: magic 1, HEAL 1, his turn ends at once
    b = s["players"][1]
    assert (b["hp"], b["magic"], s["active_player"], s["round"], s["timer_cards"]) == (1, 1, 0, 2, 7)
