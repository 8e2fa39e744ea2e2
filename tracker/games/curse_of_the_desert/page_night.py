"""The round's steps on the Curse of the Desert page: what each step offers as taps, every one asked of the
engine first (page_kit). Step 0: who moves the group token and which cards are open to them (the grid's
taps), the retreat, the Fox Hand, the card the hero stands on. Steps 1A-1C: the draws and Endurance Cards.
Step 2: the active hero's attacks on the row, the skill test and Consult Your Fate (those two in every
step: a card entered in step 0 asks for tests too). Step 3: the opponents' guide, left to right: the
action die, the attack on the hero hit, the dodge and the damage taken. Step 4: the Time Counter and the
guards it brings. `next` is the step's own way on, shown on the thumb bar."""
from __future__ import annotations

import json

from tracker.engine.kit.presenter import Offer, Quick, Table
from tracker.engine.kit.seats import name_of
from tracker.games.aventuria.kit import (
    ATTACK_TYPES, ATTRIBUTE_OF, NO_DODGE, TYPE_TITLES, active_villains, current_villain, next_villain, villain,
    villain_actions,
)

from .page_kit import DEFAULT_GUARD, GUARD_CHIPS, movers_and_fox, pad, step, then
from .state import FATE_KINDS, FATE_TITLES, GUARD, SKILLS, cell, cell_name, label, neighbours

HIT_PAD = tuple(range(1, 11))
HIT_MORE = (11, 12, 13, 14, 15, 16, 18, 20, 25, 30)
VALUE_CHIPS = range(1, 21)
MODIFIERS = (-3, -2, -1, 1, 2, 3)
FATE_MEANS = {"great_fortune": "critical success", "fortune": "success", "misfortune": "failure",
              "great_misfortune": "critical failure"}


# ------------------------------------------------------------------ step 0: the group token

def mover(state: dict) -> tuple[int | None, bool]:
    """Who moves the token now, and whether it is a First Entering card's forced move on."""
    m = state.get("moves") or {}
    if m.get("again") is not None:
        return m["again"], True
    left = [s for s in m.get("order", ()) if s not in m["done"] and not state["players"][s]["unconscious"]]
    return (left[0] if left else None), False


def _move(table: Table, offer: Offer) -> dict:
    state = table.state
    m = state["moves"]
    seat, again = mover(state)
    here = state["hero_cell"]
    cells, why = {}, []
    if seat is not None:
        for rc in [here, *neighbours(state, here)]:
            stay = list(rc) == here
            what = cell_name(state, rc)
            s = step(table, "move_hero", {"player": seat, "to": list(rc)},
                     f"{'Stay on' if stay else 'Move to'} {what}", f"cotd-cell-{label(rc)}")
            if s["quick"]:
                cells[tuple(rc)] = s["quick"]
            else:
                why.append({**s, "label": label(rc), "name": what, "testid": f"cotd-why-{label(rc)}"})
    conscious = [s for s in m["order"] if not state["players"][s]["unconscious"]] or [0]
    who = m["done"][-1] if m["done"] else conscious[0]
    retreat = offer("Retreat: leave the palace, the night ends", "retreat", {"player": who}, "cotd-retreat")
    order, fox = movers_and_fox(state, offer, seat)
    return {"seat": seat, "who": name_of(state, seat) if seat is not None else None, "again": again,
            "cells": cells, "why": why, "retreat": retreat, "order": order, "group": len(state["players"]) > 1,
            "lights": "Extinguished Lights" in state["hasrabal"], "fox": fox,
            "next": offer("Card draw \u2192", "advance_phase", {}, "cotd-next", primary=retreat is None)}


def _card(table: Table, offer: Offer) -> dict | None:
    """The card the hero stands on (or another one tapped in "another card" mode, cotd.js): its name, lock and
    First Entering, and what happens to a card (unlocked, fulfilled, removed)."""
    state = table.state
    here = state.get("hero_cell")
    c = cell(state, here)
    if c is None:
        return None
    return {"cell": json.dumps(here), "label": label(here), "name": c["card"] or "", "locked": c["locked"],
            "fe": c["first_entering"], "manticore": c["manticore"], "court": here == state["courtyard"],
            "preset": json.dumps({"cell": here}),
            "rescued": offer("Nedime is rescued!", "nedime_rescued", {}, "cotd-rescued"),
            "lift": offer("The curse is lifted (B side)", "lift_curse", {}, "cotd-lift-curse")}


# ------------------------------------------------------------------ steps 1A-1C

def _draw(table: Table, offer: Offer) -> dict:
    state = table.state
    heroes, owed = [], []
    for s, p in enumerate(state["players"]):
        count = min(2, p["draw_deck_count"])
        params = {"player": s, "count": count}
        row = {"seat": s, "name": p["name"], "drew": p["phase_draw_done"], "deck": p["draw_deck_count"],
               "out": p["unconscious"], "venom": None,
               "draw": offer(f"Draw {count}", "draw_cards", params, f"cotd-draw-{s}") if count else None}
        if row["draw"]:
            owed.append(params)
            if p["venom_in_deck"]:
                row["venom"] = offer("\u2026one is Manticore Venom", "draw_cards", {**params, "venom": 1},
                                     f"cotd-draw-venom-{s}")
        heroes.append(row)
    nxt = None
    if owed:
        label_ = f"Draw {owed[0]['count']} \u2192 Endurance" if len(state["players"]) == 1 \
            else "Everyone draws 2 \u2192 Endurance"
        nxt = offer(label_, "draw_cards", owed[0], "cotd-next", primary=True,
                    then=(*(then("draw_cards", o) for o in owed[1:]), then("advance_phase", {})))
    if nxt is None:
        nxt = offer("Endurance \u2192", "advance_phase", {}, "cotd-next", primary=True)
    return {"heroes": heroes, "next": nxt}


def _endurance(table: Table, offer: Offer) -> dict:
    state = table.state
    heroes = []
    for s, p in enumerate(state["players"]):
        heroes.append({"seat": s, "name": p["name"], "played": p["endurance_this_round"], "total": p["endurance_total"],
                       "hand": p["hand_count"], "out": p["unconscious"],
                       "play": offer("+1 Endurance Card", "play_endurance", {"player": s, "source": "hand"},
                                     f"cotd-endurance-{s}")})
    nxt = offer("Ready \u2192 Hero's turn", "advance_phase", {}, "cotd-next", primary=True,
                then=(then("advance_phase", {}),)) or offer("Ready cards \u2192", "advance_phase", {}, "cotd-next")
    return {"heroes": heroes, "next": nxt}


# ------------------------------------------------------------------ step 2: the active hero

def _value_chips(p: dict, attribute: str, name: str = "value") -> dict | None:
    """Chips for a value the hero card does not hold (the engine cannot say hit or miss without it)."""
    if isinstance(p["attributes"].get(attribute), int):
        return None
    what = attribute.replace("_", " ").capitalize()
    return {"name": name, "label": f"{what} value (not on the hero card): tap it first", "chips": list(VALUE_CHIPS)}


def _attack(table: Table, offer: Offer, a: dict) -> dict:
    state = table.state
    seat = a["attacker"]
    p = state["players"][seat]
    v = villain(state, a["villain"]) if a.get("villain") else None
    view = {"a": a, "who": p["name"], "target": v["name"] if v else "?", "type": TYPE_TITLES[a["attack_type"]],
            "pads": [], "buttons": [], "say": [], "group": f"attack-{a['id']}"}
    st = a["step"]
    if st == "attack_roll":
        need = p["attributes"].get(ATTRIBUTE_OF[a["attack_type"]])
        view["say"].append(f"Hits on {need} or less." if isinstance(need, int) else "")
        view["pads"].append(pad("attack_roll", {"player": seat}, "roll", "cotd-pad-attack", "Attack roll (D20)",
                                value=_value_chips(p, ATTRIBUTE_OF[a["attack_type"]])))
    elif st == "after_roll":
        view["say"].append(f"Rolled {a['roll']}: a miss.")
        for q in (offer(f"Miss: {p['name']} takes a Fate Point", "take_fate", {"player": seat}, "cotd-take-fate",
                        primary=True),
                  offer("Miss, no Fate Point", "attack_failed_final", {"player": seat}, "cotd-miss")):
            if q:
                view["buttons"].append(q)
        if p["fate_points"] > 0:
            view["pads"].append(pad("spend_fate_reroll", {"player": seat}, "roll", "cotd-pad-reroll",
                                    "Or spend a Fate Point and reroll"))
    elif st == "damage_roll":
        view["say"].append(f"Rolled {a['roll']}: a hit. Tap the damage rolled (dice plus the weapon's value).")
        view["pads"].append(pad("damage_roll", {"player": seat}, "amount", "cotd-pad-damage", "Damage", faces=range(1, 21)))
    else:
        lost = max(0, a["damage"] - (v["armor"] if v else 0))
        if v and a["dodged"] is None and v["dodge"] != NO_DODGE:
            view["say"].append(f"{v['name']} dodges on {v['dodge']} or less: a success halves {a['damage']}.")
            view["pads"].append(pad("villain_dodge_roll", {"villain": v["id"]}, "roll", "cotd-pad-villain-dodge",
                                    f"{v['name']}'s dodge (D20)"))
        elif a["dodged"] is not None:
            view["say"].append(f"{v['name']} {'dodged: halved' if a['dodged'] else 'failed to dodge'}.")
        if v:
            q = offer(f"{v['name']} takes {a['damage']} \u2212 armor {v['armor']} = {lost}", "damage_villain",
                      {"villain": v["id"]}, "cotd-damage-villain", primary=True)
            if q:
                view["buttons"].append(q)
    return view


def _hero(table: Table, offer: Offer) -> dict | None:
    state = table.state
    seat = state.get("active_player")
    if seat is None:
        return None
    a = state.get("pending_attack")
    view = {"seat": seat, "who": name_of(state, seat), "attack": None, "declare": []}
    if a and a.get("attacker") == seat:
        view["attack"] = _attack(table, offer, a)
    elif not a:
        for kind in ATTACK_TYPES:
            for v in active_villains(state):
                q = offer(f"{TYPE_TITLES[kind]} \u2192 {v['name']}", "declare_attack",
                          {"player": seat, "attack_type": kind, "villain": v["id"]}, f"cotd-attack-{kind}-{v['id']}")
                if q:
                    view["declare"].append(q)
    view["next"] = offer(f"End {view['who']}'s turn \u2192", "advance_phase", {"player": seat}, "cotd-next",
                         primary=view["attack"] is None)
    return view


def test_helper(table: Table, seat_hint: int | None) -> dict:
    """The skill test, in any step of a night: who tests, the skill, the fate symbol, the D20 (cotd.js shows
    the value chips only for a skill the hero card does not hold)."""
    state = table.state
    players = state["players"]
    seat = seat_hint if seat_hint is not None else 0
    values = {s: {k: p["skills"].get(k) for k in SKILLS} for s, p in enumerate(players)}
    last = state.get("last_test")
    return {"seats": [(s, p["name"]) for s, p in enumerate(players) if not p["unconscious"]], "seat": seat,
            "many": len(players) > 1, "skills": [(k, k.replace("_", " ").capitalize()) for k in SKILLS],
            "values": json.dumps(values, sort_keys=True), "value_chips": VALUE_CHIPS, "modifiers": MODIFIERS,
            "preset": json.dumps({"player": seat}) if len(players) == 1 else "",
            "last": {**last, "who": name_of(state, last["player"]), "words": last["name"].replace("_", " "),
                     "says": last["result"].replace("_", " "),
                     "fate": FATE_TITLES.get(last.get("fate_card"), "the pile was empty")} if last else None}


def consult_helper(table: Table, offer: Offer) -> dict | None:
    """Consult Your Fate: owed after a skill test's Failure showing the fate symbol; the Fate Card drawn is one tap."""
    state = table.state
    t = state.get("last_test")
    if not t or t["kind"] != "skill" or t["result"] != "failure" or not t["fate_symbol"] or t["consulted"]:
        return None
    pile = state["fate_pile"]
    total = sum(pile.values())
    seat = t["player"]
    cards = [q for k in FATE_KINDS if pile[k] and (q := offer(
        f"{FATE_TITLES[k]} \u2192 {FATE_MEANS[k]}", "consult_fate", {"player": seat, "card": k}, f"cotd-consult-{k}",
        primary=k in ("fortune", "misfortune")))]
    empty = offer("The pile is empty: a critical failure", "consult_fate", {"player": seat}, "cotd-consult-empty",
                  primary=True) if not total else None
    odds = [{"title": FATE_TITLES[k], "n": pile[k]} for k in FATE_KINDS]
    good = pile["great_fortune"] + pile["fortune"]
    return {"who": name_of(state, seat), "skill": t["name"].replace("_", " "), "roll": t["roll"], "cards": cards,
            "empty": empty, "total": total, "odds": odds, "good": good}


# ------------------------------------------------------------------ step 3: the opponents

def _hit_pads(table: Table, offer: Offer, v: dict) -> list[dict]:
    out = []
    for t, p in enumerate(table.state["players"]):
        base = {"villain": v["id"], "target": t}
        row = [q for n in HIT_PAD if (q := offer(str(n), "villain_attack", {**base, "amount": n}, f"cotd-hit-{t}-{n}"))]
        if not row:
            continue
        more = [Quick(str(n), "villain_attack", {**base, "amount": n}, testid=f"cotd-hit-{t}-{n}") for n in HIT_MORE]
        out.append({"seat": t, "name": p["name"], "lp": p["life_points"], "row": row, "more": more})
    return out


def _defence(table: Table, offer: Offer, a: dict) -> dict:
    state = table.state
    t = a["target"]
    p = state["players"][t]
    v = villain(state, a["villain"]) if a.get("villain") else None
    view = {"who": p["name"], "by": v["name"] if v else a.get("source"), "damage": a["damage"], "pads": [],
            "buttons": [], "dodged": a["dodged"], "group": f"attack-{a['id']}-{a.get('villain')}"}
    if a["step"] == "dodge" and a["dodged"] is None:
        dodge = p["attributes"].get("dodge")
        hint = f"Dodge {dodge}: a success halves {a['damage']} to {-(-a['damage'] // 2)}." if isinstance(dodge, int) \
            else f"A success halves {a['damage']} to {-(-a['damage'] // 2)}."
        view["pads"].append(pad("dodge_roll", {"player": t}, "roll", "cotd-pad-dodge", f"{p['name']}'s dodge (D20)",
                                value=_value_chips(p, "dodge"), hint=hint))
        q = offer(f"No dodge: {p['name']} takes {a['damage']}", "apply_damage", {"target": t}, "cotd-no-dodge")
    else:
        q = offer(f"{p['name']} takes {a['damage']}", "apply_damage", {"target": t}, "cotd-take-damage", primary=True)
    if q:
        view["buttons"].append(q)
    if a["dodged"] is False and p["fate_points"] > 0:
        view["pads"].append(pad("spend_fate_reroll", {"player": t}, "roll", "cotd-pad-dodge-reroll",
                                "Or spend a Fate Point and reroll the dodge"))
    return view


def _opponents(table: Table, offer: Offer) -> dict:
    state = table.state
    turn = state.get("opponent_turn") or {}
    now = current_villain(state)
    rolling = now if now and now["status"] == "active" and turn.get("actions_left", 0) > 0 else next_villain(state)
    a = state.get("pending_attack")
    view = {"defence": None, "acting": None, "roll": None, "pads": []}
    group = f"attack-{state['attack_count'] + 1}-"  # a die, its attack, the dodge and the damage: one undo
    if a and a.get("attacker") is None and a.get("damage") is not None:
        view["defence"] = _defence(table, offer, a)
        return {**view, "next": None}
    if now is not None and turn.get("rolls") and turn.get("attacks", 0) < len(turn["rolls"]):
        view["acting"] = {"name": now["name"], "id": now["id"], "roll": turn["rolls"][-1],
                          "of": len(turn["rolls"]) + turn.get("actions_left", 0), "group": group + now["id"]}
        view["pads"] = _hit_pads(table, offer, now)
    if rolling is not None:
        same = rolling is now
        done = len(turn.get("rolls", ())) if same else 0
        total = done + (turn["actions_left"] if same else villain_actions(state, rolling))
        view["roll"] = {"name": rolling["name"], "id": rolling["id"], "waits": view["acting"] is not None,
                        "group": group + rolling["id"], "action": done + 1, "of": total,
                        "pad": pad("villain_action_roll", {"villain": rolling["id"]}, "roll", "cotd-pad-action",
                                   f"{rolling['name']} ({rolling['id']}): action die (D20)")}
    view["next"] = offer("Time step \u2192", "advance_phase", {}, "cotd-next", primary=rolling is None)
    return view


# ------------------------------------------------------------------ step 4: the time step

def _guard_params(v: dict) -> dict:
    out = {"name": v["name"], "kind": "henchman", "keywords": [GUARD]}
    for k in ("tp", "life_points", "dodge", "armor", "actions"):
        if v.get(k) is not None:
            out[k] = v["starting_life_points"] if k == "life_points" and v.get("starting_life_points") else v[k]
    return out


def _time(table: Table, offer: Offer) -> dict:
    state = table.state
    view = {"advanced": state["time_advanced"], "due": state["guards_due"], "plain": None, "enemy": None,
            "same": [], "none": None, "form": None}
    if not state["time_advanced"]:
        view["plain"] = offer("Plain space", "advance_time", {"enemy": False}, "cotd-time-plain", primary=True)
        view["enemy"] = offer("A +1 space: guards come", "advance_time", {"enemy": True}, "cotd-time-enemy")
    if state["guards_due"]:
        seen = {}
        for v in state["villains"]:
            if GUARD in (v.get("keywords") or ()):
                seen.setdefault(v["name"].casefold(), v)
        for i, v in enumerate(list(seen.values())[:3]):
            params = _guard_params(v)
            q = offer(f"{v['name']} ({params.get('life_points')} LP, dodge {params.get('dodge', '-')}, "
                      f"armor {params.get('armor', 0)})", "place_villain", params, f"cotd-guard-same-{i}", primary=i == 0)
            if q:
                view["same"].append(q)
        view["none"] = offer("Every guard is already in the row", "no_guard_left", {}, "cotd-no-guard")
        base = _guard_params(next(iter(seen.values()))) if seen else dict(DEFAULT_GUARD)
        fields = [{"key": key, "title": title, "chips": [(n, str(n) == str(base.get(key))) for n in chips],
                   "value": base.get(key, "")} for key, title, chips in GUARD_CHIPS]
        view["form"] = {"preset": json.dumps({"kind": "henchman", "keywords": [GUARD]}), "fields": fields}
    label_ = "Dawn: the night ends" if state["end_pending"] else f"Round {state['round'] + 1} \u2192"
    view["next"] = offer(label_, "advance_phase", {}, "cotd-next", primary=True)
    return view


# ------------------------------------------------------------------ all of it

# the step's panel in the context, and what builds it (each has its own "next" button)
STEP_VIEWS = {"draw": ("draw", _draw), "endurance": ("endurance", _endurance), "hero_turn": ("hero", _hero),
              "opponents": ("opponents", _opponents), "time": ("time", _time)}


def night_steps(table: Table, offer: Offer) -> dict:
    state = table.state
    phase = state["phase"]
    out: dict = {"card": _card(table, offer)}
    seat_hint = state.get("active_player")
    if phase == "move":
        out["move"] = _move(table, offer)
        seat_hint = out["move"]["seat"] if out["move"]["seat"] is not None else (state["moves"]["done"] or [None])[-1]
        out["next"] = out["move"]["next"]
    elif phase == "ready":
        out["next"] = offer("Hero's turn \u2192", "advance_phase", {}, "cotd-next", primary=True)
    elif phase in STEP_VIEWS:
        key, build = STEP_VIEWS[phase]
        out[key] = build(table, offer)
        out["next"] = out[key]["next"] if out[key] else None
    last = state.get("last_test")
    if seat_hint is None and last:
        seat_hint = last["player"]
    out["test"] = test_helper(table, seat_hint if seat_hint is not None else state["starting_player"])
    out["consult"] = consult_helper(table, offer)
    return out
