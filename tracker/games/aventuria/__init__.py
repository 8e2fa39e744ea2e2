"""Aventuria: Adventure Card Game — duel, skirmish and team duel (adventure and campaign modes later)."""
from __future__ import annotations

from dataclasses import replace

from tracker.engine import Game, Mode, Phase, PlayerField, actions_table
from tracker.engine.schema import boolean, obj, seat

from .actions_attack import ATTACK_ACTIONS
from .actions_cards import CARD_ACTIONS
from .actions_life import LIFE_ACTIONS
from .actions_turn import PHASE_TITLES, PLAY, TURN_ACTIONS
from .decks import DECK_FIELDS, validate_deck
from .enumerate import enumerate_actions
from .outcome import outcome
from .rules import RULES
from .state import hero_choices, setup, setup_errors, setup_examples



def _play_only(spec):
    # Turn actions need an active hero: no override may run them during the roll-off.
    return replace(spec, rules=spec.rules + ("aventuria.H6",)) if spec.phases == PLAY else spec


GAME = Game(
    slug="aventuria",
    title="Aventuria Adventure Card Game",
    modes=(
        Mode("duel", "Duel", 2, 2),
        Mode("skirmish", "Skirmish", 3, 8),
        Mode("team_duel", "Team Duel", 4, 8),
    ),
    phases=tuple(Phase(pid, title) for pid, title in PHASE_TITLES.items()),
    actions=actions_table(*map(_play_only, (*TURN_ACTIONS, *CARD_ACTIONS, *ATTACK_ACTIONS, *LIFE_ACTIONS))),
    rules=RULES,
    setup=setup,
    outcome=outcome,
    phase_rule="aventuria.R1",
    game_over_rule="aventuria.H4",
    invariants=("aventuria.H1", "aventuria.R48"),
    enumerate_actions=enumerate_actions,
    setup_errors=setup_errors,
    setup_examples=setup_examples,
    options_schema=obj(
        starting_player=seat("who takes the first turn; leave it out to roll for it at the table"),
        reward_cards_allowed=boolean("everyone agreed to allow Reward Cards in decks"),
    ),
    player_fields=(
        PlayerField("hero", "Hero", choices=tuple(hero_choices())),
        PlayerField("attributes.close_combat", "Close Combat", "from the Hero Card", kind="number",
                    help="Arbosh's 14 is filled in when left blank"),
        PlayerField("attributes.ranged_combat", "Ranged Combat", kind="number"),
        PlayerField("attributes.magic", "Magic", "– if none", kind="number"),
        PlayerField("attributes.dodge", "Dodge", kind="number"),
    ),
    validate_deck=validate_deck,
    deck_fields=DECK_FIELDS,
)
