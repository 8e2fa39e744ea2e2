"""The plug-in contract, checked for every discovered game package and for `_template`, the one a new
game is copied from: a game's package holds all of it, imports only what it may, and plays soundly."""
import ast
from pathlib import Path

import pytest

from rulesref import corpus
from tests.engine.test_conformance import run_machine
from tracker import games as catalog

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = [*catalog.packages(), "_template"]
PROJECT = {"tracker", "api", "rulesref", "tablekeeper", "bench", "tests", "manage"}


def plugin_of(package):
    return catalog.load(package)


def fixtures_of(package: str, slug: str) -> Path:
    # a game's corpus folder is named by its slug; the template's keeps the package's "_" name
    return ROOT / "fixtures" / "rules" / (package if package.startswith("_") else slug)


def code_files(package: str) -> list[Path]:
    """The package's own modules: everything but its tests."""
    folder = catalog.ROOT / package
    return [p for p in folder.rglob("*.py") if "tests" not in p.relative_to(folder).parts]


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_is_named_by_its_slug(package):
    assert catalog.slug_of(package) == plugin_of(package).game.slug


@pytest.mark.parametrize("package", PACKAGES)
def test_the_reference_corpus_is_there_and_explains_every_rule(package):
    game = plugin_of(package).game
    folder = fixtures_of(package, game.slug)
    assert folder.is_dir(), f"no reference corpus at {folder.relative_to(ROOT)}"
    entries, _ = corpus.read(folder.parent, {folder.name: game.slug})
    cited = {rule for e in entries for rule in e.get("rules") or []}
    assert {"rule", "faq", "glossary"} <= {e["kind"] for e in entries}
    assert sorted(set(game.rules) - cited) == [], "rules without a reference entry"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_declared_page_has_its_template_and_assets(package):
    plugin = plugin_of(package)
    folder = catalog.ROOT / package
    if (folder / "page.py").exists():
        assert plugin.page is not None, "page.py must define PAGE"
    if plugin.page is None:
        return
    assert (folder / "templates" / plugin.page.template).is_file(), plugin.page.template
    assert plugin.page.template.startswith(f"games/{plugin.game.slug}/")
    for asset in (*plugin.page.scripts, *plugin.page.styles):
        assert asset.startswith(f"games/{plugin.game.slug}/") and (folder / "static" / asset).is_file(), asset


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_has_a_readme_and_tests(package):
    folder = catalog.ROOT / package
    assert (folder / "README.md").is_file()
    assert (folder / "tests" / "__init__.py").is_file() and list((folder / "tests").glob("test_*.py"))


def _imports(path: Path):
    """(line, absolute module name) of every import in a module, function-level ones included."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    here = list(parts if path.name == "__init__.py" else parts[:-1])
    if path.name == "__init__.py":
        here = here[:-1] if here[-1] == "__init__" else here
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - node.level + 1]
                yield node.lineno, ".".join([*base, *([node.module] if node.module else [])])
            else:
                yield node.lineno, node.module


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_imports_only_the_engine_itself_and_the_kit_it_extends(package):
    game = plugin_of(package).game
    own = f"tracker.games.{package}"
    allowed = ["tracker.engine", own]
    if game.extends:
        base = next(p for p in catalog.packages() if catalog.slug_of(p) == game.extends)
        allowed.append(f"tracker.games.{base}.kit")
    wrong = []
    for path in code_files(package):
        for line, name in _imports(path):
            top = name.split(".")[0]
            inside = any(name == a or name.startswith(a + ".") for a in allowed)
            if (top in PROJECT and not inside) or top in {"django", "rest_framework", "celery"}:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert wrong == []


@pytest.mark.parametrize("package", PACKAGES)
def test_the_game_passes_the_conformance_harness(package):
    game = plugin_of(package).game
    assert game.enumerate_actions is not None
    for mode in game.modes:
        run_machine(game, mode, examples=10)


def test_the_template_is_tested_in_place_and_not_discovered():
    assert "_template" not in catalog.packages()
    assert "template" not in {g.slug for g in catalog.all_games()}
    assert (catalog.ROOT / "_template" / "tests" / "test_rules.py").is_file()


@pytest.mark.django_db
@pytest.mark.parametrize("package", catalog.packages())
def test_every_discovered_games_table_page_opens_with_its_assets(client, package):
    from tracker.services import sessions

    plugin = plugin_of(package)
    for mode in plugin.game.modes:
        players, options = plugin.game.setup_examples(mode.slug)[0]
        session = sessions.session_create(game=plugin.game.slug, mode=mode.slug, players=players, options=options)
        response = client.get(f"/t/{session.pk}/")
        assert response.status_code == 200, (package, mode.slug)
        html = response.content.decode()
        for asset in (*plugin.page.scripts, *plugin.page.styles) if plugin.page else ():
            assert f"/static/{asset}" in html, asset


def test_modules_outside_tests_never_switch_a_feature_off_on_an_import_error():
    found = []
    for top in ("tracker", "api", "rulesref", "tablekeeper", "bench"):
        for path in (ROOT / top).rglob("*.py"):
            if "tests" in path.relative_to(ROOT).parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ExceptHandler) and node.type is not None:
                    names = [n.id for n in ast.walk(node.type) if isinstance(n, ast.Name)]
                    if {"ImportError", "ModuleNotFoundError"} & set(names):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_no_module_outside_tests_is_much_over_500_lines():
    long = []
    for top in ("tracker", "api", "rulesref", "tablekeeper", "bench"):
        for path in (ROOT / top).rglob("*.py"):
            parts = path.relative_to(ROOT).parts
            if "tests" in parts or "migrations" in parts:
                continue
            n = len(path.read_text().splitlines())
            if n > 500:
                long.append(f"{path.relative_to(ROOT)}: {n}")
    assert long == []

