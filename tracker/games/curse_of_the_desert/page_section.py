"""Between two Tower Explorations on the Curse of the Desert page (mode `borbarad`): the section reader, the
start-of-exploration helper and the outcome of Part Two.

The section reader shows the due section ([Narrative Sections]) for both answers to "was the Objective
achieved?": the steps in the app's words (sections.preview), each floor's experience before and after with
the face-up cards it counts, the Fate Point, the next Death's Candidate and layout; each answer is one tap
(resolve_section), or its refusal (Section 4 wants 11 tokens) with a tap-anyway. The start helper
([Tower Exploration > Preparations]) asks for the Entrance Stairs' cell on an empty tower of the stage's
layout and the starting henchmen (two per hero, The Vagabond first when it is due); cotd.js gathers them
into one start_exploration.
"""
from __future__ import annotations

import json

from tracker.engine.kit.presenter import Offer, Table

from . import sections
from .page_kit import GUARD_CHIPS, step
from .state import label
from .tower import (
    FLOOR_COLOURS, FLOOR_TITLES, HENCHMEN_PER_HERO, PLAYER_TITLE, REMOVED_AT_MISSION, VAGABOND, insight_available,
)

REASON_TITLES = {"death": "the hero died", "objective": "the Objective ended it", "retreat": "a retreat",
                 "deck_empty": "the Hero Deck ran out"}
# The rulebook's setup example names two Orc Bandits as the starting henchmen; these values are a starting
# point for the card in hand, each one tap to change (a henchman typed before comes back by its name).
DEFAULT_ORC = {"name": "Orc Bandit", "kind": "henchman", "tp": 2, "life_points": 6, "dodge": "-", "armor": 1,
               "actions": 1, "keywords": ["Orc"]}
DEFAULT_VAGABOND = {"name": VAGABOND, "kind": "leader", "tp": 5, "life_points": 20, "dodge": 8, "armor": 2,
                    "actions": 2}
REMOVED_FROM = ("upper", "middle", "spaceship")  # the floors The Mission of the Brain's six cards come from


# ------------------------------------------------------------------ the section reader

def removed_guess(state: dict) -> dict:
    """How many of the six removed cards came from each floor: those the table named before are known; the
    rest are spread two to a floor, the obvious guess until the table taps otherwise."""
    counts = {f: 0 for f in REMOVED_FROM}
    unknown = 0
    for name in REMOVED_AT_MISSION:
        floor = state["tower_cards"].get(name)
        if floor in counts:
            counts[floor] += 1
        else:
            unknown += 1
    for f in REMOVED_FROM * len(REMOVED_AT_MISSION):
        if not unknown:
            break
        if counts[f] < 2:
            counts[f] += 1
            unknown -= 1
    counts["upper"] += unknown
    return counts


def _needs_removed(state: dict, done: bool) -> bool:
    branch = sections.route(state, done)
    if branch.outcome:
        return False
    # asked where the experience needs it, and at The Mission of the Brain itself, so later sections know
    return bool(sections.missing_floor_sizes(state, branch)) or branch.mission


def _branch(table: Table, done: bool, removed: dict | None) -> dict:
    state = table.state
    view = sections.preview(state, done)
    params = {"objective_done": done}
    if removed is not None and _needs_removed(state, done):
        params["removed_floors"] = removed
    words = "Objective achieved" if done else "Objective not achieved"
    tap = step(table, "resolve_section", params, words, f"cotd-objective-{'yes' if done else 'no'}", primary=done)
    xp = [{**x, "floor": f, "colour": FLOOR_COLOURS[f], "gain": x["after"] - x["before"]}
          for f, x in view["xp"].items()]
    layout = view["next_layout"]
    return {**view, "done": done, "words": words, "tap": tap, "xp": xp, "removed": "removed_floors" in params,
            "layout": f"{layout[0]} \u00d7 {layout[1]}" if layout else None,
            "next_title": ("final" if view["next_stage"] == 6 else view["next_stage"]) if view["next_stage"] else None,
            "testid": f"cotd-branch-{'yes' if done else 'no'}"}


def section_reader(table: Table) -> dict:
    state = table.state
    due = state["section_due"] or {}
    removed = state.get("removed_floors") or removed_guess(state)
    asks = table.can_write and any(_needs_removed(state, d) for d in (True, False))
    branches = [_branch(table, d, removed) for d in (True, False)]
    same = branches[0]["branch"] == branches[1]["branch"]  # Sections 1, 2, 5 read the same either way
    return {"title": due.get("title"), "section": due.get("section"), "reason": REASON_TITLES.get(due.get("reason"), ""),
            "exploration": state["exploration"], "branches": branches, "same": same,
            "tokens": state["dc_tokens"], "stage": state["dc_stage"],
            "removed": {"counts": [{"floor": f, "title": FLOOR_TITLES[f], "colour": FLOOR_COLOURS[f], "n": removed[f],
                                    "chips": [(n, n == removed[f]) for n in range(0, 7)]} for f in REMOVED_FROM],
                        "json": json.dumps(removed, sort_keys=True), "cards": ", ".join(REMOVED_AT_MISSION)}
            if asks else None}


# ------------------------------------------------------------------ the start-of-exploration helper

def _fields(v: dict) -> list[dict]:
    shown = dict(v)
    if not isinstance(shown.get("dodge"), int):
        shown["dodge"] = "-"
    return [{"key": key, "title": title, "chips": [(x, str(x) == str(shown.get(key))) for x in chips]}
            for key, title, chips in GUARD_CHIPS]


def tower_setup(table: Table) -> dict:
    state = table.state
    rows, cols = state["layout"]["rows"], state["layout"]["cols"]
    n = len(state["players"])
    henchmen = []
    if state["vagabond"] == "to_place":
        henchmen.append({"i": 0, "title": f"{VAGABOND} (leader, left of the row)", "name": VAGABOND, "leader": True,
                         "keywords": "", "fields": _fields(DEFAULT_VAGABOND)})
    # the last exploration's henchmen come back first: the same Orc cards are shuffled back into the pile
    seen = [h for h in state.get("last_henchmen") or [] if h.get("name")] or [DEFAULT_ORC]
    for k in range(HENCHMEN_PER_HERO * n):
        h = {**DEFAULT_ORC, **{key: v for key, v in seen[k % len(seen)].items() if v is not None}}
        henchmen.append({"i": len(henchmen), "title": f"Henchman {k + 1}", "name": h["name"], "leader": False,
                         "keywords": json.dumps(h.get("keywords") or []), "fields": _fields(h)})
    insight = [FLOOR_TITLES[f] for f in insight_available(state)]
    return {"rows": [[{"r": r, "c": c, "label": label((r, c)), "cell": json.dumps([r, c])} for c in range(cols)]
                     for r in range(rows)],
            "cols": cols, "layout": f"{rows} \u00d7 {cols}", "exploration": state["exploration"] + 1,
            "henchmen": henchmen, "count": HENCHMEN_PER_HERO * n, "read_next": state["read_next"],
            "insight": insight}


# ------------------------------------------------------------------ the end of Part Two

def outcome(table: Table, offer: Offer) -> dict | None:
    state = table.state
    o = state.get("outcome")
    if not o:
        return None
    return {**o, "title": state.get("player_title") or PLAYER_TITLE, "sections": len(state["sections"]),
            "explorations": state["exploration"],
            "restart": offer("Start Part Two again", "restart_adventure", {}, "cotd-restart", primary=True)
            if table.can_write and o.get("result") == "lost" else None,
            "campaign": state.get("campaign") if o.get("result") == "won" else None}
