"""Params that name what the state does not hold: a cell off the plan, an opponent not in the row, a
Fate Card not in the pile. Malformed, so a 400 naming the field (tracker.engine.ParamError)."""
from __future__ import annotations

from tracker.games.aventuria.kit import villain

from .actions_tests import NO_VALUE, target_of
from .night import grid_size
from .sections import missing_floor_sizes, route
from .state import FATE_TITLES, HASRABAL, cell, hasrabal_name, label
from .tower import FLOOR_TITLES, LAYOUTS, REMOVED_AT_MISSION, canonical, floor_cards

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


def _tower_entry(state, params, errors, key):
    """Entering or turning up a face-down Tower Card: the app has never seen it, so the table names it,
    and gives the floor on its back when the tower holds more than one floor and the card is new."""
    c = cell(state, params[key])
    if c is None or c["face_up"]:
        return
    name = params.get("card") or c["card"]
    if not name and key == "to":
        errors["params.card"] = ["name the Tower Card the hero steps onto (it is face down)"]
        return
    if name and not (params.get("floor") or c["floor"] or canonical(state, name) in state["tower_cards"]):
        errors["params.floor"] = [f"{canonical(state, name)} is new to the app: which floor does its back show?"]


def _section_errors(state, params, errors):
    if state["phase"] != "section":
        return
    branch = route(state, bool(params.get("objective_done")))
    removed = params.get("removed_floors")
    if removed is not None:
        if sum(removed.values()) != len(REMOVED_AT_MISSION):
            errors["params.removed_floors"] = [f"the removed cards are {len(REMOVED_AT_MISSION)}; these add up to {sum(removed.values())}"]
            return
        state = {**state, "floor_cards": floor_cards(state["dc_stage"], removed)}
    missing = missing_floor_sizes(state, branch) if not branch.outcome else []
    if missing:
        errors["params.removed_floors"] = ["say how many of the six removed cards came from each floor (their backs "
                                           "show it): the experience counts the cards of each floor in play"]
    for f, n in (params.get("face_up") or {}).items():
        limit = state["floor_cards"][f]
        if limit is not None and n > limit:
            errors[f"params.face_up.{f}"] = [f"the {FLOOR_TITLES[f]} has {limit} cards in play"]


def param_errors(state, action_type, params) -> dict:
    errors: dict[str, list[str]] = {}
    tower = state.get("mode") == "borbarad"
    if action_type == "start_exploration" and tower:
        rows, cols = LAYOUTS[state["dc_stage"]]
        why = _cell_error(rows, cols, params["entrance"])
        if why:
            errors["params.entrance"] = [why.replace("palace", "tower")]
    elif action_type == "start_exploration":
        _night_cards(params, errors)
        _night_cells(params, errors)
    grid = state.get("grid")
    for key in CELL_PARAMS:
        if key in params and grid:
            if cell(state, params[key]) is None:
                errors[f"params.{key}"] = [(_cell_error(grid["rows"], grid["cols"], params[key]) or "no such space")
                                   .replace("palace", "tower" if tower else "palace")]
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
    if tower and action_type in ("move_hero", "endeavor_move", "reveal_card_by_effect") and not errors:
        _tower_entry(state, params, errors, "cell" if action_type == "reveal_card_by_effect" else "to")
    if tower and action_type == "resolve_section":
        _section_errors(state, params, errors)
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
