"""Over-limit claims (spec 4.4 M5, 5.D R24/R30, 5.E R37, 7.1): the opponent removes what breaks a limit.

`claim_over_limit` has three reasons:
- "capacity" (R30): armies over a terrain's Capacity, creatures (Essen: heroes) over their limit;
- "blessed_one_conflict" (R24): a Blessed One in the same terrain as its player's own Black/Gray Mage,
  Witch, Warlock or Druid; the owner picks which of the two is given up (`units` = that one card);
- "leadership" (R37 / R30(b)): a hero led more armies/creatures than its Leadership; the claimant names the
  hero and the units to remove (no more than the excess needs). The led group is `led` if given, else the
  group the hero led in its last executed move this turn.
Base rules: removed cards leave the game into the claimant's possession (state["ledger"]); creatures go to the
claimant's discard pile. Essen '96: they are destroyed into their owner's Boron's Halls.
"""
from __future__ import annotations

from . import movement_moves as mv
from . import movement_rules as mr
from .movement_rules import BO_CONFLICT, check_r30 as capacity_r30, own_units, third_of, unit_of
from .turn import after_removal
from .state import check_end, name_of, remove_unit, terrain, to_borons_halls

REASONS = ("capacity", "blessed_one_conflict", "leadership")
LED_KINDS = ("army", "creature")  # what a leadership excess can remove (R30(b))
NEVER = 10 ** 6  # a "#" creature can never be led: any load with it is over every Leadership


def tidy(state) -> str:
    """The other parts' housekeeping after units move or leave play (magic: R54 summons cut off, R50 spells)."""
    return after_removal(state)


def reason_of(params) -> str:
    return params.get("reason") or "capacity"


def _claim(ctx) -> bool:
    return ctx.action_type == "claim_over_limit"


# ------------------------------------------------------------------ R24: Blessed One conflict

def conflict_pair(state, tid, seat) -> tuple[list[dict], list[dict]]:
    """(`seat`'s Blessed Ones, `seat`'s Black/Gray Mages, Witches, Warlocks, Druids) in terrain `tid`."""
    units = own_units(state, tid, seat)
    return ([u for u in units if u.get("class") == "blessed_one"],
            [u for u in units if u.get("class") in BO_CONFLICT])


def check_conflict_claim(state, params, ctx):
    t = terrain(state, params.get("terrain"))
    if t is None:
        return None
    seat = {0: 1, 1: 0}.get(params.get("player"))
    if seat is None:
        return None
    blessed, others = conflict_pair(state, t["id"], seat)
    if not blessed or not others:
        return f"No Blessed One of {name_of(state, seat)} shares {t['name']} with an own mage, witch, warlock " \
               f"or druid."
    ids = params.get("units") or []
    if len(ids) != 1:
        return "The owner gives up exactly one of the two: name that one card."
    if ids[0] not in {u["id"] for u in blessed + others}:
        return f"Name the Blessed One or the unit it conflicts with in {t['name']}."
    return None


def check_r24(state, params, ctx):
    if not _claim(ctx):
        return mr.check_r24(state, params, ctx)
    return check_conflict_claim(state, params, ctx) if reason_of(params) == "blessed_one_conflict" else None


# ------------------------------------------------------------------ R37: a leadership excess found later

def led_group(state, params) -> list[str] | None:
    """The ids the named hero led: `led` if given, else its last executed move this turn."""
    if params.get("led") is not None:
        return list(params["led"])
    hid = params.get("hero")
    for m in reversed(state.get("moves") or []):
        if m.get("executed") and hid in (m.get("leader_of") or {}):
            return list(m["leader_of"][hid] or [])
    return None


def load(state, units) -> int:
    total = 0
    for u in units:
        value = third_of(state, u)
        total += NEVER if value == "#" else value
    return total


def check_leadership_claim(state, params, ctx):
    t = terrain(state, params.get("terrain"))
    if t is None:
        return None
    hero = unit_of(state, params.get("hero"))
    if hero is None or hero["kind"] != "hero":
        return "Name the hero whose Leadership was exceeded."
    if hero["controller"] == params.get("player"):
        return "The claim is made against the opponent's hero."
    if hero["terrain"] != t["id"]:
        return f"{hero['name']} isn't in {t['name']}."
    ids = led_group(state, params)
    if ids is None:
        return f"{hero['name']} led no move this turn: name the units it led."
    led = [u for u in (unit_of(state, uid) for uid in dict.fromkeys(ids)) if u is not None]
    if any(u["kind"] not in LED_KINDS or u["controller"] != hero["controller"] for u in led):
        return f"{hero['name']} leads only its own side's armies and creatures."
    ldr = third_of(state, hero)
    ldr = ldr if isinstance(ldr, int) else 0
    if load(state, led) <= ldr:
        return f"{hero['name']} leads {load(state, led)}, within its Leadership {ldr}."
    named = params.get("units") or []
    led_ids = {u["id"] for u in led}
    if len(set(named)) != len(named) or any(uid not in led_ids for uid in named):
        return f"Name only armies and creatures {hero['name']} led."
    stay = [u for u in led if u["id"] not in named]
    if load(state, stay) > ldr:
        return f"Those removals still leave {hero['name']} over its Leadership {ldr}."
    for uid in named:
        back = state["units"][uid]
        if load(state, [*stay, back]) <= ldr:
            return f"Removing {back['name']} is more than the excess."
    return None


def check_r37(state, params, ctx):
    if not _claim(ctx):
        return mv.check_r37(state, params, ctx)
    return check_leadership_claim(state, params, ctx) if reason_of(params) == "leadership" else None


def check_r30(state, params, ctx):
    if _claim(ctx) and reason_of(params) != "capacity":
        return None
    return capacity_r30(state, params, ctx)


# ------------------------------------------------------------------ the effect

LEDGER = {"capacity": ("creature_limit", "over_capacity"), "blessed_one_conflict": (None, "blessed_one_conflict"),
          "leadership": ("leadership", "leadership")}
HEADS = {"capacity": "removes the excess in", "blessed_one_conflict": "claims the Blessed One conflict in",
         "leadership": "claims the leadership excess in"}


def apply_claim_over_limit(state, params, ctx):
    t, claimant, why = terrain(state, params["terrain"]), params["player"], reason_of(params)
    to_discard, to_ledger = LEDGER[why]
    lines = []
    for uid in params["units"]:
        u = remove_unit(state, uid)
        if u is None:
            continue
        if state["rules"].get("essen96"):
            points = to_borons_halls(state, u["owner"], u["name"], u["kind"], u["values"].get("third") or 0)
            lines.append(f"{u['name']} is destroyed into its owner's Boron's Halls (+{points}).")
        elif u["kind"] == "creature" and to_discard:
            state["players"][claimant]["discard_count"] += 1
            state["ledger"].append({"card": u["name"], "from": u["owner"], "to": claimant, "reason": to_discard})
            lines.append(f"{u['name']} goes to {name_of(state, claimant)}'s discard pile.")
        else:
            state["ledger"].append({"card": u["name"], "from": u["owner"], "to": claimant, "reason": to_ledger})
            lines.append(f"{u['name']} leaves the game and becomes {name_of(state, claimant)}'s card.")
    lines.append(tidy(state))
    check_end(state)
    return f"{name_of(state, claimant)} {HEADS[why]} {t['name']}: " + " ".join(x for x in lines if x)
