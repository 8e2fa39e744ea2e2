"""Demo sessions: a game's `DEMO` (its demo.py) set up and played to where it shows the game best."""
from __future__ import annotations

from tracker.engine.kit.demo import Demo
from tracker.models import Session

from . import sessions


def start(game: str, demo: Demo) -> Session:
    """A new session of `demo`, its taps already recorded."""
    session = sessions.session_create(game=game, mode=demo.mode, players=demo.players, options=dict(demo.options))
    for action_type, params in demo.taps:
        sessions.session_action_apply(token=session.pk, type=action_type, params=params)
    return Session.objects.get(pk=session.pk)
