"""Pathfinder Adventure Card Game: Core Set - scenarios against the hourglass, and the Adventure Path."""
from __future__ import annotations

from dataclasses import replace

from tracker.engine import Game, Mode, Phase, PlayerField, actions_table
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from .actions_check import CHECK_ACTIONS
from .actions_encounter import ENCOUNTER_ACTIONS
from .actions_play import PLAY_CARD_ACTIONS
from .actions_turn import EFFECT_ACTIONS, SETUP_ACTIONS, TURN_ACTIONS, forfeit_unused_exploration
from .campaign import CAMPAIGN_PHASES, campaign_setup, campaign_setup_errors
from .campaign_actions import CAMPAIGN_ACTIONS
from .campaign_enumerate import campaign_enumerate
from .data import CHARACTERS, FAVORED, SCENARIOS
from .decks import DECK_FIELDS, validate_deck
from .enumerate import enumerate_actions
from .rules import RULES
from .state import STEP_TITLES, setup_errors, setup_examples, setup
from .rules_campaign import scenario_allowed
from .titles import titled, with_titles
from .validation import param_errors



def _setup(mode, players, options):
    if mode == "campaign":
        return campaign_setup(players, options)
    return setup(mode, players, options)


def _setup_errors(mode, players, options):
    if mode == "campaign":
        return campaign_setup_errors(players, options)
    return setup_errors(mode, players, options)


def _outcome(state):
    if state.get("mode") != "scenario" or not state.get("result"):
        return None
    won = state["result"] == "won"
    return {"result": state["result"], "winners": list(range(len(state["players"]))) if won else [],
            "reason": state["result_reason"]}


def _enumerate(state):
    if state.get("mode") == "campaign":
        return campaign_enumerate(state)
    return enumerate_actions(state)


_LOCATION = {"anyOf": [string(60), obj(("name",), name=string(60), size=enum("S", "M", "L"),
                                       cards=integer(0, 30, "facedown cards before the story bane"))]}
_HENCHMAN = {"anyOf": [string(80), obj(("name",), name=string(80), proxy=string(40), closing=boolean())]}

OPTIONS = titled(obj(
    hourglass=integer(0, 99, "blessings in the hourglass (Normal: 30; 0 loses at the first advance)"),
    scenario=enum(*SCENARIOS, description="a scenario the rulebook describes, or custom"),
    title=string(100, "the scenario's name, for a custom scenario"),
    adventure_number=integer(0, 6, "the adventure number (AN)"),
    challenge_mode=enum("easy", "normal", "heroic", "legendary", "custom"),
    locations={"type": "array", "items": _LOCATION, "minItems": 1, "maxItems": 12},
    location_size=enum("S", "M", "L"),
    location_count_adjust=integer(-1, 1),
    bane_adventure_offset=integer(-1, 1),
    vault_bane_level_up=boolean(),
    wildcards={"type": "array", "items": string(80), "maxItems": 10},
    villains={"type": "array", "items": _HENCHMAN, "maxItems": 6},
    henchmen={"type": "array", "items": _HENCHMAN, "maxItems": 12},
    dangers={"type": "array", "items": string(80), "maxItems": 6},
    fast=boolean("small locations and 12 + 2 blessings per character"),
    first_player=seat("who takes the first turn"),
    extra_decks=boolean("a class deck or Adventure Path characters let a 5th or 6th player in"),
    campaign=string(64, "the campaign this scenario counts for (its link token)"),
    adventure_path={"description": "campaign: the Adventure Path's title, or its adventures with their scenarios"},
))

# What the rulebook gives of a character is filled in; the rest is typed from the card: a hand size for
# all but Amiri, Lem and Sajan (refused when missing), skills and traits; a favored card type left
# blank is the rulebook's, or is chosen at the table before the starting hand. The favored card is
# typed in the folded part, not a list beside the character: a third list on each player's line
# pushes "Start the game" below the fold at 360 px (the home page lays out every list field there).
PLAYER_FIELDS = (
    PlayerField("character", "Character", choices=tuple((c, c) for c in CHARACTERS)),
    PlayerField("hand_size", "Hand size", "from the card", kind="number",
                help="printed on the character card; Amiri's 4, Lem's 6 and Sajan's 5 are filled in when left blank"),
    PlayerField("favored", "Favored card", "weapon",
                help=f"{', '.join(FAVORED)}; left blank, Amiri's, Lem's and Sajan's are filled in and any other "
                     "character's is chosen at the table before the starting hand"),
    PlayerField("skills", "Skills", "Str d12, Melee: Str +2",
                help="as the character card prints them; the rulebook's characters need none"),
    PlayerField("traits", "Traits", "as printed, by commas",
                help="the character card's traits, added to each of its checks"),
)

GAME = Game(
    slug="pathfinder",
    title="Pathfinder Adventure Card Game: Core Set",
    modes=(Mode("scenario", "Scenario", 1, 6), Mode("campaign", "Adventure Path campaign", 1, 6)),
    phases=tuple(Phase(pid, title) for pid, title in {**STEP_TITLES, **CAMPAIGN_PHASES}.items()),
    actions=actions_table(
        *(replace(with_titles(forfeit_unused_exploration(a)), modes=frozenset({"scenario"}))
          for a in (*SETUP_ACTIONS, *TURN_ACTIONS, *EFFECT_ACTIONS, *PLAY_CARD_ACTIONS, *CHECK_ACTIONS,
                    *ENCOUNTER_ACTIONS)),
        *(replace(with_titles(a), modes=frozenset({"campaign"})) for a in CAMPAIGN_ACTIONS)),
    rules=RULES,
    setup=_setup,
    outcome=_outcome,
    phase_rule="pathfinder.R4",
    game_over_rule="pathfinder.H12",
    invariants=("pathfinder.H11", "pathfinder.H22"),
    enumerate_actions=_enumerate,
    setup_errors=_setup_errors,
    setup_examples=setup_examples,
    options_schema=OPTIONS,
    player_fields=PLAYER_FIELDS,
    validate_deck=validate_deck,
    deck_fields=DECK_FIELDS,
    param_errors=param_errors,
    campaign_allows=scenario_allowed,
)
