"""The checks behind Part One's palace and night rules."""
from __future__ import annotations

from .night import manticore_count
from .state import GUARD, IN_NIGHT, cell, cell_name, hasrabal_names, label


# ------------------------------------------------------------------ the palace

def check_r49(state, params, ctx):
    m = state.get("moves")
    if state["phase"] != "move" or not m or m["last"] is None or m["last"] != state["courtyard"]:
        return "You can only retreat from the Courtyard, in step 0 right after moving (or staying) there."


def check_r50(state, params, ctx):
    want = manticore_count(state)
    got = len(params.get("manticore_cells") or [])
    if got != want:
        return f"Shuffle in {want} Manticore Card(s) ({state['manticore_left']} left in the pile), not {got}."


def check_r51(state, params, ctx):
    if list(params["courtyard"]) in [list(c) for c in params.get("manticore_cells") or []]:
        return "The Courtyard takes the one space left free: no Manticore Card lies there."


def check_r55(state, params, ctx):
    got = len(hasrabal_names(params.get("hasrabal")))
    if got != state["hasrabal_cards"]:
        return f"Draw {state['hasrabal_cards']} Hasrabal Cards for this difficulty, not {got}."


def check_r56(state, params, ctx):
    if state["mode"] != "nedime":
        return None  # the tower draws Orcs (R89)
    raws = params.get("villains") or [] if ctx.action_type == "start_exploration" else [params]
    for raw in raws:
        words = raw.get("keywords")
        if raw.get("kind", "henchman") == "henchman" and words and GUARD not in words:
            return f"Only palace guards (Guard (Palace)) are drawn in this adventure; {raw['name']} is {', '.join(words)}."


def check_r96(state, params, ctx):
    raws = params.get("villains")
    if raws is None:
        return None
    n = len(state["players"])
    guards = [r for r in raws if r.get("kind", "henchman") == "henchman"]
    if len(guards) != n:
        return f"The night starts with {n} palace guard(s), one per hero, not {len(guards)}."


def check_r58(state, params, ctx):
    h = state["hearts"]
    if params["direction"] == "break" and params["count"] > h["total"] - h["broken"]:
        return f"Only {h['total'] - h['broken']} Heart token(s) show the heart side; the number of tokens is fixed."
    if params["direction"] == "mend" and params["count"] > h["broken"]:
        return f"Only {h['broken']} Heart token(s) show the broken side."


def check_r61(state, params, ctx):
    c = cell(state, params["cell"])
    if c is None:
        return None
    if c["manticore"]:
        return "That is a Manticore Card: it leaves the adventure when fulfilled (fulfill_manticore)."
    if c["gap"]:
        return "There is no card there."


def check_r82(state, params, ctx):
    if not params.get("story_card"):
        return None
    name = " ".join(params["story_card"].split()).casefold()
    placed = {f["story_card"].casefold() for f in state["fulfilled"]}
    if name in placed:
        return f"{params['story_card']} is already in play: each Story Card is found once in the pile."


def check_r62(state, params, ctx):
    c = cell(state, params["cell"])
    if c is None:
        return None
    if not c["manticore"]:
        return f"{label(params['cell'])} is not a Manticore Card."


def check_r63(state, params, ctx):
    c = cell(state, params["cell"])
    if c is None:
        return None
    if c["gap"]:
        return "That space is a gap until the night ends."
    if ctx.action_type == "remove_palace_card" and list(params["cell"]) == state["hero_cell"]:
        return "The hero stands on that card."


def check_r53(state, params, ctx):
    a, b = cell(state, params["cell"]), cell(state, params["with"])
    if a is None or b is None:
        return None
    if not state["fox_hand_open"] or state["round"] != 1:
        return "Swaps are made while the palace is laid out, before the night's first move."
    court = state["courtyard"]
    if abs(params["cell"][0] - court[0]) + abs(params["cell"][1] - court[1]) != 1:
        return "Only a card next to the Courtyard (swap symbol, or the Study) is swapped."
    for c, rc in ((a, params["cell"]), (b, params["with"])):
        if not c["face_up"] or c["manticore"] or c["gap"] or list(rc) == court:
            return "You can only swap with a face-up Palace Card (not the Courtyard, not a Manticore Card)."
    if list(params["cell"]) == list(params["with"]):
        return "Swap two different cards."


def check_r24(state, params, ctx):
    c = cell(state, params["cell"])
    if c is not None and not c["locked"]:
        return f"No lock token lies on {cell_name(state, params['cell'])}."


def check_r57(state, params, ctx):
    p = state["players"][params["player"]]
    if not state["fox_hand_open"]:
        return "The Fox Hand is only taken with the opening hand, before the first move of the night."
    if p["mulligan_done"]:
        return f"{p['name']} already took the Fox Hand this night."


def check_r66(state, params, ctx):
    if not state["guards_due"]:
        return "No palace guard is owed this round."


def check_r80(state, params, ctx):
    if ctx.action_type == "restart_adventure":
        o = state.get("outcome")
        if not o or o["result"] != "lost":
            return "Only a lost adventure starts again from its setup."
        return None
    o = state.get("outcome")
    if o:
        what = "night" if state["mode"] == "nedime" else "Tower Exploration"
        return f"The adventure is {o['result']}: no {what} can start."


def check_r81(state, params, ctx):
    h = state["hearts"]
    if h["broken"] >= h["total"]:
        return "Nedime's heart is broken: the adventure is lost."


def check_r107(state, params, ctx):
    if state["curse_side"] == "B":
        return "The curse is already lifted (side B)."


def check_in_night(state, params, ctx):
    if state["phase"] not in IN_NIGHT or state.get("grid") is None:
        return "No night is under way: start one first."


def check_whole(state, params, ctx):
    """Hard: counts on the plan never go below zero."""
    if state["mode"] == "campaign":
        return None
    h = state.get("hearts")
    if h and (h["broken"] > h["total"] or h["broken"] < 0):
        return "Heart tokens flip; their number never changes."
    if state["mode"] == "borbarad":
        counts = [state["dc_tokens"], state["hunger"], state["thirst"], *(e["tokens"] for e in state["environments"].values())]
        if any(n < 0 for n in counts) or any(not 0 <= x <= 10 for x in state["floor_xp"].values()):
            return "Tokens never go below zero; floor experience stays between 0 and 10."
        if any(p["fate_points"] < 0 or p["endurance_total"] < 0 for p in state["players"]):
            return "Fate Points and Endurance Cards never go below zero."
    if any(p["life_points"] < 0 or p["hand_count"] < 0 or p["draw_deck_count"] < 0 for p in state["players"]):
        return "Life points and cards never go below zero."
    if any(v["life_points"] < 0 for v in state["villains"]) or state["time_pos"] < 0:
        return "Opponents' life points and the Time Counter never go below zero."

