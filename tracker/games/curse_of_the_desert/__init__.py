"""Aventuria: Curse of the Desert: Part One, Nedime's rescue night by night through the Caliph's palace;
Part Two, the Curse of Borbarad, exploration after exploration of the tower with a narrative section
after each death; for one hero or a group of 2-6 under the multiplayer rules. Built on Aventuria through
its public kit (the adventure combat core, the attack and Fate flows): the Curse's own rule ids and
sections point at the kit's shared checks where the two rulebooks agree."""
from __future__ import annotations

from dataclasses import replace

from tracker.engine import Game, Mode, Phase, PlayerField, actions_table

from .actions_combat import COMBAT_ACTIONS
from .actions_palace import PALACE_ACTIONS
from .actions_round import ROUND_ACTIONS
from .actions_tests import TEST_ACTIONS
from .actions_tower import RESTART_TOWER, TOWER_ACTIONS
from .campaign import (
    CAMPAIGN_ACTIONS, CAMPAIGN_OPTIONS, PHASE as BETWEEN, campaign_candidates, campaign_param_errors, campaign_setup,
    campaign_setup_errors, campaign_setup_examples,
)
from .enumerate import enumerate_actions
from .params import param_errors
from .rules import RULES
from .setup import OPTIONS, TOWER_OPTIONS, setup_errors
from .state import IN_NIGHT, PHASES, R, outcome, setup, setup_examples
from .tower import TOWER_PHASES, setup_borbarad

NEDIME = frozenset({"nedime"})
BOTH = frozenset({"nedime", "borbarad"})
# Part One's own: the palace's cards, hearts, curse and Fate Pile, and the variants the tower redefines
NEDIME_ONLY = frozenset({
    "retreat", "swap_cards", "unlock_room", "fulfill_card", "fulfill_manticore", "remove_palace_card",
    "flip_heart_token", "lift_curse", "manticore_poison", "take_comp_token", "nedime_rescued", "no_guard_left",
    "consult_fate", "draw_fate_card", "add_fate_card",
    *(spec.type for spec in (*TOWER_ACTIONS, RESTART_TOWER)),
})


def _in_night(spec):
    # an action of the round's steps needs an exploration laid out: no override runs it before or after one
    if spec.phases is not None and spec.phases <= IN_NIGHT:
        spec = replace(spec, rules=(R + "H3", *spec.rules))
    return spec


def _part(spec):
    if spec.modes is not None:
        return spec
    return replace(spec, modes=NEDIME if spec.type in NEDIME_ONLY else BOTH)


def _by_mode(nedime, borbarad, campaign):
    def pick(mode, *args):
        return {"borbarad": borbarad, "campaign": campaign}.get(mode, nedime)(mode, *args)
    return pick


def _enumerate(state):
    if state.get("mode") == "campaign":
        return campaign_candidates(state, GAME)
    return enumerate_actions(GAME, state)


def _param_errors(state, action_type, params):
    if state.get("mode") == "campaign":
        return campaign_param_errors(state, action_type, params)
    return param_errors(state, action_type, params)


GAME = Game(
    slug="curse-of-the-desert",
    title="Aventuria: Curse of the Desert",
    modes=(
        Mode("nedime", "Part One: Nedime, the Caliph's Daughter", 1, 6, options=OPTIONS, phases=tuple(PHASES)),
        Mode("borbarad", "Part Two: Curse of Borbarad", 1, 6, options=TOWER_OPTIONS, phases=tuple(TOWER_PHASES)),
        Mode("campaign", "Campaign: both parts", 1, 6, options=CAMPAIGN_OPTIONS, phases=(BETWEEN,)),
    ),
    phases=tuple(Phase(pid, title) for pid, title in
                 {**PHASES, **TOWER_PHASES, BETWEEN: "Between the parts"}.items()),
    actions=actions_table(*map(_in_night, map(_part, (*PALACE_ACTIONS, *ROUND_ACTIONS, *TEST_ACTIONS, *COMBAT_ACTIONS,
                                                       *TOWER_ACTIONS, RESTART_TOWER, *CAMPAIGN_ACTIONS)))),
    rules=RULES,
    setup=_by_mode(setup, setup_borbarad, campaign_setup),
    outcome=outcome,
    phase_rule=R + "R17",
    game_over_rule=R + "R80",
    invariants=(R + "R11", R + "R14", R + "H2"),
    enumerate_actions=_enumerate,
    setup_errors=_by_mode(setup_errors, setup_errors, campaign_setup_errors),
    setup_examples=_by_mode(setup_examples, setup_examples, campaign_setup_examples),
    param_errors=_param_errors,
    options_schema=OPTIONS,
    player_fields=(
        PlayerField("hero", "Hero", "Blessed One of Phex"),
        PlayerField("attributes.close_combat", "Close Combat", kind="number"),
        PlayerField("attributes.ranged_combat", "Ranged Combat", kind="number"),
        PlayerField("attributes.magic", "Magic", "- if none", kind="number"),
        PlayerField("attributes.dodge", "Dodge", kind="number"),
    ),
    extends="aventuria",
)
