"""Turn flow, setup and invariant rules (R1-R13, R48, R50, R57-R61, R120 and house rules H1, H4, H5)."""
from __future__ import annotations

from tracker.engine import Rule
from tracker.engine.kit.invariants import negative_counts

from .state import ADVENTURE_MODES, ENDURANCE_PER_TURN, HAND_LIMIT, PHASE_DRAW, find_permanent, name_of

# ------------------------------------------------------------------ shared checks


def _active(state, seat) -> bool:
    return state.get("active_player") == seat


def draw_reason(state: dict, params: dict):
    """The reason a draw is made: the one given, or the phase draw when that is what is due."""
    if params.get("reason"):
        return params["reason"]
    p = state["players"][params["player"]]
    if state["phase"] == "preparation":  # an adventure round's step 1: every hero draws at once
        return None if p["phase_draw_done"] else "phase"
    if _active(state, params["player"]) and state["phase"] == "draw" and not p["phase_draw_done"]:
        return "phase"
    return None


def _owes_phase_draw(state) -> bool:
    p = state["players"][state["active_player"]]
    return state["phase"] == "draw" and not p["phase_draw_done"] and p["draw_deck_count"] > 0


def check_r1(state, params, ctx):
    if not _active(state, params["player"]):
        return f"It is {name_of(state, state['active_player'])}'s turn; only they move the phase on."


def check_r2(state, params, ctx):
    if state["mode"] in ADVENTURE_MODES:
        # Start-of-turn effects belong to the Preparation step, end-of-turn ones to the hero's own turn.
        if params["when"] == "start":
            return None if state["phase"] == "preparation" else "Start of turn effects happen in the Preparation step."
        if _active(state, params["player"]) and state["phase"] == "hero_end":
            return None
        return "End of turn effects happen at the end of your own hero turn."
    if not _active(state, params["player"]):
        return "Start and end of turn effects trigger only in your own turn."
    if state["phase"] != params["when"]:
        word = "start" if params["when"] == "start" else "end"
        return f"This effect triggers only at the {word} of your turn."


def check_r3(state, params, ctx):
    if ctx.action_type == "advance_phase":
        if _active(state, params["player"]) and _owes_phase_draw(state):
            return "Draw your 2 cards before leaving phase 2."
        return None
    if draw_reason(state, params) != "phase":
        return None
    p = state["players"][params["player"]]
    if state["mode"] in ADVENTURE_MODES:
        if state["phase"] != "preparation":
            return "In an adventure the 2-card draw happens in the Preparation step of the round."
        if p["phase_draw_done"]:
            return "You already drew your 2 cards this round."
    elif not _active(state, params["player"]) or state["phase"] != "draw":
        return "The 2-card draw happens in your own phase 2."
    if p["phase_draw_done"]:
        return "You already drew your 2 cards this turn."
    allowed = {PHASE_DRAW, min(PHASE_DRAW, p["draw_deck_count"])}
    if params["count"] not in allowed:
        return f"The phase draw is {PHASE_DRAW} cards, not {params['count']}."


def check_r5(state, params, ctx):
    if draw_reason(state, params) is None:
        return "Extra draws need a cause (critical success, Fate Point, or a card)."


def check_r6(state, params, ctx):
    if state["mode"] in ADVENTURE_MODES:
        return None if state["phase"] == "preparation" else "Cards are readied in the Preparation step."
    if not _active(state, params["player"]) or state["phase"] != "ready":
        return "Cards are readied in your own phase 3 only."


def check_r7(state, params, ctx):
    if state["players"][params["player"]]["endurance_played_this_turn"] >= ENDURANCE_PER_TURN:
        per = "round" if state["mode"] in ADVENTURE_MODES else "turn"
        return f"You may add at most {ENDURANCE_PER_TURN} Endurance Cards per {per}."


def check_r8(state, params, ctx):
    if state["mode"] in ADVENTURE_MODES:
        return None if state["phase"] == "preparation" else "Endurance is added in the Preparation step of the round."
    if not _active(state, params["player"]) or state["phase"] != "endurance":
        return "Endurance is added only in your own phase 4."


def check_r9(state, params, ctx):
    p = state["players"][params["player"]]
    if params["source"] == "hand":
        if p["hand_count"] < 1:
            return "No card in hand to turn into endurance."
        return None
    card = params.get("card")
    if not card:
        return "Name the permanent to turn into endurance (card)."
    i = find_permanent(p, card)
    if i is None:
        return f"{card} is not one of your permanents in play."
    owner = p["permanents"][i].get("owner", params["player"])
    if owner != params["player"]:
        return f"{card} came from {name_of(state, owner)}'s deck; only cards you played can become endurance."


def check_r13(state, params, ctx):
    if ctx.action_type == "advance_phase":
        if state["phase"] in ("end", "hero_end") and _active(state, params.get("player")):
            hand = state["players"][params["player"]]["hand_count"]
            if hand > HAND_LIMIT:
                return f"Discard {hand - HAND_LIMIT} cards (hand limit {HAND_LIMIT}) before ending your turn."
        return None
    if not _active(state, params["player"]) or state["phase"] not in ("end", "hero_end"):
        return "The hand limit is checked in your own End of Turn phase."
    hand = state["players"][params["player"]]["hand_count"]
    left = hand - params["count"]
    if left < HAND_LIMIT:
        return f"Discarding {params['count']} would leave {left} cards; the limit only asks you to go down to {HAND_LIMIT}."


def check_r120(state, params, ctx):
    if state["turn"] == 1 and _active(state, params["player"]) and _owes_phase_draw(state):
        return "The starting hero also draws 2 cards in the first turn."


def check_r58(state, params, ctx):
    p = state["players"][params["player"]]
    if p["mulligan_done"]:
        return "You already replaced cards from your starting hand."
    if state["mode"] in ADVENTURE_MODES:
        if state["round"] != 1 or state["phase"] != "preparation" or p["phase_draw_done"]:
            return "Replacing cards is only allowed with the opening hand, before the first draw of the combat."
    elif state["turn"] > 1 or (state["turn"] == 1 and state["phase"] != "start"):
        return "Replacing cards is only allowed when drawing your starting hand."
    if params["count"] > min(p["hand_count"], p["draw_deck_count"]):
        return f"You can replace at most {min(p['hand_count'], p['draw_deck_count'])} cards."


def check_r59(state, params, ctx):
    roll_off = state.get("roll_off")
    seat = params["player"]
    if not roll_off:
        return "The starting hero is already known."
    if seat not in roll_off["contenders"]:
        return f"{name_of(state, seat)} is not in this roll-off; only the tied heroes roll again."
    if roll_off["rolls"][seat] is not None:
        return f"{name_of(state, seat)} already rolled {roll_off['rolls'][seat]}; wait for the others."


def _seats_in(state, params):
    seats = [params.get(k) for k in ("player", "target", "beneficiary")]
    if isinstance(params.get("source"), int):
        seats.append(params["source"])
    seats += [loss["target"] for loss in params.get("losses", [])]
    return [s for s in seats if isinstance(s, int) and 0 <= s < len(state["players"])]


def check_r50(state, params, ctx):
    if state.get("outcome") is not None:
        return None  # after the end only life point bookkeeping gets here (after_end); it is not play
    out = sorted({s for s in _seats_in(state, params) if state["players"][s]["eliminated"]})
    if out:
        return f"{', '.join(name_of(state, s) for s in out)} is out of the game."


def check_h5(state, params, ctx):
    n = len(state["players"])
    bad = sorted({loss["target"] for loss in params.get("losses", []) if not 0 <= loss["target"] < n})
    if bad:
        return f"No seat {', '.join(map(str, bad))}: this session has seats 0 to {n - 1}."


def check_h6(state, params, ctx):
    if state["phase"] == "setup":
        return "Roll for the starting hero first; the game has not begun."


_COUNTS = ("hand_count", "draw_deck_count", "discard_count", "removed_count", "endurance_total",
           "endurance_ready", "temp_endurance", "fate_points", "critical_draws")


def check_h1(state, params, ctx):
    if state.get("mode") == "campaign":
        return None  # a campaign counts experience, not the table's points
    problems = [f"{key} would be {value}" if who is None else f"{who}: {key.replace('_', ' ')} would be {value}"
                for who, key, value in negative_counts(state, ("fate_pool", "fate_removed"), _COUNTS)]
    for p in state["players"]:
        if p["endurance_ready"] > p["endurance_total"]:
            problems.append(f"{p['name']}: more ready endurance ({p['endurance_ready']}) than endurance cards")
    if problems:
        return "Counts cannot go below zero: " + "; ".join(problems) + "."


def check_r48(state, params, ctx):
    if state.get("mode") == "campaign":
        return None
    n = len(state["players"])
    total = state["fate_pool"] + state["fate_removed"] + sum(p["fate_points"] for p in state["players"])
    if total != 2 * n:
        return f"Fate Point total must stay {2 * n} (2 per player), not {total}."


TURN_RULES = (
    Rule("aventuria.H1", "No count below zero", "[How to Play 2]; [Additional Rules > Fate Points]",
         "Counts cannot go below zero.", check_h1, hard=True),
    Rule("aventuria.H4", "The game is over", "[End of the Game]; [Multiplayer Sessions]",
         "The game is over; nothing more can be recorded (undo to change the ending).", hard=True),
    Rule("aventuria.H5", "Seats must exist", "[Multiplayer Sessions]",
         "That seat does not exist in this session.", check_h5, hard=True),
    Rule("aventuria.H6", "Play begins once the starting hero is known", "[Determine Starting Hero]",
         "Roll for the starting hero first.", check_h6, hard=True),
    Rule("aventuria.R1", "Phases run in order, moved on by the active hero", "[How to Play]; [Combat Sequence]",
         "Only the active hero moves the turn to the next phase.", check_r1),
    Rule("aventuria.R2", "Start/end of turn effects only in the owner's phase 1 / 6", "[How to Play 1, 6]",
         "This effect triggers only at the start or end of your own turn.", check_r2, kind="card-data"),
    Rule("aventuria.R3", "One 2-card draw in phase 2", "[How to Play 2]",
         "The phase draw is 2 cards, once, in your phase 2.", check_r3),
    Rule("aventuria.R4", "No draws from an empty deck; no reshuffle", "[How to Play 2]",
         "Your deck is empty; the discard pile is never reshuffled."),
    Rule("aventuria.R5", "Extra draws need a cause", "[Additional Rules > Critical Success]; [Additional Rules > Fate Points]",
         "Extra draws need a cause (critical success, Fate Point, or a card).", check_r5),
    Rule("aventuria.R6", "Readying happens in your phase 3", "[How to Play 3]",
         "Cards are readied in your own phase 3 only.", check_r6),
    Rule("aventuria.R7", "At most 2 new Endurance Cards per turn", "[How to Play 4]",
         "You may add at most 2 Endurance Cards per turn.", check_r7),
    Rule("aventuria.R8", "Endurance is added in your phase 4", "[How to Play 4]; [Combat Sequence > 1. Preparation]",
         "Endurance is added only in your own phase 4.", check_r8),
    Rule("aventuria.R9", "Endurance from your own hand or own permanents", "[How to Play 4]",
         "Only your own hand cards or your own permanents can become endurance.", check_r9),
    Rule("aventuria.R13", "Hand limit 7 at the end of your turn", "[How to Play 6]",
         "Discard down to 7 cards before ending your turn.", check_r13),
    Rule("aventuria.R48", "Fate Points are conserved", "[Game Preparation > Preparation]; [Adventure Rules > Prepare Your Heroes]; [Removed from the Game]",
         "The Fate Point total must stay 2 per player.", check_r48, hard=True),
    Rule("aventuria.R50", "Eliminated heroes are out", "[End of the Game]; [Multiplayer Sessions > Skirmish]",
         "That hero is out of the game.", check_r50),
    Rule("aventuria.R57", "Turn order and seating", "[Determine Starting Hero]; [Multiplayer Sessions]",
         "Team Duel needs an even number of players split into two equal teams, seated alternately."),
    Rule("aventuria.R58", "One mulligan, at setup only", "[Game Preparation > Preparation]; [Additional Preparations]",
         "Replacing cards is only allowed when drawing your starting hand.", check_r58),
    Rule("aventuria.R59", "Starting hero by D6 roll-off, ties roll again", "[Determine Starting Hero]",
         "Only heroes still in the roll-off roll, once each round.", check_r59),
    Rule("aventuria.R60", "Non-starting heroes get 1 Fate Point", "[Determine Starting Hero]; [Multiplayer Sessions]; [Adventure Rules > Prepare Your Heroes]",
         "Only the other heroes get the compensation Fate Point."),
    Rule("aventuria.R61", "40 life points; 2 Fate Points per player in the middle", "[Life Point Cards]; [Game Preparation]; [Adventure Rules > Prepare Your Heroes]",
         "Heroes start with 40 life points."),
    Rule("aventuria.R120", "The first turn has all six phases", "[Determine Starting Hero]; [How to Play]",
         "The starting hero also draws 2 cards in the first turn.", check_r120),
)
