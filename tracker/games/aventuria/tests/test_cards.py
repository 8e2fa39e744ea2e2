"""Action Cards, permanents, special ability, tests (R10, R14-R25, R29, R121, R122, H3; T17, T20)."""
from .conftest import actions_with_endurance, edit, msg, new, ok, refused, setp, to_phase

DIRK = {"name": "Dirk", "ready": True, "armor_location": None, "improvements": [], "owner": 0}
CHAIN = {"name": "Chain Mail", "ready": True, "armor_location": "chest", "improvements": [], "owner": 0}


def with_permanents(state, seat, *cards):
    return setp(state, seat, permanents=[dict(c, owner=seat, improvements=list(c["improvements"])) for c in cards])


def test_r10_non_free_card_only_in_own_actions_phase():
    s = to_phase(new(), "ready")
    assert "free actions" in msg(s, "play_action_card", "R10", player=0, card="Battle-Axe", cost=0, kind="permanent")
    refused(actions_with_endurance(), "play_action_card", "R10", player=1, card="Balsam", cost=0, kind="one_shot")
    ok(actions_with_endurance(), "play_action_card", player=0, card="Battle-Axe", cost=2, kind="permanent")


def test_r10_free_action_any_time():
    s = to_phase(new(), "ready")
    s = ok(s, "play_action_card", player=1, card="Hidden Dagger", cost=0, kind="one_shot", free_action=True)
    assert s["players"][1]["hand_count"] == 4 and s["players"][1]["discard_count"] == 1  # one-shot discarded (R23)


def test_r14_not_enough_endurance():
    s = actions_with_endurance(endurance=2)
    assert msg(s, "play_action_card", "R14", player=0, card="Ignisphaero", cost=3, kind="one_shot") == \
        "Not enough endurance: 2 available, 3 needed."
    s = ok(s, "play_action_card", player=0, card="Ignisphaero", cost=2, kind="one_shot")
    assert s["players"][0]["endurance_ready"] == 0 and s["players"][0]["endurance_total"] == 2


def test_r14_fate_endurance_counts_and_is_spent_first():
    s = setp(actions_with_endurance(endurance=2), 0, temp_endurance=1)
    s = ok(s, "play_action_card", player=0, card="Balsam", cost=2, kind="one_shot")
    assert (s["players"][0]["temp_endurance"], s["players"][0]["endurance_ready"]) == (0, 1)


def test_r15_x_cost_up_to_available():
    s = actions_with_endurance(endurance=3)
    assert "(3)" in msg(s, "play_action_card", "R15", player=0, card="Fireball", cost=5, kind="one_shot", x_cost=True)
    ok(s, "play_action_card", player=0, card="Fireball", cost=0, kind="one_shot", x_cost=True)


def test_t17_r17_second_helmet_refused():
    s = ok(actions_with_endurance(), "play_action_card", player=0, card="Helmet", cost=1, kind="permanent",
           armor_location="head")
    found = refused(s, "play_action_card", "R17", player=0, card="helmet", cost=1, kind="permanent",
                    armor_location="head")
    assert "already have helmet in play" in found["aventuria.R17"]
    ok(s, "play_action_card", player=0, card="Dirk", cost=1, kind="permanent")


def test_t17_r18_chest_armor_occupied():
    s = with_permanents(actions_with_endurance(), 0, CHAIN)
    assert msg(s, "play_action_card", "R18", player=0, card="Covenant Garb", cost=2, kind="permanent",
               armor_location="chest") == "Chest armor already worn; discard Chain Mail to wear Covenant Garb."
    s = ok(s, "discard_permanent", player=0, card="Chain Mail")
    ok(s, "play_action_card", player=0, card="Covenant Garb", cost=2, kind="permanent", armor_location="chest")


def test_r19_no_armor_in_response_to_an_attack():
    s = ok(actions_with_endurance(), "declare_attack", player=0, attack_type="close", target=1)
    s = setp(s, 1, endurance_total=2, endurance_ready=2)
    refused(s, "play_action_card", "R19", player=1, card="Helmet", cost=1, kind="permanent", armor_location="head",
            free_action=True)
    ok(s, "play_action_card", player=1, card="Hidden Dagger", cost=1, kind="one_shot", free_action=True)


def test_r21_exhausted_card_cannot_exhaust_again():
    s = with_permanents(actions_with_endurance(), 0, DIRK)
    s = ok(s, "activate_permanent", player=0, card="Dirk", exhaust=True)
    assert "exhausted" in msg(s, "activate_permanent", "R21", player=0, card="Dirk", exhaust=True)
    ok(s, "activate_permanent", player=0, card="Dirk")  # no exhaust requirement: usable again


def test_r22_activation_cost_each_use():
    s = with_permanents(actions_with_endurance(endurance=1), 0, DIRK)
    assert "costs 2" in msg(s, "activate_permanent", "R22", player=0, card="Dirk", extra_cost=2)
    s = ok(s, "activate_permanent", player=0, card="Dirk", extra_cost=1)
    assert s["players"][0]["endurance_ready"] == 0


def test_activation_outside_actions_needs_out_of_turn_use():
    s = with_permanents(to_phase(new(), "start"), 1, DIRK)
    refused(s, "activate_permanent", "R10", player=1, card="Dirk")
    ok(s, "activate_permanent", player=1, card="Dirk", free_action=True)


def test_h3_card_must_be_in_play():
    s = actions_with_endurance()
    assert "not in play" in msg(s, "activate_permanent", "H3", player=0, card="Dirk")
    refused(s, "discard_permanent", "H3", player=0, card="Dirk")
    refused(s, "return_permanent_to_hand", "H3", player=0, card="Dirk")
    s = with_permanents(s, 0, DIRK)
    hand = s["players"][0]["hand_count"]
    s = ok(s, "return_permanent_to_hand", player=0, card="Dirk")
    assert s["players"][0]["hand_count"] == hand + 1 and s["players"][0]["permanents"] == []


def test_r24_improvement_needs_its_card_and_leaves_with_it():
    s = actions_with_endurance()
    assert "needs a card to improve" in msg(s, "play_action_card", "R24", player=0, card="Weapon Poison", cost=1,
                                            kind="permanent", attaches_to="Dirk")
    s = with_permanents(s, 0, DIRK)
    s = ok(s, "play_action_card", player=0, card="Weapon Poison", cost=1, kind="permanent", attaches_to="Dirk")
    assert s["players"][0]["permanents"][0]["improvements"] == [{"name": "Weapon Poison", "owner": 0}]
    back = ok(s, "return_permanent_to_hand", player=0, card="Dirk")
    assert back["players"][0]["discard_count"] == 1
    assert back["players"][0]["hand_count"] == s["players"][0]["hand_count"] + 1
    gone = ok(s, "discard_permanent", player=0, card="Dirk")
    assert gone["players"][0]["discard_count"] == 2


def test_r25_special_ability_once_per_game_any_turn():
    s = to_phase(new(), "draw")
    s = ok(s, "use_special_ability", player=1)
    assert not s["players"][1]["special_ability_available"]
    assert "already used" in msg(s, "use_special_ability", "R25", player=1)
    ok(s, "use_special_ability", player=0)


def test_r29_no_magic_value():
    s = actions_with_endurance(magic="-")
    assert msg(s, "declare_attack", "R29", player=0, attack_type="magic", target=1) == "This hero has no Magic value."
    refused(s, "test", "R29", player=0, attribute="magic", roll=5)
    ok(s, "declare_attack", player=0, attack_type="ranged", target=1)


def test_r121_endurance_card_cannot_be_used():
    s = to_phase(with_permanents(new(), 0, dict(DIRK, name="Helmet", armor_location="head")), "endurance")
    s = ok(s, "play_endurance", player=0, source="permanent", card="Helmet")
    s = actions_with_endurance(s)
    assert "Endurance Card now" in msg(s, "activate_permanent", "R121", player=0, card="Helmet")
    # One copy face down still leaves the second copy playable from the hand.
    s = ok(s, "play_action_card", player=0, card="Helmet", cost=1, kind="permanent", armor_location="head")
    s = edit(s, lambda st: st["players"][0]["endurance_cards"].append("Helmet"))
    s = ok(s, "discard_permanent", player=0, card="Helmet")
    refused(s, "play_action_card", "R121", player=0, card="Helmet", cost=1, kind="permanent")


def test_r122_basic_equipment_and_special_ability_cannot_be_stolen():
    s = with_permanents(actions_with_endurance(), 1, dict(DIRK, name="Rapier"))
    refused(s, "steal_card", "R122", player=0, target=1, card="Basic Equipment")
    refused(s, "steal_card", "R122", player=0, target=1, card="Longbow", basic_equipment=True)
    refused(s, "discard_permanent", "R122", player=0, card="special ability")
    s = ok(s, "steal_card", player=0, target=1, card="Rapier")
    card = s["players"][0]["permanents"][0]
    assert card["name"] == "Rapier" and card["owner"] == 1 and s["players"][1]["permanents"] == []
    s = ok(s, "discard_permanent", player=0, card="Rapier")
    assert s["players"][1]["discard_count"] == 1  # a stolen card goes to its owner's pile


def test_steal_needs_the_card_in_the_victims_play():
    s = actions_with_endurance()
    assert "not in play for Ben" in msg(s, "steal_card", "H3", player=0, target=1, card="Rapier")


def test_generic_test_crits_and_unknown():
    s = actions_with_endurance(close_combat=12)
    s1 = ok(s, "test", player=0, attribute="close_combat", roll=12, modifier=-1)
    assert s1["players"][0]["last_test"]["result"] == "failure"
    s2 = ok(s, "test", player=0, attribute="other", roll=7)
    assert s2["players"][0]["last_test"]["result"] == "unknown"
    s3 = ok(s, "test", player=0, attribute="close_combat", roll=20, value=30)
    assert s3["players"][0]["last_test"]["result"] == "critical_failure"
    assert s3["players"][0]["hand_count"] == s["players"][0]["hand_count"] - 1
    s4 = ok(s, "test", player=0, attribute="magic", roll=1, modifier=-5, value=3)  # T8
    assert s4["players"][0]["last_test"]["result"] == "critical_success" and s4["players"][0]["critical_draws"] == 1
