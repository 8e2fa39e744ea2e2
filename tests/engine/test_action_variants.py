"""One action type, another parameter schema per mode: a duel's attack aims at a seat, an adventure's
at a villain. The engine picks the session's mode's variant; the API lists both and says which is which."""
import pytest

from api.presenters import game_detail
from api.schema import _component_name
from tracker.engine import (
    ActionSpec, Action, Game, Mode, ParamError, Phase, Rule, actions_table, decide, initial_state, replay, rules_table,
)
from tracker.engine.schema import obj, seat, string


def _hit_seat(state, params, ctx):
    state["players"][params["target"]]["hits"] += 1
    return "a seat is hit"


def _hit_villain(state, params, ctx):
    state["villains"][params["villain"]] = state["villains"].get(params["villain"], 0) + 1
    return "a villain is hit"


DUEL = ActionSpec("declare_attack", "Attack a hero", obj(("player", "target"), player=seat(), target=seat()),
                  _hit_seat, modes=frozenset({"duel"}))
ADVENTURE = ActionSpec("declare_attack", "Attack a villain", obj(("player", "villain"), player=seat(),
                                                                villain=string(20)),
                       _hit_villain, modes=frozenset({"adventure"}))
GAME = Game(
    slug="variants", title="Variants", modes=(Mode("duel", "Duel", 2, 2), Mode("adventure", "Adventure", 1, 2)),
    phases=(Phase("play", "Play"),), actions=actions_table(DUEL, ADVENTURE),
    rules=rules_table(Rule("variants.R1", "Phases", "[Play]", "Not now."), Rule("variants.H1", "Over", "[End]", "Over.")),
    setup=lambda mode, players, options: {"mode": mode, "phase": "play", "players": [
        {"name": p["name"], "hits": 0} for p in players], "villains": {}},
    outcome=lambda state: None, phase_rule="variants.R1", game_over_rule="variants.H1",
)
PLAYERS = [{"name": "Ann"}, {"name": "Ben"}]


def test_each_mode_gets_its_own_variant():
    duel = initial_state(GAME, "duel", PLAYERS, {})
    hit = decide(GAME, duel, Action("declare_attack", {"player": 0, "target": 1}))
    assert hit.accepted and hit.state["players"][1]["hits"] == 1 and hit.log == "a seat is hit"
    with pytest.raises(ParamError) as err:
        decide(GAME, duel, Action("declare_attack", {"player": 0, "villain": "orc"}))
    assert {"params.target", "params.villain"} <= set(err.value.errors)

    adventure = initial_state(GAME, "adventure", PLAYERS, {})
    hit = decide(GAME, adventure, Action("declare_attack", {"player": 0, "villain": "orc"}))
    assert hit.accepted and hit.state["villains"] == {"orc": 1}
    with pytest.raises(ParamError):
        decide(GAME, adventure, Action("declare_attack", {"player": 0, "target": 1}))
    assert replay(GAME, adventure, [("declare_attack", {"player": 0, "villain": "orc"})]) == hit.state


def test_variants_must_name_modes_no_other_variant_has():
    with pytest.raises(ValueError):
        actions_table(DUEL, DUEL)
    with pytest.raises(ValueError):
        actions_table(DUEL, ActionSpec("declare_attack", "Any", obj(), _hit_seat))
    assert GAME.action("declare_attack", "duel") is DUEL and GAME.action("declare_attack", "adventure") is ADVENTURE
    assert GAME.action_specs() == [DUEL, ADVENTURE] and GAME.shares_type("declare_attack")


def test_the_api_lists_each_variant_with_its_modes():
    listed = [a for a in game_detail(GAME, None)["actions"] if a["type"] == "declare_attack"]
    assert [(a["modes"], sorted(a["params"]["properties"])) for a in listed] == [
        (["duel"], ["player", "target"]), (["adventure"], ["player", "villain"])]
    assert _component_name(GAME, DUEL) == "VariantsDeclareAttackAction"
    assert _component_name(GAME, ADVENTURE) == "VariantsDeclareAttackAdventureAction"
