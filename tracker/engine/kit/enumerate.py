"""Helpers for a game's `enumerate_actions`: the legal moves the conformance harness plays."""
from __future__ import annotations

from ..runtime import Action


def act(action_type: str, **params) -> Action:
    """An offered action: `act("draw_cards", player=0, count=2)`."""
    return Action(action_type, params)


def passes(game_rules, rule_ids, state: dict, params: dict, ctx) -> bool:
    """Whether an action with these params passes every listed rule check (for enumerators that must
    offer only what is legal and would otherwise mirror each check by hand)."""
    return not any(game_rules[r].check and game_rules[r].check(state, params, ctx) for r in rule_ids)
