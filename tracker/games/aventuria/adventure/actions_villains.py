"""Attacks both ways between heroes and the row of villains, and the villains' guided turns."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, die, enum, integer, obj, seat, string

from ..actions_attack import apply_declare_attack as duel_declare, close_attack, set_step
from ..actions_life import attack_damage
from ..state import ATTACK_TYPES, TYPE_TITLES, halve_up, name_of
from .actions_round import MODES, ROUND
from .combat import (
    lose_life, next_villain, villain, villain_actions, villain_leaves, villain_loses,
)
from .rules import METHODS
from .schema import VILLAIN_ID

HERO_ACTIONS = HERO_TURN_ONLY = frozenset({"hero_actions"})
VILLAIN_ACTING = frozenset({"opponent_turns", "time_effects"})


def apply_declare_attack(state, params, ctx):
    v = villain(state, params["villain"])
    duel_declare(state, {**params, "target": None}, ctx)
    a = state["pending_attack"]
    a["villain"] = v["id"]
    return f"{name_of(state, params['player'])} declares a {TYPE_TITLES[params['attack_type']]} attack on {v['name']}."


def apply_villain_dodge_roll(state, params, ctx):
    v = villain(state, params["villain"])
    a = state.get("pending_attack")
    roll = params["roll"]
    # [Combat Sequence > 2. Hero Turns]: a villain dodges like a hero; its 1 and 20 draw and
    # discard nothing, having no hand (spec A31).
    ok = roll == 1 or (roll != 20 and roll <= v["dodge"] + params.get("modifier", 0))
    if not a or a.get("villain") != v["id"] or a["damage"] is None:
        return f"{v['name']} rolls {roll} to dodge."
    a["dodge_roll"], a["dodged"] = roll, ok
    if ok:
        a["damage"] = halve_up(a["damage"])
    set_step(a)
    return f"{v['name']} rolls {roll} and {'dodges' if ok else 'fails to dodge'}: {a['damage']} damage before armor."


def apply_damage_villain(state, params, ctx):
    v = villain(state, params["villain"])
    a = state.get("pending_attack")
    amount = params.get("amount")
    attacker = params.get("player")
    if a and a.get("villain") == v["id"]:
        attacker = a["attacker"]
        if amount is None:
            amount = a["damage"] or 0
        close_attack(state)
    amount = amount or 0
    lost = max(0, amount - v["armor"])  # [Combat Sequence > 2. Hero Turns]: armor off every attack
    before = v["life_points"]
    text = f"{v['name']} takes {amount} damage, {v['armor']} armor: loses {min(lost, before)} LP ({max(0, before - lost)} left)."
    return text + villain_loses(state, v, lost, attacker, params.get("fate_from"))


def apply_villain_life_point_loss(state, params, ctx):
    v = villain(state, params["villain"])
    before = v["life_points"]
    text = f"{v['name']} loses {min(before, params['amount'])} LP ({max(0, before - params['amount'])} left)."
    return text + villain_loses(state, v, params["amount"], params.get("player"), params.get("fate_from"))


def apply_heal_villain(state, params, ctx):
    v = villain(state, params["villain"])
    # R85 refuses a heal past the starting LP unless the card allows it (above_start, or accepted
    # anyway): whatever is recorded is what the card did.
    v["life_points"] += params["amount"]
    return f"{v['name']} heals to {v['life_points']} LP."


LEAVING = {"fled": "fled", "removed_from_combat": "removed", "removed_from_game": "removed"}


def apply_villain_leaves(state, params, ctx):
    v = villain(state, params["villain"])
    villain_leaves(state, v, LEAVING[params["how"]])
    back = " (back into the henchman pile)" if params["how"] == "removed_from_combat" else ""
    return f"{v['name']} leaves the row: {params['how'].replace('_', ' ')}{back}; no Fate Point."


def apply_villain_action_roll(state, params, ctx):
    turn = state["opponent_turn"]
    v = villain(state, params["villain"])
    if turn is None:
        return f"{v['name']} rolls {params['roll']}."
    if turn["villain"] != v["id"]:
        if turn["villain"]:
            turn["done"].append(turn["villain"])
        turn.update(villain=v["id"], actions_left=villain_actions(state, v), rolls=[])
    roll = params["roll"]
    turn["rolls"].append(roll)
    turn["actions_left"] = max(0, turn["actions_left"] - 1)
    # The 1 and the 20 are read from the die as rolled (spec R81): a card raising the die changes the
    # table entry, not the critical.
    critical = roll in (1, 20) and state["flavour"].get("villain_criticals")
    if critical:
        turn["actions_left"] = turn["actions_left"] + 1 if roll == 1 else 0
    if ctx.quiet:
        return None
    text = f"{v['name']} rolls {roll}"
    if params.get("modifier"):
        text += f" ({roll + params['modifier']} with {params['modifier']:+d})"
    if critical:
        text += ": a 1, one more action" if roll == 1 else ": a 20, its turn ends after this"
    left = turn["actions_left"]
    text += f"; {left} action{'s' if left != 1 else ''} left." if left else "; no actions left."
    if not left:
        nxt = next_villain(state)
        text += f" Next: {nxt['name']}." if nxt else " Every villain has acted."
    return text


def apply_villain_attack(state, params, ctx):
    v = villain(state, params["villain"])
    target, amount = params["target"], params["amount"]
    state["attack_count"] += 1
    kind = params.get("attack_type", "close")
    a = {"id": state["attack_count"], "attacker": None, "villain": v["id"], "target": target, "attack_type": kind,
         "source": v["name"], "extra_attack": False, "roll": None, "modifier": 0, "value": None, "result": "hit",
         "hit": True, "critical": None, "rolls": [], "fate_spent": False, "base_damage": amount, "damage": amount,
         "damage_if_dodged": None, "dodge_roll": None, "dodged": None, "armor_used": False, "armor": None,
         "method": params.get("method")}
    set_step(a)
    state["pending_attack"] = a
    if state["phase"] == "time_effects":
        row = [x["id"] for x in state["villains"] if x["status"] == "active"]
        state["time_attack_from"] = row.index(v["id"])
    if ctx.quiet:
        return None
    return f"{v['name']} attacks {name_of(state, target)}: {TYPE_TITLES[kind]}, {amount} damage."


def apply_hero_damage(state, params, ctx):
    """The end of an attack on a hero, or damage a card deals: LP stop at 0 ([Unconscious Heroes])."""
    target = params["target"]
    amount = attack_damage(state, params)
    p = state["players"][target]
    fell = lose_life(state, target, amount)
    text = f"{p['name']} takes {amount} damage ({p['life_points']} LP)."
    return text + fell_text(state, target, fell)


def fell_text(state, seat, fell) -> str:
    if not fell:
        return ""
    text = f" {name_of(state, seat)} falls unconscious."
    result = state.get("combat_result")
    if result:
        text += f" {result['result'].capitalize()}: {result['reason']}."
    return text


_villain = lambda: {"villain": VILLAIN_ID}  # noqa: E731

VILLAIN_ACTIONS = (
    ActionSpec("declare_attack", "Attack a villain",
               obj(("player", "attack_type", "villain"), player=seat(title="Attacker"),
                   attack_type=enum(*ATTACK_TYPES, title="Attack type"), **_villain(),
                   source=string(description="basic equipment or the attacking card", title="Weapon or card"),
                   extra_attack=boolean("a card grants this attack beyond the one per type")),
               apply_declare_attack,
               rules=("aventuria.R10", "aventuria.R70", "aventuria.R27", "aventuria.R28", "aventuria.R29",
                      "aventuria.H8", "aventuria.R111", "aventuria.R79", "aventuria.H2", "aventuria.R71",
                      "aventuria.R74"),
               phases=HERO_ACTIONS, phase_rule="aventuria.R70", modes=MODES),
    ActionSpec("villain_dodge_roll", "Villain's dodge", obj(("villain", "roll"), **_villain(), roll=die(20),
                                                          modifier=integer(-30, 30)),
               apply_villain_dodge_roll, rules=("aventuria.H8", "aventuria.R83"),
               phases=ROUND, phase_rule="aventuria.R70", modes=MODES, seat_params=()),
    ActionSpec("damage_villain", "Damage to a villain",
               obj(("villain",), **_villain(), amount=integer(0, 999, "damage after the dodge, before armor", title="Damage"),
                   player=seat("who records it"), fate_from=seat("hero who gives the Fate Point when the middle is empty")),
               apply_damage_villain, rules=("aventuria.H8", "aventuria.R84", "aventuria.R83", "aventuria.R86"),
               phases=ROUND, phase_rule="aventuria.R70", modes=MODES,
               seat_params=("player", "fate_from")),
    ActionSpec("villain_life_point_loss", "Villain loses life points",
               obj(("villain", "amount"), **_villain(), amount=integer(1, 999, title="Life points"),
                   player=seat("the hero whose card caused it (gains the Fate Point if it defeats)"),
                   fate_from=seat("hero who gives the Fate Point when the middle is empty")),
               apply_villain_life_point_loss, rules=("aventuria.H8", "aventuria.R86", "aventuria.R71", "aventuria.R74"),
               phases=ROUND, phase_rule="aventuria.R70", modes=MODES, seat_params=("player", "fate_from")),
    ActionSpec("heal_villain", "Villain heals",
               obj(("villain", "amount"), **_villain(), amount=integer(1, 999, title="Life points"),
                   above_start=boolean("the card says it may heal above its starting life points")),
               apply_heal_villain, rules=("aventuria.H8", "aventuria.R85"),
               phases=ROUND, phase_rule="aventuria.R70", modes=MODES, seat_params=()),
    ActionSpec("villain_leaves", "Villain leaves the row",
               obj(("villain", "how"), **_villain(), how=enum(*LEAVING, title="How")),
               apply_villain_leaves, rules=("aventuria.H8",),
               phases=ROUND, phase_rule="aventuria.R70", modes=MODES, seat_params=()),
    ActionSpec("villain_action_roll", "Villain's action die",
               obj(("villain", "roll"), **_villain(), roll=die(20, "the action die as rolled"),
                   modifier=integer(-10, 10, "a card raising or lowering the die (the 1 and 20 stay as rolled)")),
               apply_villain_action_roll, rules=("aventuria.H8", "aventuria.R80", "aventuria.R81", "aventuria.H2"),
               phases=frozenset({"opponent_turns"}), phase_rule="aventuria.R70", modes=MODES, seat_params=()),
    ActionSpec("villain_attack", "Villain attacks a hero",
               obj(("villain", "target", "amount"), **_villain(), target=seat(title="Hero hit"),
                   amount=integer(0, 999, "the damage the villain's action deals", title="Damage"),
                   attack_type=enum(*ATTACK_TYPES, title="Attack type"),
                   method=enum(*METHODS, title="Target by")),
               apply_villain_attack,
               rules=("aventuria.H8", "aventuria.H2", "aventuria.R89", "aventuria.R72", "aventuria.R126"),
               phases=VILLAIN_ACTING, phase_rule="aventuria.R70", modes=MODES, seat_params=("target",)),
)
HERO_DAMAGE = apply_hero_damage
__all__ = ["VILLAIN_ACTIONS", "HERO_DAMAGE", "current_villain", "_fell"]
