from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from rulesref import services


class Command(BaseCommand):
    help = "Split a plain-text or Markdown rulebook by its headings into 'imported' entries for a game."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help="the game's slug (its folder under fixtures/rules/)")
        parser.add_argument("file", help="path to a .txt or .md file (at most 5 MB)")

    def handle(self, *args, game, file, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"No file at {path}.")
        if path.stat().st_size > settings.RULEBOOK_MAX_BYTES:
            raise CommandError(f"{path} is larger than {settings.RULEBOOK_MAX_BYTES / 1024 / 1024:g} MB.")
        try:
            count = services.rulebook_import(game=game, data=path.read_bytes()).count
        except services.ImportFailed as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Imported {count} sections of {path.name} for {game} (earlier import replaced).")
