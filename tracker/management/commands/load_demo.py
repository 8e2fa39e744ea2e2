"""Demo data for `make run`: every game's `DEMO` sessions (its demo.py), each created once."""
from django.core.management.base import BaseCommand

from tracker.games import plugins
from tracker.models import Session
from tracker.services import sessions


class Command(BaseCommand):
    help = "Create every game's demo sessions unless they exist already."

    def handle(self, *args, **options):
        for plugin in plugins():
            for demo in plugin.demo:
                session = Session.objects.filter(game=plugin.game.slug, mode=demo.mode, players=demo.players).first()
                if session is None:
                    session = sessions.session_create(game=plugin.game.slug, mode=demo.mode, players=demo.players,
                                                      options=dict(demo.options))
                    for action_type, params in demo.taps:
                        sessions.session_action_apply(token=session.pk, type=action_type, params=params)
                self.stdout.write(f"{demo.title}: http://127.0.0.1:8000/t/{session.pk}/ "
                                  f"(view only: /t/{session.view_id}/)")
