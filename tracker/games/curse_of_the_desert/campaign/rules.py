"""The campaign's rules: a part recorded won once (C1), Part Two only after Part One (C2), cards upgraded
once Part One has brought its Adventure Points (C3), and the upgrades themselves: one level at a time,
paid from the Adventure Points (R90, the id the reference corpus cites) ([Nedime's Rescue];
[Upgrade Cards]; [The Campaign continues]; [Section 7]).

R90 is here with its check; it replaces the reminder of the same id in ../rules.py (the lead's table keeps
one R90: this one). R100, the Player Title, stays there as a reminder: the campaign gives the title when
Part Two is recorded won and nothing else hands it out."""
from __future__ import annotations

from tracker.engine import Rule

from ..state import R
from .sheet import LEVELS, PART_SHORT, card_title, cost, level_of, part_won

BOR = "Part Two: Curse of Borbarad"


def rule(n, title, section, message, check=None, kind="state", hard=False):
    # as ../rules.py cites: each heading in brackets, "[Upgrade Cards]; [Nedime's Rescue]"
    cited = "; ".join(f"[{part}]" for part in section.split("; "))
    return Rule(R + n, title, cited, message, check, kind=kind, hard=hard)


def _hero(state, params):
    return state["players"][params["player"]]


def check_r90(state, params, ctx):
    hero = _hero(state, params)
    kind, to = params["card_kind"], params["to_level"]
    name = card_title(kind, params.get("card"), hero)
    current = level_of(hero, kind, params.get("card"))
    if to <= current:
        top = " (the highest)" if current == 3 else ""
        return f"{hero['name']}'s {name} is already at level {LEVELS[current]}{top}."
    if to != current + 1:
        return f"Upgrade to level {LEVELS[current + 1]} first."
    if not part_won(state, "nedime"):
        return None  # C3 says why there is nothing to spend yet
    price = cost(kind, current, to)
    if price > hero["adventure_points"]:
        have = hero["adventure_points"]
        return (f"Only {have} Adventure Point{'s' if have != 1 else ''} available "
                f"({name} to level {LEVELS[to]} costs {price}).")


def check_c1(state, params, ctx):
    part = params["adventure"]
    if part_won(state, part):
        return f"{PART_SHORT[part]} is already recorded won in this campaign."


def check_c2(state, params, ctx):
    if params["adventure"] == "borbarad" and not part_won(state, "nedime"):
        return "Part Two is played once Part One is won: record Part One first."


def check_c3(state, params, ctx):
    if not part_won(state, "nedime"):
        return "Adventure Points come with Part One's win: record it first."


CAMPAIGN_RULES = (
    rule("R90", "Upgrades one level at a time, within the Adventure Points", "Upgrade Cards",
         "Upgrade to level II first.", check_r90),
    rule("C1", "Each part of the campaign is won once", "Nedime's Rescue; Section 7",
         "That part is already won in this campaign.", check_c1),
    rule("C2", "Part Two only after Part One is won", f"The Campaign continues; {BOR}",
         "Part Two is played once Part One is won.", check_c2),
    rule("C3", "Cards are upgraded with the Adventure Points of Part One's win", "Nedime's Rescue; Upgrade Cards",
         "Adventure Points come with Part One's win.", check_c3),
)
