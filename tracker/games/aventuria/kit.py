"""Aventuria's public kit: what a game built on Aventuria (`Game.extends = "aventuria"`) may import.

The adventure combat core: a row of villains that are not seats, a round of preparation, hero
turns, villain turns and time effects, heroes falling unconscious and coming back, villain attacks
through the duel's damage pipeline. A second game gives the core its own `state["flavour"]`
(villain dice criticals, hand limit, Fate Points for a defeat) and its own rule ids and titles.
"""
from __future__ import annotations

from .actions_attack import close_attack, set_step
from .adventure.combat import (
    AVENTURIA_FLAVOUR, HERO_TURN, IN_COMBAT, NO_DODGE, PER_HERO, ROUND_STEPS, active_villains, begin_combat,
    begin_hero_turns, begin_opponent_turns, begin_round, check_end, conscious, current_villain, end_combat,
    end_hero_turn, end_round, fate_giver, give_fate, heal_hero, knock_out, left_of, lose_life, new_villain,
    next_hero, next_villain, place, revive, villain, villain_actions, villain_leaves, villain_loses, villains_done,
)
from .adventure.rules import METHODS, TARGET_COUNTS, targets_for
from .adventure.schema import TIME_EFFECTS, VILLAIN, VILLAIN_FIELDS, VILLAIN_ID, VILLAINS
from .state import ATTACK_TYPES, TYPE_TITLES, halve_up, hero_code, new_player, pay, random_discard

# Everything imported above is the kit (the engine contract test checks a game imports nothing else).
__all__ = sorted(name for name in dir() if not name.startswith("_") and name != "annotations")
