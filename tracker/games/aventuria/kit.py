"""Aventuria's public kit: what a game built on Aventuria (`Game.extends = "aventuria"`) may import.

The adventure combat core: a row of villains that are not seats, a round of preparation, hero
turns, villain turns and time effects, heroes falling unconscious and coming back, villain attacks
through the duel's damage pipeline. A second game gives the core its own `state["flavour"]`
(villain dice criticals, hand limit, Fate Points for a defeat) and its own rule ids and titles.
"""
from __future__ import annotations

from .actions_attack import apply_attack_roll, apply_damage_roll, close_attack, set_step
from .actions_attack import apply_spend_fate_reroll as apply_reroll_attack
from .actions_cards import apply_activate_permanent, apply_play_action_card, apply_use_special_ability
from .actions_life import apply_spend_fate_draw, apply_spend_fate_endurance
from .actions_turn import apply_play_endurance
from .adventure.combat import (
    AVENTURIA_FLAVOUR, HERO_TURN, IN_COMBAT, NO_DODGE, PER_HERO, ROUND_STEPS, active_villains, begin_combat,
    begin_hero_turns, begin_opponent_turns, begin_round, check_end, conscious, current_villain, end_combat,
    end_hero_turn, end_round, fate_giver, give_fate, heal_hero, knock_out, left_of, lose_life, new_villain,
    next_hero, next_villain, place, revive, villain, villain_actions, villain_leaves, villain_loses, villains_done,
)
from .adventure.actions_villains import (
    apply_damage_villain, apply_villain_action_roll, apply_villain_attack, apply_villain_dodge_roll,
    apply_villain_leaves, apply_villain_life_point_loss,
)
from .adventure.actions_villains import apply_declare_attack as apply_declare_villain_attack
from .adventure.rules import METHODS, TARGET_COUNTS, targets_for
# The shared checks: a game built on Aventuria names them in its own rules, under its own ids and
# sections, where its rulebook says the same thing.
from .adventure.rules import check_damage_villain as check_damage_from_the_attack
from .adventure.rules import check_h8 as check_villain_in_the_row
from .adventure.rules import check_r80 as check_villains_left_to_right
from .adventure.rules import check_r81 as check_villain_actions_used
from .adventure.rules import check_r83 as check_villain_dodge
from .adventure.rules import check_r85 as check_villain_heal_cap
from .adventure.rules import check_r126 as check_target_method
from .rules_combat import check_h2 as check_attack_in_order
from .rules_combat import check_r27 as check_one_attack_per_type
from .rules_combat import check_r40 as check_holds_a_fate_point
from .rules_combat import check_r45 as check_no_fate_after_a_fate_reroll
from .adventure.schema import TIME_EFFECTS, VILLAIN, VILLAIN_FIELDS, VILLAIN_ID, VILLAINS
from .state import (
    ATTACK_TYPES, ATTRIBUTE_OF, ATTRIBUTES, TYPE_TITLES, available_endurance, find_permanent, halve_up, hero_code,
    name_of, new_player, pay, random_discard,
)

# Everything imported above is the kit (the engine contract test checks a game imports nothing else).
__all__ = sorted(name for name in dir() if not name.startswith("_") and name != "annotations")
