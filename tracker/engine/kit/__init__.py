"""Pure helpers every game shares (no Django, no game): rule tables, invariants, decks, seats,
enumerators and presenters. A game imports what it needs from the modules here."""
