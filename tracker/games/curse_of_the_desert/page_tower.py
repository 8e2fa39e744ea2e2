"""The Curse of the Desert page in mode `borbarad` (Part Two: the Curse of Borbarad, in the tower).

The round is Part One's (step 0 move, 1A-1C, the hero's turn, the opponents, time), so the draw, the
endurance, the hero's attacks, the skill test and the opponents' guide are page_night's panels, and the
heroes and the row are page.py's. What is the tower's own is here: the header (exploration, round, the Time
Row counting down, the Death's Candidate stage with its tokens, the section this exploration leads to), the
tower grid with its floors and the moves the engine takes (a face-down card is entered through a picker: its
name, and its floor when the app cannot know it), the last entry (Tower Card or Learning Card), the
Treasure of Knowledge (Learning Cards, floor experience and Insight, environments, Task Cards, the Vagabond,
hunger and thirst) and the ways an exploration ends. The section reader, the start-of-exploration helper and
the outcome are in page_section.py. Every tap is asked of the engine first (`Offer`, `page_kit.step`): a
refusal is shown with its rule and a tap-anyway, never hidden.
"""
from __future__ import annotations

import json

from tracker.engine.kit.presenter import Offer, Quick, Table, stepper, why_not
from tracker.engine.kit.seats import name_of

from .page_kit import movers_and_fox, step
from .page_night import _draw, _endurance, _hero, _opponents, mover, test_helper
from .page_section import outcome, section_reader, tower_setup
from .state import IN_NIGHT, ROUND, label, neighbours
from .tower import (
    ENTRANCE, FINAL, FLOOR_COLOURS, FLOOR_TITLES, FLOORS, INSIGHT_AT, OBJECTIVE_TOKENS, TASK_CARDS, TOWER_PHASES,
    floors_in_play,
)

STEP_TITLES = {"move": "Move", "draw": "Draw", "endurance": "Endurance", "ready": "Ready",
               "hero_turn": "Hero", "opponents": "Opponents", "time": "Time"}
# An environment whose tokens the table counts, and adjust_counter's name for them.
ENV_COUNTERS = {"Orc Shaman": "orc_shaman", "Eleven Friends": "eleven_friends"}
END_REASONS = (("death", "The hero died"), ("objective", "The Death's Candidate card's Objective ends it"),
               ("retreat", "Retreat (a card allows it)"), ("deck_empty", "The Hero Deck is spent (a card ends it)"))
# A stand-in name for asking the engine whether a face-down neighbour may be entered: the name decides
# nothing but the removed cards (R79), which the picker's own submit then answers.
PROBE = "(a face-down card)"


def stage_title(stage: int) -> str:
    return "final" if stage == FINAL else str(stage)


# ------------------------------------------------------------------ always shown

def _header(table: Table, offer: Offer) -> dict:
    state = table.state
    in_round = state["phase"] in IN_NIGHT and table.can_write and not state.get("outcome")
    start, pos = state["time_start"], state["time_pos"]

    def counter(name: str, amount: int, testid: str) -> Quick | None:
        if not in_round:
            return None
        sign = "+" if amount > 0 else "\u2212"
        return offer(f"{sign}{abs(amount)}", "adjust_counter", {"counter": name, "amount": amount}, testid)

    return {
        "exploration": state["exploration"], "round": state["round"], "in_round": state["phase"] in IN_NIGHT,
        "phase": TOWER_PHASES.get(state["phase"], state["phase"]),
        "time": pos, "time_start": start, "time_row": [{"n": n, "here": n == pos, "past": n > pos}
                                                        for n in range(start, -1, -1)],
        "time_zero": pos == 0,
        "stage": stage_title(state["dc_stage"]), "final": state["dc_stage"] == FINAL,
        "stages": [{"n": n, "title": stage_title(n), "here": n == state["dc_stage"], "done": n < state["dc_stage"]}
                   for n in range(1, FINAL + 1)],
        "dc_tokens": state["dc_tokens"], "dc_need": OBJECTIVE_TOKENS if state["dc_stage"] == 4 else None,
        "dc_plus": counter("dc_tokens", 1, "cotd-dc-plus"), "dc_minus": counter("dc_tokens", -1, "cotd-dc-minus"),
        "read_next": state["read_next"], "fate_pool": state["fate_pool"],
        "solo": len(state["players"]) == 1,
        "token": name_of(state, state["starting_player"]) if len(state["players"]) > 1 else None,
    }


def _steps(state: dict) -> list[dict]:
    phase = state["phase"]
    return stepper([(p, STEP_TITLES[p]) for p in ROUND], ROUND.index(phase) if phase in ROUND else -1)


# ------------------------------------------------------------------ the tower and step 0

def floor_of(state: dict, c: dict) -> str | None:
    return c.get("floor") or (state["tower_cards"].get(c["card"]) if c.get("card") else None)


def _grid(state: dict, moves: dict, enter: dict, soft) -> dict | None:
    g = state.get("grid")
    if not g:
        return None
    here, entrance = state.get("hero_cell"), state.get("entrance")
    rows = []
    for r in range(g["rows"]):
        row = []
        for c in range(g["cols"]):
            cell = g["cells"][r][c]
            floor = floor_of(state, cell)
            row.append({
                "r": r, "c": c, "label": label((r, c)), "face_up": cell["face_up"], "card": cell["card"],
                "shown": soft(cell["card"]),
                "floor": floor, "colour": FLOOR_COLOURS.get(floor or "", ""), "gap": cell["gap"],
                "fe": cell["first_entering"], "visits": cell["visits"], "here": here == [r, c],
                "entrance": entrance == [r, c] or cell["card"] == ENTRANCE,
                "move": moves.get((r, c)), "enter": (enter.get((r, c)) or {}).get("legal", False),
                "cell": json.dumps([r, c]),
            })
        rows.append(row)
    return {"rows": rows, "cols": g["cols"], "here": label(here) if here else None,
            "here_name": g["cells"][here[0]][here[1]]["card"] if here else None}


def _pay(state: dict, seat: int) -> str | None:
    """Endeavor's price for one more move: a Fate Point while the hero holds one, else an Endurance Card."""
    p = state["players"][seat]
    if p["fate_points"] > 0:
        return "fate"
    return "endurance" if p["endurance_total"] > 0 else None


def _names(state: dict) -> list[dict]:
    """Tower Cards the table has named before and that are not face up now: the picker's chips."""
    shown = {c["card"] for row in state["grid"]["cells"] for c in row if c["face_up"] and c["card"]}
    gone = set(state["removed_tower_cards"])
    return [{"name": n, "floor": f, "colour": FLOOR_COLOURS.get(f, "")}
            for n, f in sorted(state["tower_cards"].items(), key=lambda kv: (FLOORS.index(kv[1]), kv[0]))
            if n not in shown and n not in gone]


def _move(table: Table, offer: Offer) -> dict:
    """Step 0: who moves, which cards the engine lets them enter now (a face-up card is one tap, a face-down
    one opens its picker), the neighbours it refuses with their rule; once moved, Endeavor's paid moves."""
    state = table.state
    m = state["moves"]
    seat, again = mover(state)
    endeavor = None
    action, extra = "move_hero", {}
    if seat is None and m["done"] and "Endeavor" in state["environments"] and not state.get("section_due"):
        seat = m["done"][-1]
        pay = _pay(state, seat)
        if pay:
            action, extra = "endeavor_move", {"pay": pay}
            endeavor = {"pay": pay, "fate": state["players"][seat]["fate_points"],
                        "endurance": state["players"][seat]["endurance_total"]}
        else:
            seat = None
    cells, enter, why = {}, {}, []
    stage_floors = floors_in_play(state["dc_stage"])
    if seat is not None:
        here = state["hero_cell"]
        for rc in [here, *neighbours(state, here)]:
            c = state["grid"]["cells"][rc[0]][rc[1]]
            stay = list(rc) == here
            params = {"player": seat, "to": list(rc), **extra}
            probe = dict(params)
            if not c["face_up"] and not c["card"]:
                probe["card"] = PROBE
                if not floor_of(state, c):
                    probe["floor"] = stage_floors[0]
            what = c["card"] or f"the face-down card at {label(rc)}"
            verb = "Stay on" if stay else ("Endeavor: move to" if endeavor else "Move to")
            refusal = why_not(table, action, probe)
            face_down = not c["face_up"] and not c["card"]
            if not refusal:
                if face_down:
                    enter[tuple(rc)] = _picker(state, action, params, rc, legal=True)
                else:
                    cells[tuple(rc)] = Quick(f"{verb} {what}", action, params, testid=f"cotd-cell-{label(rc)}")
                continue
            quick = Quick(f"{verb} {what}", action, params, testid=f"cotd-cell-{label(rc)}")
            item = {"refusal": refusal, "label": label(rc), "name": what, "testid": f"cotd-why-{label(rc)}",
                    "soft": not any(v["hard"] for v in refusal), "anyway": None if face_down else quick,
                    "enter": json.dumps(list(rc)) if face_down else None}
            if face_down:
                # entered anyway through its picker: the refusal sheet then asks for the reason
                enter[tuple(rc)] = _picker(state, action, params, rc, legal=False)
            why.append(item)
    order, fox = movers_and_fox(state, offer, seat)
    return {"seat": seat, "who": name_of(state, seat) if seat is not None else None, "again": again,
            "endeavor": endeavor, "cells": cells, "enter": enter, "why": why, "order": order,
            "group": len(state["players"]) > 1, "fox": fox,
            "next": offer("Card draw \u2192", "advance_phase", {}, "cotd-next", primary=True)}


def _picker(state: dict, action: str, params: dict, rc, legal: bool) -> dict:
    """Entering a face-down card: the app has never seen it, so the table names it (a name seen before is a
    chip, its floor known), taps its floor when more than one floor is in play, and ticks First Entering."""
    c = state["grid"]["cells"][rc[0]][rc[1]]
    floors = floors_in_play(state["dc_stage"])
    ask_floor = len(floors) > 1 and not floor_of(state, c)
    return {"label": label(rc), "cell": json.dumps(list(rc)), "action": action, "legal": legal,
            "preset": json.dumps(params, sort_keys=True), "names": _names(state),
            "floors": [{"floor": f, "title": FLOOR_TITLES[f], "colour": FLOOR_COLOURS[f]} for f in floors]
            if ask_floor else [], "testid": f"cotd-enter-{label(rc)}"}


def _last_entry(state: dict) -> dict | None:
    e = state.get("last_entry")
    if not e:
        return None
    card = e["card"] or f"the card at {label(e['cell'])}"
    says = {"tower": f"Apply {card}'s Tower Card, then take its Learning Card (it helps from the next entry on).",
            "learning": f"You own {card}'s Learning Card: apply the Learning Card instead of the Tower Card.",
            "again": f"First Entering, entered again this exploration: {card} does nothing now; move on at once."}
    return {**e, "name": card, "label": label(e["cell"]), "says": says[e["effect"]]}


# ------------------------------------------------------------------ the Treasure of Knowledge

def _floors(table: Table, offer: Offer, live: bool) -> list[dict]:
    state = table.state
    out = []
    for f in FLOORS:
        xp, need, have = state["floor_xp"][f], INSIGHT_AT[f], state["insight"].get(f)
        item = {"floor": f, "title": FLOOR_TITLES[f], "colour": FLOOR_COLOURS[f], "xp": xp, "need": need,
                "track": [{"n": n, "on": n <= xp, "insight": n == need} for n in range(0, 11)],
                "cards": state["floor_cards"][f], "in_play": bool(state["floor_cards"][f]) or
                state["floor_cards"][f] is None, "insight": have, "take": None, "use": None}
        if live and xp >= need and not have:
            item["take"] = step(table, "take_insight_card", {"floor": f}, f"Take the {FLOOR_TITLES[f]} Insight Card",
                                f"cotd-insight-take-{f}")
        if live and have == "taken":
            item["use"] = offer(f"Use the {FLOOR_TITLES[f]} Insight Card", "use_insight_card", {"floor": f},
                                f"cotd-insight-use-{f}")
        out.append(item)
    return out


def _knowledge(table: Table, offer: Offer) -> dict:
    state = table.state
    live = table.can_write and state["phase"] in IN_NIGHT and not state.get("outcome")

    def tap(counter: str, amount: int, testid: str) -> Quick | None:
        sign = "+" if amount > 0 else "\u2212"
        return offer(f"{sign}{abs(amount)}", "adjust_counter", {"counter": counter, "amount": amount}, testid) \
            if live else None

    envs = []
    for name, env in state["environments"].items():
        key = ENV_COUNTERS.get(name)
        slug = key or name.lower().replace(" ", "-").strip("!")
        envs.append({"name": name, "tokens": env["tokens"], "counted": bool(key), "slug": slug,
                     "plus": tap(key, 1, f"cotd-env-plus-{slug}") if key else None,
                     "minus": tap(key, -1, f"cotd-env-minus-{slug}") if key else None})
    tasks = []
    if state["tasks_unlocked"]:
        for i, card in enumerate(TASK_CARDS):
            gained = card in state["tasks_gained"]
            tasks.append({"card": card, "gained": gained, "i": i,
                          "gain": offer(f"Gain {card}", "gain_task_card", {"card": card}, f"cotd-task-{i}")
                          if live and not gained else None})
    learning = [{"name": n, "floor": state["tower_cards"].get(n), "colour": FLOOR_COLOURS.get(
        state["tower_cards"].get(n) or "", "")} for n in state["learning_cards"]]
    needs = [{"key": k, "title": t, "n": state[k], "plus": tap(k, 1, f"cotd-{k}-plus"),
              "minus": tap(k, -1, f"cotd-{k}-minus")} for k, t in (("hunger", "Hunger"), ("thirst", "Thirst"))]
    return {"floors": _floors(table, offer, live), "learning": learning, "envs": envs, "tasks": tasks,
            "vagabond": state["vagabond"], "needs": needs, "removed": state["removed_tower_cards"],
            "orc_closed": state["orc_pile_closed"],
            "effects": _effects(table, offer) if live else None}


def _effects(table: Table, offer: Offer) -> dict:
    """What a card's text does beside the round: a card turned up without entering it, the Time Counter
    moved, the Orc pile closed (Bull Skull Shrine)."""
    state = table.state
    down = [{"label": label((r, c)), "cell": json.dumps([r, c])}
            for r, row in enumerate(state["grid"]["cells"]) for c, x in enumerate(row) if not x["face_up"]]
    floors = floors_in_play(state["dc_stage"])
    return {"down": down, "names": _names(state),
            "floors": [{"floor": f, "title": FLOOR_TITLES[f], "colour": FLOOR_COLOURS[f]} for f in floors]
            if len(floors) > 1 else [],
            "time": [q for q in (offer("Time \u22121", "adjust_counter", {"counter": "time", "amount": -1},
                                       "cotd-time-minus"),
                                 offer("Time +1", "adjust_counter", {"counter": "time", "amount": 1}, "cotd-time-plus"))
                     if q],
            "orc": offer("Bull Skull Shrine: no more Orcs from the pile", "close_orc_pile", {}, "cotd-close-orc")}


# ------------------------------------------------------------------ the round's steps

def _time(table: Table, offer: Offer) -> dict:
    state = table.state
    return {"advanced": state["time_advanced"], "pos": state["time_pos"],
            "advance": offer("Move the Time Counter one space left", "advance_time", {}, "cotd-time-advance",
                             primary=True) if not state["time_advanced"] else None,
            "next": offer(f"Round {state['round'] + 1} \u2192", "advance_phase", {}, "cotd-next",
                          primary=bool(state["time_advanced"]))}


def _end(table: Table) -> list[dict]:
    return [step(table, "end_exploration", {"reason": k}, t, f"cotd-end-{k}") for k, t in END_REASONS]


STEP_VIEWS = {"draw": ("draw", _draw), "endurance": ("endurance", _endurance), "hero_turn": ("hero", _hero),
              "opponents": ("opponents", _opponents), "time": ("tower_time", _time)}


def tower_steps(table: Table, offer: Offer) -> dict:
    state = table.state
    phase = state["phase"]
    out: dict = {}
    seat_hint = state.get("active_player")
    if phase == "move":
        out["move"] = _move(table, offer)
        out["next"] = out["move"]["next"]
        seat_hint = out["move"]["seat"]
    elif phase == "ready":
        out["next"] = offer("Hero's turn \u2192", "advance_phase", {}, "cotd-next", primary=True)
    elif phase in STEP_VIEWS:
        key, build = STEP_VIEWS[phase]
        out[key] = build(table, offer)
        out["next"] = out[key]["next"]
    last = state.get("last_test")
    if seat_hint is None and last:
        seat_hint = last["player"]
    out["test"] = test_helper(table, seat_hint if seat_hint is not None else state["starting_player"])
    out["end"] = _end(table)
    return out


# ------------------------------------------------------------------ the page

def tower_context(table: Table, villains, heroes, soft) -> dict:
    """The tower page's `cotd`; `villains` and `heroes` are page.py's panels (the row and the heroes are
    the same in both parts), `soft` its way of breaking a long card name in a narrow cell."""
    state = table.state
    offer = Offer(table)
    in_round = state["phase"] in IN_NIGHT and not state.get("outcome")
    steps = tower_steps(table, offer) if table.can_write and in_round else {}
    move = steps.get("move") or {}
    return {
        "tower": True, "header": _header(table, offer), "steps": _steps(state),
        "grid": _grid(state, move.get("cells", {}), move.get("enter", {}), soft) if in_round else None,
        "last_entry": _last_entry(state) if in_round else None,
        "knowledge": _knowledge(table, offer),
        "villains": villains(state) if in_round else None, "heroes": heroes(table, offer),
        "section": section_reader(table) if state["phase"] == "section" else None,
        "setup": tower_setup(table) if table.can_write and state["phase"] == "exploration_setup"
        and not state.get("outcome") else None,
        "outcome": outcome(table, offer), **steps,
    }
