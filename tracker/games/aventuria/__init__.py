"""Aventuria: Adventure Card Game — duel, skirmish and team duel; the adventures (narrative, combat,
Brief Respite, rewards and experience), the chance encounter, and the campaign that carries the heroes'
Hero Documents from one adventure to the next."""
from __future__ import annotations

from dataclasses import replace

from tracker.engine import Game, Mode, ParamError, Phase, PlayerField, actions_table, decide
from tracker.engine.schema import boolean, obj, seat

from .actions_attack import ATTACK_ACTIONS
from .actions_cards import CARD_ACTIONS
from .actions_life import LIFE_ACTIONS
from .actions_turn import PHASE_TITLES, PLAY, TURN_ACTIONS
from .adventure.actions_between import BETWEEN_ACTIONS
from .adventure.actions_life import LIFE_ACTIONS as ADVENTURE_LIFE
from .adventure.actions_narrative import NARRATIVE_ACTIONS
from .adventure.actions_round import ROUND_ACTIONS
from .adventure.actions_villains import VILLAIN_ACTIONS
from .adventure.combat import PHASE_TITLES as ADVENTURE_PHASES
from .adventure.start import setup_adventure
from .adventure.enumerate import enumerate_adventure
from .adventure.params import param_errors
from .adventure.setup import (
    ADVENTURE_OPTIONS, CHANCE_OPTIONS, adventure_setup_errors, adventure_setup_examples,
)
from .adventure.variants import SHARED_ACTIONS
from .campaign import (
    CAMPAIGN_ACTIONS, CAMPAIGN_OPTIONS, campaign_candidates, campaign_param_errors, campaign_setup, campaign_setup_errors,
    campaign_setup_examples,
)
from .decks import DECK_FIELDS, validate_deck
from .enumerate import enumerate_actions
from .outcome import outcome
from .rules import RULES
from .state import ADVENTURE_MODES, DUEL_MODES, hero_choices, setup, setup_errors, setup_examples

DUELS = frozenset(DUEL_MODES)
DUEL_PHASES = tuple(PHASE_TITLES)
COMBAT_PHASES = ("combat_setup", "preparation", "hero_actions", "hero_end", "opponent_turns", "time_effects",
                 "after_combat", "defeated")
ADVENTURE_STEPS = ("narrative", *COMBAT_PHASES, "adventure_end")


def _duel_only(spec):
    # Turn actions need an active hero: no override may run them during the roll-off.
    spec = replace(spec, rules=spec.rules + ("aventuria.H6",)) if spec.phases == PLAY else spec
    return replace(spec, modes=DUELS)


def _by_mode(duel, adventure, campaign):
    def pick(mode, *args):
        if mode == "campaign":
            return campaign(*args)
        return (adventure if mode in ADVENTURE_MODES else duel)(mode, *args)
    return pick


def _enumerate(state):
    if state.get("mode") == "campaign":
        return [a for a in campaign_candidates(state) if _legal(a, state)]
    if state.get("mode") in ADVENTURE_MODES:
        return enumerate_adventure(GAME, state)
    return enumerate_actions(state)


def _legal(action, state) -> bool:
    try:
        return decide(GAME, state, action).accepted
    except ParamError:
        return False


def _param_errors(state, action_type, params):
    if state.get("mode") == "campaign":
        return campaign_param_errors(state, action_type, params)
    return param_errors(state, action_type, params)


GAME = Game(
    slug="aventuria",
    title="Aventuria Adventure Card Game",
    modes=(
        Mode("duel", "Duel", 2, 2, phases=DUEL_PHASES),
        Mode("skirmish", "Skirmish", 3, 8, phases=DUEL_PHASES),
        Mode("team_duel", "Team Duel", 4, 8, phases=DUEL_PHASES),
        Mode("adventure", "Adventure", 1, 4, options=ADVENTURE_OPTIONS, phases=ADVENTURE_STEPS),
        Mode("chance_encounter", "Chance Encounter", 1, 4, options=CHANCE_OPTIONS, phases=COMBAT_PHASES),
        Mode("campaign", "Campaign", 1, 4, options=CAMPAIGN_OPTIONS, phases=("between_adventures",)),
    ),
    phases=tuple(Phase(pid, title) for pid, title in
                 {**PHASE_TITLES, **ADVENTURE_PHASES, "between_adventures": "Between adventures"}.items()),
    actions=actions_table(*map(_duel_only, (*TURN_ACTIONS, *CARD_ACTIONS, *ATTACK_ACTIONS, *LIFE_ACTIONS)),
                          *ROUND_ACTIONS, *VILLAIN_ACTIONS, *ADVENTURE_LIFE, *SHARED_ACTIONS,
                          *NARRATIVE_ACTIONS, *BETWEEN_ACTIONS, *CAMPAIGN_ACTIONS),
    rules=RULES,
    setup=_by_mode(setup, setup_adventure, campaign_setup),
    outcome=outcome,
    phase_rule="aventuria.R1",
    game_over_rule="aventuria.H4",
    invariants=("aventuria.H1", "aventuria.R48", "aventuria.H7"),
    enumerate_actions=_enumerate,
    setup_errors=_by_mode(setup_errors, adventure_setup_errors, campaign_setup_errors),
    setup_examples=_by_mode(setup_examples, adventure_setup_examples, campaign_setup_examples),
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
    param_errors=_param_errors,
)
