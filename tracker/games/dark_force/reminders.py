"""Rules kept in the table without a check of their own, and the module's hard invariant.

Every spec rule R1-R115 is in the table so its id, section and reference entry are stable: the
parts of the module (movement, combat, magic, naval, tournament) supply the checks they enforce;
what is left here is either applied by an action's effect or needs card data the app doesn't have.
"""
from __future__ import annotations

from tracker.engine import Rule

_SECTIONS = {
    range(1, 6): "[3 Game Components]", range(6, 13): "[5 Start Phase]", range(13, 21): "[6 Movement Phase]",
    range(21, 33): "[3.3 Card Values]", range(33, 44): "[6 Movement Phase]", range(44, 56): "[9 Magic]",
    range(56, 61): "[10 Miracles and the Twelve Gods]", range(61, 64): "[3.4 Card Types]", range(64, 81): "[7 Combat Phase]",
    range(81, 91): "[6.1 Captain's Pack Move Rules]", range(91, 100): "[7.7 Naval Combat (Captain's Pack)]",
    range(100, 107): "[11 Victory Conditions and Game End]", range(107, 116): "[3.1 Game Term Definitions]",
}


def _section(n: int) -> str:
    return next(sec for span, sec in _SECTIONS.items() if n in span)


def _no_negative_counts(state, params, ctx):
    if state.get("mode") != "duel":
        return None
    for p in state["players"]:
        for key in ("deck_count", "hand_count", "discard_count"):
            if p[key] < 0:
                return f"{p['name']}'s {key.replace('_count', '')} can't drop below 0."
        if p["borons_halls"]["points"] < 0:
            return f"{p['name']}'s Boron's Halls can't drop below 0."


HARD = (Rule("dark-force.H2", "Counts never drop below zero", "[3.1 Game Term Definitions]",
             "A pile can't hold fewer than 0 cards.", _no_negative_counts, hard=True),)


def reminder_rules(skip: set[str]) -> tuple[Rule, ...]:
    out = [r for r in HARD if r.id not in skip]
    for n in range(1, 116):
        rule_id = f"dark-force.R{n}"
        if rule_id not in skip:
            title = f"Rule {n} (see the reference entry)"
            out.append(Rule(rule_id, title, _section(n), title + ".", kind="card-data"))
    return tuple(out)
