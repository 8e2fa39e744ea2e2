"""Aventuria deck validation (spec §5.M R103-R109, §6.4): each rule's failure and its accepted neighbour."""
import pytest

from tracker.games.aventuria.decks import (
    CATEGORIES,
    DECK_RULES,
    HEROES,
    DeckInputError,
    validate_deck,
)

NO_DATA = {}  # card_data for tests that must not depend on the shipped fixture


def general_cards(distinct=15, copies=2, category="talent", prefix="Card"):
    return [{"name": f"{prefix} {i}", "count": copies, "category": category} for i in range(distinct)]


def deck(cards=None, hero="DB", **extra):
    payload = {"game": "aventuria", "hero": hero, "cards": general_cards() if cards is None else cards}
    payload.update(extra)
    return payload


def rules_of(report):
    return [v["rule"] for v in report.violations]


def only(report, rule):
    found = [v for v in report.violations if v["rule"] == rule]
    assert len(found) == 1, report.violations
    return found[0]


# --- rule data ----------------------------------------------------------------------------------

def test_rule_table_and_reference_data():
    assert [r.id for r in DECK_RULES] == [f"aventuria.R{n}" for n in range(103, 110)]
    assert all(r.section.startswith("[") and r.message and r.check is None for r in DECK_RULES)
    kinds = {r.id: r.kind for r in DECK_RULES}
    assert kinds["aventuria.R103"] == "state" and kinds["aventuria.R106"] == "card-data"
    assert len(CATEGORIES) == 17 and CATEGORIES["complex_spell"] == "Complex Spell"
    assert set(HEROES) == {"DB", "ES", "HR", "TM"} and HEROES["DB"] == "Arbosh, Son of Angrax"


def test_plain_thirty_card_deck_is_valid():
    report = validate_deck(deck())
    assert report.valid and report.violations == []
    # Without Skill Card limits the category rule is only a reminder.
    assert [r["rule"] for r in report.reminders] == ["aventuria.R106"]
    body = report.as_dict()
    assert body["valid"] is True and body["violations"] == []


# --- R103 ---------------------------------------------------------------------------------------

def test_r103_31_cards_is_a_violation():
    cards = general_cards() + [{"name": "Extra", "category": "talent"}]
    v = only(validate_deck(deck(cards)), "aventuria.R103")
    assert v["details"] == {"count": 31, "required": 30}
    assert v["section"] == "[Deck Building]"


def test_r103_29_cards_is_a_violation():
    cards = general_cards(distinct=14) + [{"name": "Lone", "count": 1}]
    v = only(validate_deck(deck(cards)), "aventuria.R103")
    assert v["details"] == {"count": 29, "required": 30}


def test_r103_exactly_30_passes_with_counts_defaulting_to_one():
    cards = [{"name": f"Single {i}"} for i in range(30)]
    assert validate_deck(deck(cards)).valid


# --- R104 ---------------------------------------------------------------------------------------

def test_r104_three_copies_is_a_violation():
    cards = general_cards(distinct=13) + [{"name": "Healing Potion", "count": 3}, {"name": "Other", "count": 1}]
    report = validate_deck(deck(cards))
    assert rules_of(report) == ["aventuria.R104"]
    assert report.violations[0]["details"] == {"card": "Healing Potion", "copies": 3, "max": 2}


def test_r104_copies_on_several_lines_count_together_ignoring_case_and_spaces():
    cards = general_cards(distinct=13) + [
        {"name": "Healing Potion", "count": 2},
        {"name": "  healing POTION "},
        {"name": "Other"},
    ]
    v = only(validate_deck(deck(cards)), "aventuria.R104")
    assert v["details"] == {"card": "Healing Potion", "copies": 3, "max": 2}


def test_r104_exactly_two_copies_passes():
    cards = general_cards(distinct=14) + [{"name": "Healing Potion"}, {"name": "healing potion"}]
    assert validate_deck(deck(cards)).valid


# --- R105 ---------------------------------------------------------------------------------------

def test_r105_other_heros_specific_card_is_a_violation():
    cards = general_cards(distinct=14) + [{"name": "Elven Trick", "count": 2, "hero": "ES"}]
    v = only(validate_deck(deck(cards, hero="DB")), "aventuria.R105")
    assert v["details"] == {"card": "Elven Trick", "card_hero": "ES", "deck_hero": "DB", "copies": 2}
    assert "Layariel" in v["message"] and "Arbosh" in v["message"]


def test_r105_specific_card_in_matching_heros_deck_passes():
    cards = general_cards(distinct=14) + [{"name": "Elven Trick", "count": 2, "hero": "es"}]
    assert validate_deck(deck(cards, hero="ES")).valid


# --- R106 ---------------------------------------------------------------------------------------

LIMITS = {"talent": 28, "heavy_armor": 2}


def test_r106_category_over_its_maximum_is_a_violation():
    cards = general_cards(distinct=14) + [{"name": "Plate", "count": 2, "category": "heavy_armor"}]
    v = only(validate_deck(deck(cards, category_limits={"talent": 28, "heavy_armor": 1})), "aventuria.R106")
    assert v["details"]["category"] == "heavy_armor"
    assert v["details"]["count"] == 2 and v["details"]["max"] == 1
    assert v["details"]["cards"] == ["Plate"]


def test_r106_category_missing_from_the_skill_card_allows_none():
    cards = general_cards(distinct=14) + [{"name": "Plate", "count": 2, "category": "heavy_armor"}]
    v = only(validate_deck(deck(cards, hero="ES", category_limits={"talent": 28})), "aventuria.R106")
    assert v["details"]["max"] == 0 and v["details"]["count"] == 2
    assert "Heavy Armor" in v["message"]


def test_r106_count_equal_to_the_maximum_passes_without_reminder():
    cards = general_cards(distinct=14) + [{"name": "Plate", "count": 2, "category": "heavy_armor"}]
    report = validate_deck(deck(cards, category_limits=LIMITS))
    assert report.valid and report.reminders == []


def test_r106_titles_are_accepted_as_category_keys():
    cards = general_cards(distinct=14) + [{"name": "Plate", "count": 2, "category": "Heavy Armor"}]
    assert validate_deck(deck(cards, category_limits={"Talent": 28, "heavy-armor": 2})).valid


def test_r106_cards_without_category_give_a_reminder_when_limits_are_given():
    cards = general_cards(distinct=14) + [{"name": "Mystery", "count": 2}]
    report = validate_deck(deck(cards, category_limits={"talent": 28}))
    assert report.valid
    assert [r["rule"] for r in report.reminders] == ["aventuria.R106"]
    assert "Mystery" in report.reminders[0]["message"]


def test_r106_without_limits_is_only_a_reminder():
    cards = general_cards(distinct=15, category="heavy_armor")
    report = validate_deck(deck(cards, hero="TM"))
    assert report.valid
    assert "Skill Card" in report.reminders[0]["message"]


# --- R107 ---------------------------------------------------------------------------------------

def test_r107_promo_card_counts_against_its_category():
    cards = general_cards(distinct=14) + [{"name": "Dark Eye", "count": 2, "category": "equipment", "promo": True}]
    v = only(validate_deck(deck(cards, category_limits={"talent": 28, "equipment": 1})), "aventuria.R106")
    assert v["details"]["count"] == 2 and v["details"]["promo_cards"] == ["Dark Eye"]


def test_r107_promo_card_is_general_even_if_marked_for_another_hero():
    cards = general_cards(distinct=14) + [
        {"name": "Dark Eye", "count": 2, "category": "equipment", "promo": True, "hero": "TM"}]
    report = validate_deck(deck(cards, hero="DB", category_limits={"talent": 28, "equipment": 2}))
    assert report.valid
    assert [r["rule"] for r in report.reminders] == ["aventuria.R107"]


def test_r107_promo_flag_comes_from_the_fixture_when_left_out():
    cards = general_cards(distinct=14) + [{"name": "Dark Eye", "count": 2, "category": "equipment", "hero": "TM"}]
    assert validate_deck(deck(cards, hero="DB")).valid
    # Without the fixture the same line is a hero-specific TM card.
    assert "aventuria.R105" in rules_of(validate_deck(deck(cards, hero="DB"), card_data=NO_DATA))


# --- R108 ---------------------------------------------------------------------------------------

def with_rewards(n):
    regular = general_cards(distinct=30 - n, copies=1)
    return regular + [{"name": f"Reward {i}", "reward": True, "category": "talent"} for i in range(n)]


def test_r108_reward_card_in_duel_without_agreement_is_a_violation():
    v = only(validate_deck(deck(with_rewards(1))), "aventuria.R108")
    assert v["details"]["reason"] == "not_allowed"
    assert v["details"]["reward_cards"] == 1 and v["details"]["mode"] == "duel"


@pytest.mark.parametrize("mode", ["skirmish", "team_duel"])
def test_r108_every_duel_family_mode_needs_agreement(mode):
    v = only(validate_deck(deck(with_rewards(2), mode=mode)), "aventuria.R108")
    assert v["details"]["reason"] == "not_allowed"


def test_r108_reward_cards_pass_when_allowed_or_in_adventures():
    assert validate_deck(deck(with_rewards(3), reward_cards_allowed=True)).valid
    assert validate_deck(deck(with_rewards(3), mode="adventure")).valid
    assert validate_deck(deck(with_rewards(3), mode="campaign")).valid


def test_r108_more_than_three_reward_cards_is_a_violation_in_any_mode():
    for extra in ({"reward_cards_allowed": True}, {"mode": "adventure"}, {"mode": "campaign"}):
        v = only(validate_deck(deck(with_rewards(4), **extra)), "aventuria.R108")
        assert v["details"]["reason"] == "too_many"
        assert v["details"]["reward_cards"] == 4 and v["details"]["max"] == 3


def test_r108_both_failures_at_once():
    report = validate_deck(deck(with_rewards(4)))
    reasons = [v["details"]["reason"] for v in report.violations if v["rule"] == "aventuria.R108"]
    assert reasons == ["not_allowed", "too_many"]


def test_r108_reward_flag_comes_from_the_fixture():
    cards = general_cards(distinct=29, copies=1) + [{"name": "Strong Healing Potion"}]
    v = only(validate_deck(deck(cards)), "aventuria.R108")
    assert v["details"]["cards"] == ["Strong Healing Potion"]
    assert validate_deck(deck(cards), card_data=NO_DATA).valid


# --- R109 ---------------------------------------------------------------------------------------

def test_r109_covenant_garb_counts_as_complex_spell_from_the_fixture():
    cards = general_cards(distinct=14) + [{"name": "Covenant Garb", "count": 2}]
    v = only(validate_deck(deck(cards, hero="TM", category_limits={"talent": 28, "complex_spell": 1})),
             "aventuria.R106")
    assert v["details"]["category"] == "complex_spell" and v["details"]["cards"] == ["Covenant Garb"]


def test_r109_a_contradicting_category_is_used_but_flagged():
    cards = general_cards(distinct=14) + [{"name": "Covenant Garb", "count": 2, "category": "light_armor"}]
    report = validate_deck(deck(cards, hero="TM", category_limits={"talent": 28, "light_armor": 2}))
    assert report.valid
    assert [r["rule"] for r in report.reminders] == ["aventuria.R109"]


# --- several problems ---------------------------------------------------------------------------

def test_every_problem_is_listed_at_once():
    cards = general_cards(distinct=13) + [
        {"name": "Healing Potion", "count": 3, "category": "equipment"},
        {"name": "Elven Trick", "hero": "ES", "category": "talent"},
        {"name": "Plate", "category": "heavy_armor"},
        {"name": "Booty", "reward": True, "category": "talent"},
    ]
    report = validate_deck(deck(cards, hero="DB", category_limits={"talent": 30, "equipment": 2}))
    assert not report.valid
    assert sorted(rules_of(report)) == sorted([
        "aventuria.R103", "aventuria.R104", "aventuria.R105",
        "aventuria.R106", "aventuria.R106", "aventuria.R108",
    ])
    assert only(report, "aventuria.R103")["details"] == {"count": 32, "required": 30}
    r106 = {v["details"]["category"]: v["details"] for v in report.violations if v["rule"] == "aventuria.R106"}
    assert r106["equipment"]["count"] == 3 and r106["heavy_armor"]["max"] == 0
    assert all(set(v) == {"rule", "message", "section", "details"} for v in report.violations)


# --- input errors -------------------------------------------------------------------------------

def input_errors(payload):
    with pytest.raises(DeckInputError) as caught:
        validate_deck(payload)
    return caught.value.errors


def test_unknown_and_missing_hero():
    assert "unknown hero 'XX'" in input_errors(deck(hero="XX"))["hero"][0]
    payload = deck()
    del payload["hero"]
    assert "hero" in input_errors(payload)


def test_bad_card_lines_are_all_named():
    cards = general_cards(distinct=3) + [
        {"name": "Zero", "count": 0},
        {"name": "", "count": 1},
        {"name": "x" * 101},
        {"name": "Odd", "category": "heavy_armour"},
        {"name": "Who", "hero": "XY"},
        {"name": "Flag", "reward": "yes"},
        "just a string",
        {"name": "Truthy", "count": True},
    ]
    errors = input_errors(deck(cards))
    assert errors["cards.3.count"] == ["must be an integer from 1 to 30"]
    assert set(errors) == {"cards.3.count", "cards.4.name", "cards.5.name", "cards.6.category",
                           "cards.7.hero", "cards.8.reward", "cards.9", "cards.10.count"}


def test_top_level_errors():
    errors = input_errors({"game": "other", "hero": "DB", "mode": "solo", "cards": "none",
                           "reward_cards_allowed": "yes", "category_limits": {"armour": 2, "talent": -1}})
    assert set(errors) == {"game", "mode", "cards", "reward_cards_allowed",
                           "category_limits.armour", "category_limits.talent"}
    assert "payload" in input_errors(["not", "a", "dict"])
    assert "cards" in input_errors({"hero": "DB"})


def test_too_many_lines():
    cards = [{"name": f"C{i}"} for i in range(201)]
    assert "cards" in input_errors(deck(cards))
    # 200 lines is still input the validator accepts (it is then far over 30 cards).
    report = validate_deck(deck([{"name": f"C{i}"} for i in range(200)]))
    assert only(report, "aventuria.R103")["details"]["count"] == 200


def test_lines_of_one_card_must_not_contradict_each_other():
    cards = general_cards(distinct=14) + [
        {"name": "Potion", "category": "equipment"},
        {"name": "potion", "category": "advantage"},
    ]
    assert "cards.15.category" in input_errors(deck(cards))
