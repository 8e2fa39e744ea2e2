"""A finished child session recorded in the parent it counts for (a scenario in its campaign, a duel in
its tournament): one action of the parent, applied at most once per child whatever Idempotency-Key the
request carries or lacks. Several phones tapping "Record" at the end of a game all get the first answer."""
from __future__ import annotations

from tracker import selectors, store
from tracker.engine import LinkError
from tracker.errors import BadRequest, NotFound, ReadOnly
from tracker.games import get_game
from tracker.models import Event, Session

from . import linking, sessions


def _recorded(parent: Session, action: str, child: Session) -> Event | None:
    """The live record of this child in the parent, made under any key (records carry the child's
    view token as `session`)."""
    return (Event.objects.filter(session=parent, type=action, undone=False, params__session=child.view_id)
            .order_by("-seq").first())


def _answer_again(parent: Session, event: Event) -> sessions.WriteResult:
    if event.fingerprint:  # the record's event keeps its own key's answer
        return sessions.answer_again(parent, store.Reply("action", event.fingerprint, 201, event.version, event.seq, None))
    first = store.find_reply(parent.pk, event.idempotency_key) if event.idempotency_key else None
    if first is not None:
        return sessions.answer_again(parent, first)
    # recorded before first answers were kept under the record's own key: say so with today's state
    return sessions.WriteResult(200, {"event": sessions.event_dict(event), "version": parent.version,
                                      "state": parent.state, "outcome": parent.outcome, "notes": []},
                                replayed=True)


def _free_key(parent: Session, key: str) -> str:
    # an undone record keeps its key; recording the child again takes a new one
    if not Event.objects.filter(session=parent, idempotency_key=key).exists():
        return key
    return f"{key}.{parent.last_seq + 1}"


def record(*, token: str, link: str | None = None, idempotency_key: str | None = None
           ) -> tuple[Session, str, sessions.WriteResult]:
    """Record the finished session `token` (its edit link) in its parent: (parent, link name, answer).

    `link` names the link when the request came by its alias URL (/campaign/, /tournament/)."""
    access = selectors.session_get(token)
    if access is None:
        raise NotFound("No session with this id.")
    if not access.can_write:
        raise ReadOnly("This is a view-only link; recording needs the edit link.")
    child = access.session
    found, parent = linking.parent_of(child, link)

    def change(locked: Session) -> sessions.WriteResult:
        earlier = _recorded(locked, found.record_action, child)
        if earlier is not None:
            return _answer_again(locked, earlier)
        if not child.outcome:
            mode = get_game(child.game).mode(child.mode)
            raise BadRequest(f"This {mode.title.lower()} isn't over yet.", {"outcome": ["finish it first"]})
        try:
            params = found.record_params(locked.state, child.state, child.outcome)
        except LinkError as exc:
            raise BadRequest(exc.detail, exc.errors) from exc
        params = dict(params, session=child.view_id)
        key = _free_key(locked, f"{found.record_key}{child.pk}")
        return sessions.apply_locked(locked, found.record_action, params, idempotency_key=key,
                                     fingerprint=sessions.action_fingerprint(found.record_action, params))

    result = sessions.write(parent.pk, "record", [child.pk], None, idempotency_key, change)
    return parent, found.name, result
