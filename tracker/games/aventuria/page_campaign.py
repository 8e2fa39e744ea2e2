"""The campaign page: each hero's Hero Document (skills with +1 taps, experience left, the Reward Cards
gained to note and those noted, the next deck's rewards as toggles), the adventures played, and the
form that starts the next adventure for this campaign ([Hero Document Template]; [Campaign Play])."""
from __future__ import annotations

from tracker.engine.kit.presenter import Quick, Table, legal, why_not

from .adventure.data import ADVENTURES, DIFFICULTIES
from .adventure.scripts import ADVENTURE_TITLES
from .adventure.setup import SKILLS
from .campaign.sheet import MAX_DECK_REWARDS, MAX_RAISE
from .page_common import card_slug

SKILL_TITLES = {s: s.replace("_", " ").title() for s in SKILLS}


def _skill_rows(table: Table, doc: dict) -> list[dict]:
    rows = []
    for skill in SKILLS:
        start = doc["skill_start"].get(skill)
        raises = doc["skill_raises"].get(skill, 0)
        params = {"player": doc["seat"], "option": "raise_skill", "skill": skill}
        tap = None
        if start is not None and table.can_write and legal(table.game, table.state, "spend_xp", params, table.mode):
            tap = Quick(f"+1 {SKILL_TITLES[skill]}", "spend_xp", params, testid=f"raise-{doc['seat']}-{skill}")
        rows.append({"skill": skill, "title": SKILL_TITLES[skill], "start": start, "raises": raises,
                     "current": doc["skills"].get(skill), "maxed": raises >= MAX_RAISE, "tap": tap})
    return rows


def _cards(table: Table, doc: dict) -> dict:
    seat, state = doc["seat"], table.state
    to_note = []
    for card in doc["pending_rewards"]:
        params = {"player": seat, "option": "note_reward", "card": card}
        refusals = why_not(table, "spend_xp", params)
        ok = table.can_write and not refusals
        to_note.append({"card": card, "why": refusals[0]["message"] if refusals else "",
                        "tap": Quick(f"Note {card} (1 XP)", "spend_xp", params,
                                     testid=f"note-{seat}-{card_slug(card)}") if ok else None})
    noted = []
    for card in doc["reward_cards"]:
        chosen = card in doc["deck_rewards"]
        cards = [c for c in doc["deck_rewards"] if c != card] if chosen else [*doc["deck_rewards"], card]
        params = {"player": seat, "cards": cards}
        ok = table.can_write and (chosen or len(cards) <= MAX_DECK_REWARDS) and \
            legal(table.game, state, "choose_rewards", params, table.mode)
        label = f"{card}: in the deck" if chosen else f"{card}: put in the deck"
        noted.append({"card": card, "chosen": chosen,
                      "tap": Quick(label, "choose_rewards", params, testid=f"deck-{seat}-{card_slug(card)}",
                                   primary=chosen) if ok else None})
    return {"to_note": to_note, "noted": noted}


def _heroes(table: Table) -> list[dict]:
    return [{**doc, "rows": _skill_rows(table, doc), **_cards(table, doc),
             "missing": [SKILL_TITLES[s] for s in SKILLS if s not in doc["skill_start"]]}
            for doc in table.state["players"]]


def _log(state: dict) -> list[dict]:
    names = [d["name"] for d in state["players"]]
    out = []
    for i, a in enumerate(reversed(state["adventures"])):
        heroes = [f"{names[h['player']]} +{h['xp']} XP" + (f" ({', '.join(h['reward_cards'])})" if h["reward_cards"]
                                                            else "") for h in a["heroes"]]
        out.append({**a, "number": len(state["adventures"]) - i, "heroes_text": "; ".join(heroes)})
    return out


def campaign_context(table: Table) -> dict:
    state = table.state
    return {"camp": {
        "heroes": _heroes(table),
        "log": _log(state),
        "adventures": [(a, ADVENTURE_TITLES[a]) for a in ADVENTURES],
        "difficulties": DIFFICULTIES,
        "last_difficulty": state["adventures"][-1]["difficulty"] if state["adventures"] else "normal",
        "max_raise": MAX_RAISE,
        "max_deck": MAX_DECK_REWARDS,
    }}
