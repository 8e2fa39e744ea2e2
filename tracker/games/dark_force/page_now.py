"""What the Dark Force table can do now in one tap (the page's "now" buttons): the turn's steps, the declared
moves to carry out, the combats to start, and in a combat each placement, the retreat announcements, passing
over the steps where nobody on the battlefield could act, resolving once the dice are in, the retreats and the
next round. Every button is fully prefilled from the state and offered only when the engine records it (the
whole chain, for a button that records several steps as one thing to undo). Dice stay on the combat helper's
pads (page_combat.py): a roll is the table's, never the page's.
"""
from __future__ import annotations

from tracker.engine import Action, ParamError, decide
from tracker.engine.kit.presenter import Quick, Table

from . import combat_field as cf
from .magic_rules import is_spellcaster
from .page_common import STEP_TITLES, STEPS, _name, _queued, unit_label
from .state import HAND_LIMIT

COMBAT_TITLES = {"place_units": "placing units", "announce_retreat": "the retreat announcements",
                 "cast_spells": "spells", "ranged": "ranged attacks", "flying": "flying attacks",
                 "close_combat": "close combat", "retreat": "retreats", "reorganize": "reorganize"}
TURN_ORDER = [s for s, _ in STEPS]
MOVES = {0: "2 moves", 1: "1 move", 2: "no move"}


def _records(table: Table, type_: str, params: dict, then=()) -> bool:
    """Whether the engine records the action, and then each of `then` on the state it leaves."""
    state = table.state
    for step in ({"type": type_, "params": params}, *then):
        try:
            result = decide(table.game, state, Action(step["type"], step["params"]), mode=table.mode)
        except ParamError:
            return False
        if not result.accepted:
            return False
        state = result.state
    return True


class _Offers:
    def __init__(self, table: Table):
        self.table, self.out = table, []

    def __call__(self, label, type_, params, testid, primary=False, versioned=False, then=()) -> bool:
        then = tuple({"type": t, "params": p} for t, p in then)
        if _records(self.table, type_, params, then):
            self.out.append(Quick(label, type_, params, testid=testid, primary=primary, versioned=versioned,
                                  then=then))
            return True
        return False


def _next_turn_step(state) -> str:
    phase = state.get("phase")
    here = state.get("movement_step") if phase == "movement" else phase
    at = TURN_ORDER.index(here) if here in TURN_ORDER else -1
    return STEP_TITLES[TURN_ORDER[at + 1]] if 0 <= at < len(TURN_ORDER) - 1 else ""


def _turn(offer: _Offers, state) -> None:
    a = state.get("active_player")
    p = state["players"][a]
    phase = state.get("phase")
    if phase == "start" and p.get("draws_this_turn") is None:
        for n in (0, 1, 2):
            offer(f"Draw {n} · {MOVES[n]}", "choose_draws", {"player": a, "count": n}, f"df-draw-{n}", True, True)
        offer("Mulligan", "mulligan", {"player": a}, "df-mulligan")
        return
    names = {t.get("id"): t.get("name") for t in state.get("terrains") or []}
    for m in state.get("moves") or []:
        if isinstance(m, dict) and not m.get("done") and m.get("player") == a and state.get("movement_step") == "execute_moves":
            count = len(m.get("units") or [])
            offer(f"Carry out: {names.get(m.get('from'), '?')} → {names.get(m.get('to'), '?')} ({count} card"
                  f"{'s' if count != 1 else ''})", "execute_move", {"player": a, "move": m.get("id")},
                  f"df-execute-move-{m.get('id')}", True)
    if phase == "combat" and not state.get("combat"):
        for tid in sorted(_queued(state)):
            t = next((t for t in state.get("terrains") or [] if t.get("id") == tid), None)
            if t and not t.get("ocean"):
                offer(f"Combat in {t.get('name')}", "start_combat", {"player": a, "terrain": tid},
                      f"df-start-combat-{tid}", True, True)
    if phase == "discard":
        excess = p.get("hand_count", 0) - HAND_LIMIT
        if excess > 0:
            offer(f"Discard {excess} (down to {HAND_LIMIT})", "discard_excess", {"player": a, "count": excess},
                  "df-discard-excess", True)
        offer(f"End turn · {_name(state, 1 - a)} plays", "end_turn", {"player": a}, "df-end-turn", True, True)
    elif phase in ("start", "movement", "combat"):
        busy = bool(offer.out)
        offer(f"On to {_next_turn_step(state)}", "next_step", {"player": a}, "df-next-step", not busy, True)


# ------------------------------------------------------------------ the combat

def _nobody_acts(state, c, step) -> bool:
    """Whether no unit on the battlefield could do anything in `step`: no spellcaster for the spells, no
    ranged unit for the ranged attacks (R71), no flyer for the flying attacks (R72); a retreat step with no
    retreat announced. The other steps always ask something of the players."""
    placed = [cf.unit(state, x) for _, _, _, x in cf.spots(state, c)]
    if step == "cast_spells":
        return not any(is_spellcaster(u) for u in placed)
    if step in ("ranged", "flying"):
        return not any(step in (u.get("abilities") or []) for u in placed)
    if step == "retreat":
        return not [x for x in c.get("retreat") or [] if cf.pos(state, c, x)]
    return False


def _skip_to(state, c, step) -> str | None:
    """The step after `step` that asks something of the players, when at least one step lies between."""
    at = cf.STEPS.index(step) if step in cf.STEPS else len(cf.STEPS)
    later = cf.STEPS[at + 1:]
    for i, nxt in enumerate(later):
        if nxt == "reorganize" or not _nobody_acts(state, c, nxt):
            return nxt if i > 0 else None
    return None


def _slot(state, c, side) -> tuple[str, int]:
    """Where the next unit of `side` goes by default: opposite an enemy still unopposed, else the first free
    place beside its own units (the defender's first unit's column to begin with)."""
    slots = cf.free_neighbour_slots(state, c, side)
    if not slots:
        return "front", c.get("first_column") or 0
    for row, col in slots:
        if row == "front" and cf.at(state, c, 1 - side, "front", col) and not cf.at(state, c, side, "front", col):
            return row, col
    return slots[0]


def _placing(offer: _Offers, state, c) -> None:
    summoned = cf.pending_summoned(state, c)
    side = state["units"][summoned[0]]["controller"] if summoned else c["placing"]["side"]
    waiting = summoned[:1] or cf.unplaced(state, c, side)
    row, col = _slot(state, c, side)
    for i, uid in enumerate(waiting[:6]):
        params = {"player": side, "unit": uid, "row": row, "column": col}
        label = f"Place {unit_label(state, state['units'][uid], where=False)} · {row} {col}"
        last = not summoned and len(waiting) == 1 and not cf.unplaced(state, c, 1 - side)
        if last and offer(f"{label} · on to retreats", "place_unit", params, f"df-place-{uid}", i == 0,
                          then=(("next_combat_step", {"player": c["attacker"]}),)):
            continue
        offer(label, "place_unit", params, f"df-place-{uid}", i == 0)


def _moving_on(offer: _Offers, state, c, step) -> None:
    a = c["attacker"]
    to = _skip_to(state, c, step)
    if to:
        offer(f"On to {COMBAT_TITLES[to]}", "next_combat_step", {"player": a, "step": to}, "df-skip-combat-step",
              True, True)
    nxt = cf.STEPS[cf.STEPS.index(step) + 1] if step in cf.STEPS[:-1] else None
    if nxt:
        offer(f"Next combat step: {COMBAT_TITLES[nxt]}", "next_combat_step", {"player": a},
              "df-next-combat-step", not to, True)


def _combat(offer: _Offers, state, c) -> None:
    a, d, step = c["attacker"], c["defender"], c["step"]
    if step == "distribute":
        for u in cf.units_at(state, c["terrain"], controller=a):
            if (c.get("excess") or {}).get(u["kind"]):
                for t in cf.own_refuges(state, c, a):
                    offer(f"Move {unit_label(state, u)} out to {t['name']}", "distribute_excess",
                          {"player": a, "unit": u["id"], "to": t["id"]}, f"df-distribute-{u['id']}-{t['id']}")
        return
    if cf.pending_summoned(state, c) or (step == "place_units" and c.get("placing")):
        return _placing(offer, state, c)
    if cf.combat_over(state, c):
        offer("End the combat", "end_combat", {"player": a}, "df-end-combat", True, True)
        return
    declared = c.get("retreat_declared") or []
    if step == "announce_retreat" and len(declared) < 2:
        side = a if a not in declared else d
        after = _skip_to(state, c, step)
        on = (("next_combat_step", {"player": a, **({"step": after} if after else {})}),)
        if not declared:
            offer(f"No retreats · on to {COMBAT_TITLES[after or 'cast_spells']}", "declare_retreat",
                  {"player": a, "units": []}, "df-no-retreats", True, then=(("declare_retreat", {"player": d, "units": []}), *on))
        offer(f"{_name(state, side)}: no retreat", "declare_retreat", {"player": side, "units": []},
              f"df-retreat-none-{side}", bool(declared))
        return
    if step in cf.ATTACK_STEPS and step not in (c.get("resolved") or []):
        pairs, problems = cf.pairings(state, c, step)
        if pairs and not problems and not cf.missing_rolls(state, c, step):
            after = _skip_to(state, c, step)
            title = COMBAT_TITLES[step]
            if not (after and offer(f"Resolve the {title} · on to {COMBAT_TITLES[after]}", "resolve_attacks",
                                    {"player": a}, "df-resolve-attacks", True, True,
                                    then=(("next_combat_step", {"player": a, "step": after}),))):
                offer(f"Resolve the {title}", "resolve_attacks", {"player": a}, "df-resolve-attacks", True, True)
            return
        if pairs or problems:
            return  # the dice (or a diagonal target) first: the combat helper's pads and forms
    if step == "retreat":
        for x in [x for x in c.get("retreat") or [] if cf.pos(state, c, x)]:
            u = state["units"][x]
            refuges = cf.own_refuges(state, c, u["controller"])
            for t in refuges:
                offer(f"{unit_label(state, u)} retreats to {t['name']}", "execute_retreat",
                      {"player": u["controller"], "unit": x, "to": t["id"]}, f"df-execute-retreat-{x}-{t['id']}", True)
            if not refuges:
                offer(f"{unit_label(state, u)}: nowhere to retreat (destroyed)", "execute_retreat",
                      {"player": u["controller"], "unit": x}, f"df-execute-retreat-{x}", True)
    if step == "reorganize":
        offer("Next round (reorganize)", "reorganize", {"player": a}, "df-reorganize", True, True)
        return
    _moving_on(offer, state, c, step)


def now(table: Table) -> list[Quick]:
    state = table.state
    if not table.can_write or table.mode != "duel" or state.get("result") or state.get("phase") == "setup" \
            or not isinstance(state.get("active_player"), int):
        return []
    offer = _Offers(table)
    c = cf.cmb(state)
    if c is not None:
        _combat(offer, state, c)
    elif not state.get("naval_combat"):
        _turn(offer, state)
    return offer.out
