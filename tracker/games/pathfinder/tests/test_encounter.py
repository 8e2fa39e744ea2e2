"""Encounters, checks, damage, guarding, avenging, villains, scourges and the house rules.

Each legality test shows the refusal (the rule id among the violations) and the accepted neighbour.
"""
from __future__ import annotations

import copy

from .helpers import ONE, TWO, VALEROS, loc, new, ok, outcome, play, refused, run, started

AMIRI_VALEROS = [{"name": "Alice", "character": "Amiri"}, VALEROS]
HEROES = [{"name": "Alice", "character": "Amiri", "hero_points": 1},
          {"name": "Lee", "character": "Lem", "hero_points": 2}]
VILLAIN_MAP = ["Oubliette", "Tower", "Ruin"]


def encounter(players=TWO, kind="monster", difficulty=10, **params):
    return ok(started(players), "explore", player=0, kind=kind, difficulty=difficulty, **params)


ENCOUNTER_KEYS = ("immune", "vulnerable", "resistant", "checks", "card", "closing", "damage_type")


def checking(players=TWO, kind="monster", difficulty=10, seat_=0, **params):
    """An encounter (its keys in ENCOUNTER_KEYS) and a declared check (the other keys)."""
    card = {k: params.pop(k) for k in ENCOUNTER_KEYS if k in params}
    return ok(encounter(players, kind, difficulty, **card), "declare_check", player=seat_, **params)


def attempt(state, seat_, roll, **declare):
    declare.setdefault("skill", "strength")
    return play(state, ("declare_check", {"player": seat_, **declare}), ("roll_check", {"player": seat_, "roll": roll}),
                ("resolve_check", {"player": seat_}))


def villain_setup(players, starts, hourglass=30, locations=VILLAIN_MAP):
    s = new(players, hourglass=hourglass, locations=locations)
    for i, where in enumerate(starts):
        s = ok(s, "choose_start_location", player=i, location=where)
    return ok(s, "advance_hour", player=0)


# ------------------------------------------------------------------ plays (R24-R35, R37)

def test_r24_plays_fit_the_current_step():
    s = started()
    assert "pathfinder.R24" in refused(s, "play_card", {"player": 0, "card_type": "item", "action": "discard",
                                                        "purpose": "evade"})
    e = ok(s, "explore", player=0, kind="monster", difficulty=8)
    ok(e, "play_card", player=0, card_type="item", action="discard", purpose="evade")
    assert "pathfinder.R24" in refused(e, "play_card", {"player": 0, "card_type": "weapon", "action": "reveal",
                                                        "purpose": "check"})
    c = ok(e, "declare_check", player=0)
    ok(c, "play_card", player=0, card_type="weapon", action="reveal", purpose="check")
    assert "pathfinder.R24" in refused(c, "play_card", {"player": 0, "card_type": "armor", "action": "recharge",
                                                        "purpose": "damage"})
    hurt = play(c, ("roll_check", {"player": 0, "roll": 3}), ("resolve_check", {"player": 0}))
    ok(hurt, "play_card", player=0, card_type="armor", action="recharge", purpose="damage")


def test_r25_t18_one_boon_of_each_type_per_check():
    s = checking(AMIRI_VALEROS, skill="melee")
    s = ok(s, "play_card", player=0, card_type="weapon", card="Longspear", action="reveal", purpose="check")
    assert "pathfinder.R25" in refused(s, "play_card", {"player": 1, "card_type": "weapon", "card": "Longsword",
                                                        "action": "reveal", "purpose": "check"})
    ok(s, "play_card", player=1, card_type="weapon", card="Longsword", action="reveal", purpose="check", freely=True)
    blessed = ok(s, "modify_check", player=0, by="bless", card_type="blessing", card="Prayer")
    assert "pathfinder.R25" in refused(blessed, "modify_check", {"player": 0, "by": "bless", "card_type": "blessing"})
    ok(blessed, "modify_check", player=0, by="bless", card_type="blessing", freely=True)


def test_r26_only_the_encountering_character_decides():
    s = encounter()
    assert "pathfinder.R26" in refused(s, "evade", {"player": 1})
    assert "pathfinder.R26" in refused(started(), "evade", {"player": 0})
    evaded = ok(s, "evade", player=0)
    assert evaded["encounter"] is None and evaded["last_encounter"]["outcome"] == "evaded"


def test_r27_encountered_cards_must_be_faced():
    s = encounter(kind="spell", difficulty=6)
    assert "pathfinder.R27" in refused(s, "resolve_encounter", {"player": 0})
    s = attempt(s, 0, 7, skill="strength")
    s = ok(s, "resolve_encounter", player=0)
    assert s["players"][0]["hand_count"] == 5  # acquired
    bane = encounter()
    assert "pathfinder.R27" in refused(bane, "resolve_encounter", {"player": 0})


def test_r28_t36_nothing_with_a_trait_the_bane_is_immune_to():
    s = checking(kind="monster", difficulty=13, immune=["Mental", "Poison"])
    assert "pathfinder.R28" in refused(s, "play_card", {"player": 0, "card_type": "spell", "card": "Viper Strike",
                                                        "action": "discard", "card_traits": ["Poison"]})
    assert "pathfinder.R28" in refused(s, "modify_check", {"player": 0, "by": "add_trait", "trait": "Mental"})
    ok(s, "modify_check", player=0, by="add_trait", trait="Mental", ignores_immunity=True)
    ok(s, "play_card", player=0, card_type="spell", card="Force Missile", action="discard", card_traits=["Attack"])


def test_r29_a_character_power_once_per_check():
    s = checking()
    s = ok(s, "use_character_power", player=0, power="+1d4 on local checks")
    assert "pathfinder.R29" in refused(s, "use_character_power", {"player": 0, "power": "+1d4 on local checks"})
    ok(s, "use_character_power", player=0, power="+1d4 on local checks", each_time=True)
    ok(s, "use_character_power", player=1, power="+1d4 on local checks")


def test_r30_t60_reveal_a_card_once_for_its_power():
    s = checking(skill="melee")
    s = ok(s, "play_card", player=0, card_type="weapon", card="Longspear", action="reveal", purpose="check")
    assert "pathfinder.R30" in refused(s, "play_card", {"player": 0, "card_type": "weapon", "card": "Longspear",
                                                        "action": "reveal", "freely": True})
    ok(s, "play_card", player=0, card_type="weapon", card="Dagger", action="reveal", freely=True)


def test_r31_t62_one_card_pays_one_power():
    s = checking()
    s = ok(s, "modify_check", player=0, by="bless", power="bless your check", cost_card="Prayer")
    assert "pathfinder.R31" in refused(s, "modify_check", {"player": 0, "by": "add_trait", "trait": "Fire",
                                                           "power": "add Fire", "cost_card": "Prayer"})
    ok(s, "modify_check", player=0, by="add_trait", trait="Fire", power="add Fire", cost_card="Orison")


def test_r32_one_power_per_played_boon():
    s = checking()
    s = ok(s, "play_card", player=0, card_type="weapon", card="Longsword", action="discard", purpose="check")
    assert "pathfinder.R32" in refused(s, "play_card", {"player": 0, "card_type": "item", "card": "Longsword",
                                                        "action": "recharge"})
    ok(s, "play_card", player=0, card_type="item", card="Codex", action="recharge")


def test_r33_played_cards_come_from_the_hand():
    s = ok(started(), "suffer_damage", target=0, amount=4)
    assert "pathfinder.R33" in refused(s, "play_card", {"player": 0, "card_type": "spell", "action": "discard"})
    s = ok(s, "draw_cards", player=0, count=1)
    ok(s, "play_card", player=0, card_type="spell", action="discard")


def test_r34_t61_pay_for_each_power_separately():
    s = checking([{"name": "Cid", "character": "Ezren", "hand_size": 6}], die=6)
    s = ok(s, "use_character_power", player=0, power="examine", cost_card="Arcane Armor", cost_action="recharge")
    assert "pathfinder.R34" in refused(s, "use_character_power", {"player": 0, "power": "+1d4",
                                                                  "cost_card": "Arcane Armor"})
    s = ok(s, "use_character_power", player=0, power="+1d4", cost_card="Codex", cost_action="recharge")
    assert s["players"][0]["hand_count"] == 4 and s["players"][0]["deck_count"] == 11


def test_r35_t58_heal_does_not_fit_a_combat_check():
    s = checking(skill="combat")
    assert "pathfinder.R35" in refused(s, "play_card", {"player": 0, "card_type": "spell", "card": "Cure",
                                                        "action": "discard", "purpose": "heal"})
    calm = checking(kind="barrier", skill="dexterity")
    ok(calm, "play_card", player=0, card_type="spell", card="Cure", action="discard", purpose="heal")


def test_r37_scope_words():
    s = checking()
    assert "pathfinder.R37" in refused(s, "modify_check", {"player": 1, "by": "modifier", "amount": 2, "scope": "your"})
    ok(s, "modify_check", player=0, by="modifier", amount=2, scope="your")
    ok(s, "modify_check", player=1, by="modifier", amount=2, scope="local")
    far = ok(new(TWO), "choose_start_location", player=1, location="Cell")
    far = ok(ok(ok(far, "advance_hour", player=0), "explore", player=0), "declare_check", player=0)
    assert "pathfinder.R37" in refused(far, "modify_check", {"player": 1, "by": "add_die", "sides": 4,
                                                             "scope": "local"})
    ok(far, "modify_check", player=1, by="add_die", sides=4, scope="any")


# ------------------------------------------------------------------ checks (R38-R45, R54, R116, T27-T35)

def test_r38_every_then_check_is_attempted():
    s = encounter(kind="monster", card="Boggart", difficulty=4, checks=2)
    s = attempt(s, 0, 1, skill="knowledge", has_skill=False, die=4, modifier=0)
    assert "pathfinder.R38" in refused(s, "resolve_encounter", {"player": 0})
    s = ok(s, "suffer_damage", target=0, amount=3)  # the failed check's damage (4 - 1)
    s = attempt(s, 0, 12, skill="combat", difficulty=10)
    s = ok(s, "resolve_encounter", player=0)
    assert s["encounter"]["outcome"] == "undefeated" and s["encounter"]["step"] == "avenge"  # check 1 failed


def test_r39_t34_t35_sequential_checks():
    s = encounter(HEROES, card="Boggart", difficulty=4, checks=2)
    s = attempt(s, 1, 10, skill="knowledge")
    assert "pathfinder.R39" in refused(s, "declare_check", {"player": 1, "skill": "melee", "has_skill": False,
                                                            "difficulty": 10})  # T34
    s = attempt(s, 0, 17, skill="melee", difficulty=10)
    s = ok(s, "resolve_encounter", player=0)
    assert s["last_encounter"]["outcome"] == "defeated"
    far = ok(new(AMIRI_VALEROS), "choose_start_location", player=1, location="Cell")
    far = ok(ok(far, "advance_hour", player=0), "explore", player=0, kind="monster", difficulty=4, checks=2)
    assert "pathfinder.R39" in refused(far, "declare_check", {"player": 1})  # T35: Valeros is distant
    ok(far, "declare_check", player=0)


def test_r40_a_single_check_is_the_encounterers():
    s = encounter()
    assert "pathfinder.R40" in refused(s, "declare_check", {"player": 1})
    ok(s, "declare_check", player=0)


def test_r41_t30_a_missing_skill_rolls_a_d4():
    s = encounter(AMIRI_VALEROS, difficulty=4)
    assert "pathfinder.R41" in refused(s, "declare_check", {"player": 0, "skill": "knowledge", "has_skill": False,
                                                            "die": 8})
    c = ok(s, "declare_check", player=0, skill="knowledge", has_skill=False, die=4, modifier=0)
    assert c["check"]["dice"] == {"4": 1} and c["check"]["modifier"] == 0
    c = ok(s, "declare_check", player=0, via_power=True)
    assert "pathfinder.R41" in refused(c, "choose_skill", {"player": 0, "skill": "acrobatics", "via_power": True,
                                                           "die": 8})
    ok(c, "choose_skill", player=0, skill="acrobatics", die=8, modifier=2)


def test_r43_skill_and_combat_boosters():
    s = checking(skill="strength", combat=False)
    assert "pathfinder.R43" in refused(s, "modify_check", {"player": 0, "by": "add_die", "sides": 4,
                                                           "needs_skill": "arcane"})
    assert "pathfinder.R43" in refused(s, "modify_check", {"player": 0, "by": "add_die", "sides": 6,
                                                           "combat_only": True})
    ok(s, "modify_check", player=0, by="add_die", sides=4, needs_skill="strength")
    ok(checking(skill="combat"), "modify_check", player=0, by="add_die", sides=6, combat_only=True)


def test_r44_modify_before_the_roll_each_reroll_power_once():
    s = checking()
    assert "pathfinder.R44" in refused(s, "reroll", {"player": 0, "source": "power", "power": "Longspear", "roll": 5})
    ok(s, "modify_check", player=0, by="modifier", amount=1)
    rolled = ok(s, "roll_check", player=0, roll=4)
    assert "pathfinder.R44" in refused(rolled, "modify_check", {"player": 0, "by": "modifier", "amount": 1})
    again = ok(rolled, "reroll", player=0, source="power", power="Longspear", roll=6)
    assert "pathfinder.R44" in refused(again, "reroll", {"player": 0, "source": "power", "power": "Longspear",
                                                         "roll": 8})
    again = ok(again, "reroll", player=0, source="power", power="Cayden Cailean's Revelry", roll=9)
    assert again["check"]["result"] == 9


def test_r45_t25_t26_hero_point_rerolls():
    s = ok(checking(HEROES), "roll_check", player=0, roll=3)
    assert "pathfinder.R45" in refused(s, "reroll", {"player": 1, "source": "hero_point", "roll": 9})  # T25
    s = ok(s, "reroll", player=0, source="hero_point", roll=9)
    assert s["players"][0]["hero_points"] == 0 and s["check"]["result"] == 11  # Amiri's Melee: 1d12+2
    assert "pathfinder.R45" in refused(s, "reroll", {"player": 0, "source": "hero_point", "roll": 10})  # T26
    broke = ok(checking(TWO), "roll_check", player=0, roll=3)
    assert "pathfinder.R45" in refused(broke, "reroll", {"player": 0, "source": "hero_point", "roll": 9})


def test_r54_the_result_and_t27_t28_t29():
    s = checking(vulnerable=["Electricity", "Magic"], traits=["Electricity", "Magic"])
    assert "pathfinder.R54" in refused(s, "roll_check", {"player": 0, "roll": 10, "result": 18})
    assert ok(s, "roll_check", player=0, roll=10, result=14)["check"]["result"] == 14  # T27: +4 once
    both = checking(vulnerable=["Electricity"], resistant=["Magic"], traits=["Electricity", "Magic"])
    assert ok(both, "roll_check", player=0, roll=10)["check"]["result"] == 10  # T28
    low = checking(modifier=-5)
    assert ok(low, "roll_check", player=0, roll=3, result=0)["check"]["result"] == 0  # T29
    assert "pathfinder.R54" in refused(s, "resolve_check", {"player": 0})
    ok(ok(s, "roll_check", player=0, roll=1), "resolve_check", player=0)


def test_t31_blesses_add_dice_of_the_skill_not_the_modifier():
    s = checking(skill="strength", die=10, modifier=1)
    s = ok(s, "modify_check", player=0, by="bless", card_type="blessing")
    s = ok(s, "modify_check", player=0, by="bless", card_type="blessing", freely=True)
    assert s["check"]["dice"] == {"10": 3} and s["check"]["modifier"] == 1 and s["check"]["bless"] == 2


def test_t32_difficulty_with_the_bane_adventure_number_in_legendary():
    s = started(challenge_mode="legendary")
    assert s["challenge_mode"] == "legendary" and s["adventure_number"] == 1 and s["bane_adventure_number"] == 2
    c = ok(ok(s, "explore", player=0, kind="monster", card="Ghoul"), "declare_check", player=0)
    assert ok(c, "set_difficulty", player=0, base=11, adventure_multiplier=2)["check"]["difficulty"] == 15
    boon = ok(ok(s, "explore", player=0, kind="spell"), "declare_check", player=0, skill="arcane")
    assert ok(boon, "set_difficulty", player=0, base=5, adventure_multiplier=1)["check"]["difficulty"] == 6
    assert ok(c, "set_difficulty", player=0, base=2, adjust=-5)["check"]["difficulty"] == 0  # floor 0


def test_r116_acquire_checks_only_on_a_boon():
    s = encounter()
    assert "pathfinder.R116" in refused(s, "declare_check", {"player": 0, "kind": "acquire"})
    boon = encounter(kind="item", difficulty=5)
    assert ok(boon, "declare_check", player=0, kind="acquire")["check"]["kind"] == "acquire"


# ------------------------------------------------------------------ house rules on checks (H3-H5)

def test_h3_one_check_at_a_time():
    s = checking()
    assert "pathfinder.H3" in refused(s, "declare_check", {"player": 0})
    s = ok(ok(s, "roll_check", player=0, roll=12), "resolve_check", player=0)
    assert "pathfinder.H3" in refused(s, "declare_check", {"player": 0})  # every check attempted
    close_check = started()
    ok(close_check, "declare_check", player=0, skill="strength", difficulty=6)  # a check outside an encounter


def test_h4_a_check_must_be_open():
    s = encounter()
    assert "pathfinder.H4" in refused(s, "roll_check", {"player": 0, "roll": 5})
    c = ok(s, "declare_check", player=0)
    rolled = ok(c, "roll_check", player=0, roll=5)
    assert "pathfinder.H4" in refused(rolled, "set_difficulty", {"player": 0, "base": 8})
    ok(c, "set_difficulty", player=0, base=8)


def test_h5_choosing_to_fail_is_the_rollers():
    s = checking()
    assert "pathfinder.H5" in refused(s, "choose_to_fail", {"player": 1})
    failed = ok(s, "choose_to_fail", player=0)
    assert failed["check"]["result"] == 0 and failed["check"]["failed_on_purpose"]


# ------------------------------------------------------------------ damage (R50-R53, R98, T19, T20)

def test_r50_only_reducers_of_that_damage_type():
    s = started()
    assert "pathfinder.R50" in refused(s, "reduce_damage", {"player": 0, "target": 0, "amount": 1})
    hurt = play(checking(), ("roll_check", {"player": 0, "roll": 6}), ("resolve_check", {"player": 0}))
    assert hurt["damage"]["amount"] == 4 and hurt["damage"]["type"] == "Combat"
    assert "pathfinder.R50" in refused(hurt, "reduce_damage", {"player": 0, "target": 0, "amount": 1,
                                                               "reduces": "Fire"})
    ok(hurt, "reduce_damage", player=0, target=0, amount=1, reduces="Combat")


def test_r51_t19_the_check_and_its_damage_share_one_budget():
    s = checking(difficulty=10)
    s = ok(s, "modify_check", player=0, by="add_die", sides=4, card_type="spell", card="Force Missile")
    s = play(s, ("roll_check", {"player": 0, "roll": 8}), ("resolve_check", {"player": 0}))
    assert s["damage"]["amount"] == 2 and s["damage"]["type"] == "Combat"
    assert "pathfinder.R51" in refused(s, "reduce_damage", {"player": 0, "target": 0, "amount": 1,
                                                            "card_type": "spell"})
    reduced = ok(s, "reduce_damage", player=0, target=0, amount=1, card_type="armor", card="Leather Armor")
    assert "pathfinder.R51" in refused(reduced, "reduce_damage", {"player": 0, "target": 0, "amount": 1,
                                                                  "card_type": "armor"})


def test_r52_failing_a_monster_deals_difficulty_minus_result():
    s = play(checking(difficulty=10), ("roll_check", {"player": 0, "roll": 8}), ("resolve_check", {"player": 0}))
    assert "pathfinder.R52" in refused(s, "suffer_damage", {"target": 0, "amount": 3})
    assert "pathfinder.R52" in refused(s, "suffer_damage", {"target": 0, "amount": 2, "damage_type": "Fire"})
    s = ok(s, "suffer_damage", target=0, amount=2)
    assert s["players"][0]["hand_count"] == 2 and s["damage"] is None


def test_r53_t20_damage_discards_from_the_hand_only():
    s = play(checking(difficulty=10), ("roll_check", {"player": 0, "roll": 7}), ("resolve_check", {"player": 0}))
    assert "pathfinder.R53" in refused(s, "resolve_encounter", {"player": 0})
    assert "pathfinder.R53" in refused(s, "discard_for_damage", {"target": 0, "count": 2})
    s = ok(s, "discard_for_damage", target=0, count=3)
    assert (s["players"][0]["hand_count"], s["players"][0]["discard_count"]) == (1, 3)
    ok(s, "resolve_encounter", player=0)
    # T20: 3 damage with a hand of 2 discards both; the deck is untouched
    short = ok(started(), "suffer_damage", target=0, amount=2)
    short = ok(short, "explore", player=0, kind="monster", difficulty=10)
    short = play(short, ("declare_check", {"player": 0}), ("roll_check", {"player": 0, "roll": 7}),
                 ("resolve_check", {"player": 0}))
    assert "pathfinder.R53" in refused(short, "discard_for_damage", {"target": 0, "count": 3})
    short = ok(short, "discard_for_damage", target=0, count=2)
    p = short["players"][0]
    assert (p["hand_count"], p["deck_count"], p["discard_count"], p["dead"]) == (0, 11, 4, False)


def test_r98_set_aside_cards_are_in_no_zone():
    s = ok(started(), "set_aside", player=0, count=2, back=False)
    assert (s["players"][0]["hand_count"], s["players"][0]["set_aside_count"]) == (2, 2)
    assert "pathfinder.R98" in refused(s, "discard_for_damage", {"target": 0, "count": 3})
    ok(s, "discard_for_damage", target=0, count=2)
    back = ok(s, "set_aside", player=0, count=2, back=True, to="deck")
    assert back["players"][0]["deck_count"] == 13


def test_h10_set_aside_only_cards_you_have():
    s = started()
    assert "pathfinder.H10" in refused(s, "set_aside", {"player": 0, "count": 5, "back": False})
    assert "pathfinder.H10" in refused(s, "set_aside", {"player": 0, "count": 1, "back": True})
    ok(s, "set_aside", player=0, count=4, back=False)


# ------------------------------------------------------------------ evade, avenge (R66-R68, R103, R104, H6, T8)

def test_r103_evade_before_the_check():
    s = checking()
    assert "pathfinder.R103" in refused(s, "evade", {"player": 0})
    e = encounter()
    e = ok(e, "evade", player=0)
    assert loc(e, "Academy")["cards"] == 9  # shuffled back


def failed_bane(players=HEROES, kind="barrier"):
    s = encounter(players, kind=kind, difficulty=10)
    s = attempt(s, 0, 3)
    return ok(s, "resolve_encounter", player=0)


def test_r66_avenge_an_undefeated_bane_locally():
    s = failed_bane()
    assert s["encounter"]["step"] == "avenge"
    assert "pathfinder.R66" in refused(s, "avenge", {"player": 0})
    assert "pathfinder.R66" in refused(encounter(HEROES), "avenge", {"player": 1})
    avenged = ok(s, "avenge", player=1)
    enc = avenged["encounter"]
    assert enc["character"] == 1 and enc["step"] == "evade" and enc["checks"] == [] and enc["avenge"]
    assert avenged["players"][1]["buried_count"] == 1 and avenged["players"][1]["hand_count"] == 5


def test_r67_avenging_buries_a_card():
    s = failed_bane()
    s = ok(s, "suffer_damage", target=1, amount=6)
    assert "pathfinder.R67" in refused(s, "avenge", {"player": 1})
    s = ok(s, "draw_cards", player=1, count=1)
    ok(s, "avenge", player=1)


def test_r68_one_avenge_per_bane():
    s = ok(failed_bane(), "avenge", player=1)
    s = attempt(s, 1, 2, die=6)  # the rulebook doesn't give Lem's Strength
    s = ok(s, "resolve_encounter", player=1)
    assert s["encounter"] is None and s["last_encounter"]["outcome"] == "undefeated"  # no second avenge step
    # the check itself, on the state it guards
    twice = copy.deepcopy(failed_bane())
    twice["encounter"]["avenge"] = True
    assert "pathfinder.R68" in refused(twice, "avenge", {"player": 1})
    ok(failed_bane(), "avenge", player=1)


def test_h6_skip_avenge_only_when_offered():
    s = failed_bane()
    assert "pathfinder.H6" in refused(encounter(HEROES), "skip_avenge", {"player": 0})
    s = ok(s, "skip_avenge", player=0)
    assert s["encounter"] is None and loc(s, "Academy")["cards"] == 9


def test_r104_t54_a_forced_end_of_turn_cuts_the_encounter_short():
    s = ok(started(HEROES), "summon", player=0, card="Ghoul", kind="monster", mode="encounter", difficulty=13)
    s = attempt(s, 0, 3)
    s = ok(s, "suffer_damage", target=0, amount=10)
    cut = ok(s, "forced_end_turn", player=0, source="Collapse")
    assert cut["encounter"] is None and cut["last_encounter"]["outcome"] == "aborted"
    assert loc(cut, "Academy")["cards"] == 9  # the summoned monster went back to the vault
    assert "pathfinder.R104" in refused(cut, "after_encounter_effect", {"player": 0, "description": "if undefeated"})
    assert "pathfinder.R104" in refused(cut, "avenge", {"player": 1})
    done = ok(failed_bane(), "skip_avenge", player=0)
    ok(done, "after_encounter_effect", player=0, description="if undefeated")


def test_r112_moving_mid_encounter_skips_after_encounter_effects():
    s = encounter()
    moved = ok(s, "move", player=0, location="Cell", forced=True, source="Boggart")
    assert "pathfinder.R112" in refused(moved, "after_encounter_effect", {"player": 0, "description": "x"})
    moved = ok(attempt(moved, 0, 15), "resolve_encounter", player=0)
    assert "pathfinder.R112" in refused(moved, "after_encounter_effect", {"player": 0, "description": "x"})
    ok(ok(attempt(s, 0, 15), "resolve_encounter", player=0), "after_encounter_effect", player=0, description="x")


def test_t55_a_nested_summon_completes_first():
    s = encounter(difficulty=10)
    outer_card = s["encounter"]["card"]
    s = ok(s, "summon", player=0, card="Zombie", kind="monster", mode="encounter", summoned_by="Necromancer",
           difficulty=6)
    assert s["encounter"]["card"] == "Zombie" and s["encounter"]["outer"]["card"] == outer_card
    s = ok(attempt(s, 0, 8), "resolve_encounter", player=0)
    assert s["encounter"]["card"] == outer_card and s["encounter"]["step"] == "evade"
    assert s["encounter"]["checks"] == []


def test_r78_a_summoned_card_cant_summon_itself():
    s = encounter()
    assert "pathfinder.R78" in refused(s, "summon", {"player": 0, "card": "Necromancer", "mode": "encounter",
                                                     "summoned_by": "Necromancer"})
    ok(s, "summon", player=0, card="Zombie", mode="encounter", summoned_by="Necromancer")


# ------------------------------------------------------------------ villains (R63-R65, R69, T3-T9, T69, T70)

def test_r63_r64_r65_t69_t70_guarding():
    s = villain_setup([*HEROES, {"name": "Sam", "character": "Sajan"}], ["Oubliette", "Oubliette", "Tower"])
    assert "pathfinder.R63" in refused(ok(s, "explore", player=0, kind="monster"), "guard_attempt",
                                       {"player": 2, "success": True})
    s = ok(s, "explore", player=0, kind="villain", card="Kobold Sorceror", difficulty=10)
    assert "pathfinder.R64" in refused(s, "guard_attempt", {"player": 1, "success": True})  # T70
    assert "pathfinder.R65" in refused(s, "guard_attempt", {"player": 2, "success": True, "location": "Ruin"})
    g = ok(s, "guard_attempt", player=2, success=False, location="Tower")
    assert "pathfinder.R63" in refused(g, "guard_attempt", {"player": 2, "success": True})  # T69
    assert g["encounter"]["guarded"] == []


def test_t3_undefeated_villain_needs_more_blessings_than_the_hourglass_holds():
    s = villain_setup(ONE, ["Oubliette"], hourglass=2)
    assert s["hourglass"] == 1
    s = ok(s, "explore", player=0, kind="villain", card="Kobold Sorceror", difficulty=10)
    s = play(attempt(s, 0, 9), ("suffer_damage", {"target": 0, "amount": 1}), ("resolve_encounter", {"player": 0}))
    assert s["encounter"]["step"] == "villain"
    s = ok(s, "villain_outcome", player=0)
    assert outcome(s) == {"result": "lost", "winners": [], "reason": "hourglass"}


def test_t4_undefeated_villain_escapes_with_hourglass_blessings():
    s = villain_setup(ONE, ["Oubliette"], hourglass=6)
    before = {l["name"]: l["cards"] for l in s["locations"]}
    s = ok(s, "explore", player=0, kind="villain", card="Kobold Sorceror", difficulty=10)
    s = play(attempt(s, 0, 9), ("suffer_damage", {"target": 0, "amount": 1}), ("resolve_encounter", {"player": 0}),
             ("villain_outcome", {"player": 0}))
    assert s["hourglass"] == 3 and outcome(s) is None
    after = {l["name"]: l["cards"] for l in s["locations"]}
    assert after == {"Oubliette": before["Oubliette"], "Tower": before["Tower"] + 1, "Ruin": before["Ruin"] + 1}


def test_t5_cornered_villain_wins_and_r69():
    s = villain_setup([*HEROES, {"name": "Sam", "character": "Sajan"}], ["Oubliette", "Tower", "Ruin"])
    assert "pathfinder.R69" in refused(s, "win_scenario", {"reason": "cornered_villain"})
    assert "pathfinder.R69" in refused(s, "villain_outcome", {"player": 0})
    s = ok(s, "explore", player=0, kind="villain", card="Kobold Sorceror", difficulty=10)
    s = play(s, ("guard_attempt", {"player": 1, "success": True}), ("guard_attempt", {"player": 2, "success": True}))
    s = ok(attempt(s, 0, 12), "resolve_encounter", player=0)
    assert "pathfinder.R69" in refused(s, "win_scenario", {"reason": "cornered_villain"})
    s = ok(s, "villain_outcome", player=0)
    assert loc(s, "Oubliette")["closed"] and outcome(s)["reason"] == "cornered_villain"


def test_t6_defeated_villain_escapes_with_vault_blessings():
    maps = ["Oubliette", "Tower", "Ruin", "Laboratory"]
    s = villain_setup(HEROES, ["Oubliette", "Tower"], locations=maps)
    cards = {l["name"]: l["cards"] for l in s["locations"]}
    s = ok(s, "explore", player=0, kind="villain", card="Kobold Sorceror", difficulty=10)
    s = ok(s, "guard_attempt", player=1, success=True)
    s = play(attempt(s, 0, 12), ("resolve_encounter", {"player": 0}), ("villain_outcome", {"player": 0}))
    assert loc(s, "Oubliette")["closed"] and outcome(s) is None and s["hourglass"] == 29
    assert loc(s, "Ruin")["cards"] == cards["Ruin"] + 1 and loc(s, "Laboratory")["cards"] == cards["Laboratory"] + 1
    assert loc(s, "Tower")["cards"] == cards["Tower"]
    assert s["turn_state"]["exploration_locked"] and s["forced_moves"] == [0]


def test_t7_an_evaded_villain_is_shuffled_back():
    s = villain_setup(ONE, ["Oubliette"])
    cards = loc(s, "Oubliette")["cards"]
    s = ok(ok(s, "explore", player=0, kind="villain", card="Kobold Sorceror", difficulty=10), "evade", player=0)
    assert s["encounter"] is None and loc(s, "Oubliette")["cards"] == cards and s["hourglass"] == 29
    assert loc(s, "Oubliette")["villain_here"]


def test_t8_avenging_a_villain_runs_the_guard_step_again():
    s = villain_setup([*HEROES, {"name": "Sam", "character": "Sajan"}], ["Oubliette", "Oubliette", "Tower"])
    cards = {l["name"]: l["cards"] for l in s["locations"]}
    s = ok(s, "explore", player=0, kind="villain", card="Kobold Sorceror", difficulty=10)
    s = ok(s, "guard_attempt", player=2, success=False)
    s = play(attempt(s, 0, 4), ("suffer_damage", {"target": 0, "amount": 6}), ("resolve_encounter", {"player": 0}))
    assert s["encounter"]["step"] == "avenge"
    s = ok(s, "avenge", player=1)
    assert s["encounter"]["guard_attempts"] == [] and s["encounter"]["character"] == 1
    s = ok(s, "guard_attempt", player=2, success=True)
    s = play(attempt(s, 1, 11, skill="arcane"), ("resolve_encounter", {"player": 1}),
             ("villain_outcome", {"player": 1}))
    assert loc(s, "Oubliette")["closed"] and outcome(s) is None
    assert loc(s, "Ruin")["cards"] == cards["Ruin"] + 1 and loc(s, "Tower")["cards"] == cards["Tower"]


def test_t9_a_summoned_villain_doesnt_win():
    s = villain_setup(HEROES, ["Oubliette", "Tower"], locations=["Oubliette", "Tower"])
    s = ok(s, "summon", player=0, card="Kobold Sorceror", kind="villain", mode="encounter", difficulty=8)
    s = play(attempt(s, 0, 12), ("resolve_encounter", {"player": 0}))
    assert outcome(s) is None and s["encounter"] is None  # no villain steps: see test_skills.py


def test_r120_and_win_scenario():
    s = started()
    assert "pathfinder.R120" in refused(s, "win_scenario", {"reason": "all_locations_closed"})
    won = ok(s, "win_scenario", reason="scenario_condition")
    assert outcome(won)["result"] == "won"


def test_h12_the_scenario_has_ended():
    s = ok(started(), "win_scenario", reason="scenario_condition")
    assert "pathfinder.H12" in refused(s, "draw_cards", {"player": 0, "count": 1})
    ok(started(), "draw_cards", player=0, count=1)


# ------------------------------------------------------------------ scourges (R75, R76, R107, R108, H8, T41)

def test_r75_t41_one_marker_per_scourge():
    s = ok(started(), "suffer_scourge", target=0, scourge="Dazed")
    markers = dict(s["scourge_markers"])
    assert "pathfinder.R75" in refused(s, "suffer_scourge", {"target": 0, "scourge": "Dazed"})
    s = ok(s, "suffer_scourge", target=0, scourge="Wounded")
    assert s["players"][0]["scourges"] == ["Dazed", "Wounded"] and s["scourge_markers"]["Dazed"] == markers["Dazed"]


def test_r107_each_scourge_has_its_own_marker():
    s = ok(started(TWO), "suffer_scourge", target=0, scourge="Dazed", marker="red skull")
    assert "pathfinder.R107" in refused(s, "suffer_scourge", {"target": 1, "scourge": "Wounded",
                                                              "marker": "red skull"})
    ok(s, "suffer_scourge", target=1, scourge="Dazed", marker="red skull")


def test_r76_h8_removing_scourges():
    s = ok(ok(started(), "suffer_scourge", target=0, scourge="Dazed"), "mark_location", location="Cell",
           scourge="Wounded")
    assert "pathfinder.H8" in refused(s, "remove_scourge", {"target": 0, "scourge": "Wounded"})
    assert "pathfinder.R76" in refused(s, "remove_scourge", {"location": "Cell", "scourge": "Wounded"})
    s = ok(s, "remove_scourge", location="Cell", scourge="Wounded", power_names_locations=True)
    s = ok(s, "remove_scourge", target=0, scourge="Dazed")
    assert s["players"][0]["scourges"] == [] and s["scourge_markers"] == {}


def test_r108_a_scourge_found_in_a_location_is_suffered_at_once():
    s = ok(started(), "explore", player=0, kind="scourge", card="Frightened")
    assert s["players"][0]["scourges"] == ["Frightened"] and s["encounter"] is None
    assert "pathfinder.R108" in refused(s, "declare_check", {"player": 0})
    s = ok(ok(s, "grant_extra_exploration", player=0), "explore", player=0, by="extra", kind="monster")
    ok(s, "declare_check", player=0)


# ------------------------------------------------------------------ misc effects (R10, R95, R99-R100, R106-R122, H9, H11)

def test_r10_the_hour_has_only_its_hour_power():
    s = started()
    assert "pathfinder.R10" in refused(s, "use_hour_power", {"player": 0, "power": "bless"})
    ok(s, "use_hour_power", player=0, power="hour")


def test_r95_no_impossible_option_while_another_is_possible():
    s = started()
    assert "pathfinder.R95" in refused(s, "resolve_choice", {"player": 0, "chosen_possible": False,
                                                             "other_possible": True})
    ok(s, "resolve_choice", player=0, chosen_possible=False, other_possible=False, description="banish an ally")


def test_r99_r110_examining():
    s = started(locations=[{"name": "Tower", "cards": 2}, {"name": "Ruin", "cards": 0}])
    assert "pathfinder.R99" in refused(s, "examine", {"player": 0, "deck": True})
    ok(s, "examine", player=0, deck=True, power_allows=True)
    assert "pathfinder.R110" in refused(s, "examine", {"player": 0, "location": "Ruin"})
    looked = ok(s, "examine", player=0, location="Tower", found="Boggart")
    assert loc(looked, "Tower")["examined"] == "Boggart"


def test_r100_displayed_by_effect_boons_have_no_powers():
    s = ok(started(), "play_card", player=0, card_type="armor", card="Chain Mail", action="display")
    assert s["players"][0]["displayed"] == ["Chain Mail"]
    s = ok(s, "next_step", player=0)  # a new step: a new boon budget
    shown = {"player": 0, "card_type": "armor", "card": "Chain Mail", "action": "discard", "from_displayed": True}
    assert "pathfinder.R100" in refused(s, "play_card", dict(shown, displayed_by_effect=True))
    s = ok(s, "play_card", **shown)
    assert s["players"][0]["displayed"] == [] and s["players"][0]["discard_count"] == 1


def test_r106_t64_healing_skips_the_card_paid_for_it():
    s = ok(started(), "heal", target=0, count=1)
    assert s["players"][0]["deck_count"] == 11  # nothing to heal
    assert "pathfinder.R106" in refused(s, "heal", {"target": 0, "count": 2, "paid_with_discard": True})
    s = ok(s, "play_card", player=0, card_type="spell", card="Cure", action="discard")
    s = ok(s, "play_card", player=0, card_type="weapon", action="discard")
    s = ok(s, "heal", player=0, target=0, count=2, paid_with_discard=True)  # T64: only 1 other card
    assert (s["players"][0]["deck_count"], s["players"][0]["discard_count"]) == (12, 1)


def test_r114_added_locations_get_no_story_banes():
    s = started()
    assert "pathfinder.R114" in refused(s, "add_new_location", {"location": "Trail", "cards": 3,
                                                                "story_bane": "Kobold"})
    s = ok(s, "add_new_location", location="Trail", cards=3, story_bane="Kobold", effect_adds_story_bane=True)
    assert loc(s, "Trail")["cards"] == 4 and loc(s, "Trail")["added"]


def test_r122_roll_separately_for_each_local_character():
    s = started(TWO)
    assert "pathfinder.R122" in refused(s, "damage_local_characters", {"player": 0, "rolls": [{"target": 0,
                                                                                                 "roll": 2}]})
    s = ok(s, "damage_local_characters", player=0, rolls=[{"target": 0, "roll": 2}, {"target": 1, "roll": 3}])
    assert (s["players"][0]["hand_count"], s["players"][1]["hand_count"]) == (2, 2)


def test_h9_a_proxy_must_be_out_to_return():
    s = started()
    assert "pathfinder.H9" in refused(s, "proxy_returned", {"player": 0})
    s = ok(s, "shuffle_character_proxy", player=0, location="Cell")
    ok(s, "proxy_returned", player=0)


def test_h11_counts_never_drop_below_zero_even_overridden():
    s = started()
    shown = {"player": 0, "card_type": "armor", "card": "Chain Mail", "action": "discard", "from_displayed": True}
    result = run(s, "play_card", shown, override="the table says so")
    assert not result.accepted and [v.rule_id for v in result.violations] == ["pathfinder.H11"]
    s = ok(ok(s, "play_card", player=0, card_type="armor", card="Chain Mail", action="display"), "next_step", player=0)
    ok(s, "play_card", **shown)


# ------------------------------------------------------------------ recovery (T56, T57) and T63

def test_t56_t57_recovery_recharges_or_banishes():
    s = ok(started(), "play_card", player=0, card_type="spell", card="Lightning Touch", action="recovery")
    s = ok(s, "end_turn", player=0)
    assert s["phase"] == "recovery"
    c = ok(s, "declare_check", player=0, skill="arcane", difficulty=3)
    assert c["check"]["dice"] == {"4": 1}  # Valeros's card (helpers) has no Arcane
    c = play(c, ("roll_check", {"player": 0, "roll": 4}), ("resolve_check", {"player": 0}))
    won = ok(c, "recover_card", player=0, outcome="recharge", card="Lightning Touch", roll=4)
    assert won["players"][0]["deck_count"] == 12 and won["players"][0]["recovery_count"] == 0
    lost = ok(s, "recover_card", player=0, outcome="banish", card="Lightning Touch", roll=3)
    assert lost["players"][0]["recovery"] == [] and lost["players"][0]["deck_count"] == 11
    assert lost["phase"] == "reset"


def test_t63_a_card_discarded_by_a_power_is_not_played():
    s = checking([{"name": "Sel", "character": "Seelah", "hand_size": 4}, {"name": "Ben", "character": "Kyra", "hand_size": 5}], die=10)
    s = ok(s, "use_character_power", player=0, power="discard an armor", cost_card="Leather Armor",
           cost_action="discard")
    s = ok(s, "play_card", player=1, card_type="armor", card="Chain Mail", action="reveal", purpose="check")
    assert s["check"]["boon_types"] == ["armor"]


def test_search_takes_a_card_from_a_stack_with_cards_h13_r99():
    s = started()
    here = s["players"][0]["location"]
    took = ok(s, "search", player=0, stack="location", card_type="ally", card="Sage")
    assert took["players"][0]["hand_count"] == s["players"][0]["hand_count"] + 1
    assert next(l for l in took["locations"] if l["name"] == here)["cards"] == \
        next(l for l in s["locations"] if l["name"] == here)["cards"] - 1
    assert "pathfinder.R99" in refused(s, "search", {"player": 0, "stack": "deck", "card_type": "weapon"})
    ok(s, "search", player=0, stack="deck", card_type="weapon", power_allows=True)
    assert "pathfinder.H13" in refused(s, "search", {"player": 0, "stack": "discards", "card_type": "weapon"})
    ok(s, "search", player=0, stack="discards", card_type="weapon", found=False)
