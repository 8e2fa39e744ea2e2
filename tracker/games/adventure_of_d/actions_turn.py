"""The turn's actions: setup steps, the reveals and the decider's answer, the move, the test, the rest,
and the Tower of Death. Each a small function of the state and its params."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.kit.seats import name_of
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from .setup import apply_setup_check, begin_if_ready
from .state import (SLOTS, STATS, TOWER, TYPES, check, danger, discard_from_hand, draw, end_turn, gain_magic,
                    place_event, settle, take_from_deck)

S = "adventure-of-d."
GATES = tuple(S + r for r in ("R16", "R17", "R18", "R23", "R43", "R44"))
PLAYER = seat(title="Hero")
CARD_TYPE = enum(*TYPES, title="Card type")
POWER = integer(0, 6, "the power printed on the card", title="Power")
CHECK = integer(0, 6, "the power of the card the CHECK 1 flips", title="Check")
PLACE = string(60, "a location on the map", title="Location")


# -- setup -------------------------------------------------------------------------------------

def apply_place_location(state, params, ctx):
    i = SLOTS.index(params["slot"])
    state["map"][i].update(name=params["name"], danger=params["danger"])
    begin_if_ready(state)
    return f"{params['slot']}: {params['name']} (danger {params['danger']})."


def apply_setup_check_action(state, params, ctx):
    apply_setup_check(state, params["player"], params["type"], params.get("raise"))
    begin_if_ready(state)
    p = state["players"][params["player"]]
    return f"{p['name']}'s setup check: {params['type']}."


# -- reveals -----------------------------------------------------------------------------------

def apply_reveal_event(state, params, ctx):
    take_from_deck(state)
    state["pending_event"] = {"type": params["type"], "power": params["power"], "location": params["location"]}
    if params.get("danger") is not None:  # the number printed on the event, in force while it lies there (A1)
        state["pending_event"]["danger"] = params["danger"]
    return f"Revealed: {'an' if params['type'][0] in 'aeiou' else 'a'} {params['type']} event on {params['location']}; {name_of(state, state['decider'])} decides."


def apply_reject_event(state, params, ctx):
    p = state["players"][params["player"]]
    state["pending_event"] = None
    state["discard_pile"] += 1
    if params["pay"] == "magic":
        p["magic"] -= 2
    else:
        discard_from_hand(state, params["player"], 1)
    settle(state, ctx)  # solo: rejecting with the last card ends one's own turn (A12)
    return f"{p['name']} rejects the event ({'2 magic' if params['pay'] == 'magic' else 'a card'})."


def apply_accept_event(state, params, ctx):
    event = state["pending_event"]
    state["pending_event"] = None
    gone = place_event(state, event)
    if state["phase"] == "reveal":
        state["reveals_left"] -= 1
        if state["reveals_left"] == 0:
            state["phase"] = "main"
    return f"The {event['type']} event is placed on {event['location']}" + (f" ({gone} discarded)." if gone else ".")


# -- move, test, rest --------------------------------------------------------------------------

def apply_move(state, params, ctx):
    seat_ = params["player"]
    p = state["players"][seat_]
    last = p["hp"] == 1
    discard_from_hand(state, seat_, 1)  # step 1 and 5: the move card, discarded
    if last:  # A6: the last card played: HP 0 at once, the token stays, the turn ends
        settle(state, ctx)
        return f"{p['name']} plays the last card as move card: HP 0."
    origin, to = p["location"], params["to"]
    for s in (seat_, *(params.get("followers") or ())):
        state["players"][s]["location"] = to
    shadow = params["card_power"] if params["card_power"] and params["check"] <= danger(state, to) else 0
    check(state, 1)
    line = f"{p['name']} moves from {origin} to {to}"
    if shadow:
        pay = params["shadow_pay"]
        if pay == "cards":
            discard_from_hand(state, seat_, len(params["shadow_powers"]))
            gain_magic(state, seat_, shadow, ctx)
        elif pay == "magic":
            p["magic"] -= shadow
        else:
            discard_from_hand(state, seat_, p["hp"])
        line += f", meets a shadow of {shadow} and faces it with {pay}"
    settle(state, ctx)
    return line + "."


def apply_test(state, params, ctx):
    seat_ = params["player"]
    p = state["players"][seat_]
    last = p["hp"] == 1
    discard_from_hand(state, seat_, 1)
    if last:  # the FAQ: the last card played means HP 0, no bonus, no result
        state["last_test"] = {"player": seat_, "total": None, "bonus": False, "result": None}
        settle(state, ctx)
        return f"{p['name']} plays the last card as test card: HP 0, no result."
    bonus = params["card_type"] == params["attribute"]
    if bonus:
        draw(state, seat_, 1)
    check(state, 1)
    total = params["card_power"] + p[params["attribute"]] + params["check"]
    result = "win" if total >= params["difficulty"] else "lose"
    state["last_test"] = {"player": seat_, "total": total, "bonus": bonus, "result": result}
    settle(state, ctx)
    return f"{p['name']}'s {params['attribute']} test: {total} against {params['difficulty']}: {result.upper()}."


def apply_rest(state, params, ctx):
    seat_ = params["player"]
    p = state["players"][seat_]
    discard_from_hand(state, seat_, params.get("discard", 0))
    d = danger(state, p["location"])
    target, magic = 6 - d, d
    if state["heroic"]:
        magic = max(0, d - 1)
        if d == 0:
            if params.get("pay_magic"):
                p["magic"] -= 1
            else:
                target = 5
    draw(state, seat_, max(0, target - p["hp"]))
    gain_magic(state, seat_, magic, ctx)
    line = f"{p['name']} rests on {p['location']}: HP {p['hp']}, magic {p['magic']}."
    end_turn(state)
    return line


# -- the Tower of Death ------------------------------------------------------------------------

def apply_enter_tower(state, params, ctx):
    seat_ = params["player"]
    participants = [seat_]
    if state["mode"] == "co_op":  # Heroes Assemble (7): the others are summoned, a card each above HP 1
        for s, other in enumerate(state["players"]):
            if s == seat_ or other["eliminated"]:
                continue
            if other["location"] != TOWER:
                if other["hp"] > 1:
                    discard_from_hand(state, s, 1)
                other["location"] = TOWER
            participants.append(s)
    state["phase"], state["tower"] = "tower", {"room": 1, "participants": sorted(participants)}
    settle(state, ctx)  # A10: a hero at HP 0 on entering is eliminated (solo and co-op)
    return f"{name_of(state, seat_)} enters the Tower of Death" + (" after Heroes Assemble." if len(participants) > 1 else ".")


def apply_next_room(state, params, ctx):
    state["tower"]["room"] += 1
    return f"Into room {state['tower']['room']}."


def apply_elzoof_result(state, params, ctx):
    p = state["players"][params["player"]]
    if state["mode"] == "competitive":
        if params["defeated"]:
            p["elzoof"] = True
            state["result"] = {"result": "won", "winners": [params["player"]]}
            return f"{p['name']} defeats Elzoof and wins!"
        state["phase"], state["tower"] = "main", None  # A9: the run ends, the hero stays on the Tower
        settle(state, ctx)
        return f"{p['name']} fails against Elzoof; the run ends."
    p["elzoof"] = bool(params["defeated"])
    settle(state, ctx)
    return f"{p['name']} {'defeats' if params['defeated'] else 'does not defeat'} Elzoof."


TURN_ACTIONS = (
    ActionSpec("place_location", "Place a location",
               obj(("slot", "name", "danger"), slot=enum(*SLOTS, title="Slot"), name=string(60, title="Location"),
                   danger=integer(0, 6, title="Danger")),
               apply_place_location, rules=(S + "R7",), phases=frozenset({"setup"}), phase_rule=S + "R7"),
    ActionSpec("setup_check", "Setup check",
               obj(("player", "type"), player=PLAYER, type=CARD_TYPE,
                   **{"raise": enum(*STATS, title="Stat a neutral card raises")}),
               apply_setup_check_action, rules=(S + "R4",), phases=frozenset({"setup"}), phase_rule=S + "R4"),
    ActionSpec("reveal_event", "Reveal a new event",
               obj(("player", "type", "power", "location"), player=PLAYER, type=CARD_TYPE, power=POWER, location=PLACE,
                   danger=integer(0, 6, "the danger number printed on the event (in force while it lies there)",
                                  title="Danger on the event")),
               apply_reveal_event, rules=(S + "R16", S + "R17", S + "R18", S + "R23", S + "R43", S + "R78")),
    ActionSpec("reject_event", "Reject the event",
               obj(("player", "pay"), player=PLAYER, pay=enum("card", "magic", title="Pay with")),
               apply_reject_event, rules=(S + "R19", S + "R20", S + "R21")),
    ActionSpec("accept_event", "Accept the event", obj(("player",), player=PLAYER), apply_accept_event,
               rules=(S + "R19",)),
    ActionSpec("move", "Move",
               obj(("player", "to", "card_type", "card_power", "check"), player=PLAYER, to=PLACE, card_type=CARD_TYPE,
                   card_power=POWER, check=CHECK,
                   followers={"type": "array", "items": seat(), "uniqueItems": True, "maxItems": 2,
                              "title": "Followers"},
                   shadow_pay=enum("cards", "magic", "none", title="Face the shadow with"),
                   shadow_powers={"type": "array", "items": integer(0, 6), "minItems": 1, "maxItems": 6,
                                  "title": "Powers of the cards discarded"}),
               apply_move, rules=(*GATES, S + "R12", S + "R28", S + "R29", S + "R30", S + "R31", S + "R33", S + "R34",
                                  S + "R35", S + "R36", S + "R78")),
    ActionSpec("test", "Test",
               obj(("player", "attribute", "difficulty", "card_type", "card_power", "check"), player=PLAYER,
                   attribute=enum(*STATS, title="Test of"), difficulty=integer(0, 30, title="Difficulty"),
                   card_type=CARD_TYPE, card_power=POWER, check=CHECK,
                   source=enum("location", "event", "item", "skill", title="Action of"),
                   name=string(60, title="Item or skill")),
               apply_test, rules=(*GATES[:4], S + "R44", S + "R39", S + "R40", S + "R41", S + "R42", S + "R47", S + "R71",
                                  S + "R74", S + "R78")),
    ActionSpec("rest", "Rest",
               obj(("player",), player=PLAYER, discard=integer(0, 6, title="Cards discarded first"),
                   pay_magic=boolean("Heroic, danger 0: pay 1 magic to draw to 6", title="Pay 1 magic")),
               apply_rest, rules=(*GATES, S + "R60", S + "R63")),
    ActionSpec("enter_tower", "Enter the Tower of Death", obj(("player",), player=PLAYER), apply_enter_tower,
               rules=(*GATES, S + "R40", S + "R41", S + "R69")),
    ActionSpec("next_room", "Next room", obj(("player",), player=PLAYER), apply_next_room,
               rules=(S + "R71",), phases=frozenset({"tower"}), phase_rule=S + "R72"),
    ActionSpec("elzoof_result", "Elzoof's result", obj(("player", "defeated"), player=PLAYER,
                                                       defeated=boolean(title="Defeated Elzoof")),
               apply_elzoof_result, rules=(S + "R69", S + "R71", S + "R74")),
)
