"""The campaign page (templates/games/curse-of-the-desert/_campaign.html): the two parts in their order with
their status, the table each was won at and the way to start the next one for this campaign; each hero's
Adventure Points, the Hero Card's, the Skill Card's and the upgraded Action Cards' levels with one-tap
upgrades showing their cost (a step the engine would refuse shows its rule, reason and section, with a
tap-anyway); the Player Title once the campaign is won ([Nedime's Rescue]; [Upgrade Cards];
[The Campaign continues]; [Section 7]).

Every tap is recorded through table.js like any other; an Action Card's first upgrade is a short form, since
the app knows no card names. Starting a part posts the new-game form with the campaign's edit token
(links.py shapes that part)."""
from __future__ import annotations

import json

from tracker.engine import LinkError
from tracker.engine.kit.presenter import Table

from .campaign.sheet import (
    COSTS, KIND_TITLES, LEVELS, PART_SHORT, PART_TITLES, PARTS, PLAYER_TITLE, part_won,
)
from .links import check_part_opens
from .page_kit import step

STATUS_TITLES = {"not_started": "not played yet", "lost": "lost so far: play it again", "won": "won"}
# what each part's start form offers; the rest of a part's options take their defaults (the new-game form has them all)
DIFFICULTIES = {"nedime": (("normal", "Normal"), ("hard", "Hard")),
                "borbarad": (("normal", "Normal"), ("difficult", "Difficult"))}


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")


def _upgrade(table: Table, hero: dict, kind: str, level: int, card: str | None = None) -> dict | None:
    """The tap that takes a card one level up, with its cost; None at level III."""
    if level >= 3:
        return None
    to = level + 1
    params = {"player": hero["seat"], "card_kind": kind, "to_level": to, **({"card": card} if card else {})}
    what = card if card else KIND_TITLES[kind]
    testid = f"cotd-camp-up-{hero['seat']}-{_slug(card) if card else kind}"
    return {**step(table, "upgrade_card", params, f"{what} → {LEVELS[to]} ({COSTS[(kind, to)]} AP)", testid),
            "cost": COSTS[(kind, to)], "to": LEVELS[to]}


def _hero(table: Table, hero: dict, upgrading: bool) -> dict:
    levels = hero["card_levels"]
    seat = hero["seat"]
    # Before Part One's win every upgrade waits for the same reason (C3): said once per hero, with the Hero
    # Card's upgrade as its tap-anyway, rather than beside every card
    waiting = None if upgrading else _upgrade(table, hero, "hero_card", levels["hero_card"])
    if waiting is not None:
        waiting = {**waiting, "testid": f"cotd-camp-wait-{seat}"}

    def up(kind, level, card=None):
        return _upgrade(table, hero, kind, level, card) if upgrading else None

    cards = [{"kind": kind, "title": KIND_TITLES[kind], "level": LEVELS[levels[kind]], "up": up(kind, levels[kind]),
              "top": levels[kind] >= 3} for kind in ("hero_card", "skill_card")]
    actions = [{"name": name, "level": LEVELS[level], "up": up("action", level, name), "top": level >= 3}
               for name, level in sorted(levels["actions"].items(), key=lambda kv: kv[0].lower())]
    return {**hero, "cards": cards, "actions": actions, "waiting": waiting,
            "new_action": json.dumps({"player": seat, "card_kind": "action", "to_level": 2}, sort_keys=True),
            "new_action_cost": COSTS[("action", 2)]}


def _start(state: dict, part: str) -> dict:
    try:
        check_part_opens(state, part)
    except LinkError as exc:
        return {"open": False, "why": exc.detail}
    return {"open": True, "why": "", "difficulties": DIFFICULTIES[part]}


def _parts(table: Table) -> list[dict]:
    state = table.state
    out = []
    for number, part in enumerate(PARTS, 1):
        entry = state["adventures"][part]
        attempts = entry["attempts"]
        start = _start(state, part)
        by_hand = None
        if start["open"]:  # a part not open yet (Part Two before Part One) says why once, beside its start
            by_hand = [step(table, "record_adventure", {"adventure": part, "result": result},
                            f"{PART_SHORT[part]} {result}", f"cotd-camp-record-{part}-{result}",
                            primary=result == "won")
                       for result in ("won", "lost")]
        out.append({"part": part, "number": number, "title": PART_TITLES[part], "short": PART_SHORT[part],
                    "status": entry["status"], "status_title": STATUS_TITLES[entry["status"]],
                    "session": entry["session"], "lost": sum(1 for a in attempts if a["result"] == "lost"),
                    "start": start, "by_hand": by_hand})
    return out


def campaign_context(table: Table) -> dict:
    state = table.state
    upgrading = part_won(state, "nedime")
    return {"cotd_camp": {
        "parts": _parts(table),
        "heroes": [_hero(table, h, upgrading) for h in state["players"]],
        "upgrading": upgrading,
        "complete": part_won(state, "borbarad"),
        "title": PLAYER_TITLE,
        "costs": {"hero": f"{COSTS[('hero_card', 2)]} / {COSTS[('hero_card', 3)]}",
                  "action": f"{COSTS[('action', 2)]} / {COSTS[('action', 3)]}"},
    }}
