"""Every Pathfinder action param and setup option carries a form label in the game's words."""
from __future__ import annotations

from tracker.games.pathfinder import GAME
from tracker.games.pathfinder.titles import PER_ACTION, TITLES, titled


def _props(schema):
    for name, prop in schema.get("properties", {}).items():
        yield name, prop
        items = prop.get("items")
        if isinstance(items, dict):
            yield from _props(items)


def test_every_action_param_has_a_label_from_the_table():
    missing = []
    for spec in GAME.action_specs():
        for name, prop in _props(spec.params):
            if not prop.get("title") or (name not in TITLES and (spec.type, name) not in PER_ACTION):
                missing.append(f"{spec.type}.{name}")
    assert missing == []


def test_every_setup_option_has_a_label():
    assert [n for n, p in _props(GAME.options_schema) if n not in TITLES or not p.get("title")] == []


def test_a_label_follows_its_action_and_a_title_already_given_stays():
    assert GAME.action("reroll", "scenario").params["properties"]["roll"]["title"] == "New roll"
    assert GAME.action("roll_check", "scenario").params["properties"]["roll"]["title"] == "Roll"
    assert GAME.action("give_card", "scenario").params["properties"]["target"]["title"] == "Given to"
    schema = {"properties": {"roll": {"type": "integer", "title": "Pad"}, "odd_name": {"type": "integer"}}}
    assert titled(schema)["properties"]["roll"]["title"] == "Pad"
    assert titled(schema)["properties"]["odd_name"]["title"] == "Odd name"
