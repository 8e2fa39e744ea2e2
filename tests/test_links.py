"""The link machinery on its own, with a game that is nobody's: a saga whose campaign is fed by two parts
(as Curse of the Desert's campaign will be, by Nedime and Borbarad). Links are data; the core links
children at creation, records each finished one at most once and exports the parent."""
import csv
import io

import pytest

from tracker import games as catalog
from tracker.engine import ActionSpec, Game, LinkError, Mode, Phase, Rule, actions_table, rules_table
from tracker.engine.kit.links import Export, Link, Prepared
from tracker.engine.schema import boolean, enum, obj, seat, string

pytestmark = pytest.mark.django_db


def _finish(state, params, ctx):
    state["won"] = params["won"]
    return "The part is over."


def _record(state, params, ctx):
    state["parts"].append({"part": params["part"], "result": params["result"], "session": params["session"]})
    return f"{params['part']} recorded."


SAGA = Game(
    slug="saga", title="A saga",
    modes=(Mode("part_one", "Part one", 1, 1), Mode("part_two", "Part two", 1, 1), Mode("campaign", "Campaign", 1, 1)),
    phases=(Phase("play", "Play"),),
    actions=actions_table(
        ActionSpec("finish", "Finish the part", obj(("player", "won"), player=seat(), won=boolean()), _finish,
                   modes=frozenset({"part_one", "part_two"})),
        ActionSpec("record_part", "Record a part", obj(("part", "result", "session"), part=string(20),
                                                        result=enum("won", "lost"), session=string(64)),
                   _record, rules=("saga.R1",), modes=frozenset({"campaign"})),
    ),
    rules=rules_table(
        Rule("saga.R1", "A part counts once", "[Campaign]", "That part is recorded already.",
             lambda state, params, ctx: any(p["part"] == params["part"] and p["session"] == params["session"]
                                            for p in state["parts"])),
        Rule("saga.R2", "Phases", "[Play]", "Not now."), Rule("saga.H1", "Over", "[End]", "Over.", hard=True)),
    setup=lambda mode, players, options: {"mode": mode, "phase": "play", "players": [dict(p) for p in players],
                                          "won": None, "parts": [], "saga": options.get("saga"),
                                          "hero_points": options.get("hero_points", 0)},
    outcome=lambda state: None if state.get("won") is None else {
        "result": "won" if state["won"] else "lost", "winners": [0] if state["won"] else []},
    phase_rule="saga.R2", game_over_rule="saga.H1",
    options_schema=obj(saga=string(64), hero_points=seat()),
)


def _prepare(parent, mode, players, options):
    if mode == "part_two" and not any(p["part"] == "part_one" for p in parent["parts"]):
        raise LinkError("Part one comes first.", {"options.saga": ["record part one in the campaign first"]})
    return Prepared(players, dict(options, hero_points=len(parent["parts"])), options)


LINK = Link(name="saga", parent_mode="campaign", child_modes=("part_one", "part_two"), record_action="record_part",
            record_key="record-part-", prepare=_prepare,
            record_params=lambda parent, child, outcome: {"part": child["mode"], "result": outcome["result"]},
            exports=(Export("parts.csv", ("part", "result"), lambda state: state["parts"]),))


@pytest.fixture
def saga():
    registry, plugins = catalog._catalog()
    registry.register(SAGA)
    plugins[SAGA.slug] = catalog.Plugin(package="saga", game=SAGA, page=None, links=(LINK,), demo=())
    yield
    del registry._games[SAGA.slug], plugins[SAGA.slug]


def _new(api, mode, **options):
    response = api.post("/api/sessions/", {"game": "saga", "mode": mode, "players": [{"name": "Ann"}],
                                           "options": options}, format="json")
    return response


def _played(api, mode, campaign, won=True):
    part = _new(api, mode, saga=campaign["id"])
    assert part.status_code == 201, part.json()
    body = {"type": "finish", "params": {"player": 0, "won": won}}
    assert api.post(f"/api/sessions/{part.json()['id']}/actions/", body, format="json").status_code == 201
    return part.json()


def test_a_campaign_fed_by_two_parts_counts_each_once(api, saga):
    campaign = _new(api, "campaign").json()
    one = _played(api, "part_one", campaign)
    assert one["state"]["saga"] == campaign["view_id"] and campaign["id"] not in str(one["state"])
    for _ in range(2):
        recorded = api.post(f"/api/sessions/{one['id']}/record/", format="json")
        assert recorded.status_code == 201 and recorded.json()["saga"]["id"] == campaign["id"]
    two = _played(api, "part_two", campaign, won=False)
    assert two["state"]["hero_points"] == 1  # the parent shaped the child's setup
    assert api.post(f"/api/sessions/{two['id']}/record/", format="json", HTTP_IDEMPOTENCY_KEY="x").status_code == 201
    parts = api.get(f"/api/sessions/{campaign['id']}/").json()["state"]["parts"]
    assert [(p["part"], p["result"]) for p in parts] == [("part_one", "won"), ("part_two", "lost")]
    assert [p["session"] for p in parts] == [one["view_id"], two["view_id"]]

    exported = api.get(f"/api/sessions/{campaign['view_id']}/export/parts.csv")
    assert exported.status_code == 200
    assert list(csv.reader(io.StringIO(exported.content.decode()))) == [
        ["part", "result"], ["part_one", "won"], ["part_two", "lost"]]


def test_the_link_refuses_what_its_game_refuses_and_what_is_not_a_parent(api, saga):
    campaign = _new(api, "campaign").json()
    early = _new(api, "part_two", saga=campaign["id"])
    assert early.status_code == 400 and "options.saga" in early.json()["errors"]
    other_part = _played(api, "part_one", campaign)
    assert _new(api, "part_one", saga=other_part["id"]).status_code == 400  # a part is no campaign
    unfinished = _new(api, "part_one", saga=campaign["id"]).json()
    assert api.post(f"/api/sessions/{unfinished['id']}/record/", format="json").status_code == 400
    alone = _new(api, "part_one").json()
    assert api.post(f"/api/sessions/{alone['id']}/record/", format="json").status_code == 400
    assert api.get(f"/api/sessions/{other_part['id']}/export/parts.csv").status_code == 404
