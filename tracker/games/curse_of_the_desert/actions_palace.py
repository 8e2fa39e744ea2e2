"""The palace: a night laid out, the group token moved, cards named, fulfilled and removed; the
Nedime card's hearts, the curse, and the ways a night or the adventure ends."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, enum, integer, obj, seat, string, titled
from tracker.games.aventuria.kit import VILLAINS

from .night import end_night, reveal_around, start_night
from .state import (
    HASRABAL, IN_NIGHT, R, VENOM_CARDS, cell, cell_name, close_test, label, reset_adventure,
)

CELL = {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 5}, "minItems": 2, "maxItems": 2,
        "title": "Cell", "description": "[row, column] on the plan, from the top left [0, 0]"}
CARD = string(60, "the card's name as printed", title="Card")


def apply_start_exploration(state, params, ctx):
    return " ".join(start_night(state, params))


def apply_move_hero(state, params, ctx):
    seat, to = params["player"], list(params["to"])
    m = state["moves"]
    frm = state["hero_cell"]
    target = cell(state, to)
    state["fox_hand_open"] = False
    close_test(state)
    if target["locked"] and frm is not None:
        # [0 Move Hero > Locked Room]: pushed onto a locked room, the hero stays, which is entering
        # the card they stand on
        to, target = list(frm), cell(state, frm)
    state["hero_cell"] = to
    if params.get("card") and not target["card"]:
        target["card"] = " ".join(params["card"].split())
    if params.get("first_entering"):
        target["first_entering"] = True
    target["face_up"] = True
    target["visits"] += 1
    if seat not in m["done"]:
        m["done"].append(seat)
    m["last"] = to
    m["again"] = seat if target["first_entering"] and target["visits"] > 1 else None
    turned = [] if params.get("no_reveal") else reveal_around(state, to)
    where = f"{target['card']} ({label(to)})" if target["card"] else cell_name(state, to)
    text = f"{state['players'][seat]['name']} {'stays on' if to == frm else 'moves to'} {where}."
    if turned:
        text += f" Turned up: {', '.join(turned)}."
    if m["again"] is not None:
        text += " Already entered this night (First Entering): move on at once."
    if to == state["courtyard"]:
        text += " The Courtyard: the heroes may retreat."
    return text


def apply_retreat(state, params, ctx):
    return end_night(state, "retreat")


def apply_name_card(state, params, ctx):
    c = cell(state, params["cell"])
    c["card"] = " ".join(params["card"].split())
    if "locked" in params:
        c["locked"] = params["locked"]
    if "first_entering" in params:
        c["first_entering"] = params["first_entering"]
    if params.get("face_up", True):
        c["face_up"] = True
    lock = " (locked: a token on it)" if c["locked"] else ""
    return f"{label(params['cell'])} is {c['card']}{lock}."


def apply_swap_cards(state, params, ctx):
    a, b = cell(state, params["cell"]), cell(state, params["with"])
    keys = ("card", "locked", "first_entering")
    first, second = {k: a[k] for k in keys}, {k: b[k] for k in keys}
    a.update(second)
    b.update(first)
    return f"{label(params['cell'])} and {label(params['with'])} swap places: {a['card'] or 'a card'} and {b['card'] or 'a card'}."


def apply_unlock(state, params, ctx):
    c = cell(state, params["cell"])
    c["locked"] = False
    return f"{cell_name(state, params['cell'])} is unlocked."


def apply_fulfill_card(state, params, ctx):
    c = cell(state, params["cell"])
    old = c["card"] or label(params["cell"])
    if is_bedchamber(c):
        # [End of the Exploration]: the Bedchamber's condition met rescues Nedime at once
        return f"{old} is fulfilled. " + end_night(state, "rescued")
    story = " ".join(params["story_card"].split())
    state["fulfilled"].append({"palace_card": old, "story_card": story})
    # [0 Move Hero > "Fulfilled"]: the Story Card takes the space for the rest of the adventure; its
    # Entering waits for a later round
    c.update(card=story, manticore=False, locked=False, first_entering=False, face_up=True, visits=0)
    return f"{old} is fulfilled: {story} takes its place for the rest of the adventure."


def is_bedchamber(c: dict) -> bool:
    return (c.get("card") or "").casefold() == "bedchamber"


def apply_fulfill_manticore(state, params, ctx):
    c = cell(state, params["cell"])
    old = c["card"] or "The Manticore Card"
    state["manticore_fulfilled"].append(old)
    state["manticore_left"] -= 1
    new = " ".join(params["replacement"].split()) if params.get("replacement") else None
    c.update(card=new, manticore=False, locked=False, first_entering=False, face_up=True, visits=0)
    return (f"{old} is fulfilled and leaves the adventure ({state['manticore_left']} Manticore Cards left); "
            f"{new or 'a Palace Card from the reserve'} fills its space.")


def apply_remove_palace_card(state, params, ctx):
    c = cell(state, params["cell"])
    old = cell_name(state, params["cell"])
    c.update(gap=True, face_up=False, locked=False)
    return f"{old} is removed: a gap until the night ends."


def apply_flip_heart_token(state, params, ctx):
    h = state["hearts"]
    n = params["count"]
    if params["direction"] == "break":
        h["broken"] = min(h["total"], h["broken"] + n)
    else:
        h["broken"] = max(0, h["broken"] - n)
    return f"Nedime's hearts: {h['total'] - h['broken']} whole, {h['broken']} broken."


def apply_lift_curse(state, params, ctx):
    state["curse_side"] = "B"
    return "The Curse of the Manticore is lifted: the card turns to its B side."


def apply_manticore_poison(state, params, ctx):
    seat = params["player"]
    p = state["players"][seat]
    if state["curse_side"] == "A":
        # [Manticore Venom]: with the curse on side A the hero becomes a manticore and is imprisoned
        return f"{p['name']} is poisoned by the manticore and turns into one. " + end_night(state, "imprisoned", seat)
    if p["venom_in_deck"] < VENOM_CARDS:
        p["venom_in_deck"] += 1
        p["draw_deck_count"] += 1
        return f"{p['name']} is poisoned: a Manticore Venom card is shuffled into the Hero Deck."
    ctx.notes.append("Both Manticore Venom cards are already in the deck: no third one.")
    return f"{p['name']} is poisoned; both Manticore Venom cards are already in the deck."


def apply_take_comp_token(state, params, ctx):
    state["comp_tokens"] += 1
    return f"A 5 Life Point token goes on the Hero Card: the next night starts with {state['comp_tokens'] * 5} extra LP."


def apply_nedime_rescued(state, params, ctx):
    return end_night(state, "rescued")


def apply_restart_adventure(state, params, ctx):
    state["restarts"] += 1
    reset_adventure(state)
    return "The adventure starts again from its setup; both versions of the hero are free again."


IN_NIGHT_OR_SETUP = frozenset({*IN_NIGHT, "exploration_setup"})

PALACE_ACTIONS = (
    ActionSpec("start_exploration", "Start a night",
               obj(("courtyard",), hasrabal={"type": "array", "maxItems": 8, "items": string(40), "title": "Hasrabal Cards drawn",
                                              "description": "their names: " + ", ".join(HASRABAL)},
                   courtyard=CELL, manticore_cells={"type": "array", "maxItems": 6, "items": CELL,
                                                    "title": "Manticore Cards (green backs)"},
                   villains=VILLAINS),
               apply_start_exploration,
               rules=(R + "R80", R + "R81", R + "R55", R + "R50", R + "R51", R + "R56", R + "R96"),
               phases=frozenset({"exploration_setup"}), seat_params=()),
    ActionSpec("move_hero", "Move the hero",
               obj(("player", "to"), player=seat(title="Who moves"), to=CELL, card=CARD,
                   first_entering=boolean("the card says First Entering", title="First Entering"),
                   no_reveal=boolean("an effect moved the hero and says not to turn up the neighbours")),
               apply_move_hero,
               rules=(R + "R17", R + "R94", R + "R18", R + "R20", R + "R19", R + "R40", R + "R21"),
               phases=frozenset({"move"})),
    ActionSpec("retreat", "Retreat through the Courtyard", obj(("player",), player=seat()), apply_retreat,
               rules=(R + "R49",), phases=IN_NIGHT),
    ActionSpec("name_card", "Name a card on the plan",
               obj(("cell", "card"), cell=CELL, card=CARD, locked=boolean("a lock symbol: an Adventure token on it"),
                   first_entering=boolean(title="First Entering"),
                   face_up=boolean("false: only noting what a face-down card is (it stays face down)")),
               apply_name_card, rules=(R + "R63",), phases=IN_NIGHT, seat_params=()),
    ActionSpec("swap_cards", "Swap a card next to the Courtyard (night preparation)",
               obj(("cell", "with"), cell=titled(CELL, "Card next to the Courtyard"), **{"with": titled(CELL, "Face-up card")}),
               apply_swap_cards, rules=(R + "R53",), phases=frozenset({"move"}), seat_params=()),
    ActionSpec("unlock_room", "Remove a room's lock token", obj(("cell",), cell=CELL), apply_unlock,
               rules=(R + "R24",), phases=IN_NIGHT, seat_params=()),
    ActionSpec("fulfill_card", "A Palace Card is fulfilled",
               obj(("cell",), cell=CELL, story_card=string(60, "the Story Card the card names (none for the Bedchamber)",
                                                          title="Story Card")),
               apply_fulfill_card, rules=(R + "R61", R + "R82"), phases=IN_NIGHT, seat_params=()),
    ActionSpec("fulfill_manticore", "A Manticore Card is fulfilled",
               obj(("cell",), cell=CELL, replacement=string(60, "the Palace Card drawn from the reserve", title="From the reserve")),
               apply_fulfill_manticore, rules=(R + "R62",), phases=IN_NIGHT, seat_params=()),
    ActionSpec("remove_palace_card", "A Palace Card is removed (a gap)", obj(("cell",), cell=CELL),
               apply_remove_palace_card, rules=(R + "R63",), phases=IN_NIGHT, seat_params=()),
    ActionSpec("flip_heart_token", "Flip Heart tokens",
               obj(("direction", "count"), direction=enum("break", "mend", title="Direction"),
                   count=integer(1, 10, title="How many")),
               apply_flip_heart_token, rules=(R + "R58",), phases=IN_NIGHT_OR_SETUP, seat_params=()),
    ActionSpec("lift_curse", "The Curse of the Manticore is lifted", obj(()), apply_lift_curse,
               rules=(R + "R107",), phases=IN_NIGHT),
    ActionSpec("manticore_poison", "Poisoned by the manticore", obj(("player",), player=seat()),
               apply_manticore_poison, rules=(R + "R59",), phases=IN_NIGHT),
    ActionSpec("take_comp_token", "Take a 5 Life Point token", obj(()), apply_take_comp_token,
               phases=IN_NIGHT_OR_SETUP),
    ActionSpec("nedime_rescued", "Nedime is rescued (the Bedchamber is fulfilled)", obj((), player=seat()),
               apply_nedime_rescued, rules=(R + "R80",), phases=IN_NIGHT),
    ActionSpec("restart_adventure", "Start the lost adventure again", obj(()), apply_restart_adventure,
               rules=(R + "R80",), after_end=True),
)
