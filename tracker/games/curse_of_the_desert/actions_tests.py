"""Tests and the Fate Pile ([Tests]; [Additional Rules > Fate Pile]; [Additional Rules > Fate Points]):
attribute tests whose 1 and 20 are ordinary, skill tests with their four results, Consult Your Fate,
and Fate Point rerolls that never touch a skill test here."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, die, enum, integer, obj, seat
from tracker.games.aventuria.kit import ATTRIBUTES, apply_reroll_attack, name_of

from .actions_combat import record_dodge
from .state import FATE_KINDS, FATE_RESULT, FATE_TITLES, IN_NIGHT, R, SKILLS

NO_VALUE = "-"


def tested(params) -> str | None:
    """The skill or attribute a test is on: `skill` may name an attribute too (an attribute test)."""
    return params.get("skill") or params.get("attribute")


def target_of(state, params) -> int | str | None:
    """The value tested: given, else the hero's recorded skill or attribute; "-" cannot be tested."""
    p = state["players"][params["player"]]
    value = params.get("value")
    if value is None:
        name = tested(params)
        value = (p["skills"] if name in SKILLS else p["attributes"]).get(name)
    if value == NO_VALUE or value in ("–", "—"):
        return NO_VALUE
    return value + params.get("modifier", 0) if isinstance(value, int) else None


def outcome_of(roll, target, change: int, success, kind: str) -> str:
    """[Tests > Procedure]; [Change Dice Roll Result]: a changed 1 or 20 is no critical; [Attribute
    Test Results]: on an attribute test a critical counts as a plain result."""
    if target == NO_VALUE or (isinstance(target, int) and target <= 0) or roll is None:
        return "failure"
    final = min(20, max(1, roll + change))
    if not change and roll in (1, 20):
        result = "critical_success" if roll == 1 else "critical_failure"
    elif isinstance(target, int):
        result = "success" if final <= target else "failure"
    elif isinstance(success, bool):
        result = "success" if success else "failure"
    else:
        result = "success" if final == 1 else "failure" if final == 20 else "unknown"
    if kind == "attribute":
        result = {"critical_success": "success", "critical_failure": "failure"}.get(result, result)
    return result


def apply_test_roll(state, params, ctx):
    p = state["players"][params["player"]]
    name = tested(params)
    kind = "skill" if name in SKILLS else "attribute"
    target = target_of(state, params)
    roll = params.get("roll")
    result = outcome_of(roll, target, params.get("change", 0), params.get("success"), kind)
    state["test_count"] += 1
    state["last_test"] = {
        "id": state["test_count"], "player": params["player"], "kind": kind, "name": name, "roll": roll,
        "change": params.get("change", 0), "target": target, "result": result,
        "fate_symbol": bool(params.get("fate_symbol")) and kind == "skill", "consulted": False, "fate_card": None,
        "rerolls": 0, "open": True,
    }
    p["last_test"] = dict(state["last_test"])
    words = name.replace("_", " ")
    how = "fails automatically" if roll is None else f"rolls {roll}"
    text = f"{p['name']} tests {words}: {how}, {result.replace('_', ' ')}."
    if result == "failure" and state["last_test"]["fate_symbol"]:
        text += " The fate symbol: Consult Your Fate."
    return text


def apply_consult_fate(state, params, ctx):
    t = state["last_test"]
    card = params.get("card")
    if sum(state["fate_pile"].values()) == 0 or card is None:
        result, text = "critical_failure", "The Fate Pile is empty: a Critical Failure."
    else:
        state["fate_pile"][card] -= 1
        state["fate_reserve"][card] += 1  # [Skill Test Results]: the card goes back to the reserve
        result = FATE_RESULT[card]
        text = f"{FATE_TITLES[card]}: the test counts as a {result.replace('_', ' ')}."
    if t:
        t.update(result=result, consulted=True, fate_card=card)
    return f"{name_of(state, params['player'])} consults fate. " + text


def apply_draw_fate_card(state, params, ctx):
    card = params.get("card")
    if sum(state["fate_pile"].values()) == 0 or card is None:
        return "The Fate Pile is empty: the draw counts as Great Misfortune."
    state["fate_pile"][card] -= 1
    state["fate_reserve"][card] += 1
    return f"Fate Card drawn for the Story Card: {FATE_TITLES[card]} (back to the reserve)."


def apply_add_fate_card(state, params, ctx):
    kind = params["kind"]
    if state["fate_reserve"][kind] == 0:
        ctx.notes.append(f"No {FATE_TITLES[kind]} card in the reserve: the step is skipped.")
        return f"No {FATE_TITLES[kind]} card left in the reserve."
    state["fate_reserve"][kind] -= 1
    state["fate_pile"][kind] += 1
    return f"A {FATE_TITLES[kind]} card is shuffled into the Fate Pile."


def reroll_test(state, params) -> str:
    t = state["last_test"]
    p = state["players"][params["player"]]
    t["rerolls"] += 1
    t["roll"] = params["roll"]
    t["change"] = 0  # [Change Dice Roll Result]: a change does not carry onto the reroll; modifiers do
    t["result"] = outcome_of(params["roll"], t["target"], 0, None, t["kind"])
    p["last_test"] = dict(t)
    return f"{p['name']} rerolls {t['name'].replace('_', ' ')}: {params['roll']}, {t['result'].replace('_', ' ')}."


def apply_spend_fate_reroll(state, params, ctx):
    """One Fate Point rerolls the failed attribute test in front of the player: their attack test, their
    Dodge test against an attack, or another attribute test they just made."""
    seat = params["player"]
    a = state.get("pending_attack")
    if a and a.get("attacker") == seat:
        return apply_reroll_attack(state, params, ctx)
    p = state["players"][seat]
    p["fate_points"] -= 1
    state["fate_pool"] += 1
    if a and a.get("attacker") is None and a.get("target") == seat and a.get("dodged") is False:
        return f"{p['name']} spends a Fate Point to reroll the dodge. " + record_dodge(state, params, a)
    if state["last_test"]:
        return f"{p['name']} spends a Fate Point. " + reroll_test(state, params)
    return f"{p['name']} spends a Fate Point on a reroll."


_fate_card = enum(*FATE_KINDS, title="Fate Card drawn")

TEST_ACTIONS = (
    ActionSpec("test_roll", "Make a test",
               obj(("player",), player=seat(), skill=enum(*SKILLS, *ATTRIBUTES, title="Skill",
                                                          description="a skill, or an attribute for an attribute test"),
                   attribute=enum(*ATTRIBUTES, title="Attribute"), roll=die(20),
                   value=integer(-30, 60, "the skill or attribute value (the recorded one when left out)", title="Value"),
                   modifier=integer(-30, 30, "the test's + or -", title="Modifier"),
                   change=integer(-19, 19, "an effect changing the die after the roll", title="Change"),
                   fate_symbol=boolean("the card's Failure result shows the fate symbol", title="Fate symbol on Failure"),
                   success=boolean("whether it succeeded, when the value is not recorded")),
               apply_test_roll, rules=(R + "R40", R + "R13", R + "R3", R + "R4", R + "R2"), phases=IN_NIGHT),
    ActionSpec("consult_fate", "Consult Your Fate", obj(("player",), player=seat(), card=_fate_card),
               apply_consult_fate, rules=(R + "R13",), phases=IN_NIGHT),
    ActionSpec("draw_fate_card", "Draw a Fate Card (Story Card)", obj((), card=_fate_card), apply_draw_fate_card,
               rules=(R + "R114",), phases=IN_NIGHT, seat_params=()),
    ActionSpec("add_fate_card", "Shuffle a Fate Card into the Fate Pile",
               obj(("kind",), kind=enum(*FATE_KINDS, title="Kind")), apply_add_fate_card,
               rules=(R + "R16", R + "R14"), phases=IN_NIGHT, seat_params=()),
    ActionSpec("spend_fate_reroll", "Spend a Fate Point: reroll a failed attribute test",
               obj(("player", "roll"), player=seat(), roll=die(20), value=integer(0, 60, title="Value"),
                   modifier=integer(-30, 30, title="Modifier")),
               apply_spend_fate_reroll, rules=(R + "R40", R + "R9", R + "R10", R + "R8", R + "R7", R + "R12"),
               phases=IN_NIGHT),
    ActionSpec("spend_fate_reroll_test", "Spend a Fate Point: reroll a test",
               obj(("player", "roll"), player=seat(), roll=die(20)),
               apply_spend_fate_reroll, rules=(R + "R40", R + "R9", R + "R8", R + "R7"), phases=IN_NIGHT),
)
