"""The Curse of the Desert page in mode `borbarad` (Part Two: the Curse of Borbarad, in the tower).

The round is Part One's (step 0 move, 1A-1C, the hero's turn, the opponents, time), so the draw, the
endurance, the hero's attacks, the skill test and the opponents' guide are page_night's panels; the heroes
and the row are page.py's. What is the tower's own is here: the header (exploration, round, the Time Row
counting down, the Death's Candidate stage with its tokens, the section this exploration leads to), the
tower grid with its floors and the moves the engine takes (a face-down card is entered through a picker:
its name, its floor when the app cannot know it), the last entry (Tower Card or Learning Card), the
Treasure of Knowledge (Learning Cards, floor experience and Insight, environments, Task Cards, the
Vagabond, hunger and thirst), the end of an exploration, the section reader (sections.preview for both
branches of the Objective) and the start-of-exploration helper. Every tap is asked of the engine first
(`Offer`, `page_kit.step`): a refusal is shown with its rule and a tap-anyway, never hidden.
"""
from __future__ import annotations

import json

from tracker.engine.kit.presenter import Offer, Quick, Table, why_not
from tracker.engine.kit.seats import name_of

from . import sections
from .page_kit import GUARD_CHIPS, step
from .page_night import _draw, _endurance, _hero, _opponents, test_helper
from .page_tower_kit import (
    DC_FINAL, DEFAULT_HENCHMAN, ENTRANCE, FLOOR_COLOURS, REASON_TITLES, floor_chips, insight_at, last_henchmen,
    floors_in_play,
)
from .state import IN_NIGHT, PHASES, ROUND, label
from .tower import ENVIRONMENTS, FLOOR_TITLES, FLOORS, TASK_CARDS

# An environment's tokens are one of adjust_counter's counters (the others have none to count).
ENV_COUNTERS = {"Orc Shaman": "orc_shaman", "Eleven Friends": "eleven_friends"}
