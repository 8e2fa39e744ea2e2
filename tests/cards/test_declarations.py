"""Each game's CARD_FACTS (its page.py) names params its actions really have; the kit reads a card's
facts out of an action's params the way the declaration says."""
import pytest

from tracker import games as catalog
from tracker.engine.kit import cards
from tracker.engine.kit.cards import CardFacts

from .conftest import CARD_FACTS, TALLY

PACKAGES = [*catalog.packages(), "_template"]


@pytest.mark.parametrize("package", PACKAGES)
def test_every_games_declaration_names_real_params(package):
    plugin = catalog.load(package)
    assert cards.problems(plugin.game.action_specs(), plugin.cards) == []
    assert all(isinstance(d, CardFacts) for decls in plugin.cards.values() for d in decls)


def test_a_declaration_that_names_what_is_not_there_is_reported():
    wrong = cards.declared({
        "play": CardFacts("card", ("cost", "colour")),  # a fact no variant of "play" has
        "fly": CardFacts("card"),  # no such action
        "check": (CardFacts("difficulty"), CardFacts(None, ("difficulty",))),  # a number; nothing names the card
        "hide": CardFacts("card", kind="face down"),
    })
    assert cards.problems(TALLY.action_specs(), wrong) == [
        "play: no param colour",
        "fly: no such action",
        "check: difficulty is not a string param of at most 100 characters",
        "check: neither a name param nor in_play names the card",
        "hide: kind 'face down' must be a word",
    ]
    assert cards.problems(TALLY.action_specs(), cards.declared(CARD_FACTS)) == []


def test_facts_are_read_beside_the_name_and_an_unticked_box_is_a_no():
    schema = TALLY.action("play", "round").params
    card, pile = cards.declared(CARD_FACTS)["play"]
    params = {"player": 0, "card": " Goblin Raider ", "cost": 3, "pile": {"name": "Swamp", "size": 4}}
    assert cards.read(card, params, schema) == ("Goblin Raider", {"cost": 3, "fast": False})
    assert cards.read(pile, params, schema) == ("Swamp", {"size": 4})
    assert cards.read(card, {"player": 0, "card": "  "}, schema) is None
    assert cards.read(card, {"player": 0, "card": "x" * 101}, schema) is None


def test_the_card_in_play_names_a_check_and_names_are_folded_for_matching():
    check = cards.declared(CARD_FACTS)["check"][0]
    schema = TALLY.action("check", "round").params
    assert cards.read(check, {"difficulty": 9}, schema, {"last": "Ghoul"}) == ("Ghoul", {"difficulty": 9})
    assert cards.read(check, {"difficulty": 9}, schema, {"last": None}) is None
    assert cards.fold("  Goblin\tRAIDER ") == "goblin raider" == cards.fold("goblin raider")
    assert cards.merge({"cost": 3, "fast": True}, {"cost": 2}) == {"cost": 2, "fast": True}
