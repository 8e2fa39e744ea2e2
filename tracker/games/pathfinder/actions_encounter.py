"""Encounter steps, villains, scourges, examining, proxies and summons as recordable actions."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from .actions_play import _PILE, CARD, TRAITS, _a, _remember_cost, _who
from .data import BOON_TYPES, CARD_KINDS
from .encounter import end_encounter, open_encounter, put_back, villain_outcome, where
from .state import location, lose


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
        if enc["summoned"]:
            # no villain steps: it belongs to no location, so nothing closes, and it never escapes
            end_encounter(state, "defeated")
            why = ": it closes nothing and doesn't win" if enc["villain"] else ""
            return f"{who} defeats the summoned {enc['card']}; it goes back to the vault{why}."
        if enc["villain"]:
            enc["step"] = "villain"
            return f"{who} defeats the villain {enc['card']}. Villain steps next."
        if enc["closing"] and enc["location"]:
            state["turn_state"]["close_opportunity"] = {"location": enc["location"], "character": enc["character"]}
        end_encounter(state, "defeated")
        chance = f" {who} may now try to close {enc['location']}." if enc["closing"] else ""
        return f"{who} defeats {enc['card']}; it is banished.{chance}"
    enc["outcome"] = "undefeated"
    avengers = [s for s, p in enumerate(state["players"]) if s != enc["character"] and not p["dead"]
                and p["location"] == where(enc) and p["hand_count"] > 0]
    if avengers and not enc["avenge"] and not enc["summoned"]:
        enc["step"] = "avenge"
        return f"{enc['card']} is undefeated. {', '.join(_who(state, s) for s in avengers)} may avenge."
    return _after_undefeated(state, enc)


def _after_undefeated(state, enc) -> str:
    if enc["villain"] and not enc["summoned"]:
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


# ------------------------------------------------------------------ the action specs

ENCOUNTER_ACTIONS = (
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
