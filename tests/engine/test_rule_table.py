"""Every rule is complete data, and every rule the engine enforces is exercised by a test."""
import pathlib
import re

from tracker.games import all_games

ROOT = pathlib.Path(__file__).resolve().parents[2]
# the core's tests and every game package's own
TESTS = "\n".join(p.read_text() for folder in (ROOT / "tests", ROOT / "tracker" / "games") for p in folder.rglob("test_*.py"))


def test_every_rule_has_id_title_message_and_rulebook_section():
    for game in all_games():
        for rule_id, rule in game.rules.items():
            assert rule.id == rule_id and re.fullmatch(rf"{re.escape(game.slug)}\.[A-Z]+\d+", rule_id), rule_id
            assert rule.title and rule.message and rule.section.startswith("["), rule_id
            assert rule.kind in ("state", "card-data"), rule_id


def test_every_enforced_rule_is_named_in_a_test():
    missing = []
    for game in all_games():
        for rule in game.rules.values():
            short = rule.id.split(".", 1)[1]
            if rule.check is not None and not any(t in TESTS for t in (rule.id, f'"{short}"', f"'{short}'")):
                missing.append(rule.id)
    assert missing == []


def test_rules_an_action_cites_exist():
    for game in all_games():
        for spec in game.actions.values():
            for rule_id in spec.rules + tuple(r for r in (spec.phase_rule,) if r):
                assert rule_id in game.rules, (spec.type, rule_id)
        for rule_id in (game.phase_rule, game.game_over_rule, *game.invariants):
            assert rule_id in game.rules
