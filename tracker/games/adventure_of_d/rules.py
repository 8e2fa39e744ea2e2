"""The rule table, R1-R82 as the reference corpus cites them: the checked rules of rules_turn and
rules_play, and the rest kept as reminders (what setup, the schema or the effects do by themselves, or
what card text decides)."""
from __future__ import annotations

from tracker.engine.kit.rules import assemble

from .rules_play import RULES_PLAY
from .rules_turn import RULES_TURN

SLUG = "adventure-of-d"
REMINDERS = (
    ("R1", "state", "[4. Setup]", "Solo has 1 player; co-op and competitive 2 or 3 (a 400 at setup)"),
    ("R2", "state", "[4. Setup]", "Timer cards 8, 6 or 5 by difficulty; Heroic always 5; none in competitive"),
    ("R3", "state", "[4. Setup]", "One different hero per player (a 400 at setup)"),
    ("R5", "state", "[4. Setup]", "Starting magic: solo 4; competitive 0, 2, 4 in turn order; co-op 0"),
    ("R6", "state", "[4. Setup]", "Starting HP 6; 5 each in a 3-player co-op game; maximum HP stays 6"),
    ("R8", "state", "[4. Setup]", "Every hero token starts on the Castle of Light"),
    ("R9", "state", "[2.1 Hero Cards and Upgrade Cards]", "Strength, intelligence and agility stay 0 to 8 (clamped, with a note)"),
    ("R11", "state", "[2.2 Power Cards]", "Maximum HP is 6: extra cards are discarded at once"),
    ("R22", "state", "[5.1 Reveal a New Event]", "An accepted event displaces the event on its location and the one of its type"),
    ("R24", "state", "[5.2 Main Phase]", "Rest ends the main phase and the turn"),
    ("R25", "state", "[5. Gameplay]", "End of turn: the discard pile under the deck, unshuffled; the deck passes on"),
    ("R26", "state", "[5. Gameplay]", "After the last player's turn a timer card goes on the hero deck; none left: the game is lost"),
    ("R27", "state", "[2.2 Power Cards]", "The discard pile becomes the deck only when the deck is empty; it is never browsed"),
    ("R32", "state", "[5.2.1 Move]", "The shadow's power is the move card's power; power 0 meets no shadow"),
    ("R37", "state", "[5.2.1 Move]", "The move card is discarded"),
    ("R38", "card-data", "[3. Keywords]", "A teleport is not a move: no card, no shadow check; heroes there may follow"),
    ("R45", "card-data", "[2.2 Power Cards]", "An event's effect applies everywhere while it is on the map (type the difficulty with it)"),
    ("R46", "card-data", "[2.2 Power Cards]", "Cards a text asks for must match its icons"),
    ("R48", "state", "[5.2.2.1 A Test: Strength / Intelligence / Agility]", "Playing your last card drops you to HP 0: no bonus, no result"),
    ("R49", "state", "[5.2.2.1 A Test: Strength / Intelligence / Agility]", "HEAL 1 only when the test card's type is the test's"),
    ("R50", "state", "[5.2.2.1 A Test: Strength / Intelligence / Agility]", "Card + stat + check at least the difficulty wins"),
    ("R51", "state", "[5.2.2.1 A Test: Strength / Intelligence / Agility]", "The test card and the check card are discarded"),
    ("R53", "state", "[3. Keywords]", "HEAL X draws X; above 6 the extra cards are discarded"),
    ("R54", "state", "[3. Keywords]", "LEARN SKILL takes the top hero card; with an empty hero deck nothing happens"),
    ("R59", "card-data", "[3. Keywords]", "LOSE discards cards of your choice, SHOCK at random"),
    ("R61", "state", "[5.3 Rest]", "Rest draws up to 6 minus the danger; nothing when already there"),
    ("R62", "state", "[5.3 Rest]", "Rest gains magic equal to the danger"),
    ("R64", "state", "[6. If Your HP =0]", "HP 0 on your own turn: magic 1, HEAL 1, the turn ends at once"),
    ("R65", "state", "[6. If Your HP =0]", "HP 0 on another's turn: play on until your own turn"),
    ("R68", "state", "[4. Setup]", "Co-op players talk but never show their hands"),
    ("R70", "state", "[7. Tower of Death]", "Heroes Assemble: the others discard a card (not at HP 1 or less) and join"),
    ("R73", "state", "[8. Winning the Game]", "HP 0 inside the Tower, or teleported out: eliminated (solo and co-op)"),
    ("R75", "state", "[8. Winning the Game]", "Competitive: the first to defeat Elzoof wins"),
    ("R76", "state", "[8. Winning the Game]", "Solo and co-op: all defeat Elzoof epic, half or more minor, fewer lost"),
    ("R79", "state", "[3. Keywords]", "CHECK X flips X cards from the deck onto the pile; no hand changes"),
    ("R80", "state", "[9. Heroic Mode]", "Heroic Mode is for solo and co-op only (a 400 at setup)"),
    ("R81", "state", "[4. Setup]", "The last player in turn order holds the timer cards"),
    ("R82", "state", "[5.2 Main Phase]", "Move and act as often as you like; the turn ends by resting or at HP 0"),
)

RULES = assemble(RULES_TURN, RULES_PLAY, first="R", reminder_rows=REMINDERS, slug=SLUG)
