"""The included adventures' combats as the rulebook states them, in our words: threat multiplier,
the leaders it names, the henchman keywords, how the combat is won and lost, whether acts follow.

What the rulebook leaves to the cards (leader and henchman values, the time scale's counters and
the effect printed at each number) the table types once; the page remembers it by name.
"""
from __future__ import annotations

from dataclasses import dataclass

DIFFICULTIES = ("easy", "normal", "difficult", "legendary")
CHANCE_ENCOUNTER_THREAT = 7  # [Chance Encounter]: heroes x 7

# victory: "all_opponents" (every villain defeated or fled), "leaders" (every leader defeated),
# "declared" (a story card decides: the table records end_combat).
# defeat: any of "doom" (doom counters reach the number of heroes), "heir" (the heir falls),
# "time" (the last time counter is removed). Every combat is also lost when no hero is conscious.


@dataclass(frozen=True)
class Combat:
    adventure: str
    act: int
    title: str
    section: str
    threat: int | None  # multiplier per hero; None: the table gives the threat value
    leaders: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()  # henchman keywords allowed (empty: any)
    victory: str = "all_opponents"
    defeat: tuple[str, ...] = ()
    doom_per_knockout: bool = False
    last: bool = True  # no act follows this combat
    rewards: bool = False  # Reward Cards, one per hero, after a victory
    threat_extra: int = 0  # per hero, what the narrative may add to the threat value
    extras: tuple[str, ...] = ()  # henchmen the narrative sets aside: outside the pile and the threat value


COMBATS = {
    ("saving-silvana", 1): Combat(
        "saving-silvana", 1, "Saving Silvana", "[Short Adventure: Saving Silvana]", 5, ("??? the Kobold",),
        ("Pirate", "Orc"), "all_opponents", ("doom",), doom_per_knockout=True, rewards=True,
        extras=("Cowardly Goblin",)),
    ("the-non-gambling-kind", 1): Combat(
        "the-non-gambling-kind", 1, "The Non-Gambling Kind", "[Short Adventure: The Non-Gambling Kind]", 4,
        (), (), "declared", ("time",), threat_extra=3),  # + damage points on "Risk and Profit", up to 3 a hero
    ("legacy-of-wildenstein", 1): Combat(
        "legacy-of-wildenstein", 1, "Legacy of Wildenstein, Act 1", "[Act 1]", 5, ("Gripbeard Goutgroves",),
        ("Bandit",), "all_opponents", ("heir",), last=False, rewards=True),
    ("legacy-of-wildenstein", 2): Combat(
        "legacy-of-wildenstein", 2, "Legacy of Wildenstein, Act II", "[Act II]", 6, ("Baron von Wildenstein",),
        ("Guard", "Servant"), "leaders", ("heir",), last=False, rewards=True),
    ("legacy-of-wildenstein", 3): Combat(
        "legacy-of-wildenstein", 3, "Legacy of Wildenstein, Act III", "[Act III]", 3, ("Grautax, the False Baron",),
        ("Skeleton",), "leaders", ("doom",), doom_per_knockout=True, rewards=True),
    ("custom", 1): Combat("custom", 1, "Custom adventure", "[The Combat (Preparation)]", None),
}
ADVENTURES = ("saving-silvana", "the-non-gambling-kind", "legacy-of-wildenstein", "custom")
ACTS = {"legacy-of-wildenstein": 3}
CHANCE_ENCOUNTER = Combat("chance-encounter", 1, "Chance Encounter", "[Chance Encounter]", CHANCE_ENCOUNTER_THREAT)


def combat_for(mode: str, adventure: str | None = None, act: int = 1) -> Combat:
    if mode == "chance_encounter":
        return CHANCE_ENCOUNTER
    return COMBATS[(adventure, act)]


def conditions(c: Combat) -> dict:
    """What the combat core reads of a combat, kept in the state (a game built on the core keeps its own)."""
    return {"title": c.title, "section": c.section, "threat": c.threat, "leaders": list(c.leaders),
            "keywords": list(c.keywords), "victory": c.victory, "defeat": list(c.defeat),
            "doom_per_knockout": c.doom_per_knockout, "last": c.last, "rewards": c.rewards,
            "threat_extra": c.threat_extra, "extras": list(c.extras)}
