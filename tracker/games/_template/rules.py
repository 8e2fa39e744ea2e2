"""The rule table: every rule a named object with a stable id, the rulebook heading it cites and a check.
Each id has a reference entry in fixtures/rules/_template/rules.yaml and a refusal test."""
from __future__ import annotations

from tracker.engine import Rule
from tracker.engine.kit.invariants import negative_counts
from tracker.engine.kit.rules import assemble


def check_r1(state, params, ctx):
    if params.get("player") != state["active_player"]:
        return f"It is {state['players'][state['active_player']]['name']}'s turn."


def check_h1(state, params, ctx):
    below = negative_counts(state, per_seat=("points",))
    if below:
        return f"{below[0][0]} can't have fewer than 0 points."


RULES = assemble((
    Rule("template.R1", "The active player acts, in the phase that allows it", "[Turn Sequence]",
         "Only the active player does this, and only in its phase.", check_r1),
    Rule("template.R2", "The first to the target wins", "[End of the Game]",
         "The game is over; nothing more can be recorded (undo to change the ending).", hard=True),
    Rule("template.H1", "Points never drop below zero", "[Scoring]",
         "A player can't have fewer than 0 points.", check_h1, hard=True),
), first="R", slug="template")
