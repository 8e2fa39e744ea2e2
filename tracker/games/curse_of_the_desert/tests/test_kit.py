"""The plug-in contract: Curse of the Desert is built on Aventuria's public kit alone, with its own
rule ids, and its flavour leaves Aventuria's own rules as they were."""
import ast
from pathlib import Path

from tracker.games.aventuria import kit

from .helpers import GAME, night, play, to_hero_turn

PACKAGE = Path(__file__).resolve().parents[1]


def test_the_package_imports_the_engine_and_aventurias_kit_only():
    found = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module.startswith("tracker"):
                found.add(node.module)
    assert GAME.extends == "aventuria"
    assert {m for m in found if m.startswith("tracker.games")} == {"tracker.games.aventuria.kit"}
    assert all(m.startswith(("tracker.engine", "tracker.games.aventuria.kit")) for m in found)


def test_every_rule_is_the_curses_own():
    assert all(rule.startswith("curse-of-the-desert.") for rule in GAME.rules)
    assert {f"curse-of-the-desert.R{n}" for n in range(1, 115)} <= set(GAME.rules)


def test_criticals_stay_aventurias_in_a_duel_and_are_plain_in_the_curse():
    attack = {"attacker": 0, "attack_type": "close", "roll": None, "modifier": 0, "value": None, "result": None,
              "rolls": [], "damage": None, "dodged": None, "armor_used": False}
    duel = {"players": [kit.new_player(0, {"name": "Ann", "attributes": {"close_combat": 12}}, "duel")],
            "pending_attack": dict(attack)}
    curse = {**duel, "pending_attack": dict(attack), "flavour": {"attribute_criticals": False}}
    curse["players"] = [dict(duel["players"][0])]
    kit.apply_attack_roll(duel, {"player": 0, "roll": 1}, None)
    kit.apply_attack_roll(curse, {"player": 0, "roll": 1}, None)
    assert duel["players"][0]["critical_draws"] == 1 and curse["players"][0]["critical_draws"] == 0
    hit = play(play(to_hero_turn(night()), "declare_attack", player=0, attack_type="close", villain="v1"),
               "attack_roll", player=0, roll=1)
    assert hit["players"][0]["critical_draws"] == 0 and hit["pending_attack"]["result"] == "hit"
    miss = play(play(to_hero_turn(night()), "declare_attack", player=0, attack_type="close", villain="v1"),
                "attack_roll", player=0, roll=20)
    assert play(miss, "attack_failed_final", player=0)["players"][0]["hand_count"] == 7  # no card discarded


def test_the_readme_rule_table_says_which_rules_are_checked():
    rows = {}
    for line in (PACKAGE / "README.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| curse-of-the-desert."):
            rows[cells[0]] = cells[-1]
    assert set(rows) == set(GAME.rules)
    for rule_id, rule in GAME.rules.items():
        assert rows[rule_id].startswith("yes") == (rule.check is not None), rule_id
