"""Several phones on one session, driven through the HTTP API by a Hypothesis state machine.

Each phone remembers the version it last saw and sends it (or not) as `expected_version`; taps are
legal moves the engine offers, or anything the game's served action schemas allow (and some they do
not), some with an `Idempotency-Key` that is retried later, some overridden with a reason. The model
beside the machine knows the version, the event log with its undone flags and the redo stack, so
after every step it can say what the server must have answered and stored:

- no 5xx, ever;
- a 409 on an action only when the phone's expected_version was stale (undo and redo may also say
  there is nothing to take back or bring back, or that the newest event stays seen), and a stale one
  never applies;
- a retry with the same Idempotency-Key returns the first answer and adds no event;
- the version only grows, by one per applied action, undo or redo;
- the stored state equals a replay of the live events, and the events are the model's.

Runs on whatever DATABASE_URL points at; bounded so that the file stays well under a minute, and
derandomized, so that CI runs the same examples every time.

What it found (Pathfinder overrides with nothing to act on, a NUL in a string: 500s) is fixed and
held by the tests at the end of the file.
"""
from __future__ import annotations

import itertools
import json

import pytest
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from rest_framework.test import APIClient

from tests.engine.strategies import from_schema
from tests.support.api import post_action, post_session
from tracker.engine import replay
from tracker.games import get_game
from tracker.models import Event, Session
from tracker.tasks import audit_session

# (game, mode): two Aventuria modes (two and three seats), a Dark Force duel (with its one action that
# undo refuses) and a cooperative Pathfinder scenario.
CASES = [("aventuria", "duel"), ("aventuria", "skirmish"), ("dark-force", "duel"), ("pathfinder", "scenario")]

REASONS = ["Card text says so", "The table agreed", "  ", ""]
# Values a phone's bug or a hand-made request could put anywhere: mistyped, out of range, too big for a
# database integer, a NUL.
ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.sampled_from([-1, 0, 99, 2**31, 2**63, 10**30, 2.5]),
    st.sampled_from(["", "x", "\x00", "🂡" * 3, "a" * 300]), st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.sampled_from(["id", "name", "kind"]), st.integers(0, 3), max_size=2),
)

PATHFINDER = {"game": "pathfinder", "mode": "scenario",
              "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4}], "options": {"hourglass": 30}}
_TO_RESET = [("advance_hour", {"player": 0}),
             ("play_card", {"player": 0, "card_type": "spell", "action": "recovery", "freely": True}),
             ("end_turn", {"player": 0}), ("banish_remaining_recovery", {"player": 0})]
# Pathfinder actions that, overridden with nothing for them to work on (no check or encounter open, a
# seat that is not there, no step after Reset), raised inside the game's effect: a 500 instead of a
# 422. (taps before it, type, params); test_override_with_nothing_to_act_on_is_refused holds each.
OVERRIDE_5XX = [
    ([], "choose_skill", {"player": 0, "skill": "melee"}),
    ([], "set_difficulty", {"player": 0, "base": 8}),
    ([], "modify_check", {"player": 0, "by": "bless"}),
    ([], "roll_check", {"player": 0, "roll": 14}),
    ([], "reroll", {"player": 0, "source": "power", "roll": 3}),
    ([], "choose_to_fail", {"player": 0}),
    ([], "resolve_check", {"player": 0}),
    ([], "reduce_damage", {"player": 0, "target": 0, "amount": 1}),
    ([], "damage_local_characters", {"player": 0, "rolls": [{"target": 5, "roll": 2}]}),
    ([], "evade", {"player": 0}),
    ([], "guard_attempt", {"player": 0, "success": True}),
    ([], "resolve_encounter", {"player": 0}),
    ([], "avenge", {"player": 0}),
    ([], "skip_avenge", {"player": 0}),
    ([], "villain_outcome", {"player": 0}),
    ([], "remove_scourge", {"scourge": "Exhausted"}),
    (_TO_RESET, "next_step", {"player": 0}),
]

_keys = itertools.count()  # Idempotency-Keys never repeat across examples by accident


class Served:
    """What GET /api/games/<slug>/ declares, fetched once per game: each action's type and schema."""

    _cache: dict[tuple[str, str], list[tuple[str, dict]]] = {}

    @classmethod
    def actions(cls, client, slug: str, mode: str) -> list[tuple[str, dict]]:
        if (slug, mode) not in cls._cache:
            response = client.get(f"/api/games/{slug}/")
            assert response.status_code == 200, response.content
            cls._cache[slug, mode] = [(a["type"], a["params"]) for a in response.json()["actions"]
                                      if "modes" not in a or mode in a["modes"]]
        return cls._cache[slug, mode]


def _setup_bodies(slug: str, mode: str) -> list[dict]:
    game = get_game(slug)
    return [{"game": slug, "mode": mode, "players": players, "options": options}
            for players, options in game.setup_examples(mode)]


def machine_for(slug: str, mode: str):
    game = get_game(slug)

    class ApiMachine(RuleBasedStateMachine):
        def __init__(self):
            super().__init__()
            self.http = APIClient()
            self.sid = None

        # ------------------------------------------------------------------ talking to the server

        def send(self, method: str, path: str, body=None, key: str | None = None, etag: str | None = None):
            headers = {}
            if key is not None:
                headers["HTTP_IDEMPOTENCY_KEY"] = key
            if etag is not None:
                headers["HTTP_IF_NONE_MATCH"] = etag
            url = f"/api/sessions/{self.sid}/{path}"
            call = getattr(self.http, method)
            try:
                # A savepoint per request: a database error inside a view must fail this example only,
                # not leave PostgreSQL's test transaction aborted for every example after it.
                with transaction.atomic():
                    response = call(url, body, format="json", **headers) if method == "post" else call(url, **headers)
            except Exception as exc:  # an unhandled exception is the 500 a phone would get
                raise AssertionError(f"5xx: {method.upper()} {url} {json.dumps(body)} key={key!r} "
                                     f"raised {exc!r}") from exc
            assert response.status_code < 500, (method, url, body, response.status_code, response.content[:500])
            return response

        # ------------------------------------------------------------------ the model

        @initialize(body=st.sampled_from(_setup_bodies(slug, mode)), phones=st.integers(2, 4))
        def start(self, body, phones):
            created = self.http.post("/api/sessions/", body, format="json")
            assert created.status_code == 201, created.content
            answer = created.json()
            self.sid, self.view_id = answer["id"], answer["view_id"]
            self.state, self.version, self.high_water = answer["state"], 0, 0
            self.events: list[dict] = []  # {seq, type, params, undone}, as the server must hold them
            self.redo: list[int] = []  # seqs undo took back, newest last
            self.seen = [0] * phones  # the version each phone last saw
            self.etags: list[str | None] = [None] * phones
            self.answers: list[dict] = []  # the first answer to each keyed request, for its retries
            self.catalog = Served.actions(self.http, slug, mode)

        def _stale(self, expected) -> bool:
            return expected is not None and expected != self.version

        def _learn(self, phone: int, body) -> None:
            if isinstance(body, dict) and isinstance(body.get("version"), int):
                self.seen[phone] = max(self.seen[phone], body["version"])

        def _applied(self, answer_version: int) -> None:
            assert answer_version == self.version + 1, f"version went {self.version} -> {answer_version}"
            self.version = answer_version

        def _undo_refusable(self) -> bool:
            """Whether undo may rightly say 409 now: nothing live, or the newest live event stays seen."""
            live = [e for e in self.events if not e["undone"]]
            if not live:
                return True
            spec = game.action(live[-1]["type"], mode)
            return spec is not None and not spec.undoable

        # ------------------------------------------------------------------ writes

        def _tap(self, phone, action_type, params, expected, key, reason):
            body = {"type": action_type, "params": params}
            if expected is not None:
                body["expected_version"] = expected
            if reason is not None:
                body["override"] = {"reason": reason}
            stale = self._stale(expected)
            response = self.send("post", "actions/", body, key=key)
            answer = response.json()
            status = response.status_code
            if status == 409:
                assert stale, f"409 without a stale expected_version: {body} -> {answer}"
                assert answer["version"] == self.version
            elif stale:
                # a request the serializer refuses is a 400 before any version is compared
                assert status == 400, f"stale expected_version {expected} (at {self.version}) answered {status}"
            if status == 201:
                self._applied(answer["version"])
                event = answer["event"]
                assert event["seq"] == len(self.events) + 1 and event["type"] == action_type
                assert event["params"] == params
                assert bool(event["overridden"]) <= (reason is not None and bool(reason.strip()))
                self.events.append({"seq": event["seq"], "type": action_type, "params": params, "undone": False})
                self.redo = []
            else:
                assert status in (400, 409, 422), (body, status, answer)
                if reason is not None and not reason.strip():
                    # a blank reason is named, unless the body's text was refused first (a NUL)
                    named = answer.get("errors", {})
                    assert status == 400 and ("override.reason" in named or any(
                        "NUL" in m for ms in named.values() for m in ms)), answer
            self._learn(phone, answer)
            if key is not None:
                self.answers.append({"path": "actions/", "body": body, "key": key, "phone": phone, "status": status,
                                     "answer": answer, "version": self.version})

        def _expected(self, data, phone):
            """No expected_version, the one this phone last saw (stale once another phone wrote), or
            the one it has just read."""
            how = data.draw(st.sampled_from(["none", "last seen", "just read"]), label="expected_version")
            if how == "just read":
                self._read_session(phone, poll=False)
            return None if how == "none" else self.seen[phone]

        def _options(self, data, phone):
            expected = self._expected(data, phone)
            key = f"tap-{next(_keys)}" if data.draw(st.booleans(), label="keyed") else None
            reason = data.draw(st.one_of(st.none(), st.sampled_from(REASONS)), label="override reason")
            return expected, key, reason

        @rule(data=st.data())
        def tap_legal_actions(self, data):
            """A few taps in a row of what the engine offers as legal, from any phones: the game gets
            somewhere, and the rules that are checked against its later phases get their turn."""
            for _ in range(data.draw(st.integers(1, 4), label="taps")):
                offered = game.enumerate_actions(self.state)
                if not offered:
                    return  # a finished game: the fuzzed taps still try their luck
                phone = data.draw(st.integers(0, len(self.seen) - 1), label="phone")
                action = data.draw(st.sampled_from(offered), label="legal action")
                expected, key, reason = self._options(data, phone)
                self._tap(phone, action.type, dict(action.params), expected, key, reason)
                self.stored_session_is_the_models_and_a_replay_of_its_live_events()

        @rule(data=st.data())
        def tap_anything_the_schemas_allow(self, data):
            phone = data.draw(st.integers(0, len(self.seen) - 1), label="phone")
            action_type, schema = data.draw(st.sampled_from(self.catalog), label="action")
            params = data.draw(from_schema(schema, len(self.state["players"])), label="params")
            if data.draw(st.integers(0, 3), label="mangle") == 0:
                name = data.draw(st.sampled_from(sorted(params) or ["player"]) | st.just("colour"), label="field")
                params = {**params, name: data.draw(ODD_VALUES, label="odd value")}
            expected, key, reason = self._options(data, phone)
            self._tap(phone, action_type, params, expected, key, reason)

        def _undo_or_redo(self, path, phone, with_version, expected, key):
            body = {"expected_version": expected} if with_version else {}
            stale = self._stale(expected)
            response = self.send("post", path, body, key=key)
            answer, status = response.json(), response.status_code
            assert status in (200, 409), (path, body, status, answer)
            if stale:
                assert status == 409, f"{path}: stale expected_version {expected} (at {self.version}) answered {status}"
            if status == 409:
                assert answer["version"] == self.version
                if not stale:
                    nothing = self._undo_refusable() if path == "undo/" else not self.redo
                    assert nothing, f"{path} refused with a fresh version and something to do: {answer}"
            else:
                self._applied(answer["version"])
                if path == "undo/":
                    newest = next(e for e in reversed(self.events) if not e["undone"])
                    assert answer["undone_seqs"] == [newest["seq"]], answer
                    newest["undone"] = True
                    self.redo.append(newest["seq"])
                else:
                    seq = self.redo.pop()
                    assert answer["redone_seqs"] == [seq], answer
                    self.events[seq - 1]["undone"] = False
            self._learn(phone, answer)
            if key is not None:
                self.answers.append({"path": path, "body": body, "key": key, "phone": phone, "status": status,
                                     "answer": answer, "version": self.version})

        @rule(data=st.data())
        def take_back_or_bring_back(self, data):
            """One to three undos and redos in a row, so that redo finds something to bring back."""
            for _ in range(data.draw(st.integers(1, 3), label="how many")):
                path = data.draw(st.sampled_from(["undo/", "redo/"]), label="path")
                phone = data.draw(st.integers(0, len(self.seen) - 1), label="phone")
                expected = self._expected(data, phone)
                key = f"{path[:4]}-{next(_keys)}" if data.draw(st.booleans(), label="keyed") else None
                self._undo_or_redo(path, phone, expected is not None, expected, key)
                self.stored_session_is_the_models_and_a_replay_of_its_live_events()

        @precondition(lambda self: self.sid is not None and self.answers)
        @rule(data=st.data())
        def retry_with_the_same_key(self, data):
            """A phone that lost the answer sends the same request with the same key again, perhaps
            after the other phones moved the game on."""
            first = data.draw(st.sampled_from(self.answers), label="first answer")
            if first["status"] >= 300 and first["version"] != self.version:
                # Refused, and the game has moved on since: a refusal applied nothing and stored no
                # answer, so the retry is judged afresh like any tap (test_a_refused_tap_retried_later_...
                # holds the reading of API.md under which it would get the first answer back).
                self.answers.remove(first)
                self._resend(first)
                return
            response = self.send("post", first["path"], first["body"], key=first["key"])
            assert (response.status_code, response.json()) == (first["status"], first["answer"]), first

        def _resend(self, first):
            body, phone = first["body"], first["phone"]
            if first["path"] == "actions/":
                reason = (body.get("override") or {}).get("reason")
                self._tap(phone, body["type"], body["params"], body.get("expected_version"), first["key"], reason)
            else:
                self._undo_or_redo(first["path"], phone, "expected_version" in body, body.get("expected_version"),
                                   first["key"])

        @rule(data=st.data())
        def misuse_a_key_or_the_view_link(self, data):
            kept = [a for a in self.answers if a["status"] < 300]
            if kept and data.draw(st.booleans(), label="reuse a key"):
                # the key of a kept answer sent with another request: refused, whatever the version
                first = data.draw(st.sampled_from(kept), label="first answer")
                path, body = ("undo/", {}) if first["path"] == "actions/" else ("actions/", {"type": "x", "params": {}})
                response = self.send("post", path, body, key=first["key"])
                assert response.status_code == 400 and "Idempotency-Key" in response.json()["errors"], response.content
            else:
                path = data.draw(st.sampled_from(["actions/", "undo/", "redo/"]), label="path")
                url = f"/api/sessions/{self.view_id}/{path}"
                response = self.http.post(url, {"type": "x", "params": {}} if path == "actions/" else {}, format="json")
                assert response.status_code == 403, response.content

        # ------------------------------------------------------------------ reads

        @rule(phone=st.integers(0, 3), what=st.sampled_from(["session", "poll", "events"]))
        def read(self, phone, what):
            phone %= len(self.seen)
            if what == "events":
                response = self.send("get", "events/")
                assert response.status_code == 200
                got = [{k: e[k] for k in ("seq", "type", "params", "undone")} for e in response.json()]
                assert got == self.events
                return
            self._read_session(phone, poll=what == "poll")

        def _read_session(self, phone, poll):
            etag = self.etags[phone] if poll else None
            response = self.send("get", "", etag=etag)
            if response.status_code == 304:
                assert etag is not None and response["ETag"] == etag
                assert etag == f'"{self.version}"', "304 although the game moved on"
                self.seen[phone] = self.version
                return
            assert response.status_code == 200
            body = response.json()
            assert body["version"] == self.version and body["version"] >= self.seen[phone]
            assert response["ETag"] == f'"{self.version}"' and body["id"] == self.sid
            self.seen[phone], self.etags[phone] = body["version"], response["ETag"]

        # ------------------------------------------------------------------ invariants

        @invariant()
        def stored_session_is_the_models_and_a_replay_of_its_live_events(self):
            if self.sid is None:
                return
            session = Session.objects.get(pk=self.sid)
            assert session.version == self.version and session.version >= self.high_water
            self.high_water = session.version
            stored = list(Event.objects.filter(session=session).order_by("seq").values_list("seq", "undone"))
            assert stored == [(e["seq"], e["undone"]) for e in self.events]
            assert session.redo_seqs == self.redo
            live = [(e["type"], e["params"]) for e in self.events if not e["undone"]]
            assert replay(game, session.initial_state, live) == session.state
            self.state = session.state

        def teardown(self):
            if self.sid is not None:
                audit = audit_session(self.sid)
                assert audit["consistent"] and audit["version"] == self.version, audit

    ApiMachine.__name__ = f"{slug.replace('-', '_')}_{mode}_api_machine"
    return ApiMachine


@pytest.mark.django_db
@pytest.mark.parametrize("slug,mode", CASES, ids=[f"{s}-{m}" for s, m in CASES])
def test_phones_sharing_a_session_keep_it_sound(slug, mode):
    machine = machine_for(slug, mode)
    machine.TestCase.settings = settings(
        max_examples=20, stateful_step_count=40, deadline=None, derandomize=True, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine.TestCase().runTest()


@pytest.mark.django_db
@pytest.mark.parametrize("before,type_,params", OVERRIDE_5XX, ids=[t for _, t, _ in OVERRIDE_5XX])
def test_override_with_nothing_to_act_on_is_refused(before, type_, params):
    api = APIClient(raise_request_exception=False)
    session = post_session(api, PATHFINDER)
    for tap_type, tap_params in before:
        post_action(api, session, tap_type, **tap_params)
    body = {"type": type_, "params": params, "override": {"reason": "Card text says so"}}
    response = api.post(f"/api/sessions/{session['id']}/actions/", body, format="json")
    assert response.status_code in (400, 422), (response.status_code, response.content[:300])
    assert Session.objects.get(pk=session["id"]).version == len(before)


@pytest.mark.django_db
@pytest.mark.parametrize("where", ["param", "player name", "Idempotency-Key"])
def test_a_nul_in_a_string_is_a_400(where):
    api = APIClient(raise_request_exception=False)
    players = [{"name": "Ann\x00" if where == "player name" else "Ann"}, {"name": "Ben"}]
    create = {"game": "dark-force", "mode": "duel", "players": players, "options": {"deck_size": 60}}
    response = api.post("/api/sessions/", create, format="json")
    if where != "player name":
        session = response.json()
        destroy = {"player": 0, "card": "Wolf\x00" if where == "param" else "Wolf", "kind": "army", "value": 3}
        headers = {"HTTP_IDEMPOTENCY_KEY": "tap\x00 1"} if where == "Idempotency-Key" else {}
        response = api.post(f"/api/sessions/{session['id']}/actions/", {"type": "destroy", "params": destroy},
                            format="json", **headers)
        assert Session.objects.get(pk=session["id"]).version == 0, response.content[:300]
    assert response.status_code == 400, (response.status_code, response.content[:300])
