"""Response bodies, built from models and engine objects. Field names follow API.md."""
from django.urls import reverse

from tracker.engine import Game


def absolute(request, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


def rule_reference(request, rule_id: str) -> str:
    return absolute(request, reverse("rules-entry", args=[rule_id]))


def game_summary(game: Game) -> dict:
    return {
        "slug": game.slug,
        "title": game.title,
        "modes": [
            {"slug": m.slug, "title": m.title, "min_players": m.min_players, "max_players": m.max_players}
            for m in game.modes
        ],
    }


def game_detail(game: Game, request) -> dict:
    return {
        **game_summary(game),
        "phases": [{"id": p.id, "title": p.title} for p in game.phases],
        # what POST /api/sessions/ checks `options` against, per mode where a mode has its own
        "options": {m.slug: game.options_schema_for(m.slug) for m in game.modes},
        "actions": [action_body(game, a) for a in game.action_specs()],
        "rules": [
            {
                "id": r.id,
                "title": r.title,
                "section": r.section,
                "kind": r.kind,
                "enforced": r.check is not None,
                "reference": rule_reference(request, r.id),
            }
            for r in game.rules.values()
        ],
    }


def action_body(game: Game, spec) -> dict:
    body = {"type": spec.type, "title": spec.title, "params": spec.params}
    if game.shares_type(spec.type):  # one entry per mode's variant: say which modes each is for
        body["modes"] = sorted(spec.modes)
    return body


def session_body(session, request, can_write: bool) -> dict:
    return {
        # The edit token is the write capability: a view-only reader never sees it.
        "id": session.id if can_write else None,
        "view_id": session.view_id,
        "game": session.game,
        "mode": session.mode,
        "version": session.version,
        "state": session.state,
        "outcome": session.outcome,
        "url": absolute(request, reverse("table", args=[session.id])) if can_write else None,
        "view_url": absolute(request, reverse("table", args=[session.view_id])),
        "created": session.created.isoformat().replace("+00:00", "Z"),
        "updated": session.updated.isoformat().replace("+00:00", "Z"),
    }


def violations_body(violations, request) -> list[dict]:
    return [
        # hard: no card text can make it legal, so the table is not offered "accept anyway" (table.js)
        {"rule": v.rule_id, "message": v.message, "section": v.section, "reference": rule_reference(request, v.rule_id),
         "hard": v.hard}
        for v in violations
    ]
