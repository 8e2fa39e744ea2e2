"""`manage.py rules_eval [--game G] [--misses]`: the player-question scores on the loaded corpus."""
from django.core.management.base import BaseCommand

from rulesref import evaluate


class Command(BaseCommand):
    help = "Score the rules search on the players' questions (tests/rulesref/players/)."

    def add_arguments(self, parser):
        parser.add_argument("--game")
        parser.add_argument("--misses", action="store_true")

    def handle(self, *args, **options):
        questions = [q for q in evaluate.players_questions() if not options["game"] or q["game"] == options["game"]]
        for prefer in (True, False):
            figures = evaluate.score(questions, prefer)
            self.stdout.write("from the game's page" if prefer else "from anywhere")
            for name, f in sorted(figures.items()):
                self.stdout.write(f"  {name:22} n={f['n']:3}  r@1 {f['recall@1']:.2f}  r@3 {f['recall@3']:.2f}  "
                                  f"r@10 {f['recall@10']:.2f}  mrr {f['mrr']:.2f}")
            if options["misses"]:
                for line in figures.get("all", {}).get("misses", []):
                    self.stdout.write(f"    miss {line}")
