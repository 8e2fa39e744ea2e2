"""Deck validation for the Pathfinder Adventure Card Game: Core Set (spec 6.3, D1-D15; R70, R71, R80, R81).

Pure Python, used by ``POST /api/decks/validate/``.

Payload
-------
::

    {
      "game": "pathfinder",            # optional; when present it must be "pathfinder"
      "character": "Amiri",            # required; a Core Set character, or any name with a deck_list
      "deck_list": {"weapon": 4, ...}, # optional: the card back's counts (overrides the shipped list)
      "card_feats": {"weapon": 1},     # optional: checked card feats, +1 each to that type (D3)
      "cards": [                       # either cards ...
        {"name": "Longspear", "type": "weapon", "level": 0, "loot": false, "owner": null, "count": 1}
      ],
      "counts": {"weapon": 4, ...},    # ... or just counts per boon type (then levels aren't checked)
      "new_character": false,          # a new character's deck: level 0 only (R71)
      "level_cap": 1,                  # optional: with new_character, the replacement cap AN - 2 (R81);
                                       # otherwise the rebuild cap, the last played scenario's AN (R80)
      "favored": "weapon"              # optional: the favored card type, for warning W1
    }

``level`` is 0-20, or a legacy level "B", "C" or "P" (counted as 0, D12). Unknown keys are ignored.

Result: the kit's ``DeckReport(valid, violations, reminders)``. Each violation is
``{"rule", "message", "section", "details"}``; reminders ``{"rule", "message"}`` never make a deck
invalid. Unreadable input raises ``DeckInputError`` naming every bad field.

``DECK_RULES`` holds the rules only the validator uses (D12, W1); the count and level rules it
reports (R70, R71, R80, R81) are the campaign rules in rules_campaign.py.
"""
from __future__ import annotations

from tracker.engine import DeckInputError, Rule
from tracker.engine.kit.decks import DeckReport, is_int as _int, start_reading

from .data import BOON_TYPES, character
from .rules_campaign import RULES_BY_ID, clean

__all__ = ["DECK_RULES", "DeckInputError", "DeckReport", "LEGACY_LEVELS", "validate_deck"]

LEGACY_LEVELS = ("B", "C", "P")
MAX_LINES = 100
MAX_LEVEL = 20

D12 = Rule("pathfinder.D12", "Legacy levels B, C and P count as 0", "[Compatibility with Older Sets]",
           "An older card of level B, C or P is treated as level 0.", kind="card-data")
W1 = Rule("pathfinder.W1", "Keep a favored card in the deck", "[Characters]",
          "With no card of the favored type the starting-hand redraw never ends.", kind="card-data")
DECK_RULES: tuple[Rule, ...] = (D12, W1)

R70, R71, R80, R81 = (RULES_BY_ID[f"pathfinder.{n}"] for n in ("R70", "R71", "R80", "R81"))


def _type_counts(raw, where, err, maximum=60) -> dict | None:
    if not isinstance(raw, dict):
        err(where, f"must be an object of counts per boon type: {', '.join(BOON_TYPES)}")
        return None
    out = {}
    for key, value in raw.items():
        t = key.strip().lower() if isinstance(key, str) else None
        if t not in BOON_TYPES:
            err(f"{where}.{key}", f"unknown boon type; use {', '.join(BOON_TYPES)}")
        elif not _int(value) or not 0 <= value <= maximum:
            err(f"{where}.{key}", f"must be a whole number from 0 to {maximum}")
        else:
            out[t] = value
    return out


def _level(raw, where, err):
    """(level as a number, legacy letter or None)."""
    if raw is None:
        return 0, None
    if _int(raw) and 0 <= raw <= MAX_LEVEL:
        return raw, None
    if isinstance(raw, str) and raw.strip().upper()[:1] in LEGACY_LEVELS and \
            (len(raw.strip()) == 1 or raw.strip()[1:].isdigit()):
        return 0, raw.strip().upper()
    err(where, f"must be 0 to {MAX_LEVEL}, or a legacy level B, C or P")
    return None, None


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
    t = t.strip().lower() if isinstance(t, str) else t
    if t not in BOON_TYPES:
        err(f"{where}.type", f"must be a boon type: {', '.join(BOON_TYPES)}")
        ok = False
    level, legacy = _level(raw.get("level"), f"{where}.level", err)
    count = raw.get("count", 1)
    if not _int(count) or not 1 <= count <= 30:
        err(f"{where}.count", "must be a whole number from 1 to 30")
        ok = False
    for flag in ("loot",):
        if raw.get(flag) is not None and not isinstance(raw[flag], bool):
            err(f"{where}.{flag}", "must be true or false")
            ok = False
    owner = raw.get("owner")
    if owner is not None and not isinstance(owner, str):
        err(f"{where}.owner", "must be a character name")
        ok = False
    if not ok or level is None:
        return None
    return {"name": clean(name), "type": t, "level": level, "legacy": legacy, "loot": bool(raw.get("loot")),
            "owner": clean(owner), "count": count}


# every field a deck request may carry besides game (kit.decks.start_reading names any other)
DECK_FIELDS = ("character", "cards", "counts", "deck_list", "card_feats", "favored", "level_cap", "new_character")


def _parse(payload) -> dict:
    err = start_reading(payload, "pathfinder", DECK_FIELDS)
    name, data = payload.get("character"), None
    deck_list = None
    if payload.get("deck_list") is not None:
        deck_list = _type_counts(payload["deck_list"], "deck_list", err, 30)
    if not isinstance(name, str) or not name.strip():
        err("character", "is required: the character whose deck this is")
    else:
        data = character(name)
        if data is None and payload.get("deck_list") is None:
            err("character", f"{name!r} is not a Core Set character; send its deck_list")
    feats = _type_counts(payload["card_feats"], "card_feats", err, 10) if payload.get("card_feats") is not None else {}
    cards, given_counts = None, None
    if payload.get("cards") is not None and payload.get("counts") is not None:
        err("cards", "send cards or counts, not both")
    elif payload.get("cards") is not None:
        raw = payload["cards"]
        if not isinstance(raw, list):
            err("cards", "must be a list of {name, type, level?, loot?, owner?, count?}")
        elif len(raw) > MAX_LINES:
            err("cards", f"may have at most {MAX_LINES} lines")
        else:
            cards = [c for c in (_parse_card(line, f"cards.{i}", err) for i, line in enumerate(raw)) if c]
    elif payload.get("counts") is not None:
        given_counts = _type_counts(payload["counts"], "counts", err)
    else:
        err("cards", "is required (or counts per boon type)")
    for flag in ("new_character",):
        if payload.get(flag) is not None and not isinstance(payload[flag], bool):
            err(flag, "must be true or false")
    cap = payload.get("level_cap")
    if cap is not None and (not _int(cap) or not 0 <= cap <= MAX_LEVEL):
        err("level_cap", f"must be a whole number from 0 to {MAX_LEVEL}")
    favored = payload.get("favored")
    if favored is not None and favored not in BOON_TYPES + ("any",):
        err("favored", f"one of {', '.join(BOON_TYPES)} or any")
    err.raise_any()
    base = deck_list if deck_list is not None else data["deck_list"]
    required = {t: base.get(t, 0) + feats.get(t, 0) for t in BOON_TYPES}
    return {"character": data["name"] if data else clean(name), "required": required, "cards": cards,
            "counts": given_counts, "new": bool(payload.get("new_character")), "cap": cap,
            "favored": favored or (data or {}).get("favored", "any")}


def _noun(t, n) -> str:
    if n == 1:
        return t
    return "allies" if t == "ally" else f"{t}s"


def validate_deck(payload) -> DeckReport:
    """Check one character's deck; report every problem at once."""
    data = _parse(payload)
    who, required, cards = data["character"], data["required"], data["cards"]
    violations, reminders = [], []

    def violate(rule, message, details):
        violations.append({"rule": rule.id, "message": message, "section": rule.section, "details": details})

    def remind(rule, message):
        reminders.append({"rule": rule.id, "message": message})

    if cards is not None:
        have = dict.fromkeys(BOON_TYPES, 0)
        for card in cards:
            have[card["type"]] += card["count"]
    else:
        have = {t: data["counts"].get(t, 0) for t in BOON_TYPES}

    for t in BOON_TYPES:  # R70 / D1 / D3: exact count per type
        if have[t] != required[t]:
            violate(R70, f"{who}'s deck needs {required[t]} {_noun(t, required[t])}, has {have[t]}.",
                    {"type": t, "required": required[t], "count": have[t]})

    if cards is None:
        if data["new"] or data["cap"] is not None:
            remind(R71 if data["new"] else R80, "Card levels were not checked: send cards with their levels.")
    else:
        legacy = sorted({c["name"] for c in cards if c["legacy"]})
        if legacy:
            remind(D12, f"Legacy levels counted as 0: {', '.join(legacy)}.")
        for card in cards:
            level = 0 if card["owner"] and card["owner"].casefold() == who.casefold() else card["level"]
            details = {"card": card["name"], "type": card["type"], "level": card["level"]}
            if data["new"] and data["cap"] is None and level > 0:
                violate(R71, f"A new character's deck uses level 0 cards only: {card['name']} is level {level}.",
                        details)
            elif data["new"] and data["cap"] is not None and level > data["cap"]:
                violate(R81, f"A replacement character's cards are at most level {data['cap']}: "
                             f"{card['name']} is level {level}.", {**details, "max": data["cap"]})
            elif not data["new"] and data["cap"] is not None and level > data["cap"] and not card["loot"]:
                violate(R80, f"{card['name']} (level {level}) is above the rebuild cap of {data['cap']}.",
                        {**details, "max": data["cap"]})
        if not data["new"] and data["cap"] is None:
            remind(R80, "The rebuild level cap was not checked: send level_cap (the last played scenario's "
                        "adventure number).")
    fav = data["favored"]
    if fav in BOON_TYPES and required[fav] and not have[fav]:
        remind(W1, f"{who}'s deck has no {fav}, the favored card type: the starting hand could never be drawn.")
    elif fav in BOON_TYPES and not required[fav]:
        remind(W1, f"{who}'s deck list holds no {fav}, the favored card type.")
    return DeckReport(valid=not violations, violations=violations, reminders=reminders)
