"""The skill and die a check uses [Determine Which Skill You're Using; Rules: Skills, Dice, and Modifiers],
the skills a table types at setup, and summoned cards [Summon and Encounter].

Each legality test shows the refusal (rule id, or the 400's field) and the accepted neighbour.
"""
from __future__ import annotations

import copy

import pytest

from tracker.engine import Action, decide
from tracker.engine.errors import ParamError, SetupError

from ..links import prepare
from .helpers import GAME, VALEROS, loc, new, ok, outcome, play, refused, started

AMIRI = {"name": "Alice", "character": "Amiri"}
LEM = {"name": "Lee", "character": "Lem"}
SAJAN = {"name": "Sam", "character": "Sajan"}
KYRA = {"name": "Ben", "character": "Kyra", "hand_size": 5}
EZREN = {"name": "Cid", "character": "Ezren", "hand_size": 6}


def encountering(players, **explore):
    explore.setdefault("kind", "monster")
    return ok(started(players), "explore", player=0, **explore)


def die_error(state, type_, params) -> list[str]:
    with pytest.raises(ParamError) as err:
        decide(GAME, state, Action(type_, params))
    return err.value.errors["params.die"]


def check_of(state) -> tuple[dict, int, list]:
    c = state["check"]
    return c["dice"], c["modifier"], c["traits"]


# ------------------------------------------------------------------ the die comes from the character

def test_sajans_acrobatics_is_his_dexterity_die_plus_2():
    s = encountering([SAJAN], difficulty=13)
    dice, modifier, traits = check_of(ok(s, "declare_check", player=0, skill="acrobatics"))
    assert (dice, modifier) == ({"8": 1}, 2)  # 1d8+2, not 1d4
    assert {"Acrobatics", "Dexterity"} <= set(traits) and "Combat" not in traits
    dice, modifier, traits = check_of(ok(s, "declare_check", player=0, skill="dexterity"))
    assert (dice, modifier) == ({"8": 1}, 0) and "Acrobatics" not in traits


def test_amiris_combat_check_is_melee_1d12_plus_2_and_stays_a_combat_check():
    s = encountering([AMIRI], difficulty=10)
    c = ok(s, "declare_check", player=0, skill="combat")["check"]
    assert (c["skill"], c["dice"], c["modifier"], c["combat"]) == ("melee", {"12": 1}, 2, True)
    assert {"Combat", "Melee", "Strength"} <= set(c["traits"])
    # named as the skill used, or as a combat check with Melee: the same check
    for params in ({"skill": "combat", "skill_used": "melee"}, {"skill": "melee", "combat": True}):
        c = ok(s, "declare_check", player=0, **params)["check"]
        assert (c["dice"], c["modifier"], c["combat"]) == ({"12": 1}, 2, True) and "Combat" in c["traits"]
    c = ok(s, "declare_check", player=0, skill="combat", skill_used="strength")["check"]
    assert (c["dice"], c["modifier"], c["combat"]) == ({"12": 1}, 0, True)
    assert "Strength" in c["traits"] and "Melee" not in c["traits"]
    # a plain Melee check (a card that asks for Melee) is not a combat check
    c = ok(s, "declare_check", player=0, skill="melee")["check"]
    assert (c["dice"], c["modifier"], c["combat"]) == ({"12": 1}, 2, False) and "Combat" not in c["traits"]


def test_lems_derived_skills_add_the_skill_they_name_as_a_trait():
    s = encountering([LEM], kind="spell", difficulty=7)
    dice, modifier, traits = check_of(ok(s, "declare_check", player=0, skill="arcane"))
    assert (dice, modifier) == ({"10": 1}, 1) and {"Arcane", "Charisma"} <= set(traits)
    dice, modifier, traits = check_of(ok(s, "declare_check", player=0, skill="knowledge"))
    assert (dice, modifier) == ({"6": 1}, 1) and {"Knowledge", "Intelligence"} <= set(traits)


def test_r41_a_skill_the_character_lacks_is_a_d4():
    amiri = encountering([AMIRI], card="Boggart", difficulty=4)
    c = ok(amiri, "declare_check", player=0, skill="knowledge")["check"]
    assert (c["dice"], c["modifier"]) == ({"4": 1}, 0)  # the rulebook: Amiri has no Knowledge
    assert "pathfinder.R41" in refused(amiri, "declare_check", {"player": 0, "skill": "knowledge", "die": 8})
    ok(amiri, "declare_check", player=0, skill="knowledge", die=8, via_power=True)  # a card that sets the dice
    assert "pathfinder.R41" in refused(amiri, "declare_check", {"player": 0, "skill": "knowledge", "has_skill": True})
    kyra = encountering([KYRA], kind="barrier", difficulty=7)
    assert ok(kyra, "declare_check", player=0, skill="disable")["check"]["dice"] == {"4": 1}
    assert ok(kyra, "declare_check", player=0, skill="strength")["check"]["dice"] == {"8": 1}


def test_r41_the_die_of_a_skill_the_character_has():
    s = encountering([SAJAN], difficulty=13)
    assert "pathfinder.R41" in refused(s, "declare_check", {"player": 0, "skill": "acrobatics", "die": 4})
    assert "pathfinder.R41" in refused(s, "declare_check", {"player": 0, "skill": "acrobatics", "has_skill": False})
    ok(s, "declare_check", player=0, skill="acrobatics", die=8)
    # a power that swaps the die (Lini's d10 instead of her Strength die) is not refused
    ok(s, "declare_check", player=0, skill="dexterity", die=10, via_power=True)


def test_r41_a_combat_check_without_a_power_uses_strength_or_melee():
    s = encountering([SAJAN], card="Ghoul", difficulty=13)
    assert "pathfinder.R41" in refused(s, "declare_check", {"player": 0, "skill": "combat", "skill_used": "acrobatics"})
    assert "pathfinder.R41" in refused(s, "declare_check", {"player": 0, "skill": "acrobatics", "combat": True})
    c = ok(s, "declare_check", player=0, skill="combat", skill_used="acrobatics", via_power=True)["check"]
    assert (c["dice"], c["modifier"], c["combat"]) == ({"8": 1}, 2, True)
    assert {"Combat", "Acrobatics", "Dexterity"} <= set(c["traits"])
    # the same through choose_skill, once the combat check is open
    amiri = ok(encountering([AMIRI], difficulty=10), "declare_check", player=0)
    assert "pathfinder.R41" in refused(amiri, "choose_skill", {"player": 0, "skill": "fortitude", "die": 8})
    ok(amiri, "choose_skill", player=0, skill="strength")


def test_choose_skill_takes_the_die_and_traits_of_the_new_skill():
    s = ok(encountering([SAJAN], card="Ghoul", difficulty=13), "declare_check", player=0, die=6)
    assert s["check"]["skill"] == "strength" and "Strength" in s["check"]["traits"]
    c = ok(s, "choose_skill", player=0, skill="acrobatics", via_power=True, card_traits=["Magic"])["check"]
    assert (c["dice"], c["modifier"], c["combat"]) == ({"8": 1}, 2, True)
    # the skill set aside by the power is no longer a trait; the one now used, and what it names, are
    assert c["traits"] == ["Acrobatics", "Combat", "Dexterity", "Magic"]


def test_a_characters_typed_traits_are_traits_of_its_checks():
    # the rulebook gives no character's traits: the table types them from the card (made-up ones here)
    fay = {"name": "Fay", "character": "Fumbus", "hand_size": 5}
    plain = ok(encountering([fay], difficulty=6), "declare_check", player=0, skill="dexterity", die=6)
    assert plain["check"]["traits"] == ["Dexterity"]
    typed = encountering([{**fay, "traits": "kobold,  Tinker"}], difficulty=6)
    traits = ok(typed, "declare_check", player=0, skill="dexterity", die=6)["check"]["traits"]
    assert {"Kobold", "Tinker", "Dexterity"} <= set(traits)
    with pytest.raises(SetupError) as err:
        new([{**fay, "traits": ["Kobold", 3]}])
    assert "players.0.traits" in err.value.errors


# ------------------------------------------------------------------ an unknown die is asked for, never guessed

def test_an_unknown_die_is_a_400_naming_the_die():
    s = encountering([EZREN], difficulty=8)
    assert "Ezren's Strength or Melee die isn't known" in die_error(s, "declare_check", {"player": 0})[0]
    assert "Arcane" in die_error(s, "declare_check", {"player": 0, "skill": "arcane"})[0]
    assert ok(s, "declare_check", player=0, die=6)["check"]["dice"] == {"6": 1}
    c = ok(s, "declare_check", player=0, skill="arcane", has_skill=False)["check"]
    assert c["dice"] == {"4": 1}  # the table says Ezren lacks it
    # Amiri has Fortitude, but the rulebook doesn't give its die
    amiri = ok(encountering([AMIRI], kind="barrier"), "declare_check", player=0, skill="strength")
    assert "Fortitude" in die_error(amiri, "choose_skill", {"player": 0, "skill": "fortitude"})[0]
    assert ok(amiri, "choose_skill", player=0, skill="fortitude", die=8)["check"]["dice"] == {"8": 1}


# ------------------------------------------------------------------ skills typed at setup

def test_skills_typed_at_setup_are_the_whole_card():
    ezren = {**EZREN, "skills": "Int d12, Arcane: Intelligence +2; Knowledge Intelligence+1, Wisdom d6"}
    s = encountering([ezren], kind="spell", difficulty=8)
    p = s["players"][0]
    assert p["skills"]["arcane"] == {"base": "intelligence", "bonus": 2} and p["skills_complete"]
    assert check_of(ok(s, "declare_check", player=0, skill="arcane"))[:2] == ({"12": 1}, 2)
    assert check_of(ok(s, "declare_check", player=0))[:2] == ({"4": 1}, 0)  # no Strength, no Melee on the card
    as_object = new([{**EZREN, "skills": {"intelligence": 12, "arcane": "Intelligence +2"}}])
    assert as_object["players"][0]["skills"]["intelligence"] == {"die": 12, "modifier": 0}


def test_skills_typed_for_a_character_the_rulebook_describes_fill_the_gaps():
    s = new([{**AMIRI, "skills": "Fortitude: Constitution +1, Constitution d8, Dexterity d6"}])
    p = s["players"][0]
    assert p["skills"]["melee"] == {"base": "strength", "bonus": 2}  # kept from the rulebook
    assert p["skills"]["fortitude"] == {"base": "constitution", "bonus": 1}


@pytest.mark.parametrize("skills, why", [
    ("Strength d7", "d7 is not a die"),
    ("Stealth d8", "unknown skill 'Stealth'"),
    ("Strength d8, Strength d10", "listed twice"),
    ("Melee: Strength +2", "Melee names Strength, which is not on the list"),
    ("Melee: Melee +2", "can't name itself"),
    ("Strength lots", "neither a die"),
    (42, "a list such as"),
])
def test_malformed_skills_are_a_400_naming_the_field(skills, why):
    with pytest.raises(SetupError) as err:
        new([{**EZREN, "skills": skills}])
    assert any(why in m for m in err.value.errors["players.0.skills"]), err.value.errors


def test_skill_feats_add_to_the_skill_and_to_what_names_it():
    s = encountering([{**AMIRI, "skill_feats": {"strength": 1}}], difficulty=10)
    assert check_of(ok(s, "declare_check", player=0))[:2] == ({"12": 1}, 3)  # Melee: Strength d12+1, +2
    with pytest.raises(SetupError) as err:
        new([{**AMIRI, "skill_feats": {"strength": 9}}])
    assert "players.0.skill_feats" in err.value.errors


# ------------------------------------------------------------------ summoned cards belong to no location

def villain_table(hourglass=30):
    s = new([AMIRI, LEM], hourglass=hourglass, locations=["Oubliette", "Tower", "Ruin"])
    s = ok(s, "choose_start_location", player=0, location="Oubliette")
    s = ok(s, "choose_start_location", player=1, location="Tower")
    return ok(s, "advance_hour", player=0)


def summon_villain(s):
    return ok(s, "summon", player=0, card="Kobold Sorceror", kind="villain", mode="encounter", difficulty=8)


def test_r105_a_defeated_summoned_villain_closes_nothing_and_goes_back_to_the_vault():
    s = villain_table()
    cards = {l["name"]: l["cards"] for l in s["locations"]}
    s = summon_villain(s)
    assert s["encounter"]["location"] is None and s["encounter"]["at"] == "Oubliette"
    s = play(s, ("declare_check", {"player": 0}), ("roll_check", {"player": 0, "roll": 10}),
             ("resolve_check", {"player": 0}), ("resolve_encounter", {"player": 0}))
    assert s["encounter"] is None and s["last_encounter"]["outcome"] == "defeated"
    assert not loc(s, "Oubliette")["closed"] and s["forced_moves"] == [] and outcome(s) is None
    assert {l["name"]: l["cards"] for l in s["locations"]} == cards  # not shuffled anywhere
    assert not any(l["villain_here"] for l in s["locations"])
    assert "pathfinder.R69" in refused(s, "villain_outcome", {"player": 0})


def test_r105_an_undefeated_summoned_villain_takes_no_blessings_from_the_hourglass():
    s = villain_table(hourglass=2)
    s = summon_villain(s)
    hourglass = s["hourglass"]
    s = play(s, ("declare_check", {"player": 0}), ("roll_check", {"player": 0, "roll": 1}),
             ("resolve_check", {"player": 0}))
    s = ok(s, "suffer_damage", target=0, amount=5)
    s = ok(s, "resolve_encounter", player=0)
    assert s["encounter"] is None and s["last_encounter"]["outcome"] == "undefeated"
    assert s["hourglass"] == hourglass and outcome(s) is None
    assert not any(l["villain_here"] for l in s["locations"])


def test_the_villain_from_a_location_still_takes_the_villain_steps():
    s = villain_table()
    s = ok(s, "explore", player=0, kind="villain", card="Kobold Sorceror", difficulty=8)
    s = play(s, ("declare_check", {"player": 0}), ("roll_check", {"player": 0, "roll": 10}),
             ("resolve_check", {"player": 0}), ("resolve_encounter", {"player": 0}))
    assert s["encounter"]["step"] == "villain"
    s = ok(s, "villain_outcome", player=0)
    assert loc(s, "Oubliette")["closed"]


def test_r63_nothing_to_guard_against_a_summoned_villain():
    s = summon_villain(villain_table())
    assert "pathfinder.R63" in refused(s, "guard_attempt", {"player": 1, "success": True})
    s = ok(villain_table(), "explore", player=0, kind="villain", card="Kobold Sorceror", difficulty=8)
    ok(s, "guard_attempt", player=1, success=True)


def test_a_summoned_closing_henchman_gives_no_chance_to_close_and_an_evaded_card_goes_to_the_vault():
    s = started([SAJAN], scenario="1A")
    here = s["players"][0]["location"]
    cards = loc(s, here)["cards"]
    guardian = ok(s, "summon", player=0, card="Clockwork Guardian", kind="henchman", mode="encounter", difficulty=6)
    assert guardian["encounter"]["closing"]  # 1A's closing henchman, but summoned
    won = play(guardian, ("declare_check", {"player": 0, "skill": "dexterity"}), ("roll_check", {"player": 0, "roll": 8}),
               ("resolve_check", {"player": 0}), ("resolve_encounter", {"player": 0}))
    assert won["turn_state"].get("close_opportunity") is None and loc(won, here)["cards"] == cards
    evaded = ok(guardian, "evade", player=0)
    assert evaded["encounter"] is None and loc(evaded, here)["cards"] == cards


def test_a_campaign_scenario_takes_the_skill_feats_of_the_sheet():
    sheet = {"players": [{"character": "Amiri", "deck_list": {"weapon": 4, "armor": 2, "item": 3, "ally": 2,
                                                              "blessing": 4},
                          "feats": {"skill": {"strength": 2, "made-up skill": 1}}}]}
    prepared = prepare(sheet, "scenario", [AMIRI], {})
    assert prepared.players[0]["skill_feats"] == {"strength": 2}  # what the scenario can't read is left out
    s = ok(ok(new(prepared.players), "advance_hour", player=0), "explore", player=0, difficulty=10)
    assert check_of(ok(s, "declare_check", player=0))[:2] == ({"12": 1}, 4)  # Melee: Strength d12+2, +2
    plain = prepare({"players": [{"character": "Amiri", "feats": {"skill": {}}}]}, "scenario", [AMIRI], {})
    assert "skill_feats" not in plain.players[0]


def test_a_session_set_up_before_derived_skills_still_plays():
    """Stored sessions keep the setup they were created with: skills as [die, modifier], checks without
    the listed skill. They must still read (the page) and play (a check)."""
    s = encountering([AMIRI], difficulty=10)
    old = copy.deepcopy(s)
    old["players"][0]["skills"] = {"strength": [12, 0], "melee": [12, 2]}
    for key in ("skills_lacking", "skills_complete"):
        del old["players"][0][key]
    c = ok(old, "declare_check", player=0)
    assert (c["check"]["dice"], c["check"]["modifier"]) == ({"12": 1}, 2)
    del c["check"]["listed"], c["check"]["extra_traits"], c["check"]["base"]
    c = ok(c, "choose_skill", player=0, skill="strength")
    assert c["check"]["dice"] == {"12": 1} and "Combat" in c["check"]["traits"]


def test_a_characters_skills_can_be_corrected_at_the_table_and_keep_the_feats():
    from tracker.engine import Action, ParamError, decide, initial_state
    from tracker.games.pathfinder import GAME
    players = [{"name": "Ann", "character": "Valeros", "hand_size": 4, "favored": "weapon",
                "skills": "Strength d8", "skill_feats": {"strength": 1}}]
    state = initial_state(GAME, "scenario", players, {"hourglass": 30})
    assert state["players"][0]["skills"]["strength"]["modifier"] == 1
    fixed = decide(GAME, state, Action("set_skills", {"player": 0, "skills": "Strength d10, Melee: Strength +2"}))
    assert fixed.accepted
    strength = fixed.state["players"][0]["skills"]["strength"]
    assert (strength["die"], strength["modifier"]) == (10, 1)  # the new die, the feat still on it
    assert "melee" in fixed.state["players"][0]["skills"]
    try:  # the refused neighbour: a skill list the tracker cannot read names the field
        decide(GAME, state, Action("set_skills", {"player": 0, "skills": "Strength d7"}))
    except ParamError as exc:
        assert "params.skills" in exc.errors
    else:
        raise AssertionError("an unreadable skill list was taken")
