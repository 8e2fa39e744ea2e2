"""The check procedure (spec 3.4) and damage (spec 3.5) as recordable actions: declare, modify, roll, suffer."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from .actions_play import _PILE, CARD, PLAY_ACTIONS, PLAY_FIELDS, TRAITS, _a, _move_played_card, _remember_cost, _who
from . import skills
from .data import BOON_TYPES, DICE, SKILLS, character
from .encounter import compute_result, dice_text

ROLL = integer(0, 200, "the total the dice show (the engine adds the modifier)")


# ------------------------------------------------------------------ the check (spec 3.4)

def apply_declare_check(state, params, ctx):
    seat = params["player"]
    enc = state.get("encounter")
    p = state["players"][seat]
    choice = skills.declared(p, params)
    # param_errors refuses a die nobody knows; only an event recorded before that check replays here
    die = choice.die or 4
    kind = params.get("kind") or ("acquire" if enc and enc["boon"] else "defeat" if enc else "other")
    difficulty = params.get("difficulty")
    if difficulty is None:
        difficulty = enc["difficulty"] if enc and enc["difficulty"] is not None else 0
    state["check"] = {
        "kind": kind, "character": seat, "listed": choice.listed, "skill": choice.skill or "strength",
        "base": choice.base, "die": die, "dice": {str(die): 1}, "modifier": choice.modifier,
        "combat": choice.combat, "extra_traits": sorted({*p["traits"], *params.get("traits", [])}), "traits": [],
        "difficulty": difficulty, "boon_types": [], "powers": [],
        "played": [], "cost_cards": [], "rolled": False, "roll": None, "result": None, "rerolled_by": [],
        "hero_point_reroll": False, "failed_on_purpose": False, "vulnerable": False, "resistant": False,
        "skill_power_used": bool(params.get("via_power")), "bless": 0,
    }
    state["check"]["traits"] = skills.traits(state["check"])
    if enc:
        enc["step"] = "check"
    what = f"{'a combat' if choice.combat else f'a {kind}'} check with {_skill_text(state['check'])}"
    return f"{p['name']} attempts {what} against {difficulty}."


def _skill_text(check) -> str:
    return f"{check['skill'].title()} {skills.roll_text(check['die'], check['modifier'])}"


def apply_choose_skill(state, params, ctx):
    check = state["check"]
    p = state["players"][check["character"]]
    choice = skills.choose(p, {**params, "skill_used": params["skill"]}, check["combat"], skills.listed(check))
    check["skill"], check["base"], check["die"] = params["skill"], choice.base, choice.die or 4
    check["dice"] = {str(check["die"]): 1}
    check["modifier"] = choice.modifier
    check["skill_power_used"] = check["skill_power_used"] or bool(params.get("via_power"))
    check["extra_traits"] = sorted(set(check.get("extra_traits", [])) | set(params.get("card_traits", [])))
    check["traits"] = skills.traits(check)
    return f"{_who(state, check['character'])} uses {_skill_text(check)}: {dice_text(check)}."


def apply_set_difficulty(state, params, ctx):
    check = state["check"]
    enc = state.get("encounter")
    an = state["bane_adventure_number"] if enc and enc["bane"] else state["adventure_number"]
    check["difficulty"] = max(0, params["base"] + params.get("adventure_multiplier", 0) * an + params.get("adjust", 0))
    return f"The difficulty is {check['difficulty']}."


def apply_modify_check(state, params, ctx):
    check = state["check"]
    by, count = params["by"], params.get("count", 1)
    if params.get("card_type") or params.get("card"):
        if params.get("card_type") and state["players"][params["player"]]["hand_count"] > 0:
            _move_played_card(state, dict(params, action=params.get("action", "discard")))
        else:
            _remember_cost(state, params)
    else:
        _remember_cost(state, params)
    if by == "bless":
        # one more die of the skill's die type per bless; the modifier is not added again (R111)
        key = str(check["die"])
        check["dice"][key] = check["dice"].get(key, 0) + count
        check["bless"] += count
    elif by == "add_die":
        key = str(params.get("sides", 4))
        check["dice"][key] = check["dice"].get(key, 0) + count
    elif by == "modifier":
        check["modifier"] += params.get("amount", 0)
    elif by == "replace_die":
        n = check["dice"].pop(str(check["die"]), 1)
        check["die"] = params.get("sides", check["die"])
        check["dice"][str(check["die"])] = check["dice"].get(str(check["die"]), 0) + n
    elif by == "add_trait" and params.get("trait"):
        check["extra_traits"] = sorted(set(check.get("extra_traits", check["traits"])) | {params["trait"]})
        check["traits"] = skills.traits(check)
    source = params.get("card") or params.get("power") or params.get("card_type") or "a power"
    verb = {"bless": "blesses", "add_die": "adds a die to", "modifier": "modifies", "replace_die": "swaps the die of",
            "add_trait": "adds a trait to"}[by]
    return f"{_who(state, params['player'])} {verb} the check with {source}: {dice_text(check)}."


def apply_roll_check(state, params, ctx):
    check = state["check"]
    check["rolled"], check["roll"] = True, params["roll"]
    check["result"] = compute_result(state, check)
    notes = (" +4 vulnerable" if check["vulnerable"] else "") + (" -4 resistant" if check["resistant"] else "")
    return f"{_who(state, check['character'])} rolls {params['roll']}: result {check['result']}{notes} " \
           f"against {check['difficulty']}."


def apply_reroll(state, params, ctx):
    check = state["check"]
    if params["source"] == "hero_point":
        check["hero_point_reroll"] = True
        state["players"][params["player"]]["hero_points"] -= 1
    else:
        check["rerolled_by"].append(params.get("power") or "power")
    check["roll"] = params["roll"]
    check["result"] = compute_result(state, check)
    return f"Reroll ({params.get('power') or params['source'].replace('_', ' ')}): result {check['result']}."


def apply_choose_to_fail(state, params, ctx):
    check = state["check"]
    check.update(rolled=True, roll=0, result=0, failed_on_purpose=True)
    return f"{_who(state, check['character'])} chooses to fail the check (result 0)."


def apply_resolve_check(state, params, ctx):
    check, enc = state["check"], state.get("encounter")
    success = check["result"] >= check["difficulty"]
    state["check"] = None
    line = f"{'Success' if success else 'Failure'}: {check['result']} against {check['difficulty']}."
    if enc:
        enc["checks"].append({"by": check["character"], "success": success, "result": check["result"],
                              "difficulty": check["difficulty"], "kind": check["kind"]})
    if not success and enc and check["kind"] == "defeat" and enc["deals_damage"]:
        amount = check["difficulty"] - check["result"]
        state["damage"] = {"target": check["character"], "amount": amount, "type": enc["damage_type"],
                           "source": enc["card"], "reduced": 0, "boon_types": list(check["boon_types"]),
                           "played": list(check["played"]), "powers": [], "cost_cards": []}
        line += f" {_who(state, check['character'])} is dealt {amount} {enc['damage_type']} damage."
    return line


# ------------------------------------------------------------------ damage (spec 3.5)

def apply_reduce_damage(state, params, ctx):
    damage = state["damage"]
    if params.get("card_type"):
        budget = damage["boon_types"]
        if not params.get("freely") and params["card_type"] not in budget:
            budget.append(params["card_type"])
        p = state["players"][params["player"]]
        action = params.get("action", "reveal")
        damage["played"].append([action, params.get("card") or params["card_type"]])
        if action != "reveal" and p["hand_count"] > 0:
            p["hand_count"] -= 1
            pile = _PILE.get(action)
            if pile:
                p[pile] += 1
    damage["reduced"] += params["amount"]
    left = max(0, damage["amount"] - damage["reduced"])
    return f"{_who(state, params['player'])} reduces the damage by {params['amount']} ({left} left)."


def _discard_for_damage(state, target, amount) -> str:
    p = state["players"][target]
    n = min(max(0, amount), p["hand_count"])
    p["hand_count"] -= n
    p["discard_count"] += n
    tail = " (the whole hand)" if n < amount else ""
    return f"{p['name']} discards {n} card(s) for damage{tail}."


def apply_suffer_damage(state, params, ctx):
    target = params["target"]
    pending = state.get("damage")
    if pending and pending["target"] == target:
        state["damage"] = None
        amount = pending["amount"] - pending["reduced"]
    else:
        amount = params["amount"] - params.get("reduce", 0)
    amount += params.get("increase", 0)
    kind = params.get("damage_type") or (pending["type"] if pending else "Combat")
    return f"{_who(state, target)} suffers {max(0, amount)} {kind} damage: " + _discard_for_damage(state, target, amount)


def apply_discard_for_damage(state, params, ctx):
    state["damage"] = None
    return _discard_for_damage(state, params["target"], params["count"])


def apply_damage_local_characters(state, params, ctx):
    lines = [f"{_who(state, params['player'])}'s location: everyone there takes damage."]
    for r in params["rolls"]:
        lines.append(_discard_for_damage(state, r["target"], r["roll"]))
    return " ".join(lines)


def apply_set_skills(state, params, ctx):
    # The whole card again, as at setup: what the rulebook gives, what the table types, the campaign's
    # feats on top. A check already declared keeps the die it was declared with.
    p = state["players"][params["player"]]
    data = character(p["character"]) or {}
    p["skills"], p["skills_lacking"], p["skills_complete"], _ = skills.character_skills(
        data.get("skills"), data.get("lacks"), params["skills"], p.get("skill_feats"))
    return f"{p['name']}'s skills: {params['skills']}."


# ------------------------------------------------------------------ the action specs

_DIE = enum(*DICE, description="the skill's die; left out, the character's (a d4 for a skill not on the card)")
_MODIFIER = integer(-20, 30, "left out, the character's modifier for the skill")
_HAS_SKILL = boolean("false: the character lacks the skill and rolls 1d4")
_VIA_POWER = boolean("a card or power sets the skill (or the dice) of this check")

CHECK_ACTIONS = (
    _a("declare_check", "Attempt a check",
       obj(("player",), player=seat(), skill=enum("combat", *SKILLS, description="the skill the check lists"),
           skill_used=enum(*SKILLS, description="the skill rolled, when it isn't the one listed "
                                                "(combat without a power: Strength or Melee)"),
           die=_DIE, modifier=_MODIFIER, difficulty=integer(0, 99), combat=boolean("the check is a combat check"),
           kind=enum("defeat", "acquire", "other"), traits=TRAITS, has_skill=_HAS_SKILL, via_power=_VIA_POWER),
       apply_declare_check, ("pathfinder.R7", "pathfinder.R23", "pathfinder.R39", "pathfinder.R40", "pathfinder.R41",
                             "pathfinder.R54", "pathfinder.R108", "pathfinder.R116", "pathfinder.H3")),
    _a("choose_skill", "Choose the skill",
       obj(("player", "skill"), player=seat(), skill=enum(*SKILLS, description="the skill rolled"), die=_DIE,
           modifier=_MODIFIER, via_power=_VIA_POWER, card_traits=TRAITS, has_skill=_HAS_SKILL),
       apply_choose_skill, ("pathfinder.R41", "pathfinder.R44", "pathfinder.H4")),
    _a("set_difficulty", "Set the difficulty",
       obj(("player", "base"), player=seat(), base=integer(0, 99), adventure_multiplier=integer(0, 4),
           adjust=integer(-20, 20)),
       apply_set_difficulty, ("pathfinder.R44", "pathfinder.H4")),
    _a("modify_check", "Add to the check",
       obj(("player", "by"), by=enum("bless", "add_die", "modifier", "replace_die", "add_trait"),
           sides=enum(*DICE), count=integer(1, 6), amount=integer(-20, 20), trait=string(30),
           needs_skill=enum(*SKILLS), combat_only=boolean(), ignores_immunity=boolean(), each_time=boolean(),
           **{k: v for k, v in PLAY_FIELDS.items() if k != "purpose"}),
       apply_modify_check, ("pathfinder.R7", "pathfinder.R25", "pathfinder.R28", "pathfinder.R29", "pathfinder.R30",
                            "pathfinder.R31", "pathfinder.R32", "pathfinder.R37", "pathfinder.R43", "pathfinder.R44",
                            "pathfinder.R46")),
    _a("roll_check", "Roll the dice",
       obj(("player", "roll"), player=seat(), roll=ROLL, result=integer(0, 250, "the result you worked out")),
       apply_roll_check, ("pathfinder.R44", "pathfinder.R54", "pathfinder.H4")),
    _a("reroll", "Reroll",
       obj(("player", "source", "roll"), player=seat(), source=enum("power", "hero_point"), power=string(80),
           roll=ROLL),
       apply_reroll, ("pathfinder.R44", "pathfinder.R45")),
    _a("choose_to_fail", "Choose to fail", obj(("player",), player=seat()), apply_choose_to_fail,
       ("pathfinder.H4", "pathfinder.H5")),
    _a("resolve_check", "Resolve the check", obj(("player",), player=seat()), apply_resolve_check,
       ("pathfinder.H4", "pathfinder.R54")),
    _a("reduce_damage", "Reduce damage",
       obj(("player", "target", "amount"), player=seat(), target=seat(), amount=integer(1, 50),
           card_type=enum(*BOON_TYPES), card=CARD, freely=boolean(), reduces=string(30),
           action=enum(*PLAY_ACTIONS)),
       apply_reduce_damage, ("pathfinder.R7", "pathfinder.R32", "pathfinder.R50", "pathfinder.R51")),
    ActionSpec("suffer_damage", "Suffer damage",
               obj(("target", "amount"), target=seat(), player=seat(), amount=integer(0, 99),
                   damage_type=string(30), source=CARD, reduce=integer(0, 99), increase=integer(0, 20)),
               apply_suffer_damage, rules=("pathfinder.R7", "pathfinder.R52")),
    ActionSpec("set_skills", "Correct the skills",
               obj(("player", "skills"), player=seat(title="Character"),
                   skills=string(200, "the character card's skills, as at setup: Str d12, Melee: Str +2",
                                 title="Skills")),
               apply_set_skills),
    ActionSpec("discard_for_damage", "Discard for damage",
               obj(("target", "count"), target=seat(), player=seat(), count=integer(0, 30)),
               apply_discard_for_damage, rules=("pathfinder.R7", "pathfinder.R53", "pathfinder.R98")),
    _a("damage_local_characters", "Damage everyone at a location",
       obj(("player", "rolls"), player=seat(),
           rolls={"type": "array", "minItems": 1, "maxItems": 8,
                  "items": obj(("target", "roll"), target=seat(), roll=integer(0, 99))}),
       apply_damage_local_characters, ("pathfinder.R122",)),
)
