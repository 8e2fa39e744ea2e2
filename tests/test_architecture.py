"""The shape of the code: no import cycle among the project's modules (function-level imports included),
and no core module that names a game (a game's code lives in its package)."""
import ast
import re
from pathlib import Path

from rulesref import corpus
from tracker.games import all_games

ROOT = Path(__file__).resolve().parents[1]
TOPS = ("tracker", "api", "rulesref", "tablekeeper", "bench")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {_module_name(p): p for top in TOPS for p in (ROOT / top).rglob("*.py")}


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules `name` imports anywhere in it: `from pkg import mod` counts as importing
    pkg.mod when that is a module, else as importing pkg."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module for a in node.names]
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]] and cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_the_projects_modules():
    modules = project_modules()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert "tracker.services.sessions" in graph["tracker.services.records"]  # the graph sees real imports
    assert cycles(graph) == []


def game_names() -> set[str]:
    """Every way a game is named: the catalog's slugs and titles, and the games that have a corpus."""
    names = set()
    for slug in [*(g.slug for g in all_games()), *corpus.games()]:
        names |= {slug, slug.replace("-", "_"), slug.replace("-", " ")}
    for game in all_games():
        names.add(game.title.split(":")[0].split(" Adventure Card Game")[0])
    return {n.lower() for n in names if len(n) > 3}


def core_files():
    """Every code and template file but a game package's own (the catalog, tracker/games/__init__.py, is core)."""
    for top in (*TOPS, "templates", "static"):
        for path in (ROOT / top).rglob("*"):
            parts = path.relative_to(ROOT).parts
            in_a_game = parts[:2] == ("tracker", "games") and len(parts) > 3
            if path.suffix in (".py", ".html", ".js", ".css") and not in_a_game and not {"migrations", "vendor"} & set(parts):
                yield path


def test_no_core_file_names_a_game():
    names = game_names()
    assert {"aventuria", "dark-force", "dark_force", "pathfinder", "adventure-of-d"} <= names
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)), re.I)
    named = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in core_files()
             for m in [pattern.search(p.read_text(encoding="utf-8", errors="replace"))] if m]
    assert named == []


def test_the_engine_imports_nothing_of_the_project_outside_itself_and_errors_is_a_leaf():
    modules = project_modules()
    outside = {name: sorted(t for t in imports_of(name, path, modules) if not t.startswith("tracker.engine"))
               for name, path in modules.items() if name.startswith("tracker.engine")}
    assert {k: v for k, v in outside.items() if v} == {}
    assert imports_of("tracker.errors", modules["tracker.errors"], modules) == set()
