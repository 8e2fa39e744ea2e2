"""Every Dark Force action param has a label in the game's words (its schema `title`), and every d6 is entered
by its face (`"x-die": 6`)."""
from tracker.games.dark_force import GAME
from tracker.games.dark_force.param_titles import DICE


def params_of(schema, prefix=""):
    for name, prop in (schema.get("properties") or {}).items():
        yield f"{prefix}{name}", prop
        if prop.get("type") == "object":
            yield from params_of(prop, f"{prefix}{name}.")


def test_every_param_and_option_has_a_human_title():
    untitled, lowercase = [], []
    for spec in GAME.action_specs():
        for path, prop in params_of(spec.params):
            title = prop.get("title")
            if not title:
                untitled.append(f"{spec.type}.{path}")
            elif not title[0].isupper():
                lowercase.append(f"{spec.type}.{path}: {title}")
    assert untitled == [] and lowercase == []
    assert all(p.get("title") for p in GAME.options_schema["properties"].values())
    titles = {s.type: s.params["properties"] for s in GAME.action_specs()}
    assert titles["destroy"]["player"]["title"] == "Owner"  # an action's own meaning beats the default
    assert titles["recruit"]["unit"]["properties"]["values"]["properties"]["cs"]["title"] == "Combat Strength (CS)"


def test_die_rolls_are_entered_on_a_d6():
    dice = {(s.type, name) for s in GAME.action_specs() for name, p in s.params["properties"].items() if "x-die" in p}
    assert dice == {(t, n) for t, names in DICE.items() for n in names}
    assert {("roll_unit", "roll"), ("roll_for_first", "roll"), ("djinn_roll", "roll"),
            ("resolve_spell", "attack_roll"), ("work_miracle", "opponent_roll"), ("cannonfire", "roll")} <= dice
    for type_, name in dice:
        prop = GAME.action(type_, "duel").params["properties"][name]
        assert (prop["x-die"], prop["type"], prop["minimum"], prop["maximum"]) == (6, "integer", 1, 6)
    # an integer that is no roll gets no pad
    assert "x-die" not in GAME.action("choose_draws", "duel").params["properties"]["count"]
