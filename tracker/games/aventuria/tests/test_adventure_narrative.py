"""The narrative between combats: who rolls, Fate rerolls, results and what they do once a step
closes (R62, R63, H9, R64, R119, R128, R135; R129-R131 where the narrative feeds the combat)."""
from .conftest import NAMES, fp, lp, msg, new, ok, refused, run

SKILLS = ("body_control", "craft", "knowledge", "perception", "persuade", "stealth", "survival", "willpower")
PIRATE = {"name": "Pirate", "kind": "henchman", "life_points": 6, "tp": 5, "dodge": "-", "armor": 1, "actions": 1,
          "keywords": ["Pirate"]}
KOBOLD = {"name": "??? the Kobold", "kind": "leader", "life_points": 10, "dodge": 10, "armor": 0, "actions": 1}


def heroes(n=2, value=10):
    return [{"name": NAMES[i], "skills": dict.fromkeys(SKILLS, value)} for i in range(n)]


def story(adventure="saving-silvana", n=2, act=1, value=10, **options):
    if adventure == "legacy-of-wildenstein":
        options.setdefault("heir", n - 1)
        options["start_act"] = act
    return new("adventure", n=n, players=heroes(n, value), adventure=adventure, **options)


def roll(state, seat, die, **params):
    return ok(state, "narrative_skill_test", player=seat, roll=die, **params)


def result(state, seat):
    return [r for r in state["narrative"]["rolls"] if r["player"] == seat][-1]["result"]


def gambling(*choices_per_hero):
    """The Non-Gambling Kind through its three temptations; each hero's tuple says yes (True) per step."""
    s = story("the-non-gambling-kind", n=len(choices_per_hero))
    for step, (yes, no) in enumerate((("stay", "leave"), ("grab", "refrain"), ("keep", "resist"))):
        for seat, picks in enumerate(choices_per_hero):
            s = ok(s, "narrative_choice", player=seat, choice=yes if picks[step] else no)
        s = ok(s, "advance_phase")
    assert s["narrative"]["title"] == "Breaking the spell"
    return s


# ------------------------------------------------------------------ R62

def test_r62_hero_decks_stay_shut_in_the_narrative_and_open_in_the_combat():
    s = story()
    assert s["phase"] == "narrative"
    assert "Hero Decks are not used" in msg(s, "heal", "R62", player=0, target=0, amount=3)
    refused(s, "play_action_card", "R62", player=0, card="Healing Potion", cost=0, kind="one_shot")
    s = ok(s, "setup_combat", time_counters=5, villains=[KOBOLD, PIRATE, PIRATE])
    assert s["phase"] == "preparation"
    s = ok(s, "life_point_loss", target=0, amount=6)
    s = ok(s, "heal", player=0, target=0, amount=3)
    assert lp(s, 0) == 37


# ------------------------------------------------------------------ R128

def test_r128_each_hero_rolls_once_and_the_step_waits_for_every_hero():
    s = story()
    assert s["narrative"]["who"] == "each" and s["narrative"]["skill"] == "body_control"
    s = roll(s, 0, 5)
    assert "already rolled" in msg(s, "narrative_skill_test", "R128", player=0, roll=7)
    assert "Ben rolls Body Control" in msg(s, "advance_phase", "R128")
    s = roll(s, 1, 7)
    assert [r["player"] for r in s["narrative"]["rolls"]] == [0, 1]
    s = ok(s, "advance_phase")
    assert s["narrative"]["step"] == 2 and s["narrative"]["rolls"] == []


def test_r128_one_hero_rolls_for_the_group():
    s = story()
    s = ok(roll(roll(s, 0, 5), 1, 5), "advance_phase")
    assert s["narrative"]["who"] == "one" and s["narrative"]["skill"] == "perception"
    assert "one hero rolls Perception" in msg(s, "advance_phase", "R128")
    s = roll(s, 1, 12)
    assert "Ben did" in msg(s, "narrative_skill_test", "R128", player=0, roll=3)
    refused(s, "narrative_skill_test", "R128", player=1, roll=3)
    s = ok(s, "advance_phase")
    assert s["narrative"]["step"] == 3


def test_r128_a_choice_step_takes_choices_and_a_test_step_takes_tests():
    s = story("the-non-gambling-kind")
    assert "not a test" in msg(s, "narrative_skill_test", "R128", player=0, roll=4, skill="willpower")
    assert "stay or leave" in msg(s, "narrative_choice", "R128", player=0, choice="grab")
    s = ok(s, "narrative_choice", player=0, choice="stay")
    assert "already chosen (stay)" in msg(s, "narrative_choice", "R128", player=0, choice="leave")
    assert "Ben chooses" in msg(s, "advance_phase", "R128")
    s = ok(s, "narrative_choice", player=1, choice="leave")
    assert s["narrative"]["chosen"] == {"0": "stay", "1": "leave"}
    sil = story()
    assert "not a choice" in msg(sil, "narrative_choice", "R128", player=0, choice="stay")


def test_r128_a_companions_critical_success_lets_one_failed_hero_try_again():
    """Wildenstein Act 1, the storm: a Survival critical success gives one other hero a repeat."""
    s = story("legacy-of-wildenstein", n=3)
    s = ok(roll(roll(roll(s, 0, 11), 1, 11), 2, 11), "advance_phase")  # archives: nothing found
    assert s["narrative"]["skill"] == "survival"
    s = roll(s, 0, 15)  # failure
    refused(s, "narrative_skill_test", "R128", player=0, roll=4)  # nobody has earned a repeat yet
    s = roll(s, 1, 1)  # critical success
    s = roll(s, 2, 16)  # failure
    assert s["narrative"]["free_rerolls"] == 1
    s = roll(s, 0, 4)  # the repeat, no Fate Point paid
    assert result(s, 0) == "success" and s["narrative"]["free_rerolls"] == 0 and fp(s, 0) == 0
    assert "already rolled" in msg(s, "narrative_skill_test", "R128", player=2, roll=4)
    s = ok(s, "advance_phase")
    assert [lp(s, i) for i in range(3)] == [40, 40, 38]  # only Cid's failure stands


# ------------------------------------------------------------------ R63 and H9

def test_r63_a_fate_reroll_needs_a_fate_point_from_the_adventure():
    s = roll(story(), 0, 15)  # failed Body Control
    assert fp(s, 0) == 0
    assert "no Fate Points yet" in msg(s, "spend_fate_reroll_test", "R63", player=0, roll=3)
    s = ok(s, "narrative_effect", kind="fate", player=0, amount=1)
    assert fp(s, 0) == 1 and s["fate_pool"] == 3
    s = ok(s, "spend_fate_reroll_test", player=0, roll=3)
    assert fp(s, 0) == 0 and s["fate_pool"] == 4  # the point goes back to the middle
    assert result(s, 0) == "success" and len(s["narrative"]["rolls"]) == 1
    assert s["narrative"]["rolls"][0]["rerolls"] == 1


def test_r63_a_companion_may_pay_for_the_reroll():
    s = roll(roll(story(), 0, 15), 1, 2)
    s = ok(s, "narrative_effect", kind="fate", player=1, amount=1)
    s = ok(s, "spend_fate_reroll_test", player=1, beneficiary=0, roll=2)
    assert fp(s, 1) == 0 and result(s, 0) == "success"


def test_h9_only_a_failed_test_is_rerolled():
    s = roll(story(), 0, 4)  # success
    s = ok(s, "narrative_effect", kind="fate", player=0, amount=2)
    assert "only a failed test" in msg(s, "spend_fate_reroll_test", "H9", player=0, roll=3)
    assert "no test in this step" in msg(s, "spend_fate_reroll_test", "H9", player=0, beneficiary=1, roll=3)
    s = roll(s, 1, 20)  # critical failure: a failed test
    s = ok(s, "spend_fate_reroll_test", player=0, beneficiary=1, roll=9)
    assert result(s, 1) == "success" and fp(s, 0) == 1


def test_a_fate_reroll_to_a_critical_success_earns_the_companions_repeat():
    """[Act 1] storm: the critical success counts however it was reached."""
    s = story("legacy-of-wildenstein")
    s = ok(roll(roll(s, 0, 11), 1, 11), "advance_phase")
    s = roll(roll(s, 0, 15), 1, 15)
    s = ok(s, "narrative_effect", kind="fate", player=0, amount=1)
    s = ok(s, "spend_fate_reroll_test", player=0, roll=1)
    assert result(s, 0) == "critical_success" and s["narrative"]["free_rerolls"] == 1
    s = roll(s, 1, 3)
    assert result(s, 1) == "success"


# ------------------------------------------------------------------ R64

def test_r64_natural_one_and_twenty_decide_alone():
    s = story(value=10)
    s = roll(s, 0, 1, value=0)
    s = roll(s, 1, 20, value=30)
    assert [result(s, 0), result(s, 1)] == ["critical_success", "critical_failure"]
    t = roll(roll(story(value=10), 0, 10), 1, 11)
    assert [result(t, 0), result(t, 1)] == ["success", "failure"]
    t = roll(story(value=10), 0, 13, modifier=3)
    assert result(t, 0) == "success"
    t = roll(story(value=10), 0, 12, modifier=-3, value=15)
    assert result(t, 0) == "success" and t["narrative"]["rolls"][0]["value"] == 15


def test_r64_a_rolled_life_point_loss_stays_within_its_dice():
    s = gambling((True, False, False), (False, False, False))
    s = roll(s, 0, 15, dice=[15])  # one damage point, one die: failure, 1D6 life points
    assert s["narrative"]["rolls"][0]["dice_due"] == "1d6"
    assert "Ann rolls 1d6" in msg(s, "advance_phase", "R128")
    assert "1 to 6" in msg(s, "narrative_effect", "R64", kind="lose_life", player=0, amount=7)
    s = ok(s, "narrative_effect", kind="lose_life", player=0, amount=6)
    assert lp(s, 0) == 40  # waits for the step to close
    s = ok(s, "advance_phase")
    assert lp(s, 0) == 34 and lp(s, 1) == 40 and s["phase"] == "combat_setup"


# ------------------------------------------------------------------ R119, R135

def test_r119_willpower_takes_one_die_per_damage_point_and_keeps_the_worst():
    s = gambling((True, True, False), (False, False, False))
    assert s["players"][0]["damage_points"] == 2 and s["players"][1]["damage_points"] == 0
    assert "Roll 2 dice" in msg(s, "narrative_skill_test", "R119", player=0, roll=3)
    assert "worst of your dice: 20" in msg(s, "narrative_skill_test", "R119", player=0, roll=2, dice=[2, 20])
    assert "critical success without a roll" in msg(s, "narrative_skill_test", "R119", player=1, roll=5)
    s = roll(s, 0, 20, dice=[2, 20])
    assert result(s, 0) == "critical_failure" and s["narrative"]["rolls"][0]["roll"] == 20
    assert "2d6" in msg(s, "advance_phase", "R128")  # Ben owes nothing, Ann's 2D6 is due
    assert "2 to 12" in msg(s, "narrative_effect", "R64", kind="lose_life", player=0, amount=1)
    s = ok(s, "narrative_effect", kind="lose_life", player=0, amount=9)
    s = ok(s, "advance_phase")
    assert lp(s, 0) == 31 and lp(s, 1) == 40  # Ben's unrolled critical success costs nothing


def test_r119_a_fate_reroll_rolls_the_same_number_of_dice():
    s = gambling((True, True, True), (True, False, False))
    s = roll(s, 1, 14, dice=[14])  # failure
    s = ok(s, "narrative_effect", kind="fate", player=1, amount=1)
    refused(s, "spend_fate_reroll_test", "R119", player=1, roll=3, dice=[3, 4])
    s = ok(s, "spend_fate_reroll_test", player=1, roll=3, dice=[3])
    assert result(s, 1) == "success"


def test_r135_three_damage_points_at_most():
    s = gambling((True, True, True), (True, True, False))
    assert [p["damage_points"] for p in s["players"]] == [3, 2]
    assert "at most 3 damage points" in msg(s, "narrative_effect", "R135", kind="damage_point", player=0)
    s = ok(s, "narrative_effect", kind="damage_point", player=1)
    assert s["players"][1]["damage_points"] == 3


def test_the_temptations_build_damage_points_for_every_hero_even_those_who_left():
    s = gambling((False, True, True), (True, False, False))
    assert [p["damage_points"] for p in s["players"]] == [2, 1]


# ------------------------------------------------------------------ effects at the step's close

def test_silvana_body_control_results_apply_as_the_step_closes():
    s = roll(roll(story(), 0, 1), 1, 20)
    assert fp(s, 0) == 0 and lp(s, 1) == 40 and s["fate_pool"] == 4  # nothing yet
    s = ok(s, "advance_phase")
    assert fp(s, 0) == 1 and s["fate_pool"] == 3  # a Fate Point from the middle
    assert lp(s, 1) == 38 and s["next_combat"]["set_aside"] == ["Cowardly Goblin"]


def test_silvana_a_group_result_changes_every_hand_once():
    s = ok(roll(roll(story(), 0, 5), 1, 5), "advance_phase")
    s = ok(roll(s, 0, 5), "advance_phase")  # Perception success: a secret tunnel
    assert [p["hand_bonus"] for p in s["players"]] == [1, 1]
    s = ok(roll(s, 1, 20), "advance_phase")  # Knowledge critical failure: -1 time counter, -1 card each
    assert [p["hand_bonus"] for p in s["players"]] == [0, 0]
    assert s["next_combat"]["time_counters"] == -1 and s["phase"] == "combat_setup"
    s = ok(s, "setup_combat", time_counters=6, villains=[KOBOLD, PIRATE, PIRATE])
    assert s["time_counters"] == 5 and s["time_start"] == 5 and s["next_combat"]["time_counters"] == 0
    assert [p["hand_count"] for p in s["players"]] == [5, 5]


def test_silvana_the_searchers_critical_failure_costs_only_them():
    s = ok(roll(roll(story(), 0, 5), 1, 5), "advance_phase")
    s = ok(roll(s, 1, 20), "advance_phase")
    assert lp(s, 0) == 40 and lp(s, 1) == 35


def test_wildenstein_hand_changes_reach_the_opening_hand():
    s = story("legacy-of-wildenstein")
    s = ok(roll(roll(s, 0, 11), 1, 11), "advance_phase")  # archives: no effect
    s = ok(roll(roll(s, 0, 5), 1, 5), "advance_phase")  # storm: no effect
    s = ok(roll(roll(s, 0, 1), 1, 15), "advance_phase")  # ford: Ann +1 card, Ben -1
    assert [p["hand_bonus"] for p in s["players"]] == [1, -1]
    bandit = {"name": "Bandit", "life_points": 5, "tp": 5, "keywords": ["Bandit"]}
    leader = {"name": "Gripbeard Goutgroves", "kind": "leader", "life_points": 12}
    s = ok(s, "setup_combat", time_counters=5, villains=[leader, bandit, bandit])
    assert [p["hand_count"] for p in s["players"]] == [6, 4]
    assert [p["draw_deck_count"] for p in s["players"]] == [24, 26]
    assert [p["hand_bonus"] for p in s["players"]] == [0, 0]


def test_wildenstein_archives_fate_points_and_one_removed_from_the_middle():
    s = story("legacy-of-wildenstein", n=3)
    s = roll(roll(roll(s, 0, 1), 1, 5), 2, 20)
    s = ok(s, "advance_phase")
    assert [fp(s, i) for i in range(3)] == [2, 1, 0]
    assert s["fate_pool"] == 2 and s["fate_removed"] == 1


def test_wildenstein_the_middle_gives_what_it_has():
    s = story("legacy-of-wildenstein")  # 4 in the middle
    s = ok(roll(roll(s, 0, 1), 1, 1), "advance_phase")
    assert [fp(s, 0), fp(s, 1)] == [2, 2] and s["fate_pool"] == 0
    t = story("legacy-of-wildenstein", n=3)
    t = ok(t, "narrative_effect", kind="remove_fate", amount=3)
    t = ok(roll(roll(roll(t, 0, 1), 1, 1), 2, 1), "advance_phase")
    assert [fp(t, i) for i in range(3)] == [2, 1, 0] and t["fate_pool"] == 0


def test_wildenstein_ii_a_failure_discards_a_fate_point_or_removes_one():
    s = story("legacy-of-wildenstein", act=2)
    s = ok(s, "narrative_effect", kind="fate", player=0, amount=1)
    assert s["fate_pool"] == 3
    s = ok(roll(roll(s, 0, 15), 1, 15), "advance_phase")
    assert fp(s, 0) == 0 and fp(s, 1) == 0
    assert s["fate_pool"] == 3 and s["fate_removed"] == 1  # Ann's back in the middle, one out for Ben


def test_wildenstein_iii_time_counters_change_once_whoever_rolled():
    def survival(*dice):
        s = story("legacy-of-wildenstein", act=3, n=len(dice))
        for seat in range(len(dice)):
            s = roll(s, seat, 5)
        s = ok(s, "advance_phase")
        for seat, die in enumerate(dice):
            s = roll(s, seat, die)
        return ok(s, "advance_phase")

    assert survival(15, 16, 20)["next_combat"]["time_counters"] == -1  # nobody succeeded
    assert survival(15, 5, 20)["next_combat"]["time_counters"] == -1  # one critical failure
    assert survival(15, 5, 16)["next_combat"]["time_counters"] == 0  # Ben's success saves the rest
    both = survival(1, 1, 20)
    assert both["next_combat"]["time_counters"] == 0 and fp(both, 0) == 1 and fp(both, 1) == 1
    assert survival(1, 1, 5)["next_combat"]["time_counters"] == 1


def test_time_counters_from_the_narrative_are_applied_once_at_the_setup():
    s = story("legacy-of-wildenstein", act=3)
    s = ok(roll(roll(s, 0, 5), 1, 5), "advance_phase")
    s = ok(roll(roll(s, 0, 1), 1, 5), "advance_phase")
    assert s["next_combat"]["time_counters"] == 1
    s = ok(roll(roll(s, 0, 5), 1, 5), "advance_phase")
    grautax = {"name": "Grautax, the False Baron", "kind": "leader", "life_points": 20}
    skel = {"name": "Skeleton", "life_points": 4, "tp": 3, "keywords": ["Skeleton"]}
    s = ok(s, "setup_combat", time_counters=6, villains=[grautax, skel, skel])
    assert s["time_counters"] == 7 and s["next_combat"]["time_counters"] == 0
    assert s["phase"] == "preparation"


# ------------------------------------------------------------------ The Non-Gambling Kind into its combat

def test_r131_non_gambling_threat_is_four_per_hero_plus_the_damage_points():
    s = gambling((True, True, True), (False, False, False))
    s = ok(ok(s, "narrative_skill_test", player=0, roll=3, dice=[3, 2, 3]), "advance_phase")
    assert s["phase"] == "combat_setup" and s["narrative_done"]
    assert "= 11" in msg(s, "setup_combat", "R131", time_counters=8, threat_value=8)
    done = ok(s, "setup_combat", time_counters=8)
    assert done["threat_value"] == 11 and done["risk_and_profit"] == 3
    assert [p["damage_points"] for p in done["players"]] == [0, 0]
    assert [p["hand_bonus"] for p in done["players"]] == [3, 0]
    given = ok(s, "setup_combat", time_counters=8, threat_value=11)
    assert given["threat_value"] == 11
    thug = {"name": "Thug", "life_points": 6, "tp": 6}
    begun = ok(ok(done, "place_henchman", **thug), "place_henchman", **thug)
    assert begun["phase"] == "preparation"
    assert [p["hand_count"] for p in begun["players"]] == [8, 5]  # 5 + the damage points


def test_a_combat_set_up_mid_narrative_keeps_what_was_recorded():
    s = roll(story(), 0, 20)  # Ann's critical failure, Ben's test left in the book
    s = ok(s, "setup_combat", time_counters=5, villains=[KOBOLD, PIRATE, PIRATE])
    assert lp(s, 0) == 38 and s["narrative"] is None
    assert s["next_combat"]["set_aside"] == ["Cowardly Goblin"]
    assert run(s, "narrative_skill_test", player=1, roll=3, skill="body_control").accepted is False
