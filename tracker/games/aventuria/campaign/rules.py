"""The campaign's rules: spending experience (R99, R100), the Reward Cards chosen into a deck (R101),
and what a lost adventure may bring home (C1) ([Victory (End of the Adventure)]; [Campaign Play];
[End of Combat > Defeat])."""
from __future__ import annotations

from tracker.engine import Rule

from .sheet import MAX_DECK_REWARDS, MAX_RAISE, raised


def _doc(state, params):
    return state["players"][params["player"]]


def check_r99(state, params, ctx):
    doc = _doc(state, params)
    if params["option"] == "raise_skill":
        skill = params["skill"]
        if skill not in doc["skill_start"]:
            return f"{doc['name']}'s start value for {skill.replace('_', ' ')} is not on the Hero Document yet."
        if raised(doc, skill) >= MAX_RAISE:
            return (f"{doc['name']}'s {skill.replace('_', ' ')} is already {MAX_RAISE} over its start value "
                    f"({doc['skill_start'][skill]}).")
        return None
    card = " ".join(params["card"].split())
    # The box holds one of each Reward Card: gained again, it is already the hero's to choose.
    if card.lower() in (c.lower() for c in doc["reward_cards"]):
        return f"{card} is already noted on {doc['name']}'s Hero Document."
    if card.lower() not in (c.lower() for c in doc["pending_rewards"]):
        gained = ", ".join(doc["pending_rewards"]) or "none"
        return f"Only a Reward Card gained in the last adventure can be noted ({doc['name']}'s: {gained})."


def check_r100(state, params, ctx):
    doc = _doc(state, params)
    if doc["unspent_xp"] < 1:
        return f"{doc['name']} has no experience points left to spend."


def check_r101(state, params, ctx):
    doc = _doc(state, params)
    noted = {c.lower() for c in doc["reward_cards"]}
    missing = [c for c in params["cards"] if " ".join(c.split()).lower() not in noted]
    if missing:
        return f"Not on {doc['name']}'s Hero Document: {', '.join(missing)}."
    chosen = {" ".join(c.split()).lower() for c in params["cards"]}
    if len(chosen) > MAX_DECK_REWARDS:
        return f"At most {MAX_DECK_REWARDS} Reward Cards go into a deck; {len(chosen)} chosen."


def check_c1(state, params, ctx):
    if params["result"] != "lost":
        return None
    brought = [h for h in params["heroes"] if h.get("xp") or h.get("reward_cards")]
    if brought:
        return "A lost adventure brings no experience and no Reward Cards home."


CAMPAIGN_RULES = (
    Rule("aventuria.R99", "Spending XP: note a Reward Card or raise a skill (max +4)",
         "[Victory (End of the Adventure)]",
         "Each experience point notes a Reward Card gained in that adventure or raises a skill by 1, "
         "at most 4 over its start.", check_r99),
    Rule("aventuria.R100", "XP can be saved, not overspent", "[Victory (End of the Adventure)]",
         "Experience points may be saved; spending needs one left.", check_r100),
    Rule("aventuria.R101", "Campaign decks: up to 3 noted Reward Cards", "[Campaign Play]",
         "Only Reward Cards noted on the Hero Document go into the deck, at most 3.", check_r101),
    Rule("aventuria.C1", "A lost adventure brings nothing home", "[End of Combat > Defeat]",
         "A lost adventure is recorded without experience or Reward Cards.", check_c1),
)
