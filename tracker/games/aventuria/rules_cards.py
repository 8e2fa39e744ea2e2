"""Cards, costs and permanents (R10-R26, R31, R121, R122 and house rule H3)."""
from __future__ import annotations

from tracker.engine import Rule

from .state import HERO_CARD_PARTS, NO_MAGIC, available_endurance, find_permanent, name_of, norm

def _p(state, params):
    return state["players"][params["player"]]


def _in_own_actions(state, params) -> bool:
    return state.get("active_player") == params["player"] and state["phase"] in ("actions", "hero_actions")


def check_r10(state, params, ctx):
    if _in_own_actions(state, params):
        return None
    if ctx.action_type == "declare_attack":
        return "Attacks are made in your own Actions phase."
    if params.get("free_action"):
        return None
    if ctx.action_type == "activate_permanent":
        return "Only cards with an out-of-turn use can be activated outside your Action phase (free_action)."
    return "Only free actions can be played outside your Action phase."


def check_r14(state, params, ctx):
    cost = params["cost"]
    avail = available_endurance(_p(state, params))
    if not params.get("x_cost") and cost > avail:
        return f"Not enough endurance: {avail} available, {cost} needed."


def check_r15(state, params, ctx):
    avail = available_endurance(_p(state, params))
    if params.get("x_cost") and params["cost"] > avail:
        return f"X cannot exceed your available endurance ({avail})."


def check_r17(state, params, ctx):
    if params["kind"] != "permanent":
        return None
    seat = params["player"]
    p = _p(state, params)
    key = norm(params["card"])
    clash = any(norm(c["name"]) == key for c in p["permanents"]) or any(
        norm(imp["name"]) == key and imp.get("owner") == seat
        for other in state["players"] for card in other["permanents"] for imp in card["improvements"]
    )
    if clash:
        return f"You already have {params['card']} in play; duplicates of permanent cards are not allowed."


def check_r18(state, params, ctx):
    loc = params.get("armor_location")
    if params["kind"] != "permanent" or not loc or params.get("attaches_to"):
        return None
    worn = next((c for c in _p(state, params)["permanents"] if c.get("armor_location") == loc), None)
    if worn:
        return f"{loc.capitalize()} armor already worn; discard {worn['name']} to wear {params['card']}."


def check_r19(state, params, ctx):
    attack = state.get("pending_attack")
    if params.get("armor_location") and attack and attack["target"] == params["player"]:
        return "Armor cannot be played in response to an attack."


def check_r21(state, params, ctx):
    if not params.get("exhaust"):
        return None
    p = _p(state, params)
    i = find_permanent(p, params["card"])
    if i is not None and not p["permanents"][i]["ready"]:
        return f"{p['permanents'][i]['name']} is exhausted; it readies in your next phase 3."


def check_r22(state, params, ctx):
    extra = params.get("extra_cost", 0)
    avail = available_endurance(_p(state, params))
    if extra > avail:
        return f"Activation costs {extra} endurance each use; {avail} available."


def check_r24(state, params, ctx):
    target = params.get("attaches_to")
    if target and find_permanent(_p(state, params), target) is None:
        return f"{params['card']} needs a card to improve: {target} is not in play for you."


def check_r25(state, params, ctx):
    if not _p(state, params)["special_ability_available"]:
        return "Your special ability is already used (Hero Card is flipped)."


def check_r29(state, params, ctx):
    uses_magic = params.get("attack_type") == "magic" or params.get("attribute") == "magic"
    if uses_magic and _p(state, params)["attributes"].get("magic") == NO_MAGIC:
        return "This hero has no Magic value."


def check_r31(state, params, ctx):
    if params.get("reason") != "critical_success":
        return None
    owed = _p(state, params)["critical_draws"]
    if owed < 1:
        return "Only a natural 1 as your final roll lets you draw a card."
    if params["count"] > owed:
        return f"You are owed {owed} critical draw{'s' if owed > 1 else ''}, not {params['count']}."


def _converted(p: dict, name) -> int:
    key = norm(name)
    return sum(1 for n in p["endurance_cards"] if norm(n) == key)


def check_r121(state, params, ctx):
    p = _p(state, params)
    card = params["card"]
    if ctx.action_type == "play_action_card":
        # A deck holds at most 2 copies (R104): with both face down, none can be in the hand.
        gone = _converted(p, card) >= 2
    else:
        gone = find_permanent(p, card) is None and _converted(p, card) >= 1
    if gone:
        return f"{card} is an Endurance Card now; its effect is gone for this game."


def check_h3(state, params, ctx):
    card = params.get("card")
    if not card:
        return None
    if ctx.action_type == "steal_card":
        if params["target"] == params["player"]:
            return f"You already control {card}."
        holder = params["target"]
    else:
        holder = params["player"]
    p = state["players"][holder]
    if find_permanent(p, card) is None:
        if ctx.action_type == "activate_permanent" and _converted(p, card):
            return None  # R121 explains this one
        return f"{card} is not in play for {name_of(state, holder)}."


def check_r122(state, params, ctx):
    if params.get("basic_equipment") or params.get("special_ability") or norm(params.get("card")) in HERO_CARD_PARTS:
        return "Basic equipment and the special ability cannot be taken away by card effects."


CARD_RULES = (
    Rule("aventuria.H3", "A permanent must be in play to use it", "[Actions (Phase 5) > Activate Permanent Cards]",
         "That card is not in play.", check_h3),
    Rule("aventuria.R10", "Non-free cards and attacks only in your own Actions phase",
         "[Additional Rules > Free Actions]; [Duel Rules Summary > Additional Rules]; [Additional Rules > Armor]",
         "Only free actions can be played outside your Action phase.", check_r10),
    Rule("aventuria.R11", "Free actions any time, if paid and required conditions hold", "[Additional Rules > Free Actions]",
         "Check the free action's requirement before playing it.", kind="card-data"),
    Rule("aventuria.R12", "All requirements met, in printed order; triggers used at once", "[Actions (Phase 5) > Requirements]",
         "Meet the card's requirements in order; a triggered card is used right after its trigger.", kind="card-data"),
    Rule("aventuria.R14", "Costs are paid from ready endurance plus Fate endurance", "[Actions (Phase 5) > Play Action Cards]",
         "Not enough endurance.", check_r14),
    Rule("aventuria.R15", "X costs: 0 up to the endurance you have", "[Actions (Phase 5) > Play Action Cards]; [Requirements]",
         "X cannot exceed your available endurance.", check_r15),
    Rule("aventuria.R16", "Exhausted endurance pays nothing until readied", "[Actions (Phase 5) > Play Action Cards]",
         "That Endurance Card is exhausted."),
    Rule("aventuria.R17", "No duplicate permanent in play", "[Actions (Phase 5) > One-Shot and Permanent Cards] (Important note)",
         "You already have that permanent in play.", check_r17),
    Rule("aventuria.R18", "One armor per body location", "[Additional Rules > Armor]",
         "That body location already wears armor; discard it first.", check_r18, kind="card-data"),
    Rule("aventuria.R19", "Armor is never played in response to an attack", "[Additional Rules > Armor]",
         "Armor cannot be played in response to an attack.", check_r19, kind="card-data"),
    Rule("aventuria.R20", "Targets follow the card wording", "[Actions (Phase 5) > Play Action Cards]; [Multiplayer Sessions]; [Combat Sequence > 2. Hero Turns]",
         "\"Hero\" cards may target any hero, \"opponent\" cards only opponents, others only yourself.", kind="card-data"),
    Rule("aventuria.R21", "Exhaust effects need the card ready", "[Actions (Phase 5) > Requirements]",
         "This card is exhausted; it readies in your next phase 3.", check_r21),
    Rule("aventuria.R22", "Activation costs are paid on every use", "[Actions (Phase 5) > Requirements]",
         "Not enough endurance for this activation.", check_r22),
    Rule("aventuria.R23", "One-shot cards are discarded after use", "[Actions (Phase 5) > Requirements]; [One-Shot and Permanent Cards]",
         "One-shot cards are discarded after use.", kind="card-data"),
    Rule("aventuria.R24", "Improvements need their card in play and leave with it", "[Actions (Phase 5) > One-Shot and Permanent Cards]",
         "An improvement needs a card in play to improve.", check_r24),
    Rule("aventuria.R25", "Special ability once per game", "[Additional Rules > Special Ability]; [Victory (If the Adventure Continues)]",
         "Your special ability is already used.", check_r25),
    Rule("aventuria.R26", "Special ability timing and its own requirement", "[Additional Rules > Special Ability]; [Rules Questions and Answers > Ability \"Follow-up Attack\" versus \"Alertness\"]",
         "Check the ability's own requirement; the attacker's damage changes come first.", kind="card-data"),
    Rule("aventuria.R29", "No magic with Magic \"-\"", "[Game Material] (Hero Card layout)",
         "This hero has no Magic value.", check_r29, kind="card-data"),
    Rule("aventuria.R31", "Critical success only on a natural 1", "[Additional Rules > Critical Success]",
         "Only a natural 1 is a critical success.", check_r31),
    Rule("aventuria.R121", "Endurance Cards stay endurance", "[How to Play 4] (Tip for the game)",
         "That card is an Endurance Card now.", check_r121),
    Rule("aventuria.R122", "Basic equipment and special ability cannot be taken away", "[Game Material] (Hero Card layout: Basic Equipment, Special Ability)",
         "Basic equipment and the special ability cannot be taken away by card effects.", check_r122),
)
