"""Writes to a session: create, apply an action, undo, redo. Each is one transaction and either
changes a session whole or not at all."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from tracker import live, store
from tracker.engine import Action, ParamError, SetupError, apply_unchecked, decide, initial_state, replay
from tracker.errors import BadRequest, Conflict, Full, NotFound, ReadOnly, RuleRefusal
from tracker.games import get_game
from tracker.models import Event, IdempotentResponse, Session, UndoMark

from . import cardfacts, linking


@dataclass
class WriteResult:
    status: int
    body: dict
    replayed: bool = False  # True when an Idempotency-Key brought back an earlier answer
    notes: list[str] = field(default_factory=list)


def _fingerprint(endpoint: str, payload) -> str:
    raw = json.dumps([endpoint, payload], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(raw.encode()).hexdigest()


def _lock_for_write(token: str) -> Session:
    session = store.load_for_write(token)
    if session is None:
        if Session.objects.filter(view_id=token).exists():
            raise ReadOnly("This is a view-only link; it cannot change the game.")
        raise NotFound("No session with this id.")
    return session


def _earlier_answer(session: Session, key: str | None, endpoint: str, fingerprint: str) -> WriteResult | None:
    if not key:
        return None
    record = IdempotentResponse.objects.filter(session=session, key=key).first()
    if record is None:
        return None
    if record.endpoint != endpoint or record.fingerprint != fingerprint:
        raise BadRequest(
            "This Idempotency-Key was already used for a different request.",
            {"Idempotency-Key": ["already used for a different request; send a new key"]},
        )
    return WriteResult(record.status, record.body, replayed=True)


def remember(session: Session, key: str | None, endpoint: str, fingerprint: str, result: WriteResult) -> None:
    if key:
        IdempotentResponse.objects.create(
            session=session, key=key, endpoint=endpoint, fingerprint=fingerprint, status=result.status, body=result.body
        )


def _check_version(session: Session, expected_version) -> None:
    if expected_version is not None and expected_version != session.version:
        raise Conflict(
            f"The game moved on: you sent version {expected_version}, it is at {session.version}.", session
        )


def session_create(*, game: str, mode: str, players: list, options: dict | None = None) -> Session:
    module = get_game(game)
    if module is None:
        raise BadRequest("Unknown game.", {"game": [f"unknown game {game!r}"]})
    options = options or {}
    # a scenario may count for a campaign, a duel for a tournament: the parent shapes the setup
    players, engine_options, options, check_linked = linking.prepare(module, mode, players, options)
    try:
        state = initial_state(module, mode, players, engine_options)
    except SetupError as exc:
        raise BadRequest("The game cannot be set up like this.", exc.errors) from exc
    check_linked(state)
    return Session.objects.create(
        game=game, mode=mode, players=players, options=options, initial_state=state, state=state,
        outcome=module.outcome(state),
    )


def _with_retries(fn, expected_version, token):
    # Without expected_version an action is re-validated against the latest state, so a lost
    # race is simply tried again; with it, the caller asked for exactly that version.
    for _ in range(5):
        try:
            return fn()
        except (store.Lost, IntegrityError):
            if expected_version is not None:
                break
    session = Session.objects.filter(pk=token).first()
    if session is None:
        raise NotFound("No session with this id.")
    raise Conflict("Another phone changed the game at the same moment; try again.", session)


def write(token: str, endpoint: str, request, expected_version, idempotency_key, change) -> WriteResult:
    """The shape every write shares: one transaction that locks the session, answers a retried
    Idempotency-Key with its first answer, checks the version, makes `change(session)` and keeps
    the answer for later retries. A lost race is retried unless a version was asked for."""
    fingerprint = _fingerprint(endpoint, request)

    def attempt() -> WriteResult:
        with transaction.atomic():
            session = _lock_for_write(token)
            earlier = _earlier_answer(session, idempotency_key, endpoint, fingerprint)
            if earlier:
                return earlier
            _check_version(session, expected_version)
            result = change(session)
            remember(session, idempotency_key, endpoint, fingerprint, result)
            # once, after the commit: a retried key returned above publishes nothing
            transaction.on_commit(partial(live.publish, session.pk, result.body["version"]))
            return result

    return _with_retries(attempt, expected_version, token)


def apply_locked(session: Session, type: str, params: dict, *, override_reason: str | None = None,
                 idempotency_key: str | None = None, group: str = "") -> WriteResult:
    """Decide and record one action on a session already locked for this transaction."""
    game = get_game(session.game)
    try:
        decision = decide(game, session.state, Action(type, params, override_reason), mode=session.mode)
    except ParamError as exc:
        raise BadRequest("The action is not well formed.", exc.errors) from exc
    if not decision.accepted:
        raise RuleRefusal(decision.violations)
    if session.last_seq >= settings.MAX_EVENTS_PER_SESSION:
        raise Full(f"This session holds {session.last_seq} events, the most one session keeps; "
                   f"start a new session to go on.")
    seq = session.last_seq + 1
    overridden = [{"rule": v.rule_id, "message": v.message, "section": v.section} for v in decision.overridden]
    event = Event(
        session=session, seq=seq, type=type, params=params,
        player=params.get("player") if isinstance(params.get("player"), int) else None,
        log=decision.log[:300], overridden=overridden,
        override_reason=(override_reason or "").strip() if overridden else "",
        idempotency_key=idempotency_key or None, engine_version=game.engine_version, group=group or "",
    )
    outcome = game.outcome(decision.state)
    version = store.save_state(session, decision.state, outcome, last_seq=seq, redo_seqs=[], event=event)
    cardfacts.remember(session, type, params, session.state)  # session.state: the state it was decided on
    body = {"event": event_dict(event), "version": version, "state": decision.state, "outcome": outcome,
            "notes": list(decision.notes)}
    return WriteResult(201, body, notes=list(decision.notes))


def action_fingerprint(type: str, params: dict, expected_version=None, override_reason=None) -> str:
    return _fingerprint("action", [type, params, expected_version, override_reason])


def session_action_apply(
    *,
    token: str,
    type: str,
    params: dict | None = None,
    expected_version: int | None = None,
    override_reason: str | None = None,
    idempotency_key: str | None = None,
    group: str = "",
) -> WriteResult:
    params = params if params is not None else {}

    def change(session: Session) -> WriteResult:
        return apply_locked(session, type, params, override_reason=override_reason,
                            idempotency_key=idempotency_key, group=group)

    request = [type, params, expected_version, override_reason] + ([group] if group else [])
    return write(token, "action", request, expected_version, idempotency_key, change)


def event_dict(event: Event) -> dict:
    return {
        "seq": event.seq,
        "type": event.type,
        "params": event.params,
        "player": event.player,
        "log": event.log,
        "overridden": [v["rule"] for v in event.overridden],
        "override_reason": event.override_reason or None,
        "undone": event.undone,
        "group": event.group or None,
        "created": event.created.isoformat().replace("+00:00", "Z"),
    }


def _rederive(session: Session) -> dict:
    game = get_game(session.game)
    alive = Event.objects.filter(session=session, undone=False).order_by("seq").values_list("type", "params")
    return replay(game, session.initial_state, alive)


def _state_answer(session: Session, state: dict, redo_seqs: list, **extra) -> WriteResult:
    outcome = get_game(session.game).outcome(state)
    version = store.save_state(session, state, outcome, last_seq=session.last_seq, redo_seqs=redo_seqs)
    return WriteResult(200, {"version": version, "state": state, "outcome": outcome, **extra})


def _top_group(session: Session) -> list[Event]:
    """The newest live event and, when it belongs to a group, the live events of that group just
    below it: one thing the player did, newest first."""
    alive = Event.objects.filter(session=session, undone=False).order_by("-seq")
    newest = alive.first()
    if newest is None:
        return []
    if not newest.group:
        return [newest]
    out = []
    for event in alive[:200]:  # no helper records more steps than this for one thing
        if event.group != newest.group:
            break
        out.append(event)
    return out


def _mark(session: Session, kind: str, events: list[Event]) -> None:
    first = events[0]
    label = first.log or first.type
    if len(events) > 1:
        label = f"{label} (+{len(events) - 1} more)"
    UndoMark.objects.create(session=session, kind=kind, seqs=[e.seq for e in events], label=label[:300])


def session_undo(*, token: str, expected_version: int | None = None, idempotency_key: str | None = None) -> WriteResult:
    def change(session: Session) -> WriteResult:
        group = _top_group(session)
        if not group:
            raise Conflict("Nothing to undo.", session)
        game = get_game(session.game)
        for event in group:
            spec = game.action(event.type, session.mode)
            if spec is not None and not spec.undoable:
                raise Conflict(f"#{event.seq} ({event.log or spec.title}) can't be undone: it shows the table "
                               "something that stays seen. Record what changes instead.", session)
        seqs = [e.seq for e in group]  # newest first: redo takes the oldest back first
        if Event.objects.filter(session=session, seq__in=seqs, undone=False).update(undone=True) != len(seqs):
            raise store.Lost()
        _mark(session, "undo", group[::-1])
        return _state_answer(session, _rederive(session), [*session.redo_seqs, *seqs], undone=seqs[0],
                             undone_seqs=sorted(seqs))

    return write(token, "undo", [expected_version], expected_version, idempotency_key, change)


def session_redo(*, token: str, expected_version: int | None = None, idempotency_key: str | None = None) -> WriteResult:
    def change(session: Session) -> WriteResult:
        if not session.redo_seqs:
            raise Conflict("Nothing to redo.", session)
        stack = list(session.redo_seqs)
        first = Event.objects.get(session=session, seq=stack.pop())
        events = [first]
        while first.group and stack:
            nxt = Event.objects.get(session=session, seq=stack[-1])
            if nxt.group != first.group:
                break
            events.append(nxt)
            stack.pop()
        seqs = [e.seq for e in events]
        if Event.objects.filter(session=session, seq__in=seqs, undone=True).update(undone=False) != len(seqs):
            raise store.Lost()
        # The redo stack empties on every new action, so the state now is exactly the state these
        # events were first applied to.
        state = session.state
        game = get_game(session.game)
        for event in events:
            apply_unchecked(game, state, event.type, event.params, mode=session.mode)
        _mark(session, "redo", events)
        return _state_answer(session, state, stack, redone=seqs[0], redone_seqs=seqs)

    return write(token, "redo", [expected_version], expected_version, idempotency_key, change)


def idempotency_keys_expire(days: int) -> int:
    """Forget first answers older than `days`; returns how many were dropped."""
    cutoff = timezone.now() - timedelta(days=days)
    deleted, _ = IdempotentResponse.objects.filter(created__lt=cutoff).delete()
    return deleted
