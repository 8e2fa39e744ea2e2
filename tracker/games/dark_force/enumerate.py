"""Candidate legal actions for a duel state, for the conformance harness; each part adds its own."""
from __future__ import annotations

from tracker.engine.kit.enumerate import act as _a

from .state import HAND_LIMIT

# part modules register functions (state, game) -> list[Action] | None here (movement, combat, magic,
# naval); `game` is the whole game, for parts that offer only what its rules accept
PART_ENUMERATORS: list = []


def enumerate_actions(state: dict, game) -> list:
    if state.get("result"):
        return []
    if state["phase"] == "setup":
        return [_a("roll_for_first", player=s, roll=r) for s in (0, 1) if state["roll_off"]["rolls"][s] is None
                for r in (2, 5)]
    for part in PART_ENUMERATORS:
        found = part(state, game)
        if found:
            return found
    a = state["active_player"]
    p = state["players"][a]
    out = []
    if state["phase"] == "start":
        if p["draws_this_turn"] is None:
            out += [_a("choose_draws", player=a, count=n) for n in (0, 1, 2) if n <= p["deck_count"] - 1 or n == 0]
            if not p["mulligan_used"] and p["deck_count"] > p["hand_count"]:
                out.append(_a("mulligan", player=a))
        else:
            out.append(_a("next_step", player=a))
    elif state["phase"] in ("movement", "combat"):
        out.append(_a("next_step", player=a))
    elif state["phase"] == "discard":
        excess = p["hand_count"] - HAND_LIMIT
        out.append(_a("discard_excess", player=a, count=excess) if excess > 0 else _a("end_turn", player=a))
    out.append(_a("destroy", player=1 - a, card="Mercenary", kind="hero", value=2))
    return out
