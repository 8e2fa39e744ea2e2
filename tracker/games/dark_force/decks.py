"""Deck checks for Dark Force (spec 6.2, D1-D12; R1, R2), used by ``POST /api/decks/validate/``.

Pure Python. Payload::

    {
      "game": "dark-force",          # optional; when present it must be "dark-force"
      "essen96": false,              # Essen '96 tournament limits (R1 maximum, R2 copy limits)
      "cards": [                     # either the list ...
        {"name": "Fireball", "type": "spell", "count": 2,
         "class": null,              # optional, for heroes and other units: blessed_one, gray_mage, ...
         "summon_kind": null}        # optional, for summoned creatures: djinn, demon or undead
      ],
      "size": 60                     # ... or just the number of cards (then only R1 is checked)
    }

Types: terrain, expansion, army, creature, hero, equipment, event, spell, summoned, miracle, ship
(also accepted: "terrain expansion", "summoned creature", "wonder"). Lines are the same card when
their names match (trimmed, case ignored); male and female forms are different names (D11), so they
count apart. Lines sharing a name must agree on the type. Unknown keys are ignored.

Violations (the deck is invalid): R1 under Essen '96 more than 150 cards; R2 under Essen '96 more
than 2 copies of an event, spell, summoned creature or miracle, 10 of a terrain, 5 of anything else.
Reminders (never invalid): fewer than 60 cards (R1, recommended size); no terrain card (R12, D10);
no army (R40: only armies conquer); miracles without a Blessed One (R56); a Blessed One alongside
mages, druids, witches or warlocks (R24: they may not share a terrain); summoned creatures without a
class that can summon them (R52); copy limits not checked for a size-only payload (R2).

Result: the kit's ``DeckReport``; malformed input raises ``DeckInputError`` naming every bad field.
"""
from __future__ import annotations

from tracker.engine import DeckInputError, Rule
from tracker.engine.kit.decks import DeckReport, is_int as _int, start_reading
from tracker.games.dark_force.magic_rules import SUMMONERS

__all__ = ["DECK_RULES", "DeckInputError", "DeckReport", "TYPES", "copy_limit", "validate_deck"]

SECTION = "[3 Game Components]"
ESSEN_MAX = 150
RECOMMENDED_MIN = 60
MAX_LINES = 300
TYPES = ("terrain", "expansion", "army", "creature", "hero", "equipment", "event", "spell", "summoned",
         "miracle", "ship")
ALIASES = {"terrain expansion": "expansion", "summoned creature": "summoned", "wonder": "miracle",
           "summoned_creature": "summoned", "terrain_expansion": "expansion"}
TYPE_TITLES = {"expansion": "terrain expansion", "summoned": "summoned creature"}
CLASSES = ("gray_mage", "black_mage", "druid", "witch", "warlock", "elf", "blessed_one", "goblin_shaman", "admiral")
APART_FROM_BLESSED = ("black_mage", "gray_mage", "druid", "witch", "warlock")

R1 = Rule("dark-force.R1", "Deck size", SECTION,
          "Tournament decks hold at most 150 cards; 60 or more are recommended in any game.")
R2 = Rule("dark-force.R2", "Copy limits by name", "[3 Game Components]; [0 Translator's Notes]",
          "Essen '96: at most 2 of each event, spell, summoned creature and miracle, 10 of each terrain, "
          "5 of any other card.", kind="card-data")
DECK_RULES: tuple[Rule, ...] = (R1, R2)


def copy_limit(card_type: str) -> int:
    """Essen '96 copies allowed per name (spec 12.9)."""
    if card_type in ("event", "spell", "summoned", "miracle"):
        return 2
    if card_type == "terrain":
        return 10
    return 5


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _parse_card(raw, where, err) -> dict | None:
    if not isinstance(raw, dict):
        err(where, "must be an object with a name and a type")
        return None
    ok = True
    name = raw.get("name")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 100:
        err(f"{where}.name", "must be a text of 1 to 100 characters")
        ok = False
    t = raw.get("type")
    t = " ".join(t.split()).lower() if isinstance(t, str) else t
    t = ALIASES.get(t, t)
    if t not in TYPES:
        err(f"{where}.type", f"must be one of {', '.join(TYPES)}")
        ok = False
    count = raw.get("count", 1)
    if not _int(count) or not 1 <= count <= 999:
        err(f"{where}.count", "must be a whole number from 1 to 999")
        ok = False
    cls = raw.get("class")
    if cls is not None and cls not in CLASSES:
        err(f"{where}.class", f"one of {', '.join(CLASSES)}, or leave it out")
        ok = False
    kind = raw.get("summon_kind")
    if kind is not None and kind not in SUMMONERS:
        err(f"{where}.summon_kind", f"one of {', '.join(SUMMONERS)}, or leave it out")
        ok = False
    if not ok:
        return None
    return {"name": " ".join(name.split()), "type": t, "count": count, "class": cls, "summon_kind": kind}


# every field a deck request may carry besides game (kit.decks.start_reading names any other)
DECK_FIELDS = ("essen96", "size", "cards")


def _parse(payload) -> dict:
    err = start_reading(payload, "dark-force", DECK_FIELDS)
    essen = payload.get("essen96", False)
    if not isinstance(essen, bool):
        err("essen96", "must be true or false")
    cards, size = None, None
    if payload.get("cards") is not None and payload.get("size") is not None:
        err("cards", "send the card list or the size, not both")
    elif payload.get("cards") is not None:
        raw = payload["cards"]
        if not isinstance(raw, list) or not raw:
            err("cards", "must be a non-empty list of {name, type, count?}")
        elif len(raw) > MAX_LINES:
            err("cards", f"may have at most {MAX_LINES} lines")
        else:
            cards = [c for c in (_parse_card(line, f"cards.{i}", err) for i, line in enumerate(raw)) if c]
    elif payload.get("size") is not None:
        size = payload["size"]
        if not _int(size) or not 1 <= size <= 9999:
            err("size", "must be a whole number of cards from 1 to 9999")
    else:
        err("cards", "is required (or size, the number of cards)")
    if cards:
        first: dict[str, tuple[int, str]] = {}
        for i, card in enumerate(cards):
            k = _key(card["name"])
            if k in first and first[k][1] != card["type"]:
                err(f"cards.{i}.type", f"{card['name']} is listed as a {first[k][1]} above; one name, one type")
            first.setdefault(k, (i, card["type"]))
    err.raise_any()
    return {"essen": essen, "cards": cards, "size": size}


def _title(t: str) -> str:
    return TYPE_TITLES.get(t, t)


def validate_deck(payload) -> DeckReport:
    """Check one Dark Force deck; every problem is reported at once."""
    data = _parse(payload)
    essen, cards = data["essen"], data["cards"]
    violations, reminders = [], []

    def violate(rule, message, details):
        violations.append({"rule": rule.id, "message": message, "section": rule.section, "details": details})

    def remind(rule_id, message):
        reminders.append({"rule": rule_id, "message": message})

    total = data["size"] if cards is None else sum(c["count"] for c in cards)
    if essen and total > ESSEN_MAX:
        violate(R1, f"Tournament decks may contain at most {ESSEN_MAX} cards (this one: {total}).",
                {"size": total, "max": ESSEN_MAX})
    if total < RECOMMENDED_MIN:
        remind(R1.id, f"Decks of at least {RECOMMENDED_MIN} cards are recommended (this one: {total}).")
    if cards is None:
        if essen:
            remind(R2.id, "Copy limits were not checked: send the card list.")
        return DeckReport(valid=not violations, violations=violations, reminders=reminders)

    copies: dict[str, dict] = {}
    for card in cards:
        entry = copies.setdefault(_key(card["name"]), {"name": card["name"], "type": card["type"], "count": 0})
        entry["count"] += card["count"]
    if essen:
        for entry in copies.values():
            limit = copy_limit(entry["type"])
            if entry["count"] > limit:
                violate(R2, f"At most {limit} copies of a {_title(entry['type'])} ({entry['name']}: {entry['count']}).",
                        {"card": entry["name"], "type": entry["type"], "count": entry["count"], "max": limit})

    types = {c["type"] for c in cards}
    classes = {c["class"] for c in cards if c["class"]}
    if "terrain" not in types:
        remind("dark-force.R12", "No terrain card: without terrains no province can be laid out and nothing "
                                 "else can be played.")
    if "army" not in types:
        remind("dark-force.R40", "No army card: only armies conquer terrains, so this deck can't win by conquest.")
    if "miracle" in types and "blessed_one" not in classes:
        remind("dark-force.R56", "Miracles need a Blessed One in play, and no card here is marked as one "
                                 "(class blessed_one).")
    clash = sorted(c.replace("_", " ") for c in classes & set(APART_FROM_BLESSED))
    if "blessed_one" in classes and clash:
        remind("dark-force.R24", f"Blessed Ones may never share a terrain with your own {', '.join(clash)}: "
                                 "keep them apart.")
    for kind in sorted({c["summon_kind"] or "" for c in cards if c["type"] == "summoned"}):
        can = SUMMONERS.get(kind, tuple(sorted({x for v in SUMMONERS.values() for x in v})))
        if not classes & set(can):
            what = {"djinn": "Djinns", "demon": "Demons", "undead": "Undead"}.get(kind, "Summoned creatures")
            remind("dark-force.R52", f"{what} need a summoner "
                                     f"({', '.join(c.replace('_', ' ') for c in can)}), and no card here is marked "
                                     "as one.")
    return DeckReport(valid=not violations, violations=violations, reminders=reminders)
