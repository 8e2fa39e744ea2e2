"""Rules of the main phase: the move and its shadow, actions and their sources, tests, the keywords,
co-op trading and the Tower of Death."""
from __future__ import annotations

from tracker.engine import Rule
from tracker.engine.kit.seats import name_of

from .state import TOWER, adjacent, danger, event_at, neighbours, slot_of

S = "adventure-of-d."


def _p(state, params):
    return state["players"][params["player"]]


def shadow_of(state: dict, params: dict) -> int:
    """The shadow met on a move: the move card's power when the check is at most the danger in force
    at the destination (0: no shadow). The last card played as move card meets nothing (A6)."""
    p = _p(state, params)
    if p["hp"] < 2 or params["card_power"] == 0 or slot_of(state, params["to"]) is None:
        return 0
    return params["card_power"] if params["check"] <= danger(state, params["to"]) else 0


# -- move --------------------------------------------------------------------------------------

def check_r28(state, params, ctx):
    if _p(state, params)["hp"] < 1:
        return "You need a card in hand to play as the move card."


def check_r29(state, params, ctx):
    here = _p(state, params)["location"]
    if not adjacent(state, here, params["to"]):
        i = slot_of(state, here)
        near = ", ".join(state["map"][j]["name"] or "?" for j in sorted(neighbours(i))) if i is not None else "-"
        return f"{params['to']} is not next to {here}: from there you may move to {near}."


def check_r30(state, params, ctx):
    here = _p(state, params)["location"]
    for f in params.get("followers") or ():
        if f == params["player"]:
            return "The hero moving is not one of its own followers."
        other = state["players"][f]
        if other["location"] != here or other["eliminated"]:
            return f"Only heroes on {here} can follow; {other['name']} is on {other['location']}."


def check_r31(state, params, ctx):
    s = shadow_of(state, params)
    if s and params.get("shadow_pay") is None:
        return (f"Check {params['check']} is not higher than danger {danger(state, params['to'])}: a shadow of power "
                f"{s} is met. Say how it is faced (shadow_pay: cards, magic or none).")


def check_r33(state, params, ctx):
    s = shadow_of(state, params)
    if s and params.get("shadow_pay") == "cards":
        total = sum(params.get("shadow_powers") or ())
        if not params.get("shadow_powers") or total < s:
            return f"Discarded cards must total at least {s} (the shadow's power); these total {total}."


def check_r34(state, params, ctx):
    s = shadow_of(state, params)
    if s and params.get("shadow_pay") == "magic" and _p(state, params)["magic"] < s:
        return f"You need {s} magic to beat this shadow; you have {_p(state, params)['magic']}."


def check_r35(state, params, ctx):
    if params.get("shadow_pay") == "magic" and params.get("shadow_powers"):
        return "Pay the shadow with cards or with magic, not both."


def check_r36(state, params, ctx):
    s = shadow_of(state, params)
    if s and params.get("shadow_pay") == "none" and _p(state, params)["magic"] >= s:
        return f"You must defeat the shadow: you have {_p(state, params)['magic']} magic to pay its {s}."


def check_move_hand(state, params, ctx):
    s = shadow_of(state, params)
    held = _p(state, params)["hp"] - 1
    if s and params.get("shadow_pay") == "cards" and len(params.get("shadow_powers") or ()) > held:
        return f"After the move card you hold {held} cards: you can't discard {len(params['shadow_powers'])}."


# -- actions and their sources -----------------------------------------------------------------

def check_r39(state, params, ctx):
    source, p = params.get("source"), _p(state, params)
    if source == "event" and event_at(state, p["location"]) is None:
        return f"No event lies on {p['location']}: you can take only the action of the event on your location."


def check_r40(state, params, ctx):
    p = _p(state, params)
    if (params.get("source") == "location" or ctx.action_type == "enter_tower") and event_at(state, p["location"]):
        return f"An event covers {p['location']}: only the event's action is available."


def check_r41(state, params, ctx):
    p = _p(state, params)
    i = slot_of(state, p["location"])
    if (params.get("source") == "location" or ctx.action_type == "enter_tower") and i is not None \
            and state["map"][i]["exhausted"]:
        return f"{p['location']} is exhausted: its action cannot be used."


def _holds(p: dict, name: str, kind: str) -> bool:
    if kind == "skill":
        return name in p["skills"] or name == p.get("hero")
    return any(it["name"] == name for it in p["items"])


def check_r42(state, params, ctx):
    p = _p(state, params)
    source = params.get("source") or ("item" if "item" in params else None)
    name = params.get("name") if "source" in params else params.get("item")
    if ctx.action_type == "trade_item":
        giver = p if params["direction"] == "give" else state["players"][params["target"]]
        if not _holds(giver, params["item"], "item"):
            return f"{giver['name']} holds no {params['item']}."
        return None
    if source in ("item", "skill") and name and not _holds(p, name, source):
        return f"{p['name']} has no {source} called {name}: you act only with your own items and skills."


# -- tests -------------------------------------------------------------------------------------

def check_r47(state, params, ctx):
    if _p(state, params)["hp"] < 1:
        return "Play a card from your hand as the test card: you hold none."


def check_r71(state, params, ctx):
    if state["phase"] != "tower":
        return None
    if ctx.action_type == "next_room" and params["player"] != state["active_player"]:
        return f"It is still {name_of(state, state['active_player'])}'s action: they lead the run room by room."
    if params["player"] not in state["tower"]["participants"]:
        return f"{_p(state, params)['name']} is not in the Tower of Death: it is still another hero's action."
    if ctx.action_type == "elzoof_result" and _p(state, params)["elzoof"] is not None:
        return f"{_p(state, params)['name']}'s result against Elzoof is recorded already."


def check_r74(state, params, ctx):
    if _p(state, params)["eliminated"]:
        return f"{_p(state, params)['name']} has been eliminated."


# -- keywords ----------------------------------------------------------------------------------

def check_r10(state, params, ctx):
    if params["stat"] == "magic" and params["amount"] < 0 and _p(state, params)["magic"] < -params["amount"]:
        return f"Spending {-params['amount']} magic needs that much; {_p(state, params)['name']} has {_p(state, params)['magic']}."


def check_r52(state, params, ctx):
    k, p = params.get("discard", params["count"]), _p(state, params)
    if k > params["count"]:
        return f"CYCLE {params['count']} discards at most {params['count']} cards."
    if k and k > p["hp"] - 1:
        return f"CYCLE can't empty your hand: at HP {p['hp']} discard at most {max(p['hp'] - 1, 0)}."


def check_r56(state, params, ctx):
    p = _p(state, params)
    if event_at(state, p["location"]) is None:
        return f"No event lies on {p['location']}: you can only take the item of the event you are resolving."


def check_r57(state, params, ctx):
    if _p(state, params)["hp"] < 1:
        return "SHOW needs the card in your hand: you hold none."


def check_r58(state, params, ctx):
    p = _p(state, params)
    if params.get("item") is not None:
        if not _holds(p, params["item"], "item"):
            return f"{p['name']} holds no {params['item']} to trash."
    elif event_at(state, p["location"]) is None:
        return f"No event lies on {p['location']} to trash."


def check_r55(state, params, ctx):
    p = _p(state, params)
    if not _holds(p, params["item"], "item"):
        return f"{p['name']} holds no {params['item']}."


# -- co-op and the Tower -----------------------------------------------------------------------

def check_r66(state, params, ctx):
    if state["mode"] != "co_op":
        return "Trading items is only allowed in co-op games."


def check_r67(state, params, ctx):
    p, other = _p(state, params), state["players"][params["target"]]
    if params["target"] == params["player"]:
        return "Trade with another hero."
    if other["location"] != p["location"] or other["eliminated"]:
        return f"You can only trade with a hero on your location; {other['name']} is on {other['location']}."


def check_r69(state, params, ctx):
    if state["phase"] != "tower" and ctx.action_type == "elzoof_result":
        return "Elzoof waits in the Tower of Death's last room: enter the Tower first."
    if ctx.action_type == "enter_tower" and _p(state, params)["location"] != TOWER:
        return f"Move onto the Tower of Death first; {_p(state, params)['name']} is on {_p(state, params)['location']}."


def check_r72(state, params, ctx):
    if state["phase"] != "tower":
        return "Rooms are entered one after another once inside the Tower of Death."


RULES_PLAY = (
    Rule(S + "R10", "Magic 0-8; a payment needs that much", "[2.1 Hero Cards and Upgrade Cards]",
         "A payment of magic needs at least that much magic.", check_r10),
    Rule(S + "R28", "A move needs a move card", "[5.2.1 Move]", "You need a card to play as the move card.", check_r28),
    Rule(S + "R29", "Move to an orthogonal neighbour, the map wrapping", "[5.2.1 Move]",
         "Move to an adjacent location: orthogonal only, the map wraps around.", check_r29),
    Rule(S + "R30", "Only heroes on your location follow", "[5.2.1 Move]",
         "Only heroes on the starting location can follow.", check_r30),
    Rule(S + "R31", "The shadow check: check at most the danger meets a shadow", "[5.2.1 Move]",
         "A shadow is met: say how it is faced.", check_r31),
    Rule(S + "R33", "Cards beating a shadow total at least its power", "[5.2.1 Move]",
         "Discarded cards must total at least the shadow's power.", check_r33),
    Rule(S + "R34", "Magic beating a shadow: at least its power", "[5.2.1 Move]",
         "You need magic at least the shadow's power.", check_r34),
    Rule(S + "R35", "Cards or magic, not both", "[5.2.1 Move]", "Pay the shadow with cards or with magic, not both.",
         check_r35),
    Rule(S + "R36", "You must defeat the shadow when you can", "[5.2.1 Move]",
         "You must defeat the shadow: you have the magic to pay it.", check_r36),
    Rule(S + "R39", "An action comes from your location, its event, or your own item or skill", "[5.2.2 Action]",
         "Take an action of your location, of the event on it, or of your own items and skills.", check_r39),
    Rule(S + "R40", "A covered location has no action of its own", "[2.3 Location Cards]",
         "An event covers this location: only the event's action is available.", check_r40),
    Rule(S + "R41", "An exhausted location has no action", "[3. Keywords]",
         "This location is exhausted: its action cannot be used.", check_r41),
    Rule(S + "R42", "Only your own items and skills", "[5.2.2 Action]",
         "You act only with your own items and skills.", check_r42),
    Rule(S + "R47", "A test needs a test card", "[5.2.2.1 A Test: Strength / Intelligence / Agility]",
         "Play a card from your hand as the test card.", check_r47),
    Rule(S + "R52", "CYCLE: at most X, never the last card", "[3. Keywords]",
         "CYCLE can't discard more than X nor your last card.", check_r52),
    Rule(S + "R55", "Fairy Dust: from the hero deck and back on top; only items you hold are discarded", "[2.1 Hero Cards and Upgrade Cards]",
         "You can discard only an item you hold; a Fairy Dust goes back on top of the hero deck.", check_r55),
    Rule(S + "R56", "GET ITEM: the event you are resolving", "[3. Keywords]",
         "You can only take the item of the event on your location.", check_r56),
    Rule(S + "R57", "SHOW: the card stays in your hand", "[3. Keywords]", "SHOW needs the card in your hand.", check_r57),
    Rule(S + "R58", "TRASH: the card being resolved is discarded", "[3. Keywords]",
         "Trash the event on your location or an item you hold.", check_r58),
    Rule(S + "R66", "Trade Item is co-op only", "[5.2 Main Phase]", "Trading items is only allowed in co-op games.",
         check_r66),
    Rule(S + "R67", "Trade with a hero on your location", "[5.2 Main Phase]",
         "You can only trade with a hero on your location.", check_r67),
    Rule(S + "R69", "Enter the Tower from its location", "[7. Tower of Death]",
         "Enter the Tower of Death from its location.", check_r69),
    Rule(S + "R71", "The participants act, it is still the entering hero's action", "[7. Tower of Death]",
         "Only the heroes inside the Tower act; it is still the entering hero's action.", check_r71),
    Rule(S + "R72", "Rooms one after another", "[7. Tower of Death]",
         "Rooms are entered one after another.", check_r72),
    Rule(S + "R74", "Eliminated heroes take no part", "[8. Winning the Game]", "This hero has been eliminated.",
         check_r74),
)
