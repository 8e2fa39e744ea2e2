"""Cards typed once are remembered. What an accepted action says about the cards it names (as its game
declares in CARD_FACTS, tracker.engine.kit.cards) is kept for the session's scope, and offered again
by name: on the table page (a list of known names per sort of card) and at /api/sessions/{id}/cards/.

The scope is the campaign or tournament the session counts for (the root, if that one counts for
another in turn), else the session itself: every scenario of one campaign shares what its players
typed, and no other table ever sees it."""
from __future__ import annotations

import json
import unicodedata

from django.db.models import Case, IntegerField, When

from tracker.engine.kit import cards
from tracker.errors import BadRequest
from tracker.games import get_game, plugin
from tracker.models import CardFact, Session

from . import linking

ANSWER_LIMIT = 20  # names in one answer of the API: an autocomplete shows no more
PAGE_LIMIT = 200  # names per page render, the most recently typed: the page stays small


def scope_of(session: Session) -> Session:
    """The session whose cards this one shares: the root of the links it counts for, or itself."""
    seen = {session.pk}
    while (found := linking.find_parent(session)) is not None:
        parent = found[1]
        if parent.pk in seen:  # links never loop; should data ever say so, stop where it started
            break
        seen.add(parent.pk)
        session = parent
    return session


def _declared(session: Session) -> cards.Declared:
    found = plugin(session.game)
    return found.cards if found else {}


def named(session: Session, action_type: str, params: dict, state_before: dict) -> list[tuple[str, str, dict]]:
    """What an action gives about its cards, to keep if it is recorded: (kind, name, facts) each."""
    decls = _declared(session).get(action_type)
    spec = get_game(session.game).action(action_type, session.mode) if decls else None
    if spec is None:
        return []
    return [(decl.kind, *found) for decl in decls if not decl.private
            and (found := cards.read(decl, params, spec.params, state_before)) is not None]


def keep(session: Session, typed: list[tuple[str, str, dict]]) -> int:
    """Keep what `named` found; the number of cards. Runs in the action's transaction, so an action
    that is not recorded keeps nothing."""
    if typed:
        scope = scope_of(session)
        for kind, name, facts in typed:
            _upsert(scope, session.game, kind, name, facts)
    return len(typed)


def _upsert(scope: Session, game: str, kind: str, name: str, facts: dict) -> CardFact:
    key = cards.fold(name)[:cards.NAME_MAX]
    # get_or_create survives two phones of one campaign naming a new card at once (it retries the read)
    row, created = CardFact.objects.get_or_create(scope=scope, kind=kind, key=key,
                                                  defaults={"game": game, "name": name, "facts": facts})
    if not created:
        row = CardFact.objects.select_for_update().get(pk=row.pk)
        row.name, row.facts = name, cards.merge(row.facts, facts)
        row.save(update_fields=["name", "facts", "updated"])
    return row


def card_dict(row: CardFact) -> dict:
    return {"name": row.name, "kind": row.kind, "facts": row.facts,
            "updated": row.updated.isoformat().replace("+00:00", "Z")}


def _checked_query(session: Session, q, kind) -> tuple[str, str | None]:
    q = "" if q is None else q
    if len(q) > cards.NAME_MAX:
        raise BadRequest("Bad card search.", {"q": [f"at most {cards.NAME_MAX} characters"]})
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in q):
        raise BadRequest("Bad card search.", {"q": ["no control characters"]})
    known = cards.kinds(_declared(session))
    if kind is not None and kind not in known:
        hint = f"one of {', '.join(known)}" if known else "this game keeps no cards"
        raise BadRequest("Bad card search.", {"kind": [hint]})
    return cards.fold(q), kind


def offered(session: Session, q: str | None = None, kind: str | None = None) -> list[dict]:
    """The cards known in the session's scope whose name contains `q` (any case), names starting with
    it first; without `q`, the most recently typed. At most ANSWER_LIMIT."""
    folded, kind = _checked_query(session, q, kind)
    rows = CardFact.objects.filter(scope=scope_of(session))
    if kind:
        rows = rows.filter(kind=kind)
    if folded:
        starts = Case(When(key__startswith=folded, then=0), default=1, output_field=IntegerField())
        rows = rows.filter(key__contains=folded).annotate(starts=starts).order_by("starts", "key", "kind")
    else:
        rows = rows.order_by("-updated", "key")
    return [card_dict(row) for row in rows[:ANSWER_LIMIT]]


def _form_entry(decl: cards.CardFacts, spec, state: dict) -> dict:
    """How cards.js reads one declaration: the name field, the list of names, the fact fields; which of
    those are yes/no (an unticked box says "no"); the card in play a form is about; whether the phone
    keeps it to itself."""
    entry = {"name": decl.name, "list": f"tk-cards-{decl.kind}", "facts": list(decl.facts)}
    flags = [f for f in decl.facts if cards.is_flag(spec.params, decl, f)]
    if flags:
        entry["flags"] = flags
    if decl.in_play is not None:
        entry["current"] = cards.card_name(cards.CardFacts(name=None, in_play=decl.in_play), {}, state)
    if decl.private:
        entry["private"] = True
    return entry


def page_context(session: Session, state: dict, can_write: bool) -> dict | None:
    """What the table page needs to offer known cards in its forms (templates/table/_cards.html,
    static/js/cards.js): one list of names per sort of card, and which forms name which cards. None
    where nothing is offered (a view-only phone records nothing)."""
    decls = _declared(session)
    game = get_game(session.game)
    if not can_write or not decls or game is None:
        return None
    forms = {}
    for action_type, entries in decls.items():
        spec = game.action(action_type, session.mode)
        if spec is not None:
            forms[action_type] = [_form_entry(d, spec, state) for d in entries]
    if not forms:
        return None
    rows = CardFact.objects.filter(scope=scope_of(session)).order_by("-updated")[:PAGE_LIMIT]
    known = {kind: [] for kind in cards.kinds({t: decls[t] for t in forms})}
    for row in sorted(rows, key=lambda r: r.key):
        if row.kind in known:
            known[row.kind].append({"name": row.name, "facts": json.dumps(row.facts, separators=(",", ":"), sort_keys=True)})
    return {
        "game": session.game,
        "forms": json.dumps(forms, separators=(",", ":")),
        "lists": [{"kind": kind, "id": f"tk-cards-{kind}", "known": names} for kind, names in known.items()],
    }
