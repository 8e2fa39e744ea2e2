"""Character skills: what the table knows of each character's dice, and the die a check rolls.

A skill is a die of its own (Strength d12) or names another skill with a bonus (Melee: Strength +2,
rolled with the Strength die, the bonus added to Strength's modifier) [Rules: Skills, Dice, and
Modifiers]. The rulebook gives a few characters' skills (data.py); the table types the rest at
setup (`skills`), and a typed list is the whole card, so a skill not on it is rolled with a d4
[Determine Which Skill You're Using]. A skill nobody has told the tracker about is never guessed:
the check asks for its die.

In the state a player's `skills` maps a skill to {"die", "modifier"} (its own die), {"base", "bonus"}
(a skill that names another) or {} (on the card, value not known); `skills_lacking` lists the skills
the character is known not to have, and `skills_complete` says the list is the whole card.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from .data import DICE, SKILLS

ATTRIBUTES = SKILLS[:6]
SHORT = {s[:3]: s for s in ATTRIBUTES}  # "Str d12" is how players jot a card down
COMBAT_SKILLS = ("melee", "strength")  # a combat check without a power [Attempting a Check]
MAX_FEAT = 6
_ENTRY = re.compile(r"^\s*([A-Za-z]+)\s*:?\s*(.*?)\s*$")
_DIE = re.compile(r"^d\s*(\d+)\s*(?:([+-])\s*(\d+))?$", re.I)
_REFERS = re.compile(r"^([A-Za-z]+)\s*(?:([+-])\s*(\d+))?$")


class Roll(NamedTuple):
    """A skill as a check rolls it: has is True (on the card), False (not on it: d4) or None (not known)."""

    die: int | None
    modifier: int
    base: str | None
    has: bool | None


def skill_name(raw) -> str | None:
    name = str(raw).strip().lower()
    name = SHORT.get(name, name)
    return name if name in SKILLS else None


def _value(text) -> dict | str:
    """One skill's printed value: {"die", "modifier"}, {"base", "bonus"}, {} (not given), or why not."""
    if text is None or (isinstance(text, str) and text.strip() in ("", "?")):
        return {}  # on the card, its value not given
    if isinstance(text, int) and not isinstance(text, bool):
        text = f"d{text}"
    if not isinstance(text, str):
        return "a die such as d8 (or d8+1), or the skill it names such as Strength +2"
    text = text.strip()
    die = _DIE.match(text)
    if die:
        sides, sign, n = int(die.group(1)), die.group(2), int(die.group(3) or 0)
        if sides not in DICE:
            return f"d{sides} is not a die of the game: {', '.join(f'd{d}' for d in DICE)}"
        return {"die": sides, "modifier": -n if sign == "-" else n}
    refers = _REFERS.match(text)
    if refers and skill_name(refers.group(1)):
        n = int(refers.group(3) or 0)
        return {"base": skill_name(refers.group(1)), "bonus": -n if refers.group(2) == "-" else n}
    return f"{text!r} is neither a die (d8, d10+1) nor a skill with a bonus (Strength +2)"


def parse_skills(raw) -> tuple[dict, list[str]]:
    """A typed skill list, as text ("Strength d12, Melee: Strength +2") or an object, and its problems."""
    if isinstance(raw, str):
        items = []
        for part in (p for p in re.split(r"[,;\n]", raw) if p.strip()):
            entry = _ENTRY.match(part)
            items.append((entry.group(1), entry.group(2)) if entry else (part, None))
    elif isinstance(raw, dict):
        items = list(raw.items())
    else:
        return {}, ["a list such as \"Strength d12, Melee: Strength +2\", or an object {skill: value}"]
    skills, errors = {}, []
    for name, text in items:
        skill = skill_name(name)
        if skill is None:
            errors.append(f"unknown skill {str(name).strip()!r}; skills: {', '.join(SKILLS)}")
            continue
        if skill in skills:
            errors.append(f"{skill.title()} is listed twice")
            continue
        value = _value(text)
        if isinstance(value, str):
            errors.append(f"{skill.title()}: {value}")
        elif value.get("base") == skill:
            errors.append(f"{skill.title()} can't name itself")
        elif value and not -20 <= value.get("modifier", value.get("bonus", 0)) <= 30:
            errors.append(f"{skill.title()}: the modifier must be from -20 to 30")
        else:
            skills[skill] = value
    return skills, errors


def feat_errors(raw) -> list[str]:
    if not isinstance(raw, dict):
        return ["an object {skill: the highest checked box, 1 to 6}"]
    bad = [str(k) for k, v in raw.items() if skill_name(k) is None or not isinstance(v, int)
           or isinstance(v, bool) or not 0 <= v <= MAX_FEAT]
    return [f"{', '.join(bad)}: a skill and its highest checked box, 0 to {MAX_FEAT}"] if bad else []


def character_skills(printed: dict, lacks, typed=None, feats=None) -> tuple[dict, list[str], bool, list[str]]:
    """The skills a character starts a scenario with: the rulebook's, what the table typed (the whole
    card), and the campaign's skill feats. Returns (skills, lacking, complete, problems)."""
    known, errors = parse_skills(printed) if printed else ({}, [])
    lacking = set(lacks or ())
    complete = typed is not None
    if typed is not None:
        given, errors = parse_skills(typed)
        lacking -= set(given)
        known.update({k: v for k, v in given.items() if v or k not in known})
    for skill, entry in known.items():
        base = entry.get("base")
        if base and "base" in known.get(base, {}):
            errors.append(f"{skill.title()} names {base.title()}, which names another skill in turn")
        elif base and complete and base not in known:
            errors.append(f"{skill.title()} names {base.title()}, which is not on the list")
    for skill, box in sorted((feats or {}).items()):
        entry = known.get(skill_name(skill) or "")
        if box and entry and "die" in entry:
            entry["modifier"] += box
        elif box and entry and "base" in entry:
            entry["bonus"] += box
    return known, sorted(lacking), complete, errors


def roll_of(p: dict, skill: str) -> Roll:
    entry = p.get("skills", {}).get(skill)
    if isinstance(entry, list):  # [die, modifier]: how sessions set up before derived skills stored them
        return Roll(entry[0], entry[1], None, True)
    if entry is None:
        if skill in p.get("skills_lacking", ()) or p.get("skills_complete"):
            return Roll(4, 0, None, False)
        return Roll(None, 0, None, None)
    if "base" in entry:
        base = p["skills"].get(entry["base"]) or {}
        if base.get("die") is None:
            return Roll(None, 0, entry["base"], True)
        return Roll(base["die"], base["modifier"] + entry["bonus"], entry["base"], True)
    if entry.get("die") is None:
        return Roll(None, 0, None, True)
    return Roll(entry["die"], entry["modifier"], None, True)


def combat_skill(p: dict) -> str | None:
    """Strength or Melee, whichever rolls better; None while neither die is known."""
    rolls = [(skill, roll_of(p, skill)) for skill in COMBAT_SKILLS]
    known = [(s, r) for s, r in rolls if r.die and r.has]
    if known:
        return max(known, key=lambda sr: sr[1].die + 1 + 2 * sr[1].modifier)[0]
    if all(r.has is False for _, r in rolls):
        return "strength"
    return None


class Choice(NamedTuple):
    """The skill a check uses, as declare_check and choose_skill settle it."""

    listed: str  # chosen from the check's list ("combat" for a combat check)
    skill: str | None  # the skill rolled
    die: int | None
    modifier: int
    base: str | None
    combat: bool


def choose(p: dict, params: dict, combat: bool, listed: str) -> Choice:
    """The die and modifier: given, else the character's, else a d4 for a skill not on the card."""
    skill = params.get("skill_used") or (listed if listed != "combat" else None)
    if listed == "combat" and not skill:
        skill = combat_skill(p)
    roll = roll_of(p, skill) if skill else Roll(None, 0, None, None)
    if params.get("has_skill") is False:
        return Choice(listed, skill, 4, 0, None, combat)
    if params.get("die"):
        return Choice(listed, skill, params["die"], params.get("modifier", roll.modifier), roll.base, combat)
    return Choice(listed, skill, roll.die, params.get("modifier", roll.modifier), roll.base, combat)


def declared(p: dict, params: dict) -> Choice:
    skill = params.get("skill", "combat")
    combat = skill == "combat" or bool(params.get("combat"))
    used = params.get("skill_used") or (None if skill == "combat" else skill)
    return choose(p, {**params, "skill_used": used}, combat, "combat" if combat else skill)


def missing_die(state: dict, choice: Choice, seat: int) -> str | None:
    """Why the die can't be settled from what the tracker knows, for params.die; None when it can."""
    if choice.die:
        return None
    who = state["players"][seat]["character"]
    what = choice.skill.title() if choice.skill else "Strength or Melee"
    return f"{who}'s {what} die isn't known: give it (a d4 if {who} lacks the skill), or {who}'s skills at setup"


def listed(check: dict) -> str:
    """The skill chosen from the check's list (a check opened before this was kept: from what it holds)."""
    return check.get("listed") or ("combat" if check["combat"] else check["skill"])


def traits(check: dict) -> list[str]:
    """The listed skill, the skill rolled, the skill it names, and the other traits [Determine Which
    Skill You're Using]. Dice and skills a power merely adds are not traits."""
    names = {listed(check), check["skill"], check.get("base")} - {None}
    out = {n.title() for n in names} | set(check.get("extra_traits", check["traits"]))
    if check["combat"]:
        out.add("Combat")
    return sorted(out)


def roll_text(die, modifier) -> str:
    if not die:
        return "die not known"
    return f"1d{die}" + (f"+{modifier}" if modifier > 0 else f"{modifier}" if modifier < 0 else "")


def sheet(p: dict) -> list[dict]:
    """The character's skills as the page lists them: name, what it names, the roll."""
    rows = []
    for skill in SKILLS:
        entry = p.get("skills", {}).get(skill)
        if entry is None:
            continue
        roll = roll_of(p, skill)
        rows.append({"skill": skill, "title": skill.title(), "base": (roll.base or "").title(),
                     "roll": roll_text(roll.die, roll.modifier), "known": bool(roll.die)})
    return rows
