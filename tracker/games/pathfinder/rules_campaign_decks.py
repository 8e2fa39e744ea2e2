"""The campaign checks on decks and cards (R70, R71, R80-R83, R91, R93, R121): deck lists, level caps on new and
rebuilt decks, distinct characters, promo cards in a vault upgrade and who takes a Loot card. They are kept apart
so that rules_campaign.py, which puts them into CAMPAIGN_RULES, stays with the order of the campaign: scenarios,
deaths, rewards, feats and the after-scenario steps.
"""
from __future__ import annotations

from .campaign import REBUILD, active, clean, count_mismatch, counts, effective_level, seat_ok, who
from .data import BOON_TYPES, character
from .rules_campaign_house import _action, campaign_only


# ------------------------------------------------------------------ decks, the vault and Loot

@campaign_only
def check_r70(state, params, ctx):
    if _action(ctx) == "create_character":
        if not params.get("cards"):
            return None
        data = character(params["character"]) or {}
        deck_list = params.get("deck_list") or data.get("deck_list") or {}
        if params.get("from_retired"):
            sheet = next((r for r in state["retired"] if r["character"].casefold() == clean(params["character"]).casefold()), None)
            deck_list = sheet["sheet"]["deck_list"] if sheet else deck_list
        return count_mismatch(clean(params["character"]), {t: deck_list.get(t, 0) for t in BOON_TYPES}, params["cards"])
    for p in state["players"]:
        if active(p) and p["deck_contents"]:
            wrong = count_mismatch(p["character"], p["deck_list"], p["deck_contents"])
            if wrong:
                return wrong
    return None


@campaign_only
def check_r71(state, params, ctx):
    seat = params.get("player")
    if params.get("from_retired") or not seat_ok(state, seat) or state["players"][seat]["permanently_dead"]:
        return None  # after a death R81 sets the cap; a retired character keeps its written-down deck
    high = [c["name"] for c in params.get("cards", []) if effective_level(c, params.get("character")) > 0]
    if high:
        return f"A new character's deck uses level 0 cards only: {', '.join(high)}."


@campaign_only
def check_r80(state, params, ctx):
    p = state["players"][params["player"]]
    cap = state["last_played_an"]
    high = [f"{c['name']} (level {c.get('level', 0)})" for c in params.get("cards", [])
            if not c.get("loot") and effective_level(c, p["character"]) > cap]
    if high:
        return f"Above the level cap of {cap} (the last scenario's adventure number): {', '.join(high)}."


@campaign_only
def check_r81(state, params, ctx):
    seat = params.get("player")
    if _action(ctx) == "create_character" and (params.get("from_retired") or not state["players"][seat]["permanently_dead"]):
        return None
    cap = max(0, state["last_played_an"] - 2)
    name = params.get("character") or state["players"][seat]["character"]
    high = [f"{c['name']} (level {c.get('level', 0)})" for c in params.get("cards", []) if effective_level(c, name) > cap]
    if high:
        return f"New and filler cards can be at most level {cap}: {', '.join(high)}."


@campaign_only
def check_r82(state, params, ctx):
    act = _action(ctx)
    if act == "rebuild_deck":
        p = state["players"][params["player"]]
        return count_mismatch(p["character"], p["deck_list"], params["cards"])
    if act == "fill_from_vault":
        p = state["players"][params["player"]]
        have = counts(p["deck_contents"] + params["cards"])
        over = [f"{t}: {have[t]} of {p['deck_list'][t]}" for t in BOON_TYPES if have[t] > p["deck_list"][t]]
        if over:
            return f"Filler only fills {p['character']}'s missing slots; too many {', '.join(over)}."
        return None
    if act == "rebuild_trade":
        give, take = counts(params.get("give", [])), counts(params.get("receive", []))
        if give != take:
            return (f"Both decks must still match their deck lists: {who(state, params['player'])} and "
                    f"{who(state, params['target'])} must swap cards of the same types.")
        for seat, cards in ((params["player"], params.get("give", [])), (params["target"], params.get("receive", []))):
            deck = state["players"][seat]["deck_contents"]
            if deck:
                names = [(c["name"].casefold(), c["type"]) for c in deck]
                for card in cards:
                    key = (clean(card["name"]).casefold(), card["type"])
                    if key not in names:
                        return f"{who(state, seat)}'s deck has no {card['type']} named {clean(card['name'])}."
                    names.remove(key)
        return None
    if act == "next_campaign_step" and state["phase"] == REBUILD:
        for p in state["players"]:
            if active(p) and p["deck_contents"]:
                wrong = count_mismatch(p["character"], p["deck_list"], p["deck_contents"])
                if wrong:
                    return wrong
    return None


@campaign_only
def check_r83(state, params, ctx):
    seat = params["player"]
    p = state["players"][seat]
    if active(p):
        return f"{p['name']} still plays {p['character']}; retire that character first (no spare decks are kept)."
    name = clean(params.get("character")).casefold()
    for other, q in enumerate(state["players"]):
        if other != seat and active(q) and q["character"].casefold() == name:
            return f"{q['character']} is already played by {q['name']}."


@campaign_only
def check_r91(state, params, ctx):
    earlier = [c["name"].casefold() for u in state["vault"]["upgrades"] for c in u["adds"] if c.get("promo")]
    seen = {}
    levels = {c.get("level", 0) for c in params.get("adds", []) if not c.get("promo")}
    for card in params.get("adds", []):
        if not card.get("promo"):
            continue
        key = clean(card["name"]).casefold()
        seen[key] = seen.get(key, 0) + card.get("count", 1)
        if seen[key] > 1 or key in earlier:
            return f"Only one copy of each promo card ({clean(card['name'])})."
        if card.get("level", 0) not in levels:
            return f"A promo card joins the vault with other cards of its level ({card.get('level', 0)})."


@campaign_only
def check_r93(state, params, ctx):
    name = clean(params.get("loot")).casefold()
    if not any(c["name"].casefold() == name for c in state["pending_loot"]):
        holder = next((p for p in state["players"] if name in [n.casefold() for n in p["loot"]]), None)
        if holder:
            return f"{holder['character']} already took this Loot card; only one character may."
    seat = params.get("player")
    if seat is not None and not active(state["players"][seat]):
        return f"{state['players'][seat]['name']} has no living character to take the Loot card."


@campaign_only
def check_r121(state, params, ctx):
    name = clean(params.get("loot")).casefold()
    pending = any(c["name"].casefold() == name for c in state["pending_loot"])
    if not pending and name in [n.casefold() for n in state["vault"]["returned"]]:
        return "Nobody took that Loot card after the last scenario, so it went back to the vault."
