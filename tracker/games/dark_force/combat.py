"""Land combat on the battlefield as a guided procedure [7 Combat Phase]; checks in combat_rules.

One combat at a time, picked by the active player from `state["combat_queue"]` (built by the
movement part). Each round: place units -> announce retreat -> cast spells (the magic part) ->
ranged -> flying -> close combat (close + flank) -> retreat -> reorganize. Dice are typed by the
players; each attack step is resolved at once, both sides simultaneously.
"""
from __future__ import annotations

from types import SimpleNamespace

from tracker.engine import Action, ActionSpec
from tracker.engine.kit.enumerate import passes
from tracker.engine.schema import enum, integer, obj, seat, string

from . import enumerate as _enumerate
from .combat_field import (
    ATTACK_STEPS, STEPS, attack_value, bucket, cmb, combat_over, defence_value, diagonal_enemies, excess,
    fighters, free_neighbour_slots, missing_rolls, opposite_enemy, own_refuges, pairings, pending_summoned, pos,
    queue_ids, side_of, spots, support_bonus, uname, unit, unplaced,
)
from .combat_rules import RULES
from .turn import after_removal
from .state import check_end, name_of, remove_unit, terrain, to_borons_halls, units_at

__all__ = ["ACTIONS", "RULES", "destroy_in_combat", "enumerate_combat"]  # RULES: see combat_rules


# ------------------------------------------------------------------ bookkeeping

def _new_round_fields(c) -> None:
    c.update(step="place_units", battlefield=[{"front": [], "back": []}, {"front": [], "back": []}],
             placing=None, first_column=None, retreat=[], retreat_declared=[], cast=[], shot=[], attacks=[],
             support={}, rolls={"ranged": {}, "melee": {}}, attacked=[], resolved=[], results=[])


def _batch_size(state, c, batch, side) -> int:
    if batch == 0:
        return 1
    if batch == 1 and side == c["attacker"] and state["rules"].get("first_placement") == "chart":
        return 1
    return 2


def _advance_placing(state, c) -> None:
    p = c["placing"]
    if p:
        p["left"] -= 1
        if p["left"] > 0 and unplaced(state, c, p["side"]):
            return
    batch = p["batch"] + 1 if p else 0
    first = 1 - p["side"] if p else c["defender"]
    for side in (first, 1 - first):
        if unplaced(state, c, side):
            c["placing"] = {"side": side, "left": _batch_size(state, c, batch, side), "batch": batch}
            return
    c["placing"] = None


def _drop(c, uid) -> None:
    for s in (0, 1):
        if uid in c["stacks"][s]:
            c["stacks"][s].remove(uid)
        for row in ("front", "back"):
            c["battlefield"][s][row] = [x for x in c["battlefield"][s][row] if x["unit"] != uid]
    if uid in c["retreat"]:
        c["retreat"].remove(uid)


def _vanish_summoned_of(state, c, summoner) -> list:
    """Summoned creatures separated from their summoner go to the discard pile at once (R54)."""
    gone = []
    for u in list(state["units"].values()):
        if u["kind"] == "summoned" and u.get("summoner") == summoner:
            remove_unit(state, u["id"])
            state["players"][u["owner"]]["discard_count"] += 1
            if c:
                _drop(c, u["id"])
            gone.append(u["name"])
    return gone


def destroy_in_combat(state, uid, cause="combat") -> str:
    """A unit is destroyed: Boron's Halls (summoned creature: discard pile), its equipment discarded (R80)."""
    u = state["units"].get(uid)
    if u is None:
        return ""
    c = cmb(state)
    owner = u["owner"]
    remove_unit(state, uid)
    if c:
        _drop(c, uid)
    if u["kind"] == "summoned":
        state["players"][owner]["discard_count"] += 1
        line = f"{u['name']} is destroyed ({cause}) and goes to the discard pile"
    else:
        third = u["values"].get("third")
        points = to_borons_halls(state, owner, u["name"], u["kind"], third if third is not None else 0)
        line = f"{u['name']} is destroyed ({cause}): {name_of(state, owner)}'s Boron's Halls +{points}"
    gone = _vanish_summoned_of(state, c, uid)
    if gone:
        line += f"; {', '.join(gone)} vanish(es) without the summoner"
    return line + "."


# ------------------------------------------------------------------ actions

def apply_start_combat(state, params, ctx):
    tid = params["terrain"]
    t = terrain(state, tid)
    d = t["controller"]
    a = 1 - d
    state["combat_queue"] = [q for q in state["combat_queue"]
                             if (q.get("terrain") if isinstance(q, dict) else q) != tid]
    c = {"terrain": tid, "attacker": a, "defender": d, "round": 1, "stacks": [[], []], "used_equipment": [],
         "excess": None}
    for u in units_at(state, tid):
        if u["controller"] in (0, 1):
            c["stacks"][u["controller"]].append(u["id"])
            u["terrain"], u["place"] = None, {"combat": True}
    _new_round_fields(c)
    state["combat"] = c
    _advance_placing(state, c)
    return (f"Combat in {t['name']}: {name_of(state, a)} attacks, {name_of(state, d)} defends "
            f"({len(fighters(state, c, d))} against {len(fighters(state, c, a))} units).")


def apply_place_unit(state, params, ctx):
    c = state["combat"]
    u = state["units"][params["unit"]]
    side, row, col = u["controller"], params["row"], params["column"]
    in_sequence = side_of(c, u["id"]) is not None and c["step"] == "place_units"
    if side_of(c, u["id"]) is None:
        c["stacks"][side].append(u["id"])
    if side == c["defender"] and c["first_column"] is None and not list(spots(state, c, side)):
        c["first_column"] = col
    c["battlefield"][side][row].append({"column": col, "unit": u["id"]})
    u.update(terrain=None, place={"combat": True}, face="up")
    for e in params.get("equipment") or []:
        state["units"][e]["equipped_to"] = u["id"]
        if e not in c["used_equipment"]:
            c["used_equipment"].append(e)
    if in_sequence:
        _advance_placing(state, c)
    return f"{name_of(state, side)} places {u['name']} in the {row} row, column {col}."


def apply_declare_retreat(state, params, ctx):
    c = state["combat"]
    picked = list(dict.fromkeys(params.get("units") or []))
    c["retreat"] += [x for x in picked if x not in c["retreat"]]
    c["retreat_declared"].append(params["player"])
    who = name_of(state, params["player"])
    return f"{who} announces a retreat: {', '.join(uname(state, x) for x in picked)}." if picked else \
        f"{who} announces no retreat."


def _fill_values(state, params) -> None:
    v = state["units"][params["unit"]]["values"]
    for key in ("cs", "cd"):
        if isinstance(params.get(key), int) and not isinstance(v.get(key), int):
            v[key] = params[key]


def _declare(kind, verb):
    def apply(state, params, ctx):
        c = state["combat"]
        _fill_values(state, params)
        uid, target = params["unit"], params["target"]
        c["attacks"] = [a for a in c["attacks"] if not (a["unit"] == uid and a["kind"] == kind)]
        c["attacks"].append({"unit": uid, "target": target, "kind": kind, "side": params["player"]})
        if kind == "ranged" and uid not in c["shot"]:
            c["shot"].append(uid)
        return f"{uname(state, uid)} {verb} {uname(state, target)}."
    return apply


def apply_declare_support(state, params, ctx):
    state["combat"]["support"][params["hero"]] = params["army"]
    return f"{uname(state, params['hero'])} supports {uname(state, params['army'])}."


def apply_roll_unit(state, params, ctx):
    c = state["combat"]
    _fill_values(state, params)
    c["rolls"][bucket(c["step"])][params["unit"]] = params["roll"]
    return f"{uname(state, params['unit'])} rolls {params['roll']}."


def apply_resolve_attacks(state, params, ctx):
    c = state["combat"]
    step = c["step"]
    pairs, _ = pairings(state, c, step)
    rolls = c["rolls"][bucket(step)]
    results, hits = [], []
    for p in pairs:
        bonus = support_bonus(state, c, p["unit"]) if step == "close_combat" else 0
        a_val, d_val = attack_value(state, p["unit"]), defence_value(state, c, p["target"], step == "ranged")
        if None in (rolls.get(p["unit"]), rolls.get(p["target"]), a_val, d_val):
            continue  # only reachable by an override: a pairing without its dice or values does not count
        attack = rolls[p["unit"]] + a_val + bonus
        defence = rolls[p["target"]] + d_val
        # the names are kept: a unit hit here leaves play, and the page still shows what it rolled
        results.append({**p, "attack": attack, "defence": defence, "support": bonus, "hit": attack > defence,
                        "unit_name": uname(state, p["unit"]), "target_name": uname(state, p["target"])})
        if attack > defence and p["target"] not in hits:
            hits.append(p["target"])
    if step == "flying":
        c["attacked"] += [p["unit"] for p in pairs if p["unit"] not in c["attacked"]]
    c["results"] = results
    c["resolved"].append(step)
    lines = [f"{uname(state, r['unit'])} {r['attack']} vs {uname(state, r['target'])} {r['defence']}"
             f"{': hit' if r['hit'] else ''}" for r in results]
    lines += [destroy_in_combat(state, x, step.replace("_", " ")) for x in hits]
    check_end(state)
    return _tidy(state, f"{step.replace('_', ' ').capitalize()} resolved. " +
                 ("; ".join(lines) if lines else "No attacks."))


def apply_next_combat_step(state, params, ctx):
    c = state["combat"]
    before = STEPS.index(c["step"]) if c["step"] in STEPS else len(STEPS) - 1
    if params.get("step") in STEPS:
        c["step"] = params["step"]
    elif c["step"] in STEPS[:-1]:
        c["step"] = STEPS[before + 1]
    passed = STEPS[before + 1:STEPS.index(c["step"])]
    skipped = f" (nothing in {', '.join(x.replace('_', ' ') for x in passed)})" if passed else ""
    return f"Combat round {c['round']}: {c['step'].replace('_', ' ')}{skipped}."


def _move_out(state, c, uid, to) -> None:
    u = state["units"][uid]
    _drop(c, uid)
    u.update(terrain=to, place=None, face="down")
    for e in state["units"].values():
        if e["kind"] == "equipment" and e.get("equipped_to") == uid:
            _drop(c, e["id"])
            e.update(terrain=to, place=None, face="down")


def apply_execute_retreat(state, params, ctx):
    c = state["combat"]
    uid, to = params["unit"], params.get("to")
    if to is None:
        line = destroy_in_combat(state, uid, "no way to retreat")
        check_end(state)
        return _tidy(state, line)
    name = uname(state, uid)
    dest = terrain(state, to)
    if dest and dest.get("ocean") and not dest.get("island"):
        from .naval import retreat_aboard  # R90: aboard an own ship in the adjacent ocean

        _move_out(state, c, uid, to)
        extra = retreat_aboard(state, uid, to) or ""
        return _tidy(state, f"{name} retreats to sea, aboard a ship in {dest['name']}. {extra}".strip())
    _move_out(state, c, uid, to)
    gone = _vanish_summoned_of(state, c, uid)
    line = f"{name} retreats to {terrain(state, to)['name']}."
    return _tidy(state, line + (f" {', '.join(gone)} vanish(es) without the summoner." if gone else ""))


def apply_reorganize(state, params, ctx):
    c = state["combat"]
    c["round"] += 1
    _new_round_fields(c)
    _advance_placing(state, c)
    return f"Reorganize: combat round {c['round']} begins."


def _tidy(state, line: str) -> str:
    """Let the other parts react to units gone or moved and to a combat's end (magic: R50, R54, (K) spells)."""
    extra = after_removal(state)
    return f"{line} {extra}" if extra else line


def apply_end_combat(state, params, ctx):
    c = state["combat"]
    t = terrain(state, c["terrain"])
    a, d = c["attacker"], c["defender"]
    a_units = fighters(state, c, a)
    winner = a if a_units else d
    conquers = any(state["units"][x]["kind"] == "army" for x in a_units)
    for s in (0, 1):
        for x in c["stacks"][s]:
            u = state["units"].get(x)
            if not u:
                continue
            if u["kind"] == "equipment" and any(u.get("equipped_to") in st for st in c["stacks"]):
                continue  # travels with its unit below
            if u["kind"] == "equipment":
                u.update(controller=winner, equipped_to=None)
            u.update(terrain=c["terrain"], place=None,
                     face="up" if s == a and u["kind"] != "equipment" and not conquers else "down")
            for e in state["units"].values():
                if e["kind"] == "equipment" and e.get("equipped_to") == x:
                    e.update(terrain=c["terrain"], place=None, face="down")
    if conquers:
        t["controller"] = a
        state["players"][a]["ever_had_terrain"] = True
        line = f"{name_of(state, a)} conquers {t['name']}."
    elif a_units:
        line = f"{name_of(state, a)}'s units stay face up in {t['name']}; {name_of(state, d)} keeps the terrain."
    else:
        line = f"{name_of(state, d)} holds {t['name']}."
    over = excess(state, c) if a_units else {}
    if any(over.values()):
        c.update(step="distribute", excess=over)
        line += " Units over the Capacity must leave: " + ", ".join(f"{k} {v}" for k, v in over.items() if v) + "."
    else:
        state["combat"] = None
    check_end(state)
    return _tidy(state, line)


def apply_distribute_excess(state, params, ctx):
    c = state["combat"]
    uid, to = params["unit"], params.get("to")
    if to is None:
        line = destroy_in_combat(state, uid, "no room after the combat")
    else:
        line = f"{uname(state, uid)} moves on to {terrain(state, to)['name']}."
        state["units"][uid]["terrain"] = to
        for e in state["units"].values():
            if e["kind"] == "equipment" and e.get("equipped_to") == uid:
                e["terrain"] = to
        gone = _vanish_summoned_of(state, None, uid) if to != c["terrain"] else []
        if gone:
            line += f" {', '.join(gone)} vanish(es) without the summoner."
    c["excess"] = excess(state, c)
    if not any(c["excess"].values()):
        state["combat"] = None
    check_end(state)
    return _tidy(state, line)


# ------------------------------------------------------------------ specs

UID = string(20, "a unit's id in play")
TARGET = string(20, "the enemy unit's id")
CS = integer(0, 30, "the unit's CS if not known yet")
CD = integer(0, 30, "the unit's CD if not known yet")
P = seat()
R = "dark-force."
ONLY_PLAYER = ("player",)


def _spec(type_, title, params, apply, rules, **kw):
    return ActionSpec(type_, title, params, apply, rules=tuple(R + r for r in rules), phases=frozenset({"combat"}),
                      phase_rule=R + "H21", seat_params=ONLY_PLAYER, **kw)


DECLARE = ("H20", "H21", "H22", "R68", "R71")
ACTIONS = (
    _spec("start_combat", "Start a combat", obj(("player", "terrain"), player=P, terrain=string(20, "terrain id")),
          apply_start_combat, ("H20", "H21", "H29", "R64")),
    _spec("place_unit", "Place a unit on the battlefield",
          obj(("player", "unit", "row", "column"), player=P, unit=UID, row=enum("front", "back"),
              column=integer(-20, 20, "column on the battlefield; opposite units share a column"),
              equipment={"type": "array", "items": UID, "maxItems": 3,
                         "description": "equipment cards put face down under this unit"}),
          apply_place_unit, ("H20", "H21", "H22", "H24", "R112", "R110", "R65", "R66", "R67")),
    _spec("declare_retreat", "Announce retreats",
          obj(("player", "units"), player=P, units={"type": "array", "items": UID, "maxItems": 40}),
          apply_declare_retreat, ("H20", "H21", "H22", "R68")),
    _spec("declare_ranged", "Declare a ranged attack", obj(("player", "unit", "target"), player=P, unit=UID,
                                                           target=TARGET, cs=CS),
          _declare("ranged", "shoots at"), DECLARE + ("R69", "R70")),
    _spec("declare_flying", "Declare a flying attack", obj(("player", "unit", "target"), player=P, unit=UID,
                                                           target=TARGET, cs=CS),
          _declare("flying", "flies at"), DECLARE + ("R72",)),
    _spec("declare_close", "Choose a close-combat target", obj(("player", "unit", "target"), player=P, unit=UID,
                                                               target=TARGET, cs=CS),
          _declare("close", "will attack"), DECLARE + ("R109", "R73")),
    _spec("declare_flank", "Declare a flank attack", obj(("player", "unit", "target"), player=P, unit=UID,
                                                         target=TARGET, cs=CS),
          _declare("flank", "flanks"), DECLARE + ("R109", "R74")),
    _spec("declare_support", "A hero supports an army", obj(("player", "hero", "army"), player=P, hero=UID, army=UID),
          apply_declare_support, ("H20", "H21", "H22", "R75")),
    _spec("roll_unit", "Enter a unit's die roll",
          obj(("player", "unit", "roll"), player=P, unit=UID, roll=integer(1, 6), cs=CS, cd=CD),
          apply_roll_unit, ("H20", "H21", "H22", "R76")),
    _spec("resolve_attacks", "Resolve this step's attacks", obj(("player",), player=P),
          apply_resolve_attacks, ("H20", "H21", "H22", "R73", "R76", "H23")),
    _spec("next_combat_step", "Next combat step",
          obj(("player",), player=P, step=enum(*STEPS[1:], description="a later step, passing over the steps "
                                               "between when nothing is left to do in them")),
          apply_next_combat_step, ("H20", "H21", "H22", "R110")),
    _spec("execute_retreat", "Carry out a retreat", obj(("player", "unit"), player=P, unit=UID,
                                                        to=string(20, "adjacent own terrain; none if there is none")),
          apply_execute_retreat, ("H20", "H21", "H22", "R78", "R90")),
    _spec("reorganize", "Reorganize for the next round", obj(("player",), player=P),
          apply_reorganize, ("H20", "H21", "H22", "R110")),
    _spec("end_combat", "End the combat", obj(("player",), player=P), apply_end_combat,
          ("H20", "H21", "H22", "R110", "R79")),
    _spec("distribute_excess", "Move a unit over the Capacity out",
          obj(("player", "unit"), player=P, unit=UID, to=string(20, "adjacent own uncontested terrain")),
          apply_distribute_excess, ("H20", "H21", "H22", "R79")),
)
_SPECS = {a.type: a for a in ACTIONS}


# ------------------------------------------------------------------ enumerator (random play must always finish)

def _offer(state, game, out, type_, **params) -> None:
    # the whole rule table: other parts attach rules to these actions too
    ctx = SimpleNamespace(action_type=type_, overriding=False, notes=[])
    if passes(game.rules, _SPECS[type_].rules, state, params, ctx):
        out.append(Action(type_, params))


def _step_actions(state, game, c) -> list:
    out, step = [], c["step"]
    a, d = c["attacker"], c["defender"]
    if step == "place_units" and c["placing"]:
        side = c["placing"]["side"]
        for uid in unplaced(state, c, side)[:2]:
            slots = free_neighbour_slots(state, c, side) or [("front", c["first_column"] or 0)]
            for row, col in slots[:3]:
                _offer(state, game, out, "place_unit", player=side, unit=uid, row=row, column=col)
    elif step == "announce_retreat":
        side = a if a not in c["retreat_declared"] else d
        mine = [x for _, _, _, x in spots(state, c, side) if unit(state, x)["kind"] in ("hero", "army")]
        _offer(state, game, out, "declare_retreat", player=side, units=[])
        if mine:
            _offer(state, game, out, "declare_retreat", player=side, units=mine)
    elif step in ATTACK_STEPS and step not in c["resolved"]:
        kind = {"ranged": "declare_ranged", "flying": "declare_flying", "close_combat": "declare_close"}[step]
        if not c["rolls"][bucket(step)]:
            for s, _, _, x in spots(state, c):
                extra = {} if isinstance(unit(state, x)["values"].get("cs"), int) else {"cs": 2}
                for _, _, _, y in spots(state, c, 1 - s):
                    _offer(state, game, out, kind, player=s, unit=x, target=y, **extra)
                    if step == "close_combat":
                        _offer(state, game, out, "declare_flank", player=s, unit=x, target=y, **extra)
            out = out[:4]
        if step == "close_combat" and pairings(state, c, step)[1]:
            out = []
            for s, row, _, x in spots(state, c):
                diags = diagonal_enemies(state, c, x)
                if row == "front" and len(diags) == 2 and not opposite_enemy(state, c, x):
                    _offer(state, game, out, "declare_close", player=s, unit=x, target=diags[0])
            return out[:1]
        need = missing_rolls(state, c, step)
        if need:
            u = unit(state, need[0])
            extra = {k: 1 for k in ("cs", "cd") if not isinstance(u["values"].get(k), int)}
            for roll in (1, 6):
                _offer(state, game, out, "roll_unit", player=u["controller"], unit=need[0], roll=roll, **extra)
        else:
            _offer(state, game, out, "resolve_attacks", player=a)
    elif step == "retreat":
        for x in [x for x in c["retreat"] if pos(state, c, x)][:1]:
            u = unit(state, x)
            refuges = own_refuges(state, c, u["controller"])
            _offer(state, game, out, "execute_retreat", player=u["controller"], unit=x,
                   **({"to": refuges[0]["id"]} if refuges else {}))
    elif step == "reorganize":
        _offer(state, game, out, "reorganize", player=a)
    if not out and step != "reorganize":
        _offer(state, game, out, "next_combat_step", player=a)
    return out


def enumerate_combat(state, game):
    if state.get("phase") != "combat" or state.get("mode") != "duel":
        return None
    c = cmb(state)
    if c is None:
        land = [tid for tid in queue_ids(state) if terrain(state, tid) and not (terrain(state, tid).get("ocean")
                                                                  and not terrain(state, tid).get("island"))]
        return [Action("start_combat", {"player": state["active_player"], "terrain": tid}) for tid in land] or None
    out = []
    if c["step"] == "distribute":
        over = c.get("excess") or {}
        for u in units_at(state, c["terrain"], controller=c["attacker"]):
            if over.get(u["kind"]):
                refuges = own_refuges(state, c, c["attacker"])
                _offer(state, game, out, "distribute_excess", player=c["attacker"], unit=u["id"],
                       **({"to": refuges[0]["id"]} if refuges else {}))
        return out or None
    for uid in pending_summoned(state, c)[:1]:
        side = unit(state, uid)["controller"]
        for row, col in (free_neighbour_slots(state, c, side) or [("front", 0)])[:2]:
            _offer(state, game, out, "place_unit", player=side, unit=uid, row=row, column=col)
        return out or None
    if combat_over(state, c):
        _offer(state, game, out, "end_combat", player=c["attacker"])
        return out or None
    return _step_actions(state, game, c) or None


_enumerate.PART_ENUMERATORS.append(enumerate_combat)
