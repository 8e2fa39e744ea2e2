"""Writes to a session: create, apply an action, undo, redo. Each is one transaction and either
changes a session whole or not at all."""
from __future__ import annotations

import hashlib
import json
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
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


def _read_for_write(token: str, key: str | None, lock: bool = True) -> tuple[Session, store.Reply | None]:
    session, reply = store.load_for_write(token, key, lock=lock)
    if session is None:
        if Session.objects.filter(view_id=token).exists():
            raise ReadOnly("This is a view-only link; it cannot change the game.")
        raise NotFound("No session with this id.")
    return session, reply


def _same_request(reply: store.Reply | None, endpoint: str, fingerprint: str) -> store.Reply | None:
    if reply is not None and (reply.endpoint != endpoint or reply.fingerprint != fingerprint):
        raise BadRequest(
            "This Idempotency-Key was already used for a different request.",
            {"Idempotency-Key": ["already used for a different request; send a new key"]},
        )
    return reply


def remember(session: Session, key: str | None, endpoint: str, fingerprint: str, result: WriteResult) -> None:
    """Keep what gives this answer again: the version it made and, for an action, the event's seq.

    An answer that was itself given again (a record answered from an older one) is kept whole
    when the log cannot rebuild it: one the older code kept whole, or today's state for a record
    made before any were kept."""
    if not key or (endpoint == "action" and not result.replayed):
        return  # a fresh action's event carries its key and fingerprint (apply_locked)
    version = result.body["version"]
    seq = result.body["event"]["seq"] if "event" in result.body else None
    whole = None
    if result.replayed and not Event.objects.filter(session=session, seq=seq, version=version).exists():
        whole = result.body
    store.insert(IdempotentResponse(session=session, key=key, endpoint=endpoint, fingerprint=fingerprint,
                                    status=result.status, version=version, seq=seq, body=whole))


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


def _with_retries(first, then, token):
    # A lost race is tried again on the latest state, `then` holding the lock (so phones that keep
    # colliding queue up instead of losing again): without expected_version the action is simply
    # re-validated; with it, the retry's version check answers 409, unless the winner was this very
    # request sent twice, whose key now gives back its first answer.
    for fn in (first, then, then, then, then):
        try:
            return fn()
        except (store.Lost, IntegrityError):
            pass
    session = Session.objects.filter(pk=token).first()
    if session is None:
        raise NotFound("No session with this id.")
    raise Conflict("Another phone changed the game at the same moment; try again.", session)


def write(token: str, endpoint: str, request, expected_version, idempotency_key, change,
          fingerprint: str | None = None, *, single_statement: bool = False) -> WriteResult:
    """The shape every write shares: read the session, answer a retried Idempotency-Key with its
    first answer, check the version, make `change(session)` and keep the answer for later retries.
    A lost race is tried again.

    As a rule this is one transaction holding the session's lock. A `single_statement` change (an
    action: its event and state go in one statement, compare-and-swap on version) on PostgreSQL
    first tries without either: the read and the write are one round trip each, and the swap
    refuses a write computed on a version another phone moved on from; the retry takes the lock."""
    fingerprint = fingerprint or _fingerprint(endpoint, request)

    def attempt(lock: bool = True) -> WriteResult | tuple[Session, store.Reply]:
        session, reply = _read_for_write(token, idempotency_key, lock=lock)
        if _same_request(reply, endpoint, fingerprint):
            return session, reply
        _check_version(session, expected_version)
        result = change(session)
        remember(session, idempotency_key, endpoint, fingerprint, result)
        # once, after the commit (at once when there is no transaction); an answer given again (a
        # retried key above, a record already made) changed nothing and publishes nothing
        if not result.replayed:
            transaction.on_commit(partial(live.publish, session.pk, result.body["version"]))
        return result

    def locked() -> WriteResult | tuple[Session, store.Reply]:
        with transaction.atomic():
            return attempt()

    unlocked = single_statement and connection.vendor == "postgresql" and not connection.in_atomic_block
    done = _with_retries(partial(attempt, lock=False) if unlocked else locked, locked, token)
    # Rebuilt once the lock is let go: it reads only rows that never change (the log up to the
    # key's version), and a long log takes a replay's time.
    return answer_again(*done) if isinstance(done, tuple) else done


def apply_locked(session: Session, type: str, params: dict, *, override_reason: str | None = None,
                 idempotency_key: str | None = None, group: str = "", fingerprint: str = "") -> WriteResult:
    """Decide and record one action on a session already locked for this transaction. With a key, the
    event keeps it and `fingerprint` (what the keyed request asked), which answer its retries."""
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
        idempotency_key=idempotency_key or None, fingerprint=fingerprint if idempotency_key else "",
        engine_version=game.engine_version, group=group or "",
    )
    outcome = game.outcome(decision.state)
    event.version = session.version + 1
    named = cardfacts.named(session, type, params, session.state)  # session.state: the state it was decided on
    # the cards it named are kept with the action or not at all: a transaction, where write() has none open
    with transaction.atomic(savepoint=False) if named else nullcontext():
        version = store.save_state(session, decision.state, outcome, last_seq=seq, redo_seqs=[], event=event)
        cardfacts.keep(session, named)
    return WriteResult(201, _action_body(event, version, decision, outcome), notes=list(decision.notes))


def _action_body(event: Event, version: int, decision, outcome) -> dict:
    shown = event_dict(event)
    shown["params"] = _as_stored(shown["params"])  # as a retry reads them back
    return {"event": shown, "version": version, "state": decision.state, "outcome": outcome,
            "notes": list(decision.notes)}


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

    request = [type, params, expected_version, override_reason] + ([group] if group else [])
    fingerprint = _fingerprint("action", request)

    def change(session: Session) -> WriteResult:
        return apply_locked(session, type, params, override_reason=override_reason, idempotency_key=idempotency_key,
                            group=group, fingerprint=fingerprint)

    return write(token, "action", request, expected_version, idempotency_key, change, fingerprint,
                 single_statement=True)


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
    UndoMark.objects.create(session=session, kind=kind, seqs=[e.seq for e in events], label=label[:300],
                            version=session.version + 1)


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


# --- A retried Idempotency-Key's first answer, rebuilt from the log -------------------------------

def _as_stored(value):
    """`value` with its objects' keys in the order the database gives them back.

    PostgreSQL's jsonb returns keys shorter first, then bytewise; a rebuilt answer starts from
    states read back that way, so a first answer that showed its own order would differ in bytes.
    SQLite keeps the order written."""
    if connection.vendor != "postgresql":
        return value
    if isinstance(value, dict):
        return {k: _as_stored(value[k]) for k in sorted(value, key=lambda k: (len(k.encode()), k.encode()))}
    if isinstance(value, list):
        return [_as_stored(v) for v in value]
    return value


def _written_by(model, session: Session, version: int) -> Q:
    # Rows from before versions were kept (NULL) all came before every versioned row.
    return model.objects.filter(Q(version__isnull=True) | Q(version__lte=version), session=session)


def _state_at(session: Session, version: int) -> dict:
    """The state the session had at `version`: the events written by then, less those the undo and
    redo marks written by then had taken back, replayed in seq order (as undo itself does)."""
    undone: set[int] = set()
    for kind, seqs in _written_by(UndoMark, session, version).order_by("pk").values_list("kind", "seqs"):
        if kind == "undo":
            undone.update(seqs)
        else:
            undone.difference_update(seqs)
    alive = [(t, p) for seq, t, p in _written_by(Event, session, version).order_by("seq")
             .values_list("seq", "type", "params") if seq not in undone]
    return replay(get_game(session.game), session.initial_state, alive)


def _rebuilt(session: Session, reply: store.Reply) -> dict | None:
    """The first answer of the write `reply` stands for, or None when the log cannot give it."""
    game, version = get_game(session.game), reply.version
    if version is None:
        return None
    if reply.seq is not None:
        event = Event.objects.filter(session=session, seq=reply.seq, version=version).first()
        if event is None:
            return None
        # decided again on the state it was first decided on: the same state, outcome and notes
        before = _as_stored(_state_at(session, version - 1))
        decision = decide(game, before, Action(event.type, event.params, event.override_reason or None),
                          mode=session.mode)
        if not decision.accepted:  # the engine changed its mind since (a new engine_version)
            return None
        event.undone = False  # as it was when first answered
        return _action_body(event, version, decision, game.outcome(decision.state))
    mark = UndoMark.objects.filter(session=session, version=version, kind=reply.endpoint).first()
    if mark is None:
        return None
    if mark.kind == "undo":  # undo replays the live log from the start, so does its answer
        state = _state_at(session, version)
        extra = {"undone": mark.seqs[-1], "undone_seqs": sorted(mark.seqs)}
    else:  # redo applied its events on the state it found, so does its answer
        state = _as_stored(_state_at(session, version - 1))
        events = {e.seq: e for e in Event.objects.filter(session=session, seq__in=mark.seqs)}
        for seq in mark.seqs:
            apply_unchecked(game, state, events[seq].type, events[seq].params, mode=session.mode)
        extra = {"redone": mark.seqs[0], "redone_seqs": list(mark.seqs)}
    return {"version": version, "state": state, "outcome": game.outcome(state), **extra}


def answer_again(session: Session, reply: store.Reply) -> WriteResult:
    """The first answer again, for a retried Idempotency-Key."""
    body = reply.body if reply.body is not None else _rebuilt(session, reply)
    if body is None:  # rows the log cannot speak for: say where the game is now, as records always did
        session.refresh_from_db(fields=["version", "state", "outcome"])
        body = {"version": session.version, "state": session.state, "outcome": session.outcome}
        event = Event.objects.filter(session=session, seq=reply.seq).first() if reply.seq is not None else None
        if event is not None:
            body = {"event": event_dict(event), **body, "notes": []}
    return WriteResult(reply.status, body, replayed=True)


def idempotency_keys_expire(days: int) -> int:
    """Forget first answers older than `days`; returns how many were dropped."""
    cutoff = timezone.now() - timedelta(days=days)
    deleted, _ = IdempotentResponse.objects.filter(created__lt=cutoff).delete()
    return deleted
