"""The narrative's actions: a hero's skill test, a choice, a Fate reroll, an effect the instructions
give; and the combat's hero action on a Story Card ([Skill Tests]; [3) Story Cards])."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import enum, integer, obj, seat, string

from ..state import name_of
from .actions_round import MODES
from .combat import end_combat
from .narrative import (
    apply_effect, grant_free_reroll, record_roll, result_title, roll_of, skill_value, test_result, worst,
)
from .setup import SKILLS

NARRATIVE = frozenset({"narrative"})
BEFORE_COMBAT = frozenset({"narrative", "combat_setup"})
CHOICES = ("stay", "leave", "grab", "refrain", "keep", "resist")
EFFECT_KINDS = ("fate", "discard_fate", "remove_fate", "lose_life", "hand", "time_counters", "damage_point",
                "reward_card", "amulet", "set_aside")
D20 = integer(1, 20, "the natural result of the d20", title="Roll")
D20["x-die"] = 20
DICE = {"type": "array", "minItems": 1, "maxItems": 3, "items": integer(1, 20), "title": "Dice",
        "description": "every d20 rolled when the test takes the worst of several"}
TEST_FIELDS = dict(
    player=seat(title="Hero"), roll=D20,
    value=integer(0, 40, "the skill value, when the hero's skills are not on record", title="Skill value"),
    modifier=integer(-20, 20, "the + or - the instructions give the test", title="Modifier"),
    skill=enum(*SKILLS, title="Skill"),
    dice=DICE,
)


def _test_text(state, entry) -> str:
    skill = (entry["skill"] or "skill").replace("_", " ")
    target = entry["value"] + entry["modifier"]
    dice = f" (dice {', '.join(map(str, entry['dice']))}, the worst counts)" if entry.get("dice") else ""
    return (f"{name_of(state, entry['player'])}: {skill} {target}, rolled {entry['roll']}{dice}: "
            f"{result_title(entry['result'])}.")


def apply_narrative_skill_test(state, params, ctx):
    seat_, n = params["player"], state["narrative"]
    skill = params.get("skill") or n["skill"]
    value = skill_value(state, seat_, skill, params.get("value"))
    dice = params.get("dice")
    repeat = roll_of(state, seat_) is not None and n["who"] != "any"
    if repeat:
        n["free_rerolls"] -= 1  # a companion's critical success lets this hero try again
    entry = record_roll(state, seat_, worst(dice) if dice else params["roll"], value, params.get("modifier", 0),
                        skill, dice, fresh=n["who"] == "any")
    grant_free_reroll(state, entry)
    return _test_text(state, entry) + (" A repeat, thanks to a companion." if repeat else "")


def apply_spend_fate_reroll_test(state, params, ctx):
    payer = params["player"]
    who = params.get("beneficiary", payer)
    state["players"][payer]["fate_points"] -= 1
    state["fate_pool"] += 1
    old = roll_of(state, who)
    dice = params.get("dice")
    entry = record_roll(state, who, worst(dice) if dice else params["roll"], old["value"], old["modifier"],
                        old["skill"], dice)
    grant_free_reroll(state, entry)
    paid = "" if who == payer else f" ({name_of(state, payer)} pays the Fate Point)"
    return "Fate reroll" + paid + ". " + _test_text(state, entry)


def apply_narrative_choice(state, params, ctx):
    state["narrative"]["chosen"][str(params["player"])] = params["choice"]
    return f"{name_of(state, params['player'])} chooses to {params['choice']}."


def apply_narrative_effect(state, params, ctx):
    kind, who, amount = params["kind"], params.get("player"), params.get("amount", 1)
    n = state.get("narrative")
    pending = roll_of(state, who) if n and who is not None else None
    if kind == "lose_life" and pending and pending.get("dice_due") and pending.get("amount") is None:
        pending["amount"] = amount  # the rolled loss waits for the step to close with the rest
        return f"{name_of(state, who)} rolled {amount} on {pending['dice_due']}: the loss applies as the step closes."
    lines: list[str] = []
    if kind == "time_counters":
        state["next_combat"]["time_counters"] += amount
        return f"The next combat: {amount:+d} time counter{'s' if abs(amount) != 1 else ''}."
    if kind == "reward_card":
        state["players"][who]["reward_cards"].append(" ".join(params["card"].split()))
        return f"{name_of(state, who)} shuffles the Reward Card {params['card']} into their deck."
    if kind == "set_aside":
        apply_effect(state, who if who is not None else 0, "set_aside", " ".join(params["card"].split()), lines, set())
    elif kind == "hand":
        apply_effect(state, who, "hand", amount, lines, set())
    else:
        apply_effect(state, who, kind, amount, lines, set())
    return " ".join(lines)


def _story(state, name):
    return next((c for c in state.get("story_cards", ()) if c["name"].lower() == name.lower()), None)


def apply_hero_action(state, params, ctx):
    seat_ = params["player"]
    p = state["players"][seat_]
    card = _story(state, params["card"])
    name = card["name"] if card else " ".join(params["card"].split())
    value = skill_value(state, seat_, params["skill"], params.get("value"))
    result = test_result(params["roll"], value + params.get("modifier", 0))
    p["hero_actions_this_turn"][name] = p["hero_actions_this_turn"].get(name, 0) + 1
    text = f"{p['name']}: hero action {name}, {params['skill'].replace('_', ' ')} rolled {params['roll']}: {result_title(result)}."
    if result not in ("critical_success", "success") or card is None:
        return text
    if card["on_success"] == "token" and card["tokens"] > 0:
        card["tokens"] -= 1
        text += f" {card['tokens']} token{'s' if card['tokens'] != 1 else ''} left on {name}."
        if card["tokens"] == 0 and card.get("unlocks"):
            for v in state["villains"]:
                if v["name"] == card["unlocks"]:
                    v["attackable"] = True
            text += f" {card['unlocks']} can be attacked now."
    elif card["on_success"] == "victory":
        end_combat(state, "victory", f"{name} succeeded")
        text += " The combat is won."
    elif card["on_success"] == "free_mother":
        state["free_mother"] = True
        text += " The heir's mother is free: 1 more experience point each at the end."
    return text


NARRATIVE_ACTIONS = (
    ActionSpec("narrative_skill_test", "Skill test (narrative)", obj(("player", "roll"), **TEST_FIELDS),
               apply_narrative_skill_test, rules=("aventuria.R128", "aventuria.R119"),
               phases=NARRATIVE, phase_rule="aventuria.R128", modes=frozenset({"adventure"})),
    ActionSpec("spend_fate_reroll_test", "Fate Point: reroll a skill test",
               obj(("player", "roll"), player=seat(title="Who pays"), roll=D20,
                   beneficiary=seat("whose failed test is rerolled; default the payer", title="For"), dice=DICE),
               apply_spend_fate_reroll_test, rules=("aventuria.R63", "aventuria.H9", "aventuria.R119"),
               phases=NARRATIVE, phase_rule="aventuria.R128", modes=frozenset({"adventure"}),
               seat_params=("player", "beneficiary")),
    ActionSpec("narrative_choice", "Choose (narrative)",
               obj(("player", "choice"), player=seat(title="Hero"), choice=enum(*CHOICES, title="Choice")),
               apply_narrative_choice, rules=("aventuria.R128",), phases=NARRATIVE, phase_rule="aventuria.R128",
               modes=frozenset({"adventure"})),
    ActionSpec("narrative_effect", "Apply an instruction's effect",
               obj(("kind",), kind=enum(*EFFECT_KINDS, title="Effect"), player=seat(title="Hero"),
                   amount=integer(-12, 12, title="Amount"), card=string(60, "the card it names", title="Card")),
               apply_narrative_effect, rules=("aventuria.R64", "aventuria.R93", "aventuria.R135"),
               phases=BEFORE_COMBAT, phase_rule="aventuria.R128", modes=frozenset({"adventure"})),
    ActionSpec("hero_action", "Hero action (Story Card)",
               obj(("player", "card", "skill", "roll"), player=seat(title="Hero"),
                   card=string(60, "the Story Card's hero action", title="Story card"),
                   skill=enum(*SKILLS, title="Skill"), roll=D20, value=TEST_FIELDS["value"],
                   modifier=TEST_FIELDS["modifier"]),
               apply_hero_action, rules=("aventuria.R70", "aventuria.R71", "aventuria.R78", "aventuria.R112"),
               phases=frozenset({"hero_actions"}), phase_rule="aventuria.R70", modes=MODES),
)
