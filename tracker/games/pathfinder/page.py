"""What the Pathfinder phone pages need beyond the core table context (templates/games/pathfinder/).

The context replaces the generic phase stepper (the game's phase list mixes scenario steps and
campaign steps) with the page's own, and precomputes what the templates would otherwise work out
(names, guarded locations, dice, the progress grid, the feat boxes).
"""
from __future__ import annotations

import json

from tracker.engine.kit import seats
from tracker.engine.kit.cards import CardFacts
from tracker.engine.kit.presenter import Page, Table, form, stepper

from .campaign import MAX_SKILL_FEAT, MODE_LETTERS
from . import skills
from .data import BOON_TYPES, CARD_KINDS, CHARACTERS, DICE, SCENARIOS, SKILLS
from .encounter import where
from .rules_campaign import AFTER_STEPS, BETWEEN, CAMPAIGN_PHASES, scenario_allowed
from .state import STEP_TITLES, TURN_STEPS

# the campaign's progress grid: the modes a scenario is completed in, as the campaign letters them
PROGRESS_MODES = tuple((MODE_LETTERS[m], m.capitalize()) for m in ("normal", "heroic", "legendary"))
SKILL_BOXES = 3  # feat boxes drawn per skill row: +1 +2 +3 (one more once they are all checked)


_name = seats.name_of


def _steps(state) -> list[dict]:
    phase = state.get("phase")
    current = TURN_STEPS.index(phase) if phase in TURN_STEPS else (0 if phase == "setup" else -1)
    return stepper(((s, STEP_TITLES[s]) for s in TURN_STEPS), current)


def _dice(dice: dict) -> list[tuple[int, int]]:
    return sorted(((int(k), v) for k, v in (dice or {}).items() if v), reverse=True)


def _dice_text(check: dict) -> str:
    text = " + ".join(f"{n}d{sides}" for sides, n in _dice(check.get("dice")))
    mod = check.get("modifier") or 0
    return text + (f" + {mod}" if mod > 0 else f" − {-mod}" if mod < 0 else "")


def _combat_text(p) -> str:
    """What a combat check without a power rolls for this character [Attempting a Check]."""
    skill = skills.combat_skill(p)
    if skill is None:
        return "Strength or Melee: die not known, choose it"
    roll = skills.roll_of(p, skill)
    return f"{skill.title()} {skills.roll_text(roll.die, roll.modifier)}"


def _scenario(state) -> dict:
    enc, check, damage = state.get("encounter"), state.get("check"), state.get("damage")
    guarded = set(enc["guarded"]) if enc and enc.get("villain") else set()
    players = state.get("players", [])
    locations = []
    for i, loc in enumerate(state.get("locations", [])):
        here = [p["name"] for p in players if p.get("location") == loc["name"] and not p.get("dead")]
        locations.append({**loc, "index": i, "total": loc["cards"] + len(loc["faceup"]),
                          "guarded": loc["name"] in guarded, "here": here})
    seats = []
    for i, p in enumerate(players):
        seats.append({**p, "seat": i, "danger": not p["dead"] and p["deck_count"] < p["hand_size"],
                      "active": i == state.get("active_player"), "skill_rows": skills.sheet(p),
                      "lacking": [s.title() for s in p.get("skills_lacking", [])]})
    phase = state.get("phase")
    live = [s["seat"] for s in seats if not s["dead"]]
    ts = state.get("turn_state") or {}
    close_chance = ts.get("close_opportunity")
    out = {
        "kinds": CARD_KINDS, "skills": SKILLS, "dice": DICE, "boons": BOON_TYPES,
        "recovery": ("recharge", "reload", "discard", "hand", "bury", "banish"),
        "reason": (state.get("result_reason") or "").replace("_", " "),
        "steps": _steps(state),
        "active_name": _name(state, state.get("active_player")),
        "hour_by": _name(state, state.get("hour_advanced_by")) if state.get("hour_advanced_by") is not None else None,
        "hourglass_low": state.get("hourglass", 0) <= 3,
        "locations": locations,
        "open_locations": [loc["name"] for loc in locations if not loc["closed"]],
        "seats": seats,
        "before_hour": phase in ("setup", "advance_hour"),
        "in_turn": phase in ("give", "move", "explore", "close", "end"),
        "can_explore": phase in ("give", "move", "explore") and not enc and not check and not damage,
        "can_end": phase in ("give", "move", "explore", "close", "end") and not enc and not check and not damage,
        "can_next": phase in ("give", "move", "explore", "close") and not enc and not check and not damage,
        "can_close": not enc and not check and not damage and (phase == "close" or bool(close_chance)),
        "close_chance": close_chance,
        "forced": [(s, _name(state, s)) for s in state.get("forced_moves", [])],
        "busy": bool(enc or check),
        "boon_types": (check or damage or enc or {}).get("boon_types") or state.get("step_boon_types", []),
    }
    if check:
        roller = check["character"]
        out["check"] = {
            "who": _name(state, roller), "dice": _dice_text(check),
            "skill": f"{check['skill'].title()} {skills.roll_text(check['die'], check['modifier'])}",
            "listed": "Combat" if check.get("combat") else check.get("listed", check["skill"]).title(),
            # one entry per die to roll, for the roll pad: the roll is the sum of these dice
            "roll_dice": [sides for sides, n in _dice(check.get("dice")) for _ in range(n)],
            "blessers": [(s, _name(state, s)) for s in live],
            "win": check["rolled"] and check["result"] is not None and check["result"] >= check["difficulty"],
        }
    if enc:
        avengers = [s for s in live if s != enc["character"] and players[s]["location"] == where(enc)
                    and players[s]["hand_count"] > 0]
        distant = [s for s in live if players[s]["location"] != where(enc) and s not in enc["guard_attempts"]]
        # a summoned villain never escapes, so nobody guards against it
        guarding = enc.get("villain") and not enc.get("summoned") and enc["step"] in ("evade", "guard")
        out["encounter"] = {
            "who": _name(state, enc["character"]),
            "combat": _combat_text(players[enc["character"]]),
            "done": len(enc["checks"]),
            "checks": [{**c, "by_name": _name(state, c["by"])} for c in enc["checks"]],
            "avengers": [(s, _name(state, s)) for s in avengers],
            "guards": [(s, _name(state, s)) for s in distant] if guarding else [],
            "ready": len(enc["checks"]) >= enc["checks_needed"],
        }
    if damage:
        out["damage"] = {"who": _name(state, damage["target"]), "left": max(0, damage["amount"] - damage["reduced"])}
    return out


def _campaign(state) -> dict:
    progress = state.get("progress", {})
    completed = set(state.get("completed", []))
    rows = []
    for adv in state.get("adventure_path", {}).get("adventures", []):
        for title in adv["scenarios"]:
            marks = progress.get(title, {})
            rows.append({"adventure": adv["number"], "title": title, "completed": title in completed,
                         "next": title == state.get("next_scenario"),
                         "modes": [(letter, label, bool(marks.get(letter))) for letter, label in PROGRESS_MODES]})
    members = []
    for i, p in enumerate(state.get("players", [])):
        feats = p.get("feats", {})
        printed = CHARACTERS.get(p["character"], {}).get("skills") or {}
        known = [k for k, value in printed.items() if value is not None]  # the skills with a value to raise
        skill_rows = []
        for skill in list(dict.fromkeys(known + sorted(feats.get("skill", {})))):
            value = feats.get("skill", {}).get(skill, 0)
            boxes = min(MAX_SKILL_FEAT, max(SKILL_BOXES, value + 1))
            skill_rows.append({"name": skill, "value": value, "boxes": [
                {"n": n, "checked": n <= value, "next": n == value + 1,
                 "params": json.dumps({"player": i, "feat": "skill", "skill": skill, "value": n})}
                for n in range(1, boxes + 1)]})
        cards = [{"type": t, "checked": range(feats.get("card", {}).get(t, 0)),
                  "count": p.get("deck_list", {}).get(t, 0),
                  "params": json.dumps({"player": i, "feat": "card", "card_type": t})} for t in BOON_TYPES]
        members.append({**p, "seat": i, "skill_rows": skill_rows, "card_rows": cards,
                        "playing": p.get("alive") and not p.get("needs_character") and not p.get("permanently_dead"),
                        "deck_total": sum(p.get("deck_list", {}).values()),
                        # in the rulebook's order of boon types: a stored object's key order is the database's
                        "deck_rows": [(t, p.get("deck_list", {}).get(t, 0)) for t in BOON_TYPES]})
    slugs = {data["title"].casefold(): slug for slug, data in SCENARIOS.items() if slug != "custom"}
    nxt = state.get("next_scenario")
    return {
        "rows": rows, "members": members, "skills": SKILLS, "modes": PROGRESS_MODES,
        "undecided": [m for m in members if m.get("dead_in_last_scenario") and m.get("death_choice") is None],
        "next_slug": slugs.get((nxt or "").casefold()),
        "next_blocked": scenario_allowed(state, nxt) if nxt else None,
        "starters": [m for m in members if m["playing"]],
        "after_scenario": state.get("phase") != "between_scenarios",
        "steps": _campaign_steps(state),
    }


def _campaign_steps(state) -> list[dict]:
    order = (BETWEEN, *AFTER_STEPS)  # between scenarios, then the wrap-up after each one
    phase = state.get("phase")
    current = order.index(phase) if phase in order else -1
    return stepper(((s, CAMPAIGN_PHASES[s].split(": ")[-1].capitalize()) for s in order), current)


DIFFICULTIES = range(4, 21)  # the chips a check's difficulty is tapped on (more: type it)


def _forms(table: Table, pf: dict) -> dict:
    """The step's own forms, built by the core: the combat check as one tap on its difficulty, the
    roll on a pad of the check's dice (never a typed total, never a silent d4)."""
    state, mode = table.state, table.mode
    enc, check = state.get("encounter"), state.get("check")
    out = {}
    if enc and not check and "encounter" in pf:
        who = enc["character"]
        out["combat_form"] = form(table.game.action("declare_check", mode), state,
                                  preset={"player": who, "skill": "combat"}, show=("difficulty",),
                                  defaults={"difficulty": enc.get("difficulty")}, chips={"difficulty": DIFFICULTIES},
                                  submit=f"Combat check: {pf['encounter']['combat']}")
    if check and not check["rolled"]:
        out["roll_form"] = form(table.game.action("roll_check", mode), state, preset={"player": check["character"]},
                                dice={"roll": pf["check"]["roll_dice"]}, show=("roll",),
                                submit=f"Roll {pf['check']['dice']}")
    return out


def context(table: Table) -> dict:
    state = table.state
    pf = _campaign(state) if table.mode == "campaign" else _scenario(state)
    if table.mode != "campaign":
        pf.update(_forms(table, pf))
    rolled = (pf.get("check") or {}).get("roll_dice")
    return {
        "phases": [],  # the page draws its own stepper (scenario steps or campaign steps)
        "phase_index": -1,
        "pf": pf,
        # the dice a roll field sums, per action, for the form builder's roll pad (never a silent d4)
        "form_dice": {"roll_check": {"roll": rolled}, "reroll": {"roll": rolled}} if rolled else {},
    }


def _encountered(state) -> str | None:
    enc = state.get("encounter")
    # an encounter recorded without a name goes by its card type ("monster"): no card to remember
    return enc["card"] if enc and enc.get("card") and enc["card"] != enc.get("kind") else None


# What the cards themselves say, remembered for the table and its campaign: a bane's type, its check and
# the traits it is immune, vulnerable or resistant to, as typed when it is explored or summoned; the
# skill and difficulty of a check declared against the card encountered, and its printed difficulty
# (a base plus a multiple of the adventure number, [Attempting a Check]); a boon's type and traits when
# it is played. Whether a henchman closes a location is the scenario's, not the card's, and the
# difficulty typed with an exploration is the one of this adventure: the table corrects it by typing
# another.
_FOUND = ("kind", "difficulty", "checks", "immune", "vulnerable", "resistant")
_BOON = ("card_type", "card_traits")
CARD_FACTS = {
    "explore": CardFacts("card", (*_FOUND, "damage_type")),
    "summon": CardFacts("card", _FOUND),
    "declare_check": CardFacts(None, ("skill", "difficulty"), in_play=_encountered),
    "set_difficulty": CardFacts(None, ("base", "adventure_multiplier"), in_play=_encountered),
    "play_card": CardFacts("card", _BOON),
    "modify_check": CardFacts("card", _BOON),
}


PAGE = Page(template="games/pathfinder/state.html", context=context, styles=("games/pathfinder/pathfinder.css",))
