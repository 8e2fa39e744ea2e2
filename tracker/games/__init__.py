"""One package per game; importing this package registers every game with the engine."""
from . import aventuria, dark_force, pathfinder  # noqa: F401
