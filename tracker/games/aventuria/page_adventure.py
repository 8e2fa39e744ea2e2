"""The Aventuria table page in an adventure combat and a chance encounter: the combat plan (the row of
villains, the time scale, the round's five steps), the row placed at setup, each hero's preparation,
the attack helper aimed at a villain, the villains' guided turns (a roll, an amount on the hit hero, the
hit taken: three taps) and bringing an unconscious hero back. Every button is checked with `legal`.
In an adventure the act's header, the narrative (page_narrative) and what follows a combat
(page_between) come first."""
from __future__ import annotations

from tracker.engine.kit.presenter import Offer, Quick, Table, chain_legal, form, legal, stepper

from .adventure.combat import (
    IN_COMBAT, NO_DODGE, PER_HERO, REVIVING_HEAL, active_villains, current_villain, left_of, next_villain,
    placed_threat, villain, villain_actions,
)
from .adventure.rules import METHODS, targets_for
from .page_between import act_header, between_view
from .page_common import defence, hero_cards, roll_steps
from .page_narrative import narrative_view
from .state import ATTACK_TYPES, ATTRIBUTE_OF, HAND_LIMIT, TYPE_TITLES, name_of

STEPS = (("preparation", "Preparation"), ("hero_turns", "Hero Turns"), ("opponent_turns", "Opponent Turns"),
         ("time_effects", "Time Effects"), ("end_of_round", "End of Round"))
STEP_OF = {"preparation": 0, "hero_actions": 1, "hero_end": 1, "opponent_turns": 2, "time_effects": 3}
TIME_CHIPS = range(1, 13)
# A villain's damage, one tap each: the usual amounts in a row, the big ones folded under "more".
HIT_PAD = tuple(range(1, 11))
HIT_MORE = (11, 12, 13, 14, 15, 16, 18, 20, 25, 30, 35, 40, 45, 50)
HEAL_CHIPS = (REVIVING_HEAL, 6, 7, 8, 10)
METHOD_TITLES = {"starting_hero": "starting hero", "random": "random", "special": "card says",
                 **{f"{w}_{x}": f"{w} {t}" for w in ("most", "least")
                    for x, t in (("life_points", "LP"), ("fate_points", "FP"), ("hand_cards", "hand"))}}


def _step(action_type: str, params: dict) -> dict:
    return {"type": action_type, "params": params}


# ------------------------------------------------------------------ the combat plan

def _villain_row(state: dict) -> list[dict]:
    turn = state.get("opponent_turn") or {}
    leader = state.get("acting_leader")
    out = []
    for v in state.get("villains", []):
        start = v["starting_life_points"] or 1
        out.append({**v, "pct": max(0, min(100, v["life_points"] * 100 // start)),
                    "actions_shown": f"N={villain_actions(state, v)}" if v["actions"] == PER_HERO else v["actions"],
                    "leads": v["kind"] == "leader" or v["id"] == leader, "acting": turn.get("villain") == v["id"],
                    "gone": v["status"] != "active"})
    return out


def _plan(state: dict) -> dict:
    n = len(state["players"])
    left = state.get("time_counters")
    effects = state.get("time_effects") or {}
    combat = state.get("combat") or {}
    phase = state["phase"]
    token = state.get("starting_player")
    return {
        "villains": _villain_row(state),
        "gone": [v for v in state.get("villains", []) if v["status"] != "active"],
        "time": left, "time_start": state.get("time_start"),
        "next_left": left - 1 if left else None, "next_effect": effects.get(str(left - 1)) if left else None,
        "now_effect": effects.get(str(left)) if left is not None and state.get("time_removed_this_round") else None,
        "effects": sorted(((int(k), v) for k, v in effects.items()), reverse=True),
        "doom": state.get("doom_counters", 0), "doom_of": n, "doom_loses": "doom" in combat.get("defeat", ()),
        "threat": state.get("threat_value"), "placed": placed_threat(state),
        "token": name_of(state, token) if isinstance(token, int) else None,
        "fate_pool": state.get("fate_pool"), "round": state.get("round"),
        "steps": stepper(STEPS, STEP_OF.get(phase, -1)), "title": combat.get("title"),
        "result": state.get("combat_result"),
    }


# ------------------------------------------------------------------ combat setup

def _setup(table: Table, offer: Offer) -> dict | None:
    """The combat's setup; from the narrative too (setup_combat closes the step being read and skips the
    rest), as a short way round when the table plays the narrative from the book."""
    state = table.state
    if state["phase"] not in ("combat_setup", "narrative"):
        return None
    delta = (state.get("next_combat") or {}).get("time_counters", 0)
    view = {"time_chips": [], "time_form": None, "henchman": None, "begin": None,
            "from_narrative": state["phase"] == "narrative", "delta": delta}
    if state.get("time_counters") is None:
        if state.get("threat_value") is None:  # a custom combat: its threat value is typed with the counters
            view["time_form"] = form(table.game.action("setup_combat", table.mode), state,
                                     show=("time_counters", "threat_value"), chips={"time_counters": TIME_CHIPS})
        else:
            view["time_chips"] = [q for n in TIME_CHIPS if (q := offer(
                str(n), "setup_combat", {"time_counters": n}, f"time-{n}"))]
        return view
    threat = state.get("threat_value") or 0
    placed = placed_threat(state)
    view["henchman"] = {"placed": placed, "threat": threat, "pct": min(100, placed * 100 // threat) if threat else 0,
                        "tp_chips": range(1, 11), "lp_chips": range(1, 13), "dodge_chips": range(2, 13),
                        "armor_chips": range(0, 6), "action_chips": (1, 2, 3), "leader": table.mode == "adventure"}
    view["begin"] = offer("Begin the combat with this row", "advance_phase", {}, "begin-combat")
    return view


# ------------------------------------------------------------------ step 1: preparation

def _preparation(table: Table, offer: Offer) -> dict | None:
    state = table.state
    if state["phase"] != "preparation":
        return None
    heroes, draws = [], []
    for i, p in enumerate(state["players"]):
        row = {"seat": i, "name": p["name"], "out": p["unconscious"], "drew": p["phase_draw_done"],
               "endurance": p["endurance_played_this_turn"], "draw": None, "endurance_q": None}
        params = {"player": i, "count": 2}
        if legal(table.game, state, "draw_cards", params, table.mode):
            row["draw"] = Quick("Draw 2", "draw_cards", params, testid=f"prep-draw-{i}")
            draws.append(params)
        play = {"player": i, "source": "hand"}
        if legal(table.game, state, "play_endurance", play, table.mode):
            row["endurance_q"] = Quick("Play an Endurance Card", "play_endurance", play, testid=f"prep-endurance-{i}")
        heroes.append(row)
    everyone = None
    if len(draws) > 1:
        everyone = Quick("Draw 2 for everyone", "draw_cards", draws[0], testid="prep-draw-all", primary=True,
                         then=tuple(_step("draw_cards", d) for d in draws[1:]))
    return {"heroes": heroes, "everyone": everyone,
            "next": offer("Hero turns →", "advance_phase", {}, "to-hero-turns", primary=not draws)}


# ------------------------------------------------------------------ step 2: hero turns

def _declare(table: Table) -> list[Quick]:
    state, a = table.state, table.state.get("active_player")
    if state["phase"] != "hero_actions" or a is None or state.get("pending_attack"):
        return []
    out = []
    for kind in ATTACK_TYPES:
        for v in active_villains(state):
            params = {"player": a, "attack_type": kind, "villain": v["id"]}
            if legal(table.game, state, "declare_attack", params, table.mode):
                out.append(Quick(f"{TYPE_TITLES[kind]} attack on {v['name']}", "declare_attack", params,
                                 testid=f"attack-{kind}-{v['id']}"))
    return out


def _hero_attack(table: Table) -> dict | None:
    """The active hero's attack on a villain: the duel helper's roll steps, then the villain's dodge (only
    with a Dodge value) and the damage less its armor in one tap."""
    state = table.state
    a = state.get("pending_attack")
    if not a or a.get("attacker") is None or not a.get("villain"):
        return None
    v = villain(state, a["villain"])
    att = state["players"][a["attacker"]]
    need = a["value"] if a["value"] is not None else att["attributes"].get(ATTRIBUTE_OF[a["attack_type"]])
    view = {"a": a, "attacker": att["name"], "target": v["name"], "need": need, "group": f"attack-{a['id']}",
            "forms": [], "buttons": [], "after": [], "say": [], "villain": v}
    if a["damage"] is None:
        roll_steps(table, a, v["name"], view)
        return view
    if v["dodge"] == NO_DODGE:
        view["say"].append(f"{v['name']} cannot dodge (Dodge \u201c-\u201d).")
    elif a["dodged"] is None:
        view["say"].append(f"{v['name']} may dodge (Dodge {v['dodge']}): a success halves {a['damage']}.")
        view["forms"].append(form(table.game.action("villain_dodge_roll", table.mode), state,
                                  preset={"villain": v["id"]}, show=("roll",)))
    lost = max(0, a["damage"] - v["armor"])
    params = {"villain": v["id"]}
    if legal(table.game, state, "damage_villain", params, table.mode):
        view["buttons"].append(Quick(f"{v['name']} takes {a['damage']} \u2212 armor {v['armor']} = {lost}",
                                     "damage_villain", params, testid="damage-villain", primary=True))
    return view


def _revive(table: Table) -> list[dict]:
    """For the active hero: each unconscious companion, by a reanimation roll or a heal of 5 or more."""
    state, a = table.state, table.state.get("active_player")
    if state["phase"] != "hero_actions" or a is None:
        return []
    ready = state["players"][a]["endurance_ready"]
    out = []
    for t, p in enumerate(state["players"]):
        if t == a or not p["unconscious"] or p["revived_this_round"]:
            continue
        item = {"seat": t, "name": p["name"], "reviver": state["players"][a]["name"], "ready": ready, "form": None,
                "heals": [Quick(f"+{n}", "heal", {"target": t, "amount": n, "player": a}, testid=f"heal-{n}-{t}")
                          for n in HEAL_CHIPS
                          if legal(table.game, state, "heal", {"target": t, "amount": n, "player": a}, table.mode)]}
        if ready and legal(table.game, state, "reanimate", {"player": a, "target": t, "endurance": 1, "roll": 1},
                           table.mode):
            item["form"] = form(table.game.action("reanimate", table.mode), state, preset={"player": a, "target": t},
                                show=("endurance", "roll"), chips={"endurance": range(1, ready + 1)},
                                defaults={"endurance": ready})
        out.append(item)
    return out


def _turn_end(table: Table, offer: Offer) -> Quick | None:
    state, a = table.state, table.state.get("active_player")
    if state["phase"] not in ("hero_actions", "hero_end") or a is None:
        return None
    me = {"player": a}
    limit = state["flavour"].get("hand_limit", HAND_LIMIT)
    extra = state["players"][a]["hand_count"] - limit
    if state["phase"] == "hero_end" and extra > 0:  # the hand limit first, then the turn ends
        discard = offer(f"Discard {extra} to {limit}", "discard_to_hand_limit", {"player": a, "count": extra},
                        "discard-to-limit", primary=True)
        if discard:
            return discard
    if state["phase"] == "hero_actions" and chain_legal(table, [("advance_phase", me), ("advance_phase", me)]):
        return offer(f"End {name_of(state, a)}'s turn →", "advance_phase", me, "end-hero-turn",
                     then=(_step("advance_phase", me),))
    return offer(f"{name_of(state, a)}: next step →", "advance_phase", me, "end-hero-turn")


# ------------------------------------------------------------------ step 3: the villains' turns

def _villain_turn(table: Table, offer: Offer) -> dict | None:
    state = table.state
    if state["phase"] != "opponent_turns":
        return None
    turn = state.get("opponent_turn") or {}
    now = current_villain(state)
    rolling = now if now and now["status"] == "active" and turn.get("actions_left", 0) > 0 else next_villain(state)
    view = {"acting": None, "roll": None, "who": None, "of": None, "pads": [], "methods": [], "defence": None,
            "next": None}
    a = state.get("pending_attack")
    if a and a.get("attacker") is None and a.get("damage") is not None:
        view["defence"] = _villain_hit(table, a)
        return view
    if now is not None and turn.get("rolls"):  # the action just rolled: its attack, tapped on the hit hero
        view["acting"] = {"name": now["name"], "roll": turn["rolls"][-1]}
        view["pads"] = _target_pads(table, now)
        view["methods"] = [{"id": m, "title": METHOD_TITLES[m], "targets": ",".join(map(str, targets_for(state, m)))}
                           for m in METHODS if m not in ("random", "special")] if len(view["pads"]) > 1 else []
    if rolling is not None:
        same = rolling is now
        done = len(turn.get("rolls", ())) if same else 0
        total = done + (turn["actions_left"] if same else villain_actions(state, rolling))
        view["who"] = {"name": rolling["name"], "action": done + 1, "of": total, "id": rolling["id"]}
        view["roll"] = form(table.game.action("villain_action_roll", table.mode), state,
                            preset={"villain": rolling["id"]}, show=("roll",))
    view["next"] = offer("Time effects →", "advance_phase", {}, "to-time-effects", primary=rolling is None)
    return view


def _target_pads(table: Table, v: dict) -> list[dict]:
    state, out = table.state, []
    for t, p in enumerate(state["players"]):
        base = {"villain": v["id"], "target": t}
        if p["unconscious"] or not legal(table.game, state, "villain_attack", {**base, "amount": 1}, table.mode):
            continue
        pad = lambda amounts: [Quick(str(n), "villain_attack", {**base, "amount": n},  # noqa: E731
                                     testid=f"hit-{t}-{n}") for n in amounts]
        out.append({"seat": t, "name": p["name"], "lp": p["life_points"], "row": pad(HIT_PAD), "more": pad(HIT_MORE)})
    return out


def _villain_hit(table: Table, a: dict) -> dict:
    """The hit hero's defence against a villain: the duel's dodge pad and armor, then "<hero> takes N"."""
    v = villain(table.state, a["villain"])
    view = {"a": a, "attacker": v["name"] if v else a.get("source"), "target": name_of(table.state, a["target"]),
            "group": f"attack-{a['id']}", "forms": [], "buttons": [], "after": [], "say": []}
    defence(table, a, view)
    return view


# ------------------------------------------------------------------ step 4: time effects

def _time_effects(table: Table, offer: Offer) -> dict | None:
    state = table.state
    if state["phase"] != "time_effects":
        return None
    token = state.get("starting_player")
    nxt = left_of(state, token) if isinstance(token, int) else None
    a = state.get("pending_attack")
    if a and a.get("attacker") is None and a.get("damage") is not None:
        return {"defence": _villain_hit(table, a)}
    # [Combat Sequence > 4. Time Effects]: an effect may make villains attack now, in row order
    extra = [{"name": v["name"], "id": v["id"], "pads": pads} for v in active_villains(state)
             if (pads := _target_pads(table, v))] if state.get("time_removed_this_round") else []
    return {"extra": extra, "remove": offer("Remove a time counter", "remove_time_counter", {}, "remove-time", primary=True),
            "next": offer(f"Next round → token to {name_of(state, nxt)}" if nxt is not None else "Next round →",
                          "advance_phase", {}, "next-round", primary=bool(state.get("time_removed_this_round")))}


def _effect_form(table: Table) -> dict | None:
    """The time scale's printed effects, typed once per combat so each comes back as a reminder."""
    state = table.state
    left = state.get("time_counters")
    if left is None:
        return None
    top = max(left, state.get("time_start") or 0)
    return form(table.game.action("set_time_effect", table.mode), state,
                defaults={"counters": max(0, left - 1)}, chips={"counters": range(0, top + 1)}, submit="Note it")


# ------------------------------------------------------------------ the page

def adventure_context(table: Table) -> dict:
    state = table.state
    offer = Offer(table)
    over = bool(state.get("combat_result"))
    adv = {"plan": _plan(state), "combat": state["phase"] == "combat_setup" or state["phase"] in IN_COMBAT}
    if table.mode == "adventure":
        adv.update(act=act_header(state), narrative=narrative_view(table), between=between_view(table))
    if table.can_write and not over:
        adv.update(setup=_setup(table, offer), prep=_preparation(table, offer), declare=_declare(table),
                   attack=_hero_attack(table), revive=_revive(table), turn_end=_turn_end(table, offer),
                   villains=_villain_turn(table, offer), time=_time_effects(table, offer),
                   effect_form=_effect_form(table))
    # the plan draws the round's own stepper; every button is in the plan's steps, none in "now"
    return {**hero_cards(table), "adv": adv, "phases": [], "now": []}

