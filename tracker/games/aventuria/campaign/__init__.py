"""Aventuria's campaign: the heroes' Hero Documents carried from one adventure to the next.

A campaign session holds no combat; its adventures are sessions of their own, linked to it (links.py)
and recorded into it once each when they end."""
from __future__ import annotations

from tracker.engine import Action

from ..adventure.setup import SKILLS
from .actions import CAMPAIGN_ACTIONS
from .rules import CAMPAIGN_RULES
from .sheet import CAMPAIGN_OPTIONS, campaign_setup, campaign_setup_errors, campaign_setup_examples

__all__ = ["CAMPAIGN_ACTIONS", "CAMPAIGN_OPTIONS", "CAMPAIGN_RULES", "campaign_setup", "campaign_setup_errors",
           "campaign_setup_examples", "campaign_candidates", "campaign_param_errors"]


def campaign_param_errors(state: dict, action_type: str, params: dict) -> dict:
    """What a campaign action's params must name beyond their schema: a 400, not a refusal."""
    if action_type == "spend_xp":
        need = {"raise_skill": "skill", "note_reward": "card"}.get(params.get("option"))
        if need and not params.get(need):
            return {f"params.{need}": [f"name the {need.replace('card', 'Reward Card')} this point is spent on"]}
    if action_type == "record_adventure":
        seats = [h.get("player") for h in params.get("heroes") or [] if isinstance(h, dict)]
        n = len(state.get("players", []))
        for i, seat in enumerate(seats):
            if isinstance(seat, int) and not 0 <= seat < n:
                return {f"params.heroes[{i}].player": [f"seat {seat} does not exist; this campaign has {n} heroes"]}
            if seat in seats[:i]:
                return {f"params.heroes[{i}].player": ["each hero is listed once"]}
    return {}


def campaign_candidates(state: dict) -> list[Action]:
    """A varied sample of campaign actions for the conformance harness (kept only if accepted)."""
    out = []
    heroes = [{"player": d["seat"], "xp": 2, "reward_cards": ["Barbed Club"]} for d in state["players"]]
    out += [Action("record_adventure", {"adventure": "saving-silvana", "difficulty": "normal", "result": "won",
                                        "heroes": heroes}),
            Action("record_adventure", {"adventure": "custom", "title": "The Mill", "difficulty": "easy",
                                        "result": "lost", "heroes": [{"player": 0}]})]
    for d in state["players"]:
        # In the rulebook's order, not the stored object's: jsonb sorts its keys.
        for skill in [k for k in SKILLS if k in d["skill_start"]][:2]:
            out.append(Action("spend_xp", {"player": d["seat"], "option": "raise_skill", "skill": skill}))
        for card in d["pending_rewards"][:1]:
            out.append(Action("spend_xp", {"player": d["seat"], "option": "note_reward", "card": card}))
        out.append(Action("choose_rewards", {"player": d["seat"], "cards": d["reward_cards"][:3]}))
        if len(d["skill_start"]) < 8:
            out.append(Action("note_skill", {"player": d["seat"], "skill": "stealth", "value": 9}))
    return out


