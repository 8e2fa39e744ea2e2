"""Deck validation for Aventuria: Adventure Card Game (design spec §5.M, §6.4, §12).

Pure Python: imports only the engine core and the standard library, so the API view
(`POST /api/decks/validate/`) and the tests can call it without Django.

Payload
-------
``validate_deck(payload)`` takes a JSON-native dict::

    {
      "game": "aventuria",              # optional; when present it must be "aventuria"
      "hero": "DB",                     # required: DB, ES, HR or TM (case and spaces ignored)
      "mode": "duel",                   # duel (default) | skirmish | team_duel | adventure | campaign
      "reward_cards_allowed": false,    # default false; only read in duel, skirmish and team_duel;
                                        # adventure and campaign decks may always hold up to 3
      "cards": [                        # required list, at most 200 lines
        {
          "name": "Healing Potion",     # required, 1..100 characters
          "count": 2,                   # integer 1..30, default 1
          "category": "equipment",      # optional: a slug of CATEGORIES (a title such as
                                        # "Complex Spell" is accepted and turned into its slug)
          "hero": null,                 # set ("DB", ...) only for a hero-specific card (black
                                        # abbreviation); null/absent for a general card
          "reward": false,              # a Reward Card; default false
          "promo": false                # a promotional card; default false
        }
      ],
      "category_limits": {"equipment": 6, "complex_spell": 4}
                                        # optional: the per-category maximums printed on the reverse
                                        # of the hero's Skill Card (the rulebook does not print them);
                                        # a category missing here allows 0 cards
    }

Unknown keys, at the top level or on a card line, are ignored. Lines that share a name (compared
trimmed and case-insensitively) are the same card: their counts add up for the copy limit, and
they must not disagree about category, hero, reward or promo.

Card facts shipped in ``fixtures/cards/aventuria.json`` (only what the rulebook states, e.g.
Covenant Garb is a Complex Spell, Dark Eye is a promotional card, Flittermouse is a Reward Card)
fill a field the payload leaves out; a value the payload gives always wins. If a given category
contradicts the fixture, a reminder says so.

Result
------
``DeckReport(valid, violations, reminders)``; ``as_dict()`` gives the JSON body. Every violation
is reported at once, each as ``{"rule", "message", "section", "details"}`` (``section`` is the
rulebook heading the rule cites). Reminders are ``{"rule", "message"}`` notes about checks that
could not be made from the payload; they never make a deck invalid.

Malformed input is not a rule violation: ``DeckInputError.errors`` maps a field path
(``"hero"``, ``"cards.3.count"``, ``"category_limits.heavy_armour"``) to messages, all at once.

Rules
-----
R103 exactly 30 cards; R104 at most 2 copies of a card; R105 hero-specific cards only in their
hero's deck; R106 per-category maximums from the Skill Card (only when ``category_limits`` is
given; otherwise a reminder); R107 promotional cards are treated like general cards (so they
never fail R105 but do count for R106); R108 Reward Cards only when the duel-family group allowed
them, and never more than 3 in any deck; R109 a card with both a category and a type (Covenant
Garb) counts by its category, which is what R106 uses. R110 concerns cards taken during play, not
deck building, so it is neither checked nor listed here.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from tracker.engine import DeckInputError, Rule
from tracker.engine.kit.decks import DeckReport, is_int as _is_int, start_reading

__all__ = [
    "CATEGORIES",
    "DECK_RULES",
    "DECK_SIZE",
    "DUEL_MODES",
    "DeckInputError",
    "DeckReport",
    "HEROES",
    "MAX_COPIES",
    "MAX_REWARD_CARDS",
    "MODES",
    "deck_rule",
    "load_card_data",
    "validate_deck",
]

DECK_SIZE = 30
MAX_COPIES = 2
MAX_REWARD_CARDS = 3
MAX_LINES = 200
MAX_NAME_LENGTH = 100

SECTION = "[Deck Building]"

HEROES: dict[str, str] = {
    "DB": "Arbosh, Son of Angrax",
    "ES": "Layariel Treetopglint",
    "HR": "Carolan Calavanti",
    "TM": "Mirhiban al'Orhima",
}

HERO_PROFESSIONS: dict[str, str] = {
    "DB": "Dwarf Blacksmith",
    "ES": "Elf Scout",
    "HR": "Half Elf Rogue",
    "TM": "Tulamydian Mage",
}

# The 17 deck-building category symbols, in the rulebook's order: slug -> title.
CATEGORIES: dict[str, str] = {
    "light_close_combat_weapon": "Light Close Combat Weapon",
    "medium_close_combat_weapon": "Medium Close Combat Weapon",
    "heavy_close_combat_weapon": "Heavy Close Combat Weapon",
    "light_ranged_combat_weapon": "Light Ranged Combat Weapon",
    "medium_ranged_combat_weapon": "Medium Ranged Combat Weapon",
    "heavy_ranged_combat_weapon": "Heavy Ranged Combat Weapon",
    "light_armor": "Light Armor",
    "medium_armor": "Medium Armor",
    "heavy_armor": "Heavy Armor",
    "equipment": "Equipment",
    "advantage": "Advantage",
    "talent": "Talent",
    "free_action": "Free Action",
    "simple_spell": "Simple Spell",
    "complex_spell": "Complex Spell",
    "simple_liturgical_chant": "Simple Liturgical Chant",
    "complex_liturgical_chant": "Complex Liturgical Chant",
}

DUEL_MODES = ("duel", "skirmish", "team_duel")
MODES = DUEL_MODES + ("adventure", "campaign")

R103 = Rule(
    id="aventuria.R103",
    title="A Hero Deck holds exactly 30 Action Cards",
    section=SECTION,
    message="A Hero Deck is made of exactly 30 Action Cards, no more and no fewer.",
    kind="state",
)
R104 = Rule(
    id="aventuria.R104",
    title="At most 2 copies of one card",
    section=SECTION,
    message="No card may appear more than twice in a deck.",
    kind="state",
)
R105 = Rule(
    id="aventuria.R105",
    title="Hero-specific cards stay with their hero",
    section=SECTION,
    message="A card marked for one hero (black abbreviation) only goes into that hero's deck.",
    kind="card-data",
)
R106 = Rule(
    id="aventuria.R106",
    title="Category maximums from the Skill Card",
    section="[Deck Building]; [Game Material (Adventure Mode)] (Skill Cards)",
    message="Each category may hold no more cards than the hero's Skill Card allows; unlisted categories allow none.",
    kind="card-data",
)
R107 = Rule(
    id="aventuria.R107",
    title="Promotional cards are general cards",
    section=SECTION,
    message="Promotional cards follow the rules for general (white-abbreviation) cards of their category.",
    kind="card-data",
)
R108 = Rule(
    id="aventuria.R108",
    title="Reward Cards in a deck",
    section=SECTION,
    message="Duels use Reward Cards only when every player agreed; no deck ever holds more than 3.",
    kind="state",
)
R109 = Rule(
    id="aventuria.R109",
    title="Cards with both a category and a type count by category",
    section="[Rules Questions and Answers > Covenant Garb]",
    message="For deck limits a card counts in its category (Covenant Garb is a Complex Spell), whatever its type.",
    kind="card-data",
)

DECK_RULES: tuple[Rule, ...] = (R103, R104, R105, R106, R107, R108, R109)

_RULES = {rule.id: rule for rule in DECK_RULES}

FIXTURE_PATH = Path(__file__).resolve().parents[3] / "fixtures" / "cards" / "aventuria.json"


# --------------------------------------------------------------------------------------------
# Card data


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _category_slug(value: str) -> str:
    return "_".join(value.replace("-", " ").split()).casefold()


@lru_cache(maxsize=1)
def _load_fixture(path: str) -> dict[str, dict]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        return {}
    return {_name_key(card["name"]): card for card in data.get("cards", [])}


def load_card_data() -> dict[str, dict]:
    """Rulebook card facts keyed by normalised name; empty when the fixture is not shipped."""
    return _load_fixture(str(FIXTURE_PATH))


# --------------------------------------------------------------------------------------------
# Input checking


def _hero_code(value: Any) -> str | None:
    if isinstance(value, str) and value.strip().upper() in HEROES:
        return value.strip().upper()
    return None


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _short_name(code: str) -> str:
    return HEROES[code].split()[0].rstrip(",")


def _unknown_hero(value: Any) -> str:
    return f"unknown hero {value!r}; use {', '.join(list(HEROES)[:-1])} or {list(HEROES)[-1]}"


# every field a deck request may carry besides game (kit.decks.start_reading names any other)
DECK_FIELDS = ("hero", "mode", "reward_cards_allowed", "category_limits", "cards")


def _parse(payload: Any) -> dict:
    """Check and normalise the payload; raise DeckInputError listing every problem."""
    err = start_reading(payload, "aventuria", DECK_FIELDS)

    hero = None
    if payload.get("hero") is None:
        err("hero", "is required (DB, ES, HR or TM)")
    else:
        hero = _hero_code(payload["hero"])
        if hero is None:
            err("hero", _unknown_hero(payload["hero"]))

    mode = payload.get("mode")
    if mode is None:
        mode = "duel"
    elif mode not in MODES:
        err("mode", f"unknown mode {mode!r}; use one of {', '.join(MODES)}")

    allowed = payload.get("reward_cards_allowed")
    if allowed is None:
        allowed = False
    elif not isinstance(allowed, bool):
        err("reward_cards_allowed", "must be true or false")

    limits = None
    raw_limits = payload.get("category_limits")
    if raw_limits is not None:
        if not isinstance(raw_limits, dict):
            err("category_limits", "must be an object mapping category slugs to maximums")
        else:
            limits = {}
            for key, value in raw_limits.items():
                slug = _category_slug(key) if isinstance(key, str) else None
                if slug not in CATEGORIES:
                    err(f"category_limits.{key}", f"unknown category {key!r}")
                    continue
                if not _is_int(value) or not 0 <= value <= DECK_SIZE:
                    err(f"category_limits.{key}", f"must be an integer from 0 to {DECK_SIZE}")
                    continue
                if slug in limits:
                    err(f"category_limits.{key}", "the same category is given twice")
                    continue
                limits[slug] = value

    cards: list[dict] = []
    raw_cards = payload.get("cards")
    if raw_cards is None:
        err("cards", "is required (a list of card lines)")
    elif not isinstance(raw_cards, list):
        err("cards", "must be a list of card lines")
    elif len(raw_cards) > MAX_LINES:
        err("cards", f"may have at most {MAX_LINES} lines (got {len(raw_cards)})")
    else:
        for i, raw in enumerate(raw_cards):
            card = _parse_card(raw, f"cards.{i}", err)
            if card is not None:
                cards.append(card)

    if not err:
        _merge_same_names(cards, err)
    err.raise_any()
    return {"hero": hero, "mode": mode, "reward_cards_allowed": allowed, "cards": cards,
            "category_limits": limits}


def _parse_card(raw: Any, where: str, err) -> dict | None:
    if not isinstance(raw, dict):
        err(where, "must be an object with at least a name")
        return None
    ok = True
    name = raw.get("name")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME_LENGTH:
        err(f"{where}.name", f"must be a text of 1 to {MAX_NAME_LENGTH} characters")
        ok = False
    count = raw.get("count", 1)
    if count is None:
        count = 1
    if not _is_int(count) or not 1 <= count <= DECK_SIZE:
        err(f"{where}.count", f"must be an integer from 1 to {DECK_SIZE}")
        ok = False
    category = raw.get("category")
    if category is not None:
        slug = _category_slug(category) if isinstance(category, str) else None
        if slug not in CATEGORIES:
            err(f"{where}.category", f"unknown category {category!r}; use one of the 17 category slugs")
            ok = False
        category = slug
    hero = raw.get("hero")
    if hero is not None:
        code = _hero_code(hero)
        if code is None:
            err(f"{where}.hero", _unknown_hero(hero))
            ok = False
        hero = code
    flags = {}
    for flag in ("reward", "promo"):
        value = raw.get(flag)
        if value is not None and not isinstance(value, bool):
            err(f"{where}.{flag}", "must be true or false")
            ok = False
        flags[flag] = value  # None: not given
    if not ok:
        return None
    return {"where": where, "name": " ".join(name.split()), "key": _name_key(name), "count": count,
            "category": category, "hero": hero, **flags}


def _merge_same_names(cards: list[dict], err) -> None:
    """Lines with one name are one card: fill gaps from each other, reject contradictions."""
    first: dict[str, dict] = {}
    for card in cards:
        seen = first.setdefault(card["key"], card)
        if seen is card:
            continue
        for attr in ("category", "hero", "reward", "promo"):
            a, b = seen[attr], card[attr]
            if a is not None and b is not None and a != b:
                err(f"{card['where']}.{attr}", f"{b!r} contradicts {seen['where']} ({a!r}) for the same card")
    groups: dict[str, list[dict]] = {}
    for card in cards:
        groups.setdefault(card["key"], []).append(card)
    for lines in groups.values():
        for attr in ("category", "hero", "reward", "promo"):
            value = next((line[attr] for line in lines if line[attr] is not None), None)
            for line in lines:
                line[attr] = value


def _apply_card_data(cards: list[dict], data: dict[str, dict], remind) -> None:
    """Fill fields the payload left out from the rulebook facts; say when a category disagrees."""
    warned = set()
    for card in cards:
        fact = data.get(card["key"])
        if not fact:
            continue
        for attr in ("category", "reward", "promo"):
            if attr in fact and card[attr] is None:
                card[attr] = fact[attr]
        known = fact.get("category")
        if known and card["category"] != known and card["key"] not in warned:
            warned.add(card["key"])
            remind(R109, f"{card['name']} counts as {CATEGORIES[known]} for deck building, not "
                         f"{CATEGORIES[card['category']]}; the category you gave was used.")


# --------------------------------------------------------------------------------------------
# Validation


def validate_deck(payload: dict, *, card_data: dict[str, dict] | None = None) -> DeckReport:
    """Check a deck list against R103-R109 and report every problem at once.

    `card_data` (name key -> facts) replaces the shipped fixture, mainly for tests.
    """
    data = _parse(payload)
    hero, mode, cards, limits = data["hero"], data["mode"], data["cards"], data["category_limits"]
    hero_name = _short_name(hero)
    violations: list[dict] = []
    reminders: list[dict] = []

    def violate(rule: Rule, message: str, details: dict) -> None:
        violations.append({"rule": rule.id, "message": message, "section": rule.section, "details": details})

    def remind(rule: Rule, message: str) -> None:
        reminders.append({"rule": rule.id, "message": message})

    _apply_card_data(cards, load_card_data() if card_data is None else card_data, remind)
    for card in cards:
        for flag in ("reward", "promo"):
            card[flag] = bool(card[flag])

    # Group lines by card name (first spelling wins for display).
    by_name: dict[str, dict] = {}
    for card in cards:
        entry = by_name.setdefault(card["key"], {**card, "count": 0})
        entry["count"] += card["count"]

    # R103: deck size.
    total = sum(card["count"] for card in cards)
    if total != DECK_SIZE:
        violate(R103, f"The deck has {total} Action Cards; it needs exactly {DECK_SIZE}.",
                {"count": total, "required": DECK_SIZE})

    # R104: copies per card name.
    for entry in by_name.values():
        if entry["count"] > MAX_COPIES:
            violate(R104, f"{entry['name']}: {entry['count']} copies, but a deck may hold only {MAX_COPIES}.",
                    {"card": entry["name"], "copies": entry["count"], "max": MAX_COPIES})

    # R105 / R107: hero-specific cards; promotional cards are general whatever they are marked.
    for entry in by_name.values():
        if entry["hero"] is None:
            continue
        if entry["promo"]:
            remind(R107, f"{entry['name']} is a promotional card, so it counts as a general card; "
                         f"its hero mark ({entry['hero']}) was not applied.")
            continue
        if entry["hero"] != hero:
            owner = _short_name(entry["hero"])
            violate(R105, f"{entry['name']} belongs to {owner} ({entry['hero']}) and cannot go into "
                          f"{hero_name}'s ({hero}) deck.",
                    {"card": entry["name"], "card_hero": entry["hero"], "deck_hero": hero,
                     "copies": entry["count"]})

    # R106 (with R107 promos and R109 dual cards counted by category).
    uncategorised = [entry["name"] for entry in by_name.values() if entry["category"] is None]
    if limits is None:
        remind(R106, f"Category maximums were not checked: they are listed on the reverse of "
                     f"{hero_name}'s Skill Card; send them as category_limits to check them.")
    else:
        per_category: dict[str, list[dict]] = {}
        for entry in by_name.values():
            if entry["category"] is not None:
                per_category.setdefault(entry["category"], []).append(entry)
        for slug in CATEGORIES:  # rulebook order, so the report is stable
            entries = per_category.get(slug)
            if not entries:
                continue
            count = sum(e["count"] for e in entries)
            limit = limits.get(slug, 0)
            if count <= limit:
                continue
            title = CATEGORIES[slug]
            if limit == 0:
                message = f"{title}: {_cards(count)}, but {hero_name}'s Skill Card does not allow this category."
            else:
                message = f"{title}: {count} cards, but {hero_name}'s Skill Card allows at most {limit}."
            violate(R106, message, {"category": slug, "title": title, "count": count, "max": limit,
                                    "cards": [e["name"] for e in entries],
                                    "promo_cards": [e["name"] for e in entries if e["promo"]]})
        if uncategorised:
            remind(R106, f"No category given for {', '.join(uncategorised)}, so "
                         f"{'it was' if len(uncategorised) == 1 else 'they were'} left out of the category check.")

    # R108: Reward Cards.
    rewards = [entry for entry in by_name.values() if entry["reward"]]
    reward_count = sum(e["count"] for e in rewards)
    reward_names = [e["name"] for e in rewards]
    if reward_count and mode in DUEL_MODES and not data["reward_cards_allowed"]:
        violate(R108, f"This {mode.replace('_', ' ')} was set up without Reward Cards, but the deck has "
                      f"{reward_count}; all players must agree to use them.",
                {"reason": "not_allowed", "mode": mode, "reward_cards": reward_count,
                 "cards": reward_names})
    if reward_count > MAX_REWARD_CARDS:
        violate(R108, f"The deck has {reward_count} Reward Cards; no deck may hold more than {MAX_REWARD_CARDS}.",
                {"reason": "too_many", "reward_cards": reward_count, "max": MAX_REWARD_CARDS,
                 "cards": reward_names})

    return DeckReport(valid=not violations, violations=violations, reminders=reminders)


def deck_rule(rule_id: str) -> Rule:
    """The deck rule with this id (e.g. "aventuria.R106")."""
    return _RULES[rule_id]
