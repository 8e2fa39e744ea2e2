"""The Curse of the Desert phone page (templates/games/curse-of-the-desert/, static/games/curse-of-the-desert/).

Mode `nedime` (Part One) is drawn here; `context` hands mode `borbarad` (Part Two) to page_tower.py and
mode `campaign` to page_campaign.py. What the night's layout needs computed: the night's header (night,
round, the Time Counter, Nedime's hearts), the round's stepper, the palace grid with its legal moves (each cell a tap only when the engine takes the move
now; the neighbours it would refuse are listed with the rule and a tap-anyway), the Fate Pile and its
reserve, the row of opponents, the heroes, the start-of-night helper, the end-of-night summary and the
adventure's outcome. The round's own steps (draw, endurance, the hero's turn with its attacks, skill tests
and Consult Your Fate, the opponents' guide, the time step) are in page_night.py; `step` and `pad` in
page_kit.py (`why_not` and `Offer` are the engine kit's presenter's). Every tap is recorded through table.js (refusals with their
rule, "accept anyway", undo and the offline queue work as on every page); cotd.js gathers the taps of the
start-of-night helper and of the skill test into one action each.
"""
from __future__ import annotations

import json

from tracker.engine.kit.cards import CardFacts
from tracker.engine.kit.presenter import Offer, Page, Table, stepper, why_not
from tracker.engine.kit.seats import name_of

from .night import grid_size, manticore_count
from .page_kit import DEFAULT_GUARD, GUARD_CHIPS
from .page_campaign import campaign_context
from .page_night import FATE_MEANS, night_steps
from .page_tower import tower_context
from .state import (
    FATE_KINDS, FATE_TITLES, GUARD, HASRABAL, IN_NIGHT, PHASES, ROUND, cell_name, label,
)

STEP_TITLES = {"move": "Move", "draw": "Draw", "endurance": "Endurance", "ready": "Ready",
               "hero_turn": "Hero", "opponents": "Opponents", "time": "Time"}
REASON_TITLES = {"retreat": "Retreat through the Courtyard", "dawn": "Dawn broke",
                 "imprisoned": "The hero was caught", "rescued": "Nedime is rescued"}
FATE_SHORT = {"great_fortune": "GF", "fortune": "F", "misfortune": "M", "great_misfortune": "GM"}
HASRABAL_MAX = 2  # a name tapped cycles 0, 1, 2: the deck holds some of its cards twice


# ------------------------------------------------------------------ what is always shown

def _header(state: dict) -> dict:
    h = state["hearts"]
    whole = h["total"] - h["broken"]
    return {
        "night": state["exploration"], "round": state["round"], "in_night": state["phase"] in IN_NIGHT,
        "phase": PHASES.get(state["phase"], state["phase"]), "time": state["time_pos"],
        "time_dots": range(1, state["time_pos"] + 1), "alert": state["alert_stage"], "guards_due": state["guards_due"],
        "hearts": [{"broken": i >= whole} for i in range(h["total"])], "whole": whole, "broken": h["broken"],
        "total": h["total"], "curse": state["curse_side"], "imprisonments": state["imprisonments"],
        "fate_pool": state["fate_pool"], "comp": state["comp_tokens"], "manticore_left": state["manticore_left"],
        "hasrabal": state["hasrabal"], "dawn": state["end_pending"], "solo": len(state["players"]) == 1,
        "token": name_of(state, state["starting_player"]) if len(state["players"]) > 1 else None,
        "alternate": state["hero_version"] == "alternate",
    }


def _steps(state: dict) -> list[dict]:
    phase = state["phase"]
    return stepper([(p, STEP_TITLES[p]) for p in ROUND], ROUND.index(phase) if phase in ROUND else -1)


def _reminders(state: dict) -> list[tuple[str, str]]:
    out = []
    if state["phase"] not in IN_NIGHT:
        return out
    if state["end_pending"]:
        out.append(("dawn", "A Hero Deck is spent: the night ends at dawn, after this round."))
    if state["phase"] == "move" and state["round"] == 1 and "Nedime's Heart" in state["hasrabal"]:
        out.append(("nedimes-heart", "Nedime's Heart was drawn tonight: apply it now (the heart taps are in the header)."))
    if "Extinguished Lights" in state["hasrabal"] and state["phase"] == "move":
        out.append(("lights", "Extinguished Lights: check the card before the neighbours turn up "
                              "(\u201cdon't turn up\u201d below the plan)."))
    if state["guards_due"]:
        out.append(("guards", f"{state['guards_due']} palace guard(s) still to draw into the row."))
    if any(p["venom_in_deck"] for p in state["players"]):
        out.append(("venom", "Manticore Venom is in a Hero Deck: say so when a draw brings it."))
    return out


def _grid(state: dict, moves: dict) -> dict | None:
    g = state.get("grid")
    if not g:
        return None
    here, court = state.get("hero_cell"), state.get("courtyard")
    rows = []
    for r in range(g["rows"]):
        row = []
        for c in range(g["cols"]):
            cell = g["cells"][r][c]
            rc = (r, c)
            row.append({
                "r": r, "c": c, "label": label(rc), "face_up": cell["face_up"], "manticore": cell["manticore"],
                "card": cell["card"], "locked": cell["locked"], "gap": cell["gap"], "fe": cell["first_entering"],
                "visits": cell["visits"], "here": here == [r, c], "court": court == [r, c], "shown": soft(cell["card"]),
                "move": moves.get(rc), "cell": json.dumps([r, c]),
            })
        rows.append(row)
    return {"rows": rows, "cols": g["cols"], "here": label(here) if here else None,
            "here_name": cell_name(state, here) if here else None}


def soft(name: str | None) -> str | None:
    """A card's name as the narrow cell shows it: long words take a soft hyphen, so they break where it reads."""
    if not name:
        return name
    return " ".join(w if len(w) < 8 else w[:len(w) // 2] + "\u00ad" + w[len(w) // 2:] for w in name.split())


def _villains(state: dict) -> dict:
    turn = state.get("opponent_turn") or {}
    live, gone = [], []
    for v in state.get("villains", []):
        start = v.get("starting_life_points") or 1
        item = {**v, "pct": max(0, min(100, v["life_points"] * 100 // start)) if isinstance(v["life_points"], int) else 100,
                "acting": turn.get("villain") == v["id"], "guard": GUARD in (v.get("keywords") or ())}
        (live if v["status"] == "active" else gone).append(item)
    return {"live": live, "gone": gone}


def _fate(table: Table, offer: Offer) -> dict:
    state = table.state
    pile, reserve = state["fate_pile"], state["fate_reserve"]
    total = sum(pile.values())
    in_night = state["phase"] in IN_NIGHT and table.can_write
    kinds = []
    for k in FATE_KINDS:
        kinds.append({"kind": k, "title": FATE_TITLES[k], "short": FATE_SHORT[k], "pile": pile[k], "reserve": reserve[k],
                      "means": FATE_MEANS[k], "odds": f"{pile[k]}/{total}" if total else "0",
                      "add": offer(f"+ {FATE_TITLES[k]}", "add_fate_card", {"kind": k}, f"cotd-fate-add-{k}")
                      if in_night else None,
                      "draw": offer(FATE_TITLES[k], "draw_fate_card", {"card": k}, f"cotd-fate-draw-{k}")
                      if in_night else None})
    empty_draw = offer("The pile is empty", "draw_fate_card", {}, "cotd-fate-draw-empty") if in_night and not total else None
    return {"kinds": kinds, "total": total, "empty_draw": empty_draw, "open": in_night}


def _heroes(table: Table, offer: Offer) -> list[dict]:
    state = table.state
    active = state.get("active_player")
    in_night = state["phase"] in IN_NIGHT and table.can_write
    out = []
    for s, p in enumerate(state["players"]):
        skills = [(k.replace("_", " "), v) for k, v in (p.get("skills") or {}).items() if v is not None]
        item = {**p, "seat": s, "active": s == active, "skills_known": skills, "loss": [], "heal": [], "more": []}
        if in_night:
            item["loss"] = [q for n in (1, 2, 3, 5) if (q := offer(
                f"\u2212{n}", "life_point_loss", {"target": s, "amount": n}, f"cotd-lp-minus-{n}-{s}"))]
            item["heal"] = [q for n in (1, 3) if (q := offer(
                f"+{n}", "heal", {"target": s, "amount": n}, f"cotd-lp-plus-{n}-{s}"))]
            item["more"] = [q for q in (
                offer("Fate Point: draw a card", "spend_fate_draw", {"player": s}, f"cotd-fate-card-{s}"),
                offer("Fate Point: 1 endurance", "spend_fate_endurance", {"player": s}, f"cotd-fate-endurance-{s}"),
                offer("Draw 1 (a card says so)", "draw_cards", {"player": s, "count": 1, "reason": "card_effect"},
                      f"cotd-draw-1-{s}"),
                offer("Special ability used", "use_special_ability", {"player": s}, f"cotd-ability-{s}"),
                offer("Poisoned by the manticore", "manticore_poison", {"player": s}, f"cotd-poison-{s}"),
            ) if q]
        out.append(item)
    return out


# ------------------------------------------------------------------ between nights

def _summary(state: dict) -> dict | None:
    if state["phase"] != "exploration_setup" and state["phase"] != "adventure_end":
        return None
    nights = state.get("nights") or []
    if not nights:
        return None
    last = nights[-1]
    return {"last": {**last, "title": REASON_TITLES.get(last["reason"], last["reason"])},
            "nights": [{**n, "title": REASON_TITLES.get(n["reason"], n["reason"])} for n in nights],
            "hearts_whole": state["hearts"]["total"] - state["hearts"]["broken"], "hearts_total": state["hearts"]["total"],
            "imprisonments": state["imprisonments"], "manticore_left": state["manticore_left"],
            "fulfilled": state.get("fulfilled") or [], "manticore_fulfilled": state.get("manticore_fulfilled") or [],
            "alternate": state["hero_version"] == "alternate", "curse": state["curse_side"]}


def _outcome(table: Table, offer: Offer) -> dict | None:
    o = table.state.get("outcome")
    if not o:
        return None
    return {**o, "restart": offer("Start the adventure again", "restart_adventure", {}, "cotd-restart", primary=True)
            if table.can_write and o.get("result") == "lost" else None,
            "campaign": table.state.get("campaign") if o.get("result") == "won" else None}


def _last_guards(state: dict) -> list[dict]:
    """The guards of the last night (still listed, as removed), else the example guard: the obvious stats."""
    known = [v for v in state.get("villains", []) if GUARD in (v.get("keywords") or ()) and v["kind"] == "henchman"]
    out = []
    for v in known or [DEFAULT_GUARD]:
        out.append({k: v.get(k) for k in ("name", "tp", "life_points", "dodge", "armor", "actions")})
    return out


def _setup(table: Table, offer: Offer) -> dict | None:
    """The start-of-night helper: the Hasrabal Cards drawn, the Courtyard and the Manticore Cards tapped on an
    empty plan, the first guard(s), gathered by cotd.js into one start_exploration."""
    state = table.state
    if state["phase"] != "exploration_setup" or state.get("outcome"):
        return None
    n = len(state["players"])
    rows, cols = grid_size([])
    seen = _last_guards(state)
    guards = []
    for i in range(n):
        g = dict(seen[i % len(seen)])
        if not isinstance(g.get("dodge"), int):
            g["dodge"] = "-"
        fields = [{"key": key, "title": title, "chips": [(x, str(x) == str(g.get(key))) for x in chips]}
                  for key, title, chips in GUARD_CHIPS]
        guards.append({"i": i, "name": g["name"], "fields": fields})
    check = why_not(table, "start_exploration", {"courtyard": [0, 0], "hasrabal": [], "manticore_cells": []})
    hard = [v for v in check if v.get("hard") or v["rule"].endswith(("R80", "R81"))]
    return {
        "hasrabal": [{"name": name, "i": i} for i, name in enumerate(HASRABAL)], "hasrabal_count": state["hasrabal_cards"],
        "rows": [[{"r": r, "c": c, "label": label((r, c)), "cell": json.dumps([r, c])} for c in range(cols)]
                 for r in range(rows)],
        "manticores": manticore_count(state), "manticore_left": state["manticore_left"], "guards": guards,
        "night": state["exploration"] + 1, "heroes": n, "hmax": HASRABAL_MAX,
        "comp": offer("Take a 5 Life Point token", "take_comp_token", {}, "cotd-comp-token") if n == 1 else None,
        "blocked": hard,
    }


# ------------------------------------------------------------------ the page

def context(table: Table) -> dict:
    """The page of the session's mode: Part One's night (below), Part Two's tower (page_tower.py) or the
    campaign across both (page_campaign.py)."""
    mode = table.state.get("mode") or table.mode
    if mode == "borbarad":
        return {"phases": [], "phase_index": -1, "now": [], "cotd": tower_context(table, _villains, _heroes, soft)}
    if mode == "campaign":
        return {"phases": [], "phase_index": -1, "now": [], **campaign_context(table)}
    return _night_context(table)


def _night_context(table: Table) -> dict:
    state = table.state
    offer = Offer(table)
    in_night = state["phase"] in IN_NIGHT
    steps = night_steps(table, offer) if table.can_write and in_night and not state.get("outcome") else {}
    moves = (steps.get("move") or {}).get("cells", {})
    hearts = None
    if table.can_write and state["phase"] in (*IN_NIGHT, "exploration_setup"):
        hearts = {q: offer(f"\u2665 {d} 1", "flip_heart_token", {"direction": d, "count": 1}, f"cotd-heart-{d}")
                  for q, d in (("brk", "break"), ("mend", "mend"))}
    cotd = {
        "header": _header(state), "steps": _steps(state), "reminders": _reminders(state),
        "grid": _grid(state, moves) if in_night else None,
        "villains": _villains(state) if in_night else None, "fate": _fate(table, offer) if in_night else None,
        "heroes": _heroes(table, offer),
        "summary": _summary(state), "outcome": _outcome(table, offer), "hearts_taps": hearts,
        "setup": _setup(table, offer) if table.can_write else None, **steps,
    }
    return {"phases": [], "phase_index": -1, "now": [], "cotd": cotd}


# What a card says, remembered for the table: a palace guard's stats (typed at a night's start or when one
# is drawn at a "+1": the helpers offer them by name next time), and a Palace Card's lock and First Entering.
_GUARD_FACTS = ("tp", "life_points", "dodge", "armor", "actions", "kind", "keywords")
CARD_FACTS = {
    "place_villain": CardFacts("name", _GUARD_FACTS, kind="villain"),
    "start_exploration": tuple(CardFacts(f"villains.{i}.name", _GUARD_FACTS, kind="villain") for i in range(6)),
    "name_card": CardFacts("card", ("locked", "first_entering"), kind="palace"),
}

PAGE = Page(template="games/curse-of-the-desert/state.html", context=context,
            scripts=("games/curse-of-the-desert/cotd.js",), styles=("games/curse-of-the-desert/cotd.css",))
