"""The adventure combat's rules, part 1: setup of the row and the round's heroes (R67-R77, R131,
R117, H7, and the duel rules as the adventure adapts them). Each refusal beside the accepted case.
Villains, time and the end of combat: test_adventure_rules_villains.py."""
from .conftest import (
    BARON, BODYGUARD, WATCHMAN, adventure, attack_on, chance, drawn, edit, end_hero, fate, fp, hero_turns,
    knocked_out, lp, msg, new, next_round, ok, refused, run, setp, to_opponents, villain_card, villains_act,
)

GUARD = dict(BODYGUARD)


def wild2(n=2):
    """Legacy of Wildenstein Act II in combat_setup (threat N x 6), Ben the heir."""
    return new("adventure", n=n, adventure="legacy-of-wildenstein", start_act=2, heir=1)


# ------------------------------------------------------------------ setup: R67 R68 R69 R131 R117

def test_r67_henchmen_stop_once_the_threat_value_is_reached():
    s = ok(wild2(), "setup_combat", time_counters=5, villains=[BARON])
    assert s["threat_value"] == 12 and s["phase"] == "combat_setup"
    too_many = [BARON, GUARD, GUARD, WATCHMAN, GUARD]
    assert "already reached (17 of 12)" in msg(wild2(), "setup_combat", "R67", time_counters=5, villains=too_many)
    s = ok(s, "place_henchman", **GUARD)
    s = ok(s, "place_henchman", **GUARD)
    assert s["phase"] == "combat_setup"
    s = ok(s, "place_henchman", **WATCHMAN)
    assert s["phase"] == "preparation" and s["round"] == 1


def test_r67_the_combat_cannot_begin_below_the_threat_value():
    s = ok(wild2(), "setup_combat", time_counters=5, villains=[BARON, GUARD])
    assert "Threat value not reached (5 of 12)" in msg(s, "advance_phase", "R67")
    s = ok(s, "place_henchman", **WATCHMAN)
    assert s["phase"] == "preparation"


def test_r68_the_henchman_pile_uses_only_the_combats_keywords():
    skeleton = villain_card("Skeleton", 4, tp=3, keywords=["Skeleton"])
    s = ok(wild2(), "setup_combat", time_counters=5, villains=[BARON])
    assert "only Guard or Servant henchmen" in msg(s, "place_henchman", "R68", **skeleton)
    ok(s, "place_henchman", **{**skeleton, "keywords": ["Servant"]})
    silvana = new("adventure", n=3, adventure="saving-silvana")
    assert "Pirate or Orc" in msg(silvana, "setup_combat", "R68", time_counters=6, villains=[skeleton])
    ok(silvana, "setup_combat", time_counters=6, villains=[{**skeleton, "keywords": ["Orc"]}])


def test_r69_leaders_come_first_in_the_row():
    assert "Leaders come first" in msg(wild2(), "setup_combat", "R69", time_counters=5, villains=[GUARD, BARON])
    s = ok(wild2(), "setup_combat", time_counters=5, villains=[GUARD])
    msg(s, "place_henchman", "R69", **BARON)
    s = ok(wild2(), "setup_combat", time_counters=5, villains=[BARON, GUARD])
    assert [v["kind"] for v in s["villains"]] == ["leader", "henchman"]


def test_r131_the_threat_value_is_the_combats_multiplier_times_the_heroes():
    assert "6 x 2 = 12" in msg(wild2(), "setup_combat", "R131", time_counters=5, villains=[BARON], threat_value=10)
    assert ok(wild2(), "setup_combat", time_counters=5, villains=[BARON], threat_value=12)["threat_value"] == 12
    custom = new("adventure", n=2, adventure="custom")
    assert custom["threat_value"] is None
    assert "threat_value" in msg(custom, "setup_combat", "R131", time_counters=5)
    assert ok(custom, "setup_combat", time_counters=5, threat_value=9)["threat_value"] == 9


def test_r131_the_non_gambling_kind_adds_the_damage_points_on_risk_and_profit():
    # [Short Adventure: The Non-Gambling Kind]: "Number of heroes x 4, plus damage points on the card
    # 'Risk and Profit'" — each hero may have taken up to 3 in the narrative.
    s = new("adventure", n=2, adventure="the-non-gambling-kind")
    assert ok(s, "setup_combat", time_counters=8, threat_value=8 + 4)["threat_value"] == 12
    assert "4 x 2" in msg(s, "setup_combat", "R131", time_counters=8, threat_value=7)
    msg(s, "setup_combat", "R131", time_counters=8, threat_value=8 + 7)


def test_r117_a_chance_encounter_has_no_leader_and_threat_7_per_hero():
    s = new("chance_encounter", n=2)
    assert s["threat_value"] == 14 and s["phase"] == "combat_setup"
    assert "no Leader Cards" in msg(s, "setup_combat", "R117", time_counters=4, villains=[BARON])
    s = ok(s, "setup_combat", time_counters=4, villains=[WATCHMAN])
    msg(s, "place_henchman", "R117", **BARON)
    s = ok(s, "place_henchman", **WATCHMAN)
    assert s["phase"] == "preparation" and s["acting_leader"] == "v1"


# ------------------------------------------------------------------ the round: R70 and the duel's turn rules

def test_r70_preparation_ends_only_when_every_conscious_hero_drew():
    s = adventure()
    assert "Ann, Ben still draw 2 cards" in msg(s, "advance_phase", "R70")
    s = ok(s, "draw_cards", player=0, count=2)
    assert msg(s, "advance_phase", "R70") == "Ben still draws 2 cards in the Preparation step."
    s = ok(drawn(s), "advance_phase")
    assert s["phase"] == "hero_actions" and s["active_player"] == 0


def test_r70_hero_turns_go_clockwise_from_the_starting_hero_one_at_a_time():
    s = hero_turns(adventure(n=3, starting_player=1))
    assert s["active_player"] == 1
    assert msg(s, "declare_attack", "R70", player=2, attack_type="close", villain="v2") == "It is Ben's turn."
    assert "only they end it" in msg(s, "advance_phase", "R70", player=2)
    s = end_hero(s)
    assert s["active_player"] == 2
    s = end_hero(s)
    assert s["active_player"] == 0
    s = end_hero(s)
    assert s["phase"] == "opponent_turns" and s["active_player"] is None


def test_r70_steps_refuse_actions_of_another_step():
    s = adventure()
    refused(s, "villain_action_roll", "R70", villain="v1", roll=5)
    refused(s, "remove_time_counter", "R70")
    refused(s, "reanimate", "R70", player=0, target=1, endurance=1, roll=1)
    s = villains_act(s)
    assert s["phase"] == "time_effects"
    ok(s, "remove_time_counter")


def test_r3_the_phase_draw_is_once_per_round_in_preparation():
    s = ok(adventure(), "draw_cards", player=1, count=2)
    assert s["players"][1]["hand_count"] == 7
    assert msg(s, "draw_cards", "R3", player=1, count=2, reason="phase") == "You already drew your 2 cards this round."
    s = hero_turns(s)
    assert "Preparation step" in msg(s, "draw_cards", "R3", player=0, count=2, reason="phase")
    s = next_round(s)
    ok(s, "draw_cards", player=1, count=2)


def test_r7_two_endurance_cards_per_round():
    s = ok(adventure(), "play_endurance", player=0, source="hand")
    s = ok(s, "play_endurance", player=0, source="hand")
    assert "at most 2" in msg(s, "play_endurance", "R7", player=0, source="hand")
    ok(s, "play_endurance", player=1, source="hand")
    s = next_round(s)
    assert s["players"][0]["endurance_ready"] == 2
    ok(s, "play_endurance", player=0, source="hand")


def test_r8_endurance_is_added_in_preparation_only():
    s = hero_turns(adventure())
    assert "Preparation step" in msg(s, "play_endurance", "R8", player=0, source="hand")


def test_r58_mulligan_only_with_the_opening_hand_before_the_first_draw():
    s = adventure()
    s2 = ok(s, "mulligan", player=0, count=2)
    assert s2["players"][0]["hand_count"] == 5
    s = ok(s, "draw_cards", player=1, count=2)
    assert "before the first draw" in msg(s, "mulligan", "R58", player=1, count=2)
    ok(s, "mulligan", player=0, count=1)
    later = next_round(adventure())
    msg(later, "mulligan", "R58", player=0, count=1)


def test_r10_action_cards_in_your_own_hero_turn():
    s = hero_turns(adventure())
    card = dict(card="Healing Potion", cost=0, kind="one_shot")
    assert "free actions" in msg(s, "play_action_card", "R10", player=1, **card)
    ok(s, "play_action_card", player=1, free_action=True, **card)
    ok(s, "play_action_card", player=0, **card)


def test_r13_hand_limit_at_the_end_of_the_hero_turn():
    s = setp(hero_turns(adventure()), 0, hand_count=9)
    s = ok(s, "advance_phase", player=0)
    assert s["phase"] == "hero_end"
    assert "Discard 2 cards" in msg(s, "advance_phase", "R13", player=0)
    s = ok(s, "discard_to_hand_limit", player=0, count=2)
    s = ok(s, "advance_phase", player=0)
    assert s["active_player"] == 1


# ------------------------------------------------------------------ unconscious heroes: R71-R76

def test_r71_lp_stop_at_0_and_an_unconscious_hero_cannot_act():
    s = setp(adventure(), 0, life_points=4)
    s = ok(s, "life_point_loss", target=0, amount=10)
    assert lp(s, 0) == 0 and s["players"][0]["unconscious"]
    assert "Ann is unconscious and cannot act" in msg(s, "play_endurance", "R71", player=0, source="hand")
    msg(s, "draw_cards", "R71", player=0, count=2)
    ok(s, "play_endurance", player=1, source="hand")
    s = hero_turns(s)
    assert s["active_player"] == 1  # no turn for Ann
    msg(s, "play_action_card", "R71", player=0, card="Hidden Dagger", cost=0, kind="one_shot", free_action=True)


def test_r72_villains_ignore_unconscious_heroes():
    s = ok(to_opponents(adventure()), "villain_action_roll", villain="v1", roll=12)
    s = knocked_out(s, 0)
    assert "Ann is unconscious" in msg(s, "villain_attack", "R72", villain="v1", target=0, amount=4)
    s = ok(s, "villain_attack", villain="v1", target=1, amount=4)
    assert s["pending_attack"]["target"] == 1


def test_r73_only_a_heal_of_5_or_more_revives():
    s = hero_turns(knocked_out(adventure(), 0))
    assert s["active_player"] == 1
    assert "a heal of 5 or more" in msg(s, "heal", "R73", player=1, target=0, amount=4)
    s = ok(s, "heal", player=1, target=0, amount=5)
    p = s["players"][0]
    assert p["life_points"] == 5 and p["unconscious"] and p["revived_this_round"]


def test_r74_a_revived_hero_returns_at_the_next_round():
    s = hero_turns(knocked_out(adventure(n=3), 1))
    s = ok(s, "heal", player=0, target=1, amount=6)
    assert "returns at the next round" in msg(s, "play_endurance", "R74", player=1, source="hand")
    s = end_hero(s)
    assert s["active_player"] == 2  # Ben, revived, has no turn this round
    s = ok(to_opponents(s), "villain_action_roll", villain="v1", roll=12)
    msg(s, "villain_attack", "R72", villain="v1", target=1, amount=3)  # still out for the villains
    s = next_round(s)
    assert not s["players"][1]["unconscious"]
    ok(s, "draw_cards", player=1, count=2)


def test_r74_names_the_revived_hero_for_what_they_try():
    s = hero_turns(knocked_out(adventure(n=3), 1))
    s = fate(ok(s, "heal", player=0, target=1, amount=6), 4, 1, 1)
    found = refused(s, "spend_fate_draw", "R74", player=1)
    assert "Ben was revived this round" in found["aventuria.R74"] and "aventuria.R71" not in found
    msg(s, "spend_fate_reroll", "R74", player=1, roll=3)
    msg(s, "heal", "R74", player=1, target=0, amount=2)
    ok(s, "spend_fate_draw", player=0)


def test_r75_reanimation_in_your_own_turn_on_another_unconscious_hero():
    s = setp(hero_turns(knocked_out(adventure(n=3, heir=1), 2)), 0, endurance_total=3, endurance_ready=3)
    assert msg(s, "reanimate", "R75", player=0, target=0, endurance=2, roll=1) == "You cannot reanimate yourself."
    assert msg(s, "reanimate", "R75", player=0, target=1, endurance=2, roll=1) == "Ben is not unconscious."
    assert "at least one" in msg(s, "reanimate", "R75", player=0, target=2, endurance=0, roll=1)
    assert "You need 4 ready Endurance Cards; you have 3." == msg(s, "reanimate", "R75", player=0, target=2,
                                                                     endurance=4, roll=1)
    assert "own hero turn" in msg(s, "reanimate", "R75", player=1, target=2, endurance=1, roll=1)
    s = ok(s, "reanimate", player=0, target=2, endurance=3, roll=3)
    assert lp(s, 2) == 3 and s["players"][2]["revived_this_round"] and s["players"][0]["endurance_ready"] == 0


def test_r76_the_token_passes_left_skipping_the_unconscious():
    s = knocked_out(adventure(n=3), 1)
    assert s["starting_player"] == 0
    s = next_round(s)
    assert s["starting_player"] == 2 and s["round"] == 2
    s = next_round(s)
    assert s["starting_player"] == 0


def test_r76_the_token_passes_at_once_when_its_holder_falls():
    s = knocked_out(adventure(n=3, starting_player=1), 1)
    assert s["starting_player"] == 2
    s = hero_turns(s)
    assert s["active_player"] == 2


def test_r76_the_starting_hero_falling_in_their_own_turn_ends_it():
    s = hero_turns(adventure(n=3))
    s = knocked_out(s, 0)
    assert s["starting_player"] == 1 and s["active_player"] == 1 and s["phase"] == "hero_actions"


# ------------------------------------------------------------------ Fate Points: R77, R86

def test_r77_fate_for_another_hero_only_to_reroll():
    s = fate(hero_turns(adventure()), 0, 2, 2)
    assert "only to reroll" in msg(s, "spend_fate_draw", "R77", player=1, beneficiary=0)
    msg(s, "spend_fate_endurance", "R77", player=1, beneficiary=0)
    ok(s, "spend_fate_draw", player=0)
    s = ok(s, "declare_attack", player=0, attack_type="close", villain="v2")
    s = ok(s, "attack_roll", player=0, roll=17, value=14)
    s = ok(s, "spend_fate_reroll", player=1, roll=4)
    assert fp(s, 1) == 1 and fp(s, 0) == 2 and s["pending_attack"]["result"] == "hit"


def test_r86_the_fate_point_comes_from_the_middle_while_it_has_any():
    s = hero_turns(adventure())
    s = attack_on(edit(s, lambda st: st["villains"][1].update(life_points=1)), "v2", 6)
    assert "from the middle" in msg(s, "damage_villain", "R86", villain="v2", fate_from=1)
    s = ok(s, "damage_villain", villain="v2")
    assert fp(s, 0) == 1 and s["fate_pool"] == 3


def test_r86_with_the_middle_empty_it_comes_from_another_hero():
    s = hero_turns(adventure(n=3))
    s = edit(fate(s, 2, 1, 1, 2), lambda st: (st.update(fate_pool=0, fate_removed=2),
                                              st["villains"][1].update(life_points=1)))
    s = attack_on(s, "v2", 6)
    assert msg(s, "damage_villain", "R86", villain="v2", fate_from=0) == "The Fate Point comes from another hero."
    s2 = ok(s, "damage_villain", villain="v2", fate_from=1)
    assert (fp(s2, 0), fp(s2, 1), fp(s2, 2)) == (2, 0, 2)
    s3 = ok(s, "damage_villain", villain="v2")  # by default: the conscious hero with the most
    assert (fp(s3, 0), fp(s3, 1), fp(s3, 2)) == (2, 1, 1)
    assert "from Cid" in run(s, "damage_villain", villain="v2").log


def test_r86_the_giver_must_hold_a_fate_point():
    s = hero_turns(adventure())
    s = edit(s, lambda st: (st.update(fate_pool=0, fate_removed=4), st["villains"][1].update(life_points=1)))
    s = attack_on(s, "v2", 6)
    assert msg(s, "damage_villain", "R86", villain="v2", fate_from=1) == "Ben has no Fate Points."
    s = ok(s, "damage_villain", villain="v2")
    assert fp(s, 0) == 0 and vil_status(s, "v2") == "defeated"  # nobody can give one


def vil_status(s, vid):
    return next(v["status"] for v in s["villains"] if v["id"] == vid)


# ------------------------------------------------------------------ H7: the invariant

def test_h7_counters_and_villain_lp_never_below_zero():
    s = adventure()
    broken = edit(s, lambda st: st.update(doom_counters=-1))
    found = refused(broken, "play_endurance", "H7", player=0, source="hand")
    assert "never go below zero" in found["aventuria.H7"]
    assert run(broken, "play_endurance", "reason", player=0, source="hand").accepted is False  # hard: no override
    ok(s, "play_endurance", player=0, source="hand")
    s = ok(s, "adjust_counter", counter="doom", amount=-3)
    assert s["doom_counters"] == 0


def test_chance_encounter_options_start_the_combat():
    s = chance()
    assert s["phase"] == "preparation" and s["round"] == 1 and s["time_counters"] == 4
    assert [v["id"] for v in s["villains"]] == ["v1", "v2"] and s["threat_value"] == 14
    assert fp(s, 0) == fp(s, 1) == 0 and s["fate_pool"] == 4


def test_r86_a_card_that_defeats_a_villain_takes_the_fate_point_from_another_hero_too():
    s = hero_turns(adventure())
    s = edit(s, lambda st: (st.update(fate_pool=0, fate_removed=0), st["players"][1].update(fate_points=4)))
    assert msg(s, "villain_life_point_loss", "R86", villain="v2", amount=6, player=1,
               fate_from=1) == "The Fate Point comes from another hero."
    s = ok(s, "villain_life_point_loss", villain="v2", amount=6, player=0, fate_from=1)
    assert (fp(s, 0), fp(s, 1)) == (1, 3)


def test_a_story_card_the_table_brings_in_counts_tokens_and_takes_a_hero_action():
    s = ok(hero_turns(chance()), "adjust_counter", counter="story", card="Hold the Door", amount=2)
    assert s["story_cards"][-1]["name"] == "Hold the Door" and s["story_cards"][-1]["tokens"] == 2
    seat = s["active_player"]
    s = ok(s, "hero_action", player=seat, card="Hold the Door", skill="craft", roll=4, value=12)
    assert s["players"][seat]["hero_actions_this_turn"] == {"Hold the Door": 1}
