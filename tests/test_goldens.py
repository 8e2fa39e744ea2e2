"""The goldens of tests/goldens.py: what a refactoring must leave exactly as it was, for every pinned game."""
import os

import pytest

from tests import goldens

UPDATE = os.environ.get("UPDATE_GOLDENS") == "1"


def _check(name: str, text: str) -> None:
    path = goldens.GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden {name}: run with UPDATE_GOLDENS=1 once (and read the diff)"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden (tests/golden/{name})"


PINNED = goldens.pinned(UPDATE)


@pytest.mark.parametrize("game", PINNED, ids=lambda g: g.slug)
def test_game_tables_are_unchanged(game):
    _check(f"games/{game.slug}.json", goldens.dump(goldens.game_facts(game)))


def test_api_game_bodies_are_unchanged(api, db):
    slugs = {g.slug for g in PINNED}
    _check("api/games.json", goldens.dump([g for g in api.get("/api/games/").json() if g["slug"] in slugs]))
    for game in PINNED:
        _check(f"api/games-{game.slug}.json", goldens.dump(api.get(f"/api/games/{game.slug}/").json()))


def test_openapi_document_is_unchanged(api, db):
    _check("api/openapi.json", goldens.dump(goldens.pinned_only(api.get("/api/schema/").json(), PINNED)))


@pytest.mark.parametrize("game,mode", goldens.cases(UPDATE), ids=lambda x: getattr(x, "slug", x))
def test_state_fragment_of_a_canned_session_is_unchanged(api, client, db, game, mode):
    session = goldens.canned_session(api, game, mode)
    _check(f"fragments/{game.slug}-{mode.slug}.html", goldens.fragment(client, session))
