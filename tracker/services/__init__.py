"""Writes, one transaction each: `sessions` (create, apply, undo, redo), `records` (a finished child
recorded in its parent); `linking` reads what links sessions. Import the module you need."""
