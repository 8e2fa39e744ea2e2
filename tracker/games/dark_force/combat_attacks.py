"""Land combat, part 3: the checks of the exchange of attacks (R69-R76, [7.3 Exchange Attacks]): who may
cast, shoot, fly, fight and flank at whom, which hero supports, and the dice. They are most of the combat's checks,
so they live apart from the procedure and placement checks; combat_rules puts them into the rule table.
"""
from __future__ import annotations

from .combat_field import (
    ATTACK_STEPS, bucket, cmb, diagonal_enemies, missing_rolls, opposite_enemy, pairings, pos, uname, unit,
)


# ------------------------------------------------------------------ checks of the exchange of attacks

def check_r69(state, params, ctx):
    c = cmb(state)
    if c is None:
        return None
    if ctx.action_type == "declare_ranged":
        if params.get("unit") in c["cast"]:
            return "A unit cannot cast and shoot in the same round."
        return None
    caster = params.get("caster", params.get("unit"))
    if not pos(state, c, caster):
        return None
    if caster in c["shot"]:
        return "A unit cannot cast and shoot in the same round."
    if opposite_enemy(state, c, caster):
        return "A front-row spellcaster with an enemy directly opposite is engaged and cannot cast."


def _attacker_cs(state, params, u):
    if u["values"].get("cs_defence_only"):
        return f"{u['name']} can only defend."
    if not isinstance(u["values"].get("cs"), int) and not isinstance(params.get("cs"), int):
        return f"Type {u['name']}'s Combat Strength (cs)."


def check_r70(state, params, ctx):
    c, uid, tid = cmb(state), params.get("unit"), params.get("target")
    p, q = (pos(state, c, uid), pos(state, c, tid)) if c else (None, None)
    if not p or not q:
        return "Both the shooter and its target must be on the battlefield." if c else None
    if p[0] == q[0]:
        return "Shoot at an enemy unit."
    if any(a["unit"] == uid and a["kind"] == "ranged" for a in c["attacks"]):
        return f"{uname(state, uid)} has already declared its shot this round."
    if p[0] == c["defender"] and any(a["kind"] == "ranged" and a["side"] == c["attacker"] for a in c["attacks"]):
        return "The defender declares ranged attacks first; the attacker has already declared."
    if p[1] == "back" and q[1] != "front":
        return "From the back row a unit shoots at the enemy front row."
    if p[1] == "front":
        if opposite_enemy(state, c, uid):
            return "This unit is engaged in close combat and cannot shoot."
        if q[1] != "back":
            return "From the front row a unit shoots at the enemy back row."


def check_r71(state, params, ctx):
    c, u = cmb(state), unit(state, params.get("unit"))
    if c is None or not u:
        return None
    if ctx.action_type == "declare_ranged" and "ranged" not in (u.get("abilities") or []):
        return f"{u['name']} has no ranged attack."
    return _attacker_cs(state, params, u)


def _placed_enemies(state, c, params):
    p, q = pos(state, c, params.get("unit")), pos(state, c, params.get("target"))
    if not p or not q:
        return None, None, "Both units must be on the battlefield."
    if p[0] == q[0]:
        return p, q, "Attack an enemy unit."
    return p, q, None


def check_r72(state, params, ctx):
    c, uid = cmb(state), params.get("unit")
    u = unit(state, uid)
    if c is None or not u:
        return None
    if "flying" not in (u.get("abilities") or []):
        return f"{u['name']} cannot fly."
    p, q, why = _placed_enemies(state, c, params)
    if why:
        return why
    mine = [a for a in c["attacks"] if a["kind"] == "flying"]
    if any(a["unit"] == uid for a in mine):
        return f"{u['name']} has already declared its flying attack."
    if p[0] == c["attacker"] and any(a["side"] == c["defender"] for a in mine):
        return "The attacker declares flying attacks first; the defender has already declared."
    if opposite_enemy(state, c, uid):
        return "A front-row flyer with an enemy directly opposite is engaged and cannot fly."
    hunters = [a["unit"] for a in mine if a["target"] == uid and unit(state, a["unit"])
               and "flying" in (unit(state, a["unit"]).get("abilities") or [])]
    if hunters and params.get("target") not in hunters:
        return "This flyer must fight the flyer that attacked it."


def check_r73(state, params, ctx):
    c, uid = cmb(state), params.get("unit")
    if ctx.action_type == "resolve_attacks":
        if c is None or c["step"] != "close_combat":
            return None
        problems = pairings(state, c, "close_combat")[1]
        return problems[0] if problems else None
    if c is None or not unit(state, uid):
        return None
    p, q, why = _placed_enemies(state, c, params)
    if why or p[1] != "front" or q[1] != "front":
        return why
    opp = opposite_enemy(state, c, uid)
    if opp and params.get("target") != opp:
        return "This unit must attack the enemy directly in front of it."
    if not opp and params.get("target") not in diagonal_enemies(state, c, uid):
        return "With no enemy opposite, a unit attacks a diagonally adjacent enemy in the front row."


def check_r74(state, params, ctx):
    c, uid = cmb(state), params.get("unit")
    u = unit(state, uid)
    if c is None or not u:
        return None
    p, q, why = _placed_enemies(state, c, params)
    if why or p[1] != "front":
        return why
    if q[1] != "back":
        return "A flank attack hits a unit in the enemy back row."
    flanks = [a for a in c["attacks"] if a["kind"] == "flank"]
    if any(a["unit"] == uid for a in flanks):
        return f"{u['name']} has already declared its flank attack."
    if p[0] == c["attacker"] and any(a["side"] == c["defender"] for a in flanks):
        return "The attacker declares flank attacks first; the defender has already declared."
    if any(a["target"] == params.get("target") for a in flanks):
        return "That unit is already in a flank pairing, which no one else may join."
    hit = opposite_enemy(state, c, uid) or any(
        a["target"] == uid and a["kind"] in ("flying", "close") for a in c["attacks"])
    if hit:
        return "A unit that is itself attacked cannot make a flank attack."
    if diagonal_enemies(state, c, uid) and "flank" not in (u.get("abilities") or []):
        return "Only unopposed units (or flank attackers) can flank."


def check_r75(state, params, ctx):
    c, h, a = cmb(state), unit(state, params.get("hero")), unit(state, params.get("army"))
    if c is None or not h or not a:
        return None
    if h["kind"] != "hero":
        return f"{h['name']} is not a hero: only heroes support."
    if a["kind"] != "army":
        return "Heroes can only support armies."
    p, q = pos(state, c, h["id"]), pos(state, c, a["id"])
    if not p or not q or p[1] != "back" or q[1] != "front" or (p[0], p[2]) != (q[0], q[2]):
        return "A supporting hero stands in the back row directly behind its army."
    if any(x["target"] == h["id"] and x["kind"] in ("flying", "flank") for x in c["attacks"]):
        return "A hero under a flank or flying attack cannot support."


def check_r76(state, params, ctx):
    c = cmb(state)
    if c is None or c["step"] not in ATTACK_STEPS:
        return None
    if ctx.action_type == "roll_unit":
        uid = params.get("unit")
        if not pos(state, c, uid):
            return f"{uname(state, uid)} is not on the battlefield."
        rolled = c["rolls"][bucket(c["step"])].get(uid)
        if rolled is not None:
            return f"This unit's die for this round is already {rolled}."
        return None
    need = missing_rolls(state, c, c["step"])
    if need:
        return f"Roll for {', '.join(uname(state, x) for x in need)} first."
