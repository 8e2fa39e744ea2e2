"""Aventuria's adventure combat: heroes together against a row of villains, round by round.

The core is written so another game built on Aventuria (Curse of the Desert) can use it through
`tracker.games.aventuria.kit`: what differs between the two (villain dice criticals, the hand
limit, what a defeated villain gives) is data in `state["flavour"]`, not code.
"""
