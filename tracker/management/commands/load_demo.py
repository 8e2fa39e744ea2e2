"""Demo data for `make run`: one Aventuria duel a few taps in, so the table page has something to show."""
from django.core.management.base import BaseCommand

from tracker import services
from tracker.models import Session

# Arbosh's Close Combat 14 is the one hero value the rulebook prints (its attack example).
DEMO_PLAYERS = [
    {"name": "Ann (demo)", "hero": "DB", "attributes": {"close_combat": 14}},
    {"name": "Ben (demo)", "hero": "TM"},
]
DEMO_TAPS = [
    ("advance_phase", {"player": 0}),
    ("draw_cards", {"player": 0, "count": 2}),
    ("advance_phase", {"player": 0}),
    ("advance_phase", {"player": 0}),
    ("play_endurance", {"player": 0, "source": "hand"}),
    ("advance_phase", {"player": 0}),
    ("declare_attack", {"player": 0, "attack_type": "close", "target": 1}),
    ("attack_roll", {"player": 0, "roll": 3}),
    ("damage_roll", {"player": 0, "amount": 9}),
]


class Command(BaseCommand):
    help = "Create a demo Aventuria duel unless one exists already."

    def handle(self, *args, **options):
        demo = Session.objects.filter(game="aventuria", players=DEMO_PLAYERS).first()
        if demo is None:
            demo = services.session_create(
                game="aventuria", mode="duel", players=DEMO_PLAYERS, options={"starting_player": 0}
            )
            for action_type, params in DEMO_TAPS:
                services.session_action_apply(token=demo.pk, type=action_type, params=params)
            demo.refresh_from_db()
        self.stdout.write(f"Demo duel: http://127.0.0.1:8000/t/{demo.pk}/ (view only: /t/{demo.view_id}/)")
