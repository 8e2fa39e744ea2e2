"""Reads of what links sessions: which parent a child counts for, by which of its game's links, and
what that link exports. The links themselves are game data (a game's `links.py`)."""
from __future__ import annotations

from tracker.engine import Game, LinkError
from tracker.engine.kit.links import Export, Link
from tracker.errors import BadRequest
from tracker.games import links as all_links, plugin
from tracker.models import Session


def links_of(game: Game) -> tuple[Link, ...]:
    found = plugin(game.slug)
    return found.links if found else ()


def link_names() -> list[str]:
    """Every link name any game declares ("campaign", "tournament"): the alias URLs."""
    return sorted({link.name for _, link in all_links()})


def export_names() -> list[str]:
    return sorted({export.name for _, link in all_links() for export in link.exports})


def _parent_by_token(token) -> Session | None:
    return Session.objects.filter(pk=token).first() if isinstance(token, str) and token else None


def _no_such(link: Link) -> BadRequest:
    return BadRequest(f"No such {link.name}.", {f"options.{link.name}": [
        f"give the {link.name}'s edit link token (the {link.name} page's share sheet shows it)"]})


def _bad(exc: LinkError) -> BadRequest:
    return BadRequest(exc.detail, exc.errors)


def prepare(game: Game, mode: str, players: list, options: dict):
    """(players, engine options, options to store, check(state)) for a session about to be created:
    every link of its game that its mode counts for and its options name a parent of shapes it."""
    checks = []
    engine_options, stored = options, options
    for link in links_of(game):
        token = options.get(link.name) if isinstance(options, dict) else None
        if mode not in link.child_modes or not token:
            continue
        parent = _parent_by_token(token)
        if parent is None or parent.game != game.slug or parent.mode != link.parent_mode:
            raise _no_such(link)
        if link.prepare is not None:
            try:
                ready = link.prepare(parent.state, mode, players, engine_options)
            except LinkError as exc:
                raise _bad(exc) from exc
            players, engine_options, stored = ready.players, ready.engine_options, ready.stored_options
        # the state, which view-only phones read, names the parent by its view token
        engine_options = dict(engine_options, **{link.name: parent.view_id})
        if link.check is not None:
            checks.append((link.check, parent.state))

    def check(state):
        for fn, parent_state in checks:
            try:
                fn(parent_state, state)
            except LinkError as exc:
                raise _bad(exc) from exc

    return players, engine_options, stored, check


def find_parent(child: Session, name: str | None = None) -> tuple[Link, Session] | None:
    """The link and the parent session a child counts for, or None; `name` asks for that link only."""
    game = plugin(child.game)
    candidates = [link for link in (game.links if game else ()) if child.mode in link.child_modes
                  and (name is None or link.name == name)]
    for link in candidates:
        parent = _parent_by_token((child.options or {}).get(link.name))
        if parent is not None and parent.game == child.game and parent.mode == link.parent_mode:
            return link, parent
    return None


def parent_of(child: Session, name: str | None = None) -> tuple[Link, Session]:
    """The link and the parent session a child counts for; `name` asks for that link only."""
    found = find_parent(child, name)
    if found is not None:
        return found
    if name:
        raise BadRequest(f"This session isn't part of a {name}.", {f"options.{name}": [
            f"start it with the {name}'s edit link token to link it"]})
    raise BadRequest("This session counts for nothing else.", {"options": [
        "start it with the edit link token of what it counts for (a campaign, a tournament) to link it"]})


def export_of(session: Session, name: str) -> Export | None:
    """The export `name` of the link whose parent this session is, or None."""
    game = plugin(session.game)
    for link in game.links if game else ():
        if session.mode == link.parent_mode:
            for export in link.exports:
                if export.name == name:
                    return export
    return None
