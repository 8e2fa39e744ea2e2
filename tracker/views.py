"""Server-rendered pages: start a game, the table of a session, its live fragment. Generic: what a game
shows beyond counters and forms comes from its presenter (`PAGE` in the game's page.py)."""
import segno
from django.conf import settings
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse

from tracker.engine.kit.presenter import mode_option_fields, player_fields
from tracker.errors import BadRequest, ServiceError
from tracker.games import all_games, get_game, plugin, plugins

from . import selectors
from .live.fragments import state_fragment, with_csrf
from .table_context import table_context
from .forms import MAX_PLAYERS, NewGameForm
from .services import records, sessions
from .services import demos as demos_service



def home(request):
    form = NewGameForm(request.POST or None)
    errors = {}
    if request.method == "POST" and form.is_valid():
        game = get_game(form.cleaned_data["game"])
        try:
            session = sessions.session_create(
                game=game.slug, mode=form.cleaned_data["mode"], players=form.players(game), options=form.options(game, form.cleaned_data["mode"])
            )
        except BadRequest as exc:
            errors = exc.errors
        else:
            return redirect("table", session.id)
    elif request.method == "POST":
        errors = {name: [str(e) for e in errs] for name, errs in form.errors.items()}
    games = []
    for g in all_games():
        fields = player_fields(g)
        games.append({"game": g, "options": mode_option_fields(g), "player_fields": [f for f in fields if f.choices],
                      "more_fields": [f for f in fields if not f.choices],
                      "more_title": _more_title([f.label for f in fields if not f.choices])})
    # what was typed comes back after a refusal: a newcomer never types the table twice
    names = request.POST.getlist("name") if request.method == "POST" else []
    rows = [{"index": i, "name": names[i] if i < len(names) else ""} for i in range(MAX_PLAYERS)]
    demos = [{"game": p.game.slug, "index": i, "title": d.title} for p in plugins() for i, d in enumerate(p.demo)]
    return render(request, "home.html", {"games": games, "form": form, "errors": errors, "rows": rows, "demos": demos},
                  status=400 if errors else 200)


def _more_title(labels: list[str]) -> str:
    # one short line under each player: the fields folded behind it
    return " · ".join(labels) if len(labels) <= 2 else f"{labels[0]}, {labels[1]} and more…"


def demo(request, game, index):
    """A fresh copy of one of a game's demo sessions, so that whoever taps it plays their own."""
    found = plugin(game) if game in {p.game.slug for p in plugins()} else None
    if found is None or not 0 <= index < len(found.demo):
        raise Http404("No such demo")
    if request.method != "POST":
        return redirect("home")
    session = demos_service.start(found.game.slug, found.demo[index])
    return redirect("table", session.pk)


def _access(token):
    access = selectors.session_get(token)
    if access is None:
        raise Http404("No such session")
    return access


def _qr(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=4, dark="#1d1b16", light="#ffffff")


def table(request, token):
    access = _access(token)
    context = table_context(access)
    session = access.session
    view_url = request.build_absolute_uri(reverse("table", args=[session.view_id]))
    context["share"] = {"view_url": view_url, "view_qr": _qr(view_url)}
    context["heartbeat"] = settings.LIVE_HEARTBEAT_SECONDS
    if access.can_write:
        edit_url = request.build_absolute_uri(reverse("table", args=[session.pk]))
        context["share"].update(edit_url=edit_url, edit_qr=_qr(edit_url))
    return render(request, "table/page.html", context)


def table_state(request, token):
    """The part of the table page that follows the game, as the poll fetches it when the version
    changed: rendered once per version and shared by every phone (the stream pushes the same)."""
    found = state_fragment(token)
    if found is None:
        raise Http404("No such session")
    version, html = found
    response = HttpResponse(with_csrf(html, get_token(request)))
    response["X-Version"] = str(version)
    response["Cache-Control"] = "no-cache, private"
    return response


def record(request, token, link=None):
    """A finished session's button: record the result in what it counts for, then open that.
    `/t/<token>/record/` for whichever link it has; `/t/<token>/record-in-<link>/` for that one."""
    if request.method != "POST":
        return redirect("table", token)
    try:
        parent, _, _ = records.record(token=token, link=link)
    except ServiceError as exc:
        context = table_context(_access(token))
        context["share"] = {}
        context["record_error"] = exc.detail
        return render(request, "table/page.html", context, status=exc.status)
    return redirect("table", parent.pk)
