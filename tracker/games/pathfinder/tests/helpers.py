"""Helpers for the Pathfinder scenario tests: build states, run actions, read refusals. No Django."""
from __future__ import annotations

from tracker.engine import Action, decide, initial_state
from tracker.games.pathfinder import GAME

# The rulebook gives no Valeros hand size, favored card or skills: the table types them at setup (a
# made-up card: hand size 4, favors weapons, Strength d10 and nothing else, so every other skill is a
# d4). Kyra's and Ezren's hand sizes are typed too; Kyra's Strength d8 is the rulebook's.
VALEROS = {"name": "Ann", "character": "Valeros", "hand_size": 4, "favored": "weapon", "skills": "Strength d10"}
ONE = [VALEROS]
KYRA = {"name": "Ben", "character": "Kyra", "hand_size": 5}
TWO = [VALEROS, KYRA]
THREE = [VALEROS, KYRA, {"name": "Cid", "character": "Ezren", "hand_size": 6}]


def new(players=None, **options) -> dict:
    """A scenario in its setup phase (default: Ann/Valeros alone, hourglass 30)."""
    options.setdefault("hourglass", 30)
    return initial_state(GAME, "scenario", players or ONE, options)


def run(state, type_, params=None, override=None):
    return decide(GAME, state, Action(type_, dict(params or {}), override))


def _as_action(item):
    if isinstance(item, Action):
        return item
    type_, params = item
    return Action(type_, dict(params))


def play(state, *actions) -> dict:
    """Apply each action (an Action or a (type, params) pair), asserting each is accepted without override."""
    for item in actions:
        action = _as_action(item)
        result = decide(GAME, state, action)
        assert result.accepted, (action.type, action.params, [v.as_dict() for v in result.violations])
        assert not result.overridden, (action.type, [v.as_dict() for v in result.overridden])
        state = result.state
    return state


def ok(state, type_, **params) -> dict:
    return play(state, (type_, params))


def refused(state, type_, params=None) -> set:
    """Assert the action is refused; return the ids of the rules it broke."""
    result = run(state, type_, params)
    assert not result.accepted, f"{type_} {params} was accepted"
    return {v.rule_id for v in result.violations}


def started(players=None, first=0, **options) -> dict:
    """Setup done and the first hour advanced: the first player's give step."""
    state = new(players, **options)
    if first:
        state = ok(state, "choose_first_player", player=first)
    return ok(state, "advance_hour", player=first)


def seat(state, i) -> dict:
    return state["players"][i]


def loc(state, name) -> dict:
    return next(l for l in state["locations"] if l["name"] == name)


def here(state, i) -> dict:
    return loc(state, state["players"][i]["location"])


def outcome(state):
    return GAME.outcome(state)
