"""The campaign's actions: an adventure recorded (by hand or by its link), experience spent, Reward
Cards chosen into the next deck, a skill's start value noted ([Victory (End of the Adventure)];
[Campaign Play]; [Hero Document Template])."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import enum, integer, obj, seat, string

from ..adventure.scripts import ADVENTURE_TITLES
from ..adventure.setup import SKILLS
from .sheet import ADVENTURE_CHOICES, DIFFICULTY_CHOICES, MAX_DECK_REWARDS, PHASE, raised

CAMPAIGN = frozenset({"campaign"})
BETWEEN = frozenset({PHASE})


def _cards(max_items: int, description: str) -> dict:
    return {"type": "array", "items": string(60), "maxItems": max_items, "description": description}


HERO_RESULT = obj(("player",), player=seat(title="Hero"), xp=integer(0, 9, title="Experience"),
                  reward_cards=_cards(MAX_DECK_REWARDS * 3, "the Reward Cards this hero gained"))


def _clean(name: str) -> str:
    return " ".join(name.split())


def apply_record_adventure(state, params, ctx):
    won = params["result"] == "won"
    entry = {"adventure": params["adventure"], "title": _clean(params.get("title") or ADVENTURE_TITLES.get(params["adventure"], params["adventure"])),
             "difficulty": params["difficulty"], "result": params["result"], "session": params.get("session"),
             "heroes": [{"player": h["player"], "xp": h.get("xp", 0), "reward_cards": [_clean(c) for c in
                                                                                    h.get("reward_cards", [])]}
                        for h in params["heroes"]]}
    state["adventures"].append(entry)
    state["round"] = len(state["adventures"])
    for doc in state["players"]:
        doc["pending_rewards"] = []  # only the last adventure's cards can still be noted
    lines = []
    for h in entry["heroes"]:
        doc = state["players"][h["player"]]
        doc["unspent_xp"] += h["xp"]
        doc["pending_rewards"] = list(h["reward_cards"])
        if h["xp"]:
            lines.append(f"{doc['name']} +{h['xp']} XP ({doc['unspent_xp']} to spend)")
    result = "won" if won else "lost"
    return f"{entry['title']} ({entry['difficulty']}) {result}." + (" " + "; ".join(lines) + "." if lines else "")


def apply_spend_xp(state, params, ctx):
    doc = state["players"][params["player"]]
    doc["unspent_xp"] -= 1
    if params["option"] == "raise_skill":
        skill = params["skill"]
        doc["skill_raises"][skill] = raised(doc, skill) + 1
        doc["skills"][skill] = doc["skill_start"][skill] + doc["skill_raises"][skill]
        return (f"{doc['name']} raises {skill.replace('_', ' ')} to {doc['skills'][skill]} "
                f"(+{doc['skill_raises'][skill]} over {doc['skill_start'][skill]}).")
    card = next(c for c in doc["pending_rewards"] if c.lower() == _clean(params["card"]).lower())
    doc["pending_rewards"].remove(card)
    doc["reward_cards"].append(card)
    return f"{doc['name']} notes {card} on the Hero Document."


def apply_choose_rewards(state, params, ctx):
    doc = state["players"][params["player"]]
    by_name = {c.lower(): c for c in doc["reward_cards"]}
    chosen = []
    for c in params["cards"]:
        card = by_name[_clean(c).lower()]
        if card not in chosen:
            chosen.append(card)
    doc["deck_rewards"] = chosen
    return f"{doc['name']}'s next deck: " + (", ".join(chosen) if chosen else "no Reward Cards") + "."


def apply_note_skill(state, params, ctx):
    doc = state["players"][params["player"]]
    skill = params["skill"]
    doc["skill_start"][skill] = params["value"]
    doc["skill_raises"].setdefault(skill, 0)
    doc["skills"][skill] = params["value"] + doc["skill_raises"][skill]
    return f"{doc['name']}'s {skill.replace('_', ' ')} starts at {params['value']}."


def _spec(type_, title, params, apply, rules=()):
    return ActionSpec(type_, title, params, apply, rules=rules, phases=BETWEEN, modes=CAMPAIGN,
                      seat_params=("player",))


CAMPAIGN_ACTIONS = (
    _spec("record_adventure", "Record an adventure",
          obj(("adventure", "difficulty", "result", "heroes"), adventure=enum(*ADVENTURE_CHOICES, title="Adventure"),
              title=string(100, "the adventure's name", title="Title"),
              difficulty=enum(*DIFFICULTY_CHOICES, title="Difficulty"), result=enum("won", "lost", title="Result"),
              heroes={"type": "array", "items": HERO_RESULT, "maxItems": 4, "title": "Heroes"},
              session=string(100, "the adventure session this result comes from")),
          apply_record_adventure, ("aventuria.C1",)),
    _spec("spend_xp", "Spend an experience point",
          obj(("player", "option"), player=seat(title="Hero"),
              option=enum("raise_skill", "note_reward", title="Spend on"), skill=enum(*SKILLS, title="Skill"),
              card=string(60, "the Reward Card to note", title="Reward Card")),
          apply_spend_xp, ("aventuria.R100", "aventuria.R99")),
    _spec("choose_rewards", "Choose Reward Cards for the next deck",
          obj(("player", "cards"), player=seat(title="Hero"),
              cards=_cards(MAX_DECK_REWARDS * 3, "noted Reward Cards, at most 3")),
          apply_choose_rewards, ("aventuria.R101",)),
    _spec("note_skill", "Note a skill's start value",
          obj(("player", "skill", "value"), player=seat(title="Hero"), skill=enum(*SKILLS, title="Skill"),
              value=integer(1, 30, "the value on the Skill Card", title="Start value")),
          apply_note_skill),
)
