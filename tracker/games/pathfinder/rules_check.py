"""Rule checks for the check procedure and damage (spec 3.4-3.5, R38-R45, R50-R54).

Who attempts a check, its skill, modifiers, rolls and rerolls, the result, and reducing and suffering damage.
"""
from __future__ import annotations

from tracker.engine import Rule

from . import skills
from .rules_encounter import _check, _enc
from .state import name_of


# ------------------------------------------------------------------ modifying and rerolling a check

def check_r43(state, params, ctx):
    check = _check(state)
    if not check:
        return None
    if params.get("needs_skill") and params["needs_skill"] != check["skill"]:
        return f"You're not using {params['needs_skill']} on this check."
    if params.get("combat_only") and not check["combat"]:
        return "That only works on combat checks."


def check_r44(state, params, ctx):
    check = _check(state)
    if ctx.action_type == "reroll":
        if not check or not check["rolled"]:
            return "Roll before rerolling."
        power = params.get("power") or params.get("source")
        if params["source"] == "power" and power in check["rerolled_by"]:
            return "Each reroll power works once per check."
        return None
    if not check:
        return "No check is being attempted."
    if check["rolled"]:
        return "Too late: cards that change a check are played before you roll."


def check_r45(state, params, ctx):
    if params.get("source") != "hero_point":
        return None
    check = _check(state)
    if check and check["character"] != params["player"]:
        return "Hero points can only reroll your own check."
    if check and check["hero_point_reroll"]:
        return "A hero point can reroll a check only once."
    if state["players"][params["player"]]["hero_points"] < 1:
        return "You have no hero point to spend."


# ------------------------------------------------------------------ checks

def check_r38(state, params, ctx):
    enc = _enc(state)
    if enc and enc["checks"] and len(enc["checks"]) < enc["checks_needed"]:
        return "Every part of a 'then' check must be attempted, even after a failure."


def check_r39(state, params, ctx):
    enc = _enc(state)
    if not enc or enc["checks_needed"] < 2:
        return None
    seat = params["player"]
    if seat != enc["character"]:
        took = [c["by"] for c in enc["checks"]]
        remaining = enc["checks_needed"] - len(took)
        if enc["character"] not in took and remaining <= 1:
            return f"{name_of(state, enc['character'])} must attempt at least one of these checks."
        if state["players"][seat]["location"] != state["players"][enc["character"]]["location"]:
            return "Only a character at the same location can take one of these checks."


def check_r40(state, params, ctx):
    enc = _enc(state)
    if enc and enc["checks_needed"] < 2 and params["player"] != enc["character"]:
        return f"Only {name_of(state, enc['character'])} can attempt this check."


def check_r41(state, params, ctx):
    check = _check(state)
    if ctx.action_type == "choose_skill":
        if not check:
            return None
        if params.get("via_power") and check["skill_power_used"]:
            return "Only one power can determine the skill for this check."
        p = state["players"][check["character"]]
        choice = skills.choose(p, {**params, "skill_used": params["skill"]}, check["combat"], skills.listed(check))
    else:
        p = state["players"][params["player"]]
        choice = skills.declared(p, params)
    if params.get("has_skill") is False and (params.get("die", 4) != 4 or params.get("modifier", 0) != 0):
        return "Without that skill you roll 1d4 with no modifier."
    power_set = ctx.action_type == "choose_skill" and check["skill_power_used"]
    if params.get("via_power") or power_set or not choice.skill:
        return None  # a power decides the skill (and may set the dice)
    if choice.combat and choice.skill not in skills.COMBAT_SKILLS:
        return f"Without a power that says otherwise, a combat check uses Strength or Melee, not {choice.skill.title()}."
    roll, who, what = skills.roll_of(p, choice.skill), p["character"], choice.skill.title()
    if params.get("has_skill") is False and roll.has:
        return f"{who} has {what}" + (f" ({skills.roll_text(roll.die, roll.modifier)})." if roll.die else ".")
    lacks = f"{who} doesn't have {what}: that check is 1d4 with no modifier."
    if roll.has is False and (params.get("has_skill") or params.get("die", 4) != 4 or params.get("modifier", 0)):
        return lacks
    if roll.has and roll.die and params.get("die") and params["die"] != roll.die:
        return f"{who}'s {what} die is a d{roll.die}, not a d{params['die']}."


def check_r52(state, params, ctx):
    pending = state.get("damage")
    if not pending or pending["target"] != params.get("target"):
        return None
    if params.get("damage_type") and params["damage_type"].lower() != pending["type"].lower():
        return f"This is {pending['type']} damage."
    if params["amount"] != pending["amount"]:
        return f"The damage is {pending['amount']} (the difficulty minus your result)."


def check_r50(state, params, ctx):
    pending = state.get("damage")
    if not pending:
        return "No damage is being dealt right now."
    reduces = params.get("reduces", "any")
    if reduces.lower() not in ("any", pending["type"].lower()):
        return f"This card doesn't reduce {pending['type']} damage."


def check_r51(state, params, ctx):
    pending = state.get("damage")
    kind = params.get("card_type")
    if pending and kind and not params.get("freely") and kind in pending["boon_types"]:
        return f"A {kind} has already been played on this check or against this damage."


def check_r53(state, params, ctx):
    if ctx.action_type == "resolve_encounter":
        if state.get("damage"):
            return "Suffer the damage first."
        return None
    p = state["players"][params["target"]]
    pending = state.get("damage")
    remaining = pending["amount"] - pending["reduced"] if pending else params.get("count", 0)
    due = min(max(0, remaining), p["hand_count"])
    if params["count"] != due:
        return f"Discard {due} card(s) from the hand; damage never touches the deck."


def check_r54(state, params, ctx):
    check = _check(state)
    if ctx.action_type == "resolve_check":
        if not check or not check["rolled"]:
            return "Roll the dice (or choose to fail) first."
        return None
    if check and params.get("result") is not None:
        from .encounter import compute_result
        probe = dict(check, roll=params["roll"])
        want = compute_result(state, probe)
        if params["result"] != want:
            return f"The result is {want}: vulnerability adds 4 once and resistance takes 4 once."


CHECK_RULES = tuple(Rule(*row[:5], **row[5] if len(row) > 5 else {}) for row in (
    ("pathfinder.R38", "'Then' checks are all attempted", "[Attempting a Check]",
     "Both parts of a 'then' check must be attempted.", check_r38, {"kind": "card-data"}),
    ("pathfinder.R39", "Sequential checks: the encounterer takes one", "[Attempting a Check]",
     "The encountering character must attempt at least one of these checks.", check_r39),
    ("pathfinder.R40", "Single checks are the encounterer's", "[Attempting a Check]",
     "Only the encountering character can attempt this check.", check_r40),
    ("pathfinder.R41", "The skill: listed, or d4", "[Determine Which Skill You're Using]",
     "Roll the skill's own die, or a d4 without it; combat without a power is Strength or Melee.", check_r41,
     {"kind": "card-data"}),
    ("pathfinder.R43", "Skill and combat boosters need that skill or a combat check",
     "[Play Cards and Use Powers That Affect Your Check]",
     "You're not using that skill on this check.", check_r43, {"kind": "card-data"}),
    ("pathfinder.R44", "Modify before the roll; each reroll power once", "[Roll the Dice]",
     "Blessings and other modifiers come before the roll.", check_r44),
    ("pathfinder.R45", "Hero-point reroll: your own check, once", "[Roll the Dice]",
     "Hero points can only reroll your own check, once.", check_r45),
    ("pathfinder.R50", "Only reducers of that damage type", "[Suffering Damage]",
     "This card doesn't reduce that damage type.", check_r50, {"kind": "card-data"}),
    ("pathfinder.R51", "One boon per type against one damage", "[Suffering Damage]",
     "A boon of that type has already been played on this check or damage.", check_r51),
    ("pathfinder.R52", "Failing a monster: difficulty minus result, Combat", "[Suffer Damage, If Necessary]",
     "That isn't the damage the failed check deals.", check_r52),
    ("pathfinder.R53", "Damage discards from the hand only", "[Suffering Damage]",
     "Discard from your hand only, as many as the damage or your whole hand.", check_r53),
    ("pathfinder.R54", "The check result", "[Roll the Dice]",
     "Vulnerability adds 4 once, resistance subtracts 4 once, never below 0.", check_r54),
))
