"""A game that is nobody's, for the card memory on its own: a league of rounds (a round counts for its
league, as a scenario counts for its campaign), cards played with their cost, a pile named beside
them, a card played face down, and a check against the card last played."""
import pytest

import api.urls  # noqa: F401  (the URLs are built from the real games' links before this one registers)
from tracker import games as catalog
from tracker.engine import ActionSpec, Game, Mode, Phase, Rule, actions_table, rules_table
from tracker.engine.kit.cards import CardFacts, declared
from tracker.engine.kit.links import Link
from tracker.engine.schema import boolean, integer, obj, seat, string


def _play(state, params, ctx):
    state["last"] = params["card"]
    return f"{params['card']} played."


def _check(state, params, ctx):
    return f"Check against {state['last']}."


TALLY = Game(
    slug="tally", title="A tally",
    modes=(Mode("round", "Round", 1, 2), Mode("league", "League", 1, 2)),
    phases=(Phase("play", "Play"),),
    actions=actions_table(
        ActionSpec("play", "Play a card",
                   obj(("player", "card"), player=seat(), card=string(40), cost=integer(0, 9), fast=boolean(),
                       pile=obj(("name",), name=string(40), size=integer(0, 9)), target=seat()),
                   _play, rules=("tally.R1",), modes=frozenset({"round"})),
        ActionSpec("hide", "Play a card face down", obj(("player", "card"), player=seat(), card=string(40),
                                                         cost=integer(0, 9)), _play, modes=frozenset({"round"})),
        ActionSpec("check", "Check against the card in play", obj(("player",), player=seat(),
                                                                   difficulty=integer(0, 20)),
                   _check, modes=frozenset({"round"})),
        ActionSpec("note", "A note", obj(("text",), text=string(40)), lambda s, p, c: None,
                   modes=frozenset({"league"})),
    ),
    rules=rules_table(
        Rule("tally.R1", "Nothing dearer than 5", "[Costs]", "Too dear.",
             lambda state, params, ctx: params.get("cost", 0) > 5 or None),
        Rule("tally.R2", "Phases", "[Play]", "Not now."), Rule("tally.H1", "Over", "[End]", "Over.", hard=True)),
    setup=lambda mode, players, options: {"mode": mode, "phase": "play", "players": [dict(p) for p in players],
                                          "last": None, "league": options.get("league")},
    outcome=lambda state: None,
    phase_rule="tally.R2", game_over_rule="tally.H1",
    options_schema=obj(league=string(64)),
)

LINK = Link(name="league", parent_mode="league", child_modes=("round",), record_action="note",
            record_key="record-round-", record_params=lambda parent, child, outcome: {"text": "round"})

CARD_FACTS = {
    "play": (CardFacts("card", ("cost", "fast")), CardFacts("pile.name", ("size",), kind="pile")),
    "hide": CardFacts("card", ("cost",), private=True),
    "check": CardFacts(None, ("difficulty",), in_play=lambda state: state.get("last")),
}


@pytest.fixture
def tally(db):
    registry, plugins = catalog._catalog()
    registry.register(TALLY)
    plugins[TALLY.slug] = catalog.Plugin(package="tally", game=TALLY, page=None, links=(LINK,), demo=(),
                                         cards=declared(CARD_FACTS))
    yield
    del registry._games[TALLY.slug], plugins[TALLY.slug]


@pytest.fixture
def new(api, tally):
    def _new(mode="round", **options):
        response = api.post("/api/sessions/", {"game": "tally", "mode": mode, "players": [{"name": "Ann"}],
                                               "options": options}, format="json")
        assert response.status_code == 201, response.json()
        return response.json()

    return _new


@pytest.fixture
def play(api):
    def _play(session, type_="play", expected=201, **params):
        response = api.post(f"/api/sessions/{session['id']}/actions/",
                            {"type": type_, "params": {"player": 0, **params}}, format="json")
        assert response.status_code == expected, response.json()
        return response.json()

    return _play


@pytest.fixture
def known(api):
    def _known(session, token=None, **query):
        response = api.get(f"/api/sessions/{token or session['id']}/cards/", query)
        assert response.status_code == 200, response.json()
        return {(c["kind"], c["name"]): c["facts"] for c in response.json()}

    return _known
