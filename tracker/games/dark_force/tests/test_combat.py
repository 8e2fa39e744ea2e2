"""Dark Force land combat: the battlefield procedure, its checks (refusal + neighbour), spec E9-E12, E17,
E33-E37, E44, E52, E53 and a full combat from the queue to a conquest.

The helpers build the map, the units and the combat queue by hand: this mirrors what the movement part
produces at Movement End (terrains with values typed at play time, stacks under them, contested terrains
queued in `state["combat_queue"]`).
"""
import random

from tracker.engine import Action, decide, initial_state
from tracker.games.dark_force import GAME
from tracker.games.dark_force.combat import enumerate_combat
from tracker.games.dark_force.state import new_id

ANN, BEN = 0, 1


def new_game(**options):
    state = initial_state(GAME, "duel", [{"name": "Ann"}, {"name": "Ben"}],
                          {"deck_size": 60, "first_player": 0, **options})
    state["phase"] = "combat"
    return state


def add_terrain(state, name, cell, controller, cs=0, cap=3, expansions=(), ocean=False):
    tid = new_id(state, "t")
    state["terrains"].append({
        "id": tid, "name": name, "type": name, "owner": controller, "controller": controller, "cell": list(cell),
        "values": {"cs": cs, "ms": 0, "cap": cap}, "expansions": [dict(e) for e in expansions], "ocean": ocean,
        "island": False, "hazards": [], "ships": []})
    state["players"][controller]["ever_had_terrain"] = True
    return tid


def add_unit(state, name, kind, seat, tid, cs=1, cd=1, third=1, abilities=(), face="down", **extra):
    uid = new_id(state, "u")
    state["units"][uid] = {
        "id": uid, "name": name, "kind": kind, "owner": seat, "controller": seat, "terrain": tid, "place": None,
        "face": face, "values": {"cs": cs, "cs_defence_only": False, "cd": cd, "ms": None, "spellcaster": False,
                                 "mr": None, "third": third},
        "abilities": list(abilities), "class": None, "deity": None, "symbol": None, "forbidden_symbols": [],
        "moved": False, "equipped_to": None, "category": None, "mods": {"cs": 0, "cd": 0, "ms": 0, "mr": 0, "third": 0},
        "summoner": None, "summon_kind": None, "summoned_by": None}
    state["units"][uid].update(extra)
    return uid


def board():
    """Ann's Plains [0,0] and Ben's Mountain (+2, Cap 3) [1,0] and Forest [2,0]; Ann attacks the Mountain."""
    s = new_game()
    plains = add_terrain(s, "Plains", (0, 0), ANN)
    mountain = add_terrain(s, "Mountain", (1, 0), BEN, cs=2, cap=3)
    forest = add_terrain(s, "Forest", (2, 0), BEN)
    s["combat_queue"] = [mountain]
    return s, plains, mountain, forest


def act(state, type_, **params):
    result = decide(GAME, state, Action(type_, params))
    assert result.accepted, (type_, params, getattr(result, "violations", None))
    return result.state


def refused(state, type_, **params):
    result = decide(GAME, state, Action(type_, params))
    assert not result.accepted, (type_, params)
    return {v.rule_id for v in result.violations}


def arrange(state, layout, step):
    """Put units straight onto the battlefield ({unit: (row, column)}) as place_unit would, at `step`."""
    c = state["combat"]
    for uid, (row, col) in layout.items():
        side = state["units"][uid]["controller"]
        c["battlefield"][side][row].append({"column": col, "unit": uid})
        state["units"][uid]["face"] = "up"
    c["placing"] = None
    c["step"] = step
    return state


def fight(state, mountain):
    return act(state, "start_combat", player=ANN, terrain=mountain)


# ------------------------------------------------------------------ starting a combat (R64, H20, H21, H29)

def test_start_combat_active_player_picks_a_queued_terrain():
    s, plains, mountain, forest = board()
    gob = add_unit(s, "Goblins", "army", BEN, mountain)
    marus = add_unit(s, "Marus", "army", ANN, mountain)
    assert "dark-force.R64" in refused(s, "start_combat", player=BEN, terrain=mountain)
    assert "dark-force.R64" in refused(s, "start_combat", player=ANN, terrain=forest)
    assert "dark-force.H20" in refused(s, "start_combat", player=ANN, terrain="t99")
    s2 = fight(s, mountain)
    c = s2["combat"]
    assert (c["attacker"], c["defender"], c["step"], c["round"]) == (ANN, BEN, "place_units", 1)
    assert s2["combat_queue"] == [] and c["stacks"] == [[marus], [gob]]
    assert s2["units"][gob]["terrain"] is None and s2["units"][gob]["place"] == {"combat": True}
    assert c["placing"] == {"side": BEN, "left": 1, "batch": 0}


def test_one_combat_at_a_time_and_none_at_sea():
    s, plains, mountain, forest = board()
    add_unit(s, "Goblins", "army", BEN, mountain)
    add_unit(s, "Marus", "army", ANN, mountain)
    sea = add_terrain(s, "Ocean", (1, 1), BEN, ocean=True)
    s["combat_queue"] = [mountain, forest, sea]
    assert "dark-force.H29" in refused(s, "start_combat", player=ANN, terrain=sea)
    s2 = fight(s, mountain)
    assert "dark-force.H20" in refused(s2, "start_combat", player=ANN, terrain=forest)
    assert "dark-force.R8" in refused(s2, "next_step", player=ANN)  # the turn waits for the combat


def test_e33_intruder_hero_attacks_when_the_controller_recruits():
    s = new_game()
    home = add_terrain(s, "Swamp", (0, 0), ANN)
    add_terrain(s, "Hills", (1, 0), BEN)
    hero = add_unit(s, "Lizard Woman", "hero", BEN, home, face="up")
    army = add_unit(s, "Militia", "army", ANN, home)
    s["combat_queue"] = [home]
    s2 = act(s, "start_combat", player=ANN, terrain=home)
    assert (s2["combat"]["defender"], s2["combat"]["attacker"]) == (ANN, BEN)
    assert s2["combat"]["stacks"][BEN] == [hero] and s2["combat"]["stacks"][ANN] == [army]


# ------------------------------------------------------------------ placing (R65-R67, R112, H22, H24, E9, E10)

def _placement_board(**options):
    s, plains, mountain, forest = board()
    if options:
        s["rules"].update(options)
    b1 = add_unit(s, "Goblins", "army", BEN, mountain)
    b2 = add_unit(s, "Orcs", "army", BEN, mountain)
    a1 = add_unit(s, "Marus", "army", ANN, mountain)
    a2 = add_unit(s, "Knight", "hero", ANN, mountain, cs=3)
    a3 = add_unit(s, "Wolf", "creature", ANN, mountain)
    return fight(s, mountain), (b1, b2), (a1, a2, a3), plains


def test_defender_places_first_and_in_the_front_row():
    s, (b1, b2), (a1, a2, a3), _ = _placement_board()
    assert "dark-force.R65" in refused(s, "place_unit", player=ANN, unit=a1, row="front", column=0)
    assert "dark-force.R67" in refused(s, "place_unit", player=BEN, unit=b1, row="back", column=0)
    assert "dark-force.H22" in refused(s, "place_unit", player=ANN, unit=b1, row="front", column=0)
    s = act(s, "place_unit", player=BEN, unit=b1, row="front", column=0)
    assert s["units"][b1]["face"] == "up" and s["combat"]["first_column"] == 0
    assert s["combat"]["placing"] == {"side": ANN, "left": 2, "batch": 1}


def test_attacker_first_unit_goes_opposite_then_next_to_a_friend():
    s, (b1, b2), (a1, a2, a3), _ = _placement_board()
    s = act(s, "place_unit", player=BEN, unit=b1, row="front", column=0)
    assert "dark-force.R66" in refused(s, "place_unit", player=ANN, unit=a1, row="front", column=1)
    s = act(s, "place_unit", player=ANN, unit=a1, row="front", column=0)
    assert "dark-force.R66" in refused(s, "place_unit", player=ANN, unit=a2, row="front", column=2)  # gap
    assert "dark-force.R66" in refused(s, "place_unit", player=ANN, unit=a2, row="back", column=1)  # E10 diagonal
    assert "dark-force.R66" in refused(s, "place_unit", player=ANN, unit=a2, row="front", column=0)  # taken
    s = act(s, "place_unit", player=ANN, unit=a2, row="back", column=0)
    assert s["combat"]["placing"]["side"] == BEN


def test_e9_text_order_gives_the_attacker_a_second_unit_chart_does_not():
    s, (b1, b2), (a1, a2, a3), _ = _placement_board()
    s = act(s, "place_unit", player=BEN, unit=b1, row="front", column=0)
    s = act(s, "place_unit", player=ANN, unit=a1, row="front", column=0)
    s = act(s, "place_unit", player=ANN, unit=a2, row="front", column=1)  # A's second in a row: text default
    s = act(s, "place_unit", player=BEN, unit=b2, row="front", column=1)  # then D 2 (only 1 left)
    s = act(s, "place_unit", player=ANN, unit=a3, row="front", column=-1)
    assert s["combat"]["placing"] is None
    c, *_ = _placement_board(first_placement="chart")
    c = act(c, "place_unit", player=BEN, unit=b1, row="front", column=0)
    c = act(c, "place_unit", player=ANN, unit=a1, row="front", column=0)
    assert "dark-force.R65" in refused(c, "place_unit", player=ANN, unit=a2, row="front", column=1)
    c = act(c, "place_unit", player=BEN, unit=b2, row="front", column=1)
    c = act(c, "place_unit", player=ANN, unit=a2, row="front", column=1)


def test_only_the_contested_stacks_fight_r112():
    s, (b1, b2), (a1, a2, a3), plains = _placement_board()
    home = add_unit(s, "Reserve", "army", BEN, plains)
    kit = add_unit(s, "Sword", "equipment", BEN, None, place={"combat": True}, category="weapon")
    s["combat"]["stacks"][BEN].append(kit)
    assert "dark-force.R112" in refused(s, "place_unit", player=BEN, unit=home, row="front", column=0)
    assert "dark-force.R112" in refused(s, "place_unit", player=BEN, unit=kit, row="front", column=0)
    assert "dark-force.H20" in refused(s, "place_unit", player=BEN, unit="u999", row="front", column=0)
    act(s, "place_unit", player=BEN, unit=b1, row="front", column=0)


def test_equipment_goes_under_a_hero_or_army_h24():
    s, (b1, b2), (a1, a2, a3), _ = _placement_board()
    sword = add_unit(s, "Sword", "equipment", BEN, None, place={"combat": True}, category="weapon",
                     mods={"cs": 2, "cd": 0})
    axe = add_unit(s, "Axe", "equipment", BEN, None, place={"combat": True}, category="weapon")
    s["combat"]["stacks"][BEN] += [sword, axe]
    assert "dark-force.H24" in refused(s, "place_unit", player=BEN, unit=b1, row="front", column=0,
                                       equipment=[sword, axe])
    foreign = add_unit(s, "Shield", "equipment", ANN, None, place={"combat": True}, category="armor")
    assert "dark-force.H24" in refused(s, "place_unit", player=BEN, unit=b1, row="front", column=0,
                                       equipment=[foreign])
    s = act(s, "place_unit", player=BEN, unit=b1, row="front", column=0, equipment=[sword])
    assert s["units"][sword]["equipped_to"] == b1 and s["combat"]["used_equipment"] == [sword]


def test_creatures_carry_no_equipment_h24():
    s, plains, mountain, _ = board()
    wolf = add_unit(s, "Wolf", "creature", BEN, mountain)
    add_unit(s, "Marus", "army", ANN, mountain)
    sword = add_unit(s, "Sword", "equipment", BEN, mountain, category="weapon")
    s = fight(s, mountain)
    assert "dark-force.H24" in refused(s, "place_unit", player=BEN, unit=wolf, row="front", column=0,
                                       equipment=[sword])


def test_steps_wait_for_placement_h21():
    s, (b1, b2), (a1, a2, a3), _ = _placement_board()
    assert "dark-force.H21" in refused(s, "next_combat_step", player=ANN)
    assert "dark-force.H21" in refused(s, "declare_retreat", player=ANN, units=[])


# ------------------------------------------------------------------ retreat announcements and retreats (R68, R78)

def _duel(extra_ben=(), extra_ann=(), step="announce_retreat"):
    """Ben's Goblins (front 0) against Ann's Marus (front 0) and Knight (back 0) in Ben's Mountain."""
    s, plains, mountain, forest = board()
    gob = add_unit(s, "Goblins", "army", BEN, mountain, cs=1, cd=1, third=2)
    marus = add_unit(s, "Marus", "army", ANN, mountain, cs=2, cd=2, third=3)
    knight = add_unit(s, "Knight", "hero", ANN, mountain, cs=3, cd=2, third=3)
    more = [add_unit(s, *spec[:3], mountain, **spec[3]) for spec in list(extra_ben) + list(extra_ann)]
    s = fight(s, mountain)
    layout = {gob: ("front", 0), marus: ("front", 0), knight: ("back", 0)}
    arrange(s, layout, step)
    return s, dict(gob=gob, marus=marus, knight=knight, plains=plains, mountain=mountain, forest=forest, more=more)


def test_attacker_announces_retreat_first_heroes_and_armies_only():
    s, u = _duel(extra_ben=[("Demon", "summoned", BEN, {"summon_kind": "demon"})])
    demon = u["more"][0]
    s["combat"]["battlefield"][BEN]["back"].append({"column": 0, "unit": demon})
    assert "dark-force.R68" in refused(s, "declare_retreat", player=BEN, units=[])
    s = act(s, "declare_retreat", player=ANN, units=[u["marus"]])
    assert "dark-force.R68" in refused(s, "declare_retreat", player=ANN, units=[])  # once
    assert "dark-force.R68" in refused(s, "declare_retreat", player=BEN, units=[demon])  # E44
    assert "dark-force.H22" in refused(s, "declare_retreat", player=BEN, units=[u["marus"]])
    s = act(s, "declare_retreat", player=BEN, units=[])
    s = act(s, "next_combat_step", player=ANN)
    assert s["combat"]["step"] == "cast_spells"


def test_front_row_retreater_cannot_attack_r68():
    s, u = _duel(step="close_combat")
    s["combat"]["retreat"] = [u["marus"]]
    assert "dark-force.R68" in refused(s, "declare_close", player=ANN, unit=u["marus"], target=u["gob"])
    s["combat"]["retreat"] = []
    act(s, "declare_close", player=ANN, unit=u["marus"], target=u["gob"])


def test_retreat_into_own_uncontested_neighbour_r78():
    s, u = _duel(step="retreat")
    sword = add_unit(s, "Sword", "equipment", ANN, None, place={"combat": True}, equipped_to=u["marus"])
    s["combat"]["stacks"][ANN].append(sword)
    s["combat"]["retreat"] = [u["marus"]]
    assert "dark-force.R78" in refused(s, "execute_retreat", player=ANN, unit=u["marus"], to=u["forest"])
    assert "dark-force.R78" in refused(s, "execute_retreat", player=ANN, unit=u["marus"])  # must choose
    assert "dark-force.R78" in refused(s, "execute_retreat", player=ANN, unit=u["knight"], to=u["plains"])
    assert "dark-force.H21" in refused(s, "next_combat_step", player=ANN)
    s = act(s, "execute_retreat", player=ANN, unit=u["marus"], to=u["plains"])
    assert s["units"][u["marus"]]["terrain"] == u["plains"] and s["units"][sword]["terrain"] == u["plains"]
    assert u["marus"] not in s["combat"]["stacks"][ANN]
    s = act(s, "next_combat_step", player=ANN)
    assert s["combat"]["step"] == "reorganize"


def test_e52_only_neighbour_contested_retreat_destroys():
    s, u = _duel(step="retreat")
    add_unit(s, "Scouts", "army", BEN, u["plains"], face="up")  # Ann's Plains is contested too
    s["combat"]["retreat"] = [u["marus"]]
    assert "dark-force.R78" in refused(s, "execute_retreat", player=ANN, unit=u["marus"], to=u["plains"])
    s = act(s, "execute_retreat", player=ANN, unit=u["marus"])
    assert u["marus"] not in s["units"] and s["players"][ANN]["borons_halls"]["points"] == 3


def test_e44_summoner_retreats_and_the_demon_vanishes():
    s, u = _duel(extra_ann=[("Witch", "hero", ANN, {"cs": 0})], step="retreat")
    witch = u["more"][0]
    demon = add_unit(s, "Demon", "summoned", ANN, None, place={"combat": True}, summoner=witch,
                     summon_kind="demon", summoned_by=ANN)
    s["combat"]["stacks"][ANN].append(demon)
    s["combat"]["battlefield"][ANN]["back"].append({"column": 1, "unit": witch})
    s["combat"]["battlefield"][ANN]["front"].append({"column": 1, "unit": demon})
    s["combat"]["retreat"] = [witch]
    discards = s["players"][ANN]["discard_count"]
    s = act(s, "execute_retreat", player=ANN, unit=witch, to=u["plains"])
    assert demon not in s["units"] and s["players"][ANN]["discard_count"] == discards + 1
    assert s["players"][ANN]["borons_halls"]["points"] == 0


# ------------------------------------------------------------------ ranged attacks (R69-R71, E11, E37)

def _archers():
    s, plains, mountain, forest = board()
    ids = {
        "gob": add_unit(s, "Goblins", "army", BEN, mountain, cs=1, cd=1),
        "ben_bow": add_unit(s, "Ben Archers", "army", BEN, mountain, cs=2, cd=1, abilities=["ranged"]),
        "ben_back": add_unit(s, "Ben Mage", "hero", BEN, mountain, cs=0, cd=1),
        "marus": add_unit(s, "Marus", "army", ANN, mountain, cs=2, cd=2),
        "bow": add_unit(s, "Elf Archers", "army", ANN, mountain, cs=3, cd=1, abilities=["ranged"]),
        "back_bow": add_unit(s, "Longbows", "army", ANN, mountain, cs=2, cd=1, abilities=["ranged"]),
    }
    s = fight(s, mountain)
    arrange(s, {ids["gob"]: ("front", 0), ids["ben_back"]: ("back", 0), ids["ben_bow"]: ("back", 1),
                ids["marus"]: ("front", 0), ids["bow"]: ("front", 2), ids["back_bow"]: ("back", 0)}, "ranged")
    return s, ids


def test_e37_front_archer_shoots_the_back_row_back_archer_the_front_row():
    s, u = _archers()
    assert "dark-force.R70" in refused(s, "declare_ranged", player=ANN, unit=u["back_bow"], target=u["ben_back"])
    assert "dark-force.R70" in refused(s, "declare_ranged", player=ANN, unit=u["bow"], target=u["gob"])
    s = act(s, "declare_ranged", player=BEN, unit=u["ben_bow"], target=u["marus"])
    s = act(s, "declare_ranged", player=ANN, unit=u["bow"], target=u["ben_back"])
    s = act(s, "declare_ranged", player=ANN, unit=u["back_bow"], target=u["gob"])
    assert "dark-force.R70" in refused(s, "declare_ranged", player=ANN, unit=u["bow"], target=u["ben_bow"])  # once


def test_defender_declares_ranged_first_and_engaged_archers_cannot_shoot():
    s, u = _archers()
    s = act(s, "declare_ranged", player=ANN, unit=u["bow"], target=u["ben_back"])
    assert "dark-force.R70" in refused(s, "declare_ranged", player=BEN, unit=u["ben_bow"], target=u["marus"])
    t, v = _archers()
    t["combat"]["battlefield"][BEN]["front"].append({"column": 2, "unit": v["ben_back"]})
    t["combat"]["battlefield"][BEN]["back"] = [x for x in t["combat"]["battlefield"][BEN]["back"]
                                              if x["unit"] != v["ben_back"]]
    assert "dark-force.R70" in refused(t, "declare_ranged", player=ANN, unit=v["bow"], target=v["ben_bow"])


def test_ranged_needs_the_ability_and_a_usable_cs_r71():
    s, u = _archers()
    assert "dark-force.R71" in refused(s, "declare_ranged", player=ANN, unit=u["marus"], target=u["ben_back"])
    s["units"][u["bow"]]["values"]["cs_defence_only"] = True
    assert "dark-force.R71" in refused(s, "declare_ranged", player=ANN, unit=u["bow"], target=u["ben_back"])
    s["units"][u["bow"]]["values"].update(cs=None, cs_defence_only=False)
    assert "dark-force.R71" in refused(s, "declare_ranged", player=ANN, unit=u["bow"], target=u["ben_back"])
    s = act(s, "declare_ranged", player=ANN, unit=u["bow"], target=u["ben_back"], cs=3)
    assert s["units"][u["bow"]]["values"]["cs"] == 3


def test_cast_or_shoot_r69_and_the_engaged_caster_e12():
    s, u = _archers()
    s["combat"]["cast"].append(u["bow"])
    assert "dark-force.R69" in refused(s, "declare_ranged", player=ANN, unit=u["bow"], target=u["ben_back"])
    s["combat"]["cast"] = []
    s = act(s, "declare_ranged", player=ANN, unit=u["bow"], target=u["ben_back"])
    check = GAME.rules["dark-force.R69"].check
    ctx = type("Ctx", (), {"action_type": "cast_spell"})()
    assert check(s, {"caster": u["bow"]}, ctx)  # it has shot this round
    assert check(s, {"caster": u["marus"]}, ctx)  # E12: Goblins stand directly opposite
    assert check(s, {"caster": u["back_bow"]}, ctx) is None


def test_e11_ranged_defence_gets_the_terrain_bonus_for_the_defender_only():
    s, u = _archers()
    s = act(s, "declare_ranged", player=BEN, unit=u["ben_bow"], target=u["marus"])
    s = act(s, "declare_ranged", player=ANN, unit=u["back_bow"], target=u["gob"])
    assert "dark-force.R76" in refused(s, "resolve_attacks", player=ANN)
    for uid, roll in ((u["ben_bow"], 3), (u["marus"], 3), (u["back_bow"], 3), (u["gob"], 3)):
        s = act(s, "roll_unit", player=s["units"][uid]["controller"], unit=uid, roll=roll)
    s = act(s, "resolve_attacks", player=ANN)
    res = {r["unit"]: r for r in s["combat"]["results"]}
    assert res[u["back_bow"]]["defence"] == 3 + 1 + 2  # Goblins: die + CD + Mountain
    assert res[u["ben_bow"]]["defence"] == 3 + 2  # Marus, the attacker: no terrain bonus (R77)
    assert not res[u["back_bow"]]["hit"] and res[u["ben_bow"]]["attack"] == 5 and not res[u["ben_bow"]]["hit"]
    t, v = _archers()
    t["rules"]["ranged_terrain_bonus"] = False
    t = act(t, "declare_ranged", player=ANN, unit=v["back_bow"], target=v["gob"])
    for uid in (v["back_bow"], v["gob"]):
        t = act(t, "roll_unit", player=t["units"][uid]["controller"], unit=uid, roll=3)
    t = act(t, "resolve_attacks", player=ANN)
    assert t["combat"]["results"][0]["defence"] == 4 and t["combat"]["results"][0]["hit"]
    assert v["gob"] not in t["units"]


def test_one_die_per_unit_and_step_r76():
    s, u = _archers()
    s = act(s, "declare_ranged", player=ANN, unit=u["back_bow"], target=u["gob"])
    s = act(s, "roll_unit", player=BEN, unit=u["gob"], roll=4)
    assert "dark-force.R76" in refused(s, "roll_unit", player=BEN, unit=u["gob"], roll=2)
    assert "dark-force.H22" in refused(s, "roll_unit", player=ANN, unit=u["gob"], roll=2)
    s = act(s, "roll_unit", player=ANN, unit=u["back_bow"], roll=2)
    s = act(s, "resolve_attacks", player=ANN)
    assert "dark-force.H21" in refused(s, "roll_unit", player=ANN, unit=u["marus"], roll=2)  # resolved


def test_missing_defence_value_is_typed_with_the_roll_h23():
    s, u = _archers()
    s["units"][u["gob"]]["values"]["cd"] = None
    s = act(s, "declare_ranged", player=ANN, unit=u["back_bow"], target=u["gob"])
    s = act(s, "roll_unit", player=ANN, unit=u["back_bow"], roll=2)
    t = act(s, "roll_unit", player=BEN, unit=u["gob"], roll=2)
    assert "dark-force.H23" in refused(t, "resolve_attacks", player=ANN)
    t = act(s, "roll_unit", player=BEN, unit=u["gob"], roll=2, cd=1)
    act(t, "resolve_attacks", player=ANN)


# ------------------------------------------------------------------ flying attacks (R72)

def _flyers():
    s, plains, mountain, forest = board()
    ids = {
        "gob": add_unit(s, "Goblins", "army", BEN, mountain),
        "griffin": add_unit(s, "Griffin", "creature", BEN, mountain, cs=3, cd=2, abilities=["flying"]),
        "marus": add_unit(s, "Marus", "army", ANN, mountain),
        "eagle": add_unit(s, "Eagle", "creature", ANN, mountain, cs=2, cd=1, abilities=["flying"]),
        "harpy": add_unit(s, "Harpy", "creature", ANN, mountain, cs=2, cd=1, abilities=["flying"]),
    }
    s = fight(s, mountain)
    arrange(s, {ids["gob"]: ("front", 0), ids["griffin"]: ("back", 0), ids["marus"]: ("front", 0),
                ids["eagle"]: ("back", 0), ids["harpy"]: ("front", 0 - 1)}, "flying")
    return s, ids


def test_flying_attacks_attacker_first_and_the_hunted_flyer_fights_back():
    s, u = _flyers()
    assert "dark-force.R72" in refused(s, "declare_flying", player=ANN, unit=u["marus"], target=u["griffin"])
    s = act(s, "declare_flying", player=ANN, unit=u["eagle"], target=u["griffin"])
    assert "dark-force.R72" in refused(s, "declare_flying", player=BEN, unit=u["griffin"], target=u["marus"])
    s2 = act(s, "declare_flying", player=BEN, unit=u["griffin"], target=u["eagle"])
    assert "dark-force.R72" in refused(s2, "declare_flying", player=ANN, unit=u["harpy"], target=u["gob"])


def test_front_row_flyer_with_an_enemy_opposite_cannot_fly():
    s, u = _flyers()
    s["combat"]["battlefield"][BEN]["front"].append({"column": -1, "unit": u["griffin"]})
    s["combat"]["battlefield"][BEN]["back"] = []
    assert "dark-force.R72" in refused(s, "declare_flying", player=ANN, unit=u["harpy"], target=u["gob"])
    act(s, "declare_flying", player=ANN, unit=u["eagle"], target=u["gob"])


def test_flying_pairing_strikes_back():
    s, u = _flyers()
    s = act(s, "declare_flying", player=ANN, unit=u["eagle"], target=u["griffin"])
    for uid, roll in ((u["eagle"], 2), (u["griffin"], 5)):
        s = act(s, "roll_unit", player=s["units"][uid]["controller"], unit=uid, roll=roll)
    s = act(s, "resolve_attacks", player=ANN)
    kinds = {(r["unit"], r["kind"]) for r in s["combat"]["results"]}
    assert kinds == {(u["eagle"], "flying"), (u["griffin"], "strike_back")}
    assert u["eagle"] not in s["units"]  # 5 + 3 against 2 + 1
    assert u["griffin"] in s["combat"]["attacked"]


# ------------------------------------------------------------------ close combat, flank, support (E35, E36)

def test_close_combat_opposite_first_else_diagonal():
    s, u = _duel(extra_ann=[("Wolf", "creature", ANN, {"cs": 2})], step="close_combat")
    wolf = u["more"][0]
    s["combat"]["battlefield"][ANN]["front"].append({"column": 1, "unit": wolf})
    assert "dark-force.H20" in refused(s, "declare_close", player=ANN, unit=u["marus"], target="u999")
    assert "dark-force.R109" in refused(s, "declare_close", player=ANN, unit=u["knight"], target=u["gob"])
    act(s, "declare_close", player=ANN, unit=wolf, target=u["gob"])  # diagonal: nobody opposite the Wolf
    act(s, "declare_close", player=ANN, unit=u["marus"], target=u["gob"])


def test_a_unit_with_an_enemy_opposite_attacks_it_r73():
    s, u = _duel(extra_ben=[("Orcs", "army", BEN, {})], step="close_combat")
    orcs = u["more"][0]
    s["combat"]["battlefield"][BEN]["front"].append({"column": 1, "unit": orcs})
    assert "dark-force.R73" in refused(s, "declare_close", player=ANN, unit=u["marus"], target=orcs)
    act(s, "declare_close", player=ANN, unit=u["marus"], target=u["gob"])


def test_two_diagonal_enemies_need_a_choice_before_resolving():
    s, u = _duel(extra_ben=[("Orcs", "army", BEN, {})], extra_ann=[("Wolf", "creature", ANN, {"cs": 2})],
                 step="close_combat")
    orcs, wolf = u["more"]
    s["combat"]["battlefield"][BEN]["front"].append({"column": 2, "unit": orcs})
    s["combat"]["battlefield"][ANN]["front"].append({"column": 1, "unit": wolf})
    for uid in (u["gob"], orcs, u["marus"], wolf):
        s = act(s, "roll_unit", player=s["units"][uid]["controller"], unit=uid, roll=3)
    assert "dark-force.R73" in refused(s, "resolve_attacks", player=ANN)
    assert "dark-force.H21" in refused(s, "next_combat_step", player=ANN)
    s = act(s, "declare_close", player=ANN, unit=wolf, target=orcs)
    s = act(s, "resolve_attacks", player=ANN)
    assert {(r["unit"], r["target"]) for r in s["combat"]["results"]} >= {(wolf, orcs), (u["marus"], u["gob"])}


def test_e35_one_defence_die_against_two_attackers():
    s, u = _duel(extra_ann=[("Wolf", "creature", ANN, {"cs": 2})], step="close_combat")
    wolf = u["more"][0]
    s["units"][u["gob"]]["values"].update(cd=2, cs=1)
    s["combat"]["battlefield"][ANN]["front"].append({"column": 1, "unit": wolf})
    s["combat"]["battlefield"][ANN]["back"] = []  # no support in this case
    for uid, roll in ((u["gob"], 3), (u["marus"], 1), (wolf, 1)):
        s = act(s, "roll_unit", player=s["units"][uid]["controller"], unit=uid, roll=roll)
    s = act(s, "resolve_attacks", player=ANN)
    res = s["combat"]["results"]
    against_gob = [r for r in res if r["target"] == u["gob"]]
    assert len(against_gob) == 2 and all(r["defence"] == 7 for r in against_gob)  # 3 + CD 2 + Mountain 2
    assert [r["target"] for r in res if r["unit"] == u["gob"]] == [u["marus"]]  # only the one opposite


def test_e36_support_only_for_armies_and_not_under_a_flying_attack():
    s, u = _duel(extra_ann=[("Wolf", "creature", ANN, {"cs": 2}), ("Bard", "hero", ANN, {"cs": 4})],
                 step="cast_spells")
    wolf, bard = u["more"]
    s["combat"]["battlefield"][ANN]["front"].append({"column": 1, "unit": wolf})
    s["combat"]["battlefield"][ANN]["back"].append({"column": 1, "unit": bard})
    assert "dark-force.R75" in refused(s, "declare_support", player=ANN, hero=bard, army=wolf)
    assert "dark-force.R75" in refused(s, "declare_support", player=ANN, hero=bard, army=u["marus"])  # not behind
    assert "dark-force.R75" in refused(s, "declare_support", player=ANN, hero=wolf, army=u["marus"])
    s = act(s, "declare_support", player=ANN, hero=u["knight"], army=u["marus"])
    t = dict(s, combat=dict(s["combat"], step="close_combat"))
    for uid in (u["gob"], u["marus"], wolf):
        t = act(t, "roll_unit", player=t["units"][uid]["controller"], unit=uid, roll=1)
    t = act(t, "resolve_attacks", player=ANN)
    marus = next(r for r in t["combat"]["results"] if r["unit"] == u["marus"])
    assert marus["support"] == 3 and marus["attack"] == 1 + 2 + 3


def test_e36_a_hero_under_a_flying_attack_gives_no_support():
    s, u = _duel(extra_ben=[("Griffin", "creature", BEN, {"cs": 1, "cd": 9, "abilities": ["flying"]})],
                 step="flying")
    griffin = u["more"][0]
    s["combat"]["battlefield"][BEN]["back"].append({"column": 0, "unit": griffin})
    s = act(s, "declare_support", player=ANN, hero=u["knight"], army=u["marus"])
    s = act(s, "declare_flying", player=BEN, unit=griffin, target=u["knight"])
    assert "dark-force.R75" in refused(s, "declare_support", player=ANN, hero=u["knight"], army=u["marus"])
    s = act(s, "roll_unit", player=BEN, unit=griffin, roll=1)
    s = act(s, "roll_unit", player=ANN, unit=u["knight"], roll=1)
    s = act(s, "resolve_attacks", player=ANN)  # nobody falls: 2 vs 3 (Knight), 4 vs 10 (Griffin)
    s = act(s, "next_combat_step", player=ANN)
    s = act(s, "roll_unit", player=BEN, unit=u["gob"], roll=1)
    s = act(s, "roll_unit", player=ANN, unit=u["marus"], roll=1)
    s = act(s, "resolve_attacks", player=ANN)
    marus = next(r for r in s["combat"]["results"] if r["unit"] == u["marus"])
    assert marus["support"] == 0 and marus["attack"] == 1 + 2


def test_flank_attacks_r74():
    s, u = _duel(extra_ann=[("Lancers", "army", ANN, {"cs": 2}), ("Riders", "army", ANN, {"cs": 2,
                                                                                            "abilities": ["flank"]})],
                 extra_ben=[("Ben Mage", "hero", BEN, {"cs": 1})], step="close_combat")
    mage, lancers, riders = u["more"]
    s["combat"]["battlefield"][BEN]["back"].append({"column": 0, "unit": mage})
    s["combat"]["battlefield"][ANN]["front"] += [{"column": 3, "unit": lancers}, {"column": 1, "unit": riders}]
    assert "dark-force.R74" in refused(s, "declare_flank", player=ANN, unit=u["marus"], target=mage)  # opposed
    assert "dark-force.R74" in refused(s, "declare_flank", player=ANN, unit=lancers, target=u["gob"])  # front row
    assert "dark-force.R109" in refused(s, "declare_flank", player=ANN, unit=u["knight"], target=mage)
    s = act(s, "declare_flank", player=ANN, unit=riders, target=mage)  # diagonal to Goblins, but a flank attacker
    assert "dark-force.R74" in refused(s, "declare_flank", player=ANN, unit=lancers, target=mage)  # exclusive
    t = s
    for uid in (u["gob"], u["marus"], riders, mage):
        t = act(t, "roll_unit", player=t["units"][uid]["controller"], unit=uid, roll=3)
    t = act(t, "resolve_attacks", player=ANN)
    kinds = {(r["unit"], r["kind"]) for r in t["combat"]["results"]}
    assert (riders, "flank") in kinds and (mage, "strike_back") in kinds


def test_defender_flanks_after_the_attacker():
    s, u = _duel(extra_ben=[("Ben Riders", "army", BEN, {"cs": 2})], step="close_combat")
    riders = u["more"][0]
    s["combat"]["battlefield"][BEN]["front"].append({"column": 5, "unit": riders})
    assert "dark-force.R74" in refused(s, "declare_flank", player=BEN, unit=riders, target=u["marus"])
    s = act(s, "declare_flank", player=BEN, unit=riders, target=u["knight"])
    assert s["combat"]["attacks"][-1]["kind"] == "flank"


# ------------------------------------------------------------------ summoned during combat (R110)

def test_r110_summoned_creature_goes_on_the_battlefield_at_once():
    s, u = _duel(extra_ann=[("Druid", "hero", ANN, {"cs": 0})], step="cast_spells")
    druid = u["more"][0]
    s["combat"]["battlefield"][ANN]["back"].append({"column": 1, "unit": druid})
    djinn = add_unit(s, "Djinn", "summoned", ANN, None, place={"combat": True}, summoner=druid,
                     summon_kind="djinn", summoned_by=ANN, face="up")
    elsewhere = add_unit(s, "Other Djinn", "summoned", ANN, u["plains"], summon_kind="djinn")
    assert "dark-force.R110" in refused(s, "next_combat_step", player=ANN)
    assert "dark-force.R110" in refused(s, "place_unit", player=ANN, unit=elsewhere, row="front", column=1)
    assert "dark-force.R66" in refused(s, "place_unit", player=ANN, unit=djinn, row="front", column=4)
    s = act(s, "place_unit", player=ANN, unit=djinn, row="front", column=1)
    assert djinn in s["combat"]["stacks"][ANN]
    s = act(s, "next_combat_step", player=ANN)
    assert s["combat"]["step"] == "ranged"


# ------------------------------------------------------------------ rounds and the end (R79, E34, E53, E17)

def test_reorganize_starts_a_new_round():
    s, u = _duel(step="reorganize")
    assert "dark-force.H21" in refused(s, "next_combat_step", player=ANN)
    s = act(s, "reorganize", player=BEN)
    c = s["combat"]
    assert (c["round"], c["step"], c["placing"]["side"]) == (2, "place_units", BEN)
    assert c["battlefield"][ANN] == {"front": [], "back": []}
    assert "dark-force.R79" in refused(s, "end_combat", player=ANN)


def test_reorganize_refused_once_a_side_is_gone():
    s, u = _duel(step="reorganize")
    s = act(s, "destroy", player=BEN, card="Goblins", kind="army", value=2, unit=u["gob"])
    assert "dark-force.H21" in refused(s, "reorganize", player=ANN)
    act(s, "end_combat", player=ANN)


def test_e34_mutual_destruction_leaves_the_terrain_with_the_defender():
    s, plains, mountain, forest = board()
    gob = add_unit(s, "Goblins", "army", BEN, mountain, cs=5, cd=0, third=2)
    marus = add_unit(s, "Marus", "army", ANN, mountain, cs=5, cd=0, third=3)
    s = fight(s, mountain)
    arrange(s, {gob: ("front", 0), marus: ("front", 0)}, "close_combat")
    s = act(s, "roll_unit", player=BEN, unit=gob, roll=6)
    s = act(s, "roll_unit", player=ANN, unit=marus, roll=6)
    s = act(s, "resolve_attacks", player=BEN)  # 11 vs 8 (Mountain) and 11 vs 6
    assert gob not in s["units"] and marus not in s["units"]
    s = act(s, "end_combat", player=ANN)
    assert s["combat"] is None
    t = next(t for t in s["terrains"] if t["id"] == mountain)
    assert t["controller"] == BEN
    assert [p["borons_halls"]["points"] for p in s["players"]] == [3, 2]


def _conquest(as_total, cap=2):
    s, plains, mountain, forest = board()
    s["terrains"][1]["values"]["cap"] = cap
    gob = add_unit(s, "Goblins", "army", BEN, mountain, cd=0)
    a = add_unit(s, "Marus", "army", ANN, mountain, cs=6, third=as_total - 1)
    b = add_unit(s, "Veterans", "army", ANN, mountain, cs=1, third=1)
    s = fight(s, mountain)
    arrange(s, {gob: ("front", 0), a: ("front", 0), b: ("front", 1)}, "close_combat")
    for uid, roll in ((gob, 1), (a, 6), (b, 1)):
        s = act(s, "roll_unit", player=s["units"][uid]["controller"], unit=uid, roll=roll)
    s = act(s, "resolve_attacks", player=ANN)
    assert gob not in s["units"]
    return act(s, "end_combat", player=ANN), dict(a=a, b=b, plains=plains, mountain=mountain, forest=forest)


def test_e53_e17_excess_over_capacity_moves_out_after_the_conquest():
    s, u = _conquest(4)
    c = s["combat"]
    assert c["step"] == "distribute" and c["excess"] == {"army": 2, "creature": 0}
    assert s["terrains"][1]["controller"] == ANN
    assert "dark-force.R8" in refused(s, "next_step", player=ANN)
    assert "dark-force.R79" in refused(s, "distribute_excess", player=ANN, unit=u["a"], to=u["forest"])
    assert "dark-force.R79" in refused(s, "distribute_excess", player=ANN, unit=u["a"])  # a refuge exists
    assert "dark-force.R79" in refused(s, "end_combat", player=ANN)
    s = act(s, "distribute_excess", player=ANN, unit=u["a"], to=u["plains"])
    assert s["combat"] is None and s["units"][u["a"]]["terrain"] == u["plains"]


def test_e53_within_capacity_nothing_moves_out():
    s, u = _conquest(2)
    assert s["combat"] is None and s["units"][u["a"]]["terrain"] == u["mountain"]
    assert "dark-force.H20" in refused(s, "distribute_excess", player=ANN, unit=u["a"], to=u["plains"])


def test_excess_of_the_wrong_kind_and_no_refuge_destroys():
    s, u = _conquest(4)
    s["terrains"][0]["controller"] = BEN  # Ann's Plains lost: nowhere to go
    wolf = add_unit(s, "Wolf", "creature", ANN, u["mountain"])
    assert "dark-force.R79" in refused(s, "distribute_excess", player=ANN, unit=wolf)
    s = act(s, "distribute_excess", player=ANN, unit=u["a"])
    assert u["a"] not in s["units"] and s["combat"] is None


def test_heroes_alone_stay_face_up_and_take_unused_equipment():
    s, plains, mountain, forest = board()
    gob = add_unit(s, "Goblins", "army", BEN, mountain, cd=0)
    shield = add_unit(s, "Shield", "equipment", BEN, mountain, category="armor")
    knight = add_unit(s, "Knight", "hero", ANN, mountain, cs=6)
    s = fight(s, mountain)
    arrange(s, {gob: ("front", 0), knight: ("front", 0)}, "close_combat")
    s = act(s, "roll_unit", player=BEN, unit=gob, roll=1)
    s = act(s, "roll_unit", player=ANN, unit=knight, roll=6)
    s = act(s, "resolve_attacks", player=ANN)
    s = act(s, "end_combat", player=ANN)
    assert s["terrains"][1]["controller"] == BEN
    assert s["units"][knight]["terrain"] == mountain and s["units"][knight]["face"] == "up"
    assert s["units"][shield]["controller"] == ANN and s["units"][shield]["terrain"] == mountain


# ------------------------------------------------------------------ a full combat, from the queue to the conquest

def test_full_combat_over_two_rounds_a_lone_hero_stays_as_intruder():
    s, plains, mountain, forest = board()
    gob = add_unit(s, "Goblins", "army", BEN, mountain, cs=1, cd=1, third=2)
    sword = add_unit(s, "Rusty Sword", "equipment", BEN, mountain, category="weapon")
    marus = add_unit(s, "Marus", "army", ANN, mountain, cs=2, cd=2, third=2)
    knight = add_unit(s, "Knight", "hero", ANN, mountain, cs=3, cd=2, third=3)
    s["spells"].append({"id": "s90", "name": "Fog", "ms": 2, "duration": "K", "secret": False, "caster": knight,
                        "owner": ANN, "target": None, "terrain": mountain, "combat": True, "cast_turn": s["turn"],
                        "resolved": True, "seq": 90, "batch": None, "combat_key": f"{mountain}@{s['turn']}"})
    s = act(s, "start_combat", player=ANN, terrain=mountain)
    s = act(s, "place_unit", player=BEN, unit=gob, row="front", column=0)
    s = act(s, "place_unit", player=ANN, unit=marus, row="front", column=0)
    s = act(s, "place_unit", player=ANN, unit=knight, row="back", column=0)
    s = act(s, "next_combat_step", player=ANN)
    s = act(s, "declare_retreat", player=ANN, units=[])
    s = act(s, "declare_retreat", player=BEN, units=[])
    for step in ("cast_spells", "ranged", "flying"):
        s = act(s, "next_combat_step", player=ANN)
    s = act(s, "declare_support", player=ANN, hero=knight, army=marus)
    s = act(s, "next_combat_step", player=ANN)
    assert s["combat"]["step"] == "close_combat"
    s = act(s, "roll_unit", player=BEN, unit=gob, roll=6)
    s = act(s, "roll_unit", player=ANN, unit=marus, roll=4)
    s = act(s, "resolve_attacks", player=ANN)  # Marus 4+2+3 = 9 vs 6+1+2 = 9: no hit; Goblins 7 vs 6: hit
    assert marus not in s["units"] and gob in s["units"]
    assert s["players"][ANN]["borons_halls"]["points"] == 2
    for _ in ("retreat", "reorganize"):
        s = act(s, "next_combat_step", player=ANN)
    s = act(s, "reorganize", player=ANN)
    assert s["combat"]["round"] == 2
    s = act(s, "place_unit", player=BEN, unit=gob, row="front", column=0)
    s = act(s, "place_unit", player=ANN, unit=knight, row="front", column=0)
    s = act(s, "next_combat_step", player=ANN)
    s = act(s, "declare_retreat", player=ANN, units=[])
    s = act(s, "declare_retreat", player=BEN, units=[])
    for _ in ("cast_spells", "ranged", "flying", "close_combat"):
        s = act(s, "next_combat_step", player=ANN)
    s = act(s, "roll_unit", player=BEN, unit=gob, roll=1)
    s = act(s, "roll_unit", player=ANN, unit=knight, roll=5)
    s = act(s, "resolve_attacks", player=ANN)  # Knight 8 vs 4
    assert gob not in s["units"] and s["players"][BEN]["borons_halls"]["points"] == 2
    s = act(s, "end_combat", player=ANN)
    # a hero alone does not conquer: the Knight stays face up, the unused sword is Ann's now
    assert s["combat"] is None and s["terrains"][1]["controller"] == BEN
    assert s["units"][knight]["face"] == "up" and s["units"][sword]["controller"] == ANN
    assert s["spells"] == []
    s = act(s, "next_step", player=ANN)
    assert s["phase"] == "discard"


def test_full_combat_from_start_to_conquest_wins_the_game():
    s = new_game()
    add_terrain(s, "Plains", (0, 0), ANN)
    hill = add_terrain(s, "Hills", (1, 0), BEN, cs=1, cap=4)
    gob = add_unit(s, "Goblins", "army", BEN, hill, cs=1, cd=0, third=2)
    marus = add_unit(s, "Marus", "army", ANN, hill, cs=3, cd=2, third=3)
    s["combat_queue"] = [hill]
    s = act(s, "start_combat", player=ANN, terrain=hill)
    s = act(s, "place_unit", player=BEN, unit=gob, row="front", column=3)
    s = act(s, "place_unit", player=ANN, unit=marus, row="front", column=3)
    s = act(s, "next_combat_step", player=ANN)
    s = act(s, "declare_retreat", player=ANN, units=[])
    s = act(s, "declare_retreat", player=BEN, units=[])
    for _ in range(4):
        s = act(s, "next_combat_step", player=ANN)
    s = act(s, "roll_unit", player=BEN, unit=gob, roll=2)
    s = act(s, "roll_unit", player=ANN, unit=marus, roll=3)
    s = act(s, "resolve_attacks", player=BEN)
    s = act(s, "end_combat", player=BEN)
    assert s["terrains"][1]["controller"] == ANN and s["units"][marus]["terrain"] == hill
    assert s["units"][marus]["face"] == "down"
    assert s["result"]["winner"] == ANN and s["result"]["reason"] == "conquest"


def test_random_play_from_the_enumerator_always_finishes_the_combat():
    for seed in range(30):
        rng = random.Random(seed)
        s, plains, mountain, forest = board()
        for name, kind, seat, abil in (("Goblins", "army", BEN, []), ("Bowmen", "army", BEN, ["ranged"]),
                                       ("Griffin", "creature", BEN, ["flying"]), ("Marus", "army", ANN, []),
                                       ("Knight", "hero", ANN, []), ("Eagle", "creature", ANN, ["flying"]),
                                       ("Riders", "army", ANN, ["flank"])):
            add_unit(s, name, kind, seat, mountain, cs=rng.choice([1, 2, None]), cd=rng.choice([0, 1, None]),
                     third=2, abilities=abil)
        for _ in range(400):
            actions = enumerate_combat(s, GAME)
            if not actions:
                break
            chosen = rng.choice(actions)
            s = act(s, chosen.type, **chosen.params)
            if s["result"]:
                break
        assert s["combat"] is None or s["result"], seed


def test_an_overridden_resolution_without_dice_skips_the_unrolled_pairings():
    s, u = _duel(step="close_combat")
    result = decide(GAME, s, Action("resolve_attacks", {"player": ANN}, override_reason="dice lost"))
    assert result.accepted and result.overridden and result.state["combat"]["results"] == []
    assert "dark-force.H20" in {v.rule_id for v in decide(
        GAME, s, Action("roll_unit", {"player": ANN, "unit": "u999", "roll": 3}, override_reason="x")).violations}
