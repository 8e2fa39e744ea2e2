"""Setup, the turn stepper, Boron's Halls and the end of the game: rules and actions (spec 5.A, 5.B, 5.L)."""
from __future__ import annotations

from tracker.engine import ActionSpec, Rule
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from .state import (
    HAND_LIMIT, MOVEMENT_STEPS, PHASES, begin_game, check_end, end_on_time, name_of, opponent, remove_unit,
    start_turn, to_borons_halls,
)

CARD = string(80, "the card's name")


def _active(state, params) -> bool:
    return state["active_player"] == params.get("player")


# ------------------------------------------------------------------ checks

def check_r4(state, params, ctx):
    rolls = state["roll_off"]["rolls"]
    if rolls[params["player"]] is not None:
        return f"{name_of(state, params['player'])} has already rolled; wait for the other roll."


def check_r6(state, params, ctx):
    if not _active(state, params):
        return f"Only {name_of(state, state['active_player'])} draws now."
    if state["phase"] != "start":
        return "Cards are drawn only in the start phase."
    if state["players"][params["player"]]["draws_this_turn"] is not None:
        return "You already chose your draws this turn."


def check_r8(state, params, ctx):
    if not _active(state, params):
        return f"It is {name_of(state, state['active_player'])}'s turn."
    if ctx.action_type == "next_step" and state["phase"] == "start" and \
            state["players"][params["player"]]["draws_this_turn"] is None:
        return "Choose your draws (0, 1 or 2) first."
    if ctx.action_type == "next_step" and state["phase"] == "combat":
        if state["combat_queue"] or state.get("combat"):
            return "Resolve every combat before the discard phase."
        for pending in PENDING_CHECKS:  # e.g. a naval combat still open (Captain's Pack)
            why = pending(state)
            if why:
                return why
    if ctx.action_type == "next_step" and state["phase"] == "discard":
        return "End your turn to hand over."
    if ctx.action_type == "next_step" and state["phase"] == "movement" and state["movement_step"] == "execute_moves":
        pending = [m for m in state["moves"] if not m.get("done")]
        if pending:
            return "Carry out (or forfeit) every declared move first."


def check_r9(state, params, ctx):
    p = state["players"][params["player"]]
    if p["mulligan_used"]:
        return "You have already used your one mulligan this game."
    if not _active(state, params) or state["phase"] != "start":
        return "A mulligan is taken in your own start phase."


def check_r10(state, params, ctx):
    p = state["players"][params["player"]]
    excess = max(0, p["hand_count"] - HAND_LIMIT)
    if ctx.action_type == "discard_excess":
        if state["phase"] != "discard" or not _active(state, params):
            return "Cards are discarded down to 6 in your own discard phase."
        if params["count"] != excess:
            return f"Only the excess ({excess}) is discarded." if excess else "Your hand is within the limit."
        return None
    if excess:
        return f"Discard {excess} card(s) first (hand limit {HAND_LIMIT})."


def check_r100(state, params, ctx):
    return None


def check_r103(state, params, ctx):
    return "The game has ended."


def check_r104(state, params, ctx):
    if state["rules"]["essen96"]:
        return "No cards change hands in tournament play."
    res = state["result"]
    if not res or res.get("winner") is None:
        return "The prize card goes to the winner once the game has ended."
    if params["player"] != res["winner"]:
        return f"The prize card is {name_of(state, res['winner'])}'s to take."
    if any(e.get("reason") == "prize" for e in state["ledger"]):
        return "The prize card was already taken."


def check_r106(state, params, ctx):
    if not state["rules"]["essen96"]:
        return "The time limit belongs to Essen '96 tournament games."


def check_r113(state, params, ctx):
    return "The points target was fixed before the game began."


def check_destroy_value(state, params, ctx):
    value = params["value"]
    if value == "#" and params["kind"] != "creature":
        return "Only an uncontrollable creature shows \"#\"; armies and heroes have a number."
    unit = params.get("unit")
    if unit and unit not in state["units"]:
        return "That unit (unit) is not in play."


def check_r5(state, params, ctx):
    return "Cards cannot be added to a deck or taken out of the game during play."


# ------------------------------------------------------------------ actions

def apply_roll_for_first(state, params, ctx):
    rolls = state["roll_off"]["rolls"]
    rolls[params["player"]] = params["roll"]
    who = name_of(state, params["player"])
    if None in rolls:
        return f"{who} rolls {params['roll']}."
    if rolls[0] == rolls[1]:
        state["roll_off"]["rolls"] = [None, None]
        return f"{who} rolls {params['roll']}: a tie, both roll again."
    first = 0 if rolls[0] > rolls[1] else 1
    begin_game(state, first)
    return f"{who} rolls {params['roll']}: {name_of(state, first)} goes first."


def apply_choose_draws(state, params, ctx):
    p = state["players"][params["player"]]
    n = min(params["count"], p["deck_count"])
    p["deck_count"] -= n
    p["hand_count"] += n
    p["draws_this_turn"] = params["count"]
    p["moves_allowed"] = 2 - params["count"]
    line = f"{p['name']} draws {n} and has {p['moves_allowed']} move(s)."
    if n < params["count"] and state["rules"]["deck_out_timing"] == "on_failed_draw":
        state["result"] = {"winner": opponent(params["player"]), "reason": "deck_out",
                           "points": [q["borons_halls"]["points"] for q in state["players"]]}
    check_end(state)
    return line


def apply_mulligan(state, params, ctx):
    p = state["players"][params["player"]]
    k = p["hand_count"]
    n = min(k, p["deck_count"])
    p["discard_count"] += k
    p["deck_count"] -= n
    p["hand_count"] = n
    p["mulligan_used"] = True
    check_end(state)
    return f"{p['name']} discards the whole hand ({k}) and draws {n}."


def apply_next_step(state, params, ctx):
    if state["phase"] == "start":
        state["phase"], state["movement_step"] = "movement", MOVEMENT_STEPS[0]
    elif state["phase"] == "movement" and state["movement_step"] != MOVEMENT_STEPS[-1]:
        state["movement_step"] = MOVEMENT_STEPS[MOVEMENT_STEPS.index(state["movement_step"]) + 1]
        hook = STEP_HOOKS.get(state["movement_step"])
        if hook:
            return hook(state)
    elif state["phase"] == "movement":
        state["phase"], state["movement_step"] = "combat", None
        hook = STEP_HOOKS.get("combat")
        if hook:
            return hook(state)
    elif state["phase"] == "combat":
        state["phase"] = "discard"
    title = state["movement_step"] or state["phase"]
    return f"{name_of(state, state['active_player'])}: {title.replace('_', ' ')}."


def apply_discard_excess(state, params, ctx):
    p = state["players"][params["player"]]
    p["hand_count"] -= params["count"]
    p["discard_count"] += params["count"]
    return f"{p['name']} discards {params['count']} down to {p['hand_count']}."


def apply_end_turn(state, params, ctx):
    seat = params["player"]
    nxt = opponent(seat)
    if seat != state["first_player"]:
        state["round"] += 1
    start_turn(state, nxt)
    lines = [f"{name_of(state, seat)} ends the turn."]
    for hook in TURN_START_HOOKS:
        line = hook(state, nxt)
        if line:
            lines.append(line)
    check_end(state)
    return " ".join(lines)


def apply_destroy(state, params, ctx):
    owner, kind, card = params["player"], params["kind"], params["card"]
    if params.get("unit"):
        remove_unit(state, params["unit"])
        after_removal(state)  # summons left without their summoner, spells whose caster died
    if params.get("summoned"):
        state["players"][owner]["discard_count"] += 1
        check_end(state)
        return f"{card} ({name_of(state, owner)}) is destroyed: a summoned creature goes to the discard pile."
    points = to_borons_halls(state, owner, card, kind, params["value"])
    check_end(state)
    total = state["players"][owner]["borons_halls"]["points"]
    return f"{card} ({name_of(state, owner)}'s {kind}) goes to Boron's Halls: +{points}, total {total}."


def apply_draw_cards(state, params, ctx):
    p = state["players"][params["player"]]
    n = min(params["count"], p["deck_count"])
    p["deck_count"] -= n
    p["hand_count"] += n
    check_end(state)
    return f"{p['name']} draws {n} card(s) ({params.get('reason') or 'a card effect'})."


def apply_time_expired(state, params, ctx):
    end_on_time(state)
    res = state["result"]
    if res["winner"] is None:
        return "Time is up with equal Boron's Halls: the tournament management decides."
    return f"Time is up: {name_of(state, res['winner'])} wins on Boron's Halls."


def apply_claim_prize(state, params, ctx):
    loser = opponent(params["player"])
    state["ledger"].append({"card": params["kept_card"], "from": loser, "to": params["player"], "reason": "prize"})
    return f"{name_of(state, params['player'])} keeps {params['kept_card']} as the prize card."


def apply_record_play_past_end(state, params, ctx):
    state["played_past_end"] = True
    return "Play went on past the end: in a tournament both players score -20."


def apply_change_target(state, params, ctx):
    # only ever reached with an override reason: the table agreed to change it after all
    state["bh_target"] = params["bh_target"]
    check_end(state)
    return f"The points target is now {params['bh_target']} (agreed at the table)."


def apply_add_card_to_deck(state, params, ctx):
    state["players"][params["player"]]["deck_count"] += 1
    return f"A card is added to {name_of(state, params['player'])}'s deck (agreed at the table)."


# Filled in by the movement and magic modules: what happens when a step begins.
STEP_HOOKS: dict = {}
TURN_START_HOOKS: list = []
AFTER_REMOVAL_HOOKS: list = []
PENDING_CHECKS: list = []  # fn(state) -> why the combat phase can't end yet, or None


def after_removal(state) -> str:
    """Run every part's housekeeping after units moved or left play; their log lines, joined."""
    return " ".join(line for line in (tidy(state) for tidy in AFTER_REMOVAL_HOOKS) if line)

TURN_RULES = (
    Rule("dark-force.R4", "Roll for the first player; ties roll again", "[4 Game Play]",
         "Tied roll-off: roll again.", check_r4),
    Rule("dark-force.R5", "Decks are fixed during the game", "[3.1 Game Term Definitions]",
         "Cards cannot be added to a deck during a game.", check_r5),
    Rule("dark-force.R6", "Draw 0, 1 or 2 in your start phase, once", "[5 Start Phase]",
         "Cards are drawn only in the start phase, once, 0 to 2.", check_r6),
    Rule("dark-force.R8", "Phases run in order", "[4 Game Play]",
         "That is not possible in this phase.", check_r8),
    Rule("dark-force.R9", "One mulligan per game, in your start phase", "[5 Start Phase]",
         "You have already used your one mulligan this game.", check_r9),
    Rule("dark-force.R10", "Hand limit 6 at the end of your turn", "[8 Discard Phase]",
         "Discard down to 6 cards.", check_r10),
    Rule("dark-force.R100", "Boron's Halls victory", "[11 Victory Conditions and Game End]",
         "The game ends when a total reaches the target with a gap of 5 or more."),
    Rule("dark-force.R101", "Conquest victory", "[11 Victory Conditions and Game End]",
         "Conquering every terrain of the opponent wins."),
    Rule("dark-force.R102", "Deck-out loses", "[11 Victory Conditions and Game End]",
         "A player whose deck runs out loses."),
    Rule("dark-force.R103", "No play after the end", "[11 Victory Conditions and Game End]",
         "The game has ended.", check_r103),
    Rule("dark-force.R104", "Ownership and the prize card", "[11 Victory Conditions and Game End]",
         "The winner takes one prize card (never in tournament play).", check_r104),
    Rule("dark-force.R106", "The tournament's hour", "[11 Victory Conditions and Game End]",
         "Essen '96 games end after 60 minutes, decided on Boron's Halls.", check_r106),
    Rule("dark-force.R113", "The points target is fixed before play", "[11 Victory Conditions and Game End]",
         "The points target was fixed before the game began.", check_r113),
    Rule("dark-force.H1", "A destroyed unit's value", "[3.3 Card Values]",
         "That value doesn't fit the card.", check_destroy_value),
)

PLAY = frozenset(PHASES) - {"setup"}
TURN_ACTIONS = (
    ActionSpec("roll_for_first", "Roll for the first player", obj(("player", "roll"), player=seat(), roll=integer(1, 6)),
               apply_roll_for_first, rules=("dark-force.R4",), phases=frozenset({"setup"}), phase_rule="dark-force.R4"),
    ActionSpec("choose_draws", "Draw 0, 1 or 2", obj(("player", "count"), player=seat(), count=integer(0, 2)),
               apply_choose_draws, rules=("dark-force.R6",), phases=PLAY, phase_rule="dark-force.R6"),
    ActionSpec("mulligan", "Mulligan", obj(("player",), player=seat()), apply_mulligan,
               rules=("dark-force.R9",), phases=PLAY, phase_rule="dark-force.R9"),
    ActionSpec("next_step", "Next step", obj(("player",), player=seat()), apply_next_step,
               rules=("dark-force.R8", "dark-force.R88"), phases=PLAY, phase_rule="dark-force.R8"),
    ActionSpec("discard_excess", "Discard down to 6", obj(("player", "count"), player=seat(), count=integer(1, 99)),
               apply_discard_excess, rules=("dark-force.R10",), phases=frozenset({"discard"}),
               phase_rule="dark-force.R10"),
    ActionSpec("end_turn", "End the turn", obj(("player",), player=seat()), apply_end_turn,
               rules=("dark-force.R8", "dark-force.R10"), phases=frozenset({"discard"}), phase_rule="dark-force.R8"),
    ActionSpec("destroy", "A unit is destroyed",
               obj(("player", "card", "kind", "value"), player=seat("the destroyed unit's owner"), card=CARD,
                   kind=enum("army", "creature", "hero"),
                   value={"anyOf": [integer(0, 99), {"const": "#"}],
                          "description": "the card's third value (AS, Ctl or Ldr), or \"#\""},
                   unit=string(20, "the unit's id in play, if the app tracks it"),
                   summoned=boolean("a summoned creature: discard pile, no points"),
                   cause=string(120)),
               apply_destroy, rules=("dark-force.H1", "dark-force.R114")),
    ActionSpec("draw_cards", "Draw cards (card effect)",
               obj(("player", "count"), player=seat(), count=integer(1, 20), reason=string(120)),
               apply_draw_cards, rules=(), phases=PLAY),
    ActionSpec("time_expired", "The tournament hour is up", obj((), player=seat()), apply_time_expired,
               rules=("dark-force.R106",), phases=PLAY),
    ActionSpec("claim_prize", "Take the prize card",
               obj(("player", "kept_card"), player=seat(), kept_card=CARD, other_card=CARD),
               apply_claim_prize, rules=("dark-force.R104",), after_end=True),
    ActionSpec("record_play_past_end", "Record that play went on past the end", obj((), player=seat()),
               apply_record_play_past_end, rules=(), after_end=True),
    ActionSpec("change_target", "Change the points target", obj(("bh_target",), bh_target=integer(1, 200)),
               apply_change_target, rules=("dark-force.R113",)),
    ActionSpec("add_card_to_deck", "Add a card to a deck", obj(("player",), player=seat(), card=CARD),
               apply_add_card_to_deck, rules=("dark-force.R5",)),
)
