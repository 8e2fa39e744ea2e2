"""Helpers for the Aventuria engine tests: build states, run actions, assert outcomes. No Django."""
from __future__ import annotations

from tracker.engine import Action, copy_state, decide, initial_state
from tracker.games.aventuria import GAME

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]


def new(mode="duel", n=None, start=0, players=None, **options) -> dict:
    n = n or {"duel": 2, "skirmish": 3, "team_duel": 4}[mode]
    players = players or [{"name": NAMES[i]} for i in range(n)]
    if start is not None:
        options["starting_player"] = start
    return initial_state(GAME, mode, players, options)


def run(state, type_, override=None, **params):
    """Decide one action; `override` is the override reason (params may hold their own `reason`)."""
    return decide(GAME, state, Action(type_, params, override))


def ok(state, type_, **params) -> dict:
    result = run(state, type_, **params)
    assert result.accepted, [v.as_dict() for v in result.violations]
    assert not result.overridden, [v.as_dict() for v in result.overridden]
    return result.state


def refused(state, type_, rule, **params) -> dict:
    """Assert the action is refused and `rule` is among the violations; return {rule id: message}."""
    result = run(state, type_, **params)
    assert not result.accepted, f"{type_} {params} was accepted"
    found = {v.rule_id: v.message for v in result.violations}
    assert f"aventuria.{rule}" in found, found
    return found


def msg(state, type_, rule, **params) -> str:
    return refused(state, type_, rule, **params)[f"aventuria.{rule}"]


def edit(state, fn) -> dict:
    s = copy_state(state)
    fn(s)
    return s


def setp(state, seat, **fields) -> dict:
    return edit(state, lambda s: s["players"][seat].update(fields))


def to_phase(state, phase) -> dict:
    """Step the active hero forward (drawing when due) until `phase`."""
    for _ in range(12):
        if state["phase"] == phase:
            return state
        seat = state["active_player"]
        p = state["players"][seat]
        if state["phase"] == "draw" and not p["phase_draw_done"] and p["draw_deck_count"]:
            state = ok(state, "draw_cards", player=seat, count=2)
        state = ok(state, "advance_phase", player=seat)
    raise AssertionError(f"never reached {phase}")


def end_turn(state) -> dict:
    state = to_phase(state, "end")
    return ok(state, "advance_phase", player=state["active_player"])


def actions_with_endurance(state=None, endurance=3, **attributes) -> dict:
    """Ann (seat 0) in her Actions phase with `endurance` ready Endurance Cards."""
    state = to_phase(state or new(), "actions")
    seat = state["active_player"]
    state = setp(state, seat, endurance_total=endurance, endurance_ready=endurance)
    if attributes:
        state = edit(state, lambda s: s["players"][seat]["attributes"].update(attributes))
    return state


def declared(state=None, attacker=0, target=1, kind="close", **attrs) -> dict:
    state = actions_with_endurance(state, **attrs)
    return ok(state, "declare_attack", player=attacker, attack_type=kind, target=target)


def missed(state=None, roll=15, value=10, **kw) -> dict:
    state = declared(state, **kw)
    attacker = state["pending_attack"]["attacker"]
    return ok(state, "attack_roll", player=attacker, roll=roll, value=value)


def damaged(state=None, damage=9, roll=3, value=14, **kw) -> dict:
    state = declared(state, **kw)
    attacker = state["pending_attack"]["attacker"]
    state = ok(state, "attack_roll", player=attacker, roll=roll, value=value)
    return ok(state, "damage_roll", player=attacker, amount=damage)


def lp(state, seat) -> int:
    return state["players"][seat]["life_points"]


def fp(state, seat) -> int:
    return state["players"][seat]["fate_points"]
