"""Rules kept in the table without a check of their own, and the module's hard invariant.

Every spec rule R1-R115 is in the table so its id, section and reference entry are stable: the
parts of the module (movement, combat, magic, naval, tournament) supply the checks they enforce;
what is left here is either applied by an action's effect or needs card data the app doesn't have.
"""
from __future__ import annotations

from tracker.engine import Rule
from tracker.engine.kit.invariants import negative_counts

from .rule_titles import ROWS

def _no_negative_counts(state, params, ctx):
    if state.get("mode") != "duel":
        return None
    for who, key, _ in negative_counts(state, per_seat=("deck_count", "hand_count", "discard_count")):
        return f"{who}'s {key.replace('_count', '')} can't drop below 0."
    for p in state["players"]:
        if p["borons_halls"]["points"] < 0:
            return f"{p['name']}'s Boron's Halls can't drop below 0."


HARD = (Rule("dark-force.H2", "Counts never drop below zero", "[3.1 Game Term Definitions]",
             "A pile can't hold fewer than 0 cards.", _no_negative_counts, hard=True),)


# (code, kind, section, title) for every spec rule no part enforces
REMINDER_ROWS = tuple((f"R{n}", kind, section, title) for n, (kind, section, title) in ROWS.items())
