"""Rules of the setup, the turn and its reveals, the rest and the invariants: each a named Rule with the
id the reference corpus cites (fixtures/rules/adventure-of-d/rules.yaml)."""
from __future__ import annotations

from tracker.engine import Rule
from tracker.engine.kit.invariants import negative_counts
from tracker.engine.kit.seats import name_of

from .state import CASTLE, HERO_CARDS, POWER_CARDS, SLOTS, TOWER, danger, power_ok
from .state import counted_hero_cards, counted_power_cards
from .rules_play import check_move_hand

S = "adventure-of-d."


def _p(state, params):
    return state["players"][params["player"]]


# -- setup phase -------------------------------------------------------------------------------

def check_r4(state, params, ctx):
    p = _p(state, params)
    if p["setup_check"]:
        return f"{p['name']} has made the setup check already ({p['setup_check']})."
    kind, raise_ = params["type"], params.get("raise")
    if kind == "neutral" and raise_ is None:
        return "A neutral setup check raises the stat you choose: name it in raise."
    if kind != "neutral" and raise_ not in (None, kind):
        return f"The setup check showed {kind}: raise {kind} (only a neutral card lets you choose)."


def check_r7(state, params, ctx):
    slot = SLOTS.index(params["slot"])
    if state["map"][slot]["name"] is not None:
        return f"Slot {params['slot']} holds {state['map'][slot]['name']} already."
    names = [loc["name"] for loc in state["map"] if loc["name"]]
    if params["name"] in names:
        return f"{params['name']} is on the map already: each location once."
    left = sum(1 for loc in state["map"] if loc["name"] is None) - 1
    missing = [m for m in (CASTLE, TOWER) if m not in names and m != params["name"]]
    if len(missing) > left:
        return f"Use exactly one Castle of Light and one Tower of Death: {' and '.join(missing)} still needs a slot."


# -- who acts, when ----------------------------------------------------------------------------

def check_r16(state, params, ctx):
    if state["phase"] == "tower":  # inside the Tower each participant records their own (R71)
        return None
    if params["player"] != state["active_player"]:
        return f"It is {name_of(state, state['active_player'])}'s turn; only they can do this."


def check_r17(state, params, ctx):
    if ctx.action_type == "reveal_event":
        if state["phase"] == "main" and state["events"]:
            return "A new event is revealed twice at the start of a turn, and again only when the map is empty."
        return None
    if state["phase"] == "reveal":
        return f"Reveal and place this turn's events first ({state['reveals_left']} to go)."


def check_r18(state, params, ctx):
    if state["pending_event"] is not None:
        return f"First {name_of(state, state['decider'])} accepts or rejects the revealed event."


def check_r23(state, params, ctx):
    if state["phase"] == "setup":
        return "The game has not begun: lay the 12 locations and make every setup check first."


def check_r43(state, params, ctx):
    if state["phase"] == "tower":
        return "One action can't interrupt another: the Tower of Death run is still going on."


def check_r44(state, params, ctx):
    if state["phase"] == "main" and not state["events"] and state["pending_event"] is None:
        return "The map has no events: reveal a new event first."


def check_r78(state, params, ctx):
    pairs = [(params.get("type"), params.get("power")), (params.get("card_type"), params.get("card_power"))]
    for kind, power in pairs:
        if kind is not None and power is not None and not power_ok(kind, power):
            return (f"No {kind} card has power {power}: strength, intelligence and agility cards run from 1 "
                    "to 5; only neutral cards go from 0 to 6.")


# -- the decider -------------------------------------------------------------------------------

def check_r19(state, params, ctx):
    if state["pending_event"] is None:
        return "No revealed event is waiting for a decision."
    if params["player"] != state["decider"]:
        return f"Only {name_of(state, state['decider'])} (the next player) may reject or accept this event."


def check_r20(state, params, ctx):
    if params["pay"] == "magic" and params["player"] == state["decider"] and _p(state, params)["magic"] < 2:
        return f"Rejecting an event costs 2 magic; {_p(state, params)['name']} has {_p(state, params)['magic']}."


def check_r21(state, params, ctx):
    if params["pay"] == "card" and params["player"] == state["decider"] and _p(state, params)["hp"] == 0:
        return f"{_p(state, params)['name']} holds no card: at HP 0 only 2 magic can reject an event."


# -- rest --------------------------------------------------------------------------------------

def check_r60(state, params, ctx):
    p, n = _p(state, params), params.get("discard", 0)
    if n and n > max(p["hp"] - 1, 0):
        return f"Keep at least one card in hand when you rest: discard at most {max(p['hp'] - 1, 0)}."


def check_r63(state, params, ctx):
    if not params.get("pay_magic"):
        return None
    p = _p(state, params)
    if not state["heroic"] or danger(state, p["location"]) != 0:
        return "Paying 1 magic at rest is Heroic Mode's choice at danger 0 only."
    if p["magic"] < 1:
        return "Heroic: at danger 0 pay 1 magic or draw only to 5; you have no magic."


# -- invariants (hard) -------------------------------------------------------------------------

def check_r12(state, params, ctx):
    if params and ctx is not None and ctx.action_type == "move":
        return check_move_hand(state, params, ctx)
    below = negative_counts(state, table=("power_deck", "discard_pile", "hero_deck"),
                            per_seat=("hp", "magic", "strength", "intelligence", "agility"))
    if below or (state["timer_cards"] is not None and state["timer_cards"] < 0):
        who, key, _ = below[0] if below else (None, "timer_cards", 0)
        return f"{who + chr(39) + 's ' if who else 'The '}{key.replace('_', ' ')} can't drop below 0."


def check_r13(state, params, ctx):
    n = counted_power_cards(state)
    if n != POWER_CARDS:
        return f"Power cards don't add up to 60 (counted {n})."


def check_r14(state, params, ctx):
    n = counted_hero_cards(state)
    if n != HERO_CARDS:
        return f"Hero cards don't add up to 16 (counted {n})."


def check_r15(state, params, ctx):
    events = state["events"]
    if len({e["type"] for e in events}) != len(events) or len({e["location"] for e in events}) != len(events):
        return "At most one event of each type and one event on each location."


RULES_TURN = (
    Rule(S + "R4", "Setup stat: +1 of the checked type, a choice only for neutral", "[4. Setup]",
         "The setup check raises the stat of its type; only a neutral card lets you choose.", check_r4, hard=True),
    Rule(S + "R7", "12 locations, one Castle of Light and one Tower of Death", "[2.3 Location Cards]",
         "Use exactly one Tower of Death and one Castle of Light, and fill all 12 slots once.", check_r7, hard=True),
    Rule(S + "R12", "Counts never drop below 0", "[3. Keywords]",
         "A count can't drop below 0.", check_r12, hard=True),
    Rule(S + "R13", "The 60 power cards are accounted for", "[2. Components]",
         "Power cards must add up to 60.", check_r13, hard=True),
    Rule(S + "R14", "The 16 hero cards are accounted for", "[2. Components]",
         "Hero cards must add up to 16.", check_r14, hard=True),
    Rule(S + "R15", "At most one event per type and per location", "[5.1 Reveal a New Event]",
         "At most one event of each type and one on each location.", check_r15, hard=True),
    Rule(S + "R16", "Only the active player reveals, moves, acts and rests", "[5. Gameplay]",
         "It is not your turn.", check_r16),
    Rule(S + "R17", "Two events are revealed before the main phase", "[5. Gameplay]",
         "Reveal and place this turn's two events first.", check_r17),
    Rule(S + "R18", "A revealed event waits for the decider's answer", "[5.1 Reveal a New Event]",
         "First accept or reject the revealed event.", check_r18),
    Rule(S + "R19", "Only the next player decides on a revealed event", "[5.1 Reveal a New Event]",
         "Only the next player (in solo, yourself) accepts or rejects the revealed event.", check_r19),
    Rule(S + "R20", "Rejecting costs one card or 2 magic", "[5.1 Reveal a New Event]",
         "To reject, discard one of your cards or spend 2 magic.", check_r20),
    Rule(S + "R21", "At HP 0 a decider rejects only with magic", "[6. If Your HP =0]",
         "With no card in hand only 2 magic can reject an event.", check_r21),
    Rule(S + "R23", "Moves and actions in your own main phase", "[5.2 Main Phase]",
         "You can move or act only in your main phase.", check_r23, hard=True),
    Rule(S + "R43", "No action inside another", "[7. Tower of Death]",
         "One action can't interrupt another.", check_r43),
    Rule(S + "R44", "An empty map: reveal a new event first", "[5.2.2 Action]",
         "The map has no events: reveal a new event first.", check_r44),
    Rule(S + "R60", "Keep one card when you rest", "[5.3 Rest]",
         "Keep at least one card in hand when you rest.", check_r60),
    Rule(S + "R63", "Heroic rest: danger minus 1 magic; at danger 0 pay 1 or draw to 5", "[9. Heroic Mode]",
         "Heroic: at danger 0 pay 1 magic or draw only to 5.", check_r63),
    Rule(S + "R77", "The game is over", "[8. Winning the Game]",
         "The game has ended: nothing more can be recorded (undo to change the ending).", hard=True),
    Rule(S + "R78", "Power cards: strength, intelligence, agility 1-5, neutral 0-6", "[2.2 Power Cards]",
         "Strength, intelligence and agility cards run from 1 to 5; only neutral cards go from 0 to 6.",
         check_r78, hard=True),
)
