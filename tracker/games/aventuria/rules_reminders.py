"""Rules this module keeps in its table without a check of its own.

Game-end rules (R53-R56) are applied by the outcome code rather than refused; adventure and
campaign rules (R62-R102, R111-R119, R125-R135) are listed now so their ids stay stable when those
modes arrive. Deck rules come from decks.py; any of R103-R110 it does not export gets a
placeholder here so the table always holds R1-R135.
"""
from __future__ import annotations

# (id, kind, section, title) - titles and messages in our own words.
REMINDER_ROWS = (
    ("R53", "state", "[Multiplayer Sessions > Team Duel]", "Team Duel ends at the first elimination"),
    ("R54", "state", "[End of the Game]", "Duel: LP 0 or below loses; together, closest to 0 wins"),
    ("R55", "state", "[Multiplayer Sessions > Skirmish]", "Skirmish: last hero standing wins; together, closest to 0"),
    ("R56", "state", "[Multiplayer Sessions > Team Duel]", "Team Duel ties: more heroes left, then more life points"),
    ("R65", "state", "[Act 1]; [Act II]", "Narrative Fate Point gains, discards and removals"),
    ("R66", "card-data", "[The Combat (Preparation) > 1) Time Scale Card]", "Time scale side matches the difficulty"),
    ("R67", "state", "[The Combat (Preparation) > 5) Henchman Cards]", "Draw henchmen until the threat value is reached"),
    ("R68", "card-data", "[The Combat (Preparation) > 5) Henchman Cards]; [Short Adventure: Saving Silvana]", "Henchman pile uses the listed keywords"),
    ("R69", "state", "[2) Leader Card]; [5) Henchman Cards]", "Row of villains: leaders first, then henchmen in draw order"),
    ("R70", "state", "[Combat Sequence]; [Combat Sequence in Adventure Mode (Reference)]", "Adventure round steps 1 to 5 in order"),
    ("R71", "state", "[Unconscious Heroes]", "Adventure heroes stop at 0 LP and fall unconscious"),
    ("R72", "state", "[Unconscious Heroes]; [Combat Sequence > Target Selection]", "Villains ignore unconscious heroes"),
    ("R73", "state", "[Unconscious Heroes]", "Revival needs a heal of 5 or more, or reanimation"),
    ("R74", "state", "[Unconscious Heroes]", "Revived heroes return next round"),
    ("R75", "state", "[Reanimation Roll]", "Reanimation roll: exhaust X, roll X or less"),
    ("R76", "state", "[Combat Sequence > 5. End of the Round]; [Unconscious Heroes]", "Starting Hero token passes left"),
    ("R77", "state", "[Combat Sequence > 2. Hero Turns]", "Adventure: Fate Points for others only reroll"),
    ("R79", "state", "[Combat Sequence > 2. Hero Turns]", "Adventure attack targets are villains"),
    ("R80", "state", "[Combat Sequence > 3. Opponent Turns]", "Villains act left to right"),
    ("R81", "state", "[Opponent's Critical Success]; [Opponent's Critical Failure]", "Villain action dice: 1 adds an action, 20 ends the turn"),
    ("R82", "state", "[Combat Sequence > Attacks]", "Villain attacks always hit"),
    ("R83", "card-data", "[Combat Sequence > 2. Hero Turns]", "Villains with Dodge \"-\" cannot dodge"),
    ("R84", "card-data", "[Combat Sequence > 2. Hero Turns]; [Additional Rules > Life Point Loss]", "Villain armor reduces every attack"),
    ("R85", "card-data", "[Combat Sequence > Special Opponent Rules]", "Villain healing stops at starting LP"),
    ("R86", "state", "[Combat Sequence > 2. Hero Turns]", "Defeated villains leave; the hero gains a Fate Point"),
    ("R87", "state", "[Combat Sequence > 2. Hero Turns]; [Adventure Mode FAQ > Removing Henchmen]", "Villains leaving undefeated give no Fate Point"),
    ("R88", "state", "[Combat Sequence > 4. Time Effects]", "One time counter per round"),
    ("R89", "state", "[Combat Sequence > 4. Time Effects]; [Adventure Mode FAQ > Time Scale]", "Late henchmen act from the next round"),
    ("R98", "state", "[2nd Edition Changes]; [Victory (End of the Adventure)]", "Fate Points are discarded after an adventure"),
    ("R102", "state", "[Hero Title]", "Hero Titles: adventure only, outside the 30 cards"),
    ("R103", "state", "[Deck Building]", "A deck has exactly 30 Action Cards"),
    ("R104", "state", "[Deck Building]", "At most 2 copies of a card"),
    ("R105", "card-data", "[Deck Building]", "Hero-specific cards only for their hero"),
    ("R106", "card-data", "[Deck Building]; [Game Material (Adventure Mode)] (Skill Cards)", "Category limits from the Skill Card"),
    ("R107", "card-data", "[Deck Building]", "Promotional cards count as general cards"),
    ("R108", "state", "[Deck Building]", "Reward Cards in duels only by agreement; never more than 3"),
    ("R109", "card-data", "[Rules Questions and Answers > Covenant Garb]", "Cards with a category and a type count by category"),
    ("R110", "state", "[Rules Questions and Answers > Pickpocket]", "Stolen cards may be used whatever the thief's deck rules"),
    ("R113", "state", "[Saving Silvana]; [Act III]", "Doom counter for every knock-out"),
    ("R114", "state", "[Act 1]; [Act II]", "Wildenstein: the heir falling is a defeat"),
    ("R115", "state", "[Saving Silvana]; [Act 1]; [Act II]; [Act III]", "Victory conditions of the included combats"),
    ("R117", "state", "[Chance Encounter]", "Chance Encounter: threat 7 per hero, no leader"),
    ("R118", "state", "[Act II]; [Act III]", "Starting Wildenstein mid-way"),
    ("R125", "card-data", "[Actions (Phase 5) > Play Action Cards]; [Combat Sequence > 2. Hero Turns]", "\"In an adventure\" boxes apply only in adventures"),
    ("R126", "state", "[Combat Sequence > Target Selection]; [Unconscious Heroes]", "Villain target selection methods"),
    ("R127", "state", "[The Adventure > Difficulty]; [The Combat (Preparation) > 1) Time Scale Card]", "Difficulty is chosen once per adventure"),
    ("R129", "state", "[The Combat (Preparation) > Additional Preparations]; [Brief Respite]; [Short Adventure: Saving Silvana]; [Short Adventure: The Non-Gambling Kind]; [Act 1]; [Act II]; [Act III]", "Adventure opening hand size"),
    ("R130", "state", "[Short Adventure: Saving Silvana]; [Act III]", "Narrative time counter changes apply once"),
    ("R131", "state", "[Short Adventure: Saving Silvana]; [Short Adventure: The Non-Gambling Kind]; [Act 1]; [Act II]; [Act III]; [Chance Encounter]", "Threat values of the included combats"),
    ("R132", "state", "[Act 1]; [Act II]; [Act III]", "Wildenstein has one heir"),
    ("R133", "state", "[Act II]", "Amulet of the Twelvegods"),
    ("R134", "state", "[Short Adventure: Saving Silvana]; [Short Adventure: The Non-Gambling Kind]; [Act 1]; [Act II]; [Act III]", "Rewards and XP of the included adventures"),
)
