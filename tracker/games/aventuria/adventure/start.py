"""The start of an adventure and of each act: the heroes, the table, the combat the act holds.

An adventure opens on its first narrative step; a chance encounter, given its row, starts fighting.
"""
from __future__ import annotations

from ..state import new_player, table_counts
from .between import adventure_fields
from .combat import AVENTURIA_FLAVOUR, set_up_combat
from .data import ACTS, combat_for, conditions
from .narrative import open_step
from .scripts import ADVENTURE_TITLES, PRACTICE_CARDS, TRAINING_CARDS, story_cards_for


def new_hero(seat: int, raw: dict, mode: str) -> dict:
    p = new_player(seat, raw, "duel")
    p.update(
        team=None,
        unconscious=False,
        revived_this_round=False,
        turn_done=False,
        knockouts=0,
        skills=dict(raw.get("skills") or {}),
        hero_actions_this_turn={},
        **adventure_fields(raw),
    )
    return p


def setup_adventure(mode: str, players: list, options: dict) -> dict:
    options = options or {}
    adventure = options.get("adventure", "custom") if mode == "adventure" else None
    state = {
        "mode": mode,
        "phase": "combat_setup",
        "adventure": adventure,
        "adventure_title": ADVENTURE_TITLES.get(adventure) if adventure else None,
        "act": options.get("start_act", 1) if mode == "adventure" else 1,
        "acts": ACTS.get(adventure, 1),
        "difficulty": options.get("difficulty", "normal"),
        "round": 0,
        "turn": 0,
        "active_player": None,
        "starting_player": options.get("starting_player", 0),
        "round_lead": None,
        **table_counts(len(players)),
        "reward_cards_allowed": True,
        "flavour": dict(AVENTURIA_FLAVOUR),
        "heir": options.get("heir"),
        "players": [new_hero(i, p, mode) for i, p in enumerate(players)],
        "narrative": None,
        "narrative_step": None,
        "practice_left": PRACTICE_CARDS,
        "training_left": TRAINING_CARDS,
        "free_mother": False,
        "retries": 0,
        "xp_per_hero": options.get("xp"),
        "campaign": options.get("campaign") if mode == "adventure" else None,
    }
    state["difficulty_log"] = [{"act": state["act"], "difficulty": state["difficulty"]}]
    reset_combat(state)
    if mode == "chance_encounter":
        state["time_out"] = options.get("time_out", "nothing")
        if "time_counters" in options:
            set_up_combat(state, options["time_counters"], options.get("villains", []), options.get("time_effects"))
    else:
        open_step(state, 1)
    return state


def reset_combat(state: dict) -> None:
    """Everything one combat keeps, as it stands before the combat's setup (a new act starts here)."""
    n = len(state["players"])
    state.update(
        round=0, active_player=None, round_lead=None, pending_attack=None, last_attack=None,
        time_counters=None, time_start=None, time_effects={}, time_removed_this_round=False, doom_counters=0,
        threat_value=None, acting_leader=None, combat_result=None, villains=[], villain_count=0,
        opponent_turn=None, time_attack_from=0, rewards=None, next_combat={"time_counters": 0, "set_aside": []},
        story_cards=story_cards_for(state["adventure"], state["act"], n), risk_and_profit=None,
        narrative_done=False,
    )
    state["combat"] = c = conditions(combat_for(state["mode"], state["adventure"], state["act"]))
    if c["threat"] is not None:
        state["threat_value"] = c["threat"] * n
    state["time_out"] = "defeat" if "time" in c["defeat"] else state.get("time_out", "nothing")
