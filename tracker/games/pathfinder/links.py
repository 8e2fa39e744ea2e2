"""The Adventure Path campaign as a link: a campaign session (mode "campaign") fed by scenario sessions.

A scenario created with `options.campaign` (the campaign's edit token) takes each known character's deck
list, hero points, hand size, favored card type and skill feats from the campaign sheet, starts as the
scenario the campaign expects unless told otherwise, and is checked against the campaign's order (R84).
Once over, it is recorded in the campaign as one `record_scenario`.
"""
from __future__ import annotations

from tracker.engine import LinkError
from tracker.engine.kit.links import Link, Prepared

from .rules_campaign import scenario_allowed
from .skills import skill_name


def prepare(sheet: dict, mode: str, players: list, options: dict) -> Prepared:
    by_character = {p.get("character", "").lower(): p for p in sheet.get("players", [])}
    filled = []
    for raw in players if isinstance(players, list) else []:
        entry = dict(raw) if isinstance(raw, dict) else raw
        known = by_character.get(str(entry.get("character", "")).lower()) if isinstance(entry, dict) else None
        if known is not None:
            if known.get("permanently_dead") or known.get("needs_character"):
                raise LinkError("That character can't play.", {"players": [
                    f"{known['character']} died for good in this campaign; create a new character first"]})
            entry.setdefault("deck_list", dict(known.get("deck_list") or {}))
            entry.setdefault("hero_points", known.get("hero_points", 0))
            if known.get("hand_size"):
                entry.setdefault("hand_size", known["hand_size"])
            if known.get("favored"):
                entry.setdefault("favored", known["favored"])
            # the sheet's skill boxes change the scenario's dice (Strength +1 makes Melee: Strength +2 a +3)
            feats = {k: v for k, v in ((known.get("feats") or {}).get("skill") or {}).items() if skill_name(k)}
            if feats:
                entry.setdefault("skill_feats", feats)
        filled.append(entry)
    engine_options = dict(options)
    if "scenario" not in options and "title" not in options and sheet.get("next_scenario"):
        # a scenario started from the campaign is, unless said otherwise, the one the campaign expects
        engine_options["title"] = sheet["next_scenario"]
        if isinstance(sheet.get("adventure_number"), int) and "adventure_number" not in options:
            engine_options["adventure_number"] = sheet["adventure_number"]
    return Prepared(filled, engine_options, options)


def check(sheet: dict, scenario: dict) -> None:
    reason = scenario_allowed(sheet, scenario["scenario"]["title"])
    if reason:
        raise LinkError("This scenario can't be played next.", {"options.scenario": [reason]})


def record_params(sheet: dict, state: dict, outcome: dict) -> dict:
    return {
        "scenario": state["scenario"]["title"],
        "adventure_number": max(1, state["adventure_number"]),
        "mode": state["challenge_mode"],
        "result": outcome["result"],
        "characters": [{"character": p["character"], "dead": p["dead"]} for p in state["players"]],
    }


LINKS = (
    Link(name="campaign", parent_mode="campaign", child_modes=("scenario",), record_action="record_scenario",
         record_key="record-scenario-", record_params=record_params, prepare=prepare, check=check),
)
