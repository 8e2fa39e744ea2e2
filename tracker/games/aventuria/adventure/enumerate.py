"""Candidate actions of an adventure combat, for the conformance harness: a varied sample of each
step, each one kept only if the engine accepts it without an override."""
from __future__ import annotations

from tracker.engine import Action, ParamError, decide
from tracker.engine.kit.enumerate import act as _a

from .combat import NO_DODGE, active_villains, conscious, current_villain, next_villain

_HENCHMEN = ({"name": "Bandit", "tp": 5, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1},
             {"name": "Skeleton", "tp": 3, "life_points": 4, "dodge": 7, "armor": 0, "actions": "N"})


def _narrative(state) -> list[Action]:
    n, out = state["narrative"], []
    for s in range(len(state["players"])):
        if n["who"] == "choice":
            out += [_a("narrative_choice", player=s, choice=c) for c in n["choices"]]
            continue
        skill = {"skill": "knowledge"} if n["who"] == "any" else {}
        out += [_a("narrative_skill_test", player=s, roll=r, value=11, **skill) for r in (1, 9, 15, 20)]
        if n["worst_of_damage"]:
            dice = [7] * max(1, state["players"][s].get("damage_points", 0))
            out.append(_a("narrative_skill_test", player=s, roll=7, value=11, dice=dice))
        out += [_a("spend_fate_reroll_test", player=s, roll=r) for r in (2, 18)]
        out += [_a("narrative_effect", kind="lose_life", player=s, amount=a) for a in (1, 4, 9)]
    out += [_a("narrative_effect", kind="fate", player=0), _a("narrative_effect", kind="time_counters", amount=-1)]
    out.append(_a("advance_phase", player=0))
    return out


def _between(state) -> list[Action]:
    out = []
    for s in range(len(state["players"])):
        out += [_a("distribute_reward", player=s, card="Sword of the Knight"), _a("decline_reward", player=s)]
        out += [_a("respite_spend", player=s, option=o, points=n)
                for o, n in (("rest", 1), ("rest", 3), ("pray", 2), ("prepare", 4), ("practice", 2), ("train", 3))]
    out += [_a("begin_act"), _a("begin_act", difficulty="easy")]
    return out


def candidates(state: dict) -> list[Action]:
    phase, out = state["phase"], []
    if phase == "narrative":
        return _narrative(state) + _setup(state)
    if phase == "after_combat":
        return _between(state)
    if phase == "combat_setup":
        return _setup(state)
    a = state.get("pending_attack")
    a = state.get("pending_attack")
    if a:
        return _attack_steps(state, a)
    if phase == "preparation":
        for s in conscious(state):
            p = state["players"][s]
            out.append(_a("draw_cards", player=s, count=min(2, p["draw_deck_count"]) or 1, reason="phase"))
            out.append(_a("play_endurance", player=s, source="hand"))
            out.append(_a("mulligan", player=s, count=2))
        out.append(_a("advance_phase"))
    elif phase == "hero_actions":
        s = state["active_player"]
        for v in active_villains(state):
            out += [_a("declare_attack", player=s, attack_type=t, villain=v["id"]) for t in ("close", "ranged")]
        for t in range(len(state["players"])):
            if state["players"][t]["unconscious"]:
                ready = state["players"][s]["endurance_ready"]
                out += [_a("reanimate", player=s, target=t, endurance=max(1, ready), roll=r) for r in (1, 20)]
                out.append(_a("heal", player=s, target=t, amount=6))
        for card in state.get("story_cards", ()):
            skill = (card["skills"] or ["willpower"])[0]
            out += [_a("hero_action", player=s, card=card["name"], skill=skill, roll=r, value=12) for r in (1, 16)]
        out += [_a("use_special_ability", player=s), _a("advance_phase", player=s)]
        out += [_a("test", player=s, attribute="dodge", roll=r) for r in (1, 12)]
    elif phase == "hero_end":
        s = state["active_player"]
        extra = state["players"][s]["hand_count"] - 7
        if extra > 0:
            out.append(_a("discard_to_hand_limit", player=s, count=extra))
        out.append(_a("advance_phase", player=s))
    elif phase == "opponent_turns":
        turn = state["opponent_turn"]
        now = current_villain(state)
        acting = now if now and now["status"] == "active" and turn["actions_left"] > 0 else next_villain(state)
        if acting:
            out += [_a("villain_action_roll", villain=acting["id"], roll=r) for r in (1, 8, 20)]
        if now and turn["rolls"]:
            for t in conscious(state):
                out += [_a("villain_attack", villain=now["id"], target=t, amount=n) for n in (6, 45)]
        out.append(_a("advance_phase"))
    elif phase == "time_effects":
        out += [_a("remove_time_counter"), _a("advance_phase")]
        out.append(_a("place_henchman", **_HENCHMEN[0]))
    for v in active_villains(state)[:1]:
        out.append(_a("villain_life_point_loss", villain=v["id"], amount=2))
    return out


def _setup(state) -> list[Action]:
    out = []
    if state["time_counters"] is None:
        threat = None if state["combat"]["threat"] else 4 * len(state["players"])
        out += [_a("setup_combat", time_counters=t, **({"threat_value": threat} if threat else {}),
                   time_effects={"1": "A henchman arrives"}) for t in (2, 5)]
    else:
        for raw in _HENCHMEN:
            kw = state["combat"]["keywords"]
            out.append(_a("place_henchman", **raw, **({"keywords": [kw[0]]} if kw else {})))
    return out


def _attack_steps(state, a) -> list[Action]:
    out = []
    if a.get("attacker") is None:
        t = a["target"]
        out += [_a("dodge_roll", player=t, roll=r) for r in (1, 15, 20)]
        out += [_a("apply_armor", player=t, pro=2), _a("apply_damage", target=t)]
        out += [_a("apply_damage", target=t, amount=n) for n in {a["damage"], a["damage_if_dodged"]} if n is not None]
        return out
    s = a["attacker"]
    step = a["step"]
    if step == "attack_roll":
        out += [_a("attack_roll", player=s, roll=r, value=12) for r in (1, 5, 20)]
    elif step == "after_roll":
        out += [_a("take_fate", player=s), _a("attack_failed_final", player=s)]
        payers = [p for p in conscious(state) if state["players"][p]["fate_points"] > 0]
        out += [_a("spend_fate_reroll", player=p, roll=3) for p in payers[:2]]
    elif step == "damage_roll":
        out += [_a("damage_roll", player=s, amount=n) for n in (3, 12)]
    else:
        v = next(x for x in state["villains"] if x["id"] == a["villain"])
        if v["dodge"] != NO_DODGE and a["dodged"] is None:
            out += [_a("villain_dodge_roll", villain=v["id"], roll=r) for r in (1, 19)]
        else:
            out.append(_a("damage_villain", villain=v["id"]))
    return out


def enumerate_adventure(game, state: dict) -> list[Action]:
    if state.get("outcome"):
        return []
    legal = []
    for action in candidates(state):
        try:
            if decide(game, state, action).accepted:
                legal.append(action)
        except ParamError:
            continue
    return legal
