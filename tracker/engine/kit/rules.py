"""Rule tables: the order rules are listed and reported in, and tables assembled from a game's parts."""
from __future__ import annotations

from typing import Iterable

from ..core import Rule, rules_table


def violation_order(rule_id: str):
    """How refusals are ordered: by letter prefix, then number (R2 before R10), then the code itself."""
    code = rule_id.split(".", 1)[-1]
    digits = "".join(c for c in code if c.isdigit())
    return (code.rstrip("0123456789"), int(digits) if digits else 0, code)


def table_order(first: str | None = None):
    """A sort key for a rule table: by prefix letter (those starting with `first` before the rest),
    then number. Without `first` the prefixes run alphabetically (G, H, R)."""

    def key(rule: Rule):
        code = rule.code
        return (first is not None and code[0] != first, code[0], int(code[1:]))

    return key


def reminders(slug: str, rows: Iterable[tuple[str, str, str, str]], skip: set[str] = frozenset()) -> tuple[Rule, ...]:
    """Rules kept in a table without a check, from (code, kind, section, title) rows; the message is
    the title as a sentence. Codes whose id is in `skip` (a part enforces them) are left out."""
    out = []
    for code, kind, section, title in rows:
        rule_id = f"{slug}.{code}"
        if rule_id not in skip:
            out.append(Rule(rule_id, title, section, title.rstrip(".") + ".", kind=kind))
    return tuple(out)


def assemble(*parts: Iterable[Rule], first: str | None = None, reminder_rows=(), slug: str = "") -> dict[str, Rule]:
    """One rule table from a game's parts, sorted by `table_order(first)`. A later part's rule with an
    id already taken is dropped (the first part to define a rule owns it); `reminder_rows` fill in
    the ids no part enforces."""
    seen: dict[str, Rule] = {}
    for part in parts:
        for rule in part:
            seen.setdefault(rule.id, rule)
    rules = [*seen.values(), *reminders(slug, reminder_rows, set(seen))]
    return rules_table(*sorted(rules, key=table_order(first)))
