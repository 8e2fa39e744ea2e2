"""Life point changes and Fate Points spent on a card or on endurance."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import integer, obj, seat, string

from .actions_attack import close_attack
from .actions_turn import PLAY
from .outcome import change_life
from .state import name_of


def _after(state, fallen, text):
    if fallen:
        text += f" {', '.join(name_of(state, s) for s in fallen)} eliminated."
    if state.get("outcome"):
        res = state["outcome"]
        names = ", ".join(name_of(state, s) for s in res["winners"])
        text += f" Game over: {'draw between ' if res['result'] == 'draw' else ''}{names}" + (
            " wins." if res["result"] == "won" and len(res["winners"]) == 1 else
            " win." if res["result"] == "won" else ".")
    return text


def attack_damage(state, params) -> int:
    """The damage `apply_damage` records: the amount given, else what the open attack on the target
    lets through; the attack on the target closes with it."""
    target = params["target"]
    a = state.get("pending_attack")
    amount = params.get("amount")
    if a and a["target"] == target and a["damage"] is not None:
        if amount is None:
            amount = a["damage"]
        close_attack(state)
    return amount or 0


def apply_apply_damage(state, params, ctx):
    target = params["target"]
    amount = attack_damage(state, params)
    fallen = change_life(state, [(target, -amount)])
    p = state["players"][target]
    return _after(state, fallen, f"{p['name']} takes {amount} damage ({p['life_points']} LP).")


def apply_life_point_loss(state, params, ctx):
    fallen = change_life(state, [(params["target"], -params["amount"])])
    p = state["players"][params["target"]]
    return _after(state, fallen, f"{p['name']} loses {params['amount']} LP ({p['life_points']} LP).")


def apply_heal(state, params, ctx):
    p = state["players"][params["target"]]
    room = p["starting_life_points"] - p["life_points"]
    if params["amount"] > room:
        ctx.notes.append(f"Capped at {p['starting_life_points']}: {p['name']} regains {max(0, room)} LP.")
    change_life(state, [(params["target"], params["amount"])])
    return f"{p['name']} heals to {p['life_points']} LP."


def apply_simultaneous_loss(state, params, ctx):
    changes = [(loss["target"], -loss["amount"]) for loss in params["losses"]]
    fallen = change_life(state, changes)
    summary = ", ".join(f"{name_of(state, s)} {state['players'][s]['life_points']}" for s, _ in changes)
    return _after(state, fallen, f"Life points change at once: {summary}.")


def _spend(state, params):
    payer = state["players"][params["player"]]
    payer["fate_points"] -= 1
    state["fate_pool"] += 1
    return payer, state["players"][params.get("beneficiary", params["player"])]


def apply_spend_fate_draw(state, params, ctx):
    payer, who = _spend(state, params)
    if who["draw_deck_count"] > 0:
        who["draw_deck_count"] -= 1
        who["hand_count"] += 1
        return f"{payer['name']} spends a Fate Point: {who['name']} draws a card."
    ctx.notes.append(f"{who['name']}'s deck is empty: no card drawn.")
    return f"{payer['name']} spends a Fate Point; {who['name']}'s deck is empty."


def apply_spend_fate_endurance(state, params, ctx):
    payer, who = _spend(state, params)
    who["temp_endurance"] += 1
    return f"{payer['name']} spends a Fate Point: {who['name']} gains 1 endurance for this turn."


_amount = integer(0, 999)
_fate_rules = ("aventuria.R40", "aventuria.R41", "aventuria.R49", "aventuria.R50")
_loss = obj(("target", "amount"), target=seat(), amount=_amount)

LIFE_ACTIONS = (
    ActionSpec("apply_damage", "Apply damage",
               obj(("target",), target=seat(), amount=_amount, player=seat("who records it"),
                   source=string(description="card or attack that caused it")),
               apply_apply_damage, rules=("aventuria.H2", "aventuria.R34", "aventuria.R123", "aventuria.R50"),
               after_end=True,
               phases=PLAY),
    ActionSpec("life_point_loss", "Life point loss",
               obj(("target", "amount"), target=seat(), amount=_amount, player=seat("who records it"),
                   source=string(description="card that caused it")),
               apply_life_point_loss, rules=("aventuria.R37", "aventuria.R50"), phases=PLAY, after_end=True),
    ActionSpec("heal", "Heal", obj(("target", "amount"), target=seat(), amount=_amount, player=seat("who records it")),
               apply_heal, rules=("aventuria.R39", "aventuria.R50"), phases=PLAY),
    ActionSpec("simultaneous_loss", "Several heroes lose life points at once",
               obj(("losses",), losses={"type": "array", "minItems": 1, "maxItems": 16, "items": _loss},
                   player=seat("who records it")),
               apply_simultaneous_loss, rules=("aventuria.H5", "aventuria.R50"), phases=PLAY),
    ActionSpec("spend_fate_draw", "Spend a Fate Point: draw a card",
               obj(("player",), player=seat(), beneficiary=seat("teammate who draws (Team Duel)")),
               apply_spend_fate_draw, rules=_fate_rules, phases=PLAY,
               seat_params=("player", "target", "beneficiary")),
    ActionSpec("spend_fate_endurance", "Spend a Fate Point: 1 endurance",
               obj(("player",), player=seat(), beneficiary=seat("teammate who gains it (Team Duel)")),
               apply_spend_fate_endurance, rules=_fate_rules, phases=PLAY,
               seat_params=("player", "target", "beneficiary")),
)
