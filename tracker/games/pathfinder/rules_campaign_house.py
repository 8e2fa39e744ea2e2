"""The campaign's house rules (H20-H23) and `campaign_only`, the guard every other campaign check runs behind so it
is a no-op on a scenario state; the guard sits beside H20, the hard rule that keeps campaign actions away from a
scenario state, and both rules_campaign.py and rules_campaign_decks.py import it from here so neither imports the other.
"""
from __future__ import annotations

from functools import wraps

from .campaign import active, adventure_of, clean, entry_seat, find_scenario, seat_ok
from .data import character


def campaign_only(check):
    @wraps(check)
    def guarded(state, params, ctx):
        if not isinstance(state, dict) or state.get("mode") != "campaign":
            return None
        return check(state, params, ctx)
    return guarded


def _action(ctx) -> str:
    return getattr(ctx, "action_type", "") or ""


# ------------------------------------------------------------------ house rules

def check_h20(state, params, ctx):
    if not isinstance(state, dict) or state.get("mode") != "campaign":
        return "Campaign bookkeeping is recorded in a campaign, not in a scenario session."


CHARACTER_ACTIONS = {"spend_hero_point_on_feat", "bank_hero_point", "choose_role", "rebuild_deck", "rebuild_trade",
                     "fill_from_vault", "heroic_legendary_feat_swap", "retire_character"}
FEAT_PARAM = {"skill": "skill", "power": "power", "card": "card_type"}


@campaign_only
def check_h21(state, params, ctx):
    act = _action(ctx)
    seat = params.get("player")
    if act in CHARACTER_ACTIONS and seat_ok(state, seat) and not active(state["players"][seat]):
        return f"{state['players'][seat]['name']} has no character in play; create one first."
    if act == "record_scenario":
        title = find_scenario(state, params.get("scenario"))
        if title is None:
            return f"{clean(params.get('scenario'))!r} is not in the Adventure Path; add it with add_scenario first."
        number = params.get("adventure_number")
        if number is not None and number != adventure_of(state, title):
            return f"{title} belongs to adventure {adventure_of(state, title)}, not {number}."
        for entry in params.get("characters", []):
            if entry_seat(state, entry) is None:
                return "Each listed character must name a seat or a character of this party."
    elif act == "add_scenario":
        if not clean(params.get("title")):
            return "A scenario needs a title."
        if find_scenario(state, params.get("title")):
            return f"{find_scenario(state, params.get('title'))} is already in the Adventure Path."
    elif act == "spend_hero_point_on_feat":
        if not clean(params.get(FEAT_PARAM[params["feat"]])):
            return f"Say which {params['feat']} feat to check ({FEAT_PARAM[params['feat']]})."
    elif act == "claim_reward":
        if any(not clean(name) for name in params.get("loot", [])):
            return "Every Loot card needs a name."
    elif act == "take_loot":
        name = clean(params.get("loot")).casefold()
        known = [c["name"].casefold() for c in state["pending_loot"]] + \
                [n.casefold() for n in state["vault"]["returned"]] + \
                [n.casefold() for p in state["players"] for n in p["loot"]]
        if not name or name not in known:
            return f"No Loot card named {clean(params.get('loot'))!r} was awarded."
    elif act == "rebuild_trade":
        if params["player"] == params["target"]:
            return "A trade needs two different characters."
        if not active(state["players"][params["target"]]):
            return f"{state['players'][params['target']]['name']} has no character in play."
    elif act == "heroic_legendary_feat_swap":
        if not clean(params.get("erase")) or not clean(params.get("gain")):
            return "Name the feat to erase and the feat to gain."
    elif act == "create_character":
        name = clean(params.get("character"))
        if not name:
            return "Choose a character."
        if params.get("from_retired"):
            if not any(r["character"].casefold() == name.casefold() for r in state["retired"]):
                return f"No retired {name} was written down in this campaign."
        elif character(name) is None and not isinstance(params.get("deck_list"), dict):
            return f"{name} is not a Core Set character; give its deck_list."
    elif act in ("retire_character",) and seat_ok(state, seat) and not active(state["players"][seat]):
        return f"{state['players'][seat]['name']} has no character to retire."
    elif act == "upgrade_vault":
        if any(not clean(c.get("name")) for c in params.get("adds", [])) or \
                any(not clean(n) for n in params.get("removes", [])):
            return "Every card in the upgrade needs a name."
    return None


def check_h22(state, params, ctx):
    if not isinstance(state, dict) or state.get("mode") != "campaign":
        return None
    for p in state["players"]:
        if p["hero_points"] < 0 or p["pending_hero_points"] < 0:
            return f"{p['character']}'s hero points can't go below 0."
        if any(v < 0 for v in p["feat_counts"].values()) or any(v < 0 for v in p["deck_list"].values()):
            return f"{p['character']}'s feats and deck list can't go below 0."
    return None


@campaign_only
def check_h23(state, params, ctx):
    missing = [p["name"] for p in state["players"] if not active(p)]
    if missing:
        return f"{', '.join(missing)} must start a new character before the next scenario."
