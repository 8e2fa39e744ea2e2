"""Server-rendered pages. The phone table pages proper come later; these are the entry points."""
from django.http import Http404
from django.shortcuts import render

from tracker.engine import all_games, get_game

from . import selectors


def home(request):
    return render(request, "home.html", {"games": all_games()})


def table(request, token):
    access = selectors.session_get(token)
    if access is None:
        raise Http404("No such session")
    session = access.session
    game = get_game(session.game)
    events = list(selectors.session_events(session).order_by("-seq")[:50])
    return render(
        request,
        "table.html",
        {"session": session, "game": game, "can_write": access.can_write, "events": events, "state": session.state},
    )
