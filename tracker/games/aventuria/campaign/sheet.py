"""The campaign's Hero Documents: each hero's skills (start value and raises), unspent experience, the
Reward Cards noted, the ones chosen into the next deck; and the log of adventures played
([Hero Document Template]; [Campaign Play]; [Victory (End of the Adventure)]).

Plain functions of a JSON-native state; the actions call them, and so does the link that fills an
adventure's heroes from their documents."""
from __future__ import annotations

from tracker.engine.schema import obj, string

from ..adventure.data import ADVENTURES, DIFFICULTIES
from ..adventure.setup import SKILLS
from ..state import hero_code
from ..state import setup_errors as duel_setup_errors

MAX_RAISE = 4  # [Victory (End of the Adventure)]: no skill more than 4 over its start value
MAX_DECK_REWARDS = 3  # [Campaign Play]
PHASE = "between_adventures"
CAMPAIGN_OPTIONS = obj(title=string(80, "the group's name for this campaign", title="Campaign name"))


def _skills(raw) -> dict:
    given = raw.get("skills") if isinstance(raw, dict) else None
    return {k: v for k, v in (given or {}).items() if k in SKILLS and isinstance(v, int)}


def new_document(seat: int, raw: dict) -> dict:
    start = _skills(raw)
    return {
        "seat": seat, "name": " ".join(str(raw["name"]).split()), "hero": hero_code(raw.get("hero")),
        "skill_start": start, "skill_raises": {k: 0 for k in start}, "skills": dict(start),
        "unspent_xp": 0, "reward_cards": [], "pending_rewards": [], "deck_rewards": [],
    }


def campaign_setup(players: list, options: dict) -> dict:
    return {
        "mode": "campaign", "phase": PHASE, "round": 0, "turn": 0, "active_player": None,
        "title": " ".join(str((options or {}).get("title") or "Aventuria campaign").split()),
        "players": [new_document(i, p) for i, p in enumerate(players)],
        "adventures": [],
    }


def campaign_setup_errors(players: list, options: dict) -> dict:
    errors = {k: v for k, v in duel_setup_errors("duel", players, {}).items() if k.startswith("players")}
    for i, raw in enumerate(players or []):
        if not isinstance(raw, dict):
            continue
        skills = raw.get("skills")
        if skills is not None and not isinstance(skills, dict):
            errors.setdefault(f"players.{i}.skills", []).append("skills are an object of skill: value")
            continue
        for key, value in (skills or {}).items():
            if key not in SKILLS:
                errors.setdefault(f"players.{i}.skills.{key}", []).append(
                    f"not a skill; the eight are {', '.join(SKILLS)}")
            elif not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 30:
                errors.setdefault(f"players.{i}.skills.{key}", []).append("a skill value is a whole number 1-30")
    title = (options or {}).get("title")
    if title is not None and (not isinstance(title, str) or not title.strip() or len(title) > 80):
        errors.setdefault("options.title", []).append("a name of 1-80 characters")
    unknown = set(options or {}) - {"title"}
    for key in sorted(unknown):
        errors.setdefault(f"options.{key}", []).append("a campaign takes only a title")
    return errors


def campaign_setup_examples() -> list[tuple[list, dict]]:
    skills = dict.fromkeys(SKILLS, 10)
    return [([{"name": "Ann", "hero": "DB", "skills": {**skills, "knowledge": 12}},
              {"name": "Ben", "hero": "TM", "skills": skills}], {"title": "Tuesday group"}),
            ([{"name": "Cat", "hero": "ES"}], {})]


def raised(doc: dict, skill: str) -> int:
    return doc["skill_raises"].get(skill, 0)


def document_of(sheet: dict, raw: dict) -> dict | None:
    """The Hero Document an adventure's hero plays from: by hero card, else by name."""
    if not isinstance(raw, dict):
        return None
    docs = sheet.get("players", [])
    hero = hero_code(raw.get("hero"))
    if hero:
        found = [d for d in docs if d.get("hero") == hero]
        if len(found) == 1:
            return found[0]
    name = " ".join(str(raw.get("name", "")).split()).lower()
    return next((d for d in docs if d["name"].lower() == name), None)


ADVENTURE_CHOICES = ADVENTURES
DIFFICULTY_CHOICES = DIFFICULTIES
