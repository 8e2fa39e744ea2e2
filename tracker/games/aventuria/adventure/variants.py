"""The duel's actions as an adventure round uses them: the same params, the adventure's steps and
rules ([Combat Sequence > 2. Hero Turns]: heroes play as in a duel, with the additions there)."""
from __future__ import annotations

from dataclasses import replace

from ..actions_attack import ATTACK_ACTIONS
from ..actions_cards import CARD_ACTIONS
from ..actions_life import LIFE_ACTIONS as DUEL_LIFE
from ..actions_turn import TURN_ACTIONS
from .actions_life import apply_heal, apply_life_point_loss, apply_simultaneous_loss
from .actions_round import MODES, ROUND
from .actions_villains import apply_hero_damage

# Duel-only rules: elimination (R50), the duel's phase order (R1, R120), the roll-off (H6) and
# Fate for others as a Team Duel allows it (R49; an adventure has R77).
DROPPED = frozenset({"aventuria.R50", "aventuria.R1", "aventuria.R120", "aventuria.H6", "aventuria.R49"})
ACTING = ("aventuria.R71", "aventuria.R74")
ATTACK_STEP = ("aventuria.R82", *ACTING)
FATE = ("aventuria.R77", *ACTING)

ADAPT = {
    "mulligan": {"phases": frozenset({"preparation"}), "add": ACTING},
    "draw_cards": {"add": ACTING}, "ready_all": {"add": ACTING}, "play_endurance": {"add": ACTING},
    "discard_to_hand_limit": {"add": ACTING}, "discard_cards": {"add": ACTING},
    "resolve_turn_trigger": {"add": ACTING}, "set_attributes": {"phases": None},
    "play_action_card": {"add": ACTING}, "activate_permanent": {"add": ACTING},
    "discard_permanent": {"add": ACTING}, "return_permanent_to_hand": {"add": ACTING},
    "steal_card": {"add": ACTING}, "use_special_ability": {"add": ACTING}, "test": {"add": ACTING},
    "attack_roll": {"add": ATTACK_STEP}, "spend_fate_reroll": {"add": (*FATE, "aventuria.R82")},
    "fate_reroll_attack": {"add": (*FATE, "aventuria.R82")}, "attack_failed_final": {"add": ATTACK_STEP},
    "take_fate": {"add": ATTACK_STEP}, "damage_roll": {"add": ATTACK_STEP},
    "dodge_roll": {"add": ACTING}, "apply_armor": {"add": ACTING},
    "apply_damage": {"apply": apply_hero_damage}, "life_point_loss": {"apply": apply_life_point_loss},
    "heal": {"apply": apply_heal, "add": ("aventuria.R73", *ACTING)},
    "simultaneous_loss": {"apply": apply_simultaneous_loss},
    "spend_fate_draw": {"add": FATE}, "spend_fate_endurance": {"add": FATE},
}


def adventure_variant(spec):
    how = ADAPT[spec.type]
    rules = ("aventuria.R62",) + tuple(r for r in spec.rules if r not in DROPPED) + tuple(how.get("add", ()))
    return replace(spec, modes=MODES, phases=how.get("phases", ROUND), phase_rule="aventuria.R70", rules=rules,
                   apply=how.get("apply", spec.apply), after_end=spec.after_end)


DUEL_SPECS = (*TURN_ACTIONS, *CARD_ACTIONS, *ATTACK_ACTIONS, *DUEL_LIFE)
SHARED_ACTIONS = tuple(adventure_variant(s) for s in DUEL_SPECS if s.type in ADAPT)
