"""What happens to the heroes between combats: the carry-over after a won act, the Reward Cards, the
Brief Respite's recovery points, the opening hand the narrative and the respite changed, the end of
the adventure ([End of Combat]; [Brief Respite]; [Victory (End of the Adventure)]).

Plain functions of the state; the combat core calls `after_combat` when a combat is won.
"""
from __future__ import annotations

from ..state import DECK_SIZE, OPENING_HAND, STARTING_LP
from .scripts import FREE_MOTHER_XP, XP

RAISE_TO = 30  # [Victory (If the Adventure Continues)]: up to 30, never to 40, by this step
REST_LP = 2  # per recovery point
PRAY_COST = 2  # recovery points per Fate Point
PREPARE_COST = 4
CARD_COST = 2  # the least a Practice or Training card costs
MAX_REWARDS = 3  # [Reward Cards]; [2nd Edition Changes]: at most 3 in a Hero Deck
RESPITE_OPTIONS = ("rest", "pray", "prepare", "practice", "train")


def empty_respite() -> dict:
    return {"rest": 0, "pray": 0, "prepare": False, "practice": None, "training": None, "spent": 0}


def adventure_fields(raw: dict) -> dict:
    """What a hero carries through the acts of one adventure."""
    return {"hand_bonus": 0, "damage_points": 0, "amulet": False, "reward_cards": [],
            "deck_rewards": [str(c) for c in (raw.get("deck_rewards") or [])], "reward_declined": False,
            "recovery_points": 0, "respite": empty_respite(), "xp_awarded": 0}


def card_endurance(option: str, points: int) -> int:
    """[Brief Respite]: Practice starts at 5 endurance, Training at 4; each point past 2 adds 2."""
    return (5 if option == "practice" else 4) + 2 * (points - CARD_COST)


def rewards_in_deck(p: dict) -> int:
    return len(p.get("reward_cards", ())) + len(p.get("deck_rewards", ()))


def after_combat(state: dict, result: str) -> None:
    """Called as a combat ends. A won act with acts to come: raise to 30, Fate Points back to the middle,
    special abilities back, recovery points counted, the Reward Cards to hand out. The adventure won:
    experience and the Fate Points discarded."""
    if state["mode"] != "adventure" or result != "victory":
        return
    c, n = state["combat"], len(state["players"])
    state["rewards"] = {"offered": n if c["rewards"] else 0, "taken": [], "declined": []}
    if c["last"]:
        finish(state)
        return
    left = state["time_counters"] or 0
    state["practice_left"] = state["training_left"] = 4  # the last respite's cards are back in the box
    for p in state["players"]:
        if p["life_points"] < RAISE_TO:
            p["life_points"] = RAISE_TO
        p["unconscious"] = p["revived_this_round"] = False
        state["fate_pool"] += p["fate_points"]
        p["fate_points"] = 0
        p["special_ability_available"] = True
        p["recovery_points"] = left + 2
        p["reward_declined"] = False
        p["respite"] = empty_respite()


def finish(state: dict) -> None:
    """[Victory (End of the Adventure)]: experience per hero; the heroes' Fate Points are discarded
    (back to the box, counted with the middle: the table's total of 2 a hero stays, R48)."""
    xp = state.get("xp_per_hero")
    if xp is None:
        xp = XP.get(state.get("adventure"), 0) + (FREE_MOTHER_XP if state.get("free_mother") else 0)
    for p in state["players"]:
        p["xp_awarded"] = xp
        state["fate_pool"] += p["fate_points"]  # discarded: back in the box with the rest
        p["fate_points"] = 0
        p["unconscious"] = p["revived_this_round"] = False
    state["phase"] = "adventure_end"


def deal_opening_hands(state: dict) -> None:
    """[Additional Preparations]: every hand starts from the whole deck at 5 cards, plus or minus the
    narrative's cards (damage points included) and the Prepare card."""
    for p in state["players"]:
        extra = p.get("hand_bonus", 0) + (1 if p.get("respite", {}).get("prepare") else 0)
        hand = max(0, OPENING_HAND + extra)
        p.update(hand_count=hand, draw_deck_count=DECK_SIZE - hand, discard_count=0, removed_count=0,
                 endurance_total=0, endurance_ready=0, endurance_cards=[], permanents=[], hand_bonus=0)


def reset_for_retry(state: dict) -> None:
    """[End of Combat > Defeat]: every reward of the failed adventure goes; life and Fate start again."""
    n = len(state["players"])
    state["fate_pool"], state["fate_removed"] = 2 * n, 0
    for p in state["players"]:
        p.update(life_points=STARTING_LP, fate_points=0, unconscious=False, revived_this_round=False,
                 knockouts=0, special_ability_available=True, hand_bonus=0, damage_points=0, amulet=False,
                 reward_cards=[], reward_declined=False, recovery_points=0, respite=empty_respite(), xp_awarded=0)
