"""Part Two's own actions: an exploration laid out, the hero entering Tower Cards (the Learning Card or
the Tower Card's effect), Endeavor's extra moves, Insight and Task Cards, the Time Row, the end of an
exploration and its narrative section ([Tower Exploration]; [Narrative Sections])."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, enum, integer, obj, seat
from tracker.games.aventuria.kit import VILLAIN_ID, VILLAINS, name_of, villain

from .actions_palace import CARD, CELL
from .sections import end_tower, resolve
from .state import IN_NIGHT, R, cell, close_test, label
from .tower import (
    FLOOR_TITLES, FLOORS, TASK_CARDS, canonical, owned_learning, reset_borbarad, start_tower,
)

BORBARAD = frozenset({"borbarad"})
FLOOR = enum(*FLOORS, title="Floor", description="the colour on the card's back: upper green, middle blue, "
                                                 "spaceship yellow, basement red")
FLOOR_COUNTS = obj((), **{f: integer(0, 10, title=FLOOR_TITLES[f]) for f in FLOORS})
REMOVED = obj((), **{f: integer(0, 6, title=FLOOR_TITLES[f]) for f in ("upper", "middle", "spaceship")})
REMOVED["description"] = "how many of the six cards The Mission of the Brain removed came from each floor (their backs)"


def name_cell(state: dict, c: dict, params: dict) -> None:
    """A card the table names as it turns up: its name and floor, remembered for the rest of the adventure."""
    if params.get("card") and not c["card"]:
        c["card"] = canonical(state, params["card"])
    floor = params.get("floor") or state["tower_cards"].get(c["card"]) or c["floor"]
    if floor:
        c["floor"] = floor
    if c["card"] and c["floor"]:
        state["tower_cards"].setdefault(c["card"], c["floor"])


def enter(state: dict, seat: int, to: list, params: dict) -> str:
    """[Step 0 in the Tower]: the card entered turns face up (its neighbours stay down); without its
    Learning Card the Tower Card applies and its Learning Card is taken, with it the Learning Card
    applies instead; a First Entering card entered again sends the hero on at once."""
    close_test(state)
    state["fox_hand_open"] = False
    target = cell(state, to)
    frm = state["hero_cell"]
    name_cell(state, target, params)
    if params.get("first_entering"):
        target["first_entering"] = True
        if target["card"] and target["card"] not in state["first_entering_cards"]:
            state["first_entering_cards"].append(target["card"])
    elif target["card"] in state["first_entering_cards"]:
        target["first_entering"] = True  # the card says so wherever it lies next time
    target.update(face_up=True, visits=target["visits"] + 1)
    state["hero_cell"] = list(to)
    m = state["moves"]
    if seat not in m["done"]:
        m["done"].append(seat)
    m["last"] = list(to)
    card = target["card"] or f"the card at {label(to)}"
    who = name_of(state, seat)
    text = f"{who} {'stays on' if list(to) == frm else 'enters'} {card} ({label(to)})."
    if target["first_entering"] and target["visits"] > 1:
        m["again"] = seat
        effect = "again"
        text += " Entered before in this exploration (First Entering): no effect, move on at once."
    else:
        m["again"] = None
        if owned_learning(state, target["card"]):
            effect = "learning"
            text += " The Learning Card applies instead of the Tower Card."
        else:
            effect = "tower"
            if target["card"]:
                state["learning_cards"].append(target["card"])
            text += " Apply the Tower Card; its Learning Card goes to the Treasure of Knowledge (it helps from the next entry)."
    state["last_entry"] = {"card": target["card"], "cell": list(to), "effect": effect}
    return text


def apply_start_exploration(state, params, ctx):
    return " ".join(start_tower(state, params))


def apply_move_hero(state, params, ctx):
    return enter(state, params["player"], list(params["to"]), params)


def apply_endeavor_move(state, params, ctx):
    p = state["players"][params["player"]]
    if params["pay"] == "fate":
        p["fate_points"] -= 1
        state["fate_pool"] += 1
        paid = "a Fate Point (back on the plan)"
    else:
        p["endurance_total"] -= 1
        p["endurance_ready"] = min(p["endurance_ready"], p["endurance_total"])
        paid = "an Endurance Card"
    m = state["moves"]
    m["endeavor"] = m.get("endeavor", 0) + 1
    return f"Endeavor: {p['name']} discards {paid} for one more move. " + enter(state, params["player"], list(params["to"]), params)


def apply_reveal_card_by_effect(state, params, ctx):
    c = cell(state, params["cell"])
    name_cell(state, c, params)
    c["face_up"] = True
    name = c["card"] or f"The card at {label(params['cell'])}"
    # [Step 0 in the Tower > Important]: only entering teaches; a card turned up otherwise gives nothing
    return f"{name} is turned up by an effect: no Learning Card for it until the hero enters it."


def apply_take_insight(state, params, ctx):
    state["insight"][params["floor"]] = "taken"
    return f"The {FLOOR_TITLES[params['floor']]} Insight Card goes to the Treasure of Knowledge for this exploration."


def apply_use_insight(state, params, ctx):
    state["insight"][params["floor"]] = "used"
    return f"The {FLOOR_TITLES[params['floor']]} Insight Card is used."


def apply_gain_task(state, params, ctx):
    card = canonical(state, params["card"])
    state["tasks_gained"].append(card)
    return f"{card} goes to the Treasure of Knowledge (it returns to the Reserve when the exploration ends)."


def apply_close_orc_pile(state, params, ctx):
    state["orc_pile_closed"] = True
    return "Bull Skull Shrine: no more Orcs come from the Orc pile; the Orcs in the row stay."


def apply_advance_time(state, params, ctx):
    state["time_advanced"] = True
    if state["time_pos"] > 0:
        state["time_pos"] -= 1
        at = state["time_pos"]
        if at == 0:
            return "The Time Counter reaches 0: apply the Time Scale's 0 effect, now and every later round."
        return f"The Time Counter moves left to {at}: apply the Time Scale's effect for {at}, if it has one."
    return "The Time Counter stays on 0: apply the Time Scale's 0 effect again."


COUNTERS = ("time", "doom", "dc_tokens", "hunger", "thirst", "orc_shaman", "eleven_friends")
ENV_COUNTERS = {"orc_shaman": "Orc Shaman", "eleven_friends": "Eleven Friends"}


def apply_adjust_counter(state, params, ctx):
    counter, amount = params["counter"], params["amount"]
    if counter == "time":
        state["time_pos"] = max(0, state["time_pos"] + amount)
        return f"Time Counter on {state['time_pos']}."
    if counter == "doom":
        v = villain(state, params["villain"])
        v["doom"] = max(0, v.get("doom", 0) + amount)
        return f"{v['name']}: {v['doom']} Doom Counter(s)."
    if counter in ENV_COUNTERS:
        env = state["environments"][ENV_COUNTERS[counter]]
        env["tokens"] = max(0, env["tokens"] + amount)
        return f"{ENV_COUNTERS[counter]}: {env['tokens']} token(s)."
    state[counter] = max(0, state[counter] + amount)
    title = {"dc_tokens": "Tokens on the Death's Candidate card", "hunger": "Hunger", "thirst": "Thirst"}[counter]
    return f"{title}: {state[counter]}."


def apply_end_exploration(state, params, ctx):
    return end_tower(state, params["reason"])


def apply_resolve_section(state, params, ctx):
    return resolve(state, params["objective_done"], params)


def apply_restart_borbarad(state, params, ctx):
    state["restarts"] += 1
    reset_borbarad(state, 1)
    return ("Part Two starts again from its setup: the hero keeps the Hero Card, Skill Card and Hero Deck, "
            "everything gained in the tower is gone.")


_move = dict(card=CARD, floor=FLOOR, first_entering=boolean(title="First Entering"))

TOWER_ACTIONS = (
    ActionSpec("start_exploration", "Start a Tower Exploration",
               obj(("entrance",), entrance={**CELL, "title": "Entrance Stairs"}, villains=VILLAINS,
                   layout={"type": "array", "items": integer(1, 6), "minItems": 2, "maxItems": 2, "title": "Layout",
                           "description": "[rows, columns] as laid out (the stage decides it)"}),
               apply_start_exploration, rules=(R + "R80", R + "R78", R + "R89", R + "R76", R + "R73"),
               phases=frozenset({"exploration_setup"}), seat_params=(), modes=BORBARAD),
    ActionSpec("move_hero", "Move the hero",
               obj(("player", "to"), player=seat(title="Who moves"), to=CELL, **_move),
               apply_move_hero, rules=(R + "R17", R + "R94", R + "R18", R + "R20", R + "R40", R + "R79"),
               phases=frozenset({"move"}), modes=BORBARAD),
    ActionSpec("endeavor_move", "Endeavor: one more move",
               obj(("player", "to", "pay"), player=seat(), to=CELL, pay=enum("fate", "endurance", title="Pay with"),
                   **_move),
               apply_endeavor_move, rules=(R + "R75", R + "R18", R + "R20", R + "R40", R + "R79"),
               phases=frozenset({"move"}), modes=BORBARAD),
    ActionSpec("reveal_card_by_effect", "A card is turned up by an effect",
               obj(("cell",), cell=CELL, card=CARD, floor=FLOOR), apply_reveal_card_by_effect,
               rules=(R + "B1", R + "R20", R + "R79"), phases=IN_NIGHT, seat_params=(), modes=BORBARAD),
    ActionSpec("take_insight_card", "Take an Insight Card", obj(("floor",), floor=FLOOR), apply_take_insight,
               rules=(R + "R70",), phases=frozenset({"move"}), seat_params=(), modes=BORBARAD),
    ActionSpec("use_insight_card", "Use an Insight Card", obj(("floor",), floor=FLOOR), apply_use_insight,
               rules=(R + "R70",), phases=IN_NIGHT, seat_params=(), modes=BORBARAD),
    ActionSpec("gain_task_card", "Gain a Task Card", obj(("card",), card=enum(*TASK_CARDS, title="Task Card")),
               apply_gain_task, rules=(R + "R71",), phases=IN_NIGHT, seat_params=(), modes=BORBARAD),
    ActionSpec("close_orc_pile", "Bull Skull Shrine: the Orc pile is closed", obj(()), apply_close_orc_pile,
               rules=(R + "R73",), phases=IN_NIGHT, seat_params=(), modes=BORBARAD),
    ActionSpec("advance_time", "Move the Time Counter", obj(()), apply_advance_time, rules=(R + "R44",),
               phases=frozenset({"time"}), seat_params=(), modes=BORBARAD),
    ActionSpec("adjust_counter", "Change a counter (card effect)",
               obj(("counter", "amount"), counter=enum(*COUNTERS, title="Counter"), amount=integer(-20, 20, title="By"),
                   villain=VILLAIN_ID),
               apply_adjust_counter, rules=(R + "B2",), phases=IN_NIGHT, seat_params=(), modes=BORBARAD),
    ActionSpec("end_exploration", "The Tower Exploration ends",
               obj(("reason",), reason=enum("objective", "death", "retreat", "deck_empty", title="Why",
                                            description="the hero died, or the Death's Candidate card's own condition")),
               apply_end_exploration, rules=(), phases=IN_NIGHT, seat_params=(), modes=BORBARAD),
    ActionSpec("resolve_section", "Follow the narrative section",
               obj(("objective_done",), objective_done=boolean("the Death's Candidate card's Objective was achieved",
                                                               title="Objective achieved"),
                   removed_floors=REMOVED, face_up={**FLOOR_COUNTS, "title": "Face-up cards by floor",
                                                    "description": "only to correct the counts the app read from the grid"}),
               apply_resolve_section, rules=(R + "R85",), phases=frozenset({"section"}), seat_params=(),
               modes=BORBARAD),
)

RESTART_TOWER = ActionSpec("restart_adventure", "Start Part Two again", obj(()), apply_restart_borbarad,
                           rules=(R + "R80",), after_end=True, modes=BORBARAD)
