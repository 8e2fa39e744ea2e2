"""Reads from the rules reference."""
from __future__ import annotations

import re

from .models import Entry, RuleCitation

ENGINE_RULE = re.compile(r"^[a-z0-9-]+\.[A-Z]+\d+[a-z]?$")

# When several entries explain one engine rule, a refusal sends the player to the rule entry first.
_KIND_ORDER = {"rule": 0, "faq": 1, "errata": 2, "glossary": 3, "imported": 4}


def is_engine_rule(key: str) -> bool:
    return bool(ENGINE_RULE.match(key))


def entry_for_rule(rule_id: str) -> Entry | None:
    entries = [c.entry for c in RuleCitation.objects.filter(rule_id=rule_id).select_related("entry")]
    return min(entries, key=lambda e: (_KIND_ORDER.get(e.kind, 9), e.position), default=None)


def entry_get(key: str) -> Entry | None:
    """An entry by its id, or the entry that explains an engine rule id (<game>.R27)."""
    if is_engine_rule(key):
        return entry_for_rule(key)
    return Entry.objects.filter(key=key).first()


def citing_rules(entry: Entry) -> list[str]:
    return sorted(RuleCitation.objects.filter(entry=entry).values_list("rule_id", flat=True), key=_rule_order)


def _rule_order(rule_id: str):
    code = rule_id.split(".", 1)[1]
    digits = "".join(c for c in code if c.isdigit())
    return (rule_id.split(".", 1)[0], code.rstrip("0123456789"), int(digits or 0))


def see_also(entry: Entry) -> list[Entry]:
    found = {e.key: e for e in Entry.objects.filter(key__in=entry.see_also)}
    return [found[k] for k in entry.see_also if k in found]


def games_with_entries() -> list[str]:
    return list(Entry.objects.order_by("game").values_list("game", flat=True).distinct())
