"""Candidate actions for random play in the tower (the conformance harness and the walk test): Part Two's
steps and sections, each kept by enumerate.py only if the engine accepts it."""
from __future__ import annotations

from tracker.engine import Action

from .sections import missing_floor_sizes, route
from .state import neighbours
from .tower import FLOOR_TITLES, LAYOUTS, VAGABOND, floors_in_play, insight_available

ORC = {"name": "Orc Bandit", "kind": "henchman", "tp": 2, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1,
       "keywords": ["Orc"]}
VAGABOND_CARD = {"name": VAGABOND, "kind": "leader", "tp": 5, "life_points": 20, "dodge": 8, "armor": 2, "actions": 2}


def _start(state) -> dict:
    rows, cols = LAYOUTS[state["dc_stage"]]
    k = state["exploration"]
    villains = [ORC] * (2 * len(state["players"]))
    if state["vagabond"] == "to_place":
        villains = [VAGABOND_CARD, *villains]
    return {"entrance": [k % rows, (2 * k + 1) % cols], "villains": villains}


def _named(state, rc) -> dict:
    floors = floors_in_play(state["dc_stage"])
    floor = floors[(rc[0] + rc[1]) % len(floors)]
    return {"card": f"{FLOOR_TITLES[floor]} Room {rc[0]}{rc[1]}", "floor": floor,
            "first_entering": (rc[0] * 3 + rc[1]) % 4 == 1}


def _moves(state) -> list:
    m = state["moves"]
    seat = m["again"] if m["again"] is not None else (m["order"][0] if m["order"] else None)
    out = []
    if seat is None:
        return out
    for to in [state["hero_cell"], *neighbours(state, state["hero_cell"])]:
        out.append(Action("move_hero", {"player": seat, "to": to, **_named(state, to)}))
        out.append(Action("endeavor_move", {"player": seat, "to": to, "pay": "fate", **_named(state, to)}))
    out += [Action("take_insight_card", {"floor": f}) for f in insight_available(state)]
    out.append(Action("fox_hand", {"player": seat, "count": 1}))
    return out


def _section(state) -> list:
    out = []
    for done in (True, False):
        params = {"objective_done": done}
        if not route(state, done).outcome and missing_floor_sizes(state, route(state, done)):
            params["removed_floors"] = {"upper": 1, "middle": 2, "spaceship": 3}
        out.append(Action("resolve_section", params))
    return out


def tower_per_phase(state) -> list:
    phase = state["phase"]
    if phase == "exploration_setup":
        return [Action("start_exploration", _start(state))]
    if phase == "move":
        return _moves(state)
    if phase == "section":
        return _section(state)
    if phase == "time":
        return [Action("advance_time", {}), Action("place_villain", ORC)]
    return []


def tower_extras(state) -> list:
    out = []
    r = state["round"]
    if state["phase"] == "move" and r % 6 == 5:
        out.append(Action("end_exploration", {"reason": "objective" if r % 12 == 5 else "death"}))
    if state["phase"] == "hero_turn":
        seat = state["active_player"]
        if seat is not None:
            out.append(Action("spend_fate_reroll_test", {"player": seat, "roll": 3}))
        out += [Action("adjust_counter", {"counter": "dc_tokens", "amount": 4}),
                Action("gain_task_card", {"card": "Trap Door"}), Action("use_insight_card", {"floor": "upper"}),
                Action("life_point_loss", {"target": 0, "amount": 15}), Action("heal", {"target": 0, "amount": 3}),
                Action("close_orc_pile", {})]
        grid = state.get("grid")
        for rc in ([0, 0], [grid["rows"] - 1, 0]) if grid else ():
            out.append(Action("reveal_card_by_effect", {"cell": rc, **{k: v for k, v in _named(state, rc).items()
                                                                       if k != "first_entering"}}))
    if state["phase"] in ("move", "time") and "Eleven Friends" in state["environments"]:
        out.append(Action("adjust_counter", {"counter": "eleven_friends", "amount": -1}))
    return out
