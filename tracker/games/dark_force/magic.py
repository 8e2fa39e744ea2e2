"""Spells, summoning, miracles and events: the actions, the timers and the enumerator (spec 2.8, 4.6, 4.7, P5).

Active spells live in `state["spells"]`: {id, name, ms, duration "S"|"K"|"R"|"P", secret, caster, owner,
target, terrain, combat, cast_turn} plus the bookkeeping this module needs: `resolved` (taken effect),
`seq` (play order), `batch` (spells cast in one combat round are revealed together) and `combat_key`
(which combat a (K) spell belongs to). Casting takes the card from the hand; `resolve_spell` applies the
magic attack (R49) and discards an (S) spell or a failed one, while (K)/(R)/(P) spells stay in play
until their timer (R55) or a counterspell/miracle (`remove_permanent_spell`) ends them.

Other modules should call `tidy(state)` (or at least `separate_summons(state)`) after anything that
moves or destroys units: it discards summoned creatures cut off from their summoner (R54), returns a
pending spell to its owner's hand when its caster is gone (R50), discards spells whose enchanted unit is
gone and (K) spells whose combat is over, and call `end_combat_spells(state)` when a combat ends.
"""
from __future__ import annotations

from tracker.engine import Action, ActionSpec
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from . import enumerate as _enumerate
from . import turn as _turn
from .magic_rules import (
    RULES, cast_record, combat_key, combat_round, hostile, loc, magic_resistance, modified_ms, same_deity, spell,
    terrain_of, unit,
)
from .state import PHASES, check_end, name_of, new_id, opponent, remove_unit, to_borons_halls

__all__ = ["ACTIONS", "RULES", "tidy", "separate_summons", "end_combat_spells", "turn_start", "enumerate_magic"]

CARD = string(80, "the card's name as printed")
UNIT = string(20, "a unit's id in play")
PLAY = frozenset(PHASES) - {"setup"}


def _p(state, seat) -> dict:
    return state["players"][seat]


def _discard(state, seat, n: int = 1) -> None:
    _p(state, seat)["discard_count"] += n


def _drop_spell(state, sp) -> None:
    state["spells"] = [s for s in state["spells"] if s is not sp]


# ------------------------------------------------------------------ housekeeping shared with the other parts

def separate_summons(state) -> list[str]:
    """R54: a summoned creature whose summoner is gone or elsewhere goes to its owner's discard pile."""
    gone = []
    for u in list(state["units"].values()):
        if u.get("kind") != "summoned" or u["id"] not in state["units"]:
            continue
        summoner = state["units"].get(u.get("summoner"))
        if summoner is None or loc(state, summoner) != loc(state, u):
            remove_unit(state, u["id"])
            _discard(state, u["owner"])
            gone.append(u["name"])
    return gone


def end_combat_spells(state) -> list[str]:
    """(K) spells cast in a combat end with it; also secret spells never revealed in it (E40)."""
    current = combat_key(state)
    gone = []
    for sp in list(state.get("spells") or []):
        if sp.get("combat") and sp.get("combat_key") != current and (sp["duration"] == "K" or sp.get("secret")):
            _drop_spell(state, sp)
            _discard(state, sp["owner"])
            gone.append(sp["name"])
    return gone


def tidy(state) -> str | None:
    """Everything that happens 'at once' in magic; returns a log fragment or None."""
    lines = []
    back = []
    for sp in list(state.get("spells") or []):
        if not sp.get("resolved") and unit(state, sp.get("caster")) is None:
            _drop_spell(state, sp)
            _p(state, sp["owner"])["hand_count"] += 1
            back.append(sp["name"])
        elif (sp.get("target") is not None and unit(state, sp["target"]) is None
              and (sp.get("resolved") or sp.get("secret"))):
            _drop_spell(state, sp)
            _discard(state, sp["owner"])
            lines.append(f"{sp['name']} ends with its target.")
    if back:
        lines.append(f"Caster gone before the spell took effect: {', '.join(back)} back to the hand.")
    gone = separate_summons(state)
    if gone:
        lines.append(f"Separated from the summoner: {', '.join(gone)} to the discard pile.")
    if not isinstance(state.get("combat"), dict):
        ended = end_combat_spells(state)
        if ended:
            lines.append(f"The combat is over: {', '.join(ended)} discarded.")
    if state.get("djinn_rolls_due"):
        state["djinn_rolls_due"] = [d for d in state["djinn_rolls_due"] if d in state["units"]]
    return " ".join(lines) or None


def _with_tidy(line: str, state) -> str:
    extra = tidy(state)
    return f"{line} {extra}" if extra else line


def turn_start(state, seat) -> str | None:
    """T0: as `seat`'s turn begins their (R) spells and demons end and their djinns must roll (R55)."""
    lines = []
    for sp in list(state.get("spells") or []):
        if (sp["owner"] == seat and sp["duration"] == "R") or sp["duration"] == "K":
            _drop_spell(state, sp)
            _discard(state, sp["owner"])
            lines.append(f"{sp['name']} ends.")
    due = list(state.get("djinn_rolls_due") or [])
    for u in list(state["units"].values()):
        if u.get("kind") != "summoned" or u.get("summoned_by") != seat:
            continue
        if u.get("summon_kind") == "demon":
            remove_unit(state, u["id"])
            _discard(state, u["owner"])
            lines.append(f"The demon {u['name']} vanishes.")
        elif u.get("summon_kind") == "djinn" and u["id"] not in due:
            due.append(u["id"])
    state["djinn_rolls_due"] = due
    if due:
        lines.append(f"{name_of(state, seat)} rolls for each djinn: {len(due)} roll(s) due.")
    for p in state["players"]:
        p["casts_this_phase"] = []
    state.pop("combat_casts", None)
    extra = tidy(state)
    if extra:
        lines.append(extra)
    return " ".join(lines) or None


# ------------------------------------------------------------------ recording a cast (R46)

def _record_cast(state, uid: str, seat: int) -> None:
    record = cast_record(state)
    if record is None:
        return
    window, _ = record
    if window == "movement":
        _p(state, seat).setdefault("casts_this_phase", []).append(uid)
        return
    combat = state.get("combat")
    if isinstance(combat, dict) and isinstance(combat.get("cast"), list):
        combat["cast"].append(uid)
        return
    key = [combat_key(state), combat_round(state)]
    own = state.get("combat_casts")
    if not own or own.get("key") != key:
        own = state["combat_casts"] = {"key": key, "units": []}
    own["units"].append(uid)


# ------------------------------------------------------------------ actions

def apply_cast_spell(state, params, ctx):
    seat_, caster = params["player"], state["units"][params["caster"]]
    _p(state, seat_)["hand_count"] -= 1
    _record_cast(state, caster["id"], seat_)
    sid = new_id(state, "s")
    in_combat = state["phase"] == "combat" and isinstance(state.get("combat"), dict)
    secret = bool(params.get("secret"))
    sp = {
        "id": sid, "name": params["name"], "ms": params["ms"], "duration": params["duration"], "secret": secret,
        "caster": caster["id"], "owner": seat_, "target": params.get("target"), "terrain": terrain_of(state, caster),
        "combat": in_combat, "cast_turn": state["turn"], "resolved": False, "seq": int(sid[1:]),
        "batch": f"{combat_key(state)}#{combat_round(state)}" if in_combat and not secret else None,
        "combat_key": combat_key(state) if in_combat else None,
    }
    state.setdefault("spells", []).append(sp)
    target = unit(state, params.get("target"))
    on = f" on {target['name']}" if target else ""
    how = "secretly places" if secret else "casts"
    return _with_tidy(f"{caster['name']} ({name_of(state, seat_)}) {how} {params['name']} "
                      f"(MS {params['ms']}, {params['duration']}){on}.", state)


def apply_resolve_spell(state, params, ctx):
    sp = spell(state, params["spell"])
    owner = sp["owner"]
    caster = unit(state, sp["caster"])
    if caster is None:
        _drop_spell(state, sp)
        _p(state, owner)["hand_count"] += 1
        return _with_tidy(f"The caster of {sp['name']} is gone: the card goes back to the hand.", state)
    if sp.get("target") is not None and unit(state, sp["target"]) is None:
        _drop_spell(state, sp)
        _discard(state, owner)
        return _with_tidy(f"{sp['name']} finds no target and is discarded.", state)
    line = ""
    if hostile(state, sp) and params.get("attack_roll") is not None and params.get("defence_roll") is not None:
        target = unit(state, sp["target"])
        base = sp["ms"] if state["rules"].get("essen96") else _ms(caster)
        attack = params["attack_roll"] + base + params.get("attack_mods", 0)
        mr = params["target_mr"] if params.get("target_mr") is not None else magic_resistance(target)
        defence = params["defence_roll"] + mr + params.get("defence_mods", 0)
        if attack <= defence:
            _drop_spell(state, sp)
            _discard(state, owner)
            return _with_tidy(f"{sp['name']}: magic attack {attack} against defence {defence}: it fails and is "
                              "discarded.", state)
        line = f"magic attack {attack} beats defence {defence}: "
    if sp["duration"] == "S":
        _drop_spell(state, sp)
        _discard(state, owner)
        return _with_tidy(f"{sp['name']}: {line}it takes effect and is discarded.", state)
    sp["resolved"] = True
    lasts = {"K": "until the end of the combat", "R": f"until {name_of(state, owner)}'s next turn",
             "P": "until a counterspell or miracle removes it"}[sp["duration"]]
    return _with_tidy(f"{sp['name']}: {line}it takes effect and lasts {lasts}.", state)


def _ms(u) -> int:
    ms = (u.get("values") or {}).get("ms")
    return ms if isinstance(ms, int) else 0


def apply_remove_permanent_spell(state, params, ctx):
    sp = spell(state, params["spell"])
    _drop_spell(state, sp)
    _discard(state, sp["owner"])
    return _with_tidy(f"{sp['name']} is removed by a {params['by']} and discarded.", state)


def apply_summon(state, params, ctx):
    seat_, summoner = params["player"], state["units"][params["summoner"]]
    _p(state, seat_)["hand_count"] -= 1
    _record_cast(state, summoner["id"], seat_)
    strength = modified_ms(state, summoner)
    if params["ms"] > strength:
        ctx.notes.append(f"The summoning backfires: {summoner['name']} (MS {strength}) can't hold a creature of "
                         f"MS {params['ms']}.")
        third = (summoner.get("values") or {}).get("third")
        points = to_borons_halls(state, summoner["owner"], summoner["name"], summoner["kind"],
                                 third if isinstance(third, int) or third == "#" else 0)
        remove_unit(state, summoner["id"])
        _discard(state, seat_)
        check_end(state)
        return _with_tidy(f"{params['name']} (MS {params['ms']}) is too strong for {summoner['name']} (MS "
                          f"{strength}): the summoner goes to Boron's Halls (+{points}), the creature to the "
                          "discard pile.", state)
    uid = new_id(state, "u")
    where_from = summoner.get("place") or {}
    place = None if summoner.get("terrain") is not None else (
        {"combat": True} if where_from.get("combat") else {"ship": where_from["ship"]} if where_from.get("ship")
        else dict(where_from))  # the combat module places it on the battlefield next to a friendly unit (R110)
    state["units"][uid] = {
        "id": uid, "name": params["name"], "kind": "summoned", "owner": seat_, "controller": seat_,
        "terrain": summoner.get("terrain"), "place": place, "face": "up",
        "values": {"cs": params.get("cs"), "cs_defence_only": False, "cd": params.get("cd"), "ms": params["ms"],
                   "spellcaster": False, "mr": params.get("mr"), "third": params.get("controllability")},
        "abilities": ["flying"] if params.get("flying") else [], "class": None, "deity": None, "symbol": None,
        "forbidden_symbols": [], "moved": False, "equipped_to": None, "category": None,
        "mods": {"cs": 0, "cd": 0, "ms": 0, "mr": 0, "third": 0},
        "summoner": summoner["id"], "summon_kind": params["kind"], "summoned_by": seat_,
        "summoned_turn": state["turn"], "summoned_round": state["round"],
    }
    where = "onto the battlefield" if place and place.get("combat") else "beside it"
    return _with_tidy(f"{summoner['name']} summons the {params['kind']} {params['name']} (MS {params['ms']}) "
                      f"{where}; both are shown to {name_of(state, opponent(seat_))}.", state)


def apply_djinn_roll(state, params, ctx):
    u = state["units"][params["unit"]]
    state["djinn_rolls_due"] = [d for d in state["djinn_rolls_due"] if d != u["id"]]
    ms = _ms(u)
    if params["roll"] <= ms:
        remove_unit(state, u["id"])
        _discard(state, u["owner"])
        return _with_tidy(f"{u['name']} rolls {params['roll']} (MS {ms}): it vanishes to the discard pile.", state)
    return f"{u['name']} rolls {params['roll']} (MS {ms}): it stays."


def apply_work_miracle(state, params, ctx):
    seat_, bo = params["player"], state["units"][params["blessed_one"]]
    p = _p(state, seat_)
    p["hand_count"] -= 1
    own = same_deity(bo, params["deity"])
    rolled = params.get("roll") is not None and params.get("opponent_roll") is not None
    if not own and rolled and params["roll"] < params["opponent_roll"]:
        p["deck_count"] += 1
        return (f"{bo['name']} fails to work {params['name']} ({params['deity']}): {params['roll']} against "
                f"{params['opponent_roll']}; the card is shuffled into the deck and "
                f"{name_of(state, opponent(seat_))} may cut.")
    how = "own god" if own else (f"{params['roll']} against {params['opponent_roll']}" if rolled else "agreed")
    _discard(state, seat_)
    if params["mode"] == "banish" and params.get("target") in state["units"]:
        target = state["units"][params["target"]]
        remove_unit(state, target["id"])
        _discard(state, target["owner"])
        return _with_tidy(f"{bo['name']} works {params['name']} ({how}) and banishes {target['name']} to the "
                          "discard pile.", state)
    return _with_tidy(f"{bo['name']} works {params['name']} ({how}): follow the card's text.", state)


def apply_play_event(state, params, ctx):
    p = _p(state, params["player"])
    p["hand_count"] -= 1
    p["discard_count"] += 1
    p.setdefault("events_this_turn", []).append(params["name"])
    at_sea = " at sea" if params.get("ocean") else ""
    return f"{p['name']} plays the event {params['name']}{at_sea}: follow the card's text."


# ------------------------------------------------------------------ the enumerator and the hooks

def enumerate_magic(state, game) -> list | None:
    """Due djinn rolls come first, so random play resolves them; otherwise this part offers nothing."""
    due = [d for d in state.get("djinn_rolls_due") or [] if d in state["units"]]
    if not due or state.get("result"):
        return None
    u = state["units"][due[0]]
    return [Action("djinn_roll", {"player": u["summoned_by"], "unit": u["id"], "roll": r}) for r in (1, 6)]


R = "dark-force."
_CAST_RULES = tuple(R + c for c in ("R12", "H30", "H32", "H34", "R32", "R44", "R45", "R46", "R47", "R48", "R51", "R69"))
ACTIONS = (
    ActionSpec("cast_spell", "Cast a spell",
               obj(("player", "caster", "name", "ms", "duration", "phase_allowed"), player=seat(), caster=UNIT,
                   name=CARD, ms=integer(0, 20, "the spell's Magic Strength"),
                   duration=enum("S", "K", "R", "P", description="how long it lasts"),
                   secret=boolean("a (G) spell placed face down under its target"),
                   target=string(20, "the unit aimed at, if any"),
                   phase_allowed=enum("movement", "combat", "either", "any",
                                      description="when the card's text allows casting"),
                   range_text_allows=boolean("the card's text lets it act beyond the caster's terrain"),
                   modifies=boolean("the spell changes the target's CS or MS")),
               apply_cast_spell, rules=_CAST_RULES, phases=PLAY),
    ActionSpec("resolve_spell", "Resolve a spell",
               obj(("player", "spell"), player=seat(), spell=string(20, "the spell's id"),
                   attack_roll=integer(1, 6, "the caster's d6"), defence_roll=integer(1, 6, "the target's d6"),
                   target_mr=integer(-10, 20, "the target's Magic Resistance, if not the recorded one"),
                   attack_mods=integer(-20, 20, "modifiers to the magic attack"),
                   defence_mods=integer(-20, 20, "modifiers to the magic defence")),
               apply_resolve_spell, rules=(R + "H33", R + "R49", R + "R50"), phases=PLAY),
    ActionSpec("remove_permanent_spell", "Remove a permanent spell",
               obj(("player", "spell", "by"), player=seat(), spell=string(20, "the spell's id"),
                   by=enum("counterspell", "miracle")),
               apply_remove_permanent_spell, rules=(R + "H33",), phases=PLAY),
    ActionSpec("summon", "Summon a creature",
               obj(("player", "summoner", "name", "kind", "ms"), player=seat(), summoner=UNIT, name=CARD,
                   kind=enum("djinn", "demon", "undead"), ms=integer(0, 20, "the creature's Magic Strength"),
                   cs=integer(0, 20), cd=integer(0, 20), mr=integer(-10, 20),
                   controllability=integer(0, 20), flying=boolean()),
               apply_summon, rules=(R + "R12", R + "H30", R + "H32", R + "R44", R + "R46", R + "R52", R + "R53"),
               phases=frozenset({"movement", "combat"}), phase_rule=R + "R52"),
    ActionSpec("djinn_roll", "Roll for a djinn",
               obj(("player", "unit", "roll"), player=seat(), unit=UNIT, roll=integer(1, 6)),
               apply_djinn_roll, rules=(R + "H31",), phases=PLAY),
    ActionSpec("work_miracle", "Work a miracle",
               obj(("player", "blessed_one", "name", "deity", "mode"), player=seat(), blessed_one=UNIT, name=CARD,
                   deity=string(40, "the miracle's god"), mode=enum("effect", "banish"),
                   target=string(20, "the summoned creature to banish"),
                   roll=integer(1, 6, "your d6 (another god's miracle)"),
                   opponent_roll=integer(1, 6, "the opponent's d6")),
               apply_work_miracle, rules=(R + "R12", R + "H30", R + "H32", R + "H34", R + "R56", R + "R57", R + "R58",
                                          R + "R59"), phases=PLAY),
    ActionSpec("play_event", "Play an event",
               obj(("player", "name"), player=seat(), name=CARD, ocean=boolean("played in an ocean terrain"),
                   ocean_symbol=boolean("the event card shows the ocean symbol"),
                   timing_ok=boolean("the card's text allows it now (default yes)")),
               apply_play_event, rules=(R + "R12", R + "H32", R + "R61", R + "R62", R + "R63"), phases=PLAY),
)

if turn_start not in _turn.TURN_START_HOOKS:
    _turn.TURN_START_HOOKS.append(turn_start)
if enumerate_magic not in _enumerate.PART_ENUMERATORS:
    _enumerate.PART_ENUMERATORS.append(enumerate_magic)
if tidy not in _turn.AFTER_REMOVAL_HOOKS:
    _turn.AFTER_REMOVAL_HOOKS.append(tidy)
