"""The full rule table: every spec rule R1-R135 plus the module's house rules H1-H5."""
from __future__ import annotations

from tracker.engine import rules_table

from .rules_cards import CARD_RULES
from .rules_combat import COMBAT_RULES
from .rules_reminders import reminder_rules
from .rules_turn import TURN_RULES

try:
    from .decks import DECK_RULES
except ImportError:  # deck validation lives in decks.py, written separately
    DECK_RULES = ()

_OWN = TURN_RULES + CARD_RULES + COMBAT_RULES + tuple(DECK_RULES)


def _key(rule):
    code = rule.code
    return (code[0], int(code[1:]))


RULES = rules_table(*sorted(_OWN + reminder_rules({r.id for r in _OWN}), key=_key))
