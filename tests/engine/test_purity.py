"""The engine and the game modules are plain Python: no Django import may creep in."""
import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_no_django_import_in_engine_or_games():
    offenders = []
    for folder in ("tracker/engine", "tracker/games"):
        for path in (ROOT / folder).rglob("*.py"):
            if "tests" in path.relative_to(ROOT / folder).parts:
                continue  # a game's tests may drive it through the API and its pages
            for node in ast.walk(ast.parse(path.read_text())):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in {"django", "rest_framework", "celery"}]
    assert offenders == []


def test_engine_loads_without_django():
    code = "import sys, tracker.games as g; g.all_games(); print('django' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env={"PATH": ""})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
