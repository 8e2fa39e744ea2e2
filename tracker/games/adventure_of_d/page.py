"""The Adventure of D phone page (templates/games/adventure-of-d/, static/games/adventure-of-d/).

What the layout needs computed: the 4x3 map with the danger in force, the events and the tokens; the
heroes' counters; the timer; the turn stepper; and one helper per step (the reveal, the decider's
answer, the move with its shadow, the test with its live total, the rest, the Tower of Death). Every
tap the page offers is one the engine would take now (`legal`); what it would refuse is shown beside
the step with its rule, reason and section, never hidden. The helpers' taps are gathered by
static/games/adventure-of-d/aod.js and sent through table.js as one action (its refusals, "accept
anyway" and offline queue apply).
"""
from __future__ import annotations

import json
from math import ceil

from tracker.engine.kit.presenter import Page, Quick, Table, legal, stepper, why_not
from tracker.engine.kit.seats import name_of

from .state import CASTLE, SLOTS, STATS, TOWER, TYPES, danger, event_at, neighbours, slot_of

MODE_TITLES = {"solo": "Solo", "co_op": "Co-op", "competitive": "Competitive"}
STAT_SHORT = {"strength": "STR", "intelligence": "INT", "agility": "AGI"}
TYPE_SHORT = {"strength": "STR", "intelligence": "INT", "agility": "AGI", "neutral": "NEU"}
POWERS = range(0, 7)  # every power a card can show; a type narrows it (R78)
DIFFICULTIES = range(1, 16)
SHADOW_POWERS = range(1, 7)
# the location names the rulebook prints (2.2, 2.3, 5.1): offered as taps when the map is laid by hand
KNOWN_NAMES = (CASTLE, TOWER, "Village of Dawn", "Mountain of Mage", "Lake of Hope", "Old Village of Dew")
STEPS = (("reveal1", "Reveal 1"), ("reveal2", "Reveal 2"), ("main", "Main"), ("tower", "Tower"), ("rest", "Rest"))


def power_range(card_type: str) -> range:
    """R78: strength, intelligence and agility cards run 1-5, neutral cards 0-6."""
    return range(0, 7) if card_type == "neutral" else range(1, 6)


def _types_of(power: int) -> str:
    return " ".join(t for t in TYPES if power in power_range(t))


def _ok(table: Table, action_type: str, params: dict) -> bool:
    return legal(table.game, table.state, action_type, params, table.mode)


def _step(table: Table, action_type: str, params: dict, label: str, testid: str, primary=False) -> dict:
    """A one-tap step: its button when the engine takes it, else its refusal (with a tap-anyway for soft rules)."""
    refusal = why_not(table, action_type, params)
    quick = Quick(label, action_type, params, testid=testid, primary=primary)
    return {"quick": None if refusal else quick, "refusal": refusal, "anyway": quick if refusal else None,
            "soft": bool(refusal) and not any(v["hard"] for v in refusal), "testid": testid}


# -- what is always shown ------------------------------------------------------------------------

def _steps(state: dict) -> list[dict]:
    phase = state.get("phase")
    steps = [s for s in STEPS if s[0] != "tower" or phase == "tower"]
    ids = [s[0] for s in steps]
    current = {"reveal": "reveal1" if state.get("reveals_left", 2) >= 2 else "reveal2", "main": "main",
               "tower": "tower"}.get(phase)
    return stepper(steps, ids.index(current) if current in ids else -1)


def _map(state: dict, near: set[str], here: str | None) -> list[list[dict]]:
    players = state["players"]
    pending = state.get("pending_event")
    rows = []
    for r in range(3):
        row = []
        for c in range(4):
            i = r * 4 + c
            loc = state["map"][i]
            name = loc["name"]
            ev = event_at(state, name) if name else None
            in_force = danger(state, name) if name else loc.get("danger")
            row.append({
                "slot": SLOTS[i], "name": name, "base": loc.get("danger"), "danger": in_force,
                "changed": ev is not None and in_force != loc.get("danger"),
                "exhausted": loc.get("exhausted", False), "event": ev,
                "pending": pending if pending and name and pending.get("location") == name else None,
                "castle": name == CASTLE, "tower": name == TOWER,
                "tokens": [{"seat": s, "name": p["name"], "initial": p["name"][:1].upper(), "out": p.get("eliminated")}
                           for s, p in enumerate(players) if p.get("location") == name],
                "near": name in near, "here": name == here,
            })
        rows.append(row)
    return rows


def _heroes(state: dict) -> list[dict]:
    tower = state.get("tower") or {}
    active = state.get("active_player")
    out = []
    for s, p in enumerate(state["players"]):
        out.append({**p, "seat": s, "active": s == active, "decider": s == state.get("decider"),
                    "stats": [(stat, STAT_SHORT[stat], p.get(stat, 0)) for stat in STATS],
                    "hp_zero_waits": p.get("hp", 0) == 0 and s != active and not p.get("eliminated"),
                    "inside": s in (tower.get("participants") or ()),
                    "item_names": [it.get("name") or it.get("kind", "item") for it in p.get("items", [])]})
    return out


def _header(state: dict, mode: str) -> dict:
    timers = state.get("timer_cards")
    return {"mode": MODE_TITLES.get(mode, mode), "round": state.get("round"), "timers": timers,
            "rounds_left": None if timers is None else timers + 1, "heroic": state.get("heroic"),
            "difficulty": state.get("difficulty"), "active": name_of(state, state.get("active_player")),
            "decider": name_of(state, state.get("decider")) if state.get("decider") is not None else None,
            "last_round": timers == 0}


def _outcome(state: dict, outcome: dict | None) -> dict | None:
    if not outcome:
        return None
    winners = [name_of(state, w) for w in outcome.get("winners", [])]
    if outcome.get("result") == "won":
        tier = outcome.get("tier") or "winner"
    else:
        tier = "lost"
    reason = outcome.get("reason") or state.get("lost_reason")
    return {"tier": tier, "winners": winners, "reason": reason, "competitive": state.get("mode") == "competitive"}


# -- the helpers ---------------------------------------------------------------------------------

def _decide(table: Table) -> dict | None:
    state = table.state
    ev, who = state.get("pending_event"), state.get("decider")
    if not ev or who is None:
        return None
    p = state["players"][who]
    return {"event": ev, "who": p["name"], "seat": who,
            "steps": [_step(table, "accept_event", {"player": who}, "Accept", "aod-accept", primary=True),
                      _step(table, "reject_event", {"player": who, "pay": "card"}, "Reject: discard a card", "aod-reject-card"),
                      _step(table, "reject_event", {"player": who, "pay": "magic"}, "Reject: spend 2 magic", "aod-reject-magic")]}


def _reveal(table: Table) -> dict | None:
    state = table.state
    a = state.get("active_player")
    if a is None or state.get("pending_event") or state.get("phase") not in ("reveal", "main"):
        return None
    names = [loc["name"] for loc in state["map"] if loc["name"]]
    probe = {"player": a, "type": "neutral", "power": 3, "location": names[0]} if names else None
    if probe is None or not _ok(table, "reveal_event", probe):
        return None
    return {"preset": json.dumps({"player": a}), "types": TYPES,
            "powers": [{"n": n, "types": _types_of(n)} for n in POWERS],
            "places": [(loc["slot"], loc["name"]) for loc in state["map"] if loc["name"]],
            "dangers": range(0, 7), "due": state.get("phase") == "main"}


def _main_hero(state: dict) -> tuple[int, dict] | tuple[None, None]:
    """The seat whose main phase it is and its player, or (None, None) outside a main phase."""
    a = state.get("active_player")
    return (a, state["players"][a]) if state.get("phase") == "main" and a is not None else (None, None)


def _move(table: Table) -> dict | None:
    state = table.state
    a, p = _main_hero(state)
    here = None if a is None else slot_of(state, p["location"])
    if here is None:
        return None
    dests, pays = [], {}
    safe = {"player": a, "card_type": "neutral", "card_power": 0, "check": 6}
    for j in sorted(neighbours(here)):
        name = state["map"][j]["name"]
        if not name or not _ok(table, "move", {**safe, "to": name}):
            continue
        dests.append({"slot": SLOTS[j], "name": name, "danger": danger(state, name)})
        pays[name] = {}
        for s in SHADOW_POWERS:
            met = {"player": a, "to": name, "card_type": "neutral", "card_power": s, "check": 0}
            pays[name][s] = [pay for pay in ("cards", "magic", "none") if _ok(
                table, "move", {**met, "shadow_pay": pay, **({"shadow_powers": [s]} if pay == "cards" else {})})]
    if not dests:
        return {"refusal": why_not(table, "move", {**safe, "to": state["map"][min(neighbours(here))]["name"] or ""})}
    first = dests[0]["name"]
    followers = [(s, o["name"]) for s, o in enumerate(state["players"])
                 if s != a and _ok(table, "move", {**safe, "to": first, "followers": [s]})]
    return {"preset": json.dumps({"player": a}), "dests": dests, "pays": json.dumps(pays, sort_keys=True),
            "types": TYPES, "powers": [{"n": n, "types": _types_of(n)} for n in POWERS], "checks": POWERS,
            "followers": followers, "shadow_powers": SHADOW_POWERS, "hp": p["hp"], "magic": p["magic"],
            "max_cards": max(p["hp"] - 1, 0), "last_card": p["hp"] == 1, "refusal": []}


# a test any hero holding a card may take: asks the engine whether a test can be recorded at all
TEST_PROBE = {"attribute": "strength", "difficulty": 0, "card_type": "neutral", "card_power": 3, "check": 3}


def _test_players(table: Table) -> list[int]:
    state = table.state
    if state.get("phase") == "tower":
        return [s for s in (state.get("tower") or {}).get("participants", [])
                if not state["players"][s].get("eliminated")]
    a = state.get("active_player")
    return [] if a is None else [a]


def _test(table: Table) -> dict | None:
    state = table.state
    if state.get("phase") not in ("main", "tower"):
        return None
    who = []
    for s in _test_players(table):
        probe = {**TEST_PROBE, "player": s}
        if _ok(table, "test", probe):
            who.append(s)
    if not who:
        a = state.get("active_player")
        probe = {**TEST_PROBE, "player": a}
        return {"refusal": why_not(table, "test", probe)} if a is not None else None
    players = state["players"]
    sources = {}
    for s in who:
        base = {**TEST_PROBE, "player": s}
        offered = [(src, f"The {src}'s action", None) for src in ("location", "event")
                   if _ok(table, "test", {**base, "source": src})]
        offered += [("item", n, n) for n in dict.fromkeys(it.get("name") for it in players[s].get("items", []) if it.get("name"))
                    if _ok(table, "test", {**base, "source": "item", "name": n})]
        offered += [("skill", n, n) for n in dict.fromkeys([players[s].get("hero"), *players[s].get("skills", [])]) if n
                    if _ok(table, "test", {**base, "source": "skill", "name": n})]
        sources[s] = offered
    stats = {s: {stat: players[s].get(stat, 0) for stat in STATS} for s in who}
    hp = {s: players[s]["hp"] for s in who}
    return {"who": [(s, players[s]["name"]) for s in who], "default": who[0], "many": len(who) > 1,
            "preset": json.dumps({"player": who[0]}) if len(who) == 1 else "",
            "stats": json.dumps(stats, sort_keys=True), "hp": json.dumps(hp, sort_keys=True),
            "attributes": [(stat, stat.capitalize()) for stat in STATS], "types": TYPES,
            "powers": [{"n": n, "types": _types_of(n)} for n in POWERS], "checks": POWERS, "difficulties": DIFFICULTIES,
            "sources": sources.get(who[0], []) if len(who) == 1 else [], "refusal": []}


def _results(table: Table) -> dict | None:
    """What a card's W or L (or an action without a test) says, as one tap each for the hero it concerns: the
    hero of the last test, else the active hero; each offered only when the engine takes it."""
    state = table.state
    if state.get("phase") not in ("main", "tower"):
        return None
    last = state.get("last_test") or {}
    seat = last.get("player") if last.get("player") is not None else state.get("active_player")
    if seat is None:
        return None
    p = state["players"][seat]
    taps = [Quick("LOSE 1", "lose", {"player": seat, "count": 1}, testid=f"aod-kw-lose-{seat}"),
            Quick("HEAL 1", "heal", {"player": seat, "count": 1}, testid=f"aod-kw-heal-{seat}"),
            *[Quick(f"{STAT_SHORT[st]} +1", "change_stat", {"player": seat, "stat": st, "amount": 1},
                    testid=f"aod-kw-{STAT_SHORT[st].lower()}-{seat}") for st in STATS],
            Quick("Magic +1", "change_stat", {"player": seat, "stat": "magic", "amount": 1}, testid=f"aod-kw-magic-{seat}"),
            Quick("TRASH the event", "trash", {"player": seat}, testid=f"aod-kw-trash-{seat}"),
            Quick("GET ITEM", "get_item", {"player": seat}, testid=f"aod-kw-item-{seat}"),
            Quick("LEARN SKILL", "learn_skill", {"player": seat}, testid=f"aod-kw-skill-{seat}"),
            Quick(f"EXHAUST {p['location']}", "exhaust", {"location": p["location"]}, testid=f"aod-kw-exhaust-{seat}")]
    offered = [q for q in taps if _ok(table, q.type, q.params)]
    return {"who": p["name"], "taps": offered} if offered else None


def _rest(table: Table) -> dict | None:
    state = table.state
    a, p = _main_hero(state)
    if a is None:
        return None
    refusal = why_not(table, "rest", {"player": a})
    d = danger(state, p["location"])
    heroic = bool(state.get("heroic"))
    magic = max(0, d - 1) if heroic else d
    out = {"danger": d, "hp": p["hp"], "magic_gain": magic, "target": 6 - d, "heroic": heroic,
           "choice": heroic and d == 0, "discards": range(0, max(p["hp"] - 1, 0) + 1),
           "preset": json.dumps({"player": a}), "refusal": refusal,
           "can_pay": _ok(table, "rest", {"player": a, "pay_magic": True}) if heroic and d == 0 else False,
           "where": p["location"]}
    out["draw"] = max(0, (5 if out["choice"] else out["target"]) - p["hp"])
    return out


def _tower_entry(table: Table) -> dict | None:
    state = table.state
    a, p = _main_hero(state)
    if a is None or p["location"] != TOWER:
        return None
    step = _step(table, "enter_tower", {"player": a}, "Enter the Tower of Death", "aod-enter-tower", primary=True)
    assemble = []
    if state.get("mode") == "co_op":
        for s, o in enumerate(state["players"]):
            if s == a or o.get("eliminated"):
                continue
            if o["location"] == TOWER:
                what = "is on the Tower already: enters, discards nothing"
            elif o["hp"] <= 1:
                what = f"moves from {o['location']} to the Tower, discards nothing (HP {o['hp']})"
            else:
                what = f"discards a card (HP {o['hp']} → {o['hp'] - 1}) and moves from {o['location']} to the Tower"
            assemble.append({"seat": s, "name": o["name"], "what": what, "hp_zero": o["hp"] == 0})
    return {"step": step, "assemble": assemble, "co_op": state.get("mode") == "co_op"}


def _tower(table: Table) -> dict | None:
    state = table.state
    tower = state.get("tower")
    if state.get("phase") != "tower" or not tower:
        return None
    a = state.get("active_player")
    players = state["players"]
    n = len(players)
    rows = []
    for s in tower.get("participants", []):
        p = players[s]
        rows.append({"seat": s, "name": p["name"], "hp": p["hp"], "magic": p["magic"], "out": p.get("eliminated"),
                     "result": p.get("elzoof"),
                     "yes": _step(table, "elzoof_result", {"player": s, "defeated": True}, "Defeated Elzoof",
                                  f"aod-elzoof-yes-{s}"),
                     "no": _step(table, "elzoof_result", {"player": s, "defeated": False}, "Did not",
                                 f"aod-elzoof-no-{s}")})
    co = state.get("mode") != "competitive"
    return {"room": tower.get("room"), "rows": rows,
            "next": _step(table, "next_room", {"player": a}, "Next room", "aod-next-room"),
            "co": co, "minor": ceil(n / 2), "all": n,
            "defeated": sum(1 for p in players if p.get("elzoof") is True and not p.get("eliminated"))}


def _setup(table: Table) -> dict | None:
    state = table.state
    if state.get("phase") != "setup":
        return None
    empty = [loc["slot"] for loc in state["map"] if not loc["name"]]
    placed = {loc["name"] for loc in state["map"] if loc["name"]}
    checks = []
    for s, p in enumerate(state["players"]):
        if p.get("setup_check"):
            continue
        taps = [Quick(t.capitalize(), "setup_check", {"player": s, "type": t}, testid=f"aod-setup-check-{s}-{t}")
                for t in STATS]
        taps += [Quick(f"Neutral: +1 {STAT_SHORT[r]}", "setup_check", {"player": s, "type": "neutral", "raise": r},
                       testid=f"aod-setup-check-{s}-neutral-{r}") for r in STATS]
        checks.append({"seat": s, "name": p["name"], "taps": [q for q in taps if _ok(table, q.type, q.params)]})
    return {"slot": empty[0] if empty else None, "names": [n for n in KNOWN_NAMES if n not in placed],
            "dangers": range(0, 7), "checks": checks, "left": len(empty)}


def _reminders(state: dict) -> list[tuple[str, str]]:
    out = []
    phase = state.get("phase")
    if phase == "reveal":
        out.append(("reveal", "Place two events before moving."))
    if phase == "main" and not state.get("events") and not state.get("pending_event"):
        out.append(("empty", "The map has no event: reveal one."))
    if phase == "main":
        out.append(("rest", "Keep one card when you rest."))
    if state.get("timer_cards") == 0:
        out.append(("last-round", "Last round: no timer card left."))
    if phase == "tower":
        out.append(("tower", "In the Tower: no items or skills between rooms."))
    return out


def context(table: Table) -> dict:
    state = table.state
    a = state.get("active_player")
    here = state["players"][a]["location"] if a is not None and state.get("players") else None
    i = slot_of(state, here) if here else None
    playing = table.can_write and state.get("result") is None and state.get("phase") != "setup"
    move = _move(table) if playing else None
    near = {d["name"] for d in (move or {}).get("dests", [])}
    aod = {
        "header": _header(state, table.mode), "steps": _steps(state), "reminders": _reminders(state),
        "map": _map(state, near, here), "heroes": _heroes(state),
        "neighbours": [state["map"][j]["name"] for j in sorted(neighbours(i))] if i is not None else [],
        "outcome": _outcome(state, table.game.outcome(state)),
        "types": TYPE_SHORT,
    }
    over = state.get("result") is not None
    if not over:  # shown on the view link too; its taps only with the edit link (the template asks can_write)
        aod.update(decide=_decide(table), tower=_tower(table))
    if playing:
        aod.update(reveal=_reveal(table), move=move, test=_test(table), results=_results(table),
                   rest=_rest(table), entry=_tower_entry(table))
    if table.can_write and not over:
        aod["setup"] = _setup(table)
    return {"phases": [], "phase_index": -1, "aod": aod}


PAGE = Page(template="games/adventure-of-d/state.html", context=context,
            scripts=("games/adventure-of-d/aod.js",), styles=("games/adventure-of-d/aod.css",))
