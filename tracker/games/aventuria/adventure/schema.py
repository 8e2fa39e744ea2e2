"""Parameter schemas of the adventure combat: a villain as the table types it from its card."""
from __future__ import annotations

from tracker.engine.schema import boolean, enum, integer, obj, string

from .combat import NO_DODGE, PER_HERO

VILLAIN_ID = {"type": "string", "pattern": "^v[0-9]{1,4}$", "maxLength": 5,
              "description": "the villain's id in the row (v1, v2, ...)", "title": "Villain"}
PER_HERO_OR = lambda low, high, title: {"oneOf": [integer(low, high), {"enum": [PER_HERO]}], "title": title}  # noqa: E731

VILLAIN_FIELDS = dict(
    name=string(60, title="Name"),
    kind=enum("leader", "henchman", "other", title="Kind"),
    tp=integer(0, 99, "threat points (henchmen)", title="Threat"),
    life_points=PER_HERO_OR(1, 999, "Life points"),
    dodge={"oneOf": [integer(0, 30), {"enum": [NO_DODGE]}], "title": "Dodge", "description": 'a value, or "-"'},
    armor=integer(0, 30, title="Armor"),
    actions=PER_HERO_OR(0, 20, "Actions"),
    keywords={"type": "array", "maxItems": 6, "items": string(30), "title": "Keywords"},
    attackable=boolean("false while the adventure protects it", title="Attackable"),
)
VILLAIN = obj(("name", "life_points"), **VILLAIN_FIELDS)
VILLAINS = {"type": "array", "maxItems": 40, "items": VILLAIN}
TIME_EFFECTS = {"type": "object", "maxProperties": 31, "propertyNames": {"pattern": "^[0-9]{1,2}$"},
                "additionalProperties": string(200), "title": "Time scale effects",
                "description": "the effect printed at each number of counters left"}
