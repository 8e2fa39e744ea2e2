"""Params that name what the state does not hold: a cell off the plan, an opponent not in the row, a
Fate Card not in the pile. Malformed, so a 400 naming the field (tracker.engine.ParamError)."""
from __future__ import annotations

from tracker.games.aventuria.kit import villain

from .actions_tests import NO_VALUE, target_of
from .night import grid_size
from .state import FATE_TITLES, HASRABAL, cell, hasrabal_name, label

CELL_PARAMS = ("to", "cell", "with")
FATE_DRAWS = ("consult_fate", "draw_fate_card")


def _cell_error(rows, cols, rc) -> str | None:
    r, c = rc
    if not (0 <= r < rows and 0 <= c < cols):
        return f"no space {list(rc)} on a {rows}x{cols} palace (rows 0-{rows - 1}, columns 0-{cols - 1})"
    return None


def _night_cards(params, errors):
    for i, raw in enumerate(params.get("hasrabal") or []):
        if hasrabal_name(raw) is None:
            errors[f"params.hasrabal.{i}"] = [f"no Hasrabal Card {raw!r}; the eight are of: {', '.join(HASRABAL)}"]


def _night_cells(params, errors):
    rows, cols = grid_size(params.get("hasrabal") or [])
    why = _cell_error(rows, cols, params["courtyard"])
    if why:
        errors["params.courtyard"] = [why]
    seen = set()
    for i, rc in enumerate(params.get("manticore_cells") or []):
        why = _cell_error(rows, cols, rc) or (f"{label(rc)} is named twice" if tuple(rc) in seen else None)
        seen.add(tuple(rc))
        if why:
            errors[f"params.manticore_cells.{i}"] = [why]


def _test_errors(state, params, errors):
    if bool(params.get("skill")) == bool(params.get("attribute")):
        errors["params.skill"] = ["name either the skill or the attribute tested"]
        return
    target = target_of(state, params)
    roll = params.get("roll")
    if roll is None and not (target == NO_VALUE or (isinstance(target, int) and target <= 0)):
        errors["params.roll"] = ["roll the D20: only a value of 0 or less, or \"-\", fails without a roll"]
    elif target is None and params.get("success") is None and roll not in (None, 1, 20) and not params.get("change"):
        who = state["players"][params["player"]]["name"]
        what = (params.get("skill") or params.get("attribute")).replace("_", " ")
        errors["params.value"] = [f"{who}'s {what} is not recorded: give the value, or whether the test succeeded"]


def _dodge_errors(state, params, errors):
    """A Dodge test of a hero whose Dodge is not recorded needs the value (or the result): a 1 always
    succeeds and a 20 always fails ([Tests > Procedure]), every other roll depends on it."""
    p = state["players"][params["player"]]
    known = isinstance(params.get("value"), int) or isinstance(p["attributes"].get("dodge"), int)
    if not known and params.get("success") is None and params["roll"] not in (1, 20):
        errors["params.value"] = [f"{p['name']}'s Dodge is not recorded: give the value, or whether the dodge succeeded"]


def param_errors(state, action_type, params) -> dict:
    errors: dict[str, list[str]] = {}
    if action_type == "start_exploration":
        _night_cards(params, errors)
        _night_cells(params, errors)
    grid = state.get("grid")
    for key in CELL_PARAMS:
        if key in params and grid:
            if cell(state, params[key]) is None:
                errors[f"params.{key}"] = [_cell_error(grid["rows"], grid["cols"], params[key]) or "no such space"]
    vid = params.get("villain")
    if isinstance(vid, str) and villain(state, vid) is None:
        ids = ", ".join(v["id"] for v in state.get("villains", [])) or "none"
        errors["params.villain"] = [f"no opponent {vid} in the row (ids: {ids})"]
    if action_type in FATE_DRAWS:
        pile = state["fate_pile"]
        card = params.get("card")
        if sum(pile.values()) and card is None:
            errors["params.card"] = ["say which Fate Card was drawn (the pile is not empty)"]
        elif card is not None and not sum(pile.values()):
            errors["params.card"] = ["the Fate Pile is empty: leave the card out (the result is the worst one)"]
        elif card is not None and pile[card] < 1:
            held = ", ".join(f"{n} {FATE_TITLES[k]}" for k, n in pile.items() if n)
            errors["params.card"] = [f"no {FATE_TITLES[card]} card in the Fate Pile (it holds {held})"]
    if action_type == "test_roll" and isinstance(params.get("player"), int):
        _test_errors(state, params, errors)
    if action_type == "dodge_roll" and isinstance(params.get("player"), int):
        _dodge_errors(state, params, errors)
    if action_type == "fulfill_card" and not params.get("story_card") and grid and cell(state, params["cell"]) \
            and (cell(state, params["cell"])["card"] or "").casefold() != "bedchamber":
        errors["params.story_card"] = ["name the Story Card the fulfilled card names (only the Bedchamber has none)"]
    if action_type == "adjust_counter" and params.get("counter") == "doom" and not params.get("villain"):
        errors["params.villain"] = ["name the opponent whose Doom Counters change"]
    if action_type == "play_endurance" and params.get("source") == "permanent" and not params.get("card"):
        errors["params.card"] = ["name the permanent card turned face down"]
    return errors
