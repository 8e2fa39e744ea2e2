"""The checks behind Part Two's tower rules: each returns None when the action is fine, else why not."""
from __future__ import annotations

from tracker.games.aventuria.kit import name_of, villain

from .state import cell, cell_name
from .tower import (
    DOUBLER, DRUGONE, DRUGONES, FLOOR_TITLES, HENCHMEN_PER_HERO, INSIGHT_AT, LAYOUTS, OBJECTIVE_TOKENS, VAGABOND,
)


def _is_orc(raw: dict) -> bool:
    words = [w.casefold() for w in raw.get("keywords") or []]
    return "orc" in words or raw.get("name", "").casefold().startswith("orc ")


def check_r70(state, params, ctx):
    floor = params["floor"]
    title = FLOOR_TITLES[floor]
    have = state["insight"].get(floor)
    if ctx.action_type == "use_insight_card":
        if have == "used":
            return f"The {title} Insight Card was already used this exploration."
        if have != "taken":
            return f"Take the {title} Insight Card at the start of the exploration first."
        return None
    need = INSIGHT_AT[floor]
    if state["floor_xp"][floor] < need:
        return f"{title} Insight needs experience level {need} (it is {state['floor_xp'][floor]})."
    if have:
        return f"The {title} Insight Card is already in the Treasure of Knowledge this exploration."
    m = state.get("moves") or {}
    if state["round"] != 1 or m.get("done"):
        return "Insight Cards are taken at the start of an exploration, before the first move."


def check_r71(state, params, ctx):
    if not state["tasks_unlocked"]:
        return "Task Cards are not yet in play: they arrive with The Mission of the Brain."
    if params["card"] in state["tasks_gained"]:
        return f"{params['card']} is already in the Treasure of Knowledge."


def check_r73(state, params, ctx):
    if ctx.action_type == "close_orc_pile":
        return "The Orc pile is already closed this exploration." if state["orc_pile_closed"] else None
    if not state.get("orc_pile_closed"):
        return None
    raws = params.get("villains") or [] if ctx.action_type == "start_exploration" else [params]
    for raw in raws:
        if raw.get("kind", "henchman") == "henchman" and _is_orc(raw):
            return f"The Orc pile is no longer used (Bull Skull Shrine): {raw.get('name')} cannot join the row."


def check_r74(state, params, ctx):
    if params.get("name", "").casefold() != DRUGONE.casefold():
        return None
    active = [v for v in state["villains"] if v["name"].casefold() == DRUGONE.casefold() and v["status"] == "active"]
    if len(active) >= DRUGONES:
        return "Both Drugones are already in play: no third one appears."


def check_r75(state, params, ctx):
    if "Endeavor" not in state["environments"]:
        return "Extra moves need the Endeavor card in play."
    m = state.get("moves") or {}
    seat = params["player"]
    if seat not in m.get("done", []) or m.get("again") is not None:
        return "Make the round's move first; Endeavor pays for moves after it, one at a time."
    p = state["players"][seat]
    if params["pay"] == "fate" and p["fate_points"] < 1:
        return "Each extra move costs 1 Fate Point or 1 Endurance Card: you hold no Fate Point."
    if params["pay"] == "endurance" and p["endurance_total"] < 1:
        return "Each extra move costs 1 Fate Point or 1 Endurance Card: you have no Endurance Card in play."


def check_r76(state, params, ctx):
    named = [r for r in params.get("villains") or [] if r.get("name") == VAGABOND]
    if state["vagabond"] == "to_place" and not named:
        return f"{VAGABOND} joins at the left of the row: add it (its card's life points and actions)."
    if named and state["vagabond"] != "to_place":
        return f"{VAGABOND} is not due: it arrives with The Mission of the Brain (and returns only in Section 5)."


def check_r77(state, params, ctx):
    v = villain(state, params["villain"])
    if v is None or v["name"].casefold() != DOUBLER.casefold():
        return None
    a = state.get("pending_attack") or {}
    amount = params.get("amount")
    if amount is None and a.get("villain") == v["id"]:
        amount = a.get("damage") or 0
    if (amount or 0) - v["armor"] >= v["life_points"]:
        return "The Doubler cannot be defeated by normal combat damage: it multiplies instead."


def check_r78(state, params, ctx):
    want = list(LAYOUTS[state["dc_stage"]])
    got = params.get("layout")
    if got is not None and list(got) != want:
        return f"With this Death's Candidate card the tower is {want[0]} rows of {want[1]} cards, not {got[0]}x{got[1]}."


def check_r79(state, params, ctx):
    name = (params.get("card") or "").casefold()
    gone = {c.casefold(): c for c in state["removed_tower_cards"]}
    if name in gone:
        return f"{gone[name]} was removed from the adventure (The Mission of the Brain)."


def check_r85(state, params, ctx):
    if state["dc_stage"] == 4 and params["objective_done"] and state["dc_tokens"] < OBJECTIVE_TOKENS:
        return (f"You need at least {OBJECTIVE_TOKENS} tokens on the Death's Candidate card "
                f"({state['dc_tokens']} now) for the Objective.")


def check_r89(state, params, ctx):
    raws = [r for r in params.get("villains") or [] if r.get("name") != VAGABOND]
    want = HENCHMEN_PER_HERO * len(state["players"])
    got = [r for r in raws if r.get("kind", "henchman") == "henchman"]
    if len(got) != want:
        return f"Start the exploration with {want} henchmen (2 per hero), not {len(got)}."
    odd = [r["name"] for r in got if r.get("keywords") and not _is_orc(r)]
    if odd:
        return f"The starting henchmen come from the Orc pile; {odd[0]} is no Orc."


def check_r97(state, params, ctx):
    p = state["players"][params["target"]]
    if p.get("dead"):
        return f"{name_of(state, params['target'])} is dead until the next exploration: no healing brings them back."


def check_b2(state, params, ctx):
    env = {"orc_shaman": "Orc Shaman", "eleven_friends": "Eleven Friends"}.get(params["counter"])
    if env and env not in state["environments"]:
        return f"{env} is not in play: its tokens arrive with the section that places it."


def check_b1(state, params, ctx):
    c = cell(state, params["cell"])
    if c is not None and c["face_up"]:
        return f"{cell_name(state, params['cell'])} is already face up."
