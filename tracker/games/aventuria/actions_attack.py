"""The attack as a guided procedure: declare, roll (and reroll), damage, dodge, armor; Fate for a miss."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, die, enum, integer, obj, seat, string

from .actions_turn import PLAY
from .rules_combat import fate_donors
from .state import (
    ATTACK_TYPES, TYPE_TITLES, attack_value, dodge_outcome, find_permanent, halve_up, name_of,
    random_discard, release_improvements, roll_result,
)


def set_step(a: dict) -> None:
    # A villain's attack arrives with its damage and no roll ([Combat Sequence > Attacks]).
    if a["damage"] is not None:
        a["step"] = "dodge" if a["dodged"] is None and not a["armor_used"] else "life_point_loss"
    elif a["roll"] is None:
        a["step"] = "attack_roll"
    else:
        a["step"] = "damage_roll" if a["result"] == "hit" else "after_roll"


def criticals(state: dict) -> bool:
    """Whether a natural 1 or 20 on an attribute test does more than hit or miss: yes in Aventuria;
    a game built on it says otherwise in its flavour (Curse of the Desert: [Attribute Test Results])."""
    return state.get("flavour", {}).get("attribute_criticals", True)


def close_attack(state: dict, fate_taken: bool = False) -> None:
    a = state.get("pending_attack")
    if not a:
        return
    if a["result"] != "hit" and a["damage"] is None and a["roll"] == 20 and criticals(state):
        # The natural 20 stood as the final roll: a random hand card goes (R32, R33).
        random_discard(state["players"][a["attacker"]])
    state["last_attack"] = {"id": a["id"], "attacker": a["attacker"], "target": a["target"],
                            "attack_type": a["attack_type"], "result": a["result"], "fate_taken": fate_taken}
    state["pending_attack"] = None


def apply_declare_attack(state, params, ctx):
    seat, kind = params["player"], params["attack_type"]
    p = state["players"][seat]
    if p["attacks_this_turn"][kind]:
        p["extra_attacks_this_turn"] += 1
    p["attacks_this_turn"][kind] = True
    state["attack_count"] += 1
    a = {
        "id": state["attack_count"], "attacker": seat, "target": params["target"], "attack_type": kind,
        "source": params.get("source") or "basic equipment", "extra_attack": bool(params.get("extra_attack")),
        "roll": None, "modifier": 0, "value": None, "result": None, "hit": None, "critical": None, "rolls": [],
        "fate_spent": False, "base_damage": None, "damage": None, "damage_if_dodged": None,
        "dodge_roll": None, "dodged": None, "armor_used": False, "armor": None,
    }
    set_step(a)
    state["pending_attack"] = a
    return f"{p['name']} declares a {TYPE_TITLES[kind]} attack on {name_of(state, params['target'])}."


def _record_roll(state, a, params, keep_previous: bool):
    roll = params["roll"]
    modifier = params.get("modifier", a["modifier"] if keep_previous else 0)
    value = params.get("value")
    if value is None:
        value = a["value"] if keep_previous and a["value"] is not None else attack_value(state, a["attacker"], a["attack_type"])
    a.update(roll=roll, modifier=modifier, value=value, result=roll_result(roll, value, modifier))
    a["rolls"].append(roll)
    a["hit"] = {"hit": True, "miss": False}.get(a["result"])
    a["critical"] = "success" if roll == 1 else "failure" if roll == 20 else None
    if roll == 1 and criticals(state):
        # A hit cannot be rerolled, so a natural 1 is already the final roll.
        state["players"][a["attacker"]]["critical_draws"] += 1
    set_step(a)
    outcome = {"unknown": "hit or miss, the next step tells"}.get(a["result"], a["result"].replace("_", " "))
    return f"{name_of(state, a['attacker'])} rolls {roll}: {outcome}."


def apply_attack_roll(state, params, ctx):
    a = state.get("pending_attack")
    if not a:
        return f"{name_of(state, params['player'])} rolls {params['roll']} (no open attack)."
    return _record_roll(state, a, params, keep_previous=False)


def apply_spend_fate_reroll(state, params, ctx):
    payer = state["players"][params["player"]]
    payer["fate_points"] -= 1
    state["fate_pool"] += 1
    a = state.get("pending_attack")
    if not a:
        return f"{payer['name']} spends a Fate Point on a reroll."
    a["fate_spent"] = True
    return f"{payer['name']} spends a Fate Point to reroll. " + _record_roll(state, a, params, keep_previous=True)


def apply_attack_failed_final(state, params, ctx):
    close_attack(state, fate_taken=False)
    return f"{name_of(state, params['player'])}'s attack fails; no Fate Point taken."


def apply_take_fate(state, params, ctx):
    seat = params["player"]
    p = state["players"][seat]
    source = params.get("source")
    if source is None:
        source = "middle" if state["fate_pool"] > 0 else next(iter(fate_donors(state, seat)), None)
    got = None
    if source == "middle":
        if state["fate_pool"] > 0:
            state["fate_pool"] -= 1
            got = "the middle"
    elif isinstance(source, int) and state["players"][source]["fate_points"] > 0:
        state["players"][source]["fate_points"] -= 1
        got = name_of(state, source)
    if got:
        p["fate_points"] += 1
    else:
        ctx.notes.append("No Fate Point left anywhere: nothing gained.")
    close_attack(state, fate_taken=bool(got))
    return f"{p['name']} takes a Fate Point from {got}." if got else f"{p['name']} gains no Fate Point."


def apply_damage_roll(state, params, ctx):
    a = state.get("pending_attack")
    if a:
        a.update(result="hit", hit=True, base_damage=params["amount"], damage=params["amount"])
        set_step(a)
    return f"{name_of(state, params['player'])} rolls {params['amount']} damage."


def apply_dodge_roll(state, params, ctx):
    p = state["players"][params["player"]]
    a = state.get("pending_attack")
    roll = params["roll"]
    value = params.get("value", p["attributes"].get("dodge"))
    ok = dodge_outcome(roll, value, params.get("modifier", 0), params.get("success"))
    if roll == 1:
        p["critical_draws"] += 1
    elif roll == 20:
        random_discard(p)  # dodge tests are never rerolled with Fate, so this roll is final (R43)
    if not a or a["damage"] is None:
        return f"{p['name']} rolls {roll} to dodge."
    a["dodge_roll"] = roll
    if ok is True:
        a["damage"] = halve_up(a["damage"])
        a["dodged"] = True
    elif ok is False:
        a["dodged"] = False
    else:
        a["dodged"] = "unknown"
        a["damage_if_dodged"] = halve_up(a["damage"])
        ctx.notes.append(f"Dodge value unknown: record {a['damage']} damage if it failed, "
                         f"{a['damage_if_dodged']} if it succeeded.")
    set_step(a)
    word = {True: "dodges", False: "fails to dodge"}.get(ok, "rolls to dodge")
    return f"{p['name']} rolls {roll} and {word}: {a['damage']} damage" + (
        f" ({a['damage_if_dodged']} if dodged)." if ok is None else ".")


def apply_apply_armor(state, params, ctx):
    p = state["players"][params["player"]]
    a = state.get("pending_attack")
    block = params["pro"] + params.get("extra", 0)
    card = params.get("card")
    i = find_permanent(p, card) if card else None
    if i is not None and params.get("exhaust"):
        p["permanents"][i]["ready"] = False
    if i is not None and params.get("discard"):
        gone = p["permanents"].pop(i)
        release_improvements(state, gone)
        owner = gone.get("owner", params["player"])
        state["players"][owner]["discard_count"] += 1
    if not a or a["damage"] is None:
        return f"{p['name']} uses armor."
    a["damage"] = max(0, a["damage"] - block)  # never below 0: an unharmed hero (R38)
    if a["damage_if_dodged"] is not None:
        a["damage_if_dodged"] = max(0, a["damage_if_dodged"] - block)
    a["armor_used"] = True
    a["armor"] = {"card": card, "pro": params["pro"], "extra": params.get("extra", 0)}
    set_step(a)
    return f"{p['name']} blocks {block} with {card or 'armor'}: {a['damage']} damage left."


_reroll_schema = obj(("player", "roll"), player=seat(), roll=die(20), value=integer(0, 60),
                     modifier=integer(-30, 30), beneficiary=seat("whose attack is rerolled (the attacker)"))
_reroll_rules = ("aventuria.R40", "aventuria.R43", "aventuria.R46", "aventuria.R49", "aventuria.R50")

ATTACK_ACTIONS = (
    ActionSpec("declare_attack", "Declare an attack",
               obj(("player", "attack_type", "target"), player=seat(title="Attacker"),
                   attack_type=enum(*ATTACK_TYPES, title="Attack type"), target=seat(title="Target"),
                   source=string(description="basic equipment or the attacking card", title="Weapon or card"),
                   extra_attack=boolean("a card grants this attack beyond the one per type")),
               apply_declare_attack,
               rules=("aventuria.R10", "aventuria.R27", "aventuria.R28", "aventuria.R29", "aventuria.R50",
                      "aventuria.R51", "aventuria.R52", "aventuria.H2"),
               phases=PLAY),
    ActionSpec("attack_roll", "Attack roll",
               obj(("player", "roll"), player=seat(), roll=die(20), modifier=integer(-30, 30), value=integer(0, 60)),
               apply_attack_roll, rules=("aventuria.H2", "aventuria.R50"), phases=PLAY),
    ActionSpec("spend_fate_reroll", "Spend a Fate Point: reroll the attack", _reroll_schema,
               apply_spend_fate_reroll, rules=_reroll_rules, phases=PLAY,
               seat_params=("player", "target", "beneficiary")),
    ActionSpec("fate_reroll_attack", "Spend a Fate Point: reroll the attack", _reroll_schema,
               apply_spend_fate_reroll, rules=_reroll_rules, phases=PLAY,
               seat_params=("player", "target", "beneficiary")),
    ActionSpec("attack_failed_final", "The attack fails (no Fate Point)", obj(("player",), player=seat()),
               apply_attack_failed_final, rules=("aventuria.H2", "aventuria.R50"), phases=PLAY),
    ActionSpec("take_fate", "Take a Fate Point for the failed attack",
               obj(("player",), player=seat(), source={"oneOf": [{"enum": ["middle"]}, seat("hero to take it from")]}),
               apply_take_fate, rules=("aventuria.R44", "aventuria.R45", "aventuria.R47", "aventuria.R50"),
               phases=PLAY, seat_params=("player", "target", "source")),
    ActionSpec("damage_roll", "Damage roll", obj(("player", "amount"), player=seat(title="Attacker"), amount=integer(0, 99, title="Damage")),
               apply_damage_roll, rules=("aventuria.H2", "aventuria.R123", "aventuria.R50"), phases=PLAY),
    ActionSpec("dodge_roll", "Dodge test",
               obj(("player", "roll"), player=seat(), roll=die(20), value=integer(0, 60), modifier=integer(-30, 30),
                   success=boolean("whether the dodge succeeded, when the Dodge value is not recorded")),
               apply_dodge_roll,
               rules=("aventuria.R30", "aventuria.R34", "aventuria.R37", "aventuria.R123", "aventuria.H2",
                      "aventuria.R50"),
               phases=PLAY),
    ActionSpec("apply_armor", "Use armor against the attack",
               obj(("player", "pro"), player=seat(title="Wearer"), pro=integer(0, 99, title="Armor (PRO)"),
                   extra=integer(0, 99, title="Extra protection"), card=string(title="Armor card"),
                   exhaust=boolean(title="Exhaust it"),
                   discard=boolean("the armor is discarded for its extra effect", title="Discard it for its extra effect")),
               apply_apply_armor,
               rules=("aventuria.R35", "aventuria.R36", "aventuria.R123", "aventuria.R124", "aventuria.H2",
                      "aventuria.H3", "aventuria.R50"),
               phases=PLAY),
)
