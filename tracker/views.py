"""Server-rendered pages: start a game, the table of a session, its live fragment."""
import segno
from django.http import Http404
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.urls import reverse

from tracker.games import all_games, get_game

from . import selectors, services
from .forms import MAX_PLAYERS, NewGameForm, action_fields, action_form_supported, option_fields
from .pages_dark_force import dark_force_context
from .pages_pathfinder import _pathfinder_context

LOG_LENGTH = 40
# Which attack steps come next, for the attack helper (Aventuria's pending_attack.step).
ATTACK_STEPS = {
    "attack_roll": ["attack_roll"],
    "after_roll": ["spend_fate_reroll", "take_fate", "attack_failed_final", "damage_roll"],
    "damage_roll": ["damage_roll"],
    "dodge": ["dodge_roll", "apply_armor", "apply_damage"],
    "life_point_loss": ["apply_armor", "apply_damage"],
}


def home(request):
    form = NewGameForm(request.POST or None)
    errors = {}
    if request.method == "POST" and form.is_valid():
        game = get_game(form.cleaned_data["game"])
        try:
            session = services.session_create(
                game=game.slug, mode=form.cleaned_data["mode"], players=form.players(game), options=form.options(game)
            )
        except services.BadRequest as exc:
            errors = exc.errors
        else:
            return redirect("table", session.id)
    elif request.method == "POST":
        errors = {name: [str(e) for e in errs] for name, errs in form.errors.items()}
    games = [{"game": g, "options": option_fields(g)} for g in all_games()]
    return render(request, "home.html", {"games": games, "form": form, "errors": errors, "rows": range(MAX_PLAYERS)},
                  status=400 if errors else 200)


def _access(token):
    access = selectors.session_get(token)
    if access is None:
        raise Http404("No such session")
    return access


def _context(request, access) -> dict:
    session = access.session
    game = get_game(session.game)
    state = session.state
    pending = state.get("pending_attack") or None
    next_steps = ATTACK_STEPS.get(pending["step"], []) if pending else []
    forms = [
        {"spec": spec, "fields": action_fields(spec, state)}
        for spec in game.actions.values()
        if action_form_supported(spec) and (spec.modes is None or session.mode in spec.modes)
    ]
    phase_ids = [p.id for p in game.phases]
    return {
        "session": session, "game": game, "state": state, "can_write": access.can_write,
        "token": access.session.pk if access.can_write else session.view_id,
        "players": list(enumerate(state.get("players", []))),
        "phases": game.phases, "phase_index": phase_ids.index(state["phase"]) if state.get("phase") in phase_ids else -1,
        "current_phase": next((p.title for p in game.phases if p.id == state.get("phase")), state.get("phase")),
        "events": list(selectors.session_events(session).order_by("-seq")[:LOG_LENGTH]),
        "action_forms": forms,
        "attack_forms": [f for name in next_steps for f in forms if f["spec"].type == name],
        "declare_form": next((f for f in forms if f["spec"].type == "declare_attack"), None),
        "roll_form": next((f for f in forms if f["spec"].type == "roll_for_start"), None),
        "has_advance": "advance_phase" in game.actions,
        "state_template": select_template([f"games/{game.slug}/state.html", "table/generic_state.html"]).template.name,
        **_pathfinder_context(state),
        **dark_force_context(state),
    }


def _qr(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=4, dark="#1d1b16", light="#ffffff")


def table(request, token):
    access = _access(token)
    context = _context(request, access)
    session = access.session
    view_url = request.build_absolute_uri(reverse("table", args=[session.view_id]))
    context["share"] = {"view_url": view_url, "view_qr": _qr(view_url)}
    if access.can_write:
        edit_url = request.build_absolute_uri(reverse("table", args=[session.pk]))
        context["share"].update(edit_url=edit_url, edit_qr=_qr(edit_url))
    return render(request, "table/page.html", context)


def table_state(request, token):
    """The part of the table page that follows the game; swapped in when the version changes."""
    return render(request, "table/_state.html", _context(request, _access(token)))


def _record_in(record, error_key):
    """A finished session's button: feed the result into what it counts for, then open that."""

    def view(request, token):
        if request.method != "POST":
            return redirect("table", token)
        try:
            target, _ = record()(token=token)
        except services.ServiceError as exc:
            context = _context(request, _access(token))
            context["share"] = {}
            context[error_key] = exc.detail
            return render(request, "table/page.html", context, status=exc.status)
        return redirect("table", target.pk)

    return view


def _campaign_record():
    from . import campaigns

    return campaigns.record_result


def _tournament_record():
    from . import links

    return links.record_in_tournament


record_in_campaign = _record_in(_campaign_record, "campaign_error")
record_in_tournament = _record_in(_tournament_record, "tournament_error")
