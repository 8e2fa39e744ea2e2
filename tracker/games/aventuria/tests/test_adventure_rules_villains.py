"""The adventure combat's rules, part 2: the row of villains, the time scale and the end of combat
(R79-R89, R113-R117, R126, H8). Each refusal beside the accepted case."""
from .conftest import (
    BODYGUARD, WATCHMAN, adventure, attack_on, chance, edit, fp, hero_turns, knocked_out, lp, msg, new, next_round, ok,
    refused, run, setp, to_opponents, vil, villain_card, villain_hits, villains_act,
)

SKELETON = villain_card("Skeleton", 4, tp=3, dodge=7, armor=0, actions=1, keywords=["Skeleton"])
BANDIT = villain_card("Bandit", 6, tp=5, dodge="-", armor=1, actions=1, keywords=["Bandit"])
GRAUTAX = villain_card("Grautax, the False Baron", 12, "leader", dodge="-", armor=2, actions="N")
GRIPBEARD = villain_card("Gripbeard Goutgroves", 10, "leader", dodge="-", armor=1, actions=2)


def opponents(state=None, roll=12):
    """The Baron (v1) has rolled his first action die."""
    return ok(to_opponents(state or adventure()), "villain_action_roll", villain="v1", roll=roll)


# ------------------------------------------------------------------ hero attacks: R79 R82 R83 R84 H8

def test_r79_a_protected_villain_cannot_be_attacked():
    kobold = villain_card("??? the Kobold", 12, "leader", dodge=10, armor=0, actions="N", attackable=False)
    pirates = [villain_card("Pirate", 6, tp=5, keywords=["Pirate"])] * 2
    s = hero_turns(adventure(adventure="saving-silvana", villains=[kobold, *pirates]))
    assert "Guess Name" in msg(s, "declare_attack", "R111", player=0, attack_type="magic", villain="v1")
    # with the story card's tokens gone but the card still protecting it, the general rule speaks
    s = edit(s, lambda st: st["story_cards"][0].update(tokens=0))
    assert "cannot be attacked yet" in msg(s, "declare_attack", "R79", player=0, attack_type="magic", villain="v1")
    ok(s, "declare_attack", player=0, attack_type="magic", villain="v2")


def test_h8_a_villain_that_left_the_row_is_not_attacked_and_does_not_act():
    s = ok(hero_turns(adventure()), "villain_leaves", villain="v4", how="fled")
    assert "has left the row (fled)" in msg(s, "declare_attack", "H8", player=0, attack_type="close", villain="v4")
    ok(s, "declare_attack", player=0, attack_type="close", villain="v3")
    s = opponents(s)
    s = ok(s, "villain_action_roll", villain="v1", roll=12)
    s = ok(s, "villain_action_roll", villain="v2", roll=12)
    s = ok(s, "villain_action_roll", villain="v3", roll=12)
    refused(s, "villain_action_roll", "H8", villain="v4", roll=12)
    ok(s, "advance_phase")


def test_r82_villain_attacks_always_hit():
    s = opponents()
    s = ok(s, "villain_attack", villain="v1", target=0, amount=5, attack_type="close")
    assert "always hit" in msg(s, "attack_roll", "R82", player=0, roll=15)
    refused(s, "take_fate", "R82", player=0)
    s = ok(s, "dodge_roll", player=0, roll=3, value=8)
    s = ok(s, "apply_damage", target=0)
    assert lp(s, 0) == 37 and s["pending_attack"] is None


def test_r83_dodge_minus_cannot_dodge():
    s = attack_on(hero_turns(adventure()), "v4", 7)
    assert msg(s, "villain_dodge_roll", "R83", villain="v4", roll=1) == 'Tough Watchman cannot dodge (Dodge "-").'
    ok(s, "damage_villain", villain="v4")


def test_r83_a_villain_with_a_dodge_value_rolls_it_before_damage():
    s = attack_on(hero_turns(adventure()), "v1", 9)
    assert "Roll Baron von Wildenstein's dodge first (Dodge 8)" in msg(s, "damage_villain", "R83", villain="v1")
    dodged = ok(s, "villain_dodge_roll", villain="v1", roll=8)
    assert dodged["pending_attack"]["damage"] == 5  # halved, rounding up
    assert "already rolled" in msg(dodged, "villain_dodge_roll", "R83", villain="v1", roll=2)
    dodged = ok(dodged, "damage_villain", villain="v1")
    assert vil(dodged, "v1")["life_points"] == 20 - (5 - 1)
    failed = ok(ok(s, "villain_dodge_roll", villain="v1", roll=9), "damage_villain", villain="v1")
    assert vil(failed, "v1")["life_points"] == 20 - (9 - 1)
    s2 = ok(hero_turns(adventure()), "declare_attack", player=0, attack_type="close", villain="v1")
    assert "no rolled damage" in msg(s2, "villain_dodge_roll", "R83", villain="v1", roll=3)


def test_r84_armor_comes_off_every_hit_and_damage_needs_a_hit():
    s = hero_turns(adventure())
    assert "There is no attack on Tough Watchman" in msg(s, "damage_villain", "R84", villain="v4", amount=5)
    s = ok(s, "declare_attack", player=0, attack_type="close", villain="v4")
    missed = ok(s, "attack_roll", player=0, roll=18, value=14)
    s = ok(s, "attack_roll", player=0, roll=3, value=14)
    assert msg(s, "damage_villain", "R84", villain="v4") == "Roll the attack's damage first."
    s = ok(s, "damage_roll", player=0, amount=5)
    assert "at most 5 damage" in msg(s, "damage_villain", "R84", villain="v4", amount=6)
    s = ok(s, "damage_villain", villain="v4")
    assert vil(s, "v4")["life_points"] == 9 - 2
    assert missed["pending_attack"]["result"] == "miss"
    # a life point loss from a card ignores armor ([Additional Rules > Life Point Loss])
    s = ok(s, "villain_life_point_loss", villain="v4", amount=2, player=0)
    assert vil(s, "v4")["life_points"] == 5


def test_r85_villains_heal_no_higher_than_their_starting_lp():
    s = ok(hero_turns(adventure()), "villain_life_point_loss", villain="v1", amount=4)
    assert "starting 20 life points" in msg(s, "heal_villain", "R85", villain="v1", amount=5)
    assert vil(ok(s, "heal_villain", villain="v1", amount=4), "v1")["life_points"] == 20
    assert vil(ok(s, "heal_villain", villain="v1", amount=6, above_start=True), "v1")["life_points"] == 22


def test_r87_no_fate_point_for_a_villain_that_flees_or_is_removed():
    s = hero_turns(adventure())
    for how, status in (("fled", "fled"), ("removed_from_combat", "removed"), ("removed_from_game", "removed")):
        after = ok(s, "villain_leaves", villain="v3", how=how)
        assert vil(after, "v3")["status"] == status
        assert after["fate_pool"] == 4 and fp(after, 0) == fp(after, 1) == 0


# ------------------------------------------------------------------ villain turns: R80 R81 R89 R126 R72

def test_r80_villains_act_left_to_right():
    s = to_opponents(adventure())
    assert "It is Baron von Wildenstein's turn" in msg(s, "villain_action_roll", "R80", villain="v3", roll=4)
    s = ok(s, "villain_action_roll", villain="v1", roll=4)
    assert "is acting (1 action(s) left)" in msg(s, "villain_action_roll", "R80", villain="v2", roll=4)
    assert "still has 1 action(s) to roll" in msg(s, "advance_phase", "R80")
    s = ok(s, "villain_action_roll", villain="v1", roll=4)
    msg(s, "villain_action_roll", "R80", villain="v3", roll=4)
    assert "Loyal Bodyguard has not acted yet" in msg(s, "advance_phase", "R80")
    s = ok(s, "villain_action_roll", villain="v2", roll=4)


def test_r80_only_the_acting_villain_attacks():
    s = to_opponents(adventure())
    # the engine names this check R89 (its attack-order rule, step 3 and step 4 alike)
    assert "after rolling its action die" in msg(s, "villain_attack", "R89", villain="v1", target=0, amount=3)
    s = ok(s, "villain_action_roll", villain="v1", roll=1)
    assert "(Baron von Wildenstein)" in msg(s, "villain_attack", "R89", villain="v2", target=0, amount=3)
    ok(s, "villain_attack", villain="v1", target=0, amount=3)


def test_r81_a_20_ends_the_villains_turn_a_1_adds_an_action():
    three = villain_card("Ogre", 20, "leader", actions=3)
    s = to_opponents(adventure(villains=[three, BODYGUARD, BODYGUARD, WATCHMAN]))
    s = ok(s, "villain_action_roll", villain="v1", roll=20)
    assert s["opponent_turn"]["actions_left"] == 0
    assert msg(s, "villain_action_roll", "R81", villain="v1", roll=5) == "Ogre rolled a 20: its turn is over."
    ok(s, "villain_attack", villain="v1", target=0, amount=4)  # the 20's own entry still resolves
    ok(s, "villain_action_roll", villain="v2", roll=5)
    s = to_opponents(adventure(villains=[three, BODYGUARD, BODYGUARD, WATCHMAN]))
    for roll in (1, 1, 5, 5, 5):
        s = ok(s, "villain_action_roll", villain="v1", roll=roll)
    assert s["opponent_turn"]["rolls"] == [1, 1, 5, 5, 5]
    assert "used its 3 action(s)" in msg(s, "villain_action_roll", "R81", villain="v1", roll=5)


def test_r81_the_critical_is_read_from_the_die_not_the_modified_result():
    s = ok(to_opponents(adventure()), "villain_action_roll", villain="v1", roll=19, modifier=1)
    assert s["opponent_turn"]["actions_left"] == 1


def test_r126_the_target_must_be_one_the_method_can_pick():
    s = setp(setp(opponents(adventure(n=3)), 1, life_points=30), 2, life_points=30)
    assert "most life points (Ann, 40)" in msg(s, "villain_attack", "R126", villain="v1", target=1, amount=3,
                                               method="most_life_points")
    ok(s, "villain_attack", villain="v1", target=0, amount=3, method="most_life_points")
    for seat in (1, 2):  # tied: either
        ok(s, "villain_attack", villain="v1", target=seat, amount=3, method="least_life_points")
    assert "starting hero, Ann" in msg(s, "villain_attack", "R126", villain="v1", target=2, amount=3,
                                       method="starting_hero")
    ok(s, "villain_attack", villain="v1", target=2, amount=3, method="random")
    s = setp(s, 2, hand_count=9)
    msg(s, "villain_attack", "R126", villain="v1", target=0, amount=3, method="most_hand_cards")
    ok(s, "villain_attack", villain="v1", target=2, amount=3, method="most_hand_cards")


def test_r72_t41_random_target_on_an_unconscious_hero_is_redrawn():
    s = knocked_out(opponents(adventure(n=3)), 0)
    assert "villains ignore unconscious heroes" in msg(s, "villain_attack", "R72", villain="v1", target=0,
                                                       amount=4, method="random")
    s = ok(s, "villain_attack", villain="v1", target=2, amount=4, method="random")
    # most/least count only the conscious: Ann's 0 LP is not the least
    s = villain_hits(opponents(knocked_out(adventure(n=3), 0)), "v1", 1, 5)
    ok(s, "villain_attack", villain="v1", target=1, amount=3, method="least_life_points")


def test_r89_time_effect_attacks_go_in_row_order():
    s = villains_act(adventure())
    s = ok(s, "remove_time_counter")
    s = villain_hits(s, "v3", 0, 2)
    assert "row order" in msg(s, "villain_attack", "R89", villain="v2", target=0, amount=2)
    s = villain_hits(s, "v4", 0, 2)
    assert lp(s, 0) == 36


def test_r89_henchmen_arriving_in_time_effects_act_from_the_next_round():
    s = ok(villains_act(adventure()), "remove_time_counter")
    s = ok(s, "place_henchman", **BODYGUARD)
    assert vil(s, "v5")["status"] == "active"
    s = to_opponents(ok(s, "advance_phase"))
    for vid, actions in (("v1", 2), ("v2", 1), ("v3", 1), ("v4", 1)):
        for _ in range(actions):
            s = ok(s, "villain_action_roll", villain=vid, roll=12)
    msg(s, "advance_phase", "R80")  # the newcomer acts this round
    s = ok(s, "villain_action_roll", villain="v5", roll=12)
    ok(s, "advance_phase")


# ------------------------------------------------------------------ the time scale: R88, R116

def test_r88_one_time_counter_per_round():
    s = villains_act(adventure(time=3))
    assert msg(s, "advance_phase", "R88") == "Remove this round's time counter first."
    s = ok(s, "remove_time_counter")
    assert s["time_counters"] == 2
    assert msg(s, "remove_time_counter", "R88") == "Only one time counter is removed per round."
    s = ok(s, "advance_phase")
    assert s["round"] == 2 and not s["time_removed_this_round"]


def test_r88_at_0_the_step_still_runs_and_the_0_effect_repeats():
    s = chance(time=1, time_effects={"0": "Every hero loses 2 LP"})
    s = villains_act(s)
    r = run_notes(s, "remove_time_counter")
    assert r.state["time_counters"] == 0 and r.notes == ("Time scale at 0: Every hero loses 2 LP",)
    s = next_round(ok(r.state, "advance_phase"))  # round 2 removes "one more": none left
    s = villains_act(s)
    r = run_notes(s, "remove_time_counter")
    assert r.state["time_counters"] == 0 and r.notes == ("Time scale at 0: Every hero loses 2 LP",)


def run_notes(state, type_, **params):
    result = run(state, type_, **params)
    assert result.accepted, result
    return result


def test_r116_non_gambling_kind_the_last_counter_removed_is_defeat():
    s = adventure(adventure="the-non-gambling-kind", time=1, villains=[BODYGUARD, BODYGUARD])
    s = ok(villains_act(s), "remove_time_counter")
    assert s["phase"] == "defeated" and s["combat_result"]["result"] == "defeat"
    assert s["combat_result"]["reason"] == "the last time counter was removed"
    assert s["outcome"] == {"result": "lost", "winners": [], "reason": "the last time counter was removed"}
    s = adventure(adventure="the-non-gambling-kind", time=2, villains=[BODYGUARD, BODYGUARD])
    assert ok(villains_act(s), "remove_time_counter")["phase"] == "time_effects"


def test_r116_r115_non_gambling_kind_is_won_by_declaring_it():
    s = hero_turns(adventure(adventure="the-non-gambling-kind", villains=[BODYGUARD, BODYGUARD]))
    assert "Quitting the Game" in msg(s, "end_combat", "R116", result="victory", reason="we say so")
    s = ok(s, "hero_action", player=0, card="Quitting the Game", skill="willpower", roll=3, value=12)
    assert s["phase"] == "adventure_end" and s["outcome"]["result"] == "won" and s["outcome"]["winners"] == [0, 1]
    assert s["combat_result"]["acts_follow"] is False


# ------------------------------------------------------------------ the end of combat: R113 R114 R115

def test_r115_victory_only_when_the_combat_says():
    s = hero_turns(adventure())
    assert "defeating Baron von Wildenstein" in msg(s, "end_combat", "R115", result="victory")
    s = ok(s, "villain_life_point_loss", villain="v1", amount=20, player=0)
    # [Act II]: the Baron defeated is the victory, henchmen left or not
    assert s["phase"] == "after_combat" and s["combat_result"]["reason"] == "the leader is defeated"
    assert s["combat_result"]["acts_follow"] is True and s["outcome"] is None
    one = hero_turns(adventure(adventure="legacy-of-wildenstein", start_act=1, heir=0,
                               villains=[GRIPBEARD, BANDIT, BANDIT]))
    assert "Not every opponent" in msg(one, "end_combat", "R115", result="victory")
    ok(one, "end_combat", result="defeat", reason="the table gives up")


def test_wildenstein_act_1_won_when_every_opponent_is_defeated_or_fled_and_acts_follow():
    s = hero_turns(adventure(adventure="legacy-of-wildenstein", start_act=1, heir=0,
                             villains=[GRIPBEARD, BANDIT, BANDIT]))
    s = ok(s, "villain_leaves", villain="v1", how="fled")
    s = ok(s, "villain_life_point_loss", villain="v2", amount=6, player=0)
    assert s["phase"] == "hero_actions"
    s = ok(s, "villain_life_point_loss", villain="v3", amount=6, player=0)
    assert s["phase"] == "after_combat" and s["outcome"] is None
    r = s["combat_result"]
    assert (r["result"], r["act"], r["acts_follow"], r["rewards"]) == ("victory", 1, True, 2)
    assert r["time_counters_left"] == 5
    assert r["heroes"][0] == {"life_points": 40, "fate_points": 2, "unconscious": False}
    refused(s, "advance_phase", "R70")


def test_r114_wildenstein_the_heir_falling_unconscious_is_defeat():
    s = opponents(adventure(heir=1))
    s = ok(s, "villain_attack", villain="v1", target=0, amount=45)
    s = ok(s, "apply_damage", target=0)
    assert s["players"][0]["unconscious"] and s["phase"] == "opponent_turns"
    s = ok(s, "villain_attack", villain="v1", target=1, amount=45)
    s = ok(s, "apply_damage", target=1)
    assert s["phase"] == "defeated" and "the heir, Ben" in s["combat_result"]["reason"]
    assert s["outcome"]["result"] == "lost"


def test_r113_saving_silvana_a_doom_counter_per_knock_out_defeat_at_n():
    pirates = [villain_card("Pirate", 6, tp=5, keywords=["Pirate"])] * 3
    s = adventure(n=3, adventure="saving-silvana", villains=pirates)
    s = knocked_out(s, 0)
    assert s["doom_counters"] == 1 and s["phase"] == "preparation"
    s = knocked_out(s, 1)
    assert s["doom_counters"] == 2 and s["phase"] == "preparation"
    s = ok(s, "heal", target=0, amount=5)
    s = next_round(s)
    s = knocked_out(s, 0)  # the same hero again: another counter
    assert s["doom_counters"] == 3 and s["phase"] == "defeated"
    assert s["combat_result"]["reason"] == "3 doom counters, one per hero" and s["outcome"]["result"] == "lost"


def test_wildenstein_act_3_doom_per_knock_out_and_grautax_is_the_victory():
    s = adventure(adventure="legacy-of-wildenstein", start_act=3, heir=0, villains=[GRAUTAX, SKELETON, SKELETON])
    assert s["threat_value"] == 6
    s = knocked_out(s, 0)
    assert s["doom_counters"] == 1 and s["phase"] == "preparation"  # the heir no longer decides it
    s = hero_turns(s)
    s = ok(s, "villain_life_point_loss", villain="v1", amount=12, player=1)
    # the last act won ends the adventure: the Fate Points are discarded, the experience given
    assert s["phase"] == "adventure_end" and s["outcome"]["result"] == "won" and fp(s, 1) == 0
    assert [p["xp_awarded"] for p in s["players"]] == [2, 2]


def test_every_hero_unconscious_is_defeat():
    s = chance()
    s = knocked_out(s, 0)
    assert s["phase"] == "preparation"
    s = knocked_out(s, 1)
    assert s["phase"] == "defeated" and s["combat_result"]["reason"] == "every hero is unconscious"


def test_chance_encounter_victory_sets_the_outcome():
    s = hero_turns(chance())
    s = ok(s, "villain_life_point_loss", villain="v1", amount=9, player=0)
    s = ok(s, "villain_leaves", villain="v2", how="fled")
    assert s["phase"] == "after_combat" and s["outcome"] == {
        "result": "won", "winners": [0, 1], "reason": "every opponent is defeated or fled"}
    assert s["combat_result"]["acts_follow"] is False and fp(s, 0) == 1


def test_chance_encounter_time_out_defeat():
    s = ok(villains_act(chance(time=1, time_out="defeat")), "remove_time_counter")
    assert s["phase"] == "defeated" and s["outcome"]["result"] == "lost"
    s = ok(villains_act(chance(time=1)), "remove_time_counter")  # time_out "nothing" by default
    assert s["phase"] == "time_effects" and s["combat_result"] is None


def test_the_acting_leader_of_a_chance_encounter():
    crossbow = villain_card("Crossbowman", 5, tp=4, dodge=6)
    s = chance(villains=[crossbow, WATCHMAN, WATCHMAN])
    assert s["acting_leader"] == "v2"  # the most TP, leftmost of those tied
    s = ok(s, "villain_leaves", villain="v2", how="fled")
    assert s["acting_leader"] == "v3"
    assert adventure()["acting_leader"] is None


def test_the_row_and_its_villains_as_recorded():
    s = adventure()
    assert [(v["id"], v["kind"], v["tp"], v["actions"], v["status"]) for v in s["villains"]] == [
        ("v1", "leader", None, "N", "active"), ("v2", "henchman", 5, 1, "active"),
        ("v3", "henchman", 5, 1, "active"), ("v4", "henchman", 7, 1, "active")]
    assert vil(s, "v4")["dodge"] == "-" and vil(s, "v4")["starting_life_points"] == 9
    per_hero = chance(n=3, villains=[villain_card("Orc Chief", "N", tp=21, actions="N")])
    assert vil(per_hero, "v1")["life_points"] == 3
    assert new("adventure", n=1, adventure="saving-silvana")["threat_value"] == 5
