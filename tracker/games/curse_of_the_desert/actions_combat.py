"""Combat in the palace through Aventuria's kit: the hero's attack, the row of villains acting on
their dice, the hero's dodge and life points; a defeat feeds the Fate Pile, 0 LP imprisons."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, die, enum, integer, obj, seat, string
from tracker.games.aventuria.kit import (
    ATTACK_TYPES, METHODS, VILLAIN_ID, apply_activate_permanent, apply_attack_roll, apply_damage_roll,
    apply_damage_villain, apply_declare_villain_attack, apply_play_action_card, apply_spend_fate_draw,
    apply_spend_fate_endurance, apply_use_special_ability, apply_villain_action_roll, apply_villain_attack,
    apply_villain_dodge_roll, apply_villain_leaves, apply_villain_life_point_loss, close_attack, halve_up,
    name_of, villain,
)

from .night import end_night
from .sections import end_tower
from .tower import VAGABOND
from .state import IN_NIGHT, R, close_test, solo

HERO_TURN = frozenset({"hero_turn"})
_villain = {"villain": VILLAIN_ID}


# ------------------------------------------------------------------ a defeat's reward

def _active_ids(state) -> set:
    return {v["id"] for v in state["villains"] if v["status"] == "active"}


def reward(state, before: set, defeater, by: str = "own_card") -> str:
    """[7 Reduce Life Points]: each defeat by the heroes shuffles a Fortune card from the reserve into
    the Fate Pile. A group gets a Fate Point from the plan for a henchman instead ([Multiplayer
    Version > Henchmen], house reading of "the usual Fate Points"). In the tower every defeat gives a
    Fate Point from the plan, except one by a Learning Card ([Tower Exploration > Defeated Opponents])."""
    text = ""
    for v in state["villains"]:
        if v["id"] not in before or v["status"] != "defeated":
            continue
        if state["mode"] == "borbarad":
            text += _tower_fate(state, defeater) if by != "learning_card" else " No Fate Point for a Learning Card's defeat."
            continue
        if by != "own_card":
            continue
        if not solo(state) and v["kind"] == "henchman" and isinstance(defeater, int):
            text += _tower_fate(state, defeater)
            continue
        if state["fate_reserve"]["fortune"] > 0:
            state["fate_reserve"]["fortune"] -= 1
            state["fate_pile"]["fortune"] += 1
            text += " A Fortune card goes into the Fate Pile."
        else:
            text += " No Fortune card left in the reserve."
    return text


def _tower_fate(state, defeater) -> str:
    seat = defeater if isinstance(defeater, int) else state["starting_player"]
    if state["fate_pool"] < 1:
        return " No Fate Point left on the plan."
    state["fate_pool"] -= 1
    state["players"][seat]["fate_points"] += 1
    return f" {name_of(state, seat)} takes a Fate Point from the plan."


def apply_damage_villain_curse(state, params, ctx):
    before = _active_ids(state)
    a = state.get("pending_attack") or {}
    defeater = a.get("attacker") if a.get("villain") == params["villain"] else params.get("player")
    text = apply_damage_villain(state, params, ctx)
    return text + reward(state, before, defeater)


def apply_villain_loss_curse(state, params, ctx):
    before = _active_ids(state)
    text = apply_villain_life_point_loss(state, params, ctx)
    by = params.get("by", "own_card" if params.get("player") is not None else "effect")
    if by == "learning_card" and any(x["name"] == VAGABOND and x["status"] == "active" for x in state["villains"]):
        ctx.notes.append(f"{VAGABOND} lowers what Learning Cards deal to Orc henchmen by 2; a direct defeat ignores it.")
    return text + reward(state, before, params.get("player"), by)


def apply_heal_villain(state, params, ctx):
    v = villain(state, params["villain"])
    v["life_points"] += params["amount"]
    return f"{v['name']} heals to {v['life_points']} LP."


def apply_declare_attack(state, params, ctx):
    close_test(state)
    return apply_declare_villain_attack(state, params, ctx)


def apply_villain_action_roll_curse(state, params, ctx):
    close_test(state)
    turn = state.get("opponent_turn")
    if turn is not None and turn["villain"] != params["villain"]:
        turn["attacks"] = 0  # a new opponent's turn: its dice and its attacks start over
    return apply_villain_action_roll(state, params, ctx)


def apply_villain_attack_curse(state, params, ctx):
    turn = state.get("opponent_turn")
    if turn is not None:
        turn["attacks"] = turn.get("attacks", 0) + 1
    return apply_villain_attack(state, params, ctx)


def apply_take_fate(state, params, ctx):
    p = state["players"][params["player"]]
    got = state["fate_pool"] > 0
    if got:
        state["fate_pool"] -= 1
        p["fate_points"] += 1
    close_attack(state, fate_taken=got)
    return f"{p['name']} takes a Fate Point from the plan." if got else f"{p['name']} gains no Fate Point."


def apply_attack_failed_final(state, params, ctx):
    close_attack(state)
    return f"{name_of(state, params['player'])}'s attack misses."


# ------------------------------------------------------------------ the hero hit

def dodge_value(state, seat, params):
    value = params.get("value")
    if value is None:
        value = state["players"][seat]["attributes"].get("dodge")
    return value if isinstance(value, int) else None


def dodge_ok(roll, value, modifier, change, success) -> bool | None:
    """[Attribute Test Results]: a 1 or 20 is an ordinary success or failure here."""
    if isinstance(value, int):
        if value + modifier <= 0:
            return False
        return min(20, max(1, roll + change)) <= value + modifier
    if isinstance(success, bool):
        return success
    return None if roll not in (1, 20) else roll == 1


def record_dodge(state, params, a) -> str:
    seat = params["player"]
    roll = params["roll"]
    ok = dodge_ok(roll, dodge_value(state, seat, params), params.get("modifier", 0), params.get("change", 0),
                  params.get("success"))
    a["dodge_roll"] = roll
    a["dodge_rolls"] = a.get("dodge_rolls", 0) + 1
    a["damage"] = halve_up(a["base_damage"]) if ok else a["base_damage"]
    a["dodged"] = bool(ok)
    a["step"] = "life_point_loss"
    word = "dodges" if ok else "fails to dodge"
    return f"{name_of(state, seat)} rolls {roll} and {word}: {a['damage']} damage."


def apply_dodge_roll(state, params, ctx):
    a = state.get("pending_attack")
    if not a or a.get("target") != params["player"] or a.get("attacker") is not None:
        return f"{name_of(state, params['player'])} rolls {params['roll']} to dodge."
    return record_dodge(state, params, a)


def hero_loses(state, seat: int, amount: int) -> str:
    p = state["players"][seat]
    p["life_points"] = max(0, p["life_points"] - max(0, amount))
    if p["life_points"] > 0 or p["unconscious"]:
        return ""
    if state["mode"] == "borbarad":
        return _dies(state, seat)
    if solo(state):
        # [3 Opponents Turns > Dodging]; [End of the Exploration]: the night ends at once
        return f" {p['name']} drops to 0 LP and is captured. " + end_night(state, "imprisoned", seat)
    p["unconscious"] = True
    m = state.get("moves")
    if m and m["again"] == seat:
        m["again"] = None  # a hero at 0 LP moves no more
    if state["active_player"] == seat:
        state["players"][seat]["turn_done"] = True
    return f" {p['name']} is at 0 LP: at the end of the round the group retreats."


def _dies(state, seat: int) -> str:
    """[Tower Exploration End]: at 0 LP the hero dies and the Death's Candidate's section is due; a group's
    hero is dead until the next exploration, and the exploration ends when none is left (house default)."""
    p = state["players"][seat]
    p.update(unconscious=True, dead=True)
    if all(h["dead"] for h in state["players"]):
        who = "dies" if solo(state) else "dies, the last of the group"
        return f" {p['name']} {who}. " + end_tower(state, "death")
    if state["active_player"] == seat:
        p["turn_done"] = True
    return f" {p['name']} dies: dead until the next exploration."


def apply_hero_damage(state, params, ctx):
    target = params["target"]
    a = state.get("pending_attack")
    amount = params.get("amount")
    if a and a.get("target") == target and a.get("attacker") is None and a["damage"] is not None:
        amount = a["damage"] if amount is None else amount
        close_attack(state)
    amount = amount or 0
    p = state["players"][target]
    text = f"{p['name']} takes {amount} damage ({max(0, p['life_points'] - amount)} LP)."
    return text + hero_loses(state, target, amount)


def apply_life_point_loss(state, params, ctx):
    p = state["players"][params["target"]]
    text = f"{p['name']} loses {params['amount']} LP ({max(0, p['life_points'] - params['amount'])} left)."
    return text + hero_loses(state, params["target"], params["amount"])


def apply_heal(state, params, ctx):
    p = state["players"][params["target"]]
    before = p["life_points"]
    cap = max(p["starting_life_points"], before)  # a 5 Life Point token start is never cut back
    p["life_points"] = min(cap, before + params["amount"])
    if p["life_points"] > 0:
        p["unconscious"] = False
    gained = p["life_points"] - before
    if gained < params["amount"]:
        ctx.notes.append(f"Capped at {cap}: {p['name']} regains {gained} LP.")
    return f"{p['name']} heals to {p['life_points']} LP."


def apply_fate_draw(state, params, ctx):
    text = apply_spend_fate_draw(state, params, ctx)
    if state["players"][params["player"]]["draw_deck_count"] == 0 and state["mode"] == "nedime":
        state["end_pending"] = True  # [End of the Exploration], entry 4: dawn follows this round
        text += " The Hero Deck is spent: the night ends after this round."
    return text


_amount = integer(0, 999, title="Amount")

COMBAT_ACTIONS = (
    ActionSpec("declare_attack", "Attack an opponent",
               obj(("player", "attack_type", "villain"), player=seat(title="Attacker"),
                   attack_type=enum(*ATTACK_TYPES, title="Attack type"), **_villain,
                   source=string(60, "basic equipment or the attacking card", title="Weapon or card"),
                   extra_attack=boolean("a card grants this attack beyond the one per type")),
               apply_declare_attack,
               rules=(R + "R17", R + "R40", R + "R33", R + "R32", R + "R4", R + "H1"), phases=HERO_TURN),
    ActionSpec("attack_roll", "Attack test",
               obj(("player", "roll"), player=seat(), roll=die(20), modifier=integer(-30, 30, title="Modifier"),
                   value=integer(0, 60, "the attack attribute (Close Combat, Ranged Combat or Magic)", title="Value")),
               apply_attack_roll, rules=(R + "H1", R + "R109", R + "R102"), phases=HERO_TURN),
    ActionSpec("attack_failed_final", "The attack misses (no Fate Point)", obj(("player",), player=seat()),
               apply_attack_failed_final, rules=(R + "H1",), phases=HERO_TURN),
    ActionSpec("take_fate", "Take a Fate Point for the miss", obj(("player",), player=seat()), apply_take_fate,
               rules=(R + "R10", R + "R11"), phases=HERO_TURN),
    ActionSpec("damage_roll", "Damage roll",
               obj(("player", "amount"), player=seat(title="Attacker"), amount=integer(0, 99, title="Damage")),
               apply_damage_roll, rules=(R + "H1", R + "R101"), phases=HERO_TURN),
    ActionSpec("villain_dodge_roll", "The opponent's dodge",
               obj(("villain", "roll"), **_villain, roll=die(20), modifier=integer(-30, 30, title="Modifier")),
               apply_villain_dodge_roll, rules=(R + "R33", R + "R35"), phases=HERO_TURN, seat_params=()),
    ActionSpec("damage_villain", "Damage to an opponent",
               obj(("villain",), **_villain, amount=integer(0, 999, "damage after the dodge, before armor", title="Damage"),
                   player=seat("who records it")),
               apply_damage_villain_curse, rules=(R + "R33", R + "R36", R + "R35", R + "R15", R + "R77"), phases=HERO_TURN),
    ActionSpec("villain_life_point_loss", "An opponent loses life points",
               obj(("villain", "amount"), **_villain, amount=integer(1, 999, title="Life points"),
                   player=seat("the hero whose card caused it"),
                   by=enum("own_card", "effect", "learning_card", title="Caused by",
                           description="a hero's own Action Card (a Fortune card on defeat), another effect, or "
                                       "(in the tower) a Learning Card: no Fate Point for its defeats")),
               apply_villain_loss_curse, rules=(R + "R33", R + "R39"), phases=IN_NIGHT),
    ActionSpec("heal_villain", "An opponent heals",
               obj(("villain", "amount"), **_villain, amount=integer(1, 999, title="Life points"),
                   above_start=boolean("the card lets it heal above its starting life points")),
               apply_heal_villain, rules=(R + "R33", R + "R37"), phases=IN_NIGHT, seat_params=()),
    ActionSpec("villain_leaves", "An opponent leaves the row",
               obj(("villain", "how"), **_villain, how=enum("fled", "removed_from_combat", "removed_from_game", title="How")),
               apply_villain_leaves, rules=(R + "R33",), phases=IN_NIGHT, seat_params=()),
    ActionSpec("villain_action_roll", "Opponent's action die",
               obj(("villain", "roll"), **_villain, roll=die(20, "the action die as rolled"),
                   modifier=integer(-19, 19, "a card raising or lowering the die", title="Change")),
               apply_villain_action_roll_curse, rules=(R + "R33", R + "R41", R + "R6", R + "H1"),
               phases=frozenset({"opponents"}), seat_params=()),
    ActionSpec("villain_attack", "An opponent attacks",
               obj(("villain", "target", "amount"), **_villain, target=seat(title="Hero hit"),
                   amount=integer(0, 999, "the damage rolled (dice plus the fixed value)", title="Damage"),
                   attack_type=enum(*ATTACK_TYPES, title="Attack type"), method=enum(*METHODS, title="Target by")),
               apply_villain_attack_curse, rules=(R + "R33", R + "H1", R + "R41", R + "R42"),
               phases=frozenset({"opponents"}), seat_params=("target",)),
    ActionSpec("dodge_roll", "Dodge test",
               obj(("player", "roll"), player=seat(), roll=die(20), value=integer(0, 60, title="Dodge"),
                   modifier=integer(-30, 30, title="Modifier"),
                   change=integer(-19, 19, "an effect changing the die after the roll", title="Change"),
                   success=boolean("whether the dodge succeeded, when the Dodge value is not recorded")),
               apply_dodge_roll, rules=(R + "R40", R + "R43"), phases=IN_NIGHT),
    ActionSpec("apply_damage", "A hero takes damage",
               obj(("target",), target=seat(), amount=_amount, player=seat("who records it"),
                   source=string(60, "card or attack that caused it")),
               apply_hero_damage, rules=(R + "R105", R + "R38"), phases=IN_NIGHT),
    ActionSpec("life_point_loss", "A hero loses life points",
               obj(("target", "amount"), target=seat(), amount=_amount, player=seat("who records it"),
                   source=string(60, "card that caused it")),
               apply_life_point_loss, rules=(R + "R39",), phases=IN_NIGHT),
    ActionSpec("heal", "A hero heals", obj(("target", "amount"), target=seat(), amount=_amount, player=seat()),
               apply_heal, rules=(R + "R97", R + "R38"), phases=IN_NIGHT),
    ActionSpec("play_action_card", "Play an Action Card",
               obj(("player", "card", "cost", "kind"), player=seat(), card=string(60, title="Card"),
                   cost=integer(0, 30, title="Endurance cost"), kind=enum("one_shot", "permanent", title="Kind"),
                   any_time=boolean("the card has a prerequisite that holds now, or says play at any time",
                                    title="Playable now by its text")),
               apply_play_action_card, rules=(R + "R40", R + "R28", R + "R29"), phases=IN_NIGHT),
    ActionSpec("activate_permanent", "Activate an Action Card",
               obj(("player", "card"), player=seat(), card=string(60, title="Card"),
                   exhaust=boolean("the card shows the exhaust symbol", title="Exhaust it"),
                   extra_cost=integer(0, 30, "its activation cost", title="Cost")),
               apply_activate_permanent, rules=(R + "R40", R + "R30", R + "R103", R + "R29"), phases=IN_NIGHT),
    ActionSpec("use_special_ability", "Use the special ability", obj(("player",), player=seat()),
               apply_use_special_ability, rules=(R + "R40", R + "R46"), phases=IN_NIGHT),
    ActionSpec("spend_fate_draw", "Spend a Fate Point: draw a card", obj(("player",), player=seat()),
               apply_fate_draw, rules=(R + "R40", R + "R9", R + "R47"), phases=IN_NIGHT),
    ActionSpec("spend_fate_endurance", "Spend a Fate Point: 1 endurance", obj(("player",), player=seat()),
               apply_spend_fate_endurance, rules=(R + "R40", R + "R9"), phases=IN_NIGHT),
)
