"""The attack procedure and Fate Points (R27-R47, R49, R51, R52, R123, R124, H2; T1-T9, T13, T18, T42)."""
from .conftest import (
    actions_with_endurance, damaged, declared, edit, fp, lp, missed, msg, new, ok, refused, run, setp, to_phase,
)


def test_t1_hit_damage_dodge_halves_rounding_up():
    s = declared(close_combat=14)
    s = ok(s, "attack_roll", player=0, roll=3)
    assert s["pending_attack"]["result"] == "hit" and s["pending_attack"]["step"] == "damage_roll"
    s = ok(s, "damage_roll", player=0, amount=9)
    s = ok(s, "dodge_roll", player=1, roll=5, value=10)
    assert s["pending_attack"]["damage"] == 5
    s = ok(s, "apply_damage", target=1)
    assert lp(s, 1) == 35 and s["pending_attack"] is None


def test_t3_r38_armor_never_below_zero():
    s = damaged(damage=3)
    s = ok(s, "apply_armor", player=1, pro=4)
    assert s["pending_attack"]["damage"] == 0
    s = ok(s, "apply_damage", target=1)
    assert lp(s, 1) == 40


def test_t2_chain_mail_with_its_discard_effect():
    s = setp(new(), 1, life_points=5, permanents=[
        {"name": "Chain Mail", "ready": True, "armor_location": "chest", "improvements": [], "owner": 1},
        {"name": "Helmet", "ready": True, "armor_location": "head", "improvements": [], "owner": 1}])
    s = damaged(s, damage=10, kind="magic", magic=12)
    s = ok(s, "dodge_roll", player=1, roll=16, value=10)
    s = ok(s, "apply_armor", player=1, pro=4, extra=3, card="Chain Mail", discard=True)
    assert "Only one armor" in msg(s, "apply_armor", "R35", player=1, pro=3, card="Helmet")
    s = ok(s, "apply_damage", target=1)
    assert lp(s, 1) == 2 and s["players"][1]["discard_count"] == 1
    assert [c["name"] for c in s["players"][1]["permanents"]] == ["Helmet"]


def test_t4_r46_fate_point_from_the_opponent_cannot_reroll_that_attack():
    s = edit(new(), lambda st: (st.update(fate_pool=0), st["players"][1].update(fate_points=4)))
    s = missed(s, kind="magic", magic=12, roll=15, value=12)
    s = ok(s, "take_fate", player=0)
    assert fp(s, 0) == 1 and fp(s, 1) == 3 and s["pending_attack"] is None
    found = refused(s, "spend_fate_reroll", "R46", player=0, roll=3)
    assert found["aventuria.R46"] == "That Fate Point was gained from this attack and cannot reroll it."
    assert "aventuria.R43" not in found
    ok(s, "spend_fate_draw", player=0)


def test_t5_r45_spent_fate_on_the_attack_earns_none():
    s = edit(new(), lambda st: (st.update(fate_pool=1), st["players"][0].update(fate_points=2)))
    s = to_phase(s, "actions")
    s = ok(s, "spend_fate_endurance", player=0)
    s = ok(s, "declare_attack", player=0, attack_type="magic", target=1)
    s = ok(s, "attack_roll", player=0, roll=17, value=12)
    s = ok(s, "spend_fate_reroll", player=0, roll=14)
    assert s["pending_attack"]["result"] == "miss" and s["pending_attack"]["fate_spent"]
    assert msg(s, "take_fate", "R45", player=0) == "No Fate Point: a Fate Point was spent on this attack."
    s = ok(s, "attack_failed_final", player=0)
    assert fp(s, 0) == 0 and s["pending_attack"] is None


def test_t6_r33_reroll_replaces_a_natural_20():
    s = setp(new(), 0, fate_points=1)
    s = edit(s, lambda st: st.update(fate_pool=2))
    s = missed(s, kind="ranged", roll=20, value=13)
    hand = s["players"][0]["hand_count"]
    s = ok(s, "fate_reroll_attack", player=0, roll=12)
    assert s["pending_attack"]["result"] == "hit" and s["players"][0]["hand_count"] == hand


def test_t7_r43_no_fate_reroll_of_a_dodge():
    s = damaged(damage=8)
    s = ok(s, "dodge_roll", player=1, roll=20)
    assert s["players"][1]["hand_count"] == 4 and s["players"][1]["discard_count"] == 1
    assert s["pending_attack"]["damage"] == 8
    assert msg(s, "spend_fate_reroll", "R43", player=1, roll=3) == "Fate Points cannot reroll dodge tests."


def test_t42_natural_20_miss_discard_and_fate():
    s = missed(roll=20, value=14)
    hand = s["players"][0]["hand_count"]
    s = ok(s, "take_fate", player=0)
    assert fp(s, 0) == 1 and s["fate_pool"] == 2
    assert s["players"][0]["hand_count"] == hand - 1 and s["players"][0]["discard_count"] == 1


def test_natural_1_hits_and_owes_a_draw():
    s = declared()
    s = ok(s, "attack_roll", player=0, roll=1, value=2, modifier=-5)
    assert s["pending_attack"]["result"] == "hit" and s["players"][0]["critical_draws"] == 1


def test_unknown_roll_resolved_by_the_next_step():
    s = declared()
    s = ok(s, "attack_roll", player=0, roll=12)
    assert s["pending_attack"]["result"] == "unknown"
    hit = ok(s, "damage_roll", player=0, amount=6)
    assert hit["pending_attack"]["result"] == "hit"
    miss = ok(s, "take_fate", player=0)
    assert fp(miss, 0) == 1


def test_h2_one_attack_at_a_time_and_steps_in_order():
    s = declared()
    assert "Finish the open attack" in msg(s, "declare_attack", "H2", player=0, attack_type="ranged", target=1)
    assert "Finish the open attack" in msg(s, "advance_phase", "H2", player=0)
    assert "Make the attack roll first" in msg(s, "damage_roll", "H2", player=0, amount=5)
    refused(s, "attack_roll", "H2", player=1, roll=5)
    s = ok(s, "attack_roll", player=0, roll=5, value=10)
    assert "reroll" in msg(s, "attack_roll", "H2", player=0, roll=6)
    assert "roll damage" in msg(s, "attack_failed_final", "H2", player=0)
    s = ok(s, "damage_roll", player=0, amount=4)
    assert "already rolled" in msg(s, "damage_roll", "H2", player=0, amount=5)
    s = ok(s, "apply_damage", target=1)
    ok(s, "advance_phase", player=0)
    refused(s, "attack_roll", "H2", player=0, roll=5)


def test_r10_attack_only_in_own_actions_phase():
    s = to_phase(new(), "endurance")
    assert "Actions phase" in msg(s, "declare_attack", "R10", player=0, attack_type="close", target=1)
    ok(to_phase(s, "actions"), "declare_attack", player=0, attack_type="close", target=1)


def test_t18_r27_one_attack_per_type_per_turn():
    s = missed(kind="magic", magic=12)  # Ignisphaero
    s = ok(s, "attack_failed_final", player=0)
    assert msg(s, "declare_attack", "R27", player=0, attack_type="magic", target=1,
               source="Invocatio Minor") == "You already made a Magic attack this turn."
    # Throwing Hatchet is no attack (a life point loss), so a close combat attack still follows.
    s = ok(s, "life_point_loss", target=1, amount=3, source="Throwing Hatchet")
    s = ok(s, "declare_attack", player=0, attack_type="close", target=1)
    assert s["players"][0]["attacks_this_turn"] == {"close": True, "ranged": False, "magic": True}


def test_r27_extra_attack_granted_by_a_card():
    s = ok(missed(), "attack_failed_final", player=0)
    s = ok(s, "declare_attack", player=0, attack_type="close", target=1, extra_attack=True, source="Powerful Scepter")
    assert s["players"][0]["extra_attacks_this_turn"] == 1


def test_r51_target_must_be_an_opponent():
    s = actions_with_endurance()
    assert "yourself" in msg(s, "declare_attack", "R51", player=0, attack_type="close", target=0)
    t = actions_with_endurance(new("team_duel"))
    assert "opposing team" in msg(t, "declare_attack", "R51", player=0, attack_type="close", target=2)
    ok(t, "declare_attack", player=0, attack_type="close", target=1)


def test_t13_r52_team_duel_most_life_points():
    # Ann+Cid (A) vs Ben+Dee (B), seated alternately.
    s = actions_with_endurance(new("team_duel"))
    s = setp(setp(s, 1, life_points=25), 3, life_points=25)
    ok(s, "declare_attack", player=0, attack_type="close", target=1)
    ok(s, "declare_attack", player=0, attack_type="close", target=3)
    s = setp(s, 3, life_points=30)
    assert msg(s, "declare_attack", "R52", player=0, attack_type="close", target=1) == (
        "In a Team Duel you must attack the opposing hero with the most life points (Dee, 30).")
    ok(s, "declare_attack", player=0, attack_type="close", target=3)
    # Non-attack effects may still hit the lower one (spec A13).
    ok(s, "life_point_loss", target=1, amount=5)


def test_r30_dodge_claims_must_fit_the_roll():
    s = damaged()
    assert "always a failure" in msg(s, "dodge_roll", "R30", player=1, roll=20, success=True)
    assert "always a success" in msg(s, "dodge_roll", "R30", player=1, roll=1, success=False)
    assert "fails" in msg(s, "dodge_roll", "R30", player=1, roll=12, value=10, success=True)
    ok(s, "dodge_roll", player=1, roll=12, success=True)


def test_r34_dodge_once_before_armor_and_damage_capped():
    s = damaged(damage=9)
    armored = ok(s, "apply_armor", player=1, pro=2)
    assert "before armor" in msg(armored, "dodge_roll", "R34", player=1, roll=3, value=10)
    s = ok(s, "dodge_roll", player=1, roll=3, value=10)
    assert "already rolled" in msg(s, "dodge_roll", "R34", player=1, roll=4, value=10)
    assert "at most 5" in msg(s, "apply_damage", "R34", target=1, amount=6)
    s = ok(s, "apply_damage", target=1, amount=5)
    assert lp(s, 1) == 35


def test_r34_unknown_dodge_needs_the_amount():
    s = ok(damaged(damage=9), "dodge_roll", player=1, roll=9)
    assert s["pending_attack"]["dodged"] == "unknown"
    assert "(9 if the dodge failed, 5 if it succeeded)" in msg(s, "apply_damage", "R34", target=1)
    s = ok(s, "apply_damage", target=1, amount=5)
    assert lp(s, 1) == 35


def test_r35_one_armor_per_attack():
    s = ok(damaged(), "apply_armor", player=1, pro=2)
    refused(s, "apply_armor", "R35", player=1, pro=3)
    ok(s, "apply_damage", target=1)


def test_r36_r37_no_armor_or_dodge_without_an_attack():
    s = to_phase(new(), "actions")
    assert "never a life point loss" in msg(s, "apply_armor", "R36", player=1, pro=3)
    assert "cannot be dodged" in msg(s, "dodge_roll", "R37", player=1, roll=3, value=10)
    s = ok(s, "life_point_loss", target=1, amount=5)
    assert lp(s, 1) == 35


def test_t20_hidden_dagger_life_point_loss():
    s = ok(damaged(damage=10), "apply_damage", target=1)
    s = setp(s, 1, endurance_total=1, endurance_ready=1)
    s = ok(s, "play_action_card", player=1, card="Hidden Dagger", cost=1, kind="one_shot", free_action=True)
    s = ok(s, "life_point_loss", target=0, amount=5, source="Hidden Dagger")
    assert (lp(s, 0), lp(s, 1)) == (35, 30)
    refused(s, "dodge_roll", "R37", player=0, roll=3, value=10)


def test_r123_missed_attack_deals_nothing():
    s = missed()
    assert msg(s, "damage_roll", "R123", player=0, amount=5) == "The attack missed, so it deals no damage."
    refused(s, "dodge_roll", "R123", player=1, roll=3, value=10)
    refused(s, "apply_damage", "R123", target=1, amount=4)
    ok(s, "attack_failed_final", player=0)


def test_r123_dodge_and_armor_only_after_damage():
    s = ok(declared(), "attack_roll", player=0, roll=3, value=10)
    assert "Damage is rolled before" in msg(s, "dodge_roll", "R123", player=1, roll=3, value=10)
    refused(s, "apply_armor", "R123", player=1, pro=2)
    ok(s, "damage_roll", player=0, amount=7)


def test_r124_exhausted_armor_cannot_block():
    s = setp(new(), 1, permanents=[{"name": "Shield", "ready": False, "armor_location": "arms",
                                    "improvements": [], "owner": 1}])
    s = damaged(s)
    assert "exhausted" in msg(s, "apply_armor", "R124", player=1, pro=2, card="Shield", exhaust=True)
    ok(s, "apply_armor", player=1, pro=2, card="Shield")


def test_r40_needs_a_fate_point():
    s = missed()
    assert msg(s, "spend_fate_reroll", "R40", player=0, roll=3) == "You have no Fate Points."
    assert fp(s, 1) == 1
    ok(s, "spend_fate_draw", player=1)


def test_r43_reroll_only_a_failed_open_attack():
    s = setp(actions_with_endurance(), 0, fate_points=1)
    s = edit(s, lambda st: st.update(fate_pool=2))
    refused(s, "spend_fate_reroll", "R43", player=0, roll=3)
    s = ok(s, "declare_attack", player=0, attack_type="close", target=1)
    hit = ok(s, "attack_roll", player=0, roll=2, value=10)
    assert "hit" in msg(hit, "spend_fate_reroll", "R43", player=0, roll=3)
    miss = ok(s, "attack_roll", player=0, roll=12, value=10)
    ok(miss, "spend_fate_reroll", player=0, roll=3)


def test_r44_only_the_attacker_of_a_failed_attack_takes_fate():
    s = to_phase(new(), "actions")
    refused(s, "take_fate", "R44", player=0)
    s = ok(s, "declare_attack", player=0, attack_type="close", target=1)
    hit = ok(s, "attack_roll", player=0, roll=2, value=10)
    assert "hit" in msg(hit, "take_fate", "R44", player=0)
    miss = ok(s, "attack_roll", player=0, roll=12, value=10)
    refused(miss, "take_fate", "R44", player=1)
    ok(miss, "take_fate", player=0)


def test_r47_middle_first_then_another_hero():
    s = missed()
    assert "(3)" in msg(s, "take_fate", "R47", player=0, source=1)
    ok(s, "take_fate", player=0, source="middle")
    empty = edit(s, lambda st: (st.update(fate_pool=0), st["players"][1].update(fate_points=4)))
    assert "middle is empty" in msg(empty, "take_fate", "R47", player=0, source="middle")
    refused(empty, "take_fate", "R47", player=0, source=0)
    done = ok(empty, "take_fate", player=0, source=1)
    assert fp(done, 0) == 1 and fp(done, 1) == 3


def test_r47_skirmish_names_the_source_when_several_hold_fate():
    s = edit(new("skirmish"), lambda st: (st.update(fate_pool=0),
                                          st["players"][1].update(fate_points=3),
                                          st["players"][2].update(fate_points=3)))
    s = missed(s)
    assert "Ben, Cid" in msg(s, "take_fate", "R47", player=0)
    s = ok(s, "take_fate", player=0, source=2)
    assert [p["fate_points"] for p in s["players"]] == [1, 3, 2]


def test_take_fate_with_no_fate_anywhere_gains_nothing():
    s = edit(missed(), lambda st: (st.update(fate_pool=0), st["players"][1].update(fate_points=0),
                                   st.update(fate_removed=4)))
    result = run(s, "take_fate", player=0)
    assert result.accepted and result.notes and fp(result.state, 0) == 0


def test_r49_fate_for_others_only_in_team_duel():
    s = to_phase(new(), "actions")
    assert "only for yourself" in msg(s, "spend_fate_draw", "R49", player=1, beneficiary=0)
    ok(s, "spend_fate_draw", player=1)
    t = to_phase(new("team_duel"), "actions")  # Ben (B) and Dee (B) hold 1 FP each
    ok(t, "spend_fate_endurance", player=1, beneficiary=3)
    assert "other team" in msg(t, "spend_fate_endurance", "R49", player=1, beneficiary=0)


def test_r49_team_duel_reroll_by_a_teammate():
    t = new("team_duel", start=1)  # Ben (B) attacks; Dee (B) holds a Fate Point
    t = missed(t, attacker=1, target=0)
    assert fp(t, 3) == 1
    s = ok(t, "spend_fate_reroll", player=3, roll=2, value=10)
    assert s["pending_attack"]["result"] == "hit" and fp(s, 3) == 0
    assert "other team" in msg(t, "spend_fate_reroll", "R49", player=2, roll=2)
    duel = setp(edit(missed(), lambda st: st.update(fate_pool=2)), 0, fate_points=1)
    assert "only for yourself" in msg(duel, "spend_fate_reroll", "R49", player=1, roll=2)
    ok(duel, "spend_fate_reroll", player=0, roll=2)


def test_spend_fate_draw_on_an_empty_deck_still_costs_the_point():
    s = setp(to_phase(new(), "actions"), 1, draw_deck_count=0)
    result = run(s, "spend_fate_draw", player=1)
    assert result.accepted and result.notes and fp(result.state, 1) == 0 and result.state["fate_pool"] == 4


def test_t8_natural_1_succeeds_whatever_the_modifier_and_owes_a_draw():
    s = to_phase(new(), "actions")
    s = ok(s, "test", player=0, attribute="magic", roll=1, value=3, modifier=-5)
    assert s["players"][0]["last_test"]["result"] == "critical_success"
    hand = s["players"][0]["hand_count"]
    s = ok(s, "draw_cards", player=0, count=1, reason="critical_success")
    assert s["players"][0]["hand_count"] == hand + 1
    # the owed draw is spent: a second one is not a critical draw any more
    refused(s, "draw_cards", "R31", player=0, count=1, reason="critical_success")


def test_t9_a_modified_20_is_a_plain_failure_not_a_critical_one():
    # Blinding Flash adds 5 to the roll; with the value side of the comparison that is a -5 modifier
    s = declared()
    hand = s["players"][0]["hand_count"]
    s = ok(s, "attack_roll", player=0, roll=15, value=18, modifier=-5)
    assert s["pending_attack"]["result"] == "miss"
    s = ok(s, "attack_failed_final", player=0)
    assert s["players"][0]["hand_count"] == hand and s["players"][0]["discard_count"] == 0
