"""Keyword actions (3. Keywords): what a card's text says, recorded by the hero it affects, as the card
says it; item trading (co-op) and an action announced without a test."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import enum, integer, obj, seat, string

from .state import (MAX_TRACK, STATS, check, discard_from_hand, draw, event_at, gain_magic, settle, slot_of)

S = "adventure-of-d."
KEYWORD_GATES = (S + "R18", S + "R23", S + "R71", S + "R74")
PLAYER = seat(title="Hero")
COUNT = integer(1, 6, title="X")
NAME = string(60, title="Name")


def _p(state, params):
    return state["players"][params["player"]]


def apply_change_stat(state, params, ctx):
    p, stat, amount = _p(state, params), params["stat"], params["amount"]
    if stat == "magic":
        gain_magic(state, params["player"], amount, ctx)
    else:
        value = p[stat] + amount
        if not 0 <= value <= MAX_TRACK and not ctx.quiet:
            ctx.notes.append(f"{stat.capitalize()} stays within 0 to {MAX_TRACK} (the upgrade card).")
        p[stat] = max(0, min(MAX_TRACK, value))
    return f"{p['name']}: {stat} {amount:+d} ({p[stat]})."


def apply_heal(state, params, ctx):
    draw(state, params["player"], params["count"])
    return f"{_p(state, params)['name']} heals {params['count']} (HP {_p(state, params)['hp']})."


def apply_lose(state, params, ctx):  # LOSE (chosen) and SHOCK (at random): the table picks the cards
    n = discard_from_hand(state, params["player"], params["count"])
    line = f"{_p(state, params)['name']} discards {n} (HP {_p(state, params)['hp']})."
    settle(state, ctx)
    return line


def apply_cycle(state, params, ctx):
    k = params.get("discard", params["count"])
    discard_from_hand(state, params["player"], k)
    draw(state, params["player"], k)
    return f"{_p(state, params)['name']} cycles {k}."


def apply_check_cards(state, params, ctx):
    check(state, params["count"])
    return f"CHECK {params['count']}."


def apply_show(state, params, ctx):
    return f"{_p(state, params)['name']} shows a card (it stays in hand)."


def apply_learn_skill(state, params, ctx):
    p = _p(state, params)
    if state["hero_deck"] == 0:  # "if any": nothing to learn (correction 3)
        return f"The hero deck is empty: {p['name']} learns nothing."
    state["hero_deck"] -= 1
    p["skills"].append(params.get("name") or f"skill {len(p['skills']) + 1}")
    return f"{p['name']} learns {p['skills'][-1]}."


def apply_gain_fairy_dust(state, params, ctx):
    p = _p(state, params)
    if state["hero_deck"] == 0:
        return "The hero deck is empty: no Fairy Dust."
    state["hero_deck"] -= 1
    p["items"].append({"name": "Fairy Dust", "kind": "fairy_dust"})
    return f"{p['name']} gets a Fairy Dust."


def apply_get_item(state, params, ctx):
    p = _p(state, params)
    ev = event_at(state, p["location"])
    state["events"].remove(ev)
    p["items"].append({"name": params.get("name") or f"{ev['type']} item", "kind": "event", "type": ev["type"]})
    return f"{p['name']} gets {p['items'][-1]['name']}."


def _item(p, name):
    """The item `name` a hero holds; a KeyError when none (an overridden R42/R55/R58 then stays refused)."""
    for it in p["items"]:
        if it["name"] == name:
            return it
    raise KeyError(name)


def _drop_item(state, p, name):
    item = _item(p, name)
    p["items"].remove(item)
    if item["kind"] == "fairy_dust":
        state["hero_deck"] += 1  # back on top of the hero deck (2.1)
    else:
        state["discard_pile"] += 1
    return item


def apply_discard_item(state, params, ctx):
    _drop_item(state, _p(state, params), params["item"])
    return f"{_p(state, params)['name']} discards {params['item']}."


def apply_trash(state, params, ctx):
    p = _p(state, params)
    if params.get("item") is not None:
        _drop_item(state, p, params["item"])
        return f"{p['name']} trashes {params['item']}."
    state["events"].remove(event_at(state, p["location"]))
    state["discard_pile"] += 1
    return f"The event on {p['location']} is trashed."


def apply_exhaust(state, params, ctx):
    state["map"][slot_of(state, params["location"])]["exhausted"] = ctx.action_type == "exhaust"
    return f"{params['location']} is {'exhausted' if ctx.action_type == 'exhaust' else 'refreshed'}."


def apply_teleport(state, params, ctx):
    p = _p(state, params)
    for s in (params["player"], *(params.get("followers") or ())):
        state["players"][s]["location"] = params["to"]
    if state["phase"] == "tower" and state["mode"] != "competitive":  # teleported out: eliminated (8)
        for s in (params["player"], *(params.get("followers") or ())):
            if s in state["tower"]["participants"]:
                state["players"][s]["eliminated"] = True
    settle(state, ctx)
    return f"{p['name']} teleports to {params['to']}."


def apply_trade_item(state, params, ctx):
    p, other = _p(state, params), state["players"][params["target"]]
    giver, taker = (p, other) if params["direction"] == "give" else (other, p)
    item = _item(giver, params["item"])
    giver["items"].remove(item)
    taker["items"].append(item)
    return f"{taker['name']} now holds {params['item']}."


def apply_take_action(state, params, ctx):
    p = _p(state, params)
    return f"{p['name']} takes the action of the {params['source']}" + (f" {params['name']}." if params.get("name") else ".")


def _kw(action_type, title, params, apply, *rules):
    return ActionSpec(action_type, title, params, apply, rules=(*KEYWORD_GATES, *(S + r for r in rules)))


KEYWORD_ACTIONS = (
    _kw("change_stat", "Stat or magic +/-X", obj(("player", "stat", "amount"), player=PLAYER,
                                                 stat=enum(*STATS, "magic", title="Stat"),
                                                 amount=integer(-8, 8, title="Amount")), apply_change_stat, "R10"),
    _kw("heal", "HEAL X", obj(("player", "count"), player=PLAYER, count=COUNT), apply_heal),
    _kw("lose", "LOSE X", obj(("player", "count"), player=PLAYER, count=COUNT), apply_lose),
    _kw("shock", "SHOCK X", obj(("player", "count"), player=PLAYER, count=COUNT), apply_lose),
    _kw("cycle", "CYCLE X", obj(("player", "count"), player=PLAYER, count=COUNT,
                                discard=integer(0, 6, title="Cards discarded")), apply_cycle, "R52"),
    _kw("check_cards", "CHECK X", obj(("player", "count"), player=PLAYER, count=COUNT), apply_check_cards),
    _kw("show", "SHOW", obj(("player",), player=PLAYER), apply_show, "R57"),
    _kw("learn_skill", "LEARN SKILL", obj(("player",), player=PLAYER, name=NAME), apply_learn_skill),
    _kw("gain_fairy_dust", "Get a Fairy Dust", obj(("player",), player=PLAYER), apply_gain_fairy_dust),
    _kw("get_item", "GET ITEM", obj(("player",), player=PLAYER, name=NAME), apply_get_item, "R56"),
    _kw("discard_item", "Discard an item", obj(("player", "item"), player=PLAYER, item=NAME), apply_discard_item, "R55"),
    _kw("trash", "TRASH", obj(("player",), player=PLAYER, item=NAME), apply_trash, "R58"),
    ActionSpec("exhaust", "EXHAUST", obj(("location",), location=string(60, title="Location")), apply_exhaust,
               rules=(S + "R18", S + "R23")),
    ActionSpec("refresh_location", "Refresh a location (card text)", obj(("location",), location=string(60, title="Location")),
               apply_exhaust, rules=(S + "R18", S + "R23")),
    _kw("teleport", "TELEPORT", obj(("player", "to"), player=PLAYER, to=string(60, title="Location"),
                                    followers={"type": "array", "items": seat(), "uniqueItems": True, "maxItems": 2}),
        apply_teleport, "R30"),
    ActionSpec("trade_item", "Trade Item (co-op)",
               obj(("player", "target", "item", "direction"), player=PLAYER, target=seat(title="With"), item=NAME,
                   direction=enum("take", "give", title="Take or give")),
               apply_trade_item, rules=tuple(S + r for r in ("R16", "R17", "R18", "R23", "R43", "R44", "R66", "R67",
                                                              "R42"))),
    ActionSpec("take_action", "Take an action",
               obj(("player", "source"), player=PLAYER, source=enum("location", "event", "item", "skill", title="Of"),
                   name=NAME),
               apply_take_action, rules=tuple(S + r for r in ("R16", "R17", "R18", "R23", "R43", "R44", "R39", "R40",
                                                               "R41", "R42"))),
)

