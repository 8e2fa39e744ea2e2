"""The campaign's actions: a part's result recorded (by hand, or by its link when the part was played here),
and a card upgraded with Adventure Points ([Nedime's Rescue]; [Upgrade Cards]; [Section 7]).

Both are bookkeeping a table may still note once the campaign is over (`after_end`): the finished campaign
keeps its outcome, and a part already won is refused by C1 rather than by the end of the game."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import enum, integer, obj, seat, string

from ..state import R
from .sheet import (
    AWARD, KINDS, LEVELS, PART_SHORT, PARTS, PHASE, PLAYER_TITLE, action_card, card_title, clean, cost, level_of,
)

CAMPAIGN = frozenset({"campaign"})
BETWEEN = frozenset({PHASE})


def apply_record_adventure(state, params, ctx):
    part, won = params["adventure"], params["result"] == "won"
    entry = state["adventures"][part]
    entry["attempts"].append({"result": params["result"], "session": params.get("session")})
    state["round"] = sum(len(a["attempts"]) for a in state["adventures"].values())
    if params.get("session") or won:
        entry["session"] = params.get("session")  # the part's table the page links to: the last one recorded
    if not won:
        # a lost attempt is kept; the part is played again and may still be won [End of the Exploration]; [Section 6]
        if entry["status"] != "won":
            entry["status"] = "lost"
        return f"{PART_SHORT[part]} lost (attempt {len(entry['attempts'])}); it can be played again."
    entry["status"] = "won"
    if part == "nedime":
        for hero in state["players"]:
            hero["adventure_points"] += AWARD
        return f"{PART_SHORT[part]} won: Nedime is rescued. {AWARD} Adventure Points for each hero to upgrade cards."
    for hero in state["players"]:
        hero["player_title"] = PLAYER_TITLE
    # the whole campaign is over: Section 7 gives each player the title, and the session its outcome
    state["outcome"] = {"result": "won", "winners": [h["seat"] for h in state["players"]],
                        "reason": f"the Curse of the Desert campaign is won: Player Title \"{PLAYER_TITLE}\""}
    return f"{PART_SHORT[part]} won: the campaign is complete. Each player gains the Player Title \"{PLAYER_TITLE}\"."


def apply_upgrade_card(state, params, ctx):
    hero = state["players"][params["player"]]
    kind, to = params["card_kind"], params["to_level"]
    current = level_of(hero, kind, params.get("card"))
    price = cost(kind, current, to) if to > current else 0
    # Accepted anyway beyond the balance: the points there are spent, never below zero (the card's swap stands)
    paid = min(price, hero["adventure_points"])
    hero["adventure_points"] -= paid
    hero["ap_spent"] += paid
    if kind == "action":
        name = action_card(hero, params["card"]) or clean(params["card"])
        hero["card_levels"]["actions"][name] = to
    else:
        name = card_title(kind)
        hero["card_levels"][kind] = to
    short = f"; {price - paid} short, accepted anyway" if paid < price else ""
    return (f"{hero['name']}'s {name} goes up to level {LEVELS[to]} ({paid} AP{short}; "
            f"{hero['adventure_points']} left).")


CAMPAIGN_ACTIONS = (
    ActionSpec("record_adventure", "Record a part's result",
               obj(("adventure", "result"), adventure=enum(*PARTS, title="Part"),
                   result=enum("won", "lost", title="Result"),
                   session=string(100, "the part's session this result comes from (its link adds it)")),
               apply_record_adventure, rules=(R + "C1", R + "C2", R + "R100"), phases=BETWEEN, modes=CAMPAIGN,
               seat_params=(), after_end=True),
    ActionSpec("upgrade_card", "Upgrade a card",
               obj(("player", "card_kind", "to_level"), player=seat(title="Hero"),
                   card_kind=enum(*KINDS, title="Card"),
                   card=string(60, "the Action Card's name (Action Cards only)", title="Action Card"),
                   to_level=integer(2, 3, "the level the card goes up to: 2 for II, 3 for III", title="To level")),
               apply_upgrade_card, rules=(R + "C3", R + "R90"), phases=BETWEEN, modes=CAMPAIGN,
               seat_params=("player",), after_end=True),
)
