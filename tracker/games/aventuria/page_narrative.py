"""The adventure's narrative on the table page: the step being read, who rolls which skill (with each
hero's value), a d20 pad of faces per hero, the choice buttons, each hero's result and what it will do,
the Fate Point reroll of a failed test, the pad of a rolled life point loss, and Continue.

A face is one tap when the hero's value is on record; without it the pad sits in a small form that
asks the value first. Every tap is checked with the engine once per pad (a face changes no rule);
Continue is always there: while the engine would refuse it, its refusal stands beside it."""
from __future__ import annotations

import json

from tracker.engine.kit.presenter import Quick, Table, legal, why_not

from .adventure.narrative import auto_critical, roll_of, skill_value
from .adventure.scripts import RESULTS, RESULT_TITLES, script_for
from .adventure.setup import SKILLS

FACES = tuple(range(1, 21))
LOSS_FACES = {"1d6": tuple(range(1, 7)), "2d6": tuple(range(2, 13))}
VALUE_CHIPS = tuple(range(6, 17))  # the usual skill values, one tap each (others typed)
FAILED = ("failure", "critical_failure")


def skill_title(skill: str | None) -> str:
    return (skill or "skill").replace("_", " ").title()


def _who_line(n: dict) -> str:
    skill = skill_title(n["skill"])
    if n["who"] == "each":
        extra = " with one die per damage point; the worst die counts" if n.get("worst_of_damage") else ""
        return f"Each hero rolls {skill}{extra}."
    if n["who"] == "one":
        return f"The group picks one hero to roll {skill}: tap on that hero's pad."
    if n["who"] == "choice":
        return f"Each hero chooses: {' or '.join(n['choices'])}."
    return "Record each skill test your adventure asks for: pick the skill, then tap the roll."


def _face_class(face: int, target: int | None) -> str:
    """How a face reads against the target, for the eye (the engine decides)."""
    if face == 1:
        return "crit"
    if face == 20:
        return "fumble"
    if target is None:
        return ""
    return "ok" if face <= target else "bad"


class Pads:
    """The pads of one step: each built only when the engine takes its action now."""

    def __init__(self, table: Table):
        self.table = table
        self.state = table.state
        self.n = table.state["narrative"]

    def dice_count(self, seat: int) -> int:
        return max(1, self.state["players"][seat].get("damage_points", 0)) if self.n.get("worst_of_damage") else 1

    def _legal(self, action_type: str, params: dict, dice: int) -> bool:
        if not self.table.can_write:  # a view link shows the results, no pad
            return False
        probe = {**params, "roll": 10, **({"dice": [10] * dice} if dice > 1 else {})}
        return legal(self.table.game, self.state, action_type, probe, self.table.mode)

    def roll_pad(self, action_type: str, base: dict, prefix: str, target: int | None, ask_value=False,
                 ask_skill=False) -> dict | None:
        """A d20 pad for `action_type` with `base` params: one tap a face, or (the value or skill not on
        record) a form the last face sends, or, for the worst of several dice, a pad per die."""
        seat = base.get("beneficiary", base["player"])
        dice = self.dice_count(seat)
        probe = dict(base)
        if ask_value or ask_skill:
            probe["value"] = 10
        if ask_skill:
            probe["skill"] = SKILLS[0]
        if not self._legal(action_type, probe, dice):
            return None
        faces = [(f, f"{prefix}-{f}", _face_class(f, target)) for f in FACES]
        pad = {"action": action_type, "preset": json.dumps(base, sort_keys=True), "faces": faces,
               "dice": dice, "prefix": prefix, "ask_value": ask_value, "ask_skill": ask_skill,
               "value_chips": VALUE_CHIPS, "skills": [(s, skill_title(s)) for s in SKILLS], "taps": []}
        if dice > 1:
            pad["kind"] = "worst"
            pad["dice_faces"] = [[(f, f"{prefix}-d{k}-{f}", _face_class(f, target)) for f in FACES]
                                 for k in range(dice)]
        elif ask_value or ask_skill:
            pad["kind"] = "form"
        else:
            pad["kind"] = "taps"
            pad["taps"] = [(Quick(str(f), action_type, {**base, "roll": f}, testid=tid), c) for f, tid, c in faces]
        return pad

    def loss_pad(self, seat: int, due: str) -> list[Quick]:
        faces = LOSS_FACES[due]
        probe = {"kind": "lose_life", "player": seat, "amount": faces[len(faces) // 2]}
        if not self.table.can_write or not legal(self.table.game, self.state, "narrative_effect", probe, self.table.mode):
            return []
        return [Quick(str(a), "narrative_effect", {**probe, "amount": a}, testid=f"narrative-loss-{seat}-{a}")
                for a in faces]

    def choices(self, seat: int) -> list[Quick]:
        out = []
        for choice in self.n["choices"] if self.table.can_write else ():
            params = {"player": seat, "choice": choice}
            if legal(self.table.game, self.state, "narrative_choice", params, self.table.mode):
                out.append(Quick(choice.capitalize(), "narrative_choice", params,
                                 testid=f"narrative-choice-{seat}-{choice}"))
        return out


def _entry_view(n: dict, entry: dict) -> dict:
    target = entry["value"] + entry["modifier"]
    return {**entry, "target": target, "title": RESULT_TITLES.get(entry["result"], entry["result"]),
            "effect": n["results"].get(entry["result"], ""), "skill_title": skill_title(entry["skill"]),
            "failed": entry["result"] in FAILED}


def _hero(pads: Pads, seat: int) -> dict:
    state, n = pads.state, pads.n
    p = state["players"][seat]
    value = skill_value(state, seat, n["skill"], None)
    target = value + n["modifier"] if value is not None else None
    entry = roll_of(state, seat)
    row = {"seat": seat, "name": p["name"], "value": value, "target": target, "fate": p["fate_points"],
           "damage": p.get("damage_points", 0), "hand_bonus": p.get("hand_bonus", 0), "lp": p["life_points"],
           "entry": _entry_view(n, entry) if entry else None, "rolls": [], "auto": False, "pad": None,
           "repeat": False, "rerolls": [], "loss": [], "loss_due": None, "choices": [], "chosen": None,
           "chosen_text": "", "dice": pads.dice_count(seat)}
    if n["who"] == "choice":
        chosen = n["chosen"].get(str(seat))
        row.update(chosen=chosen, chosen_text=n["results"].get(chosen, "") if chosen else "",
                   choices=[] if chosen else pads.choices(seat))
        return row
    if n["who"] == "any":
        row["rolls"] = [_entry_view(n, r) for r in n["rolls"] if r["player"] == seat]
    row["auto"] = auto_critical(state, seat) and entry is None
    if not row["auto"]:
        base = {"player": seat}
        row["pad"] = pads.roll_pad("narrative_skill_test", base, f"narrative-roll-{seat}", target,
                                   ask_value=value is None and n["who"] != "any", ask_skill=n["who"] == "any")
        row["repeat"] = bool(row["pad"] and entry is not None and n["who"] != "any")
    if entry and entry["result"] in FAILED and n["who"] != "any":
        payers = [seat] if p["fate_points"] > 0 else [i for i, q in enumerate(state["players"])
                                                       if i != seat and q["fate_points"] > 0]
        for payer in payers:
            base = {"player": payer} if payer == seat else {"player": payer, "beneficiary": seat}
            tid = f"narrative-reroll-{seat}" + ("" if payer == seat else f"-by-{payer}")
            pad = pads.roll_pad("spend_fate_reroll_test", base, tid, entry["value"] + entry["modifier"])
            if pad:
                row["rerolls"].append({"testid": tid, "payer": state["players"][payer]["name"],
                                       "own": payer == seat, "fate": state["players"][payer]["fate_points"],
                                       "pad": pad})
    if entry and entry.get("dice_due") and entry.get("amount") is None:
        row["loss_due"] = entry["dice_due"].upper()
        row["loss"] = pads.loss_pad(seat, entry["dice_due"])
    return row


def _continue(table: Table) -> dict:
    state, n = table.state, table.state["narrative"]
    if n["step"] < n["steps"]:
        nxt = script_for(state.get("adventure"), state["act"])[n["step"]]["title"]
        label = f"Continue \u2192 {nxt}"
    else:
        label = "Continue \u2192 the combat setup"
    refusal = why_not(table, "advance_phase", {})
    quick = None if refusal else Quick(label, "advance_phase", {}, testid="narrative-continue", primary=True)
    return {"label": label, "quick": quick, "refusal": refusal}


def narrative_view(table: Table) -> dict | None:
    """The narrative panel's context, or None outside the narrative."""
    state = table.state
    n = state.get("narrative")
    if state.get("phase") != "narrative" or not n:
        return None
    if n["who"] == "choice":
        results = [(c.capitalize(), n["results"].get(c, "")) for c in n["choices"]]
    else:
        results = [(RESULT_TITLES[r], n["results"][r]) for r in RESULTS if r in n["results"]]
    nxt = state.get("next_combat") or {}
    view = {
        "n": n, "who_line": _who_line(n), "skill_title": skill_title(n["skill"]), "results": results,
        "test": n["who"] != "choice", "custom": n["who"] == "any", "last": n["step"] >= n["steps"],
        "time_delta": nxt.get("time_counters", 0), "set_aside": list(nxt.get("set_aside", ())),
    }
    pads = Pads(table)
    view["heroes"] = [_hero(pads, s) for s in range(len(state["players"]))]
    view["cont"] = _continue(table) if table.can_write else None
    return view
