"""Cards typed once are remembered: which params of a game's actions are a card's own facts.

A game ships no card data beyond what its rulebook gives, so a table types what a card says (a
monster's difficulty, a terrain's capacity) when it records the card. A game declares, per action
type, which param names the card and which params beside it are what the card itself says; the core
keeps those facts by name for the table (and the campaign or tournament it belongs to) and offers
them the next time the name is typed. Declared in the game's `page.py` as `CARD_FACTS`:

    CARD_FACTS = {"explore": CardFacts(name="card", facts=("kind", "difficulty"))}

Pure: paths and dicts, no Django.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

NAME_MAX = 100  # the longest card name kept (the stored column's width)


@dataclass(frozen=True)
class CardFacts:
    """In an action's params: `name`, the dotted path of the param that names the card ("card",
    "unit.name"), and `facts`, the params that are the card's own printed facts, as paths relative to
    the object that holds the name (for "unit.name", "values" is params.unit.values). `kind` keeps
    different sorts of card apart (a terrain's name is not offered where a spell is asked for).
    `in_play(state)` names the card when the action's params do not: the card a check is declared
    against is the one being encountered (None when there is none, or it has no name). A `private`
    card is played face down: its facts stay on the phone that typed them and never reach the server,
    where the other players' phones would learn what was played."""

    name: str | None = "card"
    facts: tuple[str, ...] = ()
    kind: str = "card"
    in_play: Callable[[dict], str | None] | None = None
    private: bool = False

    @property
    def base(self) -> str:
        """The path of the object that holds the name: "" for "card", "unit" for "unit.name"."""
        return self.name.rpartition(".")[0] if self.name else ""

    def path(self, fact: str) -> str:
        return f"{self.base}.{fact}" if self.base else fact


Declared = dict[str, tuple[CardFacts, ...]]


def declared(mapping: Mapping | None) -> Declared:
    """A game's CARD_FACTS, each action type's entry as a tuple (one action may name several cards:
    a terrain played with a unit on it)."""
    out = {}
    for action_type, entry in (mapping or {}).items():
        out[action_type] = (entry,) if isinstance(entry, CardFacts) else tuple(entry)
    return out


def kinds(cards: Declared) -> list[str]:
    return sorted({d.kind for decls in cards.values() for d in decls})


def get(data, path: str | None):
    """The value at a dotted path in nested dicts and lists, or None."""
    if not path:
        return None
    for part in path.split("."):
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return None
    return data


def schema_at(schema: dict, path: str) -> dict | None:
    """The JSON schema of the param at a dotted path of an object schema, or None."""
    for part in path.split("."):
        if not isinstance(schema, dict):
            return None
        if schema.get("type") == "array" and part.isdigit():
            schema = schema.get("items")
        else:
            schema = (schema.get("properties") or {}).get(part)
    return schema if isinstance(schema, dict) else None


def is_flag(schema: dict, decl: CardFacts, fact: str) -> bool:
    found = schema_at(schema, decl.path(fact))
    return bool(found) and found.get("type") == "boolean"


def card_name(decl: CardFacts, params: dict, state: dict | None = None) -> str | None:
    name = get(params, decl.name)
    if (not isinstance(name, str) or not name.strip()) and decl.in_play is not None:
        name = decl.in_play(state or {})
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_MAX:
        return None
    return name.strip()


def read(decl: CardFacts, params: dict, schema: dict, state: dict | None = None) -> tuple[str, dict] | None:
    """(name, facts) of the card `decl` finds in an action's params, or None when it names no card.
    A fact left out is not known, except a yes/no one: an unticked box is a "no" the table may be
    correcting."""
    name = card_name(decl, params, state)
    if name is None:
        return None
    facts = {}
    for fact in decl.facts:
        value = get(params, decl.path(fact))
        if value is None and is_flag(schema, decl, fact):
            value = False
        if value is not None:
            facts[fact] = value
    return name, facts


def fold(name: str) -> str:
    """The key names are matched by: "Goblin Raider", " goblin raider" and "GOBLIN RAIDER" are one card."""
    return " ".join(name.split()).casefold()


def merge(known: dict, typed: dict) -> dict:
    """Latest wins, fact by fact: a fact typed again replaces what was known; one left out stays."""
    return {**(known or {}), **typed}


def problems(specs: Iterable, cards: Declared) -> list[str]:
    """What is wrong with a game's declaration, given its action specs (every mode's variant): an
    action that does not exist, a name that is not a short string param, a fact no variant has."""
    by_type: dict[str, list] = {}
    for spec in specs:
        by_type.setdefault(spec.type, []).append(spec)
    out = []
    for action_type, decls in cards.items():
        variants = by_type.get(action_type)
        if not variants:
            out.append(f"{action_type}: no such action")
            continue
        for decl in decls:
            if not isinstance(decl, CardFacts):
                out.append(f"{action_type}: {decl!r} is not a CardFacts")
                continue
            if not decl.kind or not decl.kind.replace("_", "").isalnum():
                out.append(f"{action_type}: kind {decl.kind!r} must be a word")
            if not decl.name and decl.in_play is None:
                out.append(f"{action_type}: neither a name param nor in_play names the card")
            if decl.in_play is not None and not callable(decl.in_play):
                out.append(f"{action_type}: in_play must be a function of the state")
            if decl.name:
                found = [schema_at(s.params, decl.name) for s in variants]
                if not any(f and f.get("type") == "string" and 0 < f.get("maxLength", NAME_MAX + 1) <= NAME_MAX
                           for f in found):
                    out.append(f"{action_type}: {decl.name} is not a string param of at most {NAME_MAX} characters")
            for fact in decl.facts:
                if not any(schema_at(s.params, decl.path(fact)) for s in variants):
                    out.append(f"{action_type}: no param {decl.path(fact)}")
    return out
