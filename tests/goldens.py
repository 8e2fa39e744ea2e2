"""Today's behaviour pinned in files (tests/golden/), so that moving code around changes none of it.

What is pinned: every game's action table and rule table, the game catalogue of the API, the OpenAPI
document, and the rendered state fragment of one canned session per game and mode. Regenerate with
`UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/test_goldens.py` and read the diff before committing:
a golden changes only where a behaviour change says so.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from tracker.games import all_games

GOLDEN = Path(__file__).resolve().parent / "golden"
CANNED_STEPS = 30  # actions played into each canned session: enough to leave the setup behind


def _sorted(values):
    return None if values is None else sorted(values)


def action_table(game) -> list[dict]:
    return [
        {
            "type": spec.type, "title": spec.title, "params": spec.params, "rules": list(spec.rules),
            "phases": _sorted(spec.phases), "phase_rule": spec.phase_rule, "modes": _sorted(spec.modes),
            "seat_params": list(spec.seat_params), "undoable": spec.undoable, "after_end": spec.after_end,
        }
        for spec in game.action_specs()
    ]


def rule_table(game) -> list[dict]:
    return [
        {"id": r.id, "title": r.title, "section": r.section, "message": r.message, "kind": r.kind,
         "hard": r.hard, "enforced": r.check is not None}
        for r in game.rules.values()
    ]


def game_facts(game) -> dict:
    return {
        "slug": game.slug, "title": game.title,
        "modes": [[m.slug, m.title, m.min_players, m.max_players] for m in game.modes],
        "phases": [[p.id, p.title] for p in game.phases],
        "phase_rule": game.phase_rule, "game_over_rule": game.game_over_rule, "invariants": list(game.invariants),
        "options_schema": game.options_schema, "player_fields": [list(f) if isinstance(f, tuple) else [f.name, f.label, f.placeholder] for f in game.player_fields],
        "actions": action_table(game), "rules": rule_table(game),
    }


def _offered(game, state, step):
    # A fixed but varied pick among the offered legal actions: always the first would roll the same
    # die for both players and never leave a roll-off.
    candidates = game.enumerate_actions(state) if game.outcome(state) is None else []
    return candidates[(step * 7) % len(candidates)] if candidates else None


def canned_session(api, game, mode) -> dict:
    """A session of `mode` set up from the game's first example and played `CANNED_STEPS` offered
    legal actions in (a fixed pick among those offered), through the API as a phone would."""
    players, options = game.setup_examples(mode.slug)[0] if game.setup_examples else (
        [{"name": f"Player {i + 1}"} for i in range(mode.min_players)], {})
    response = api.post("/api/sessions/", {"game": game.slug, "mode": mode.slug, "players": players,
                                           "options": options}, format="json")
    assert response.status_code == 201, response.content
    session = response.json()
    for step in range(CANNED_STEPS):
        action = _offered(game, session["state"], step)
        if action is None:
            break
        response = api.post(f"/api/sessions/{session['id']}/actions/",
                            {"type": action.type, "params": action.params}, format="json")
        assert response.status_code == 201, response.content
        session.update(state=response.json()["state"])
    return session


_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def fragment(client, session) -> str:
    html = client.get(f"/t/{session['id']}/state/").content.decode()
    html = html.replace(session["id"], "{EDIT}").replace(session["view_id"], "{VIEW}")
    return _CSRF.sub('name="csrfmiddlewaretoken" value="{CSRF}"', html)


def pinned(update: bool = False) -> list:
    """The games the goldens pin: those that had their tables pinned (all of them while updating). A game
    added later is checked by its own tests and the contract until someone pins it too."""
    return [g for g in all_games() if update or (GOLDEN / "games" / f"{g.slug}.json").is_file()]


def cases(update: bool = False):
    return [(g, m) for g in pinned(update) for m in g.modes]


def pinned_only(openapi: dict, games: list) -> dict:
    """The OpenAPI document without what games outside `games` add: their action schemas, the alias
    URLs of links only they declare, and their slugs and modes in the create body."""
    from api.schema import ACTIONS_PATH, _component_name
    from tracker.games import plugins

    keep = {g.slug for g in games}
    others = [p for p in plugins() if p.game.slug not in keep]
    names = {_component_name(p.game, spec) for p in others for spec in p.game.action_specs()}
    kept_links = {link.name for p in plugins() if p.game.slug in keep for link in p.links}
    alias_paths = {f"/api/sessions/{{token}}/{link.name}/" for p in others for link in p.links
                   if link.name not in kept_links}
    alias_paths |= {f"/api/sessions/{{token}}/{e.name}" for p in others for link in p.links for e in link.exports}
    doc = json.loads(json.dumps(openapi))
    doc["components"]["schemas"] = {k: v for k, v in doc["components"]["schemas"].items() if k not in names}
    doc["paths"] = {k: v for k, v in doc["paths"].items() if k not in alias_paths}
    body = doc["paths"][ACTIONS_PATH]["post"]["requestBody"]["content"]["application/json"]["schema"]
    body["oneOf"] = [ref for ref in body["oneOf"] if ref["$ref"].rsplit("/", 1)[-1] not in names]
    # the create body lists every game and mode there is: keep those of the pinned games only
    create = doc["components"]["schemas"]["SessionCreate"]["properties"]
    create["game"]["enum"] = [s for s in create["game"]["enum"] if s in keep]
    create["mode"]["enum"] = [m for m in create["mode"]["enum"] if any(m in {x.slug for x in g.modes} for g in games)]
    return doc


def dump(value) -> str:
    return json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
