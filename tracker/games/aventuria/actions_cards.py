"""Action Cards, permanents, special ability and generic tests."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, die, enum, integer, obj, seat, string

from .actions_turn import PLAY
from .state import ARMOR_LOCATIONS, find_permanent, name_of, pay, random_discard, release_improvements

ATTRIBUTE_NAMES = ("close_combat", "ranged_combat", "magic", "dodge", "other")


def _p(state, params):
    return state["players"][params["player"]]


def apply_play_action_card(state, params, ctx):
    p = _p(state, params)
    seat = params["player"]
    pay(p, params["cost"])
    p["hand_count"] -= 1
    card = params["card"]
    if params["kind"] == "one_shot":
        p["discard_count"] += 1  # discarded after resolving, even after a failed test (R23)
        return f"{p['name']} plays {card} (cost {params['cost']})."
    host = params.get("attaches_to")
    i = find_permanent(p, host) if host else None
    if i is not None:
        p["permanents"][i]["improvements"].append({"name": card, "owner": seat})
        return f"{p['name']} improves {p['permanents'][i]['name']} with {card} (cost {params['cost']})."
    p["permanents"].append({
        "name": card, "ready": True, "armor_location": params.get("armor_location"),
        "improvements": [], "owner": seat,
    })
    return f"{p['name']} puts {card} into play (cost {params['cost']})."


def apply_activate_permanent(state, params, ctx):
    p = _p(state, params)
    i = find_permanent(p, params["card"])
    if i is not None and params.get("exhaust"):
        p["permanents"][i]["ready"] = False
    pay(p, params.get("extra_cost", 0))
    return f"{p['name']} uses {params['card']}."


def _take_out(state, seat, name):
    p = state["players"][seat]
    i = find_permanent(p, name)
    if i is None:
        return None
    card = p["permanents"].pop(i)
    release_improvements(state, card)
    return card


def _owner(state, card, fallback):
    owner = card.get("owner", fallback)
    return owner if isinstance(owner, int) and 0 <= owner < len(state["players"]) else fallback


def apply_discard_permanent(state, params, ctx):
    card = _take_out(state, params["player"], params["card"])
    if card:
        state["players"][_owner(state, card, params["player"])]["discard_count"] += 1
    return f"{name_of(state, params['player'])} discards {params['card']} from play."


def apply_return_permanent_to_hand(state, params, ctx):
    card = _take_out(state, params["player"], params["card"])
    if card:
        # A stolen card goes back to the hand of the hero whose deck it belongs to (house decision).
        state["players"][_owner(state, card, params["player"])]["hand_count"] += 1
    return f"{params['card']} returns to {name_of(state, params['player'])}'s hand."


def apply_steal_card(state, params, ctx):
    victim = state["players"][params["target"]]
    i = find_permanent(victim, params["card"])
    if i is None:
        return f"{name_of(state, params['player'])} tries to take {params['card']}."
    card = victim["permanents"].pop(i)
    card.setdefault("owner", params["target"])  # the owner stays; only control changes
    state["players"][params["player"]]["permanents"].append(card)
    return f"{name_of(state, params['player'])} takes {card['name']} from {victim['name']}."


def apply_use_special_ability(state, params, ctx):
    _p(state, params)["special_ability_available"] = False
    return f"{name_of(state, params['player'])} uses the special ability (Hero Card flipped)."


def apply_test(state, params, ctx):
    p = _p(state, params)
    roll, modifier = params["roll"], params.get("modifier", 0)
    value = params.get("value")
    if value is None and params["attribute"] in p["attributes"]:
        value = p["attributes"][params["attribute"]]
    if roll == 1:
        result = "critical_success"
        p["critical_draws"] += 1
    elif roll == 20:
        result = "critical_failure"
        random_discard(p)
    elif isinstance(value, int):
        result = "success" if roll <= value + modifier else "failure"
    else:
        result = "unknown"
    p["last_test"] = {"attribute": params["attribute"], "roll": roll, "modifier": modifier,
                      "value": value if isinstance(value, int) else None, "result": result}
    return f"{p['name']} tests {params['attribute'].replace('_', ' ')}: rolls {roll}, {result.replace('_', ' ')}."


CARD_ACTIONS = (
    ActionSpec("play_action_card", "Play an Action Card",
               obj(("player", "card", "cost", "kind"), player=seat(), card=string(), cost=integer(0, 99),
                   kind=enum("one_shot", "permanent"), free_action=boolean(), x_cost=boolean("cost X chosen"),
                   armor_location=enum(*ARMOR_LOCATIONS), attaches_to=string(), target=seat()),
               apply_play_action_card,
               rules=("aventuria.R10", "aventuria.R11", "aventuria.R12", "aventuria.R14", "aventuria.R15",
                      "aventuria.R17", "aventuria.R18", "aventuria.R19", "aventuria.R20", "aventuria.R24",
                      "aventuria.R121", "aventuria.R50"),
               phases=PLAY),
    ActionSpec("activate_permanent", "Activate a permanent",
               obj(("player", "card"), player=seat(), card=string(), exhaust=boolean(),
                   extra_cost=integer(0, 99), free_action=boolean()),
               apply_activate_permanent,
               rules=("aventuria.R10", "aventuria.R12", "aventuria.R21", "aventuria.R22", "aventuria.R121",
                      "aventuria.H3", "aventuria.R50"),
               phases=PLAY),
    ActionSpec("discard_permanent", "Discard a permanent",
               obj(("player", "card"), player=seat(), card=string(), reason=string()),
               apply_discard_permanent, rules=("aventuria.H3", "aventuria.R122", "aventuria.R50"), phases=PLAY),
    ActionSpec("return_permanent_to_hand", "Return a permanent to hand",
               obj(("player", "card"), player=seat(), card=string()),
               apply_return_permanent_to_hand, rules=("aventuria.H3", "aventuria.R122", "aventuria.R50"), phases=PLAY),
    ActionSpec("steal_card", "Take a permanent from another hero",
               obj(("player", "target", "card"), player=seat(), target=seat(), card=string(),
                   basic_equipment=boolean("the effect aims at the Hero Card's basic equipment"),
                   special_ability=boolean("the effect aims at the hero's special ability")),
               apply_steal_card, rules=("aventuria.R122", "aventuria.H3", "aventuria.R50"), phases=PLAY),
    ActionSpec("use_special_ability", "Use special ability", obj(("player",), player=seat()),
               apply_use_special_ability, rules=("aventuria.R25", "aventuria.R26", "aventuria.R50"), phases=PLAY),
    ActionSpec("test", "Make a test",
               obj(("player", "attribute", "roll"), player=seat(), attribute=enum(*ATTRIBUTE_NAMES), roll=die(20),
                   modifier=integer(-30, 30), value=integer(0, 60)),
               apply_test, rules=("aventuria.R29", "aventuria.R50"), phases=PLAY),
)
