"""The Curse of the Desert campaign (mode "campaign"): both parts in their order, each hero's Adventure
Points and card levels, the Player Title. Its parts are sessions of their own (modes "nedime" and
"borbarad") linked to it by ../links.py and recorded into it once each when won."""
from __future__ import annotations

from tracker.engine import Action, ParamError, decide

from .actions import CAMPAIGN_ACTIONS
from .rules import CAMPAIGN_RULES
from .sheet import (
    CAMPAIGN_OPTIONS, PHASE, campaign_setup, campaign_setup_errors, campaign_setup_examples, clean,
)

__all__ = ["CAMPAIGN_ACTIONS", "CAMPAIGN_OPTIONS", "CAMPAIGN_RULES", "PHASE", "campaign_candidates",
           "campaign_param_errors", "campaign_setup", "campaign_setup_errors", "campaign_setup_examples"]


def campaign_param_errors(state: dict, action_type: str, params: dict) -> dict:
    """What an upgrade must name beyond its schema: an Action Card by its name (the app holds no card list),
    the Hero and Skill Card never (each hero has one). Malformed, so a 400, not a refusal."""
    if action_type != "upgrade_card":
        return {}
    card = clean(params.get("card") or "")
    if params["card_kind"] == "action" and not card:
        return {"params.card": ["name the Action Card to upgrade, as printed on it"]}
    if params["card_kind"] != "action" and card:
        return {"params.card": ["only an Action Card is named; a hero has one Hero Card and one Skill Card"]}
    return {}


def campaign_candidates(state: dict, game=None) -> list[Action]:
    """A varied sample of campaign actions for the conformance harness; with `game`, only those it accepts
    now without an override, and none once the campaign is over (the harness's "a finished game offers no
    actions"), as the game's enumerate_actions answers."""
    if game is not None:
        if state.get("outcome") is not None:
            return []
        return [a for a in campaign_candidates(state) if _accepted(game, state, a)]
    out = [Action("record_adventure", {"adventure": part, "result": result})
           for part in ("nedime", "borbarad") for result in ("lost", "won")]
    for hero in state["players"]:
        seat = hero["seat"]
        for level in (2, 3):
            out += [Action("upgrade_card", {"player": seat, "card_kind": kind, "to_level": level})
                    for kind in ("hero_card", "skill_card")]
            out += [Action("upgrade_card", {"player": seat, "card_kind": "action", "card": card, "to_level": level})
                    for card in ("Slyness", " prayer  of PHEX ")]
    return out


def _accepted(game, state: dict, action: Action) -> bool:
    try:
        return decide(game, state, action).accepted
    except ParamError:
        return False
