"""The round of a night: step 0 to step 5, the preparation's three phases, the time step and its
guards, and the end checks at the end of every round ([Exploration > Round Sequence])."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, enum, integer, obj, seat, string
from tracker.games.aventuria.kit import (
    ATTACK_TYPES, VILLAIN_FIELDS, VILLAIN_ID, apply_play_endurance, name_of, next_hero, next_villain, villain,
    villain_actions,
)

from .night import add_villain, begin_moves, end_night
from .state import GUARD, IN_NIGHT, R, close_test, solo



def first_hero(state: dict) -> int | None:
    """The next hero turn: from the Starting Hero around the table (house default for a group)."""
    return next_hero({**state, "round_lead": state["starting_player"]})


def start_turn(state: dict, seat: int) -> None:
    state["active_player"] = seat
    p = state["players"][seat]
    p.update(attacks_this_turn={t: False for t in ATTACK_TYPES}, extra_attacks_this_turn=0)


def begin_opponents(state: dict) -> None:
    state["phase"] = "opponents"
    state["active_player"] = None
    state["opponent_turn"] = {"villain": None, "actions_left": 0, "rolls": [], "done": []}
    first = next_villain(state)
    if first is not None:
        state["opponent_turn"].update(villain=first["id"], actions_left=villain_actions(state, first))


def next_round(state: dict) -> None:
    n = len(state["players"])
    state["round"] += 1
    state["turn"] = state["round"]  # the header's "Turn": a night's rounds are its turns
    if n > 1:  # [Multiplayer Version > Starting Hero]: the token passes on every round
        state["starting_player"] = (state["starting_player"] + 1) % n
    state.update(phase="move", time_advanced=False, guards_due=0, opponent_turn=None, last_attack=None,
                 active_player=None)
    for p in state["players"]:
        p.update(endurance_this_round=0, phase_draw_done=False, turn_done=False, temp_endurance=0,
                 attacks_this_turn={t: False for t in ATTACK_TYPES}, extra_attacks_this_turn=0)
    begin_moves(state)


def end_of_round(state: dict) -> str:
    """Step 5: a group hero at 0 LP ends the night as a retreat; a spent deck ends it at dawn."""
    down = [p["name"] for p in state["players"] if p["life_points"] <= 0]
    if down and not solo(state) and state["mode"] == "nedime":
        return f"{', '.join(down)} at 0 LP at the end of the round. " + end_night(state, "retreat")
    if state["end_pending"]:
        return end_night(state, "dawn")
    next_round(state)
    who = f" {name_of(state, state['starting_player'])} holds the Starting Hero token." if not solo(state) else ""
    return f"Round {state['round']}: move the hero.{who}"


def apply_advance_phase(state, params, ctx):
    close_test(state)
    phase = state["phase"]
    if phase == "move":
        state["phase"] = "draw"
        state["fox_hand_open"] = False
        return "1A Card Draw: each hero draws 2."
    if phase == "draw":
        state["phase"] = "endurance"
        return "1B Endurance: up to 2 new Endurance Cards each."
    if phase == "endurance":
        state["phase"] = "ready"
        for p in state["players"]:
            p["endurance_ready"] = p["endurance_total"]
            for card in p["permanents"]:
                card["ready"] = True
        return "1C Ready Cards: every Endurance Card and activated card stands up again."
    if phase == "ready":
        state["phase"] = "hero_turn"
        seat = first_hero(state)
        if seat is None:
            begin_opponents(state)
            return "No hero can take a turn: the opponents act."
        start_turn(state, seat)
        return f"2 Hero's Turn: {name_of(state, seat)}."
    if phase == "hero_turn":
        seat = state["active_player"]
        if seat is not None:
            state["players"][seat]["turn_done"] = True
            state["players"][seat]["temp_endurance"] = 0  # gained endurance lapses with the turn (R48)
        nxt = first_hero(state)
        if nxt is not None:
            start_turn(state, nxt)
            return f"{name_of(state, seat)} is done; {name_of(state, nxt)}'s turn."
        begin_opponents(state)
        return "3 Opponents Turns: left to right."
    if phase == "opponents":
        state["phase"] = "time"
        state["opponent_turn"] = None
        return "4 Time Effects: move the Time Counter one space."
    return end_of_round(state)


def apply_fox_hand(state, params, ctx):
    p = state["players"][params["player"]]
    p["mulligan_done"] = True
    return f"{p['name']} takes a Fox Hand: {params['count']} card(s) shuffled back and redrawn."


def apply_draw_cards(state, params, ctx):
    p = state["players"][params["player"]]
    count = params["count"]
    got = min(count, p["draw_deck_count"])
    p["draw_deck_count"] -= got
    p["hand_count"] += got
    if state["phase"] == "draw" and params.get("reason", "phase") == "phase":
        p["phase_draw_done"] = True
    venom = min(params.get("venom", 0), p["venom_in_deck"], got)
    text = f"{p['name']} draws {got} card(s)."
    if venom:
        # [Manticore Venom]: it takes effect at once and leaves play; it still counted as drawn
        p["venom_in_deck"] -= venom
        p["hand_count"] -= venom
        text += f" {venom} Manticore Venom: resolve it now; it leaves play."
    if p["draw_deck_count"] == 0 and got:
        if state["mode"] == "nedime":
            state["end_pending"] = True
            text += " The Hero Deck is spent: the night ends after this round."
        else:
            # [Tower Exploration End]: the tower ignores the palace's ends; many Death's Candidate cards
            # end only with death, so play on unless the card says otherwise (end_exploration)
            text += " The Hero Deck is spent and is not refilled; the exploration goes on."
    return text


def apply_play_endurance_card(state, params, ctx):
    text = apply_play_endurance(state, params, ctx)
    state["players"][params["player"]]["endurance_this_round"] += 1
    return text


def apply_ready_all(state, params, ctx):
    return f"{name_of(state, params['player'])} readies all cards."


def apply_advance_time(state, params, ctx):
    state["time_pos"] += 1
    state["time_advanced"] = True
    text = f"The Time Counter moves to space {state['time_pos']}."
    if params.get("enemy"):
        # [4 Time Effects]: a "+1" space brings a palace guard, one per hero in a group
        state["guards_due"] = len(state["players"])
        text += f" +1: draw {state['guards_due']} palace guard(s) to the right of the row."
    return text


def apply_place_villain(state, params, ctx):
    raw = {k: v for k, v in params.items() if k != "position"}
    v = add_villain(state, raw, params.get("position", "right"))
    if state["phase"] == "time" and state["guards_due"] and v["kind"] == "henchman" and (
            not v["keywords"] or GUARD in v["keywords"]):
        state["guards_due"] -= 1
    side = "at the left of" if params.get("position") == "left" else "to the right of"
    return f"{v['name']} ({v['id']}, {v['life_points']} LP, {v['actions']} action(s)) joins the row {side} the villains."


def apply_no_guard_left(state, params, ctx):
    state["guards_due"] = 0
    return "Every palace guard is already in the row: no new guard."


def apply_adjust_counter(state, params, ctx):
    amount = params["amount"]
    if params["counter"] == "time":
        state["time_pos"] = max(0, state["time_pos"] + amount)
        return f"Time Counter on space {state['time_pos']}."
    v = villain(state, params["villain"])
    v["doom"] = max(0, v.get("doom", 0) + amount)
    return f"{v['name']}: {v['doom']} Doom Counter(s)."


ROUND_ACTIONS = (
    ActionSpec("advance_phase", "Next step", obj((), player=seat(title="Who moves on")), apply_advance_phase,
               rules=(R + "R17", R + "H1", R + "R13", R + "R22", R + "R25", R + "R41", R + "R44", R + "R104"),
               phases=IN_NIGHT),
    ActionSpec("fox_hand", "Fox Hand (replace opening cards)",
               obj(("player", "count"), player=seat(), count=integer(0, 5, "cards set aside and redrawn", title="Cards")),
               apply_fox_hand, rules=(R + "R57",), phases=frozenset({"move"})),
    ActionSpec("draw_cards", "Draw cards",
               obj(("player", "count"), player=seat(), count=integer(1, 30, title="Cards"),
                   reason=enum("phase", "card_effect", title="Why"),
                   venom=integer(0, 2, "Manticore Venom cards among those drawn", title="Manticore Venom drawn")),
               apply_draw_cards, rules=(R + "R25", R + "R65", R + "R40"), phases=IN_NIGHT),
    ActionSpec("play_endurance", "Play an Endurance Card",
               obj(("player", "source"), player=seat(), source=enum("hand", "permanent", title="From"),
                   card=string(60, "the permanent turned face down (from permanent)", title="Card")),
               apply_play_endurance_card, rules=(R + "R26", R + "R40"), phases=frozenset({"endurance"})),
    ActionSpec("ready_all", "Ready all cards", obj(("player",), player=seat()), apply_ready_all,
               rules=(R + "R27",), phases=IN_NIGHT),
    ActionSpec("advance_time", "Move the Time Counter",
               obj((), enemy=boolean("the space it lands on shows +1 (enemy symbol)", title="+1 space")),
               apply_advance_time, rules=(R + "R44",), phases=frozenset({"time"}), seat_params=()),
    ActionSpec("place_villain", "Place an opponent in the row",
               obj(("name", "life_points"), **VILLAIN_FIELDS, position=enum("left", "right", title="Where")),
               apply_place_villain, rules=(R + "R56", R + "R95", R + "R73", R + "R74"), phases=IN_NIGHT, seat_params=()),
    ActionSpec("no_guard_left", "No palace guard left to draw", obj(()), apply_no_guard_left,
               rules=(R + "R66",), phases=frozenset({"time"}), seat_params=()),
    ActionSpec("adjust_counter", "Change a counter (card effect)",
               obj(("counter", "amount"), counter=enum("time", "doom", title="Counter"),
                   amount=integer(-20, 20, title="By"), villain=VILLAIN_ID),
               apply_adjust_counter, phases=IN_NIGHT, seat_params=()),
)
