"""Demo data for `make run`: every game's `DEMO` sessions (its demo.py), each created once."""
from django.core.management.base import BaseCommand

from tracker.games import plugins
from tracker.models import Session
from tracker.services import demos


class Command(BaseCommand):
    help = "Create every game's demo sessions unless they exist already."

    def add_arguments(self, parser):
        parser.add_argument("--base", default="http://127.0.0.1:8000", help="where the site is served (make run passes it)")

    def handle(self, *args, **options):
        base = options["base"].rstrip("/")
        for plugin in plugins():
            for demo in plugin.demo:
                session = Session.objects.filter(game=plugin.game.slug, mode=demo.mode, players=demo.players).first()
                if session is None:
                    session = demos.start(plugin.game.slug, demo)
                self.stdout.write(f"{demo.title}: {base}/t/{session.pk}/ (view only: {base}/t/{session.view_id}/)")
        self.stdout.write(f"Tablekeeper: {base}/ (rules: {base}/rules/)")
