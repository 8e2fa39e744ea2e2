"""What the Curse of the Desert page's presenters share: asking the engine before offering a tap.

`Offer`, `why_not` and `chain_legal` are the engine kit's (tracker.engine.kit.presenter). `step` makes a
button or, when the engine would refuse it, the refusal itself (rule, reason, section) with a tap-anyway
for a soft rule, so a step that cannot be taken says why instead of vanishing; `pad` describes a die or
amount pad that posts one action (templates/.../_pad.html)."""
from __future__ import annotations

import json

from tracker.engine.kit.presenter import Quick, Table, why_not
from tracker.engine.kit.seats import name_of

from .state import GUARD

# The first guard of a night before the table has typed one: the example guard (Honor Guard is named in the
# rulebook's opponents example; these values are a starting point, each one tap to change).
DEFAULT_GUARD = {"name": "Honor Guard", "kind": "henchman", "tp": 2, "life_points": 5, "dodge": 6, "armor": 1,
                 "actions": 1, "keywords": [GUARD]}
GUARD_CHIPS = (("life_points", "Life points", range(1, 16)), ("dodge", "Dodge", ("-", *range(0, 16))),
               ("armor", "Armor", range(0, 6)), ("actions", "Actions", (1, 2, 3)), ("tp", "Threat points", range(0, 7)))


def step(table: Table, action_type: str, params: dict, label: str, testid: str, primary=False) -> dict:
    """A one-tap step: its button when the engine takes it, else its refusal (with a tap-anyway for soft rules)."""
    refusal = why_not(table, action_type, params)
    quick = Quick(label, action_type, params, testid=testid, primary=primary)
    return {"quick": None if refusal else quick, "refusal": refusal, "anyway": quick if refusal else None,
            "soft": bool(refusal) and not any(v["hard"] for v in refusal), "testid": testid}


def then(action_type: str, params: dict) -> dict:
    return {"type": action_type, "params": params}


def pad(action_type: str, preset: dict, name: str, testid: str, label: str, faces=range(1, 21),
        value: dict | None = None, hint: str = "") -> dict:
    """A pad of faces (a die, or the usual amounts) whose one tap records `action_type` with `preset`; with
    `value`, a row of chips for a value the hero card does not hold, tapped first ({name, label, chips})."""
    return {"type": action_type, "preset": json.dumps(preset, sort_keys=True), "name": name, "testid": testid,
            "label": label, "faces": list(faces), "value": value, "hint": hint}


def movers_and_fox(state: dict, offer, seat) -> tuple[list[dict], list[dict]]:
    """Step 0's movers in order (who has moved, who is next), and each hero's Fox Hand taps while the
    opening hand may still be replaced: the palace and the tower share both."""
    m = state["moves"]
    order = [{"seat": s, "name": name_of(state, s), "done": s in m["done"], "now": s == seat} for s in m["order"]]
    fox = []
    if state.get("fox_hand_open"):
        for s, p in enumerate(state["players"]):
            taps = [q for n in range(1, 6) if (q := offer(str(n), "fox_hand", {"player": s, "count": n},
                                                          f"cotd-fox-{s}-{n}"))]
            if taps:
                fox.append({"seat": s, "name": p["name"], "taps": taps})
    return order, fox
