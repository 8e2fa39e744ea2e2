"""The campaign's candidate legal actions, for the conformance harness and the random player."""
from __future__ import annotations

from tracker.engine import Action, Context
from tracker.engine.runtime import copy_state

from .campaign import (
    AFTER_STEPS, BETWEEN, DEATHS, LEFTOVERS, MAX_ADVENTURE, REBUILD, REWARDS, active, counts, dead_undecided,
    first_open_scenario, scenario_order,
)
from .campaign_actions import CAMPAIGN_ACTIONS
from .data import BOON_TYPES, CHARACTERS
from .rules_campaign import RULES_BY_ID


def _passes(state, action: Action) -> bool:
    spec = next(s for s in CAMPAIGN_ACTIONS if s.type == action.type)
    if state.get("phase") not in spec.phases:
        return False
    ctx = Context(game=None, mode="campaign", action_type=action.type)
    for rule_id in spec.rules:
        check = RULES_BY_ID[rule_id].check
        if check and check(state, action.params, ctx):
            return False
    trial = copy_state(state)
    spec.apply(trial, action.params, ctx)
    return not RULES_BY_ID["pathfinder.H22"].check(trial, {}, ctx)


def _level0(p) -> list[dict]:
    return [{"name": f"{t.capitalize()} {i + 1}", "type": t, "level": 0}
            for t in BOON_TYPES for i in range(p["deck_list"][t])]


def _candidates(state) -> list[Action]:
    phase, players, out = state["phase"], state["players"], []
    seats = range(len(players))
    for s in seats:
        if not active(players[s]):
            taken = {q["character"] for q in players if active(q)}
            free = next((c for c in CHARACTERS if c not in taken), None)
            if free:
                typed = {} if "hand_size" in CHARACTERS[free] else {"hand_size": 5}  # as the card says
                out.append(Action("create_character", {"player": s, "character": free, **typed}))
        elif phase in (BETWEEN, REBUILD) and len(players) > 1 and s == 0:
            out.append(Action("retire_character", {"player": s}))
    if phase == BETWEEN:
        title = state["must_replay"] or first_open_scenario(state) or (state["completed"] or [None])[0]
        if title:
            for result in ("won", "lost"):
                out.append(Action("record_scenario", {"scenario": title, "mode": "normal", "result": result}))
            out.append(Action("record_scenario", {"scenario": title, "mode": "heroic", "result": "won",
                                                  "characters": [{"player": 0, "dead": True}]}))
        out.append(Action("add_scenario", {"adventure": min(MAX_ADVENTURE, state["adventure_number"] + 1),
                                           "title": f"Scenario {len(scenario_order(state)) + 1}"}))
        out.append(Action("upgrade_vault", {"adventure": state["adventure_number"],
                                            "adds": [{"name": f"Upgrade {state['turn']}", "level": 2}]}))
        for s in seats:
            p = players[s]
            if active(p) and p["feat_counts"]["card"]:
                t = next(t for t, n in p["feats"]["card"].items() if n)
                out.append(Action("heroic_legendary_feat_swap", {
                    "player": s, "adventure": state["adventure_number"], "erase_type": "card", "erase": t,
                    "gain_type": "card", "gain": "blessing"}))
            if state["turn"] == 0 and active(p) and not p["deck_contents"]:
                out.append(Action("rebuild_deck", {"player": s, "cards": _level0(p)}))
    elif phase == DEATHS:
        for s in dead_undecided(state):
            out.append(Action("return_from_death_with_hero_points", {"player": s}))
            out.append(Action("declare_permanent_death", {"player": s}))
    elif phase == REWARDS:
        for level in ("scenario", "adventure", "adventure_path"):
            out.append(Action("claim_reward", {"level": level, "hero_points": 1, "loot": [f"Loot {state['turn']}"],
                                               "role": level != "scenario"}))
        for s in seats:
            p = players[s]
            if p["pending_hero_points"]:
                out.append(Action("bank_hero_point", {"player": s}))
                out.append(Action("spend_hero_point_on_feat", {"player": s, "feat": "card", "card_type": "blessing"}))
                out.append(Action("spend_hero_point_on_feat", {"player": s, "feat": "skill", "skill": "strength"}))
                out.append(Action("spend_hero_point_on_feat", {"player": s, "feat": "power",
                                                               "power": f"Power {p['feat_counts']['power'] + 1}"}))
            if p["role_reward"] and not p["role"]:
                out.append(Action("choose_role", {"player": s, "side": "A"}))
    if phase in (REWARDS, LEFTOVERS, REBUILD):
        for card in state["pending_loot"][:1]:
            out.append(Action("take_loot", {"loot": card["name"], "player": 0}))
            out.append(Action("take_loot", {"loot": card["name"]}))
    if phase == LEFTOVERS:
        out.append(Action("process_leftover_boons", {"returned_to_vault": ["Displayed boon"]}))
    if phase == REBUILD:
        for s in seats:
            p = players[s]
            if active(p):
                out.append(Action("rebuild_deck", {"player": s, "cards": _level0(p)}))
                short = [t for t, n in counts(p["deck_contents"]).items() if p["deck_contents"] and n < p["deck_list"][t]]
                if short:
                    out.append(Action("fill_from_vault", {"player": s, "cards": [
                        {"name": f"Filler {short[0]}", "type": short[0], "level": 0}]}))
        if len(players) > 1 and all(active(p) and p["deck_contents"] for p in players[:2]):
            a, b = players[0]["deck_contents"], players[1]["deck_contents"]
            same = next(((x, y) for x in a for y in b if x["type"] == y["type"]), None)
            if same:
                out.append(Action("rebuild_trade", {"player": 0, "target": 1, "give": [same[0]], "receive": [same[1]]}))
    if phase in AFTER_STEPS:
        out.append(Action("next_campaign_step", {}))
    return out


def campaign_enumerate(state) -> list[Action]:
    """Actions the campaign accepts without an override right now (for tests and the random player)."""
    if not isinstance(state, dict) or state.get("mode") != "campaign":
        return []
    return [a for a in _candidates(state) if _passes(state, a)]
