"""Server-rendered pages. The phone table pages proper come later; these are the entry points."""
from django.http import Http404
from django.shortcuts import render

from tracker.engine import all_games, get_game

from . import selectors


def home(request):
    return render(request, "home.html", {"games": all_games()})


def _find_rule(rule_id: str):
    slug = rule_id.split(".", 1)[0]
    game = get_game(slug)
    if game is None or rule_id not in game.rules:
        return None, None
    return game, game.rules[rule_id]


def rule_detail(request, rule_id):
    game, rule = _find_rule(rule_id)
    if rule is None:
        raise Http404("No such rule")
    return render(request, "rule_detail.html", {"game": game, "rule": rule})


def rule_list(request):
    games = all_games()
    wanted = request.GET.get("game")
    if wanted:
        games = [g for g in games if g.slug == wanted]
    return render(request, "rule_list.html", {"games": games})


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
