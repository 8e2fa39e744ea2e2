"""Encounters, the check procedure, damage, villains, scourges and summons as recordable actions."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from .data import BOON_TYPES, CARD_KINDS, DICE, SKILLS
from .encounter import (
    boon_budget, compute_result, dice_text, end_encounter, open_encounter, played_here, put_back, villain_outcome,
)
from .state import TURN_STEPS, location, lose, name_of

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


# ------------------------------------------------------------------ the check (spec 3.4)

def apply_declare_check(state, params, ctx):
    seat = params["player"]
    enc = state.get("encounter")
    p = state["players"][seat]
    skill = params.get("skill", "combat")
    known = p["skills"].get(skill)
    die = params.get("die") or (known[0] if known else 4)
    modifier = params.get("modifier", known[1] if known else 0)
    combat = params.get("combat", skill == "combat")
    kind = params.get("kind") or ("acquire" if enc and enc["boon"] else "defeat" if enc else "other")
    traits = [t for t in {skill.title(), params.get("skill_used", "").title(), *p["traits"],
                          *params.get("traits", [])} if t]
    if combat:
        traits.append("Combat")
    difficulty = params.get("difficulty")
    if difficulty is None:
        difficulty = enc["difficulty"] if enc and enc["difficulty"] is not None else 0
    state["check"] = {
        "kind": kind, "character": seat, "skill": skill, "die": die, "dice": {str(die): 1}, "modifier": modifier,
        "combat": combat, "traits": sorted(set(traits)), "difficulty": difficulty, "boon_types": [], "powers": [],
        "played": [], "cost_cards": [], "rolled": False, "roll": None, "result": None, "rerolled_by": [],
        "hero_point_reroll": False, "failed_on_purpose": False, "vulnerable": False, "resistant": False,
        "skill_power_used": bool(params.get("via_power")), "bless": 0,
    }
    if enc:
        enc["step"] = "check"
    what = f"{skill} (d{die}{modifier:+d})" if modifier else f"{skill} (d{die})"
    return f"{p['name']} attempts a {kind} check with {what} against {difficulty}."


def apply_choose_skill(state, params, ctx):
    check = state["check"]
    check["skill"], check["die"] = params["skill"], params.get("die", 4)
    check["dice"] = {str(check["die"]): 1}
    check["modifier"] = params.get("modifier", 0)
    check["skill_power_used"] = check["skill_power_used"] or bool(params.get("via_power"))
    if params.get("card_traits"):
        check["traits"] = sorted(set(check["traits"]) | set(params["card_traits"]))
    check["traits"] = sorted(set(check["traits"]) | {params["skill"].title()})
    return f"{_who(state, check['character'])} uses {params['skill']}: {dice_text(check)}."


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
        check["traits"] = sorted(set(check["traits"]) | {params["trait"]})
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


# ------------------------------------------------------------------ encounter steps

def apply_evade(state, params, ctx):
    enc = state["encounter"]
    line = put_back(state, enc)
    end_encounter(state, "evaded")
    return f"{_who(state, params['player'])} evades {enc['card']}. {line}"


def apply_guard_attempt(state, params, ctx):
    enc = state["encounter"]
    seat = params["player"]
    here = state["players"][seat]["location"]
    enc["guard_attempts"].append(seat)
    enc["step"] = "guard"
    if params["success"]:
        enc["guarded"].append(here)
        return f"{_who(state, seat)} guards {here} for this encounter."
    return f"{_who(state, seat)} fails to guard {here}."


def apply_resolve_encounter(state, params, ctx):
    enc = state["encounter"]
    passed = len(enc["checks"]) >= enc["checks_needed"] and all(c["success"] for c in enc["checks"])
    who = _who(state, enc["character"])
    if enc["boon"]:
        if passed:
            state["players"][enc["character"]]["hand_count"] += 1
            end_encounter(state, "acquired")
            return f"{who} acquires {enc['card']}."
        end_encounter(state, "not_acquired")
        return f"{who} fails to acquire {enc['card']}: it goes to the vault."
    if passed:
        enc["outcome"] = "defeated"
        if enc["villain"]:
            enc["step"] = "villain"
            return f"{who} defeats the villain {enc['card']}. Villain steps next."
        if enc["closing"] and enc["location"] and not enc["summoned"]:
            state["turn_state"]["close_opportunity"] = {"location": enc["location"], "character": enc["character"]}
        end_encounter(state, "defeated")
        chance = f" {who} may now try to close {enc['location']}." if enc["closing"] and not enc["summoned"] else ""
        return f"{who} defeats {enc['card']}; it is banished.{chance}"
    enc["outcome"] = "undefeated"
    avengers = [s for s, p in enumerate(state["players"]) if s != enc["character"] and not p["dead"]
                and p["location"] == enc["location"] and p["hand_count"] > 0]
    if avengers and not enc["avenge"] and not enc["summoned"]:
        enc["step"] = "avenge"
        return f"{enc['card']} is undefeated. {', '.join(_who(state, s) for s in avengers)} may avenge."
    return _after_undefeated(state, enc)


def _after_undefeated(state, enc) -> str:
    if enc["villain"]:
        enc["step"] = "villain"
        return f"{enc['card']} is undefeated. Villain steps next."
    line = put_back(state, enc)
    end_encounter(state, "undefeated")
    return f"{enc['card']} is undefeated. {line}"


def apply_avenge(state, params, ctx):
    enc = state["encounter"]
    p = state["players"][params["player"]]
    p["hand_count"] -= 1
    p["buried_count"] += 1
    enc["avenged"] = True
    fresh = dict(enc, character=params["player"], step="evade", checks=[], boon_types=[], powers=[], played=[],
                 cost_cards=[], outcome=None, avenge=True, avenged=False, guarded=[], guard_attempts=[],
                 moved=False)
    state["encounter"] = fresh
    return f"{p['name']} buries a card to avenge and encounters {enc['card']} anew."


def apply_skip_avenge(state, params, ctx):
    return "Nobody avenges. " + _after_undefeated(state, state["encounter"])


def apply_villain_outcome(state, params, ctx):
    enc = state["encounter"]
    line = villain_outcome(state, enc, params.get("other_villain_found", False), params.get("conditions_met", True))
    if state.get("encounter") is enc:
        end_encounter(state, enc["outcome"] or "undefeated")
    return line


def apply_forced_end_turn(state, params, ctx):
    enc = state.get("encounter")
    line = ""
    while enc:
        line += put_back(state, enc) + " "
        end_encounter(state, "aborted")
        enc = state.get("encounter")
    state["damage"] = None
    state["phase"] = "end"
    state["turn_state"]["ended_by_power"] = True
    return f"{params.get('source') or 'A power'} ends {_who(state, state['active_player'])}'s turn. {line}".strip()


def apply_summon(state, params, ctx):
    if params["mode"] == "play":
        return f"{_who(state, params['player'])} summons {params['card']} to use a power, then banishes it."
    here = state["players"][params["player"]]["location"]
    line = open_encounter(state, params["player"], params, origin="summon", location=here)
    return f"{_who(state, params['player'])} summons {params['card']}. {line}"


def apply_after_encounter_effect(state, params, ctx):
    return f"After the encounter: {params['description']}"


# ------------------------------------------------------------------ scourges, examine, proxies, misc

def apply_suffer_scourge(state, params, ctx):
    p = state["players"][params["target"]]
    name = params["scourge"]
    p["scourges"].append(name)
    markers = state["scourge_markers"]
    if name not in markers:
        used = set(markers.values())
        markers[name] = params.get("marker") or next(
            m for m in (f"marker {c}" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ") if m not in used)
    return f"{p['name']} suffers {name} ({markers[name]})."


def apply_mark_location(state, params, ctx):
    loc = location(state, params["location"])
    name = params["scourge"]
    if name not in loc["scourges"]:
        loc["scourges"].append(name)
    hit = []
    for s, p in enumerate(state["players"]):
        if not p["dead"] and p["location"] == loc["name"] and name not in p["scourges"]:
            p["scourges"].append(name)
            hit.append(p["name"])
    state["scourge_markers"].setdefault(name, f"marker {chr(65 + len(state['scourge_markers']))}")
    tail = f" {', '.join(hit)} suffer(s) it now." if hit else ""
    return f"{name} marks {loc['name']}.{tail}"


def apply_remove_scourge(state, params, ctx):
    name = params["scourge"]
    if params.get("location"):
        loc = location(state, params["location"])
        if name in loc["scourges"]:
            loc["scourges"].remove(name)
        where = loc["name"]
    else:
        p = state["players"][params["target"]]
        if name in p["scourges"]:
            p["scourges"].remove(name)
        where = p["name"]
    still = any(name in p["scourges"] for p in state["players"]) or any(name in l["scourges"] for l in state["locations"])
    if not still:
        state["scourge_markers"].pop(name, None)
    return f"{name} is removed from {where}."


def apply_examine(state, params, ctx):
    if params.get("deck"):
        return f"{_who(state, params['player'])} examines {params.get('count', 1)} card(s) of the deck."
    loc = location(state, params.get("location") or state["players"][params["player"]]["location"])
    n = min(params.get("count", 1), loc["cards"])
    found = f": {params['found']}" if params.get("found") else ""
    loc["examined"] = params.get("found")
    return f"{_who(state, params['player'])} examines the top {n} card(s) of {loc['name']}{found}."


def apply_search(state, params, ctx):
    p = state["players"][params["player"]]
    stack, kind = params["stack"], params["card_type"]
    found = params.get("card") or (f"a {kind}" if params.get("found", True) else None)
    if not params.get("found", True):
        return f"{p['name']} searches the {stack} for a {kind} and finds none."
    if stack == "location":
        loc = location(state, params.get("location") or p["location"])
        loc["cards"] -= 1
        where = loc["name"]
    elif stack == "deck":
        p["deck_count"] -= 1
        where = "the deck"
    elif stack == "discards":
        p["discard_count"] -= 1
        where = "the discards"
    else:
        where = "the vault"
    p["hand_count"] += 1
    return f"{p['name']} searches {where} and takes {found}; the stack is shuffled."


def apply_shuffle_character_proxy(state, params, ctx):
    p = state["players"][params["player"]]
    p["proxied"] = True
    location(state, params["location"])["cards"] += 1
    return f"{p['name']}'s proxy is shuffled into {params['location']}; the pawn lies on its side."


def apply_proxy_returned(state, params, ctx):
    p = state["players"][params["player"]]
    p["proxied"] = False
    if params.get("location"):
        loc = location(state, params["location"])
        loc["cards"] = max(0, loc["cards"] - 1)
    return f"{p['name']}'s proxy goes back to the vault; the pawn stands up."


def apply_resolve_choice(state, params, ctx):
    return f"{_who(state, params['player'])} chooses: {params.get('description') or 'an option'}."


def apply_use_hour_power(state, params, ctx):
    p = state["players"][params["player"]]
    cost = ""
    if params.get("cost_action"):  # e.g. Cayden Cailean's Revelry: discard a card to reroll
        p["hand_count"] -= 1
        pile = _PILE[params["cost_action"]]
        if pile:
            p[pile] += 1
        cost = f" {p['name']} {params['cost_action']}s {params.get('cost_card') or 'a card'} for it."
    _remember_cost(state, params)
    return f"The hour's power applies: {state['hour']}.{cost}"


def apply_remove_from_hourglass(state, params, ctx):
    if params["count"] > state["hourglass"]:
        lose(state, "hourglass")
        return f"An effect needs {params['count']} hourglass card(s) and {state['hourglass']} are left: the scenario is lost."
    state["hourglass"] -= params["count"]
    state["hourglass_discards"] += params["count"] if params.get("to_discards") else 0
    return f"{params['count']} card(s) leave the hourglass ({state['hourglass']} left)."


def apply_set_aside(state, params, ctx):
    p = state["players"][params["player"]]
    if params["back"]:
        n = min(params["count"], p["set_aside_count"])
        p["set_aside_count"] -= n
        p[{"hand": "hand_count", "deck": "deck_count", "discards": "discard_count"}[params.get("to", "hand")]] += n
        return f"{p['name']} places {n} set-aside card(s)."
    p["hand_count"] -= params["count"]
    p["set_aside_count"] += params["count"]
    return f"{p['name']} sets {params['count']} card(s) aside while they are processed."


def _a(type_, title, params, apply, rules, phases=TURN, phase_rule="pathfinder.R24"):
    return ActionSpec(type_, title, params, apply, rules=rules, phases=phases, phase_rule=phase_rule)


PLAY_FIELDS = dict(
    player=seat(), card_type=enum(*BOON_TYPES), card=CARD, action=enum(*PLAY_ACTIONS), freely=boolean(),
    purpose=enum("check", "damage", "explore", "evade", "heal", "recovery", "reset", "other"),
    power=string(80), cost_card=string(80), card_traits=TRAITS, from_displayed=boolean(),
    displayed_by_effect=boolean("the card was displayed by an effect, not played"),
    for_recovery=boolean(), for_reset=boolean(), scope=enum("your", "any", "local"),
)
ROLL = integer(0, 200, "the total the dice show")

ENCOUNTER_ACTIONS = (
    _a("play_card", "Play a card", obj(("player", "card_type", "action"), **PLAY_FIELDS), apply_play_card, PLAY_RULES),
    _a("use_character_power", "Use a character power",
       obj(("player", "power"), player=seat(), power=string(80), each_time=boolean(), cost_card=string(80),
           cost_action=enum("reveal", "reload", "recharge", "discard", "bury", "banish")),
       apply_use_character_power, ("pathfinder.R1", "pathfinder.R2", "pathfinder.R7", "pathfinder.R29",
                                   "pathfinder.R34", "pathfinder.R46", "pathfinder.R47", "pathfinder.R48")),
    _a("declare_check", "Attempt a check",
       obj(("player",), player=seat(), skill=enum("combat", *SKILLS), skill_used=enum(*SKILLS),
           die=enum(*DICE), modifier=integer(-20, 30), difficulty=integer(0, 99), combat=boolean(),
           kind=enum("defeat", "acquire", "other"), traits=TRAITS, has_skill=boolean(), via_power=boolean()),
       apply_declare_check, ("pathfinder.R7", "pathfinder.R23", "pathfinder.R39", "pathfinder.R40", "pathfinder.R41",
                             "pathfinder.R54", "pathfinder.R108", "pathfinder.R116", "pathfinder.H3")),
    _a("choose_skill", "Choose the skill",
       obj(("player", "skill"), player=seat(), skill=enum(*SKILLS), die=enum(*DICE), modifier=integer(-20, 30),
           via_power=boolean(), card_traits=TRAITS, has_skill=boolean()),
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
    ActionSpec("discard_for_damage", "Discard for damage",
               obj(("target", "count"), target=seat(), player=seat(), count=integer(0, 30)),
               apply_discard_for_damage, rules=("pathfinder.R7", "pathfinder.R53", "pathfinder.R98")),
    _a("damage_local_characters", "Damage everyone at a location",
       obj(("player", "rolls"), player=seat(),
           rolls={"type": "array", "minItems": 1, "maxItems": 8,
                  "items": obj(("target", "roll"), target=seat(), roll=integer(0, 99))}),
       apply_damage_local_characters, ("pathfinder.R122",)),
    _a("evade", "Evade", obj(("player",), player=seat(), by=CARD), apply_evade,
       ("pathfinder.R26", "pathfinder.R103")),
    _a("guard_attempt", "Attempt to guard",
       obj(("player", "success"), player=seat(), success=boolean(), location=string(60), roll=integer(0, 99)),
       apply_guard_attempt, ("pathfinder.R7", "pathfinder.R63", "pathfinder.R64", "pathfinder.R65")),
    _a("resolve_encounter", "Resolve the encounter", obj(("player",), player=seat()), apply_resolve_encounter,
       ("pathfinder.R26", "pathfinder.R27", "pathfinder.R38", "pathfinder.R53", "pathfinder.H4")),
    _a("avenge", "Avenge", obj(("player",), player=seat(), card_type=enum(*BOON_TYPES), card=CARD), apply_avenge,
       ("pathfinder.R7", "pathfinder.R66", "pathfinder.R67", "pathfinder.R68", "pathfinder.R104")),
    _a("skip_avenge", "Nobody avenges", obj(("player",), player=seat()), apply_skip_avenge, ("pathfinder.H6",)),
    _a("villain_outcome", "Villain steps: close, escape or corner",
       obj(("player",), player=seat(), other_villain_found=boolean(),
           conditions_met=boolean("the scenario's other win conditions are met")),
       apply_villain_outcome, ("pathfinder.R69",)),
    _a("forced_end_turn", "A power ends the turn", obj(("player",), player=seat(), source=CARD),
       apply_forced_end_turn, ("pathfinder.R5",), phase_rule="pathfinder.R4"),
    _a("summon", "Summon a card",
       obj(("player", "card", "mode"), player=seat(), card=CARD, kind=enum(*CARD_KINDS),
           mode=enum("encounter", "acquire", "defeat", "play"), summoned_by=CARD, difficulty=integer(0, 99),
           checks=integer(1, 4), immune=TRAITS, vulnerable=TRAITS, resistant=TRAITS),
       apply_summon, ("pathfinder.R7", "pathfinder.R78")),
    _a("after_encounter_effect", "Apply an after-the-encounter effect",
       obj(("player", "description"), player=seat(), description=string(200)), apply_after_encounter_effect,
       ("pathfinder.R104", "pathfinder.R112")),
    ActionSpec("suffer_scourge", "Suffer a scourge",
               obj(("target", "scourge"), target=seat(), player=seat(), scourge=string(40), marker=string(30)),
               apply_suffer_scourge, rules=("pathfinder.R7", "pathfinder.R75", "pathfinder.R107")),
    ActionSpec("mark_location", "A scourge marks a location",
               obj(("location", "scourge"), player=seat(), location=string(60), scourge=string(40)),
               apply_mark_location, rules=()),
    ActionSpec("remove_scourge", "Remove a scourge",
               obj(("scourge",), player=seat(), target=seat(), location=string(60), scourge=string(40),
                   power_names_locations=boolean()),
               apply_remove_scourge, rules=("pathfinder.R76", "pathfinder.H8")),
    _a("examine", "Examine cards",
       obj(("player",), player=seat(), location=string(60), count=integer(1, 20), found=CARD, deck=boolean(),
           power_allows=boolean("a card or power lets you look at your deck")),
       apply_examine, ("pathfinder.R1", "pathfinder.R7", "pathfinder.R99", "pathfinder.R110")),
    _a("search", "Search a stack for a card",
       obj(("player", "stack", "card_type"), player=seat(), stack=enum("location", "deck", "discards", "vault"),
           location=string(60), card_type=enum(*CARD_KINDS), card=CARD, found=boolean(),
           deck=boolean(), power_allows=boolean("a card or power lets you look through your deck")),
       apply_search, ("pathfinder.R7", "pathfinder.R99", "pathfinder.H13")),
    ActionSpec("shuffle_character_proxy", "Shuffle your proxy into a location",
               obj(("player", "location"), player=seat(), location=string(60)),
               apply_shuffle_character_proxy, rules=("pathfinder.R7",)),
    ActionSpec("proxy_returned", "Your proxy returns", obj(("player",), player=seat(), location=string(60)),
               apply_proxy_returned, rules=("pathfinder.H9",)),
    _a("resolve_choice", "Choose between options",
       obj(("player", "chosen_possible", "other_possible"), player=seat(), chosen_possible=boolean(),
           other_possible=boolean(), description=string(200)),
       apply_resolve_choice, ("pathfinder.R95",)),
    _a("use_hour_power", "Use the hour's power",
       obj(("player", "power"), player=seat(), power=enum("hour", "bless"), cost_card=string(80),
           cost_action=enum("reveal", "reload", "recharge", "discard", "bury", "banish")),
       apply_use_hour_power, ("pathfinder.R2", "pathfinder.R10")),
    ActionSpec("remove_from_hourglass", "Take cards from the hourglass",
               obj(("count",), player=seat(), count=integer(1, 60), to_discards=boolean()),
               apply_remove_from_hourglass, rules=()),
    ActionSpec("set_aside", "Set cards aside or place them",
               obj(("player", "count", "back"), player=seat(), count=integer(1, 20), back=boolean(),
                   to=enum("hand", "deck", "discards")),
               apply_set_aside, rules=("pathfinder.R7", "pathfinder.H10")),
)
