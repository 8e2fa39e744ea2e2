"""Demo data for `make run`: an Aventuria duel a few taps in, and a Pathfinder campaign with the
rulebook's Example of Play party at the start of its first turn, so the pages have something to show."""
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


# The rulebook's Example of Play party (1A: Plans Gone Wrong with small locations).
PATHFINDER_PARTY = [
    {"name": "Alice (demo)", "character": "Amiri", "location": "Oubliette"},
    {"name": "Lee (demo)", "character": "Lem", "location": "Oubliette"},
    {"name": "Sam (demo)", "character": "Sajan", "location": "Tower"},
]
PATHFINDER_TAPS = [
    ("choose_favored", {"player": 1, "card_type": "spell"}),
    ("draw_starting_hand", {"player": 1, "redraws": 1}),
    ("choose_first_player", {"player": 2}),
    ("advance_hour", {"player": 2, "card": "Cayden Cailean's Revelry"}),
]


class Command(BaseCommand):
    help = "Create the demo sessions unless they exist already."

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
        self._pathfinder()

    def _pathfinder(self):
        party = [{"name": p["name"], "character": p["character"]} for p in PATHFINDER_PARTY]
        campaign = Session.objects.filter(game="pathfinder", mode="campaign", players=party).first()
        if campaign is None:
            campaign = services.session_create(game="pathfinder", mode="campaign", players=party, options={})
        scenario = Session.objects.filter(game="pathfinder", mode="scenario", players__0__name="Alice (demo)").first()
        if scenario is None:
            scenario = services.session_create(
                game="pathfinder", mode="scenario", players=PATHFINDER_PARTY,
                options={"scenario": "1A", "location_size": "S", "hourglass": 30},
            )
            for action_type, params in PATHFINDER_TAPS:
                services.session_action_apply(token=scenario.pk, type=action_type, params=params)
        self.stdout.write(f"Demo Pathfinder scenario: http://127.0.0.1:8000/t/{scenario.pk}/; "
                          f"campaign: http://127.0.0.1:8000/t/{campaign.pk}/")
