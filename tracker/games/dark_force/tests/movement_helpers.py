"""Shared builders for the Dark Force movement tests (terrains, units, turns)."""

from tracker.engine import Action, copy_state, decide, initial_state
from tracker.games.dark_force import GAME
from tracker.games.dark_force.movement import enumerate_movement, make_unit
from tracker.games.dark_force.movement_rules import placement
from tracker.games.dark_force.state import adjacent_terrains, count_terrains, new_id, terrain

# ------------------------------------------------------------------ helpers


def new(draws=0, **options):
    """Ann (seat 0) in her movement phase, Play New Terrains, after drawing `draws`."""
    s = initial_state(GAME, "duel", [{"name": "Ann"}, {"name": "Ben"}], {"deck_size": 60, "first_player": 0, **options})
    s = ok(s, "choose_draws", player=0, count=draws)
    return ok(s, "next_step", player=0)


def run(s, type_, override=None, **params):
    return decide(GAME, s, Action(type_, params, override))


def ok(s, type_, **params):
    r = run(s, type_, **params)
    assert r.accepted, [v.as_dict() for v in r.violations]
    assert not r.overridden, [v.as_dict() for v in r.overridden]
    return r.state


def refused(s, type_, rule, **params) -> str:
    r = run(s, type_, **params)
    assert not r.accepted, f"{type_} {params} was accepted"
    found = {v.rule_id: v.message for v in r.violations}
    assert f"dark-force.{rule}" in found, found
    return found[f"dark-force.{rule}"]


def place(s, seat, cell, name="Plains", type_=None, cap=3, cs=0, expansions=()):
    """A terrain laid by hand (the shape play_terrain makes)."""
    tid = new_id(s, "t")
    s["terrains"].append({"id": tid, "name": name, "type": type_ or name, "owner": seat, "controller": seat,
                          "cell": list(cell), "values": {"cs": cs, "ms": 0, "cap": cap},
                          "expansions": [dict(e) for e in expansions], "ocean": False, "island": False,
                          "hazards": [], "ships": []})
    s["players"][seat]["ever_had_terrain"] = True
    count_terrains(s)
    return tid


def put(s, seat, tid, kind="army", name="Veterans", third=1, **extra):
    spec = {"kind": kind, "name": name, "values": {"third": third}}
    u = make_unit(s, {**spec, **{k: v for k, v in extra.items() if k in ("abilities", "class", "deity")}}, seat, tid)
    u.update({k: v for k, v in extra.items() if k not in ("abilities", "class", "deity")})
    return u["id"]


def hero(name="Noble", ldr=5, **extra):
    return {"kind": "hero", "name": name, "values": {"cs": 2, "ms": 0, "third": ldr}, **extra}


def army(name="Veterans", size=1, **extra):
    return {"kind": "army", "name": name, "values": {"cs": 2, "ms": 0, "third": size}, **extra}


def creature(name="Cave Bear", ctl=2, **extra):
    return {"kind": "creature", "name": name, "values": {"cs": 3, "ms": 0, "third": ctl}, **extra}


def two_sides(**options):
    """Ann: Swamp t1 [0,0]; Ben: Plains t2 [0,-1] (empty), both laid by hand; Ann in Play New Terrains."""
    s = new(**options)
    a = place(s, 0, (0, 0), "Swamp")
    b = place(s, 1, (0, -1), "Plains")
    return s, a, b


def to_execute(s):
    s = ok(s, "next_step", player=0) if s["movement_step"] == "play_terrains" else s
    return ok(s, "next_step", player=0) if s["movement_step"] == "declare_moves" else s


# ------------------------------------------------------------------ playing terrains (R11-R17, E2, E3, E20)
