"""`manage.py new_game <package> --title "..."`: a new game package, copied from tracker/games/_template/
with its reference corpus (fixtures/rules/_template/) and renamed. Touches no other file: the catalog
finds the new package by its name (docs/ADDING_A_GAME.md)."""
import re
import shutil
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

PACKAGE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
TEXT = {".py", ".html", ".css", ".js", ".md", ".yaml"}


def renames(slug: str, title: str) -> list[tuple[str, str]]:
    """What names the template's game in its files, and what names the new one."""
    return [
        ('slug="template"', f'slug="{slug}"'),
        ('"game": "template"', f'"game": "{slug}"'),
        ('title="Template game"', f'title="{title}"'),
        ("# Template game", f"# {title}"),
        ("games/template/", f"games/{slug}/"),
        ("template.", f"{slug}."),  # rule and entry ids, the stylesheet's name
        ("template-", f"{slug}-"),  # test ids on the page
    ]


def copy_game(root: Path, package: str, title: str) -> list[Path]:
    """Copy and rename the template under `root` (the project); the paths written."""
    if not PACKAGE.match(package):
        raise CommandError("the package name is a Python name in lowercase, e.g. my_game")
    slug = package.replace("_", "-")
    games, rules = root / "tracker" / "games", root / "fixtures" / "rules"
    targets = [(games / "_template", games / package), (rules / "_template", rules / slug)]
    for _, target in targets:
        if target.exists():
            raise CommandError(f"{target} exists already")
    written = []
    for source, target in targets:
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        for folder in ("templates", "static"):
            old = target / folder / "games" / "template"
            if old.is_dir():
                old.rename(old.with_name(slug))
        for path in sorted(p for p in target.rglob("*") if p.is_file()):
            if path.name == "template.css":
                path = path.rename(path.with_name(f"{slug}.css"))
            if path.suffix in TEXT:
                text = path.read_text(encoding="utf-8")
                for before, after in renames(slug, title):
                    text = text.replace(before, after)
                path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


class Command(BaseCommand):
    help = "Start a new game package from tracker/games/_template/ (and its reference corpus)."

    def add_arguments(self, parser):
        parser.add_argument("package", help="the package name, e.g. my_game (its slug becomes my-game)")
        parser.add_argument("--title", required=True, help="the game's title as players know it")

    def handle(self, *args, **options):
        written = copy_game(Path(settings.BASE_DIR), options["package"], options["title"])
        self.stdout.write(f"{len(written)} files written. Next: fill in the rules and the corpus in your own "
                          "words, then `make test` (docs/ADDING_A_GAME.md).")
