"""Candidate legal actions for a scenario state: a varied sample for the conformance harness.

Every action returned must be accepted without override in that state.
"""
from __future__ import annotations

from tracker.engine.kit.enumerate import act as _a

from . import skills
from .encounter import where
from .state import living, location, open_locations


def enumerate_actions(state: dict) -> list:
    if state.get("result"):
        return []
    out: list = []
    a = state["active_player"]
    if state["phase"] == "setup":
        out.append(_a("advance_hour", player=a))
        for s, p in enumerate(state["players"]):
            if not p["hand_drawn"]:
                if p["favored"] in ("any", None) and not p["favored_choice"]:
                    out.append(_a("choose_favored", player=s, card_type="spell"))
                else:
                    out.append(_a("draw_starting_hand", player=s, redraws=1))
        return out
    forced = state.get("forced_moves") or []
    if forced:
        here = state["players"][forced[0]]["location"]
        dests = [loc["name"] for loc in open_locations(state) if loc["name"] != here] or [here]
        return [_a("move", player=forced[0], location=d) for d in dests[:2]]
    p = state["players"][a]
    phase = state["phase"]
    if phase == "advance_hour":
        return [_a("advance_hour", player=a)]
    if state.get("damage"):
        d = state["damage"]
        return [_a("suffer_damage", target=d["target"], amount=d["amount"]),
                _a("reduce_damage", player=d["target"], target=d["target"], amount=1)]
    if state.get("check"):
        return _check_steps(state)
    enc = state.get("encounter")
    if enc:
        return _encounter_steps(state, enc)
    if phase in ("recovery",):
        return [_a("recover_card", player=a, outcome="recharge"), _a("banish_remaining_recovery", player=a)]
    if phase == "reset":
        return [_a("reset", player=a)]
    out.append(_a("end_turn", player=a))
    here = location(state, p["location"])
    if phase in ("give", "move", "explore") and (here["cards"] or here["faceup"]) \
            and not state["turn_state"]["exploration_locked"]:
        ts = state["turn_state"]
        by = "free" if ts["explorations"] == 0 else "extra" if ts["pending_extra_exploration"] else None
        if by:
            kinds = ("monster", "spell", "barrier", "villain", "henchman", "ally", "scourge")
            kind = kinds[(state["turn"] + ts["explorations"]) % len(kinds)]
            out.append(_a("explore", player=a, by=by, kind=kind, difficulty=6,
                          checks=2 if kind == "barrier" and len(living(state)) > 1 else 1))
    if phase in ("give", "move") and not state["turn_state"]["moved"] and not p["proxied"]:
        others = [loc["name"] for loc in open_locations(state) if loc["name"] != p["location"]]
        if others:
            out.append(_a("move", player=a, location=others[state["turn"] % len(others)]))
        out.append(_a("next_step", player=a))
    if phase == "give":
        mates = [s for s in living(state) if s != a and state["players"][s]["location"] == p["location"]]
        if mates and p["hand_count"] and not state["turn_state"]["card_given"]:
            out.append(_a("give_card", player=a, target=mates[0]))
    if step_ok_to_close(state, p, here):
        out.append(_a("attempt_close", player=a, success=True))
    if p["hand_count"] and phase in ("give", "move", "explore", "close"):
        out.append(_a("play_card", player=a, card_type="spell", action="recovery", freely=True))
    out.append(_a("draw_cards", player=a, count=1))
    out.append(_a("suffer_damage", target=a, amount=2))
    return out


def step_ok_to_close(state, p, here) -> bool:
    return (state["phase"] in ("give", "move", "explore", "close") and not here["cards"] and not here["faceup"]
            and not state["turn_state"]["close_attempted"])


def _check_steps(state):
    check = state["check"]
    c = check["character"]
    if not check["rolled"]:
        out = [_a("roll_check", player=c, roll=3), _a("roll_check", player=c, roll=9), _a("choose_to_fail", player=c),
               _a("modify_check", player=c, by="bless")]
        return out
    out = [_a("resolve_check", player=c)]
    if state["players"][c]["hero_points"] and not check["hero_point_reroll"]:
        out.append(_a("reroll", player=c, source="hero_point", roll=10))
    return out


def _encounter_steps(state, enc):
    c = enc["character"]
    if enc["step"] == "avenge":
        out = [_a("skip_avenge", player=c)]
        for s, p in enumerate(state["players"]):
            if s != c and not p["dead"] and p["location"] == where(enc) and p["hand_count"]:
                out.append(_a("avenge", player=s))
        return out
    if enc["step"] == "villain":
        return [_a("villain_outcome", player=c)]
    if len(enc["checks"]) >= enc["checks_needed"]:
        return [_a("resolve_encounter", player=c)]
    out = []
    if enc["step"] == "evade":
        out.append(_a("evade", player=c))
    took = [x["by"] for x in enc["checks"]]
    who = c
    if enc["checks_needed"] > 1 and c in took:
        mates = [s for s in living(state) if s != c and state["players"][s]["location"] == state["players"][c]["location"]]
        who = mates[0] if mates else c
    if not (enc["bane"] and state["players"][c]["proxied"]):
        strength = skills.roll_of(state["players"][who], "strength")
        out.append(_a("declare_check", player=who, skill="strength", **({} if strength.die else {"die": 8})))
    return out
