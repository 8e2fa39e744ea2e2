from celery import shared_task

from . import corpus
from .backends import backend
from .search import index_changed


@shared_task
def rebuild_search_index() -> int:
    """Recount the vocabulary typo correction uses and tell every process to reload it.

    The full-text indexes themselves follow the entries table by themselves (SQLite triggers, a
    PostgreSQL generated column)."""
    words = corpus.rebuild_terms()
    backend().tidy()
    index_changed()
    return words
