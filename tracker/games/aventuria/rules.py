"""The full rule table: every spec rule R1-R135, the module's house rules H1-H9 and the campaign's C1."""
from __future__ import annotations

from tracker.engine.kit.rules import assemble

from .adventure.rules import ADVENTURE_RULES
from .adventure.rules_story import STORY_RULES
from .campaign import CAMPAIGN_RULES
from .decks import DECK_RULES
from .rules_cards import CARD_RULES
from .rules_combat import COMBAT_RULES
from .rules_reminders import REMINDER_ROWS
from .rules_turn import TURN_RULES

RULES = assemble(TURN_RULES, CARD_RULES, COMBAT_RULES, ADVENTURE_RULES, STORY_RULES, CAMPAIGN_RULES, DECK_RULES, slug="aventuria", reminder_rows=REMINDER_ROWS)
