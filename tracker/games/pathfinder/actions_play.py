"""Playing cards and character powers: the shared action fields and helpers, and play_card / use_character_power."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, enum, obj, seat, string

from .data import BOON_TYPES
from .encounter import boon_budget, played_here
from .state import TURN_STEPS, name_of

TURN = frozenset(TURN_STEPS)
CARD = string(80, "the card's name, for the log")
TRAITS = {"type": "array", "items": string(30), "maxItems": 12}
PLAY_ACTIONS = ("reveal", "display", "reload", "recharge", "discard", "bury", "banish", "recovery")
PLAY_RULES = ("pathfinder.R1", "pathfinder.R2", "pathfinder.R7", "pathfinder.R24", "pathfinder.R25",
              "pathfinder.R28", "pathfinder.R30", "pathfinder.R31", "pathfinder.R32", "pathfinder.R33",
              "pathfinder.R35", "pathfinder.R46", "pathfinder.R47", "pathfinder.R48", "pathfinder.R62",
              "pathfinder.R100")
_PILE = {"reload": "deck_count", "recharge": "deck_count", "discard": "discard_count", "bury": "buried_count",
         "display": "displayed_count", "recovery": "recovery_count", "banish": None, "reveal": None}


def _who(state, seat):
    return name_of(state, seat)


def _move_played_card(state, params) -> str:
    """The zone change of a played card (spec A25); the budget of its type unless played freely."""
    p = state["players"][params["player"]]
    action = params.get("action", "discard")
    kind, card = params.get("card_type"), params.get("card") or params.get("card_type") or "a card"
    if kind and not params.get("freely"):
        budget = boon_budget(state)
        if kind not in budget:
            budget.append(kind)
    played_here(state).append([action, card])
    if action != "reveal" and not params.get("from_displayed"):
        p["hand_count"] -= 1
        pile = _PILE[action]
        if pile:
            p[pile] += 1
        if action == "recovery":
            p["recovery"].append(card)
        if action == "display":
            p["displayed"].append(card)
    elif params.get("from_displayed") and action != "reveal":
        p["displayed_count"] -= 1
        if card in p["displayed"]:
            p["displayed"].remove(card)
        pile = _PILE[action]
        if pile and action != "display":
            p[pile] += 1
    _remember_cost(state, params)
    free = " freely" if params.get("freely") else ""
    return f"{p['name']} {action}s {card}{free}"


def _remember_cost(state, params):
    scope = state.get("check") or state.get("damage") or state.get("encounter")
    if scope is None:
        return
    if params.get("cost_card"):
        scope.setdefault("cost_cards", []).append(params["cost_card"])
    if params.get("power"):
        scope.setdefault("powers", []).append([params["player"], params["power"]])


def apply_play_card(state, params, ctx):
    line = _move_played_card(state, params)
    purpose = params.get("purpose")
    return line + (f" ({purpose})." if purpose else ".")


def apply_use_character_power(state, params, ctx):
    p = state["players"][params["player"]]
    if params.get("cost_action"):
        p["hand_count"] -= 1
        pile = _PILE[params["cost_action"]]
        if pile:
            p[pile] += 1
    _remember_cost(state, params)
    cost = f", paying with {params['cost_card']}" if params.get("cost_card") else ""
    return f"{p['name']} uses the power {params['power']}{cost}."


# ------------------------------------------------------------------ the action specs

def _a(type_, title, params, apply, rules, phases=TURN, phase_rule="pathfinder.R24"):
    return ActionSpec(type_, title, params, apply, rules=rules, phases=phases, phase_rule=phase_rule)


PLAY_FIELDS = dict(
    player=seat(), card_type=enum(*BOON_TYPES), card=CARD, action=enum(*PLAY_ACTIONS), freely=boolean(),
    purpose=enum("check", "damage", "explore", "evade", "heal", "recovery", "reset", "other"),
    power=string(80), cost_card=string(80), card_traits=TRAITS, from_displayed=boolean(),
    displayed_by_effect=boolean("the card was displayed by an effect, not played"),
    for_recovery=boolean(), for_reset=boolean(), scope=enum("your", "any", "local"),
)

PLAY_CARD_ACTIONS = (
    _a("play_card", "Play a card", obj(("player", "card_type", "action"), **PLAY_FIELDS), apply_play_card, PLAY_RULES),
    _a("use_character_power", "Use a character power",
       obj(("player", "power"), player=seat(), power=string(80), each_time=boolean(), cost_card=string(80),
           cost_action=enum("reveal", "reload", "recharge", "discard", "bury", "banish")),
       apply_use_character_power, ("pathfinder.R1", "pathfinder.R2", "pathfinder.R7", "pathfinder.R29",
                                   "pathfinder.R34", "pathfinder.R46", "pathfinder.R47", "pathfinder.R48")),
)
