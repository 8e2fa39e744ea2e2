from django.core.management.base import BaseCommand, CommandError

from rulesref import corpus, services


class Command(BaseCommand):
    help = "Load the rules reference corpus (fixtures/rules/<game>/*.yaml) and index it."

    def handle(self, *args, **options):
        try:
            counts = services.corpus_load()
        except corpus.CorpusError as exc:
            raise CommandError("The corpus has problems:\n" + "\n".join(exc.problems)) from exc
        words = counts.pop("words")
        total = counts.pop("entries")
        per_game = ", ".join(f"{game} {n}" for game, n in counts.items())
        self.stdout.write(f"Rules reference: {total} entries ({per_game}); {words} words indexed for typo search.")
