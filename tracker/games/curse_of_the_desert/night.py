"""A night from its preparation to its end: the palace laid out, the Fate Pile, the first guards; then
dawn, retreat, imprisonment or rescue, and what carries into the next night."""
from __future__ import annotations

from tracker.games.aventuria.kit import ATTACK_TYPES, place

from .state import (
    ADVENTURE_POINTS, COMP_LP, COURTYARD, FATE_CARDS, FATE_KINDS, MANTICORE_PER_NIGHT, OPENING_HAND,
    SCALED_LEADERS, DECK, cell, clear_night, hasrabal_names, label, lp_max, movers, neighbours, solo,
)


def grid_size(hasrabal: list) -> tuple[int, int]:
    # [The Palace]: "Locked Doors" builds 4 rows of 5
    return (4, 5) if "Locked Doors" in hasrabal_names(hasrabal) else (4, 6)


def manticore_count(state: dict) -> int:
    # [The Palace > Less than 4 cards in the Manticore Pile]
    return min(MANTICORE_PER_NIGHT, state["manticore_left"])


def starting_fate_pile(hasrabal: list) -> dict:
    if "Dark Fortune" in hasrabal:
        return {"great_fortune": 0, "fortune": 0, "misfortune": 1, "great_misfortune": 1}
    return {k: 1 for k in FATE_KINDS}


def start_night(state: dict, params: dict) -> list[str]:
    clear_night(state)
    hasrabal = hasrabal_names(params.get("hasrabal"))
    rows, cols = grid_size(hasrabal)
    manticores = {tuple(rc) for rc in params.get("manticore_cells") or []}
    court = list(params["courtyard"])
    cells = [[{"face_up": False, "manticore": (r, c) in manticores, "card": None, "locked": False, "visits": 0,
               "gap": False, "first_entering": False}
              for c in range(cols)] for r in range(rows)]
    state["grid"] = {"rows": rows, "cols": cols, "cells": cells}
    yard = cell(state, court)
    yard.update(face_up=True, card=COURTYARD, manticore=False)
    # [The Palace]: the Courtyard's row and column turn up, Manticore Cards excepted (also under
    # "Extinguished Lights": [Rules Questions and Answers > Extinguished Lights])
    for r in range(rows):
        for c in range(cols):
            if (r == court[0] or c == court[1]) and not cells[r][c]["manticore"]:
                cells[r][c]["face_up"] = True
    state.update(
        hasrabal=hasrabal, alert_stage=min(4, 1 + hasrabal.count("Raised Alert")), courtyard=court, hero_cell=list(court),
        exploration=state["exploration"] + 1, exploration_end_reason=None, round=1, turn=1, phase="move",
        fate_pile=starting_fate_pile(hasrabal), fox_hand_open=True, outcome=None,
    )
    state["fate_reserve"] = {k: FATE_CARDS[k] - state["fate_pile"][k] for k in FATE_KINDS}
    n = len(state["players"])
    bonus = COMP_LP * state["comp_tokens"] if solo(state) else 0
    for p in state["players"]:
        lp = lp_max(n) + bonus
        p.update(life_points=lp, starting_life_points=lp_max(n), fate_points=0, hand_count=OPENING_HAND,
                 draw_deck_count=DECK + p["venom_in_deck"] - OPENING_HAND, discard_count=0, removed_count=0,
                 endurance_total=0, endurance_ready=0, temp_endurance=0, endurance_played_this_turn=0,
                 endurance_this_round=0, endurance_cards=[], permanents=[], special_ability_available=True,
                 attacks_this_turn={t: False for t in ATTACK_TYPES}, extra_attacks_this_turn=0, mulligan_done=False,
                 unconscious=False, turn_done=False, phase_draw_done=False, last_test=None)
    for raw in params.get("villains") or []:
        add_villain(state, raw, "right")
    begin_moves(state)
    lines = [f"Night {state['exploration']}: the palace is {rows}x{cols}, the Courtyard at {label(court)}."]
    if hasrabal:
        lines.append(f"Hasrabal: {', '.join(hasrabal)}.")
    pile = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in state["fate_pile"].items() if v)
    lines.append(f"Fate Pile: {pile}. Time Scale of alert stage {state['alert_stage']}, counter on Start.")
    return lines


def add_villain(state: dict, raw: dict, position: str) -> dict:
    """A henchman or leader into the row: leaders named by the group rules grow with the group."""
    raw = dict(raw)
    extra = len(state["players"]) - 1
    if extra and raw.get("name") in SCALED_LEADERS and not raw.get("scaled"):
        if isinstance(raw.get("actions", 1), int):
            raw["actions"] = raw.get("actions", 1) + extra
        if isinstance(raw.get("life_points"), int):
            raw["life_points"] += 10 * extra
    raw.pop("scaled", None)
    raw.pop("position", None)
    v = place(state, raw)
    if position == "left":
        state["villains"].remove(v)
        state["villains"].insert(0, v)
    return v


def begin_moves(state: dict) -> None:
    state["moves"] = {"order": movers(state), "done": [], "again": None, "last": None}


def reveal_around(state: dict, rc) -> list[str]:
    """[0 Move Hero]: the face-down neighbours turn up, Manticore Cards excepted."""
    turned = []
    for n in neighbours(state, rc):
        c = cell(state, n)
        if not c["face_up"] and not c["manticore"] and not c["gap"]:
            c["face_up"] = True
            turned.append(label(n))
    return turned


def end_night(state: dict, reason: str, who: int | None = None) -> str:
    """The night ends at once ([End of the Exploration]); what carries over stays, the rest waits for
    the next night's preparation. Returns the summary line."""
    state["nights"].append({"exploration": state["exploration"], "reason": reason, "rounds": state["round"],
                            "hearts_broken": state["hearts"]["broken"]})
    state.update(exploration_end_reason=reason, phase="exploration_setup", pending_attack=None, opponent_turn=None,
                 active_player=None, moves=None, end_pending=False, fox_hand_open=False)
    for v in state["villains"]:
        if v["status"] == "active":
            v["status"] = "removed"
    text = {"retreat": "The heroes retreat through the Courtyard: the night is over.",
            "dawn": "Dawn: the night is over and the heroes slip out wherever they stand.",
            "imprisoned": "Imprisoned: the night is over.",
            "rescued": "Nedime is rescued!"}[reason]
    if reason == "imprisoned":
        state["imprisonments"] += 1
        for seat in ([who] if who is not None else range(len(state["players"]))):
            state["players"][seat]["hero_version"] = "alternate"
        state["hero_version"] = state["players"][0]["hero_version"]
        if state["imprisonments"] >= 2:
            return text + " " + lose(state, "the hero was imprisoned a second time")
        text += " From the next night on the hero plays the alternate version."
    if reason == "rescued":
        for p in state["players"]:
            p["adventure_points"] += ADVENTURE_POINTS
        state["adventure_points"] = ADVENTURE_POINTS
        state["phase"] = "adventure_end"
        state["outcome"] = {"result": "won", "winners": list(range(len(state["players"]))),
                            "reason": "Nedime is rescued"}
        return text + f" The adventure is won: {ADVENTURE_POINTS} Adventure Points each."
    if state["hearts"]["broken"] >= state["hearts"]["total"]:
        return text + " " + lose(state, "every Heart token shows the broken side")
    return text


def lose(state: dict, reason: str) -> str:
    state["phase"] = "adventure_end"
    state["outcome"] = {"result": "lost", "winners": [], "reason": reason}
    return f"The adventure is lost: {reason}. It restarts from its setup."
