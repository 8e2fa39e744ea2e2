"""The legal moves the conformance harness plays: every phase offers something, the moves lean towards
the Tower of Death so that random play reaches it, and every offer passes the rules it cites."""
from __future__ import annotations

from tracker.engine import Context
from tracker.engine.kit.enumerate import act

from .actions import ACTIONS
from .rules import RULES
from .setup import EXAMPLE_MAP
from .state import CASTLE, SLOTS, TOWER, TYPES, danger, event_at, neighbours, slot_of


def _distance(a: int, b: int) -> int:
    seen, frontier, d = {a}, {a}, 0
    while b not in frontier:
        frontier = {n for f in frontier for n in neighbours(f)} - seen
        seen |= frontier
        d += 1
    return d


def _setup(state):
    out = []
    free = [i for i, loc in enumerate(state["map"]) if loc["name"] is None]
    if free:
        used = {loc["name"] for loc in state["map"]}
        needed = [loc for loc in EXAMPLE_MAP if loc["name"] in (CASTLE, TOWER) and loc["name"] not in used]
        name = (needed or [loc for loc in EXAMPLE_MAP if loc["name"] not in used])[0]
        out.append(act("place_location", slot=SLOTS[free[0]], **name))
    for s, p in enumerate(state["players"]):
        if not p["setup_check"]:
            out.append(act("setup_check", player=s, type="intelligence"))
            out.append(act("setup_check", player=s, type="neutral", **{"raise": "strength"}))
    return out


def _decide(state):
    s, p = state["decider"], state["players"][state["decider"]]
    out = [act("accept_event", player=s)] * 3
    if p["hp"] >= 2:
        out.append(act("reject_event", player=s, pay="card"))
    if p["magic"] >= 2:
        out.append(act("reject_event", player=s, pay="magic"))
    return out


def _reveal(state):
    a, names = state["active_player"], [loc["name"] for loc in state["map"]]
    k = state["round"] + state["power_deck"]
    return [act("reveal_event", player=a, type=t, power=(2 if t != "neutral" else 0) + i,
                location=names[(k + 3 * i) % 12]) for i, t in enumerate(TYPES)]


def _moves(state, a, p):
    here, tower = slot_of(state, p["location"]), slot_of(state, TOWER)
    near = sorted(neighbours(here))
    closer = [n for n in near if tower is not None and _distance(n, tower) < _distance(here, tower)] or near
    out = []
    for n in closer:
        to = state["map"][n]["name"]
        followers = [s for s, o in enumerate(state["players"]) if s != a and o["location"] == p["location"]
                     and not o["eliminated"]]
        if danger(state, to) < 6:
            out.append(act("move", player=a, to=to, card_type="neutral", card_power=3, check=6, followers=followers))
        if p["hp"] >= 3:
            out.append(act("move", player=a, to=to, card_type="agility", card_power=2, check=0, shadow_pay="cards",
                           shadow_powers=[3]))
        if p["magic"] >= 2:
            out.append(act("move", player=a, to=to, card_type="strength", card_power=2, check=0, shadow_pay="magic"))
        elif p["hp"] <= 2:
            out.append(act("move", player=a, to=to, card_type="strength", card_power=2, check=0, shadow_pay="none"))
    return out


def _main(state):
    a = state["active_player"]
    p = state["players"][a]
    out = [act("rest", player=a)]
    if state["heroic"] and p["magic"] >= 1 and danger(state, p["location"]) == 0:
        out.append(act("rest", player=a, pay_magic=True))
    if p["location"] == TOWER:
        out += [act("enter_tower", player=a)] * 4
    out += _moves(state, a, p)
    out.append(act("test", player=a, attribute="strength", difficulty=5, card_type="strength", card_power=2, check=3))
    if event_at(state, p["location"]):
        out.append(act("get_item", player=a, name="Topaz"))
    if p["items"]:
        out.append(act("discard_item", player=a, item=p["items"][0]["name"]))
        if state["mode"] == "co_op":
            out += [act("trade_item", player=a, target=s, item=p["items"][0]["name"], direction="give")
                    for s, o in enumerate(state["players"]) if s != a and o["location"] == p["location"]]
    out += [act("heal", player=a, count=1), act("learn_skill", player=a), act("change_stat", player=a,
                                                                                stat="agility", amount=1)]
    return out


def _tower(state):
    a, out = state["active_player"], []
    out.append(act("next_room", player=a))
    for s in state["tower"]["participants"]:
        p = state["players"][s]
        if p["eliminated"] or p["elzoof"] is not None:
            continue
        out += [act("elzoof_result", player=s, defeated=True), act("elzoof_result", player=s, defeated=False)]
        if p["hp"] >= 1:
            out.append(act("test", player=s, attribute="agility", difficulty=6, card_type="agility", card_power=3,
                           check=2))
            out.append(act("lose", player=s, count=2))
    return out


def _legal(state, action) -> bool:
    spec = ACTIONS[action.type]
    if spec.phases is not None and state["phase"] not in spec.phases:
        return False
    ctx = Context(game=None, mode=state["mode"], action_type=action.type)
    return not any(RULES[r].check and RULES[r].check(state, action.params, ctx) for r in spec.rules)


def enumerate_actions(state: dict) -> list:
    if state["result"] is not None:
        return []
    if state["phase"] == "setup":
        found = _setup(state)
    elif state["pending_event"] is not None:
        found = _decide(state)
    elif state["phase"] == "reveal" or (state["phase"] == "main" and not state["events"]):
        found = _reveal(state)
    elif state["phase"] == "main":
        found = _main(state)
    else:
        found = _tower(state)
    return [a for a in found if _legal(state, a)]
