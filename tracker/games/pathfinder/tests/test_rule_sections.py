"""Every Pathfinder rule cites headings that are printed in the rulebook."""
import re
from pathlib import Path

import pytest

from tracker.games.pathfinder import GAME

BOOK = Path(__file__).resolve().parents[5] / "shared" / "rulebooks" / "pathfinder-acg-core-set.txt"


@pytest.mark.skipif(not BOOK.is_file(), reason="the rulebook is not beside this checkout")
def test_rule_sections_are_rulebook_headings():
    text = BOOK.read_text(encoding="utf8")
    wrong = [(rule.id, part) for rule in GAME.rules.values() for part in re.findall(r"\[([^\]]+)\]", rule.section)
             if part not in text]
    assert wrong == []


def test_every_spec_rule_and_golden_rule_is_in_the_table():
    ids = set(GAME.rules)
    assert {f"pathfinder.R{n}" for n in range(1, 123)} <= ids
    assert {f"pathfinder.G{n}" for n in range(1, 8)} <= ids
