"""Candidate legal actions for a state: a varied sample for conformance and random-play tests.

Every action returned must be accepted without override in that state, so each branch mirrors the
rule checks it relies on.
"""
from __future__ import annotations

from tracker.engine.kit.enumerate import act as _a

from .rules_combat import fate_donors
from .state import (
    ATTACK_TYPES, ENDURANCE_PER_TURN, HAND_LIMIT, NO_MAGIC, are_opponents, available_endurance, living, norm,
    teammates,
)

# Permanents the sampler plays: name -> armor location (None for non-armor).
_PERMANENTS = (("Dirk", None), ("Helmet", "head"), ("Chain Mail", "chest"), ("Lucky Charm", None),
               ("Leather Boots", "legs"))
_IMPROVEMENT = "Weapon Poison"


def enumerate_actions(state: dict) -> list:
    if state.get("outcome"):
        return []
    out: list = []
    if state["phase"] == "setup":
        roll_off = state["roll_off"]
        for s in roll_off["contenders"]:
            if roll_off["rolls"][s] is None:
                out += [_a("roll_for_start", player=s, roll=r) for r in (2, 5, 6)]
        _mulligans(state, out)
        return out
    if state["turn"] == 1 and state["phase"] == "start":
        _mulligans(state, out)
    attack = state.get("pending_attack")
    if attack:
        _attack_steps(state, attack, out)
    else:
        _phase_steps(state, state["active_player"], out)
    _anytime(state, out)
    return out


def _mulligans(state, out):
    for s, p in enumerate(state["players"]):
        if not p["mulligan_done"]:
            for count in (0, 2):
                if count <= min(p["hand_count"], p["draw_deck_count"]):
                    out.append(_a("mulligan", player=s, count=count))


def _phase_steps(state, a, out):
    p = state["players"][a]
    phase = state["phase"]
    advance = _a("advance_phase", player=a)
    if phase == "start":
        out += [advance, _a("resolve_turn_trigger", player=a, card="Morning Prayer", when="start")]
    elif phase == "draw":
        if not p["phase_draw_done"]:
            out.append(_a("draw_cards", player=a, count=2))
        if p["phase_draw_done"] or p["draw_deck_count"] == 0:
            out.append(advance)
    elif phase == "ready":
        out += [_a("ready_all", player=a), advance]
    elif phase == "endurance":
        if p["endurance_played_this_turn"] < ENDURANCE_PER_TURN:
            if p["hand_count"] > 0:
                out.append(_a("play_endurance", player=a, source="hand"))
            own = [c for c in p["permanents"] if c.get("owner") == a]
            if own:
                out.append(_a("play_endurance", player=a, source="permanent", card=own[0]["name"]))
        out.append(advance)
    elif phase == "actions":
        _actions_phase(state, a, out)
        out.append(advance)
    elif phase == "end":
        if p["hand_count"] > HAND_LIMIT:
            out.append(_a("discard_to_hand_limit", player=a, count=p["hand_count"] - HAND_LIMIT))
        else:
            out.append(advance)
        out.append(_a("resolve_turn_trigger", player=a, card="Evening Song", when="end"))


def _own_names(state, a):
    names = {norm(c["name"]) for c in state["players"][a]["permanents"]}
    for other in state["players"]:
        for card in other["permanents"]:
            names |= {norm(i["name"]) for i in card["improvements"] if i.get("owner") == a}
    return names


def _actions_phase(state, a, out):
    p = state["players"][a]
    avail = available_endurance(p)
    if p["hand_count"] > 0:
        out.append(_a("play_action_card", player=a, card="Balsam", cost=min(2, avail), kind="one_shot"))
        out.append(_a("play_action_card", player=a, card="Fireball", cost=avail, kind="one_shot", x_cost=True))
        names = _own_names(state, a)
        worn = {c.get("armor_location") for c in p["permanents"]}
        converted = [norm(n) for n in p["endurance_cards"]]
        for name, loc in _PERMANENTS:
            if norm(name) in names or loc in worn or converted.count(norm(name)) >= 2:
                continue
            params = dict(player=a, card=name, cost=min(1, avail), kind="permanent")
            if loc:
                params["armor_location"] = loc
            out.append(_a("play_action_card", **params))
            break
        if p["permanents"] and norm(_IMPROVEMENT) not in names:
            out.append(_a("play_action_card", player=a, card=_IMPROVEMENT, cost=0, kind="permanent",
                          attaches_to=p["permanents"][0]["name"]))
    ready = [c for c in p["permanents"] if c["ready"]]
    if ready:
        out.append(_a("activate_permanent", player=a, card=ready[0]["name"], exhaust=True))
    if p["permanents"]:
        out.append(_a("activate_permanent", player=a, card=p["permanents"][-1]["name"], extra_cost=min(1, avail)))
        out.append(_a("discard_permanent", player=a, card=p["permanents"][-1]["name"]))
        out.append(_a("return_permanent_to_hand", player=a, card=p["permanents"][0]["name"]))
    for s in living(state):
        if s != a and state["players"][s]["permanents"]:
            out.append(_a("steal_card", player=a, target=s, card=state["players"][s]["permanents"][0]["name"]))
            break
    for kind in ATTACK_TYPES:
        if p["attacks_this_turn"][kind] or (kind == "magic" and p["attributes"].get("magic") == NO_MAGIC):
            continue
        for target in _attack_targets(state, a)[:2]:
            out.append(_a("declare_attack", player=a, attack_type=kind, target=target))


def _attack_targets(state, a):
    foes = [s for s in living(state) if are_opponents(state, a, s)]
    if state["mode"] == "team_duel" and foes:
        top = max(state["players"][s]["life_points"] for s in foes)
        foes = [s for s in foes if state["players"][s]["life_points"] == top]
    return foes


def _attack_steps(state, attack, out):
    a, t = attack["attacker"], attack["target"]
    step = attack["step"]
    if step == "attack_roll":
        out += [_a("attack_roll", player=a, roll=r) for r in (1, 4, 12, 20)]
        out += [_a("attack_roll", player=a, roll=8, value=10), _a("attack_roll", player=a, roll=13, value=10)]
    elif step == "after_roll":
        payers = [s for s in living(state) if teammates(state, s, a) and state["players"][s]["fate_points"] > 0
                  and (s == a or state["mode"] == "team_duel")]
        for payer in payers[:2]:
            out += [_a("spend_fate_reroll", player=payer, roll=r) for r in (1, 9, 20)]
            out.append(_a("fate_reroll_attack", player=payer, roll=15, value=10))
        if not attack["fate_spent"]:
            donors = fate_donors(state, a)
            if state["fate_pool"] > 0 or len(donors) <= 1:
                out.append(_a("take_fate", player=a))
            else:
                out.append(_a("take_fate", player=a, source=donors[-1]))
        out.append(_a("attack_failed_final", player=a))
        if attack["result"] == "unknown":
            out.append(_a("damage_roll", player=a, amount=6))
    elif step == "damage_roll":
        out += [_a("damage_roll", player=a, amount=n) for n in (0, 7, 12)]
    elif step == "dodge":
        out += [_a("dodge_roll", player=t, roll=r) for r in (1, 20)]
        out += [_a("dodge_roll", player=t, roll=5, value=10), _a("dodge_roll", player=t, roll=15, value=10),
                _a("dodge_roll", player=t, roll=11, success=True), _a("dodge_roll", player=t, roll=9)]
        out += _armor(state, t) + [_a("apply_damage", target=t)]
    else:
        if not attack["armor_used"]:
            out += _armor(state, t)
        if attack["dodged"] == "unknown":
            out += [_a("apply_damage", target=t, amount=attack["damage"]),
                    _a("apply_damage", target=t, amount=attack["damage_if_dodged"])]
        else:
            out.append(_a("apply_damage", target=t))


def _armor(state, t):
    out = [_a("apply_armor", player=t, pro=3)]
    worn = [c for c in state["players"][t]["permanents"] if c.get("armor_location") and c["ready"]]
    if worn:
        out.append(_a("apply_armor", player=t, pro=2, extra=1, card=worn[0]["name"], exhaust=True))
    return out


def _anytime(state, out):
    """Out-of-phase options. Outside the Actions phase only a few, so random play still moves on."""
    seats = living(state)
    active = state["active_player"]
    focus = [active] + [s for s in seats if s != active][:1]
    attack = state.get("pending_attack")
    if state["phase"] != "actions":
        for s in focus:
            if state["players"][s]["fate_points"] > 0:
                out.append(_a("spend_fate_endurance", player=s))
        return
    for s in focus:
        p = state["players"][s]
        if p["fate_points"] > 0:
            out += [_a("spend_fate_draw", player=s), _a("spend_fate_endurance", player=s)]
            mates = [m for m in seats if m != s and teammates(state, s, m)]
            if mates:
                out.append(_a("spend_fate_endurance", player=s, beneficiary=mates[0]))
        if p["special_ability_available"]:
            out.append(_a("use_special_ability", player=s))
        if p["critical_draws"] > 0:
            out.append(_a("draw_cards", player=s, count=1, reason="critical_success"))
        out += [_a("life_point_loss", target=s, amount=n) for n in (3, 12)]
        out.append(_a("heal", target=s, amount=2))
        if not (attack and attack["target"] == s):
            out.append(_a("apply_damage", target=s, amount=4))
        out += [_a("test", player=s, attribute="close_combat", roll=r) for r in (1, 10, 20)]
        out.append(_a("draw_cards", player=s, count=1, reason="card_effect"))
        if p["hand_count"] > 0:
            out.append(_a("discard_cards", player=s, count=1))
            out.append(_a("play_action_card", player=s, card="Hidden Dagger", cost=0, kind="one_shot",
                          free_action=True))
        if p["attributes"].get("dodge") is None:
            out.append(_a("set_attributes", player=s, dodge=10, close_combat=12))
    if len(seats) >= 2:
        out.append(_a("simultaneous_loss", losses=[{"target": seats[0], "amount": 5},
                                                   {"target": seats[1], "amount": 6}]))
