"""Campaigns between sessions: a campaign is a session of its own (mode "campaign") with its own
links, log and undo; a finished scenario session feeds it through one recorded action.

Kept apart from services.py because only games with campaigns need it; it only calls services.
"""
from __future__ import annotations

from tracker.games import get_game

from . import selectors, services
from .models import Session

CAMPAIGN_GAMES = {"pathfinder": ("scenario", "campaign")}  # game -> (scenario mode, campaign mode)


def _campaign_of(token: str) -> Session | None:
    return Session.objects.filter(pk=token).first() if isinstance(token, str) and token else None


def prepare_scenario(game: str, mode: str, players: list, options: dict) -> tuple[list, dict, dict, object]:
    """Check a scenario's campaign link and fill each character from the campaign sheet.

    Returns (players, options for the engine, options to store, check(state) run once the
    scenario is set up). The edit token stays server-side: the state (which view-only phones read)
    carries the campaign's view token instead.
    """
    modes = CAMPAIGN_GAMES.get(game)
    token = options.get("campaign") if isinstance(options, dict) else None
    if not modes or mode != modes[0] or not token:
        return players, options, options, lambda state: None
    campaign = _campaign_of(token)
    if campaign is None or campaign.game != game or campaign.mode != modes[1]:
        raise services.BadRequest("No such campaign.", {"options.campaign": [
            "give the campaign's edit link token (the campaign page's share sheet shows it)"]})
    sheet = campaign.state
    allowed = get_game(game).campaign_allows

    def check(state):
        reason = allowed(sheet, state["scenario"]["title"]) if allowed else None
        if reason:
            raise services.BadRequest("This scenario can't be played next.", {"options.scenario": [reason]})
    by_character = {p.get("character", "").lower(): p for p in sheet.get("players", [])}
    filled = []
    for raw in players if isinstance(players, list) else []:
        entry = dict(raw) if isinstance(raw, dict) else raw
        known = by_character.get(str(entry.get("character", "")).lower()) if isinstance(entry, dict) else None
        if known is not None:
            if known.get("permanently_dead") or known.get("needs_character"):
                raise services.BadRequest("That character can't play.", {"players": [
                    f"{known['character']} died for good in this campaign; create a new character first"]})
            entry.setdefault("deck_list", dict(known.get("deck_list") or {}))
            entry.setdefault("hero_points", known.get("hero_points", 0))
            if known.get("hand_size"):
                entry.setdefault("hand_size", known["hand_size"])
        filled.append(entry)
    engine_options = dict(options, campaign=campaign.view_id)
    if "scenario" not in options and "title" not in options and sheet.get("next_scenario"):
        # a scenario started from the campaign is, unless said otherwise, the one the campaign expects
        engine_options["title"] = sheet["next_scenario"]
        if isinstance(sheet.get("adventure_number"), int) and "adventure_number" not in options:
            engine_options["adventure_number"] = sheet["adventure_number"]
    return filled, engine_options, options, check


def record_result(*, token: str, idempotency_key: str | None = None) -> tuple[Session, services.WriteResult]:
    """Feed a finished scenario into its campaign (once: the scenario's id is the idempotency key)."""
    access = selectors.session_get(token)
    if access is None:
        raise services.NotFound("No session with this id.")
    if not access.can_write:
        raise services.ReadOnly("This is a view-only link; recording needs the edit link.")
    scenario = access.session
    campaign = _campaign_of((scenario.options or {}).get("campaign"))
    if campaign is None:
        raise services.BadRequest("This scenario isn't part of a campaign.", {"options.campaign": [
            "start the scenario from the campaign page to link it"]})
    if not scenario.outcome:
        raise services.BadRequest("The scenario isn't over yet.", {"outcome": ["win or lose the scenario first"]})
    state = scenario.state
    params = {
        "scenario": state["scenario"]["title"],
        "adventure_number": max(1, state["adventure_number"]),
        "mode": state["challenge_mode"],
        "result": scenario.outcome["result"],
        "characters": [{"character": p["character"], "dead": p["dead"]} for p in state["players"]],
        "session": scenario.view_id,
    }
    result = services.session_action_apply(
        token=campaign.pk, type="record_scenario", params=params,
        idempotency_key=idempotency_key or f"record-scenario-{scenario.pk}",
    )
    return campaign, result
