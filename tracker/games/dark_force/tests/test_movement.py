"""Dark Force movement: terrains, recruiting, capacity, moves and Movement End (spec 5.B-5.E, 11)."""
from tracker.engine import Action, copy_state, decide, initial_state
from tracker.games.dark_force import GAME
from tracker.games.dark_force.movement import enumerate_movement, make_unit
from tracker.games.dark_force.movement_rules import placement
from tracker.games.dark_force.state import adjacent_terrains, count_terrains, new_id, terrain
from .movement_helpers import (  # noqa: F401
    army, creature, hero, new, ok, place, put, refused, run, to_execute, two_sides,
)


def test_e2_first_two_terrains_meet_at_their_upper_edges():
    s = new()
    assert "[0, 0]" in refused(s, "play_terrain", "R15", player=0, name="Swamp", type="Swamp", values={"cap": 3},
                               cell=[2, 0], unit=hero())
    s = ok(s, "play_terrain", player=0, name="Swamp", type="Swamp", values={"cap": 3}, unit=hero())
    assert s["terrains"][0]["cell"] == [0, 0] and s["result"] is None  # E20: Ben has no terrain yet, no conquest
    assert s["players"][0]["hand_count"] == 4 and s["players"][0]["ever_had_terrain"]
    # Ann's second terrain may not take the cell kept for Ben's first
    refused(s, "play_terrain", "R15", player=0, name="Hills", type="Hills", values={"cap": 2}, cell=[0, -1],
            unit=army())
    ok(s, "play_terrain", player=0, name="Hills", type="Hills", values={"cap": 2}, cell=[1, 0], unit=army())
    s.update(active_player=1)  # Ben's movement phase, in short
    refused(s, "play_terrain", "R15", player=1, name="Forest", type="Forest", values={"cap": 3}, cell=[-1, 0],
            unit=hero())
    s = ok(s, "play_terrain", player=1, name="Forest", type="Forest", values={"cap": 3}, unit=hero())
    assert s["terrains"][1]["cell"] == [0, -1] and s["terrains"][1]["controller"] == 1
    assert [len(adjacent_terrains(s, t)) for t in s["terrains"]] == [1, 1]


def test_a_surrounded_terrain_has_six_neighbours():
    s, a, b = two_sides()
    for cell in ([1, 0], [1, -1], [-1, 0], [-1, 1], [0, 1]):
        place(s, 0, cell)
    assert len(adjacent_terrains(s, terrain(s, a))) == 6


def test_r14_a_terrain_needs_a_unit():
    s = new()
    refused(s, "play_terrain", "R14", player=0, name="Swamp", type="Swamp", values={"cap": 3})
    ok(s, "play_terrain", player=0, name="Swamp", type="Swamp", values={"cap": 3}, unit=army())


def test_r13_terrains_only_before_the_first_declared_move():
    s, a, b = two_sides()
    h = put(s, 0, a, "hero", "Noble", 5)
    ok(s, "play_terrain", player=0, name="Hills", type="Hills", values={"cap": 2}, unit=army())
    s = ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h])
    assert s["movement_step"] == "declare_moves"
    refused(s, "play_terrain", "R13", player=0, name="Hills", type="Hills", values={"cap": 2}, unit=army())


def test_r11_only_the_active_player_in_the_movement_phase():
    s, a, b = two_sides()
    refused(s, "recruit", "R11", player=1, terrain=b, unit=army())
    ok(s, "recruit", player=0, terrain=a, unit=army())
    start = initial_state(GAME, "duel", [{"name": "Ann"}, {"name": "Ben"}], {"deck_size": 60, "first_player": 0})
    place(start, 0, (0, 0))
    refused(start, "recruit", "R11", player=0, terrain="t1", unit=army())


def test_r12_a_terrain_in_play_before_other_cards():
    s = new()
    ben = place(s, 1, (0, 0), "Forest")
    refused(s, "play_equipment", "R12", player=0, terrain=ben, name="Sword", category="weapon")
    s, a, b = two_sides()
    ok(s, "play_equipment", player=0, terrain=a, name="Sword", category="weapon")


def test_e3_own_neighbour_first_then_most_neighbours():
    s = new()
    a = place(s, 0, (0, 0), "Swamp")
    for cell in ([0, -1], [-1, -2], [-2, -1]):
        place(s, 1, cell, "Forest")
    plan = placement(s, 0)
    assert plan["own"] and plan["best"] == 2 and [-1, -1] not in plan["legal"]
    base = dict(player=0, name="Hills", type="Hills", values={"cap": 2}, unit=army())
    refused(s, "play_terrain", "R16", **base, cell=[-1, -1])  # touches 3, none of them Ann's
    assert "2 possible" in refused(s, "play_terrain", "R17", **base, cell=[0, 1])  # Ann's, but touches 1
    s2 = ok(s, "play_terrain", **base, cell=[-1, 0])
    assert s2["terrains"][-1]["cell"] == [-1, 0]
    s3 = ok(s, "play_terrain", **base)  # no cell: the engine picks a legal one
    assert s3["terrains"][-1]["cell"] in plan["legal"]
    assert a


def test_h13_one_terrain_per_cell_even_with_an_override():
    s, a, b = two_sides()
    refused(s, "play_terrain", "H13", player=0, name="Hills", type="Hills", values={"cap": 2}, cell=[0, 0],
            unit=army())
    assert not run(s, "play_terrain", "table agreed", player=0, name="Hills", type="Hills", values={"cap": 2},
                   cell=[0, 0], unit=army()).accepted
    ok(s, "play_terrain", player=0, name="Hills", type="Hills", values={"cap": 2}, cell=[1, -1], unit=army())


def test_h14_the_cards_come_from_the_hand():
    s, a, b = two_sides()
    s["players"][0]["hand_count"] = 1
    refused(s, "play_terrain", "H14", player=0, name="Hills", type="Hills", values={"cap": 2}, unit=army())
    s = ok(s, "recruit", player=0, terrain=a, unit=army())
    assert s["players"][0]["hand_count"] == 0
    refused(s, "recruit", "H14", player=0, terrain=a, unit=army())


def test_e4_blessed_one_with_its_temple_in_one_play():
    s = new()
    bo = hero("Blessed One of Boron", 2, deity="Boron", **{"class": "blessed_one"})
    refused(s, "play_terrain", "R23", player=0, name="Swamp", type="Swamp", values={"cap": 3}, unit=bo)
    s = ok(s, "play_terrain", player=0, name="Swamp", type="Swamp", values={"cap": 3}, unit=bo,
           expansion={"name": "Boron Temple", "temple": "Boron"})
    assert s["players"][0]["hand_count"] == 3 and s["terrains"][0]["expansions"][0]["temple"] == "Boron"


# ------------------------------------------------------------------ recruiting (R19, R21-R24, R27-R29, R31)

def test_r19_terrain_symbols():
    s, a, b = two_sides()
    assert "Mountain" in refused(s, "recruit", "R19", player=0, terrain=a, unit=creature(symbol="Mountain"))
    refused(s, "recruit", "R19", player=0, terrain=a, unit=creature(forbidden_symbols=["Swamp"]))
    ok(s, "recruit", player=0, terrain=a, unit=creature(symbol="Swamp", forbidden_symbols=["Desert"]))


def test_r21_recruit_only_under_own_terrain():
    s, a, b = two_sides()
    refused(s, "recruit", "R21", player=0, terrain=b, unit=army())
    ok(s, "recruit", player=0, terrain=a, unit=army())


def test_r22_heroes_are_shown_and_public():
    s, a, b = two_sides()
    refused(s, "recruit", "R22", player=0, terrain=a, unit=hero(revealed=False))
    s = ok(s, "recruit", player=0, terrain=a, unit=hero("Lizard Woman"))
    u = next(u for u in s["units"].values() if u["name"] == "Lizard Woman")
    assert u["revealed"] and u["face"] == "down"


def test_r23_blessed_one_needs_its_temple():
    s, a, b = two_sides()
    bo = hero("BO of Phex", 2, deity="Phex", **{"class": "blessed_one"})
    refused(s, "recruit", "R23", player=0, terrain=a, unit=bo)
    s = ok(s, "play_expansion", player=0, terrain=a, name="Phex Temple", temple="Phex")
    ok(s, "recruit", player=0, terrain=a, unit=bo)


def test_r24_blessed_one_never_beside_own_mages():
    s, a, b = two_sides()
    terrain(s, a)["expansions"].append({"name": "Phex Temple", "cs": 0, "ms": 0, "cap": 0, "temple": "Phex"})
    put(s, 0, a, "hero", "BO of Phex", 2, **{"class": "blessed_one", "deity": "Phex"})
    refused(s, "recruit", "R24", player=0, terrain=a, unit=hero("Druid", 2, **{"class": "druid"}))
    ok(s, "recruit", player=0, terrain=a, unit=hero("Elf", 2, **{"class": "elf"}))
    # by a move (AB: also two stacks converging on one terrain)
    c = place(s, 0, (1, -1), "Hills")
    druid = put(s, 0, c, "hero", "Druid", 2, **{"class": "druid"})
    refused(s, "declare_move", "R24", player=0, **{"from": c}, to=a, units=[druid])
    ok(s, "declare_move", player=0, **{"from": c}, to=b, units=[druid])


def test_r27_army_capacity_marus_and_the_icy_wasteland():
    s, a, b = two_sides()
    icy = place(s, 0, (1, 0), "Icy Wasteland", cap=2)
    assert "Capacity 2" in refused(s, "recruit", "R27", player=0, terrain=icy, unit=army("Marus", 3))
    ok(s, "recruit", player=0, terrain=icy, unit=army("Orcs", 2))
    h, marus = put(s, 0, a, "hero", "Noble", 5), put(s, 0, a, "army", "Marus", 3)
    refused(s, "declare_move", "R27", player=0, **{"from": a}, to=icy, units=[h, marus], leader_of={h: [marus]})
    vets = put(s, 0, a, "army", "Veterans", 1)
    ok(s, "declare_move", player=0, **{"from": a}, to=icy, units=[h, vets], leader_of={h: [vets]})


def test_e5_creature_limit_with_a_city_both_readings():
    s, a, b = two_sides()
    mtn = place(s, 0, (1, 0), "Mountain", cap=3, expansions=[{"name": "City", "cs": 1, "ms": 0, "cap": 2}])
    s = ok(s, "recruit", player=0, terrain=mtn, unit=creature("Wolf", 3))
    assert "Only 1" in refused(s, "recruit", "R28", player=0, terrain=mtn, unit=creature())
    for size in (3, 2):  # armies: 3 + 2 = 5
        s = ok(s, "recruit", player=0, terrain=mtn, unit=army(size=size))
    refused(s, "recruit", "R27", player=0, terrain=mtn, unit=army())
    add, a2, b2 = two_sides(creature_capacity="additive")
    mtn2 = place(add, 0, (1, 0), "Mountain", cap=3, expansions=[{"name": "City", "cs": 1, "ms": 0, "cap": 2}])
    for _ in range(5):
        add = ok(add, "recruit", player=0, terrain=mtn2, unit=creature())
    refused(add, "recruit", "R28", player=0, terrain=mtn2, unit=creature())


def test_r29_essen_hero_limit():
    s, a, b = two_sides(essen96=True)
    for i in range(3):
        put(s, 0, a, "hero", f"Hero {i}", 2)
    assert "3 hero" in refused(s, "recruit", "R29", player=0, terrain=a, unit=hero())
    base, a2, b2 = two_sides()
    for i in range(3):
        put(base, 0, a2, "hero", f"Hero {i}", 2)
    ok(base, "recruit", player=0, terrain=a2, unit=hero())


def test_h16_only_creatures_show_a_hash():
    s, a, b = two_sides()
    refused(s, "recruit", "H16", player=0, terrain=a, unit=army(size="#"))
    ok(s, "recruit", player=0, terrain=a, unit=creature("Wild Beast", "#"))


def test_r31_equipment_slots():
    s, a, b = two_sides()
    vets = put(s, 0, a, "army", "Veterans", 1)
    bear = put(s, 0, a, "creature", "Cave Bear", 2)
    s = ok(s, "play_equipment", player=0, terrain=a, name="Sword", category="weapon", equip_to=vets,
           mods={"cs": 1})
    assert "weapon" in refused(s, "play_equipment", "R31", player=0, terrain=a, name="Axe", category="weapon",
                               equip_to=vets)
    refused(s, "play_equipment", "R31", player=0, terrain=a, name="Axe", category="weapon", equip_to=bear)
    s = ok(s, "play_equipment", player=0, terrain=a, name="Mail", category="armor", equip_to=vets)
    items = [u for u in s["units"].values() if u["kind"] == "equipment"]
    assert {i["equipped_to"] for i in items} == {vets} and items[0]["mods"]["cs"] == 1


def test_recruiting_beside_face_up_intruders_starts_a_combat():
    s, a, b = two_sides()
    put(s, 1, a, "hero", "Mercenary", 2, face="up")
    s = ok(s, "recruit", player=0, terrain=a, unit=army())
    assert a in s["combat_queue"]


# ------------------------------------------------------------------ expansions (R25, R30, R60, R108, E6)

def test_r25_r60_r108_expansions():
    s, a, b = two_sides()
    s = ok(s, "play_expansion", player=0, terrain=a, name="City", cs=1, cap=2)
    assert "City" in refused(s, "play_expansion", "R25", player=0, terrain=a, name="city")
    s = ok(s, "play_expansion", player=0, terrain=a, name="Castle", cs=2)
    s = ok(s, "play_expansion", player=0, terrain=a, name="Boron Temple", temple="Boron")
    refused(s, "play_expansion", "R60", player=0, terrain=a, name="Great Temple of Boron", temple="Boron")
    ok(s, "play_expansion", player=0, terrain=a, name="Phex Temple", temple="Phex")
    refused(s, "play_expansion", "R108", player=0, terrain=b, name="City", cap=2)
    refused(s, "play_expansion", "H10", player=0, terrain="t99", name="City", cap=2)


def test_e6_an_expansion_pushes_excess_creatures_into_borons_halls():
    s, a, b = two_sides()
    mtn = place(s, 0, (1, 0), "Mountain", cap=3)
    bears = [put(s, 0, mtn, "creature", n, c) for n, c in (("Cave Bear", 2), ("Wolf", 3), ("Boar", 1))]
    msg = refused(s, "play_expansion", "R30", player=0, terrain=mtn, name="City", cs=1, cap=2, excess=[bears[0]])
    assert "2 creature" in msg
    done = ok(s, "play_expansion", player=0, terrain=mtn, name="City", cs=1, cap=2, excess=bears[:2])
    assert done["players"][0]["borons_halls"]["points"] == 5 and set(done["units"]) & set(bears) == {bears[2]}
    auto = ok(s, "play_expansion", player=0, terrain=mtn, name="City", cs=1, cap=2)  # the cheapest two
    assert auto["players"][0]["borons_halls"]["points"] == 3
    s["players"][0]["borons_halls"]["points"] = 18  # the points may end the game
    assert ok(s, "play_expansion", player=0, terrain=mtn, name="City", cs=1, cap=2)["result"]["reason"] == \
        "borons_halls"


def test_e6_essen_heroes_over_the_limit_go_too():
    s, a, b = two_sides(essen96=True)
    for i in range(3):
        put(s, 0, a, "hero", f"Hero {i}", 2)
    s = ok(s, "play_expansion", player=0, terrain=a, name="City", cap=1)
    assert sum(1 for u in s["units"].values() if u["kind"] == "hero") == 2
    assert s["players"][0]["borons_halls"]["points"] == 2


def test_an_expansion_cannot_shrink_room_below_the_armies():
    s, a, b = two_sides()
    put(s, 0, a, "army", "Marus", 3)
    refused(s, "play_expansion", "R27", player=0, terrain=a, name="Bog", cap=-1)
    ok(s, "play_expansion", player=0, terrain=a, name="Bog", cap=0)


def test_e27_two_draws_no_moves():
    s, a, b = two_sides(draws=2)
    h = put(s, 0, a, "hero", "Noble", 5)
    assert "drew 2" in refused(s, "declare_move", "R7", player=0, **{"from": a}, to=b, units=[h])


def test_e29_two_heroes_two_moves_out_of_one_terrain():
    s, a, b = two_sides()
    terrain(s, b)["values"]["cap"] = 5
    c = place(s, 0, (1, 0), "Hills")
    h1, h2 = put(s, 0, a, "hero", "Noble", 5), put(s, 0, a, "hero", "Mercenary", 2)
    a1, a2 = put(s, 0, a, "army", "Marus", 3), put(s, 0, a, "army", "Veterans", 1)
    s2 = ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h1, a1], leader_of={h1: [a1]})
    s2 = ok(s2, "declare_move", player=0, **{"from": a}, to=c, units=[h2, a2], leader_of={h2: [a2]})
    assert s2["players"][0]["moves_used"] == 2
    one = copy_state(s)
    one["players"][0]["moves_allowed"] = 1
    one = ok(one, "declare_move", player=0, **{"from": a}, to=b, units=[h1, a1], leader_of={h1: [a1]})
    refused(one, "declare_move", "R7", player=0, **{"from": a}, to=c, units=[h2, a2], leader_of={h2: [a2]})
    # AB: both heroes as one move, ending together
    ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h1, h2, a1, a2], leader_of={h1: [a1], h2: [a2]})


def test_r36_one_move_starts_together_and_without_ab_one_hero_per_move():
    s, a, b = two_sides()
    c = place(s, 0, (1, 0), "Hills")
    h1, h2 = put(s, 0, a, "hero", "Noble", 5), put(s, 0, c, "hero", "Mercenary", 2)
    refused(s, "declare_move", "R36", player=0, **{"from": a}, to=b, units=[h1, h2])
    h3 = put(s, 0, a, "hero", "Scout", 1)
    ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h1, h3])
    s["rules"]["ab_errata"] = False
    refused(s, "declare_move", "R36", player=0, **{"from": a}, to=b, units=[h1, h3])
    ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h1])


def test_e28_a_unit_moves_once_per_turn():
    s, a, b = two_sides()
    c = place(s, 0, (1, -1), "Hills")
    h = put(s, 0, a, "hero", "Noble", 5)
    s2 = ok(s, "declare_move", player=0, **{"from": a}, to=c, units=[h])
    refused(s2, "declare_move", "R34", player=0, **{"from": a}, to=b, units=[h])
    refused(s2, "declare_move", "R35", player=0, **{"from": a}, to=b, units=[h])
    moved = copy_state(s)
    moved["units"][h]["moved"] = True
    assert "already moved" in refused(moved, "declare_move", "R34", player=0, **{"from": a}, to=b, units=[h])
    h2 = put(s2, 0, a, "hero", "Mercenary", 2)
    ok(s2, "declare_move", player=0, **{"from": a}, to=b, units=[h2])  # another stack may move


def test_e30_e31_leadership():
    s, a, b = two_sides()
    nor = put(s, 0, a, "hero", "Norbade", 3)
    mohas, bear, wolf = put(s, 0, a, "army", "Mohas", 1), put(s, 0, a, "creature", "Cave Bear", 2), \
        put(s, 0, a, "creature", "Wolf", 3)
    ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[nor, mohas, bear], leader_of={nor: [mohas, bear]})
    assert "at most 3" in refused(s, "declare_move", "R37", player=0, **{"from": a}, to=b,
                                  units=[nor, mohas, bear, wolf], leader_of={nor: [mohas, bear, wolf]})
    noble, merc = put(s, 0, a, "hero", "Noble", 5), put(s, 0, a, "hero", "Mercenary", 2)
    big = put(s, 0, a, "army", "Horde", 7)
    refused(s, "declare_move", "R37", player=0, **{"from": a}, to=b, units=[noble, merc, big],
            leader_of={noble: [big], merc: [big]})
    refused(s, "declare_move", "R37", player=0, **{"from": a}, to=b, units=[noble, big], leader_of={noble: [big]})
    wild = put(s, 0, a, "creature", "Wild Beast", "#")
    assert "never be led" in refused(s, "declare_move", "R37", player=0, **{"from": a}, to=b, units=[noble, wild],
                                     leader_of={noble: [wild]})


def test_e32_an_army_needs_a_leader_and_then_captures():
    s, a, b = two_sides()
    terrain(s, b)["expansions"].append({"name": "Castle", "cs": 2, "ms": 0, "cap": 0, "temple": None})
    sword = put(s, 1, b, "equipment", "Sword")
    h, vets = put(s, 0, a, "hero", "Noble", 5), put(s, 0, a, "army", "Veterans", 1)
    assert "led by a hero" in refused(s, "declare_move", "R37", player=0, **{"from": a}, to=b, units=[vets])
    s = ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h, vets], leader_of={h: [vets]})
    s = to_execute(s)
    s = ok(s, "execute_move", player=0, move=s["moves"][0]["id"])
    assert s["units"][h]["terrain"] == b and s["units"][h]["moved"]
    place(s, 1, (5, 5), "Far Isle")  # Ben keeps one terrain, so the game goes on
    s = ok(s, "next_step", player=0)
    t = terrain(s, b)
    assert t["controller"] == 0 and t["owner"] == 1 and s["units"][sword]["controller"] == 0
    assert s["units"][h]["face"] == "down" and s["combat_queue"] == [] and s["result"] is None


def test_capturing_the_last_terrain_wins_by_conquest():
    s, a, b = two_sides()
    h, vets = put(s, 0, a, "hero", "Noble", 5), put(s, 0, a, "army", "Veterans", 1)
    s = ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h, vets], leader_of={h: [vets]})
    s = to_execute(s)
    s = ok(s, "execute_move", player=0, move=s["moves"][0]["id"])
    s = ok(s, "next_step", player=0)
    assert s["result"]["reason"] == "conquest" and s["result"]["winner"] == 0


def test_e33_a_lone_hero_stays_face_up_and_recruiting_there_starts_a_combat():
    s, a, b = two_sides()
    place(s, 1, (1, -1), "Forest")
    h = put(s, 0, a, "hero", "Noble", 5)
    s = ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h])
    s = to_execute(s)
    s = ok(s, "execute_move", player=0, move=s["moves"][0]["id"])
    s = ok(s, "next_step", player=0)
    assert terrain(s, b)["controller"] == 1 and s["units"][h]["face"] == "up" and s["combat_queue"] == []
    ben = copy_state(s)
    ben.update(active_player=1, phase="movement", movement_step="play_terrains", combat_queue=[])
    ben = ok(ben, "recruit", player=1, terrain=b, unit=army())
    assert ben["combat_queue"] == [b]


def test_r41_enemy_units_make_the_terrain_contested_and_e17_capacity_waits():
    s, a, b = two_sides()
    terrain(s, b)["values"]["cap"] = 2
    put(s, 1, b, "army", "Goblins", 1)
    h, marus = put(s, 0, a, "hero", "Noble", 5), put(s, 0, a, "army", "Marus", 3)
    s = ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h, marus], leader_of={h: [marus]})
    s = to_execute(s)
    s = ok(s, "execute_move", player=0, move=s["moves"][0]["id"])
    s = ok(s, "next_step", player=0)
    assert s["combat_queue"] == [b] and terrain(s, b)["controller"] == 1


def test_e53_capacity_applies_when_walking_into_an_empty_enemy_terrain():
    s, a, b = two_sides()
    terrain(s, b)["values"]["cap"] = 2
    h = put(s, 0, a, "hero", "Noble", 5)
    armies = [put(s, 0, a, "army", f"Band {i}", 2) for i in range(2)]
    refused(s, "declare_move", "R27", player=0, **{"from": a}, to=b, units=[h, *armies], leader_of={h: armies})
    ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h, armies[0]], leader_of={h: armies[:1]})


def test_r38_equipment_travels_with_a_hero_or_army():
    s, a, b = two_sides()
    h, bear = put(s, 0, a, "hero", "Noble", 5), put(s, 0, a, "creature", "Cave Bear", 2)
    sword = put(s, 0, a, "equipment", "Sword")
    refused(s, "declare_move", "R38", player=0, **{"from": a}, to=b, units=[sword])
    vets = put(s, 0, a, "army", "Veterans", 1)
    mail = put(s, 0, a, "equipment", "Mail", equipped_to=vets)
    refused(s, "declare_move", "R38", player=0, **{"from": a}, to=b, units=[h, mail])
    ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h, bear, sword], leader_of={h: [bear]})


def test_r39_distance_flyers_and_the_plains_bonus_e16():
    s = new()
    a = place(s, 0, (0, 0), "Swamp")
    own_plains = place(s, 0, (1, 0), "Plains")
    own_plains2 = place(s, 0, (2, 0), "Plains")
    beyond = place(s, 1, (2, -1), "Forest")
    far = place(s, 1, (3, 0), "Hills")
    enemy_plains = place(s, 1, (0, -1), "Plains")
    past_enemy = place(s, 1, (1, -2), "Forest")
    h = put(s, 0, a, "hero", "Noble", 5)
    assert "isn't next to" in refused(s, "declare_move", "R39", player=0, **{"from": a}, to=far, units=[h])
    ok(s, "declare_move", player=0, **{"from": a}, to=beyond, units=[h])  # via own Plains t2
    assert "Plains" in refused(s, "declare_move", "R39", player=0, **{"from": a}, to=past_enemy, units=[h],
                               path=[enemy_plains, past_enemy])
    refused(s, "declare_move", "R39", player=0, **{"from": a}, to=far, units=[h], path=[own_plains, own_plains2, far])
    bird = put(s, 0, a, "hero", "Falcon Rider", 2, abilities=["flying"])
    ok(s, "declare_move", player=0, **{"from": a}, to=far, units=[bird])  # 3 terrains
    too_far = place(s, 1, (4, 0), "Desert")
    assert "3 terrains" in refused(s, "declare_move", "R39", player=0, **{"from": a}, to=too_far, units=[bird])
    refused(s, "declare_move", "R39", player=0, **{"from": a}, to=a, units=[h])


def test_r42_summoned_creatures_stay_with_their_summoner():
    s, a, b = two_sides()
    mage, djinn = put(s, 0, a, "hero", "Druid", 3, **{"class": "druid"}), None
    djinn = put(s, 0, a, "summoned", "Djinn", 1, summoner=mage, summon_kind="djinn", face="up")
    h = put(s, 0, a, "hero", "Noble", 5)
    refused(s, "declare_move", "R42", player=0, **{"from": a}, to=b, units=[h, djinn], leader_of={h: [djinn]})
    ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[mage, djinn], leader_of={mage: [djinn]})


def test_h10_h11_unknown_terrains_and_units():
    s, a, b = two_sides()
    h = put(s, 0, a, "hero", "Noble", 5)
    refused(s, "declare_move", "H10", player=0, **{"from": a}, to="t77", units=[h])
    refused(s, "declare_move", "H11", player=0, **{"from": a}, to=b, units=["u404"])
    refused(s, "declare_move", "H11", player=0, **{"from": a}, to=b, units=[h, h])
    ben = put(s, 1, a, "hero", "Mercenary", 2)
    refused(s, "declare_move", "H11", player=0, **{"from": a}, to=b, units=[ben])
    ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h])


# ------------------------------------------------------------------ executing moves (R33, E8, H12, H15)

def test_e8_a_move_that_became_impossible_is_forfeited_and_still_counts():
    s, a, b = two_sides()
    h, vets = put(s, 0, a, "hero", "Noble", 5), put(s, 0, a, "army", "Veterans", 1)
    s = ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h, vets], leader_of={h: [vets]})
    refused(s, "execute_move", "H12", player=0, move=s["moves"][0]["id"])  # still declaring
    s = to_execute(s)
    m = s["moves"][0]["id"]
    assert "must be carried out" in refused(s, "forfeit_move", "R33", player=0, move=m, reason="changed my mind")
    refused(s, "execute_move", "H15", player=0, move="m999")
    refused(s, "next_step", "R8", player=0)
    dead = ok(s, "destroy", player=0, card="Noble", kind="hero", value=5, unit=h)
    assert "forfeit" in refused(dead, "execute_move", "R33", player=0, move=m)
    dead = ok(dead, "forfeit_move", player=0, move=m, reason="the Noble died")
    assert dead["players"][0]["moves_used"] == 1 and dead["units"][vets]["terrain"] == a
    refused(dead, "declare_move", "H12", player=0, **{"from": a}, to=b, units=[vets])
    refused(dead, "forfeit_move", "H15", player=0, move=m)
    ok(dead, "next_step", player=0)


def test_arrivals_in_an_own_terrain_join_the_stack_face_down():
    s, a, b = two_sides()
    c = place(s, 0, (1, 0), "Hills")
    h = put(s, 0, a, "hero", "Noble", 5, face="up")
    s = ok(s, "declare_move", player=0, **{"from": a}, to=c, units=[h])
    s = to_execute(s)
    s = ok(s, "execute_move", player=0, move=s["moves"][0]["id"])
    s = ok(s, "next_step", player=0)
    assert s["movement_step"] == "movement_end" and s["units"][h]["face"] == "down" and s["units"][h]["terrain"] == c


# ------------------------------------------------------------------ inspecting stacks (R43)

def test_r43_inspect_own_stack_in_own_movement_phase():
    s, a, b = two_sides()
    put(s, 0, a, "army", "Marus", 3)
    r = run(s, "inspect_stack", player=0, terrain=a)
    assert r.accepted and r.state == s and "1 card" in r.log
    refused(s, "inspect_stack", "R43", player=1, terrain=b)
    refused(s, "inspect_stack", "R43", player=0, terrain=b)
    s["phase"] = "combat"
    refused(s, "inspect_stack", "R43", player=0, terrain=a)


# ------------------------------------------------------------------ the enumerator

def test_the_enumerator_offers_legal_plays_and_settles_pending_moves():
    s = new()
    offered = {a.type for a in enumerate_movement(s, GAME)}
    assert {"play_terrain", "next_step"} <= offered
    s, a, b = two_sides()
    h = put(s, 0, a, "hero", "Noble", 5)
    assert "declare_move" in {x.type for x in enumerate_movement(s, GAME)}
    s = to_execute(ok(s, "declare_move", player=0, **{"from": a}, to=b, units=[h]))
    assert [x.type for x in enumerate_movement(s, GAME)] == ["execute_move"]
    gone = ok(s, "destroy", player=0, card="Noble", kind="hero", value=5, unit=h)
    assert [x.type for x in enumerate_movement(gone, GAME)] == ["forfeit_move"]
    for action in enumerate_movement(gone, GAME) + enumerate_movement(s, GAME):
        assert decide(GAME, gone if action.type == "forfeit_move" else s, action).accepted


def test_units_leaving_make_room_for_units_arriving():
    s, a, b = two_sides()
    c = place(s, 0, (1, -1), "Hills", cap=3)
    h1, marus = put(s, 0, c, "hero", "Noble", 5), put(s, 0, c, "army", "Marus", 3)
    h2, orcs = put(s, 0, a, "hero", "Mercenary", 3), put(s, 0, a, "army", "Orcs", 3)
    refused(s, "declare_move", "R27", player=0, **{"from": a}, to=c, units=[h2, orcs], leader_of={h2: [orcs]})
    s = ok(s, "declare_move", player=0, **{"from": c}, to=b, units=[h1, marus], leader_of={h1: [marus]})
    ok(s, "declare_move", player=0, **{"from": a}, to=c, units=[h2, orcs], leader_of={h2: [orcs]})


def test_no_land_combat_is_queued_in_open_ocean():
    s, a, b = two_sides()
    sea = place(s, 1, (1, -1), "Ocean")
    terrain(s, sea)["ocean"] = True
    put(s, 1, sea, "hero", "Sea Witch", 2, abilities=["flying"])
    put(s, 0, sea, "hero", "Falcon Rider", 2, abilities=["flying"])
    s = ok(ok(ok(s, "next_step", player=0), "next_step", player=0), "next_step", player=0)
    assert s["movement_step"] == "movement_end" and s["combat_queue"] == []


# ------------------------------------------------------------------ later claims: R24 conflicts, R37 leadership (E48)
