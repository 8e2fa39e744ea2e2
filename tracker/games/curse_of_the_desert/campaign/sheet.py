"""The Curse of the Desert campaign sheet: the two parts in their order (Part One, "Nedime, the Caliph's
Daughter", then Part Two, "Curse of Borbarad"), each hero's Adventure Points and card levels, and the
Player Title the finished campaign gives ([Nedime's Rescue]; [Upgrade Cards]; [The Campaign continues];
[Section 7]).

Plain functions of a JSON-native state: the actions, the rules, the link (links.py) and the page read and
change a campaign through them."""
from __future__ import annotations

from tracker.engine.schema import obj

from ..setup import setup_errors as adventure_setup_errors
from ..state import ADVENTURE_POINTS

PHASE = "between_adventures"
PARTS = ("nedime", "borbarad")  # the order the campaign is played in [The Campaign continues]
PART_TITLES = {"nedime": "Part One: Nedime, the Caliph's Daughter", "borbarad": "Part Two: Curse of Borbarad"}
PART_SHORT = {"nedime": "Part One", "borbarad": "Part Two"}
PLAYER_TITLE = "Truth in the Mirror"  # [Section 7]: card No. 165
DEFAULT_HERO = "Blessed One of Phex"  # the box's hero, as Part One's setup takes it

KINDS = ("hero_card", "skill_card", "action")
KIND_TITLES = {"hero_card": "Hero Card", "skill_card": "Skill Card", "action": "Action Card"}
LEVELS = {1: "I", 2: "II", 3: "III"}
# [Upgrade Cards]: (kind, level reached) -> Adventure Points; a card goes up one level per swap
COSTS = {("hero_card", 2): 3, ("hero_card", 3): 6, ("skill_card", 2): 3, ("skill_card", 3): 6,
         ("action", 2): 1, ("action", 3): 2}
AWARD = ADVENTURE_POINTS  # [Nedime's Rescue]: 10 for each hero of a won Part One

CAMPAIGN_OPTIONS = obj(())  # nothing to choose: the parts' own options are chosen when each starts
HERO_KEYS = ("name", "hero", "attributes", "skills")  # what a part is set up with from the campaign (links.py)


def clean(name) -> str:
    return " ".join(str(name).split())


def new_hero(seat: int, raw: dict) -> dict:
    hero = {"seat": seat, "name": clean(raw["name"]), "hero": clean(raw.get("hero") or DEFAULT_HERO),
            "adventure_points": 0, "ap_spent": 0,
            "card_levels": {"hero_card": 1, "skill_card": 1, "actions": {}}, "player_title": None}
    # what the parts are set up with when the campaign starts them (links.py): the hero's values as typed
    for key in ("attributes", "skills"):
        if isinstance(raw.get(key), dict):
            hero[key] = dict(raw[key])
    return hero


def campaign_setup(mode: str, players: list, options: dict) -> dict:
    return {
        "mode": "campaign", "phase": PHASE, "round": 0, "turn": 0, "active_player": None, "outcome": None,
        "players": [new_hero(i, p) for i, p in enumerate(players)],
        "adventures": {part: {"status": "not_started", "session": None, "attempts": []} for part in PARTS},
    }


def campaign_setup_errors(mode: str, players: list, options: dict) -> dict:
    """The heroes are checked as Part One checks them (name, hero, attributes, skills); names must differ,
    since a part started for the campaign finds its heroes by name."""
    errors = {k: v for k, v in adventure_setup_errors("nedime", players, {}).items() if k.startswith("players")}
    seen = set()
    for i, raw in enumerate(players or []):
        if isinstance(raw, dict) and isinstance(raw.get("name"), str) and raw["name"].strip():
            key = clean(raw["name"]).lower()
            if key in seen:
                errors.setdefault(f"players.{i}.name", []).append("each hero of a campaign has a name of their own")
            seen.add(key)
    return errors


def campaign_setup_examples(mode: str = "campaign") -> list[tuple[list, dict]]:
    return [([{"name": "Ann", "hero": DEFAULT_HERO, "skills": {"persuade": 12, "stealth": 13}}], {}),
            ([{"name": "Ann"}, {"name": "Ben", "attributes": {"close_combat": 11, "dodge": 9}}], {})]


# ------------------------------------------------------------------ lookups

def part_won(state: dict, part: str) -> bool:
    return state["adventures"][part]["status"] == "won"


def hero_by_name(state: dict, name) -> dict | None:
    key = clean(name).lower()
    return next((h for h in state["players"] if h["name"].lower() == key), None)


def action_card(hero: dict, name) -> str | None:
    """The spelling an Action Card was first upgraded under, found in any case and spacing."""
    key = clean(name).lower()
    return next((c for c in hero["card_levels"]["actions"] if c.lower() == key), None)


def level_of(hero: dict, kind: str, card=None) -> int:
    levels = hero["card_levels"]
    if kind != "action":
        return levels[kind]
    found = action_card(hero, card) if card else None
    return levels["actions"][found] if found else 1  # a card never upgraded is the level I one of the deck


def cost(kind: str, current: int, to_level: int) -> int:
    """Adventure Points from `current` to `to_level`, each level's swap paid (an override may skip one)."""
    return sum(COSTS[(kind, level)] for level in range(current + 1, to_level + 1))


def card_title(kind: str, card=None, hero: dict | None = None) -> str:
    """A card as the page and the log name it: an Action Card by the spelling it was first upgraded under."""
    if kind != "action" or not card:
        return KIND_TITLES[kind]
    return (action_card(hero, card) if hero else None) or clean(card)
