"""Turn structure, setup, movement, exploring, closing, end of turn and death (spec 5.1)."""
from __future__ import annotations

from tracker.engine import Rule

from .state import TURN_STEPS, location, name_of, step_index


def _seat(params):
    return params.get("player")


def _active(state, params) -> bool:
    return state["active_player"] == _seat(params)


def _in_turn(state) -> bool:
    return state["phase"] in TURN_STEPS and state["turn_state"]["hour_advanced"]


# ------------------------------------------------------------------ timing

def check_r1(state, params, ctx):
    if state["phase"] == "advance_hour" and not state["turn_state"]["hour_advanced"] and state["turn"] > 1:
        return "Nothing can be played between turns: the next character advances the hour first."


def check_r2(state, params, ctx):
    if state["phase"] == "setup" or (state["phase"] == "advance_hour" and not state["turn_state"]["hour_advanced"]):
        who = name_of(state, state["active_player"])
        return f"{who} advances the hour first; nothing else happens in a turn before that."


def check_r3(state, params, ctx):
    if state["phase"] != "setup" and state["turn_state"]["hour_advanced"]:
        return "This turn's hour has already been advanced."


def check_r4(state, params, ctx):
    if ctx.action_type == "move" and (params.get("forced") or params.get("player") in state["forced_moves"]):
        return None  # effects move characters whatever the step; a closed location's people move at once (R62)
    if state.get("encounter") and ctx.action_type in ("give_card", "move", "next_step", "end_turn", "explore"):
        return "Finish the encounter first: one thing at a time."
    wanted = {"give_card": "give", "move": "move", "explore": "explore", "attempt_close": "close",
              "next_step": None}.get(ctx.action_type)
    if ctx.action_type == "attempt_close" and params.get("trigger", "close_step") != "close_step":
        return None
    if wanted and step_index(state["phase"]) > step_index(wanted):
        return {"give": "The give step is over; cards can only be given before moving.",
                "move": "The move step is over; the turn's steps never go back.",
                "explore": "The explore step is over; the turn's steps never go back.",
                "close": "The close step is over."}[wanted]
    if ctx.action_type == "next_step" and state["phase"] not in ("give", "move", "explore"):
        return "Use end turn to finish the turn."


def check_r5(state, params, ctx):
    if state["phase"] == "setup":
        return None
    if not _active(state, params):
        return f"Only {name_of(state, state['active_player'])} takes this step on their own turn."


def check_r6(state, params, ctx):
    seat = _seat(params)
    if state["phase"] == "setup":
        if seat != state["active_player"]:
            return f"{name_of(state, state['active_player'])} was chosen to go first."
    elif seat != state["active_player"]:
        return f"Turns pass to the left: it is {name_of(state, state['active_player'])}'s turn."


def _dead_seats(params):
    for key in ("player", "target"):
        if isinstance(params.get(key), int):
            yield params[key]


def check_r7(state, params, ctx):
    for seat in _dead_seats(params):
        if state["players"][seat]["dead"]:
            return f"{name_of(state, seat)} is dead: dead characters neither act nor are affected."


# ------------------------------------------------------------------ give

def check_r11(state, params, ctx):
    if not _active(state, params) or state["phase"] not in ("advance_hour", "give"):
        return "Cards are given in the give step, by the character whose turn it is."
    if state["turn_state"]["card_given"]:
        return "Only one card may be given per turn."


def check_r12(state, params, ctx):
    giver, to = state["players"][params["player"]], params["target"]
    if to == params["player"]:
        return "Give the card to another character."
    other = state["players"][to]
    if other["dead"] or other["location"] != giver["location"]:
        return f"{other['name']} is not at your location."


def check_r13(state, params, ctx):
    if state["players"][params["player"]]["hand_count"] < 1:
        return "Only a card from your hand can be given, and your hand is empty."


# ------------------------------------------------------------------ move

def _forced(params) -> bool:
    return bool(params.get("forced"))


def check_r14(state, params, ctx):
    if _forced(params) or params["player"] in state.get("forced_moves", []):
        return None
    if not _active(state, params) or step_index(state["phase"]) > step_index("move"):
        return "You can only choose to move during your move step; other moves come from effects."
    if state["turn_state"]["moved"]:
        return "You already moved this turn."


def check_r15(state, params, ctx):
    dest = location(state, params["location"])
    here = state["players"][params["player"]]["location"]
    if dest["closed"]:
        return f"{dest['name']} is closed; pick an open location."
    others = [loc for loc in state["locations"] if not loc["closed"] and loc["name"] != here]
    if dest["name"] == here and others and ctx.action_type == "move":  # a start location may be the default one
        return "Pick a different, open location: you are already here."


def check_r16(state, params, ctx):
    if params.get("prevented") and params["player"] not in state.get("forced_moves", []):
        return f"{name_of(state, params['player'])} can't move: an effect forbids it, so the move is ignored."


def check_r17(state, params, ctx):
    if state["players"][params["player"]]["proxied"] and params["player"] not in state.get("forced_moves", []):
        return "Your proxy is in a location; you can never move."


def check_r62(state, params, ctx):
    pending = state.get("forced_moves", [])
    if not pending:
        return None
    if ctx.action_type == "move" and params["player"] in pending:
        return None
    return f"Your location closed: {', '.join(name_of(state, s) for s in pending)} must move now."


# ------------------------------------------------------------------ explore

def check_r18(state, params, ctx):
    if not _active(state, params) or state["phase"] not in ("advance_hour", "give", "move", "explore"):
        return "You may only explore during your own explore step."


def check_r19(state, params, ctx):
    if params.get("by", "free") == "free" and state["turn_state"]["explorations"] > 0:
        return "Your free exploration must be your first exploration."


def check_r20(state, params, ctx):
    if params.get("by") == "extra" and not state["turn_state"]["pending_extra_exploration"]:
        return "There is no extra exploration waiting: it had to be used at once."
    if ctx.action_type == "grant_extra_exploration" and state["turn_state"]["pending_extra_exploration"]:
        return "Only 1 extra exploration is granted, however many effects grant one."


def check_r21(state, params, ctx):
    if state["turn_state"]["exploration_locked"]:
        return "A location closed during your explore step; no more exploring this turn."


def check_r22(state, params, ctx):
    here = location(state, state["players"][params["player"]]["location"])
    if here["cards"] == 0 and not here["faceup"]:
        return "There's nothing left here to explore; try closing it in your close step."


def check_r23(state, params, ctx):
    enc = state.get("encounter")
    if enc and enc["bane"] and state["players"][enc["character"]]["proxied"] and ctx.action_type == "declare_check":
        return "Your proxy is shuffled into a location: banes must be evaded."


# ------------------------------------------------------------------ end of turn

def check_r46(state, params, ctx):
    if state["phase"] == "recovery" and ctx.action_type in ("play_card", "use_character_power", "modify_check") \
            and not params.get("for_recovery"):
        return "Only plays that bear on recovery are allowed now."
    if ctx.action_type in ("recover_card", "banish_remaining_recovery"):
        if state["phase"] != "recovery":
            return "Recovery comes at the end of your turn, after end-of-turn effects."
        if ctx.action_type == "recover_card" and state["players"][params["player"]]["recovery_count"] < 1:
            return "Your recovery pile is empty."


def check_r47(state, params, ctx):
    if state["phase"] == "reset" and ctx.action_type in ("play_card", "use_character_power") \
            and not params.get("for_reset"):
        return "During a reset only 'when you reset' plays are allowed."
    if ctx.action_type == "reset" and state["phase"] != "reset":
        return "The reset comes after recovery, at the end of your turn."
    discards = params.get("discards", 0)
    if ctx.action_type in ("reset", "end_turn") and discards > state["players"][params["player"]]["hand_count"]:
        return "You can't discard more cards than your hand holds."


def check_r48(state, params, ctx):
    if state["phase"] == "end" and state["turn_state"]["ended_by_power"]:
        return "Your turn was ended by a power; you can't play cards now."


# ------------------------------------------------------------------ closing

def check_r55(state, params, ctx):
    if params.get("trigger", "close_step") != "close_step":
        return None
    if not _active(state, params) or state["phase"] not in ("advance_hour", "give", "move", "explore", "close"):
        return "Close attempts in the close step are the active character's, once per turn."
    here = location(state, state["players"][params["player"]]["location"])
    if here["cards"] or here["faceup"]:
        return f"{here['name']} still has cards ({here['cards'] + len(here['faceup'])})."
    if state["turn_state"]["close_attempted"]:
        return "You already attempted to close it this turn."


def check_r56(state, params, ctx):
    trigger = params.get("trigger", "close_step")
    if trigger == "close_step":
        return None
    chance = state["turn_state"].get("close_opportunity")
    if not chance:
        return "Closing outside the close step needs a defeated closing henchman from that location."


def check_r57(state, params, ctx):
    target = params.get("location")
    here = state["players"][params["player"]]["location"]
    if target and target != here:
        return "You can only close your own location."
    enc = state.get("encounter")
    if enc and here in enc.get("guarded", []):
        return f"{here} is guarded right now and can't be closed."


def check_r58(state, params, ctx):
    chosen = state["turn_state"].get("close_option")
    if chosen and params.get("option") and params["option"] != chosen:
        return f"You chose {chosen!r}; you can't switch options now."


def check_r60(state, params, ctx):
    chance = state["turn_state"].get("close_opportunity")
    if params.get("trigger", "close_step") != "close_step" and chance and chance["character"] != params["player"]:
        return f"Only {name_of(state, chance['character'])} can close {chance['location']} now."


def check_r73(state, params, ctx):
    p = state["players"][params["player"]]
    # None: a favored card type the rulebook doesn't give and setup didn't type; the table reads it
    # from the character card here, the way Lem's "any" is chosen
    if ctx.action_type == "choose_favored":
        if p["favored"] not in ("any", None) and params["card_type"] != p["favored"]:
            return f"{p['character']}'s favored card is a {p['favored']}; there is no choice to make."
        if p["hand_drawn"]:
            return "The favored card is chosen before the starting hand is drawn."
        return None
    if p["favored"] is None and not p["favored_choice"]:
        return (f"{p['character']}'s favored card type is not in the rulebook: choose it from the character "
                "card before drawing.")
    if p["favored"] == "any" and not p["favored_choice"]:
        return f"{p['character']} chooses the favored card type before drawing."
    if params.get("favored_in_hand") is False:
        wanted = p["favored_choice"] or p["favored"]
        return f"Redraw until your hand has a favored card ({wanted})."


def check_r72(state, params, ctx):
    if params["give_type"] != params["take_type"]:
        return (f"Both decks must still match their deck lists: trade a {params['give_type']} for a "
                f"{params['give_type']}, not a {params['take_type']}.")
    for seat in (params["player"], params["target"]):
        if state["players"][seat]["deck_list"].get(params["give_type"], 0) < 1:
            return f"{name_of(state, seat)}'s deck holds no {params['give_type']} to trade."


def check_r119(state, params, ctx):
    if state["phase"] != "setup":
        return "Setup is over: the first hour has been advanced."
    if ctx.action_type == "setup_trade":
        for seat in (params["player"], params["target"]):
            if state["players"][seat]["hand_drawn"]:
                return "Trades happen before starting hands are drawn."
    if ctx.action_type == "add_cohort" and not state["players"][params["player"]]["hand_drawn"]:
        return "A cohort joins the hand once the starting hand is drawn."


def _setup_location(state, params, ctx):
    if state["phase"] != "setup" and ctx.action_type == "choose_start_location":
        return "Starting locations are chosen during setup."


TURN_RULES = (
    Rule("pathfinder.R1", "Nothing is played between turns", "[Your Turn]",
         "Nothing can be played between turns.", check_r1),
    Rule("pathfinder.R2", "Advance the hour first", "[Advance the Hour]",
         "Advance the hour first.", check_r2),
    Rule("pathfinder.R3", "One advance of the hour per turn", "[Advance the Hour]",
         "This turn's hour has already been advanced.", check_r3),
    Rule("pathfinder.R4", "Turn steps run forward only", "[Your Turn]",
         "The turn's steps run in order and never go back.", check_r4),
    Rule("pathfinder.R5", "Step actions belong to the active character", "[Your Turn]",
         "Only the active character takes this step.", check_r5),
    Rule("pathfinder.R6", "Turns pass to the left", "[End Your Turn]",
         "Turns pass to the left (clockwise).", check_r6),
    Rule("pathfinder.R7", "The dead neither act nor are affected", "[Dying]",
         "That character is dead.", check_r7),
    Rule("pathfinder.R8", "Empty hourglass at the advance: the scenario is lost", "[Advance the Hour]",
         "The hourglass is empty: the scenario is lost."),
    Rule("pathfinder.R11", "Give one card, in the give step", "[Give a Card]",
         "Only one card may be given per turn, in the give step.", check_r11),
    Rule("pathfinder.R12", "Give only to a local character", "[Give a Card]",
         "The recipient is not at your location.", check_r12),
    Rule("pathfinder.R13", "The given card comes from the hand", "[Give a Card]",
         "Only a card from your hand can be given.", check_r13),
    Rule("pathfinder.R14", "Choose to move only in the move step", "[Rules: Moving]",
         "You can only choose to move during your move step.", check_r14),
    Rule("pathfinder.R15", "Move to a different open location", "[Rules: Moving]",
         "Pick a different, open location.", check_r15),
    Rule("pathfinder.R16", "A 'can't move' effect wins", "[Rules: Moving]",
         "An effect forbids moving; the move is ignored.", check_r16, kind="card-data"),
    Rule("pathfinder.R17", "A proxied character never moves", "[Rules: Character Proxies in Locations]",
         "Your proxy is in a location; you can never move.", check_r17),
    Rule("pathfinder.R18", "Explore only in your explore step", "[Explore]",
         "You may only explore during your explore step.", check_r18),
    Rule("pathfinder.R19", "The free exploration is the first", "[Explore]",
         "Your free exploration must be your first exploration.", check_r19),
    Rule("pathfinder.R20", "Extra explorations: one, used at once", "[Explore]",
         "Only 1 extra exploration is granted, and it must be used at once.", check_r20),
    Rule("pathfinder.R21", "No exploring after a location closes", "[Explore]",
         "A location closed during your explore step; no more exploring this turn.", check_r21),
    Rule("pathfinder.R22", "Exploring needs a card to encounter", "[Explore]",
         "There's nothing left here to explore.", check_r22),
    Rule("pathfinder.R23", "A proxied character evades banes", "[Rules: Character Proxies in Locations]",
         "Banes must be evaded while your proxy is in a location.", check_r23),
    Rule("pathfinder.R46", "Recovery: only recovery plays", "[End Your Turn]",
         "Only recovery-related plays are allowed now.", check_r46),
    Rule("pathfinder.R47", "Reset order and plays", "[Resetting]",
         "During a reset only 'when you reset' plays are allowed.", check_r47),
    Rule("pathfinder.R48", "No plays after a power ended the turn", "[End Your Turn]",
         "Your turn was ended by a power; you can't play cards now.", check_r48),
    Rule("pathfinder.R49", "A deck too small to draw from kills", "[Dying]",
         "Needing more cards than your deck holds kills your character."),
    Rule("pathfinder.R55", "Close step: one attempt at an empty location", "[Close Your Location]",
         "Your location still has cards, or you already tried to close it.", check_r55),
    Rule("pathfinder.R56", "Closing outside the close step needs a trigger", "[Closing Your Location]",
         "This doesn't let you close the location.", check_r56),
    Rule("pathfinder.R57", "Never close a distant or guarded location", "[Closing Your Location]",
         "You can only close your own, unguarded location.", check_r57),
    Rule("pathfinder.R58", "The closing option is fixed before rolling", "[Closing Your Location]",
         "You chose an option; you can't switch now.", check_r58),
    Rule("pathfinder.R60", "Only who earned the chance closes", "[Closing Your Location]",
         "Only the character who earned this chance can close.", check_r60),
    Rule("pathfinder.R62", "Characters at a closed location move at once", "[Closing Your Location]",
         "Your location closed; move now.", check_r62),
    Rule("pathfinder.R72", "Trades keep decks matching their lists", "[Trade Cards]",
         "Both decks must still match their deck lists.", check_r72, kind="card-data"),
    Rule("pathfinder.R73", "The starting hand holds a favored card", "[Draw Starting Hands]",
         "Redraw until your hand has a favored card.", check_r73, kind="card-data"),
    Rule("pathfinder.R119", "Setup order", "[Setting Up]",
         "Trades come before starting hands; setup is over once the first hour is advanced.", check_r119),
    Rule("pathfinder.H1", "Starting locations are chosen at setup", "[Choose Starting Locations]",
         "Starting locations are chosen during setup.", _setup_location),
)
