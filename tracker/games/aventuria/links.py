"""The campaign as a link: an Aventuria campaign session (mode "campaign") fed by adventure sessions.

An adventure created with `options.campaign` (the campaign's edit token) takes each known hero's
current skills and the Reward Cards chosen into their deck from the Hero Document; once the adventure
has an outcome it is recorded in the campaign as one `record_adventure`, with each hero's experience
and the Reward Cards gained (none after a defeat: aventuria.C1)."""
from __future__ import annotations

from tracker.engine import LinkError
from tracker.engine.kit.links import Link, Prepared

from .campaign.sheet import document_of


def prepare(sheet: dict, mode: str, players: list, options: dict) -> Prepared:
    if not isinstance(players, list) or not players:
        # "start the next one" with no names: the campaign's heroes, as they stand
        players = [{"name": d["name"], **({"hero": d["hero"]} if d.get("hero") else {})} for d in sheet["players"]]
    filled = []
    for raw in players:
        entry = dict(raw) if isinstance(raw, dict) else raw
        doc = document_of(sheet, entry) if isinstance(entry, dict) else None
        if doc is not None:
            if doc.get("hero"):
                entry.setdefault("hero", doc["hero"])
            entry["skills"] = {**doc["skills"], **(entry.get("skills") or {})}
            entry.setdefault("deck_rewards", list(doc["deck_rewards"]))
        filled.append(entry)
    return Prepared(filled, dict(options), options)


def record_params(sheet: dict, state: dict, outcome: dict) -> dict:
    won = outcome["result"] == "won"
    heroes = []
    for p in state["players"]:
        doc = document_of(sheet, p)
        if doc is None:
            continue
        heroes.append({"player": doc["seat"], "xp": p.get("xp_awarded", 0) if won else 0,
                       "reward_cards": list(p.get("reward_cards", [])) if won else []})
    if not heroes:
        raise LinkError("None of this adventure's heroes is in the campaign.",
                        {"players": ["name the campaign's heroes (or their hero cards) in the adventure"]})
    return {"adventure": state["adventure"], "title": state.get("adventure_title") or state["adventure"],
            "difficulty": state["difficulty"], "result": outcome["result"], "heroes": heroes}


LINKS = (
    Link(name="campaign", parent_mode="campaign", child_modes=("adventure",), record_action="record_adventure",
         record_key="record-adventure-", record_params=record_params, prepare=prepare),
)
