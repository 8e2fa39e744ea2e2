"""Dark Force (1994): provinces, armies and Boron's Halls; and the Essen '96 tournament."""
from __future__ import annotations

from dataclasses import replace

from tracker.engine import Game, Mode, Phase, PlayerField, actions_table
from tracker.engine.kit.rules import assemble
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from . import combat, magic, movement, naval
from .decks import DECK_FIELDS, DECK_RULES, validate_deck
from .enumerate import enumerate_actions
from .param_titles import titled, titled_options
from .reminders import HARD, REMINDER_ROWS
from .state import PHASE_TITLES, setup, setup_errors, setup_examples
from .tournament import (
    TOURNAMENT_ACTIONS, TOURNAMENT_PHASES, TOURNAMENT_RULES, tournament_enumerate, tournament_setup,
    tournament_setup_errors,
)
from .turn import TURN_ACTIONS, TURN_RULES

# The parts of a duel, each exporting its ACTIONS and RULES; they meet through turn.py's hooks.
_PARTS = (movement, combat, magic, naval)
_DUEL_ACTIONS = (*TURN_ACTIONS, *(a for part in _PARTS for a in part.ACTIONS))


def _setup(mode, players, options):
    return tournament_setup(players, options) if mode == "tournament" else setup(mode, players, options)


def _setup_errors(mode, players, options):
    return tournament_setup_errors(players, options) if mode == "tournament" else setup_errors(mode, players, options)


def _outcome(state):
    if state.get("mode") != "duel" or not state.get("result"):
        return None
    res = state["result"]
    winner = res.get("winner")
    return {"result": "draw" if winner is None else "won", "winners": [] if winner is None else [winner],
            "reason": res["reason"]}


def _enumerate(state):
    # the duel's enumerators check offers against the whole table (parts add rules to each other's actions)
    return tournament_enumerate(state) if state.get("mode") == "tournament" else enumerate_actions(state, GAME)


RULES = assemble(TURN_RULES, *(part.RULES for part in _PARTS), TOURNAMENT_RULES, DECK_RULES, HARD,
                 first="R", slug="dark-force", reminder_rows=REMINDER_ROWS)

GAME = Game(
    slug="dark-force",
    title="Dark Force",
    modes=(Mode("duel", "Duel", 2, 2), Mode("tournament", "Essen '96 tournament", 2, 64)),
    phases=tuple(Phase(pid, title) for pid, title in {**PHASE_TITLES, **TOURNAMENT_PHASES}.items()),
    actions=actions_table(*(replace(titled(a), modes=frozenset({"duel"})) for a in _DUEL_ACTIONS),
                          *(replace(titled(a), modes=frozenset({"tournament"})) for a in TOURNAMENT_ACTIONS)),
    rules=RULES,
    setup=_setup,
    outcome=_outcome,
    phase_rule="dark-force.R8",
    game_over_rule="dark-force.R103",
    invariants=("dark-force.H2",),
    enumerate_actions=_enumerate,
    setup_errors=_setup_errors,
    setup_examples=setup_examples,
    options_schema=titled_options(obj(
        deck_size=integer(6, 999, "cards in each deck, unless a player gives their own (60, 90 or 120 give the "
                          "graduated targets)"),
        bh_target=integer(1, 200, "Boron's Halls points that end the game (default 20)"),
        graduated_target=boolean("take the target from the deck size: 60/90/120 cards -> 20/30/40 (the smaller "
                                 "deck's when they differ)"),
        essen96=boolean("Essen '96 tournament rules"),
        ab_errata=boolean("the Aventurian Messenger rulings (on by default)"),
        captains_pack=boolean("Captain's Pack: ships and ocean terrains"),
        deck_out_timing=enum("immediate", "on_failed_draw"),
        creature_capacity=enum("subtractive", "additive"),
        first_placement=enum("text", "chart"),
        event_limit=enum("turn", "player", description="Essen '96: an event name once per turn for both "
                         "players together (turn) or for each player"),
        first_player=seat("skip the roll-off: who goes first"),
        time_limit_scoring=enum("bh_difference", "management", description="tournament: how a game ended by the "
                                "hour scores"),
        tournament=string(64, "the tournament this game counts for (its edit link token)"),
    )),
    # a deck may differ from the other's (players[i].deck_size): the graduated target reads the smaller one
    player_fields=(PlayerField("deck_size", "Cards in deck", "60", kind="number",
                               help="this player's own deck; empty: the cards-per-deck option"),),
    validate_deck=validate_deck,
    deck_fields=DECK_FIELDS,
)
