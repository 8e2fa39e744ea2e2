"""Candidate actions for random play (the conformance harness and the walk test): what a table could
record next, each kept only if the engine accepts it without an override."""
from __future__ import annotations

from tracker.engine import Action, ParamError, decide
from tracker.games.aventuria.kit import active_villains, current_villain, next_villain

from .enumerate_tower import tower_extras, tower_per_phase
from .night import grid_size, manticore_count
from .state import FATE_KINDS, GUARD, HASRABAL, neighbours, solo

GUARD_CARD = {"name": "Honor Guard", "kind": "henchman", "tp": 2, "life_points": 5, "dodge": 6, "armor": 1,
              "actions": 1, "keywords": [GUARD]}


def _night(state) -> dict:
    n = state["hasrabal_cards"]
    names = [HASRABAL[(state["exploration"] + i) % len(HASRABAL)] for i in range(n)]
    rows, cols = grid_size(names)
    court = [state["exploration"] % rows, (state["exploration"] * 2) % cols]
    free = [[r, c] for r in range(rows) for c in range(cols) if [r, c] != court]
    cells = free[::5][:manticore_count(state)]
    return {"hasrabal": names, "courtyard": court, "manticore_cells": cells,
            "villains": [GUARD_CARD] * len(state["players"])}


def _moves(state) -> list:
    m = state["moves"]
    awake = [s for s in m["order"] if s not in m["done"] and not state["players"][s]["unconscious"]]
    seat = m["again"] if m["again"] is not None else next(iter(awake), None)
    out = []
    if seat is not None:
        for to in [state["hero_cell"], *neighbours(state, state["hero_cell"])]:
            out.append(Action("move_hero", {"player": seat, "to": to, "card": "Flower Garden"}))
    out.append(Action("retreat", {"player": m["order"][0]}))
    for s in range(len(state["players"])):
        out.append(Action("fox_hand", {"player": s, "count": 2}))
    return out


def _hero_turn(state) -> list:
    seat = state["active_player"]
    if seat is None:
        return []
    a = state.get("pending_attack")
    out = [Action("test_roll", {"player": seat, "skill": "stealth", "roll": r, "value": 10, "fate_symbol": True})
           for r in (3, 15)]
    out += [Action("consult_fate", {"player": seat, "card": k}) for k in FATE_KINDS]
    out.append(Action("consult_fate", {"player": seat}))
    out.append(Action("spend_fate_reroll", {"player": seat, "roll": 4}))
    if a is None:
        for v in active_villains(state)[:2]:
            out.append(Action("declare_attack", {"player": seat, "attack_type": "close", "villain": v["id"]}))
        out.append(Action("play_action_card", {"player": seat, "card": "Slyness", "cost": 0, "kind": "one_shot"}))
        return out
    out += [Action("attack_roll", {"player": seat, "roll": r, "value": 11}) for r in (2, 16)]
    out += [Action("take_fate", {"player": seat}), Action("attack_failed_final", {"player": seat}),
            Action("damage_roll", {"player": seat, "amount": 6})]
    if a.get("villain"):
        out += [Action("villain_dodge_roll", {"villain": a["villain"], "roll": r}) for r in (3, 18)]
        out.append(Action("damage_villain", {"villain": a["villain"]}))
    return out


def _opponents(state) -> list:
    now = current_villain(state)
    if now is None or now["status"] != "active" or not state["opponent_turn"]["actions_left"]:
        now = next_villain(state) or now
    a = state.get("pending_attack")
    out = []
    if a and a.get("attacker") is None:
        t = a["target"]
        out += [Action("dodge_roll", {"player": t, "roll": r, "value": 10}) for r in (4, 17)]
        out += [Action("spend_fate_reroll", {"player": t, "roll": 5}), Action("apply_damage", {"target": t})]
        return out
    if now is not None:
        out.append(Action("villain_action_roll", {"villain": now["id"], "roll": 1 + state["round"] % 20}))
        target = state["starting_player"] if not solo(state) else 0
        out.append(Action("villain_attack", {"villain": now["id"], "target": target, "amount": 4}))
    return out


def _per_phase(state) -> list:
    phase = state["phase"]
    n = len(state["players"])
    if phase == "exploration_setup":
        return [Action("start_exploration", _night(state))]
    if phase == "move":
        return _moves(state)
    if phase == "draw":
        return [Action("draw_cards", {"player": s, "count": min(2, state["players"][s]["draw_deck_count"]) or 1})
                for s in range(n)]
    if phase == "endurance":
        return [Action("play_endurance", {"player": s, "source": "hand"}) for s in range(n)]
    if phase == "ready":
        return [Action("ready_all", {"player": s}) for s in range(n)]
    if phase == "hero_turn":
        return _hero_turn(state)
    if phase == "opponents":
        return _opponents(state)
    if phase == "time":
        return [Action("advance_time", {"enemy": state["round"] % 3 == 0}), Action("place_villain", GUARD_CARD),
                Action("no_guard_left", {})]
    return []


def _tower_common(state) -> list:
    """The round's steps the tower shares with the palace."""
    if state["phase"] in ("draw", "endurance", "ready", "hero_turn", "opponents"):
        return _per_phase(state)
    return []


def _extras(state) -> list:
    out = []
    if state["phase"] == "exploration_setup" and state["comp_tokens"] < 2:
        out.append(Action("take_comp_token", {}))
    if state["phase"] == "move" and state["round"] % 5 == 0:
        out.append(Action("flip_heart_token", {"direction": "break", "count": 1}))
    if state["phase"] in ("move", "hero_turn"):
        out += [Action("life_point_loss", {"target": 0, "amount": 3}), Action("heal", {"target": 0, "amount": 2}),
                Action("spend_fate_draw", {"player": 0}), Action("add_fate_card", {"kind": "fortune"})]
    if state["phase"] == "move" and state["round"] % 4 == 3:
        out += [Action("nedime_rescued", {}), Action("manticore_poison", {"player": 0})]
    grid = state.get("grid")
    if grid and state["phase"] == "move":
        for r in range(grid["rows"]):
            for c in range(grid["cols"]):
                cell = grid["cells"][r][c]
                if cell["face_up"] and not cell["card"] and not cell["gap"]:
                    out.append(Action("name_card", {"cell": [r, c], "card": "Storeroom", "locked": (r + c) % 5 == 0}))
                    break
    return out


def enumerate_actions(game, state) -> list[Action]:
    if state.get("outcome") is not None:
        return []
    found = []
    tower = state["mode"] == "borbarad"
    own = [*tower_per_phase(state), *_tower_common(state)] if tower else _per_phase(state)
    extras = tower_extras(state) if tower else _extras(state)
    for action in [*own, Action("advance_phase", {}), *extras]:
        try:
            if decide(game, state, action).accepted:
                found.append(action)
        except ParamError:
            continue
    return found
