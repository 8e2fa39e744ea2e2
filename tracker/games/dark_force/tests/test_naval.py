"""Captain's Pack: ships, ocean terrains and naval combat (spec 3.5, 4.8, 5.J, 5.K, E24-E26, E54-E62)."""
import copy

import pytest

from tracker.engine import Action, Context, decide, initial_state
from tracker.games.dark_force import GAME
from tracker.games.dark_force import naval
from tracker.games.dark_force.state import new_id

# ------------------------------------------------------------------ helpers
# The map (axial hex cells):  Ann's Forest [0,0] (coast) - Sea A [1,0] - Sea B [2,0] - Isle [3,0]
# Ben's Harbour [2,-1] borders Sea A and Sea B; Sea C [1,1] (Ann's) borders Sea A and Sea B.


def terrain(state, name, owner, cell, kind="Forest"):
    tid = new_id(state, "t")
    state["terrains"].append({"id": tid, "name": name, "type": kind, "owner": owner, "controller": owner,
                              "cell": list(cell), "values": {"cs": 0, "ms": 0, "cap": 3}, "expansions": [],
                              "ocean": kind in ("Ocean", "Island"), "island": kind == "Island", "hazards": [],
                              "ships": []})
    state["players"][owner]["ever_had_terrain"] = True
    return tid


def unit(state, name, kind, owner, tid, third=1, abilities=(), cls=None):
    uid = new_id(state, "u")
    state["units"][uid] = {
        "id": uid, "name": name, "kind": kind, "owner": owner, "controller": owner, "terrain": tid, "face": "down",
        "values": {"cs": 3, "cs_defence_only": False, "cd": 3, "ms": 0, "spellcaster": False, "mr": 0,
                   "third": third},
        "abilities": list(abilities), "class": cls, "deity": None, "symbol": None, "forbidden_symbols": [],
        "moved": False, "equipped_to": None, "category": None, "mods": {}, "summoner": None, "summon_kind": None,
        "summoned_by": None}
    return uid


def ship(state, name, owner, tid, ncs=4, ncd=3, mobility=4, tc=2):
    sid = new_id(state, "s")
    state.setdefault("ships", {})[sid] = {
        "id": sid, "name": name, "owner": owner, "controller": owner, "terrain": tid, "ncs": ncs, "ncd": ncd,
        "mobility": mobility, "tc": tc, "cargo": [], "fleet": None, "hits": 0, "boarded": False}
    next(t for t in state["terrains"] if t["id"] == tid)["ships"].append(sid)
    return sid


def aboard(state, uid, sid):
    state["units"][uid].update(terrain=None, place={"ship": sid})
    state["ships"][sid]["cargo"].append(uid)


@pytest.fixture
def w():
    """Ann's movement phase (Declare Moves, 2 moves) on a small sea map, Captain's Pack on."""
    state = initial_state(GAME, "duel", [{"name": "Ann"}, {"name": "Ben"}],
                          {"deck_size": 60, "first_player": 0, "captains_pack": True})
    state.update(phase="movement", movement_step="declare_moves")
    state["players"][0].update(draws_this_turn=0, moves_allowed=2, moves_used=0)
    ids = {
        "forest": terrain(state, "Ann's Forest", 0, [0, 0]),
        "sea_a": terrain(state, "Sea A", 0, [1, 0], "Ocean"),
        "sea_b": terrain(state, "Sea B", 1, [2, 0], "Ocean"),
        "isle": terrain(state, "Isle", 1, [3, 0], "Island"),
        "harbour": terrain(state, "Ben's Harbour", 1, [2, -1]),
        "sea_c": terrain(state, "Sea C", 0, [1, 1], "Ocean"),
    }
    return state, ids


def do(state, type_, **params):
    result = decide(GAME, state, Action(type_, params))
    assert result.accepted, getattr(result, "violations", None)
    assert not result.overridden
    return result.state


def refused(state, type_, **params):
    result = decide(GAME, state, Action(type_, params))
    assert not result.accepted
    return {v.rule_id for v in result.violations}


def check(rule_id, state, params, action_type="x"):
    return GAME.rules[rule_id].check(state, params, Context(game=GAME, mode="duel", action_type=action_type))


def launch(state, ids, **over):
    params = dict(player=0, name="Seahawk", ocean_terrain=ids["sea_a"], port_terrain=ids["forest"], ncs=4, ncd=3,
                  mobility=4, tc=2)
    params.update(over)
    return params


# ------------------------------------------------------------------ launching ships, hazards

def test_play_ship_next_to_own_port(w):
    state, ids = w
    new = do(state, "play_ship", **launch(state, ids))
    (s,) = new["ships"].values()
    assert s["terrain"] == ids["sea_a"] and s["owner"] == 0 and s["hits"] == 0 and s["cargo"] == []
    assert s["id"] in next(t for t in new["terrains"] if t["id"] == ids["sea_a"])["ships"]
    assert new["players"][0]["hand_count"] == state["players"][0]["hand_count"] - 1
    assert "ships" not in state  # created lazily by the action, never by a check


def test_captains_pack_off_refuses_ships(w):
    state, ids = w
    state["rules"]["captains_pack"] = False
    assert "dark-force.H40" in refused(state, "play_ship", **launch(state, ids))


def test_r86_port_must_be_own_and_adjacent(w):
    state, ids = w
    assert "dark-force.R86" in refused(state, "play_ship", **launch(state, ids, ocean_terrain=ids["sea_b"]))
    assert "dark-force.R86" in refused(state, "play_ship", **launch(state, ids, port_terrain=ids["harbour"]))
    assert "dark-force.R86" in refused(state, "play_ship", **launch(state, ids, ocean_terrain=ids["forest"]))


def test_r11_ships_launch_in_own_movement_phase(w):
    state, ids = w
    assert "dark-force.R11" in refused(state, "play_ship", **launch(state, ids, player=1,
                                                                      port_terrain=ids["harbour"]))
    state["phase"] = "combat"
    assert "dark-force.R11" in refused(state, "play_ship", **launch(state, ids))


def test_h42_unknown_ids_are_refused_even_with_an_override(w):
    state, ids = w
    result = decide(GAME, state, Action("play_ship", launch(state, ids, ocean_terrain="t999"), "agreed"))
    assert not result.accepted and "dark-force.H42" in {v.rule_id for v in result.violations}


def test_h45_the_ship_comes_from_the_hand(w):
    state, ids = w
    state["players"][0]["hand_count"] = 0
    assert "dark-force.H45" in refused(state, "play_ship", **launch(state, ids))


def test_r89_hazards_only_under_ocean_terrains(w):
    state, ids = w
    assert "dark-force.R89" in refused(state, "play_ocean_hazard", player=0, terrain=ids["forest"], kind="expansion")
    new = do(state, "play_ocean_hazard", player=0, terrain=ids["isle"], kind="expansion")
    assert len(next(t for t in new["terrains"] if t["id"] == ids["isle"])["hazards"]) == 1


def test_h43_expansion_hazards_only_in_own_movement_phase(w):
    state, ids = w
    assert "dark-force.H43" in refused(state, "play_ocean_hazard", player=1, terrain=ids["sea_b"], kind="creature")
    do(state, "play_ocean_hazard", player=1, terrain=ids["sea_b"], kind="event")


# ------------------------------------------------------------------ loading and unloading

def test_e60_loading_from_the_coast_costs_a_move(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_a"], tc=3)
    army = unit(state, "Marus", "army", 0, ids["forest"], third=2)
    sword = unit(state, "Sword", "equipment", 0, ids["forest"])
    state["units"][sword]["equipped_to"] = army
    new = do(state, "load", player=0, ship=sid, units=[army])
    assert new["units"][army]["terrain"] is None and new["units"][army]["place"] == {"ship": sid}
    assert set(new["ships"][sid]["cargo"]) == {army, sword}  # its equipment goes along
    assert new["players"][0]["moves_used"] == 1


def test_r84_only_heroes_armies_equipment_and_summoned_board(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_a"])
    bear = unit(state, "Cave Bear", "creature", 0, ids["forest"], third=2)
    assert "dark-force.R84" in refused(state, "load", player=0, ship=sid, units=[bear])
    far = ship(state, "Far Away", 0, ids["sea_b"])
    army = unit(state, "Marus", "army", 0, ids["forest"])
    assert "dark-force.R84" in refused(state, "load", player=0, ship=far, units=[army])
    do(state, "load", player=0, ship=sid, units=[army])


def test_r85_transport_capacity(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_a"], tc=2)
    big = unit(state, "Marus", "army", 0, ids["forest"], third=3)
    assert "dark-force.R85" in refused(state, "load", player=0, ship=sid, units=[big])
    small = unit(state, "Veterans", "army", 0, ids["forest"], third=2)
    do(state, "load", player=0, ship=sid, units=[small])


def test_h47_loading_needs_a_move_left(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_a"])
    army = unit(state, "Marus", "army", 0, ids["forest"])
    state["players"][0]["moves_used"] = 2
    assert "dark-force.H47" in refused(state, "load", player=0, ship=sid, units=[army])


def test_h41_h46_only_the_active_player_and_own_ships(w):
    state, ids = w
    mine, bens = ship(state, "Seahawk", 0, ids["sea_a"]), ship(state, "Kraken", 1, ids["sea_a"])
    army = unit(state, "Marus", "army", 0, ids["forest"])
    assert "dark-force.H46" in refused(state, "load", player=0, ship=bens, units=[army])
    hero = unit(state, "Noble", "hero", 1, ids["harbour"])
    assert "dark-force.H41" in refused(state, "load", player=1, ship=bens, units=[hero])
    state["movement_step"] = "play_terrains"
    assert "dark-force.H41" in refused(state, "load", player=0, ship=mine, units=[army])


def test_e60_unloading_onto_a_defended_enemy_island_is_free(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["isle"])
    army = unit(state, "Marus", "army", 0, None)
    aboard(state, army, sid)
    unit(state, "Guards", "army", 1, ids["isle"])
    new = do(state, "unload", player=0, ship=sid, units=[army], to=ids["isle"])
    assert new["units"][army]["terrain"] == ids["isle"] and "place" not in new["units"][army]
    assert new["players"][0]["moves_used"] == 0


def test_unloading_on_the_coast_costs_a_move(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_a"])
    army = unit(state, "Marus", "army", 0, None)
    aboard(state, army, sid)
    assert "dark-force.R84" in refused(state, "unload", player=0, ship=sid, units=[army], to=ids["isle"])
    new = do(state, "unload", player=0, ship=sid, units=[army], to=ids["forest"])
    assert new["players"][0]["moves_used"] == 1 and new["ships"][sid]["cargo"] == []


# ------------------------------------------------------------------ ship moves, fleets, islands

def test_r83_ship_moves(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_a"])
    assert "dark-force.R83" in refused(state, "ship_move", player=0, ship=sid, path=[ids["isle"]])  # not adjacent
    assert "dark-force.R83" in refused(state, "ship_move", player=0, ship=sid, path=[ids["forest"]])  # land
    new = do(state, "ship_move", player=0, ship=sid, path=[ids["sea_b"], ids["sea_c"]])
    assert new["ships"][sid]["terrain"] == ids["sea_c"] and new["players"][0]["moves_used"] == 1
    assert "dark-force.R83" in refused(new, "ship_move", player=0, ship=sid, path=[ids["sea_b"]])  # entered


def test_r83_ships_stop_at_an_enemy_ship(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_a"])
    ship(state, "Kraken", 1, ids["sea_b"])
    assert "dark-force.R83" in refused(state, "ship_move", player=0, ship=sid, path=[ids["sea_b"], ids["sea_c"]])
    do(state, "ship_move", player=0, ship=sid, path=[ids["sea_b"]])


def test_r87_fleets_need_an_admiral_and_move_as_one(w):
    state, ids = w
    a, b = ship(state, "Seahawk", 0, ids["sea_a"]), ship(state, "Osprey", 0, ids["sea_a"])
    hero = unit(state, "Noble", "hero", 0, None)
    aboard(state, hero, a)
    assert "dark-force.R87" in refused(state, "form_fleet", player=0, admiral=hero, ships=[a, b])
    state["units"][hero]["class"] = "admiral"
    new = do(state, "form_fleet", player=0, admiral=hero, ships=[a, b])
    fid = new["ships"][a]["fleet"]
    assert fid and new["ships"][b]["fleet"] == fid and new["players"][0]["moves_used"] == 0
    assert "dark-force.R87" in refused(new, "ship_move", player=0, ship=a, path=[ids["sea_b"]])
    moved = do(new, "ship_move", player=0, fleet=fid, path=[ids["sea_b"]])
    assert {s["terrain"] for s in moved["ships"].values()} == {ids["sea_b"]}
    assert moved["players"][0]["moves_used"] == 1


def test_e26_undefended_enemy_island_is_conquered(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_b"])
    state["terrains"][3]["hazards"].append({"id": "h1", "kind": "creature", "owner": 1, "controller": 1})
    new = do(state, "ship_move", player=0, ship=sid, path=[ids["isle"]])
    isle = next(t for t in new["terrains"] if t["id"] == ids["isle"])
    assert isle["controller"] == 0 and isle["hazards"][0]["controller"] == 0


def test_r88_a_defended_island_needs_a_landing_or_a_retreat(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_b"])
    army = unit(state, "Marus", "army", 0, None)
    aboard(state, army, sid)
    unit(state, "Guards", "army", 1, ids["isle"])
    new = do(state, "ship_move", player=0, ship=sid, path=[ids["isle"]])
    assert next(t for t in new["terrains"] if t["id"] == ids["isle"])["controller"] == 1
    new["movement_step"] = "movement_end"
    assert check("dark-force.R88", new, {"player": 0}, "next_step")
    landed = do(dict(new, movement_step="execute_moves"), "unload", player=0, ship=sid, units=[army],
                to=ids["isle"])
    landed["movement_step"] = "movement_end"
    assert check("dark-force.R88", landed, {"player": 0}, "next_step") is None


# ------------------------------------------------------------------ rules for the other parts' actions

def test_e61_r20_island_placement(w):
    state, ids = w
    assert naval.island_placement_problem(state, [-1, 0], True, True)  # next to Ann's Forest
    assert check("dark-force.R20", state, {"type": "Island", "cell": [-1, 0]}, "play_terrain")
    assert check("dark-force.R20", state, {"type": "Island", "cell": [1, 2]}, "play_terrain") is None  # Sea C only
    assert check("dark-force.R20", state, {"type": "Plains", "cell": [4, 0]}, "play_terrain")  # beside the Isle
    assert check("dark-force.R20", state, {"type": "Ocean", "cell": [4, 0]}, "play_terrain") is None


def test_e62_r63_events_at_sea(w):
    state, ids = w
    state["naval_combat"] = {"terrain": ids["sea_a"]}
    assert check("dark-force.R63", state, {"player": 0, "name": "Succession"}, "play_event")
    assert check("dark-force.R63", state, {"player": 0, "name": "Healing Potion"}, "play_event") is None
    assert check("dark-force.R63", state, {"player": 0, "name": "Storm", "ocean_symbol": True}, "play_event") is None
    state["naval_combat"] = None
    assert check("dark-force.R63", state, {"player": 0, "name": "Succession", "ocean": True}, "play_event")
    assert check("dark-force.R63", state, {"player": 0, "name": "Succession"}, "play_event") is None
    assert check("dark-force.R63", state, {"player": 0, "name": "Succession", "terrain": ids["sea_b"]})


def test_r81_only_flyers_go_to_sea_without_a_ship(w):
    state, ids = w
    army = unit(state, "Marus", "army", 0, ids["forest"])
    griffin = unit(state, "Griffin", "creature", 0, ids["forest"], abilities=("flying",))
    assert check("dark-force.R81", state, {"player": 0, "units": [army], "to": ids["sea_a"]})
    assert check("dark-force.R81", state, {"player": 0, "units": [griffin], "to": ids["sea_a"]}) is None
    ship(state, "Seahawk", 0, ids["sea_a"])
    assert check("dark-force.R81", state, {"player": 0, "units": [army], "to": ids["sea_a"]}) is None


def test_e59_r82_flyer_stranded_at_sea_is_discarded(w):
    state, ids = w
    griffin = unit(state, "Griffin", "creature", 0, ids["sea_b"], third=3, abilities=("flying",))
    safe = unit(state, "Eagle", "creature", 0, ids["sea_a"], abilities=("flying",))
    ship(state, "Seahawk", 0, ids["sea_a"])
    discards = state["players"][0]["discard_count"]
    assert "Griffin" in naval.strand_flyers(state)
    assert griffin not in state["units"] and safe in state["units"]
    assert state["players"][0]["discard_count"] == discards + 1
    assert state["players"][0]["borons_halls"]["points"] == 0


def test_r90_retreat_to_sea_needs_an_own_ship(w):
    state, ids = w
    params = {"player": 0, "from": ids["forest"], "to": ids["sea_a"]}
    assert check("dark-force.R90", state, params)
    sid = ship(state, "Seahawk", 0, ids["sea_a"])
    assert check("dark-force.R90", state, params) is None
    army = unit(state, "Marus", "army", 0, ids["forest"])
    naval.retreat_aboard(state, army, ids["sea_a"])
    assert state["units"][army]["place"] == {"ship": sid} and army in state["ships"][sid]["cargo"]


def test_r90_from_an_island_onto_a_ship_there_which_then_retreats(w):
    state, ids = w
    state["terrains"][3]["controller"] = 0
    army = unit(state, "Marus", "army", 0, ids["isle"])
    sid = ship(state, "Seahawk", 0, ids["isle"])
    assert check("dark-force.R90", state, {"player": 0, "from": ids["isle"], "to": ids["isle"]}) is None
    naval.retreat_aboard(state, army, ids["isle"])
    state["phase"] = "combat"
    assert "dark-force.R98" in refused(state, "fleet_retreat", player=1, to=ids["sea_b"])
    new = do(state, "fleet_retreat", player=0, to=ids["sea_b"])
    assert new["ships"][sid]["terrain"] == ids["sea_b"] and not new["ships"][sid]["must_retreat"]


def test_r114_ships_never_go_to_borons_halls(w):
    state, ids = w
    sid = ship(state, "Seahawk", 0, ids["sea_a"])
    assert check("dark-force.R114", state, {"player": 0, "unit": sid, "card": "Seahawk"}, "destroy")
    army = unit(state, "Marus", "army", 0, ids["forest"])
    assert check("dark-force.R114", state, {"player": 0, "unit": army, "card": "Marus"}, "destroy") is None


# ------------------------------------------------------------------ naval combat

def sea_battle(w, mine=((4, 3, 4, 2),), theirs=((4, 3, 4, 2),)):
    """Combat phase, Ann active, ships of both in Sea A; returns state, ids, Ann's and Ben's ship ids."""
    state, ids = copy.deepcopy(w[0]), w[1]
    state.update(phase="combat", movement_step=None)
    a = [ship(state, f"Ann {i}", 0, ids["sea_a"], *v) for i, v in enumerate(mine)]
    b = [ship(state, f"Ben {i}", 1, ids["sea_a"], *v) for i, v in enumerate(theirs)]
    return state, ids, a, b


def lined(w, **kw):
    state, ids, a, b = sea_battle(w, **kw)
    state = do(state, "start_naval_combat", player=0, terrain=ids["sea_a"])
    state = do(state, "set_line", player=0, ships=a)
    return do(state, "set_line", player=1, ships=b), ids, a, b


def at_range(w, rng, **kw):
    state, ids, a, b = lined(w, **kw)
    state = do(state, "choose_maneuver", player=0, choice="approach" if rng == "short" else "hold")
    return do(state, "choose_maneuver", player=1, choice="approach" if rng == "short" else "hold"), ids, a, b


def test_r91_naval_combat_needs_ships_of_both_players(w):
    state, ids, a, b = sea_battle(w)
    assert "dark-force.R91" in refused(state, "start_naval_combat", player=1, terrain=ids["sea_a"])
    assert "dark-force.R91" in refused(state, "start_naval_combat", player=0, terrain=ids["forest"])
    state["ships"][b[0]]["terrain"] = ids["sea_b"]
    assert "dark-force.R91" in refused(state, "start_naval_combat", player=0, terrain=ids["sea_a"])
    state["ships"][b[0]]["terrain"] = ids["sea_a"]
    new = do(state, "start_naval_combat", player=0, terrain=ids["sea_a"])
    nc = new["naval_combat"]
    assert nc["attacker"] == 0 and nc["defender"] == 1 and nc["range"] == "long" and nc["step"] == "place"


def test_h44_naval_actions_need_an_open_naval_combat_in_the_right_step(w):
    state, ids, a, b = sea_battle(w)
    result = decide(GAME, state, Action("cannonfire", {"player": 0, "ship": a[0], "target": b[0], "roll": 1}, "x"))
    assert not result.accepted and "dark-force.H44" in {v.rule_id for v in result.violations}
    state = do(state, "start_naval_combat", player=0, terrain=ids["sea_a"])
    assert "dark-force.H44" in refused(state, "choose_maneuver", player=0, choice="hold")


def test_r92_ship_lines_are_set_once_with_every_ship(w):
    state, ids, a, b = sea_battle(w, mine=((4, 3, 4, 2), (3, 3, 4, 2)))
    state = do(state, "start_naval_combat", player=0, terrain=ids["sea_a"])
    assert "dark-force.R92" in refused(state, "set_line", player=0, ships=[a[0]])
    new = do(state, "set_line", player=0, ships=[a[1], a[0]])
    assert "dark-force.R92" in refused(new, "set_line", player=0, ships=a)
    new = do(new, "set_line", player=1, ships=b)
    assert new["naval_combat"]["lines"] == [[a[1], a[0]], b] and new["naval_combat"]["step"] == "maneuver"


def test_r93_one_maneuver_and_one_roll_per_round(w):
    state, ids, a, b = lined(w)
    state = do(state, "choose_maneuver", player=0, choice="approach")
    assert "dark-force.R93" in refused(state, "choose_maneuver", player=0, choice="hold")
    state = do(state, "choose_maneuver", player=1, choice="hold")
    assert state["naval_combat"]["step"] == "maneuver_rolls"
    state = do(state, "maneuver_roll", player=0, roll=3)
    assert "dark-force.R93" in refused(state, "maneuver_roll", player=0, roll=2)


def test_e57_approach_vs_hold_only_the_approacher_succeeds(w):
    state, ids, a, b = lined(w)  # Mobility 4 on both sides
    state = do(state, "choose_maneuver", player=0, choice="approach")
    state = do(state, "choose_maneuver", player=1, choice="hold")
    state = do(state, "maneuver_roll", player=0, roll=3)
    state = do(state, "maneuver_roll", player=1, roll=4)  # 4 is not below Mobility 4
    assert state["naval_combat"]["range"] == "short" and state["naval_combat"]["step"] == "attacks"


def test_e57_both_withdraw_at_long_range_both_retreat(w):
    state, ids, a, b = lined(w)
    state = do(state, "choose_maneuver", player=0, choice="withdraw")
    state = do(state, "choose_maneuver", player=1, choice="withdraw")
    assert state["naval_combat"]["step"] == "retreat"
    assert "dark-force.R98" in refused(state, "fleet_retreat", player=0, to=ids["sea_b"])  # Ben's: Sea C is Ann's
    state = do(state, "fleet_retreat", player=0, to=ids["sea_c"])
    state = do(state, "fleet_retreat", player=1, to=ids["sea_b"])
    assert state["naval_combat"]["step"] == "over"
    state = do(state, "end_naval_combat", player=0)
    assert state["naval_combat"] is None
    assert state["ships"][a[0]]["terrain"] == ids["sea_c"] and state["ships"][b[0]]["terrain"] == ids["sea_b"]


def test_r98_no_withdrawal_at_long_range_without_a_way_out(w):
    state, ids, a, b = lined(w)
    for t in state["terrains"]:
        if t["id"] in (ids["sea_b"], ids["sea_c"]):
            t["cell"] = [9, 9 + len(t["id"])]  # move the other seas away: nowhere to retreat
    assert "dark-force.R98" in refused(state, "choose_maneuver", player=0, choice="withdraw")
    do(state, "choose_maneuver", player=0, choice="hold")


def test_e55_long_range_costs_one_naval_combat_strength(w):
    state, ids, a, b = at_range(w, "long")
    assert "dark-force.R94" in refused(state, "pair_roll", player=0, ship=a[0], roll=2)
    hit = do(state, "cannonfire", player=0, ship=a[0], target=b[0], roll=2)
    assert hit["ships"][b[0]]["hits"] == 2
    miss = do(state, "cannonfire", player=0, ship=a[0], target=b[0], roll=3)
    assert miss["ships"][b[0]]["hits"] == 0
    short, ids, a, b = at_range(w, "short")
    short = do(short, "pair_roll", player=0, ship=a[0], roll=2)
    short = do(short, "pair_roll", player=1, ship=b[0], roll=1)
    short = do(short, "choose_attack_type", player=0, pair=0, kind="cannonfire")
    assert do(short, "cannonfire", player=0, ship=a[0], target=b[0], roll=3)["ships"][b[0]]["hits"] == 3


def test_r96_each_ship_fires_once_at_its_pair_partner(w):
    state, ids, a, b = at_range(w, "long", theirs=((4, 3, 4, 2), (4, 3, 4, 2)))
    state = do(state, "cannonfire", player=0, ship=a[0], target=b[0], roll=1)
    assert "dark-force.R96" in refused(state, "cannonfire", player=0, ship=a[0], target=b[0], roll=1)
    assert "dark-force.R96" in refused(state, "cannonfire", player=1, ship=b[0], target=b[1], roll=1)
    # Ben's second ship is unpaired: it may shoot Ann's flagship diagonally
    do(state, "cannonfire", player=1, ship=b[1], target=a[0], roll=1)


def test_e54_mobility_one_never_maneuvers_and_an_extra_enemy_lowers_mobility(w):
    state, ids, a, b = at_range(w, "short", mine=((4, 3, 2, 2),), theirs=((4, 3, 1, 2), (4, 3, 4, 2)))
    # Ann's Mobility 2 drops to 1 (Ben's unpaired second ship also faces it); Ben's flagship has Mobility 1
    state = do(state, "pair_roll", player=0, ship=a[0], roll=1)
    state = do(state, "pair_roll", player=1, ship=b[0], roll=1)
    assert state["naval_combat"]["pairs"][0]["kind"] == "none"
    assert "dark-force.R95" in refused(state, "cannonfire", player=0, ship=a[0], target=b[0], roll=1)
    assert "dark-force.R95" in refused(state, "choose_attack_type", player=0, pair=0, kind="boarding")


def test_r95_the_better_maneuver_picks_the_attack(w):
    state, ids, a, b = at_range(w, "short")
    assert "dark-force.R95" in refused(state, "choose_attack_type", player=0, pair=0, kind="cannonfire")
    state = do(state, "pair_roll", player=0, ship=a[0], roll=3)
    assert "dark-force.R95" in refused(state, "pair_roll", player=0, ship=a[0], roll=1)
    state = do(state, "pair_roll", player=1, ship=b[0], roll=2)
    assert "dark-force.R95" in refused(state, "choose_attack_type", player=1, pair=0, kind="cannonfire")
    do(state, "choose_attack_type", player=0, pair=0, kind="cannonfire")


def test_e56_a_shifted_hit_does_not_save_a_ship_at_its_limit(w):
    state, ids, a, b = at_range(w, "long", mine=((5, 3, 4, 2),))
    army, axe = unit(state, "Marus", "army", 1, None, third=2), unit(state, "Axe", "equipment", 1, None)
    aboard(state, army, b[0])
    aboard(state, axe, b[0])
    state["ships"][b[0]]["hits"] = 2
    state = do(state, "cannonfire", player=0, ship=a[0], target=b[0], roll=2)
    assert state["ships"][b[0]]["hits"] == 4
    state = do(state, "transfer_hit", player=1, ship=b[0], card=army)
    assert state["ships"][b[0]]["hits"] == 3 and army not in state["units"]
    assert state["players"][1]["borons_halls"]["points"] == 2
    assert "dark-force.R96" in refused(state, "transfer_hit", player=1, ship=b[0], card=axe)
    discards = state["players"][1]["discard_count"]
    state = do(state, "naval_reorganize", player=0)
    assert b[0] not in state["ships"] and state["players"][1]["discard_count"] == discards + 2  # ship + axe
    assert state["players"][1]["borons_halls"]["points"] == 2  # the ship itself scores nothing (R114)
    assert state["naval_combat"]["step"] == "over"
    state["ships"][a[0]]["hits"] = 1
    state = do(state, "end_naval_combat", player=0)
    assert state["ships"][a[0]]["hits"] == 0 and state["naval_combat"] is None


def test_sinking_sends_units_aboard_to_borons_halls(w):
    state, ids, a, b = at_range(w, "long", mine=((6, 3, 4, 2),))
    hero = unit(state, "Noble", "hero", 1, None, third=5)
    aboard(state, hero, b[0])
    state = do(state, "cannonfire", player=0, ship=a[0], target=b[0], roll=4)
    state = do(state, "naval_reorganize", player=0)
    assert hero not in state["units"] and state["players"][1]["borons_halls"]["points"] == 5


def test_e58_a_ship_without_units_is_boarded_at_once_and_captured(w):
    state, ids, a, b = at_range(w, "short", mine=((4, 3, 4, 3),))
    knight = unit(state, "Knight", "army", 0, None, abilities=("mounted",))
    aboard(state, knight, a[0])
    state = do(state, "pair_roll", player=0, ship=a[0], roll=3)
    state = do(state, "pair_roll", player=1, ship=b[0], roll=5)
    state = do(state, "choose_attack_type", player=0, pair=0, kind="boarding")
    assert state["ships"][b[0]]["boarded"] and state["naval_combat"]["pairs"][0]["done"]
    state = do(state, "naval_reorganize", player=0)
    assert state["naval_combat"]["step"] == "over"
    state = do(state, "end_naval_combat", player=0)
    assert state["ships"][b[0]]["controller"] == 0 and state["ships"][b[0]]["owner"] == 1
    assert any(e["reason"] == "captured_ship" and e["from"] == 1 and e["to"] == 0 for e in state["ledger"])


def test_r97_boarding_with_crews_on_both_ships_is_recorded(w):
    state, ids, a, b = at_range(w, "short", mine=((4, 3, 4, 3),))
    mine, theirs = unit(state, "Marus", "army", 0, None), unit(state, "Guards", "army", 1, None)
    aboard(state, mine, a[0])
    aboard(state, theirs, b[0])
    assert "dark-force.R97" in refused(state, "boarding_result", player=0, pair=0, boarded_ship=b[0])
    state = do(state, "pair_roll", player=0, ship=a[0], roll=3)
    state = do(state, "pair_roll", player=1, ship=b[0], roll=5)
    state = do(state, "choose_attack_type", player=0, pair=0, kind="boarding")
    assert "dark-force.R97" in refused(state, "naval_reorganize", player=0)
    elsewhere = ship(state, "Elsewhere", 0, ids["sea_c"])
    assert "dark-force.R97" in refused(state, "boarding_result", player=0, pair=0, boarded_ship=elsewhere)
    state = do(state, "boarding_result", player=0, pair=0, boarded_ship=b[0])
    assert theirs not in state["units"] and state["players"][1]["borons_halls"]["points"] == 1
    state = do(state, "naval_reorganize", player=0)
    assert state["naval_combat"]["step"] == "over"


def test_a_boarded_ship_is_discarded_when_no_ships_remain(w):
    state, ids, a, b = at_range(w, "short", mine=((4, 3, 4, 3),))
    state["naval_combat"]["boarded"] = [b[0]]
    state["ships"][b[0]]["boarded"] = True
    state["ships"][a[0]]["terrain"] = ids["sea_c"]
    state["naval_combat"]["step"] = "over"
    discards = state["players"][1]["discard_count"]
    state = do(state, "end_naval_combat", player=0)
    assert b[0] not in state["ships"] and state["players"][1]["discard_count"] == discards + 1


def test_the_enumerator_drives_a_naval_combat_to_its_end(w):
    state, ids, a, b = sea_battle(w, mine=((4, 3, 4, 2), (2, 2, 1, 1)), theirs=((3, 4, 2, 2),))
    state["players"][0]["deck_count"] = 30
    for _ in range(100):
        actions = naval.naval_enumerate(state, GAME)
        if not actions:
            break
        for action in actions:
            assert decide(GAME, state, action).accepted, action
        state = do(state, actions[0].type, **actions[0].params)
    assert state["naval_combat"] is None and naval.naval_enumerate(state, GAME) is None
    assert len({s["controller"] for s in state["ships"].values() if s["terrain"] == ids["sea_a"]}) <= 1


def test_naval_pending_holds_the_combat_phase_open(w):
    state, ids, a, b = sea_battle(w)
    assert naval.naval_pending(state)
    state = do(state, "start_naval_combat", player=0, terrain=ids["sea_a"])
    assert naval.naval_pending(state)
    state["phase"] = "discard"
    assert naval.naval_enumerate(state, GAME) is None  # naval actions belong to the combat phase
