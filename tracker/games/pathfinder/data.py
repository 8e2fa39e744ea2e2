"""Card facts the tracker ships: Core Set characters and the scenarios the rulebook describes.

Only what the rulebook gives is shipped; the table types the rest from its own cards at setup.
Deck lists: every character's, from the rulebook's Deck Suggestions (each row names six cards and
counts the rest by type, 15 in all, and a suggested deck must meet the deck list) [Build Your Deck;
Deck Suggestions]; Amiri's is also spelled out [Example: Deck Lists]. Hand sizes and favored card
types: only Amiri's, Lem's and Sajan's, from the Example of Play [Setting Up]. Every other hand size
is typed at setup (player field `hand_size`, refused when missing); a favored card type that is not
typed is chosen at the table before the starting hand, as Lem's "any" is (`choose_favored`, R73).
"""
from __future__ import annotations

BOON_TYPES = ("weapon", "spell", "armor", "item", "ally", "blessing")
BANE_TYPES = ("monster", "barrier", "villain", "henchman")
SUPPORT_TYPES = ("scourge", "cohort", "proxy")
CARD_KINDS = BOON_TYPES + BANE_TYPES + SUPPORT_TYPES
FAVORED = BOON_TYPES + ("any",)  # a favored card type as setup takes it; "any": chosen each scenario
STORY_BANES = ("villain", "henchman")
SIZES = {"S": 6, "M": 9, "L": 12}  # typical facedown cards per location before the story bane
NORMAL_HOURGLASS = 30
SKILLS = (
    "strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma",
    "melee", "ranged", "acrobatics", "knowledge", "arcane", "divine", "perception", "fortitude",
    "disable", "craft", "diplomacy",
)
DICE = (4, 6, 8, 10, 12)


def _deck(weapon, spell, armor, item, ally, blessing):
    return dict(zip(BOON_TYPES, (weapon, spell, armor, item, ally, blessing)))


# name -> deck list (every character), skills the rulebook gives (as printed: a die, or the skill it
# names with a bonus; None: the rulebook says the character has the skill but not its die), the skills
# it says the character lacks, and, for the three characters of the Example of Play only, hand size
# and favored card type ("any": chosen each scenario). A missing key is a fact the rulebook does not
# give: the table types it. Skills come only from the Example of Play, the closing example (Kyra) and
# the die-replacement example (Lini) [Example of Play; Example: Closing a Location; Play Cards and Use
# Powers That Affect Your Check].
CHARACTERS = {
    "Amiri": {"hand_size": 4, "favored": "weapon", "deck_list": _deck(4, 0, 2, 3, 2, 4),
              "skills": {"strength": "d12", "melee": "Strength +2", "fortitude": None},
              "lacks": ("knowledge", "perception")},
    "Lini": {"deck_list": _deck(1, 5, 1, 1, 5, 2), "skills": {"strength": None, "dexterity": None, "constitution": None}},
    "Ezren": {"deck_list": _deck(1, 7, 0, 4, 3, 0), "skills": {}},
    "Merisiel": {"deck_list": _deck(4, 0, 1, 4, 3, 3), "skills": {}},
    "Fumbus": {"deck_list": _deck(2, 2, 1, 6, 1, 3), "skills": {}},
    "Sajan": {"hand_size": 5, "favored": "blessing", "deck_list": _deck(2, 0, 0, 3, 3, 7),
              "skills": {"dexterity": "d8", "acrobatics": "Dexterity +2", "perception": None}},
    "Harsk": {"deck_list": _deck(4, 0, 1, 3, 3, 4), "skills": {}},
    "Seelah": {"deck_list": _deck(3, 2, 3, 1, 2, 4), "skills": {}},
    "Kyra": {"deck_list": _deck(2, 4, 1, 2, 1, 5), "skills": {"strength": "d8"}, "lacks": ("disable",)},
    "Seoni": {"deck_list": _deck(1, 5, 0, 2, 4, 3), "skills": {}},
    "Lem": {"hand_size": 6, "favored": "any", "deck_list": _deck(1, 4, 0, 3, 4, 3),
            "skills": {"intelligence": "d6", "knowledge": "Intelligence +1", "charisma": "d10",
                       "arcane": "Charisma +1"},
            "lacks": ("craft",)},
    "Valeros": {"deck_list": _deck(4, 0, 3, 2, 3, 3), "skills": {}},
}
CORE_DECKS = 4  # decks the Core Set alone can build (R96)

# Scenarios with the facts the rulebook gives; anything else is typed at setup ("custom").
# locations: per party size, the list the storybook sets out (only what the rulebook quotes).
SCENARIOS = {
    "custom": {"title": "Custom scenario", "adventure": 1, "locations": {}, "villains": [], "henchmen": [],
               "dangers": [], "closing_henchmen": []},
    "rumble-road": {"title": "Rumble Road", "adventure": 1, "locations": {}, "villains": [], "henchmen": [],
                    "dangers": [], "closing_henchmen": []},
    "1A": {"title": "1A: Plans Gone Wrong", "adventure": 1,
           "locations": {3: ["Ruin", "Tower", "Oubliette", "Laboratory"]},
           "villains": [],
           "henchmen": [{"name": "Kobold Champion"}, {"name": "Diabolical Imp"},
                        {"name": "Clockwork Guardian", "closing": True}, {"name": "Elemental", "proxy": "Proxy A"}],
           "dangers": ["Collapse"], "closing_henchmen": ["Clockwork Guardian"]},
    "the-blood-vow": {"title": "The Blood Vow", "adventure": 1, "locations": {},
                      "villains": [{"name": "Kobold Sorceror"}],
                      "henchmen": [{"name": "Kobold Champion"}, {"name": "Inferno Trap"},
                                   {"name": "Kobold Hordes", "proxy": "Proxy A"}],
                      "dangers": [], "closing_henchmen": []},
}
DEFAULT_LOCATIONS = ("Academy", "Cathedral", "Cell", "Laboratory", "Mine", "Oubliette", "Ruin", "Tower", "Trail")

# Locations whose powers the engine applies or explains (spec 12.4).
LOCATION_FACTS = {
    "Academy": "On your first exploration of a turn, if the card you encounter isn't a spell, you may explore again.",
    "Cell": "To close: bury an ally, or a Strength or Disable check of 6 + AN. When closed: draw a random ally.",
    "Tower": "At this location you may examine the top card of another location.",
    "Oubliette": "Damage suffered here is increased by 1; closing it uses Fortitude.",
    "Laboratory": "To close: Intelligence or Craft 5 + AN. When closed: summon 3 spells, try to acquire 1.",
}


def character(name: str) -> dict | None:
    for key, data in CHARACTERS.items():
        if key.lower() == (name or "").strip().lower():
            return {"name": key, **data}
    return None


def missing_hand_size(name: str) -> str:
    """Why a character's hand size must be typed: the rulebook gives only three."""
    return f"{name}'s hand size is not in the rulebook: type it from the character card"


def favored_type(raw):
    """A favored card type as typed ("Weapon ", "blessing"), or the raw value when it isn't one."""
    return raw.strip().lower() if isinstance(raw, str) and raw.strip().lower() in FAVORED else raw


def deck_total(deck_list: dict) -> int:
    return sum(deck_list.get(t, 0) for t in BOON_TYPES)


def story_bane_stack(villains: list, henchmen: list, locations: int) -> tuple[list, list]:
    """The stack dealt one card per location, and the originals set aside (spec 6.2, S5)."""
    stack = [v["name"] for v in villains][:locations]
    set_aside = [h["name"] for h in henchmen if h.get("proxy")]
    for h in henchmen:
        if len(stack) >= locations:
            break
        stack.append(h.get("proxy") or h["name"])
    proxies = [h["proxy"] for h in henchmen if h.get("proxy")]
    if proxies:
        last = [h for h in henchmen if h.get("proxy")]
        # extra copies of the last henchman's proxy; alternate when several henchmen have one
        cycle = proxies if len(proxies) > 1 else [last[-1]["proxy"]]
        i = 0
        while len(stack) < locations:
            stack.append(cycle[i % len(cycle)])
            i += 1
    return stack, set_aside
