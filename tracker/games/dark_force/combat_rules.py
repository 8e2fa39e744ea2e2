"""Land combat, part 2: the checks of the battlefield procedure and the rule table (R64-R80, R109, R110,
R112 and the house rules H20-H29). The battlefield itself is read through combat_field; the checks of the exchange
of attacks (R69-R76) are in combat_attacks.
"""
from __future__ import annotations

from tracker.engine import Rule

from .combat_attacks import check_r69, check_r70, check_r71, check_r72, check_r73, check_r74, check_r75, check_r76
from .combat_field import (
    ATTACK_STEPS, STEPS, SUPPORT_STEPS, at, attack_value, cmb, combat_over, defence_value, free_neighbour_slots, own_refuges,
    pairings, pending_summoned, pos, queue_ids, retreating_front, side_of, spots, uname, unit,
)
from .naval_rules import sea_retreat_problem
from .state import name_of, terrain


# ------------------------------------------------------------------ checks

def _player(params):
    return params.get("player")


def check_h20(state, params, ctx):
    c = cmb(state)
    if ctx.action_type == "start_combat":
        if not terrain(state, params.get("terrain")):
            return "That terrain (terrain) is not in play."
        if c:
            return f"Finish the combat in {terrain(state, c['terrain'])['name']} first."
        return None
    if c is None:
        return "No combat is being fought."
    named = [(k, params[k]) for k in ("unit", "target", "hero", "army") if k in params]
    named += [(k, x) for k in ("units", "equipment") for x in params.get(k) or []]
    for key, x in named:
        if not unit(state, x):
            return f"That unit ({key}) is not in play."
    if "to" in params and not terrain(state, params["to"]):
        return "That terrain (to) is not in play."


def _step_open(c, step) -> str | None:
    if c["step"] != step:
        return f"That belongs to the {step.replace('_', ' ')} step; the combat is at {c['step'].replace('_', ' ')}."
    if step in c["resolved"]:
        return f"The {step.replace('_', ' ')} step is already resolved; step on."


DECLARE_STEP = {"declare_retreat": "announce_retreat", "declare_ranged": "ranged", "declare_flying": "flying",
                "declare_close": "close_combat", "declare_flank": "close_combat", "execute_retreat": "retreat",
                "reorganize": "reorganize", "distribute_excess": "distribute"}


def check_h21(state, params, ctx):
    c, kind = cmb(state), ctx.action_type
    if c is None or kind == "start_combat":
        return None
    if c["step"] == "distribute" and kind not in ("distribute_excess",):
        return "The combat has ended: move out (or lose) the units over the Capacity first."
    if kind in DECLARE_STEP:
        why = _step_open(c, DECLARE_STEP[kind]) if DECLARE_STEP[kind] in ATTACK_STEPS else (
            None if c["step"] == DECLARE_STEP[kind] else
            f"That belongs to the {DECLARE_STEP[kind].replace('_', ' ')} step; the combat is at "
            f"{c['step'].replace('_', ' ')}.")
        if why:
            return why
    if kind in ("roll_unit", "resolve_attacks"):
        if c["step"] not in ATTACK_STEPS:
            return "Dice are rolled in the ranged, flying and close combat steps."
        return _step_open(c, c["step"])
    if kind == "declare_support" and (c["step"] not in SUPPORT_STEPS or "close_combat" in c["resolved"]):
        return "Support is declared during the exchange of attacks, before close combat is resolved."
    if kind == "reorganize" and combat_over(state, c):
        return "One side has no units left: end the combat."
    if kind == "next_combat_step":
        return _leaving(state, c, params.get("step"))


def _still_open(state, c, step) -> str | None:
    """What keeps the combat in `step` (as the battlefield stands now), if anything."""
    if step == "place_units" and c["placing"]:
        return f"{name_of(state, c['placing']['side'])} still has units to place."
    if step == "announce_retreat" and len(c["retreat_declared"]) < 2:
        return "Both sides announce their retreats (or none) first."
    if step in ATTACK_STEPS and step not in c["resolved"]:
        pairs, problems = pairings(state, c, step)
        if pairs or problems:
            return f"Resolve the {step.replace('_', ' ')} attacks first."
    if step == "retreat" and [x for x in c["retreat"] if pos(state, c, x)]:
        return "Carry out the announced retreats first."
    if step == "reorganize":
        return "Reorganize to begin the next round (or end the combat)."
    return None


def _leaving(state, c, to) -> str | None:
    """The step (and, skipping to `to`, every step passed over) must have nothing left open: passing over a
    step in one tap is the same as tapping on through it, so it takes the same checks."""
    here = STEPS.index(c["step"]) if c["step"] in STEPS else len(STEPS)
    if to is not None and (to not in STEPS or STEPS.index(to) <= here):
        return f"The combat is already at {c['step'].replace('_', ' ')}; {str(to).replace('_', ' ')} is not ahead."
    for step in STEPS[here:STEPS.index(to) if to is not None else here + 1]:
        why = _still_open(state, c, step)
        if why:
            return why if step == c["step"] else f"{why} ({step.replace('_', ' ')} can't be passed over)"
    return None


def check_h22(state, params, ctx):
    c = cmb(state)
    if c is None:
        return None
    who = _player(params)
    if who not in (c["attacker"], c["defender"]):
        return f"{name_of(state, who)} takes no part in this combat."
    for key in ("unit", "hero", "army"):
        u = unit(state, params.get(key))
        if u and u["controller"] != who:
            return f"{u['name']} is not {name_of(state, who)}'s unit."
    for x in params.get("units") or []:
        if unit(state, x) and unit(state, x)["controller"] != who:
            return f"{uname(state, x)} is not {name_of(state, who)}'s unit."


def check_h23(state, params, ctx):
    c = cmb(state)
    if c is None or c["step"] not in ATTACK_STEPS:
        return None
    for p in pairings(state, c, c["step"])[0]:
        if attack_value(state, p["unit"]) is None:
            return f"Type {uname(state, p['unit'])}'s Combat Strength (with its die roll) first."
        if defence_value(state, c, p["target"], c["step"] == "ranged") is None:
            return f"Type {uname(state, p['target'])}'s Combat Defense (with its die roll) first."


def check_h24(state, params, ctx):
    c, u = cmb(state), unit(state, params.get("unit"))
    eq = params.get("equipment") or []
    if c is None or not u or not eq:
        return None
    if u["kind"] not in ("hero", "army"):
        return "Only heroes and armies use equipment."
    seen = set()
    for x in eq:
        e = unit(state, x)
        if not e or e["kind"] != "equipment" or x not in c["stacks"][u["controller"]]:
            return f"{uname(state, x)} is not equipment from your combat stack."
        cat = e.get("category")
        if cat and cat in seen:
            return f"{u['name']} can carry only one {cat}."
        seen.add(cat)


def check_h29(state, params, ctx):
    t = terrain(state, params.get("terrain"))
    if t and t.get("ocean") and not t.get("island"):
        return "A sea battle is fought with the naval combat actions."


def check_r64(state, params, ctx):
    if _player(params) != state["active_player"]:
        return "The active player chooses the combat order."
    if params.get("terrain") not in queue_ids(state):
        return "No combat is due in that terrain."


def check_r65(state, params, ctx):
    c, uid = cmb(state), params.get("unit")
    if c is None or not unit(state, uid) or side_of(c, uid) is None:
        return None  # unknown or summoned: H20 / R110 / R112
    if c["step"] != "place_units":
        return "Units are placed at the start of each combat round."
    if pos(state, c, uid):
        return f"{uname(state, uid)} is already on the battlefield."
    p = c["placing"]
    if p and p["side"] != unit(state, uid)["controller"]:
        return f"It is {name_of(state, p['side'])}'s turn to place {p['left']} unit(s)."


def check_r66(state, params, ctx):
    c, uid = cmb(state), params.get("unit")
    u = unit(state, uid)
    if c is None or not u or u["controller"] not in (0, 1) or pos(state, c, uid):
        return None
    side, row, col = u["controller"], params.get("row"), params.get("column")
    if at(state, c, side, row, col):
        return "That place on the battlefield is taken."
    if not list(spots(state, c, side)):
        if side == c["attacker"] and c["first_column"] is not None and col != c["first_column"] and row == "front":
            return "The attacker's first unit goes opposite the defender's first unit."
        return None
    if (row, col) not in free_neighbour_slots(state, c, side):
        return "Place units next to (not diagonal to) one of your units already on the battlefield."


def check_r67(state, params, ctx):
    c, u = cmb(state), unit(state, params.get("unit"))
    if c is None or not u or params.get("row") != "back" or u["controller"] not in (0, 1):
        return None
    if not any(r == "front" for _, r, _, _ in spots(state, c, u["controller"])):
        return "Place a unit in the front row first."


def check_r68(state, params, ctx):
    c = cmb(state)
    if c is None:
        return None
    who = _player(params)
    if ctx.action_type == "declare_retreat":
        if who in c["retreat_declared"]:
            return "You have already announced your retreats this round."
        if who == c["defender"] and c["attacker"] not in c["retreat_declared"]:
            return "The attacker announces retreats first."
        for x in params.get("units") or []:
            u = unit(state, x)
            if u and u["kind"] not in ("hero", "army"):
                return f"{u['name']} never retreats: only heroes and armies can."
            if u and not pos(state, c, x):
                return f"{u['name']} is not on the battlefield."
        return None
    if retreating_front(state, c, params.get("unit")):
        return "A front-row unit that announced its retreat cannot attack this round."


def check_r78(state, params, ctx):
    c, uid = cmb(state), params.get("unit")
    u = unit(state, uid)
    if c is None or not u:
        return None
    if uid not in c["retreat"] or not pos(state, c, uid):
        return f"{u['name']} did not announce a retreat (or has left the battlefield)."
    refuges = own_refuges(state, c, u["controller"])
    to = params.get("to")
    if to is None:
        return f"Choose where {u['name']} retreats to." if refuges else None
    if to not in [t["id"] for t in refuges] and not _sea_refuge(state, c, u, to):
        return "Retreat only into your own uncontested adjacent terrain."


def _sea_refuge(state, c, u, to) -> bool:
    """Captain's Pack: an adjacent ocean with one of the player's ships is a refuge too (R90 checks the rest)."""
    if not state["rules"].get("captains_pack"):
        return False
    dest = next((t for t in state["terrains"] if t["id"] == to), None)
    return bool(dest and dest.get("ocean") and not dest.get("island")
                and sea_retreat_problem(state, u["controller"], c["terrain"], to) is None)


def check_r79(state, params, ctx):
    c = cmb(state)
    if c is None:
        return None
    if ctx.action_type == "end_combat":
        if c["step"] == "distribute":
            return "The combat has ended: move out (or lose) the units over the Capacity."
        return None if combat_over(state, c) else "The combat goes on while both sides have units."
    u = unit(state, params.get("unit"))
    if not u:
        return None
    if c["step"] != "distribute" or u["terrain"] != c["terrain"] or u["controller"] != c["attacker"]:
        return "Only the attacker's units over the Capacity leave the terrain after the combat."
    over = c.get("excess") or {}
    if not any(over.values()):
        return "No excess: units may not be redistributed."
    if u["kind"] not in [k for k, v in over.items() if v]:
        return f"The excess is in {' and '.join(k + 's' for k, v in over.items() if v)}, not {u['kind']}s."
    refuges = own_refuges(state, c, c["attacker"])
    to = params.get("to")
    if to is None:
        return "Move the excess to an adjacent uncontested terrain of yours." if refuges else None
    if to not in [t["id"] for t in refuges]:
        return "Excess units go to an adjacent, uncontested terrain you control."


def check_r110(state, params, ctx):
    c = cmb(state)
    if c is None:
        return None
    if ctx.action_type == "place_unit":
        u = unit(state, params.get("unit"))
        if u and side_of(c, u["id"]) is None and u["kind"] == "summoned" and u["id"] not in pending_summoned(state, c):
            return f"{u['name']} was not summoned into this combat."
        return None
    waiting = pending_summoned(state, c)
    if waiting:
        return f"Put the summoned {uname(state, waiting[0])} on the battlefield first."


def check_r112(state, params, ctx):
    c, u = cmb(state), unit(state, params.get("unit"))
    if c is None or not u:
        return None
    if u["kind"] == "equipment":
        return "Equipment goes under the unit using it, not onto the battlefield."
    if side_of(c, u["id"]) is None and u["kind"] != "summoned":
        return "Only units from the contested stacks take part in this combat."


SEC, PLACE, ATT = "[7 Combat Phase]", "[7.1 Place Units]", "[7.3 Exchange Attacks]"
RULES = (
    Rule("dark-force.R64", "The active player picks the next combat; the terrain's controller defends", SEC,
         "The active player chooses the combat order.", check_r64),
    Rule("dark-force.R65", "Placement goes D 1, A 1 (+1), then 2 each in turn", PLACE,
         "It is the other side's turn to place units.", check_r65),
    Rule("dark-force.R66", "Units are placed next to a friendly unit", SEC,
         "Place units next to one of your units already on the battlefield.", check_r66),
    Rule("dark-force.R67", "Two rows; the back row only after a front-row unit", PLACE,
         "Place a unit in the front row first.", check_r67),
    Rule("dark-force.R68", "Retreats are announced by the attacker first; heroes and armies only",
         "[7.2 Announce Intent to Retreat]", "Only heroes and armies can retreat.", check_r68),
    Rule("dark-force.R69", "Cast or shoot, not both; engaged casters cannot cast", ATT,
         "A unit cannot cast and shoot in the same round.", check_r69),
    Rule("dark-force.R70", "Ranged targets: over one row, never when engaged; the defender declares first", ATT,
         "That target is out of this shooter's reach.", check_r70),
    Rule("dark-force.R71", "Only units with a usable CS attack; ranged needs the ability", "[3.3 Card Values]",
         "This unit can only defend.", check_r71, kind="card-data"),
    Rule("dark-force.R72", "Flying attacks: flyers only, attacker declares first", ATT,
         "That flying attack is not possible.", check_r72),
    Rule("dark-force.R73", "Close combat: the enemy opposite, else a diagonal one", ATT,
         "This unit must attack the enemy directly in front of it.", check_r73),
    Rule("dark-force.R74", "Flank attacks by unopposed units (or flank attackers) on the back row", ATT,
         "Only unopposed units (or flank attackers) can flank.", check_r74, kind="card-data"),
    Rule("dark-force.R75", "A back-row hero supports the army in front of it", ATT,
         "Heroes can only support armies.", check_r75),
    Rule("dark-force.R76", "One die per unit and round; a hit needs more than the defence", ATT,
         "This unit's die for this round is already rolled.", check_r76),
    Rule("dark-force.R77", "The terrain's CS modifier helps only the defender's units", "[3.4 Card Types]",
         "Terrain defence bonuses apply only to the defender's units."),
    Rule("dark-force.R78", "Retreat into an adjacent, uncontested own terrain, or be destroyed", "[7.4 Retreat]",
         "Retreat only into your own uncontested adjacent terrain.", check_r78),
    Rule("dark-force.R79", "End of combat: conquest, intruders, and the excess over Capacity",
         "[7.6 End of Combat]", "No excess: units may not be redistributed.", check_r79),
    Rule("dark-force.R80", "Destroyed units go to Boron's Halls, summoned creatures to the discard pile",
         "[3.1 Game Term Definitions]", "Summoned creatures go to the discard pile, not Boron's Halls."),
    Rule("dark-force.R109", "Back-row units take no part in close combat", PLACE,
         "Units in the back row cannot fight in close combat.",
         lambda s, p, x: _r109(s, p)),
    Rule("dark-force.R110", "A creature summoned in combat goes onto the battlefield at once",
         "[9.3 Summoned Creatures]", "Put the summoned creature on the battlefield first.", check_r110),
    Rule("dark-force.R112", "Only the contested stacks (and creatures summoned there) fight", SEC,
         "Only units from the contested stacks take part in this combat.", check_r112),
    Rule("dark-force.H20", "The combat, unit or terrain must exist; one combat at a time", SEC,
         "No such combat, unit or terrain.", check_h20, hard=True),
    Rule("dark-force.H21", "The combat steps run in order", SEC,
         "That is not possible at this step of the combat.", check_h21),
    Rule("dark-force.H22", "Each side acts for its own units", SEC,
         "That is not your unit.", check_h22),
    Rule("dark-force.H23", "Missing card values are typed before the dice decide", ATT,
         "Type the missing Combat Strength or Combat Defense first.", check_h23, kind="card-data"),
    Rule("dark-force.H24", "Equipment from the combat stack, one of each kind", PLACE,
         "That equipment can't go under this unit.", check_h24, kind="card-data"),
    Rule("dark-force.H25", "A unit shot at rolls one die for the whole ranged step", ATT,
         "The ranged step uses one die per unit (house reading)."),
    Rule("dark-force.H26", "The target of a flying or flank attack strikes back once", ATT,
         "A unit strikes back at its flying or flank attacker unless an enemy stands opposite it."),
    Rule("dark-force.H27", "The terrain bonus also helps against ranged attacks", "[3.4 Card Types]",
         "The defender's terrain bonus counts against ranged attacks too (unless switched off)."),
    Rule("dark-force.H28", "Unused equipment goes to the side left holding the field", "[7.6 End of Combat]",
         "Equipment not used in the combat goes with the side that is left."),
    Rule("dark-force.H29", "Land combat is fought on land", SEC,
         "A sea battle is fought with the naval combat actions.", check_h29),
)


def _r109(state, params):
    c = cmb(state)
    p = pos(state, c, params.get("unit")) if c else None
    if p and p[1] == "back":
        return "Units in the back row cannot fight in close combat."
