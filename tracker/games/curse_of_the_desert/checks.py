"""The checks behind Part One's rules: each returns None when the action is fine, else why not."""
from __future__ import annotations

from tracker.games.aventuria.kit import (
    ATTRIBUTE_OF, available_endurance, check_no_fate_after_a_fate_reroll, check_target_method,
    check_villain_actions_used, check_villains_left_to_right, current_villain, find_permanent, name_of,
    next_villain, villain, villains_done,
)

from .actions_tests import NO_VALUE, target_of
from .state import FATE_CARDS, FATE_KINDS, adjacent_or_same, cell, cell_name, fate_total, solo


def _player(state, params):
    seat = params.get("player")
    return state["players"][seat] if isinstance(seat, int) and 0 <= seat < len(state["players"]) else None


# ------------------------------------------------------------------ tests and Fate

def owed_consult(state):
    if state["mode"] != "nedime":
        return None  # the tower has no Fate Pile: Part Two's Fate Cards stay in the box
    t = state.get("last_test")
    if t and t["kind"] == "skill" and t["result"] == "failure" and t["fate_symbol"] and not t["consulted"]:
        return t
    return None


def check_r13(state, params, ctx):
    t = owed_consult(state)
    if ctx.action_type == "consult_fate":
        last = state.get("last_test")
        if last is None or last["kind"] != "skill":
            return "Consult Your Fate follows a skill test's Failure; there is none to consult for."
        if last["consulted"]:
            return "Fate was already consulted for this test: its result stands."
        if last["result"] != "failure":
            return f"The test is a {last['result'].replace('_', ' ')}, not a Failure: there is nothing to consult."
        if not last["fate_symbol"]:
            return "This Failure does not show the fate symbol (it may show (!)): no Consult Your Fate."
        if last["player"] != params["player"]:
            return f"It is {name_of(state, last['player'])}'s test."
        return None
    if t:
        return f"{name_of(state, t['player'])}'s Failure shows the fate symbol: Consult Your Fate first."


def check_r3(state, params, ctx):
    target = target_of(state, params)
    if params.get("roll") is not None and isinstance(target, int) and target <= 0:
        return f"The value to roll under is {target}: this test fails automatically, without a roll."
    if target == NO_VALUE and params.get("roll") is not None:
        return None  # R4 says it


def check_r4(state, params, ctx):
    p = _player(state, params)
    if ctx.action_type == "declare_attack":
        key = ATTRIBUTE_OF[params["attack_type"]]
        if p["attributes"].get(key) == "-":
            return f"{key.replace('_', ' ').title()} is \"-\": the attack test fails automatically."
        return None
    if target_of(state, params) == NO_VALUE and params.get("roll") is not None:
        return "That value is \"-\": the test fails automatically, no roll and no modifier changes that."


def _open_attribute_test(state, seat):
    """What a Fate Point may reroll for this hero now: 'attack', 'dodge', 'test', or why nothing."""
    a = state.get("pending_attack")
    if a and a.get("attacker") == seat:
        if a["roll"] is None:
            return None, "Make the attack test first."
        if a["damage"] is not None:
            return None, "That test result is already final: its damage is rolled."
        if a["result"] == "hit":
            return None, "The attack hit: only a failed test is rerolled."
        return "attack", None
    if a and a.get("attacker") is None and a.get("target") == seat and a["dodged"] is not None:
        if a["dodged"]:
            return None, "The dodge succeeded: only a failed test is rerolled."
        return "dodge", None
    t = state.get("last_test")
    if t and t["player"] == seat and t["kind"] == "attribute":
        if not t.get("open"):
            return None, "That test result is already final: the table has moved on."
        if t["result"] not in ("failure", "critical_failure"):
            return None, "That test succeeded: only a failed test is rerolled."
        return "test", None
    if t and t["player"] == seat and t["kind"] == "skill":
        return "skill", None
    return None, "There is no failed attribute test of yours to reroll."


def check_r7(state, params, ctx):
    kind, why = _open_attribute_test(state, params["player"])
    if ctx.action_type == "spend_fate_reroll" and kind == "skill":
        return None  # R8 says why
    if kind == "skill":
        return None
    if why:
        last = state.get("last_attack")
        if why.startswith("There is no") and last and last.get("attacker") == params["player"] and last.get("fate_taken"):
            return None  # R10 says why
        return why


def check_r8(state, params, ctx):
    if state["mode"] == "borbarad":
        return None  # [Tower Exploration > Fate Points]: in the tower any test may be rerolled
    kind, _ = _open_attribute_test(state, params["player"])
    if kind == "skill":
        return "Fate Points cannot reroll skill tests in Nedime, the Caliph's Daughter."


def check_r10(state, params, ctx):
    if ctx.action_type == "spend_fate_reroll":
        last = state.get("last_attack")
        a = state.get("pending_attack")
        if not (a and a.get("attacker") == params["player"]) and last and last.get("attacker") == params["player"] \
                and last.get("fate_taken"):
            return "A Fate Point gained from this miss cannot reroll this attack."
        return None
    a = state.get("pending_attack")
    if not a or a.get("attacker") is None:
        return "Only a missed attack test earns a Fate Point."
    if a["attacker"] != params["player"]:
        return f"Only {name_of(state, a['attacker'])}, whose attack missed, takes the Fate Point."
    if a["roll"] is None:
        return "Make the attack test first."
    if a["result"] == "hit" or a["damage"] is not None:
        return "The attack hit: no Fate Point."
    return check_no_fate_after_a_fate_reroll(state, params, ctx)


def check_r11(state, params, ctx):
    if state["mode"] == "campaign":
        return None  # a campaign holds no table: its parts do
    if params and ctx is not None and ctx.action_type == "take_fate":  # an invariant check has no params
        if state["fate_pool"] < 1:
            return "No Fate Points left on the plan: the miss gives nothing (record it as a miss)."
        return None
    held = sum(p["fate_points"] for p in state["players"])
    if state["fate_pool"] < 0 or any(p["fate_points"] < 0 for p in state["players"]) or \
            held + state["fate_pool"] != 2 * len(state["players"]):
        return "Fate Points held and on the plan always make 2 per hero."


def check_r12(state, params, ctx):
    a = state.get("pending_attack")
    if a and a.get("attacker") == params["player"] and a["damage"] is not None:
        return "That test result is already final: its damage is rolled."


def check_r14(state, params, ctx):
    if state["mode"] == "campaign":
        return None
    for kind in FATE_KINDS:
        if state["fate_pile"][kind] < 0 or state["fate_reserve"][kind] < 0 or fate_total(state, kind) != FATE_CARDS[kind]:
            return "Every Fate Card is either in the Fate Pile or in the reserve (3, 6, 4 and 3 of each kind)."


def check_r16(state, params, ctx):
    if state["fate_reserve"][params["kind"]] == 0:
        return f"No {params['kind'].replace('_', ' ')} card in the reserve: the step is skipped."


# ------------------------------------------------------------------ the round

def check_r17(state, params, ctx):
    t = ctx.action_type
    if t == "declare_attack" and state["active_player"] != params["player"]:
        who = state["active_player"]
        return f"It is {name_of(state, who)}'s turn." if who is not None else "Attacks happen in a hero's turn."
    if t == "advance_phase" and state["phase"] == "move":
        m = state["moves"]
        left = [s for s in m["order"] if s not in m["done"] and not state["players"][s]["unconscious"]]
        if left:
            return f"{name_of(state, left[0])} has not moved yet: every mover moves (or stays) in step 0."
    if t == "advance_phase" and state["phase"] == "hero_turn":
        if params.get("player") is not None and params["player"] != state["active_player"]:
            return f"It is {name_of(state, state['active_player'])}'s turn; only they end it."


def check_r94(state, params, ctx):
    m = state.get("moves")
    if not m:
        return None
    seat = params["player"]
    if m["again"] is not None:
        if m["again"] != seat:
            return f"{name_of(state, m['again'])} must move on first (a First Entering card entered again)."
        return None
    if seat not in m["order"]:
        if state["mode"] == "borbarad":
            return f"In the tower only the Starting Hero, {name_of(state, m['order'][0])}, moves the group."
        return "Only the first three heroes from the Starting Hero move the group in step 0."
    left = [s for s in m["order"] if s not in m["done"] and not state["players"][s]["unconscious"]]
    if seat in m["done"]:
        return None  # R18 says it
    if left and left[0] != seat:
        return f"{name_of(state, left[0])} moves first: heroes move in turn from the Starting Hero."


def check_r18(state, params, ctx):
    m = state.get("moves")
    if not m or state["hero_cell"] is None:
        return None
    seat = params["player"]
    if seat in m["done"] and m["again"] != seat and ctx.action_type != "endeavor_move":
        return "You already moved this round."
    if m["again"] == seat and list(params["to"]) == state["hero_cell"]:
        return "This First Entering card was entered before: move on to another card, staying is no move on."
    if not adjacent_or_same(state["hero_cell"], params["to"]):
        return "Move only horizontally or vertically by one card, or stay."


def check_r19(state, params, ctx):
    c = cell(state, params["to"])
    if c and c["locked"] and list(params["to"]) != state["hero_cell"]:
        return f"{cell_name(state, params['to'])} is locked (a token is on it)."


def check_r20(state, params, ctx):
    c = cell(state, params.get("to") or params.get("cell"))
    if c and c["gap"]:
        return "There is no room there: a removed card leaves a gap until the night ends."


def check_r22(state, params, ctx):
    m = state.get("moves")
    if state["phase"] == "move" and m and m["again"] is not None:
        return f"{name_of(state, m['again'])} entered a First Entering card again and must move on at once."


def check_r25(state, params, ctx):
    if ctx.action_type == "advance_phase":
        if state["phase"] != "draw":
            return None
        owing = [p["name"] for p in state["players"]
                 if not p["phase_draw_done"] and p["draw_deck_count"] > 0 and not p["unconscious"]]
        if owing:
            return f"{', '.join(owing)} still draw{'s' if len(owing) == 1 else ''} 2 cards in the Card Draw Phase."
        return None
    if state["phase"] != "draw" or params.get("reason", "phase") != "phase":
        return None
    p = _player(state, params)
    if p["phase_draw_done"]:
        return f"{p['name']} already drew this round."
    if params["count"] != min(2, p["draw_deck_count"]):
        return "Draw exactly 2 cards in the Card Draw Phase."


def check_r26(state, params, ctx):
    p = _player(state, params)
    if p["endurance_this_round"] >= 2:
        return "At most 2 new Endurance Cards per round."
    if params["source"] == "hand" and p["hand_count"] < 1:
        return "No card in hand to turn into an Endurance Card."
    if params["source"] == "permanent" and find_permanent(p, params.get("card")) is None:
        return f"{params.get('card') or 'That card'} is not one of your permanent cards in play."


def check_r27(state, params, ctx):
    if state["phase"] != "ready":
        return "Cards are readied only in the Ready Cards Phase."


def check_r28(state, params, ctx):
    if params.get("any_time"):
        return None
    if state["phase"] != "hero_turn" or state["active_player"] != params["player"]:
        return "This card can only be played during your turn (unless its text says when)."


def check_r29(state, params, ctx):
    p = _player(state, params)
    cost = params.get("cost", params.get("extra_cost", 0))
    have = available_endurance(p)
    if cost > have:
        return f"Not enough endurance ({have} available, {cost} needed)."


def check_r30(state, params, ctx):
    p = _player(state, params)
    i = find_permanent(p, params["card"])
    if i is None:
        if params["card"] in p["endurance_cards"]:
            return None  # R103 says why
        return f"{params['card']} is not in play: only a permanent card in play is activated."
    if params.get("exhaust") and not p["permanents"][i]["ready"]:
        return "This card is exhausted."


def check_r103(state, params, ctx):
    p = _player(state, params)
    if find_permanent(p, params["card"]) is None and params["card"] in p["endurance_cards"]:
        return "That card is now an Endurance Card; its effect can't be used this night."


def check_r40(state, params, ctx):
    out = [s for s in (params.get("player"),) if isinstance(s, int) and 0 <= s < len(state["players"])
           and state["players"][s]["unconscious"]]
    if ctx.action_type in ("heal", "apply_damage", "life_point_loss"):
        return None
    if out:
        return f"{name_of(state, out[0])} is at 0 Life Points and cannot act."


def check_r41(state, params, ctx):
    if ctx.action_type == "advance_phase":
        if state["phase"] != "opponents" or villains_done(state):
            return None
        now = current_villain(state)
        turn = state["opponent_turn"]
        if now is not None and now["status"] == "active" and turn["actions_left"] > 0:
            return f"{now['name']} still has {turn['actions_left']} action(s) to roll."
        return f"{next_villain(state)['name']} has not acted yet: opponents act from left to right."
    if ctx.action_type == "villain_attack":
        now = current_villain(state)
        turn = state["opponent_turn"] or {}
        if now is None or now["id"] != params["villain"] or not turn.get("rolls"):
            who = now["name"] if now else "the next opponent"
            return f"Only the acting opponent ({who}) attacks, after rolling its action die."
        if turn.get("attacks", 0) >= len(turn["rolls"]):
            return f"Each action die gives {now['name']} one action: roll the next die first."
        return None
    return check_villains_left_to_right(state, params, ctx) or check_villain_actions_used(state, params, ctx)


def check_r6(state, params, ctx):
    changed = params["roll"] + params.get("modifier", 0)
    if not 1 <= changed <= 20:
        return f"An action roll is changed within 1 to 20 only ({params['roll']} {params.get('modifier', 0):+d} = {changed})."


def check_r42(state, params, ctx):
    v = villain(state, params["villain"])
    target = params["target"]
    if solo(state):
        return None
    start = state["starting_player"]
    if v and v["kind"] == "leader" and target != start:
        return f"A leader's attack hits the Starting Hero, {name_of(state, start)}."
    if params.get("method"):
        return check_target_method(state, params, ctx)


def check_r43(state, params, ctx):
    a = state.get("pending_attack")
    if not a or a.get("attacker") is not None or a.get("target") != params["player"]:
        return "There is no attack on you to dodge; a life point loss cannot be dodged."
    if a["dodged"] is not None:
        return "Only one Dodge test per attack (a Fate Point can reroll a failed one)."


def check_r105(state, params, ctx):
    a = state.get("pending_attack")
    target = params["target"]
    on = a if a and a.get("target") == target and a.get("attacker") is None else None
    amount = params.get("amount")
    if on is None:
        if amount is None:
            return f"Give the amount: there is no attack on {name_of(state, target)}."
        return None
    if amount is not None and amount > on["damage"]:
        return f"This attack deals at most {on['damage']} damage after the dodge, not {amount}."


def check_r44(state, params, ctx):
    if ctx.action_type == "advance_time":
        if state["time_advanced"]:
            return "The Time Counter moves one space per round."
        return None
    if state["phase"] != "time":
        return None
    if not state["time_advanced"]:
        return "Move the Time Counter one space first."
    if state["guards_due"]:
        return (f"The +1 space brings {state['guards_due']} more palace guard(s): place them, or record that "
                "every guard is already in play.")


def check_r46(state, params, ctx):
    if not _player(state, params)["special_ability_available"]:
        return "Special ability already used this night."


def check_r47(state, params, ctx):
    if _player(state, params)["draw_deck_count"] < 1:
        return "Your Hero Deck is used up: no card to draw."


def check_r65(state, params, ctx):
    if _player(state, params)["draw_deck_count"] < 1:
        return "The Hero Deck is spent and is never refilled."
