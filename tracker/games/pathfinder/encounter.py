"""Encounter bookkeeping shared by exploring, summoning and avenging (spec 3.3-3.5)."""
from __future__ import annotations

from .data import BANE_TYPES, BOON_TYPES
from .state import close_location, location, lose, name_of, open_locations, win

DAMAGING = ("monster", "villain", "henchman", "proxy")


def open_encounter(state, seat: int, params: dict, origin: str, location: str | None) -> str:
    kind = params.get("kind", "monster")
    card = params.get("card") or kind
    p = state["players"][seat]
    if kind == "scourge":
        # found in a location: suffered at once, and the encounter is over (R108)
        if card not in p["scourges"]:
            p["scourges"].append(card)
            state["scourge_markers"].setdefault(card, _free_marker(state))
        state["last_encounter"] = {"card": card, "kind": kind}
        return f"{p['name']} suffers the scourge {card} at once."
    if kind == "cohort":
        p["hand_count"] += 1
        state["last_encounter"] = {"card": card, "kind": kind}
        return f"The cohort {card} is acquired automatically."
    closing = params.get("closing")
    if closing is None:
        closing = card in state["scenario"]["closing_henchmen"]
    summoned = origin == "summon"
    enc = {
        "card": card, "kind": kind, "bane": kind in BANE_TYPES or kind == "proxy", "boon": kind in BOON_TYPES,
        "villain": kind == "villain", "character": seat, "origin": origin, "summoned": summoned,
        # where the card belongs (a summoned card belongs to no location [Summon and Encounter]), and
        # where it is encountered, which decides who is local to the encounter
        "location": None if summoned else location, "at": location,
        "closing": bool(closing), "step": "evade",
        "difficulty": params.get("difficulty"), "checks_needed": params.get("checks", 1), "checks": [],
        "immune": list(params.get("immune", [])), "vulnerable": list(params.get("vulnerable", [])),
        "resistant": list(params.get("resistant", [])), "damage_type": params.get("damage_type") or "Combat",
        "deals_damage": kind in DAMAGING, "boon_types": [], "powers": [], "played": [], "cost_cards": [],
        "outcome": None, "avenge": False, "avenged": False, "guarded": [], "guard_attempts": [], "moved": False,
        "outer": state.get("encounter"),
    }
    state["encounter"] = enc
    state["check"] = None
    if enc["villain"] and location and origin == "location":
        loc = _loc(state, location)
        loc["villain_here"] = True
    if summoned:
        step = " It belongs to no location and goes back to the vault afterwards."
    elif enc["villain"]:
        step = " Villain: distant characters may try to guard their locations."
    else:
        step = ""
    return f"Encounter with {card}.{step}"


def where(enc) -> str | None:
    """The location an encounter takes place at (states saved before "at" existed hold only "location")."""
    return enc.get("at", enc.get("location"))


def _loc(state, name):
    return location(state, name)


def _free_marker(state) -> str:
    used = set(state["scourge_markers"].values())
    return next(m for m in (f"marker {c}" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ") if m not in used)


def put_back(state, enc) -> str:
    """An evaded, aborted or undefeated card goes back where it came from (R102-R105)."""
    if enc["summoned"] or not enc["location"]:
        return f"{enc['card']} goes back to the vault."
    loc = _loc(state, enc["location"])
    if loc and not loc["closed"]:
        loc["cards"] += 1
        return f"{enc['card']} is shuffled back into {loc['name']}."
    return f"{enc['card']} goes back to the vault."


def end_encounter(state, outcome: str) -> None:
    enc = state["encounter"]
    state["last_encounter"] = {"card": enc["card"], "kind": enc["kind"], "outcome": outcome,
                               "character": enc["character"], "moved": enc["moved"]}
    state["encounter"] = enc["outer"]
    state["check"] = None
    state["step_boon_types"], state["step_played"] = [], []
    if enc["villain"] and enc["location"]:
        loc = _loc(state, enc["location"])
        if loc and outcome != "defeated":
            loc["villain_here"] = not loc["closed"]


def boon_budget(state) -> list:
    """Where the party's one-boon-per-type limit is kept right now (A-6)."""
    if state.get("check"):
        return state["check"]["boon_types"]
    if state.get("damage"):
        return state["damage"]["boon_types"]
    if state.get("encounter"):
        return state["encounter"]["boon_types"]
    return state["step_boon_types"]


def played_here(state) -> list:
    for key in ("check", "damage", "encounter"):
        if state.get(key):
            return state[key]["played"]
    return state["step_played"]


def compute_result(state, check) -> int:
    enc = state.get("encounter") or {}
    traits = set(check["traits"])
    bonus = 4 if traits & set(enc.get("vulnerable", [])) else 0
    malus = 4 if traits & set(enc.get("resistant", [])) else 0
    check["vulnerable"], check["resistant"] = bool(bonus), bool(malus)
    return max(0, check["roll"] + check["modifier"] + bonus - malus)


def dice_text(check) -> str:
    parts = [f"{n}d{sides}" for sides, n in sorted(((int(k), v) for k, v in check["dice"].items()), reverse=True) if n]
    mod = check["modifier"]
    return " + ".join(parts) + (f" + {mod}" if mod > 0 else f" - {-mod}" if mod < 0 else "")


def villain_outcome(state, enc, other_villain_found: bool, conditions_met: bool) -> str:
    """Steps E10-E12: close the villain's location, then escape or corner (R69, R113, A-2, A-3)."""
    defeated = enc["outcome"] == "defeated"
    here = enc["location"]
    guarded = set(enc["guarded"])
    lines = []
    villain = next((v for v in state["villains"] if v["name"] == enc["card"]), None)
    if defeated and here and not other_villain_found:
        lines.append(close_location(state, here))
        if state["result"]:
            _set_villain(villain, "defeated")
            return " ".join(lines)
    elif defeated and here and other_villain_found:
        loc = _loc(state, here)
        loc["cards"], loc["faceup"] = 1, []
        distant = [l["name"] for l in open_locations(state) if l["name"] != here]
        if all(name in guarded for name in distant):
            _set_villain(villain, "banished")
            return f"Another villain is at {here}: the rest is banished, and every distant location is guarded, " \
                   f"so {enc['card']} is banished."
        lines.append(f"Another villain is at {here}: every other card there is banished and it stays open.")
    unguarded = [l["name"] for l in open_locations(state) if l["name"] not in guarded]
    k = len(unguarded)
    if k == 0:
        if not defeated:
            return " ".join(lines + [f"{enc['card']} has nowhere to go and is shuffled back."])
        if not conditions_met:
            _set_villain(villain, "banished")
            return " ".join(lines + [f"{enc['card']} is cornered but the scenario isn't done: it is banished."])
        _set_villain(villain, "cornered")
        win(state, "cornered_villain")
        return " ".join(lines + [f"{enc['card']} is cornered: the party wins!"])
    blessings = k - 1
    if not defeated:
        if state["hourglass"] < blessings:
            lose(state, "hourglass")
            return " ".join(lines + [f"{enc['card']} escapes and needs {blessings} blessing(s) from the hourglass, "
                                     f"which holds {state['hourglass']}: the scenario is lost."])
        state["hourglass"] -= blessings
    for name in unguarded:
        _loc(state, name)["cards"] += 1
    _set_villain(villain, "at_large")
    source = "vault" if defeated else "hourglass"
    return " ".join(lines + [f"{enc['card']} escapes: shuffled with {blessings} blessing(s) from the {source}, "
                             f"one card into each of {', '.join(unguarded)}."])


def _set_villain(villain, status):
    if villain is not None:
        villain["status"] = status


def who(state, seat) -> str:
    return name_of(state, seat)
