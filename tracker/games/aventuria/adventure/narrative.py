"""The narrative between combats: the step being read, who has rolled what, and the effects that
apply when the table moves on ([The Adventure > Narrative]; [Skill Tests]).

Effects wait for the step to close so a Fate reroll or a companion's repeat can still change a
result; what a step does to the next combat waits in `next_combat` and the heroes' `hand_bonus`.
"""
from __future__ import annotations

from .scripts import CF, CS, F, RESULT_TITLES, S, script_for

SUCCESSES = (CS, S)


def test_result(roll: int, value: int) -> str:
    """[Skill Tests]: the natural 1 and 20 decide alone; otherwise the roll against the value."""
    if roll == 1:
        return CS
    if roll == 20:
        return CF
    return S if roll <= value else F


def open_step(state: dict, number: int) -> None:
    script = script_for(state.get("adventure"), state["act"])
    data = script[number - 1]
    state["phase"] = "narrative"
    state["narrative_step"] = number
    state["narrative"] = {
        "step": number, "steps": len(script), "title": data["title"], "text": data["text"], "who": data["who"],
        "skill": data["skill"], "modifier": 0, "choices": list(data["choices"]), "results": dict(data["results"]),
        "worst_of_damage": data["worst_of_damage"], "rolls": [], "chosen": {}, "free_rerolls": 0,
    }


def step_data(state: dict) -> dict | None:
    n = state.get("narrative")
    if not n:
        return None
    return script_for(state.get("adventure"), state["act"])[n["step"] - 1]


def roll_of(state: dict, seat: int) -> dict | None:
    n = state.get("narrative") or {}
    return next((r for r in reversed(n.get("rolls", ())) if r["player"] == seat), None)


def skill_value(state: dict, seat: int, skill: str | None, value: int | None):
    if value is not None:
        return value
    return (state["players"][seat].get("skills") or {}).get(skill) if skill else None


def worst(dice: list[int]) -> int:
    """The worst of several d20 in a roll-under test is the highest (a 20 is the worst of all)."""
    return max(dice)


def auto_critical(state: dict, seat: int) -> bool:
    """[The Non-Gambling Kind]: with no damage points the Willpower test is a critical success unrolled."""
    n = state.get("narrative") or {}
    return bool(n.get("worst_of_damage")) and state["players"][seat].get("damage_points", 0) == 0


def dice_due(state: dict, result: str) -> str | None:
    data = step_data(state) or {}
    for kind, value in data.get("effects", {}).get(result, ()):
        if kind == "lose_life_dice":
            return value
    return None


def record_roll(state: dict, seat: int, roll: int, value: int, modifier: int, skill, dice=None,
                fresh: bool = False) -> dict:
    """A hero's test in this step; a reroll or a repeat replaces their result (a custom step's open
    list of tests takes each new test as `fresh`)."""
    result = test_result(roll, value + modifier)
    entry = None if fresh else roll_of(state, seat)
    if entry is None:
        entry = {"player": seat, "rerolls": 0}
        state["narrative"]["rolls"].append(entry)
    else:
        entry["rerolls"] += 1
    entry.update(roll=roll, dice=list(dice) if dice else None, value=value, modifier=modifier, skill=skill,
                 result=result, dice_due=dice_due(state, result), amount=None)
    return entry


def missing(state: dict) -> list[str]:
    """What the table still owes before the step closes: names of heroes to roll or choose, dice to roll."""
    n = state["narrative"]
    names = [p["name"] for p in state["players"]]
    out = []
    if n["who"] == "each":
        out += [f"{names[s]} rolls {_skill(n)}" for s in range(len(names))
                if roll_of(state, s) is None and not auto_critical(state, s)]
    elif n["who"] == "one" and not n["rolls"]:
        out.append(f"one hero rolls {_skill(n)}")
    elif n["who"] == "choice":
        out += [f"{names[s]} chooses" for s in range(len(names)) if str(s) not in n["chosen"]]
    out += [f"{names[r['player']]} rolls {r['dice_due']} for the life point loss" for r in n["rolls"]
            if r.get("dice_due") and r.get("amount") is None]
    return out


def _skill(n: dict) -> str:
    return (n.get("skill") or "the skill").replace("_", " ").title()


# ------------------------------------------------------------------ closing a step

def gain_fate(state: dict, seat: int, amount: int) -> int:
    got = min(amount, state["fate_pool"])
    state["fate_pool"] -= got
    state["players"][seat]["fate_points"] += got
    return got


def narrative_life_loss(state: dict, seat: int, amount: int) -> None:
    p = state["players"][seat]
    p["life_points"] = max(0, p["life_points"] - max(0, amount))


def apply_effect(state: dict, seat: int | None, kind: str, value, lines: list[str], once: set) -> None:
    """`seat` may be None for the table's own effects (time, Fate Points out of the middle)."""
    p = state["players"][seat] if seat is not None else {}
    name = p.get("name")
    if kind == "fate":
        got = gain_fate(state, seat, value)
        lines.append(f"{name} takes {got} Fate Point{'s' if got != 1 else ''}"
                     + ("" if got == value else f" (the middle had only {got})") + ".")
    elif kind == "lose_life":
        narrative_life_loss(state, seat, value)
        lines.append(f"{name} loses {value} LP.")
    elif kind == "others_lose_life":
        for i, _ in enumerate(state["players"]):
            if i != seat:
                narrative_life_loss(state, i, value)
        lines.append(f"Every other hero loses {value} LP.")
    elif kind == "hand":
        p["hand_bonus"] += value
        lines.append(f"{name}: {value:+d} card at the next combat.")
    elif kind == "all_hand":
        if ("all_hand", value) not in once:
            once.add(("all_hand", value))
            for q in state["players"]:
                q["hand_bonus"] += value
            lines.append(f"Every hero: {value:+d} card at the next combat.")
    elif kind == "time":
        if ("time", value) not in once:
            once.add(("time", value))
            state["next_combat"]["time_counters"] += value
            lines.append(f"The next combat: {value:+d} time counter.")
    elif kind == "remove_fate":
        got = min(value, state["fate_pool"])
        state["fate_pool"] -= got
        state["fate_removed"] += got
        lines.append(f"{got} Fate Point{'s' if got != 1 else ''} leave{'s' if got == 1 else ''} the middle for this act.")
    elif kind == "discard_fate":
        if p["fate_points"] >= value:
            p["fate_points"] -= value
            state["fate_pool"] += value
            lines.append(f"{name} puts {value} Fate Point back in the middle.")
        else:
            apply_effect(state, seat, "remove_fate", value, lines, once)
    elif kind == "set_aside":
        state["next_combat"]["set_aside"].append(value)
        lines.append(f"A {value} is set aside for the next combat.")
    elif kind == "amulet":
        p["amulet"] = True
        lines.append(f"{name} takes an Amulet of the Twelvegods.")
    elif kind == "damage_point":
        p["damage_points"] = min(3, p["damage_points"] + value)
        lines.append(f"{name} takes a damage point ({p['damage_points']}).")
    elif kind == "free_reroll":
        pass  # granted when rolled (see grant_free_reroll): it is used inside the step
    elif kind == "reward_equipment":
        lines.append(f"{name}: draw Reward Cards until an equipment card; record it as a reward card, "
                     "or a Fate Point instead.")


def grant_free_reroll(state: dict, entry: dict) -> None:
    """A result that gives a companion a repeat gives it however it was reached (a first roll, a
    Fate reroll, a repeat): only a failed test is rerolled, so each entry grants at most once."""
    data = step_data(state) or {}
    if any(k == "free_reroll" for k, _ in data.get("effects", {}).get(entry["result"], ())):
        state["narrative"]["free_rerolls"] += 1


def close_step(state: dict) -> list[str]:
    """Apply the step's results, then open the next step, or the combat setup after the last."""
    n = state["narrative"]
    data = step_data(state) or {"effects": {}}
    lines: list[str] = []
    once: set = set()
    if n["who"] == "choice":
        for seat, choice in sorted(n["chosen"].items(), key=lambda kv: int(kv[0])):
            for kind, value in data["effects"].get(choice, ()):
                apply_effect(state, int(seat), kind, value, lines, once)
    else:
        rolled = list(n["rolls"])
        if n.get("worst_of_damage"):
            rolled += [{"player": s, "result": CS} for s in range(len(state["players"]))
                       if auto_critical(state, s) and roll_of(state, s) is None]
        anyone_succeeded = any(r["result"] in SUCCESSES for r in rolled)
        for r in rolled:
            result = r["result"]
            for kind, value in data["effects"].get(result, ()):
                if kind == "if_none_succeeded":
                    if not anyone_succeeded:
                        for k2, v2 in data["effects"].get(value, ()):
                            apply_effect(state, r["player"], k2, v2, lines, once)
                elif kind == "lose_life_dice":
                    apply_effect(state, r["player"], "lose_life", r.get("amount") or 0, lines, once)
                else:
                    apply_effect(state, r["player"], kind, value, lines, once)
    if n["step"] < n["steps"]:
        open_step(state, n["step"] + 1)
    else:
        leave_narrative(state)
        state["narrative_done"] = True
    return lines


def leave_narrative(state: dict) -> None:
    state["phase"] = "combat_setup"
    state["narrative"] = None
    state["narrative_step"] = None


def result_title(result: str) -> str:
    return RESULT_TITLES.get(result, result)

