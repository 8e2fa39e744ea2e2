"""Aventuria: Curse of the Desert, Part One: Nedime's rescue, night by night through the Caliph's
palace, for one hero or a group of 2-6 under the multiplayer rules. Built on Aventuria through its
public kit (the adventure combat core, the attack and Fate flows): the Curse's own rule ids and
sections point at the kit's shared checks where the two rulebooks agree."""
from __future__ import annotations

from dataclasses import replace

from tracker.engine import Game, Mode, Phase, PlayerField, actions_table

from .actions_combat import COMBAT_ACTIONS
from .actions_palace import PALACE_ACTIONS
from .actions_round import ROUND_ACTIONS
from .actions_tests import TEST_ACTIONS
from .enumerate import enumerate_actions
from .params import param_errors
from .rules import RULES
from .setup import OPTIONS, setup_errors
from .state import IN_NIGHT, PHASES, R, outcome, setup, setup_examples

def _in_night(spec):
    # an action of the night's steps needs a night laid out: no override runs it before or after one
    if spec.phases is not None and spec.phases <= IN_NIGHT:
        return replace(spec, rules=(R + "H3", *spec.rules))
    return spec


GAME = Game(
    slug="curse-of-the-desert",
    title="Aventuria: Curse of the Desert",
    modes=(Mode("nedime", "Part One: Nedime, the Caliph's Daughter", 1, 6, options=OPTIONS, phases=tuple(PHASES)),),
    phases=tuple(Phase(pid, title) for pid, title in PHASES.items()),
    actions=actions_table(*map(_in_night, (*PALACE_ACTIONS, *ROUND_ACTIONS, *TEST_ACTIONS, *COMBAT_ACTIONS))),
    rules=RULES,
    setup=setup,
    outcome=outcome,
    phase_rule=R + "R17",
    game_over_rule=R + "R80",
    invariants=(R + "R11", R + "R14", R + "H2"),
    enumerate_actions=lambda state: enumerate_actions(GAME, state),
    setup_errors=setup_errors,
    setup_examples=setup_examples,
    param_errors=param_errors,
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
