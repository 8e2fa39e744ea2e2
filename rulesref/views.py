"""Rules reference pages: search as you type (htmx), entries with their links."""
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse

from tracker.games import all_games, get_game

from . import search, selectors


def _search_context(request):
    text = request.GET.get("q", "")[:300]
    game = request.GET.get("game") or None
    prefer = request.GET.get("prefer") or None
    answer = search.search(text, game=game, prefer=prefer, limit=20) if text.strip() else None
    return {"q": text, "game": game or "", "prefer": prefer or "", "answer": answer}


def search_page(request):
    context = _search_context(request)
    context["games"] = selectors.games_with_entries()
    return render(request, "rulesref/search.html", context)


def search_results(request):
    return render(request, "rulesref/_results.html", _search_context(request))


def entry_page(request, key):
    if selectors.is_engine_rule(key):
        entry = selectors.entry_for_rule(key)
        if entry is not None:
            sheet = "?sheet=1" if request.GET.get("sheet") else ""
            return redirect(reverse("rules-entry", args=[entry.key]) + f"{sheet}#{key}")
        game = get_game(key.split(".", 1)[0])
        if game is None or key not in game.rules:
            raise Http404("No such rule")
        template = "rulesref/_rule_body.html" if request.GET.get("sheet") else "rule_detail.html"
        return render(request, template, {"game": game, "rule": game.rules[key]})
    entry = selectors.entry_get(key)
    if entry is None:
        raise Http404("No such entry")
    game = get_game(entry.game)
    rules = [game.rules[r] for r in selectors.citing_rules(entry) if game and r in game.rules]
    # ?sheet=1: the entry alone, for the "Why?" sheet over the table
    template = "rulesref/_entry_body.html" if request.GET.get("sheet") else "rulesref/entry.html"
    return render(request, template, {
        "entry": entry, "see_also": selectors.see_also(entry), "rules": rules,
        "unregistered": [r for r in selectors.citing_rules(entry) if not game or r not in game.rules],
    })


def engine_rules(request):
    games = all_games()
    wanted = request.GET.get("game")
    if wanted:
        games = [g for g in games if g.slug == wanted]
    return render(request, "rule_list.html", {"games": games})
