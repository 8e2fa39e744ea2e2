"""Writes to the rules reference."""
from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import transaction

from tracker.games import get_game

from . import corpus, importer
from .models import Entry


class ImportFailed(ValueError):
    pass


def corpus_load() -> dict[str, int]:
    """Load fixtures/rules and index it before returning: `make run` serves search right after."""
    counts = corpus.load()
    from .tasks import rebuild_search_index

    counts["words"] = rebuild_search_index()  # run here, not queued: the caller waits for a ready index
    return counts


@dataclass
class Imported:
    count: int
    indexing: object  # the Celery result of the index rebuild, for callers that want to wait


def rulebook_import(*, game: str, data: bytes) -> Imported:
    """Replace `game`'s earlier import with this file's sections; index them in the background."""
    if get_game(game) is None and not (corpus.ROOT / game).is_dir():
        raise ImportFailed(f"Unknown game {game!r}.")
    try:
        parts = importer.split(importer.decode(data))
    except importer.ImportError_ as exc:
        raise ImportFailed(str(exc)) from exc
    if len(parts) > settings.RULEBOOK_MAX_SECTIONS:
        raise ImportFailed(f"The file has {len(parts):,} sections; a rulebook may have at most "
                           f"{settings.RULEBOOK_MAX_SECTIONS:,}.")
    rows = importer.entries(game, parts)
    with transaction.atomic():
        Entry.objects.filter(game=game, kind=Entry.Kind.IMPORTED).delete()
        Entry.objects.bulk_create(
            [Entry(key=r["key"], game=game, kind=Entry.Kind.IMPORTED, title=r["title"], section=r["section"],
                   body=r["body"], position=1_000_000 + r["position"]) for r in rows],
            batch_size=500,
        )
    from .tasks import rebuild_search_index

    indexing = rebuild_search_index.delay()  # committed above, so a worker process sees the new entries
    return Imported(len(rows), indexing)
