"""Pathfinder deck validation (spec 6.3 D1-D15; R70, R71, R80, R81, D12, W1) and POST /api/decks/validate/."""
import pytest

from tracker.games.pathfinder import GAME
from tracker.games.pathfinder.decks import DECK_RULES, DeckInputError, validate_deck

AMIRI = {"weapon": 4, "spell": 0, "armor": 2, "item": 3, "ally": 2, "blessing": 4}


def cards(counts=None, **levels):
    counts = counts or AMIRI
    return [{"name": f"{t} {i + 1}", "type": t, "level": levels.get(f"{t} {i + 1}", 0)}
            for t, n in counts.items() for i in range(n)]


def payload(**extra):
    return {"game": "pathfinder", "character": "Amiri", "cards": cards(), **extra}


def rules_of(report):
    return [v["rule"] for v in report.violations]


def reminders_of(report):
    return [r["rule"] for r in report.reminders]


def test_rule_table():
    assert [r.id for r in DECK_RULES] == ["pathfinder.D12", "pathfinder.W1"]
    assert all(r.check is None and r.kind == "card-data" for r in DECK_RULES)
    for rule_id in ("pathfinder.R70", "pathfinder.R71", "pathfinder.R80", "pathfinder.R81", "pathfinder.D12",
                    "pathfinder.W1"):
        assert rule_id in GAME.rules
    assert GAME.validate_deck is validate_deck


def test_a_level_0_starting_deck_is_valid():
    report = validate_deck(payload(new_character=True))
    assert report.valid and report.violations == [] and report.reminders == []


def test_counts_per_type_r70():
    wrong = dict(AMIRI, weapon=5, blessing=3)
    report = validate_deck(payload(cards=cards(wrong)))
    assert not report.valid and rules_of(report) == ["pathfinder.R70", "pathfinder.R70"]
    messages = [v["message"] for v in report.violations]
    assert messages == ["Amiri's deck needs 4 weapons, has 5.", "Amiri's deck needs 4 blessings, has 3."]
    assert report.violations[0]["details"] == {"type": "weapon", "required": 4, "count": 5}
    assert report.violations[0]["section"] == "[Characters]"
    only_counts = validate_deck({"character": "lini", "counts": {"weapon": 1, "spell": 5, "armor": 1, "item": 1,
                                                                "ally": 4, "blessing": 2}})
    assert [v["message"] for v in only_counts.violations] == ["Lini's deck needs 5 allies, has 4."]
    assert validate_deck({"character": "Amiri", "counts": AMIRI}).valid


def test_card_feats_and_other_sets_deck_lists():
    more = dict(AMIRI, weapon=5)
    assert validate_deck(payload(cards=cards(more), card_feats={"weapon": 1})).valid
    assert rules_of(validate_deck(payload(card_feats={"weapon": 1}))) == ["pathfinder.R70"]
    other = {"weapon": 2, "spell": 13}
    report = validate_deck({"character": "Ezren (Runelords)", "deck_list": other, "cards": cards(other)})
    assert report.valid
    counted = [{"name": "Dagger", "type": "Weapon", "count": 2}] + cards({"spell": 13})
    assert validate_deck({"character": "Ezren (Runelords)", "deck_list": other, "cards": counted}).valid


def test_new_characters_use_level_0_r71_owner_and_legacy_d12():
    report = validate_deck(payload(new_character=True, cards=cards(**{"weapon 1": 1})))
    assert rules_of(report) == ["pathfinder.R71"] and "weapon 1 is level 1" in report.violations[0]["message"]
    owned = cards(**{"weapon 1": 1})
    owned[0]["owner"] = "Amiri"
    assert validate_deck(payload(new_character=True, cards=owned)).valid
    legacy = cards()
    legacy[0]["level"] = "B"
    legacy[1]["level"] = "P2"
    report = validate_deck(payload(new_character=True, cards=legacy))
    assert report.valid and reminders_of(report) == ["pathfinder.D12"]


def test_replacement_characters_are_capped_at_an_minus_2_r81():
    report = validate_deck(payload(new_character=True, level_cap=1, cards=cards(**{"item 1": 2})))
    assert rules_of(report) == ["pathfinder.R81"] and report.violations[0]["details"]["max"] == 1
    assert validate_deck(payload(new_character=True, level_cap=1, cards=cards(**{"item 1": 1}))).valid


def test_rebuild_cap_with_loot_exemption_r80():
    high = cards(**{"weapon 2": 2})
    report = validate_deck(payload(level_cap=1, cards=high))
    assert rules_of(report) == ["pathfinder.R80"] and "above the rebuild cap of 1" in report.violations[0]["message"]
    high[1]["loot"] = True
    assert validate_deck(payload(level_cap=1, cards=high)).valid
    unchecked = validate_deck(payload())
    assert unchecked.valid and reminders_of(unchecked) == ["pathfinder.R80"]
    counts_only = validate_deck({"character": "Amiri", "counts": AMIRI, "new_character": True})
    assert reminders_of(counts_only) == ["pathfinder.R71"]


def test_favored_card_warning_w1():
    assert reminders_of(validate_deck(payload(new_character=True, favored="spell"))) == ["pathfinder.W1"]
    lem = {"weapon": 1, "spell": 4, "armor": 0, "item": 3, "ally": 4, "blessing": 3}
    assert validate_deck({"character": "Lem", "cards": cards(lem), "new_character": True}).reminders == []
    # Harsk's favored card isn't in the rulebook: only a typed one is checked
    no_weapons = {"character": "Harsk", "deck_list": {"blessing": 15}, "cards": cards({"blessing": 15}),
                  "new_character": True}
    assert validate_deck(no_weapons).reminders == []
    report = validate_deck({**no_weapons, "favored": "weapon"})
    assert report.valid and reminders_of(report) == ["pathfinder.W1"]
    # Amiri's (a weapon) is the rulebook's: checked without typing it
    amiri = validate_deck({"character": "Amiri", "deck_list": {"blessing": 15}, "cards": cards({"blessing": 15})})
    assert "pathfinder.W1" in reminders_of(amiri)


@pytest.mark.parametrize("bad,field", [
    ({"cards": []}, "character"),
    ({"character": "Nobody", "cards": []}, "character"),
    ({"character": "Amiri"}, "cards"),
    ({"character": "Amiri", "cards": [], "counts": {}}, "cards"),
    ({"character": "Amiri", "cards": [{"name": "Hat", "type": "hat"}]}, "cards.0.type"),
    ({"character": "Amiri", "cards": [{"name": "Hat", "type": "item", "level": "Z"}]}, "cards.0.level"),
    ({"character": "Amiri", "cards": [{"name": "", "type": "item"}]}, "cards.0.name"),
    ({"character": "Amiri", "counts": {"weapon": -1}}, "counts.weapon"),
    ({"character": "Amiri", "cards": [], "level_cap": "1"}, "level_cap"),
    ({"character": "Amiri", "cards": [], "deck_list": {"cohort": 1}}, "deck_list.cohort"),
    ({"game": "aventuria", "character": "Amiri", "cards": []}, "game"),
])
def test_unreadable_input(bad, field):
    with pytest.raises(DeckInputError) as exc:
        validate_deck(bad)
    assert field in exc.value.errors
    with pytest.raises(DeckInputError):
        validate_deck(["not", "an", "object"])


# ------------------------------------------------------------------ over HTTP


def test_api_valid_deck(api, db):
    response = api.post("/api/decks/validate/", payload(new_character=True), format="json")
    assert response.status_code == 200
    assert response.json() == {"valid": True, "violations": [], "reminders": []}


def test_api_reports_every_violation_with_references(api, db):
    body = api.post("/api/decks/validate/", payload(cards=cards(dict(AMIRI, weapon=5), **{"item 1": 2}),
                                                     new_character=True), format="json").json()
    assert body["valid"] is False
    assert sorted(v["rule"] for v in body["violations"]) == ["pathfinder.R70", "pathfinder.R71"]
    for v in body["violations"]:
        assert v["message"] and v["details"] and v["reference"]


def test_api_unreadable_deck_is_400(api, db):
    response = api.post("/api/decks/validate/", {"game": "pathfinder", "character": "Amiri",
                                                 "cards": [{"name": "Axe", "type": "axe"}]}, format="json")
    assert response.status_code == 400 and "cards.0.type" in response.json()["errors"]
