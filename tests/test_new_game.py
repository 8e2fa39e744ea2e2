"""A new game is a copy of the template, renamed, and nothing else: `manage.py new_game` makes one that
passes the plug-in contract without a single core file touched."""
import importlib
import shutil
import sys
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from rulesref import corpus
from tests.engine.test_conformance import run_machine
from tracker.management.commands.new_game import copy_game

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def project(tmp_path):
    """A project tree holding only what the command reads: the template and its corpus."""
    shutil.copytree(ROOT / "tracker" / "games" / "_template", tmp_path / "tracker" / "games" / "_template",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "fixtures" / "rules" / "_template", tmp_path / "fixtures" / "rules" / "_template")
    return tmp_path


def test_the_copy_is_a_game_of_its_own(project, monkeypatch):
    written = copy_game(project, "knights_race", "Knights' Race")
    package = project / "tracker" / "games" / "knights_race"
    assert all(p.is_relative_to(project / "tracker" / "games" / "knights_race")
               or p.is_relative_to(project / "fixtures" / "rules" / "knights-race") for p in written)
    assert (package / "templates" / "games" / "knights-race" / "state.html").is_file()
    assert (package / "static" / "games" / "knights-race" / "knights-race.css").is_file()
    leftovers = [f"{p.relative_to(project)}" for p in written if p.suffix in (".py", ".html", ".yaml")
                 and ("template." in p.read_text() or "games/template/" in p.read_text())]
    assert leftovers == []

    monkeypatch.syspath_prepend(str(project / "tracker" / "games"))
    game = importlib.import_module("knights_race").GAME
    page = importlib.import_module("knights_race.page").PAGE
    try:
        assert game.slug == "knights-race" and game.title == "Knights' Race"
        assert all(rule_id.startswith("knights-race.") for rule_id in game.rules)
        assert page.template == "games/knights-race/state.html"
        assert page.styles == ("games/knights-race/knights-race.css",)
        entries, _ = corpus.read(project / "fixtures" / "rules", {"knights-race": "knights-race"})
        assert set(game.rules) <= {r for e in entries for r in e.get("rules") or []}
        run_machine(game, game.modes[0], examples=5)
    finally:
        for name in [m for m in sys.modules if m == "knights_race" or m.startswith("knights_race.")]:
            del sys.modules[name]


def test_a_bad_or_taken_name_is_refused(project):
    with pytest.raises(CommandError):
        copy_game(project, "Knights-Race", "Knights")
    copy_game(project, "knights", "Knights")
    with pytest.raises(CommandError):
        copy_game(project, "knights", "Knights again")
