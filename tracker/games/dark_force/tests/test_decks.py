"""Dark Force deck checks (spec 6.2, 12.9; R1, R2, D10 and the suggested warnings)."""
import pytest

from tracker.engine import DeckInputError
from tracker.games.dark_force.decks import DECK_RULES, copy_limit, validate_deck


def _basic(**extra):
    """A 60-card deck inside every Essen '96 limit."""
    cards = [
        {"name": "Mountain", "type": "terrain", "count": 10},
        {"name": "Plains", "type": "terrain", "count": 10},
        {"name": "Forest", "type": "terrain", "count": 5},
        {"name": "Mercenaries", "type": "army", "count": 5},
        {"name": "Orc Horde", "type": "army", "count": 5},
        {"name": "Norbade", "type": "hero", "count": 5},
        {"name": "Noble", "type": "hero", "count": 5},
        {"name": "Cave Bear", "type": "creature", "count": 5},
        {"name": "Sword", "type": "equipment", "count": 5},
        {"name": "City", "type": "terrain expansion", "count": 3},
        {"name": "Fireball", "type": "spell", "count": 2},
    ]
    return {"game": "dark-force", "cards": cards, **extra}


def _rules(items):
    return [i["rule"] for i in items]


def test_a_deck_inside_the_limits_is_valid_for_both_rulesets():
    for essen in (False, True):
        report = validate_deck(_basic(essen96=essen))
        assert report.valid and report.violations == [] and report.reminders == [], report


def test_r1_essen_decks_hold_at_most_150_cards():
    report = validate_deck({"game": "dark-force", "essen96": True, "size": 162})
    assert not report.valid and _rules(report.violations) == ["dark-force.R1"]
    assert "162" in report.violations[0]["message"] and report.violations[0]["section"] == "[3 Game Components]"
    assert validate_deck({"game": "dark-force", "essen96": True, "size": 150}).valid
    assert validate_deck({"game": "dark-force", "size": 162}).valid  # base rules: no maximum


def test_r1_under_60_cards_is_only_a_recommendation():
    report = validate_deck({"game": "dark-force", "size": 45})
    assert report.valid and _rules(report.reminders) == ["dark-force.R1"]
    assert "60" in report.reminders[0]["message"]
    assert validate_deck({"game": "dark-force", "size": 60}).reminders == []


def test_r1_counts_the_listed_cards():
    deck = _basic(essen96=True)
    deck["cards"] += [{"name": f"Army {i}", "type": "army", "count": 5} for i in range(19)]  # 60 + 95 = 155
    report = validate_deck(deck)
    assert _rules(report.violations) == ["dark-force.R1"] and report.violations[0]["details"]["size"] == 155


@pytest.mark.parametrize("card_type,limit", [
    ("event", 2), ("spell", 2), ("summoned creature", 2), ("miracle", 2), ("wonder", 2), ("terrain", 10),
    ("terrain expansion", 5), ("army", 5), ("creature", 5), ("hero", 5), ("equipment", 5), ("ship", 5),
])
def test_r2_essen_copy_limits_by_type(card_type, limit):
    deck = _basic(essen96=True)
    deck["cards"].append({"name": "Test Card", "type": card_type, "count": limit})
    assert "dark-force.R2" not in _rules(validate_deck(deck).violations)
    deck["cards"].append({"name": "test  card", "type": card_type, "count": 1})  # same name, another line
    report = validate_deck(deck)
    assert not report.valid and _rules(report.violations) == ["dark-force.R2"]
    assert report.violations[0]["details"] == {"card": "Test Card", "type": report.violations[0]["details"]["type"],
                                               "count": limit + 1, "max": limit}


def test_r2_message_names_the_card_and_only_applies_to_essen():
    deck = _basic(essen96=True)
    deck["cards"][-1]["count"] = 3  # Fireball
    report = validate_deck(deck)
    assert report.violations[0]["message"] == "At most 2 copies of a spell (Fireball: 3)."
    assert validate_deck(_basic(cards=deck["cards"])).valid


def test_r2_male_and_female_forms_count_apart_d11():
    deck = _basic(essen96=True)
    deck["cards"] += [{"name": "Druid", "type": "hero", "count": 5}, {"name": "Druidess", "type": "hero", "count": 5}]
    assert validate_deck(deck).valid


def test_copy_limit_table():
    assert [copy_limit(t) for t in ("event", "terrain", "hero", "summoned")] == [2, 10, 5, 2]


def test_size_only_essen_reminds_that_copies_were_not_checked():
    report = validate_deck({"game": "dark-force", "essen96": True, "size": 80})
    assert report.valid and _rules(report.reminders) == ["dark-force.R2"]


def test_d10_and_suggested_warnings():
    no_terrain = {"game": "dark-force", "cards": [{"name": "Mercenaries", "type": "army", "count": 60}]}
    assert _rules(validate_deck(no_terrain).reminders) == ["dark-force.R12"]
    no_army = {"game": "dark-force", "cards": [{"name": "Plains", "type": "terrain", "count": 30},
                                               {"name": "Noble", "type": "hero", "count": 30}]}
    assert _rules(validate_deck(no_army).reminders) == ["dark-force.R40"]
    deck = _basic()
    deck["cards"] += [{"name": "Praios' Blessing", "type": "miracle", "count": 1},
                      {"name": "Djinn of Fire", "type": "summoned", "count": 1, "summon_kind": "djinn"},
                      {"name": "Skeleton", "type": "summoned", "count": 1}]
    assert _rules(validate_deck(deck).reminders) == ["dark-force.R56", "dark-force.R52", "dark-force.R52"]
    deck["cards"] += [{"name": "Priest of Praios", "type": "hero", "count": 1, "class": "blessed_one"},
                      {"name": "Gray Mage", "type": "hero", "count": 1, "class": "gray_mage"}]
    report = validate_deck(deck)
    assert report.valid and _rules(report.reminders) == ["dark-force.R24"]
    assert "gray mage" in report.reminders[0]["message"]


def test_demons_need_their_own_summoners():
    deck = _basic()
    deck["cards"] += [{"name": "Demon", "type": "summoned", "count": 1, "summon_kind": "demon"},
                      {"name": "Gray Mage", "type": "hero", "count": 1, "class": "gray_mage"}]
    assert _rules(validate_deck(deck).reminders) == ["dark-force.R52"]
    deck["cards"].append({"name": "Witch", "type": "hero", "count": 1, "class": "witch"})
    assert validate_deck(deck).reminders == []


@pytest.mark.parametrize("payload,field", [
    ({"game": "aventuria", "size": 60}, "game"),
    ({"game": "dark-force"}, "cards"),
    ({"game": "dark-force", "size": 60, "cards": [{"name": "A", "type": "army"}]}, "cards"),
    ({"game": "dark-force", "size": 0}, "size"),
    ({"game": "dark-force", "essen96": "yes", "size": 60}, "essen96"),
    ({"game": "dark-force", "cards": [{"name": "A", "type": "dragon"}]}, "cards.0.type"),
    ({"game": "dark-force", "cards": [{"name": "A", "type": "army", "count": 0}]}, "cards.0.count"),
    ({"game": "dark-force", "cards": [{"name": "", "type": "army"}]}, "cards.0.name"),
    ({"game": "dark-force", "cards": [{"name": "A", "type": "hero", "class": "pope"}]}, "cards.0.class"),
    ({"game": "dark-force", "cards": [{"name": "A", "type": "army"}, {"name": "a", "type": "hero"}]}, "cards.1.type"),
    ({"game": "dark-force", "cards": "Mountain x10"}, "cards"),
])
def test_unreadable_decks_name_the_field(payload, field):
    with pytest.raises(DeckInputError) as err:
        validate_deck(payload)
    assert field in err.value.errors


def test_deck_rules_are_r1_and_r2():
    assert [r.id for r in DECK_RULES] == ["dark-force.R1", "dark-force.R2"]
