"""Schemathesis against the served OpenAPI document (GET /api/schema/), in-process through the WSGI app.

Every operation is fuzzed with valid (positive) and, where its schema can be violated, invalid
(negative) requests; each answer must not be a 5xx, must have a declared status code and must
match the declared response; invalid requests must be refused. One fuzz run per operation and
mode feeds the four checks' tests (cached below); the figures and each distinct failure with a
curl reproduction go to var/fuzz-results.json.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import schemathesis
from django.conf import settings
from schemathesis import GenerationMode

from rulesref.models import Entry
from tablekeeper.wsgi import application
from tests.fuzz import harness
from tests.support.api import DUEL, post_action, post_session

EXAMPLES = 25  # per operation and mode
STATEFUL_RUNS, STATEFUL_STEPS = 8, 10
POSITIVE, NEGATIVE = GenerationMode.POSITIVE, GenerationMode.NEGATIVE
# Operations whose only input is a free string path parameter have no invalid request to make.
OPERATIONS = {
    "POST /api/decks/validate/": (POSITIVE, NEGATIVE),
    "GET /api/games/": (POSITIVE,),
    "GET /api/games/{slug}/": (POSITIVE,),
    "GET /api/rules/{key}/": (POSITIVE,),
    "GET /api/rules/search/": (POSITIVE, NEGATIVE),
    "POST /api/sessions/": (POSITIVE, NEGATIVE),
    "GET /api/sessions/{token}/": (POSITIVE,),
    "POST /api/sessions/{token}/actions/": (POSITIVE, NEGATIVE),
    "POST /api/sessions/{token}/campaign/": (POSITIVE,),
    "GET /api/sessions/{token}/cards/": (POSITIVE, NEGATIVE),
    "GET /api/sessions/{token}/events/": (POSITIVE,),
    "POST /api/sessions/{token}/record/": (POSITIVE,),
    "POST /api/sessions/{token}/redo/": (POSITIVE, NEGATIVE),
    "POST /api/sessions/{token}/tournament/": (POSITIVE,),
    "POST /api/sessions/{token}/undo/": (POSITIVE, NEGATIVE),
}
# Known defects, each failing (operation, mode, check) named with xfail(strict=True): none left; the
# issue-13 defects the fuzz found are fixed and tested in tests/api/test_hardening.py.
KNOWN: dict[tuple[str, str, str], str] = {}
# A 400 here depends on the game or the table, which no schema can say: seats and cards of this
# game (actions), whether this session was started for a campaign or tournament and is over (record
# and its aliases), the mode's players and the game's setup (a new session: GET /api/games/{slug}/
# gives each game's options schema), the game's deck-building fields (a deck), the game's own kinds
# of card (a card search's `kind`: terrain, unit, pile...). Their rejected valid
# requests are still counted in the results file.
ACCEPTS_VALID_EXEMPT = {"POST /api/sessions/{token}/actions/", "POST /api/sessions/{token}/campaign/",
                        "POST /api/sessions/{token}/record/", "POST /api/sessions/{token}/tournament/",
                        "POST /api/sessions/", "POST /api/decks/validate/", "GET /api/sessions/{token}/cards/"}

TALLY = harness.Tally()
_RUNS: dict[tuple[str, str], harness.Tally] = {}
RESULTS = Path(settings.VAR_DIR) / "fuzz-results.json"
PARTY = [{"name": "Ann", "character": "Valeros", "hand_size": 4}]


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    with django_db_blocker.unblock():  # the request opens a connection even if the schema view needs none
        return schemathesis.openapi.from_wsgi("/api/schema/", application)


def real_values(api) -> dict:
    """Live sessions of every kind an endpoint takes, so that requests get past the 404."""
    duel = post_session(api, DUEL)
    post_action(api, duel, "life_point_loss", target=0, amount=2)
    assert api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json").status_code == 200  # redo has one
    campaign = post_session(api, {"game": "pathfinder", "mode": "campaign", "players": PARTY, "options": {}})
    scenario = post_session(api, {"game": "pathfinder", "mode": "scenario", "players": PARTY, "options": {
        "campaign": campaign["id"], "scenario": "rumble-road", "locations": [{"name": "Tower", "cards": 0}]}})
    post_action(api, scenario, "advance_hour", player=0)
    post_action(api, scenario, "attempt_close", player=0, success=True)  # won: it can be recorded
    tournament = post_session(api, {"game": "dark-force", "mode": "tournament",
                                    "players": [{"name": "Ann"}, {"name": "Ben"}], "options": {}})
    fight = post_session(api, {"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
                               "options": {"tournament": tournament["id"], "first_player": 0}})
    return {
        "token": [duel["id"], duel["view_id"], scenario["id"], campaign["id"], fight["id"], tournament["id"]],
        "slug": ["aventuria", "pathfinder", "dark-force"],
        "key": list(Entry.objects.order_by("key").values_list("key", flat=True)[:3]),
    }


def fuzzed(schema, api, label: str, mode: GenerationMode) -> harness.Tally:
    """The one fuzz run of an operation in a mode; the checks' tests share it."""
    if (label, mode.value) not in _RUNS:
        path, method = label.split(" ")[1], label.split(" ")[0]
        tally, values = harness.Tally(), real_values(api)  # the test client first: it reconnects what InProcess cuts
        with harness.InProcess() as app:
            harness.fuzz(schema[path][method], mode, values, EXAMPLES, tally, app.exceptions)
        _RUNS[(label, mode.value)] = tally
        TALLY.requests += tally.requests
        TALLY.statuses.update(tally.statuses)
        TALLY.failures.update(tally.failures)
        harness.dump(RESULTS, {"operations": len(OPERATIONS), "runs": len(_RUNS), **TALLY.summary()})
    return _RUNS[(label, mode.value)]


def cases(groups):
    out = []
    for label, modes in OPERATIONS.items():
        for mode in modes:
            for group in groups:
                if harness.ONLY_IN.get(group, mode) is not mode:
                    continue
                if group == "accepts_valid" and label in ACCEPTS_VALID_EXEMPT:
                    continue
                reason = KNOWN.get((label, mode.value, group))
                marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
                out.append(pytest.param(label, mode, group, marks=marks, id=f"{label}-{mode.value}-{group}"))
    return out


def test_every_served_operation_is_fuzzed(schema):
    served = {result.ok().label for result in schema.get_all_operations()}
    assert served == set(OPERATIONS)


@pytest.mark.django_db
@pytest.mark.parametrize("label, mode, group", cases(list(harness.CHECKS)))
def test_fuzz(schema, api, rules_corpus, label, mode, group):
    tally = fuzzed(schema, api, label, mode)
    assert tally.requests > 0
    found = [f for f in tally.failures.values() if f.group == group]
    assert found == [], json.dumps([vars(f) for f in found], indent=1, ensure_ascii=True)[:4000]


STATEFUL: list[harness.Tally] = []


@pytest.mark.django_db
@pytest.mark.parametrize("group", [
    "server_error",
    "status_code",
    "response_schema",
])
def test_stateful(schema, api, rules_corpus, group):
    """Sequences of calls along the links schemathesis infers: create a session, then act on it, undo,
    redo, read it, its events and cards. One run feeds the three checks' tests."""
    if not STATEFUL:
        tally = harness.Tally()
        valid = {"POST /api/sessions/": [DUEL, {"game": "pathfinder", "mode": "scenario", "players": PARTY,
                                                "options": {}}]}
        with harness.InProcess() as app:
            workflow = harness.workflow(schema, tally, app.exceptions, valid)
            workflow.run(settings=harness.settings(STATEFUL_RUNS, stateful_step_count=STATEFUL_STEPS))
        harness.dump(RESULTS.with_name("fuzz-stateful-results.json"), tally.summary())
        STATEFUL.append(tally)
    tally = STATEFUL[0]
    assert tally.statuses[201] > 0  # sessions were made and acted on, not only refused
    found = [vars(f) for f in tally.failures.values() if f.group == group]
    assert found == [], json.dumps(found, indent=1, ensure_ascii=True)[:4000]
