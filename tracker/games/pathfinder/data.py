"""Card facts the tracker ships: Core Set characters and the scenarios the rulebook describes.

Deck lists come from the rulebook's Deck Suggestions (spec section 12.1; every row sums to 15).
Hand sizes and favored cards the rulebook states (Amiri, Lem, Sajan) are marked `stated`; the
others are the printed character cards' values as we know them and can be changed per player at
setup (`hand_size`, `favored`), because the table's own card is the authority.
"""
from __future__ import annotations

BOON_TYPES = ("weapon", "spell", "armor", "item", "ally", "blessing")
BANE_TYPES = ("monster", "barrier", "villain", "henchman")
SUPPORT_TYPES = ("scourge", "cohort", "proxy")
CARD_KINDS = BOON_TYPES + BANE_TYPES + SUPPORT_TYPES
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


# name -> hand size, favored card type ("any": chosen each scenario), deck list, the skills the
# rulebook gives (as printed: a die, or the skill it names with a bonus; None: the rulebook says the
# character has the skill but not its die), the skills it says the character lacks, and which of the
# other facts the rulebook states. Skills come only from the rulebook's Example of Play, its closing
# example (Kyra) and its die-replacement example (Lini) [Example of Play; Example: Closing a
# Location; Play Cards and Use Powers That Affect Your Check]; the table types the rest at setup.
CHARACTERS = {
    "Amiri": {"hand_size": 4, "favored": "weapon", "deck_list": _deck(4, 0, 2, 3, 2, 4),
              "skills": {"strength": "d12", "melee": "Strength +2", "fortitude": None},
              "lacks": ("knowledge", "perception"), "stated": ("hand_size", "favored", "deck_list")},
    "Lini": {"hand_size": 5, "favored": "spell", "deck_list": _deck(1, 5, 1, 1, 5, 2),
             "skills": {"strength": None, "dexterity": None, "constitution": None}, "stated": ()},
    "Ezren": {"hand_size": 6, "favored": "spell", "deck_list": _deck(1, 7, 0, 4, 3, 0), "skills": {}, "stated": ()},
    "Merisiel": {"hand_size": 5, "favored": "weapon", "deck_list": _deck(4, 0, 1, 4, 3, 3), "skills": {}, "stated": ()},
    "Fumbus": {"hand_size": 5, "favored": "item", "deck_list": _deck(2, 2, 1, 6, 1, 3), "skills": {},
               "traits": ("Goblin", "Alchemist"), "stated": ()},
    "Sajan": {"hand_size": 5, "favored": "blessing", "deck_list": _deck(2, 0, 0, 3, 3, 7),
              "skills": {"dexterity": "d8", "acrobatics": "Dexterity +2", "perception": None},
              "stated": ("hand_size", "favored")},
    "Harsk": {"hand_size": 5, "favored": "weapon", "deck_list": _deck(4, 0, 1, 3, 3, 4), "skills": {}, "stated": ()},
    "Seelah": {"hand_size": 4, "favored": "weapon", "deck_list": _deck(3, 2, 3, 1, 2, 4), "skills": {}, "stated": ()},
    "Kyra": {"hand_size": 5, "favored": "blessing", "deck_list": _deck(2, 4, 1, 2, 1, 5),
             "skills": {"strength": "d8"}, "lacks": ("disable",), "stated": ()},
    "Seoni": {"hand_size": 6, "favored": "spell", "deck_list": _deck(1, 5, 0, 2, 4, 3), "skills": {}, "stated": ()},
    "Lem": {"hand_size": 6, "favored": "any", "deck_list": _deck(1, 4, 0, 3, 4, 3),
            "skills": {"intelligence": "d6", "knowledge": "Intelligence +1", "charisma": "d10",
                       "arcane": "Charisma +1"},
            "lacks": ("craft",), "stated": ("hand_size", "favored")},
    "Valeros": {"hand_size": 4, "favored": "weapon", "deck_list": _deck(4, 0, 3, 2, 3, 3), "skills": {}, "stated": ()},
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
