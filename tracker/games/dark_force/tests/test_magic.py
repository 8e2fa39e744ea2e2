"""Dark Force magic: spells, summoning, miracles and events (spec 5.F-5.H; E13, E15, E38-E43, E45, E47-E49).

The helpers below build terrains and units by hand, in the shape the movement module's `play_terrain`
and `recruit` produce (the shared unit model), so these tests don't depend on the order of play.
"""
from tracker.engine import Action, decide, initial_state
from tracker.games.dark_force import GAME
from tracker.games.dark_force.magic import enumerate_magic, separate_summons, tidy
from tracker.games.dark_force.state import count_terrains, new_id


# ------------------------------------------------------------------ helpers

def new(**options):
    s = initial_state(GAME, "duel", [{"name": "Ann"}, {"name": "Ben"}],
                      {"deck_size": 60, "first_player": 0, **options})
    s["phase"], s["movement_step"] = "movement", "play_terrains"
    return s


def terrain(s, seat, cell=(0, 0), name="Forest", ms=0, expansions=()):
    tid = new_id(s, "t")
    s["terrains"].append({"id": tid, "name": name, "type": name, "owner": seat, "controller": seat,
                          "cell": list(cell), "values": {"cs": 1, "ms": ms, "cap": 3},
                          "expansions": [dict(e) for e in expansions], "ocean": False, "island": False,
                          "hazards": [], "ships": []})
    s["players"][seat]["ever_had_terrain"] = True
    count_terrains(s)
    return tid


def unit(s, seat, tid, name="Gray Mage", kind="hero", ms=4, spellcaster=True, cls="gray_mage", mr=None,
         third=2, deity=None):
    """What `recruit` puts into state["units"] (movement.make_unit)."""
    uid = new_id(s, "u")
    s["units"][uid] = {
        "id": uid, "name": name, "kind": kind, "owner": seat, "controller": seat, "terrain": tid, "face": "down",
        "values": {"cs": 1, "cs_defence_only": False, "cd": 1, "ms": ms, "spellcaster": spellcaster,
                   "mr": ms if mr is None else mr, "third": third},
        "abilities": [], "class": cls, "deity": deity, "symbol": None, "forbidden_symbols": [], "moved": False,
        "equipped_to": None, "category": None, "mods": {"cs": 0, "cd": 0, "ms": 0, "mr": 0, "third": 0},
        "summoner": None, "summon_kind": None, "summoned_by": None}
    return uid


def table(**options):
    """Ann: Forest t1 with a Gray Mage (MS 4); Ben: Mountain next to it with a Thorwal (MR 1)."""
    s = new(**options)
    a = terrain(s, 0, (0, 0))
    b = terrain(s, 1, (1, 0), name="Mountain")
    mage = unit(s, 0, a)
    thorwal = unit(s, 1, b, name="Thorwal", kind="army", ms=0, spellcaster=False, cls=None, mr=1)
    return s, a, b, mage, thorwal


def run(s, type_, **params):
    return decide(GAME, s, Action(type_, params))


def ok(s, type_, **params):
    result = run(s, type_, **params)
    assert result.accepted, getattr(result, "violations", None)
    assert not result.overridden
    return result.state


def refused(s, type_, rule, **params):
    result = run(s, type_, **params)
    assert not result.accepted, f"{type_} {params} was accepted"
    ids = [v.rule_id for v in result.violations]
    assert f"dark-force.{rule}" in ids, ids
    return result.violations


def cast(s, caster, name="Horriphobus", ms=4, duration="S", phase_allowed="either", **extra):
    return ok(s, "cast_spell", player=s["units"][caster]["controller"], caster=caster, name=name, ms=ms,
              duration=duration, phase_allowed=phase_allowed, **extra)


def last_spell(s):
    return s["spells"][-1]


def into_combat(s, tid, *uids, round_no=1, step="cast_spells"):
    s["phase"], s["movement_step"] = "combat", None
    s["combat"] = {"terrain": tid, "round": round_no, "step": step}
    for uid in uids:
        s["units"][uid]["terrain"] = None
        s["units"][uid]["place"] = {"combat": True}
    return s


def summoned(s, seat, summoner, name="Djinn of Fire", kind="djinn", ms=3):
    s = ok(s, "summon", player=seat, summoner=summoner, name=name, kind=kind, ms=ms, cs=3, cd=3, mr=2)
    return s, next(u["id"] for u in s["units"].values() if u["kind"] == "summoned" and u["name"] == name)


def end_turn(s):
    """Hand the turn over (the discard phase and end_turn, with a legal hand)."""
    s["phase"] = "discard"
    seat = s["active_player"]
    s["players"][seat]["hand_count"] = min(s["players"][seat]["hand_count"], 6)
    return ok(s, "end_turn", player=seat)


# ------------------------------------------------------------------ casting (R12, R44-R48, R51, H30, H32, H34)

def test_r12_a_terrain_in_play_first():
    s = new()
    uid = unit(s, 0, None)
    refused(s, "cast_spell", "R12", player=0, caster=uid, name="Fulminictus", ms=3, duration="S",
            phase_allowed="any")
    refused(s, "play_event", "R12", player=0, name="Succession")
    s2, *_ = table()
    ok(s2, "play_event", player=0, name="Succession")


def test_h30_the_caster_must_be_yours_and_in_play():
    s, a, b, mage, thorwal = table()
    refused(s, "cast_spell", "H30", player=0, caster="u999", name="X", ms=1, duration="S", phase_allowed="any")
    ben_mage = unit(s, 1, b, name="Warlock", cls="warlock")
    assert run(s, "cast_spell", player=0, caster=ben_mage, name="X", ms=1, duration="S",
               phase_allowed="any").violations[0].hard
    cast(s, mage, ms=1)


def test_h32_a_card_needs_a_hand():
    s, a, b, mage, thorwal = table()
    s["players"][0]["hand_count"] = 0
    refused(s, "cast_spell", "H32", player=0, caster=mage, name="X", ms=1, duration="S", phase_allowed="any")
    s["players"][0]["hand_count"] = 1
    s = cast(s, mage, ms=1)
    assert s["players"][0]["hand_count"] == 0


def test_h34_the_target_must_be_in_play():
    s, a, b, mage, thorwal = table()
    refused(s, "cast_spell", "H34", player=0, caster=mage, name="X", ms=1, duration="S", phase_allowed="any",
            target="u999")
    cast(s, mage, ms=1, target=mage)


def test_r44_only_spellcasters_cast():
    s, a, b, mage, thorwal = table()
    knight = unit(s, 0, a, name="Thorwal (M)", ms=1, spellcaster=False, cls=None)
    refused(s, "cast_spell", "R44", player=0, caster=knight, name="X", ms=1, duration="S", phase_allowed="any")
    elves = unit(s, 0, a, name="Elves", kind="army", ms=2, cls=None)  # the elvish armies are the exception
    cast(s, elves, ms=2)


def test_r45_spell_above_the_casters_strength_f74():
    s, a, b, mage, thorwal = table()
    warlock = unit(s, 0, a, name="Warlock", ms=5, cls="warlock")
    refused(s, "cast_spell", "R45", player=0, caster=warlock, name="Pandemonium", ms=6, duration="S",
            phase_allowed="any")
    cast(s, warlock, name="Pandemonium", ms=5)
    # a temple's MS modifier counts for the caster, and so does equipment
    s["terrains"][0]["expansions"].append({"name": "Temple", "cs": 0, "ms": 1, "cap": 0, "temple": "Boron"})
    cast(s, warlock, name="Pandemonium", ms=6)
    s["terrains"][0]["expansions"] = []
    staff = unit(s, 0, a, name="Staff", kind="equipment", ms=None, spellcaster=False, cls=None)
    s["units"][staff].update(equipped_to=warlock, mods={"cs": 0, "cd": 0, "ms": 1, "mr": 0, "third": 0})
    cast(s, warlock, name="Pandemonium", ms=6)


def test_r115_another_units_negative_ms_does_not_lower_the_caster():
    s, a, b, mage, thorwal = table()
    unit(s, 0, a, name="Mohas", kind="army", ms=-1, spellcaster=False, cls=None)
    cast(s, mage, ms=4)
    assert "dark-force.R115" in GAME.rules


def test_r46_one_cast_per_caster_in_the_movement_phase_with_ab():
    s, a, b, mage, thorwal = table()
    s = cast(s, mage, ms=1)
    refused(s, "cast_spell", "R46", player=0, caster=mage, name="X", ms=1, duration="S", phase_allowed="any")
    other = unit(s, 0, a, name="Druid", cls="druid")
    cast(s, other, ms=1)
    s2, a, b, mage, thorwal = table(ab_errata=False)
    s2 = cast(s2, mage, ms=1)
    cast(s2, mage, ms=1)  # the base text sets no movement-phase cap


def test_r46_one_cast_or_summon_per_combat_round():
    s, a, b, mage, thorwal = table()
    s = into_combat(s, b, mage, thorwal)
    s = cast(s, mage, ms=1, phase_allowed="combat")
    refused(s, "summon", "R46", player=0, summoner=mage, name="Djinn", kind="djinn", ms=1)
    s["combat"]["round"] = 2
    cast(s, mage, ms=1, phase_allowed="combat")
    # the combat module's own list, when it keeps one
    s["combat"]["cast"] = [mage]
    refused(s, "cast_spell", "R46", player=0, caster=mage, name="X", ms=1, duration="S", phase_allowed="combat")
    s["combat"]["cast"] = []
    s = cast(s, mage, ms=1, phase_allowed="combat")
    assert s["combat"]["cast"] == [mage]


def test_r47_the_phase_the_text_allows():
    s, a, b, mage, thorwal = table()
    refused(s, "cast_spell", "R47", player=0, caster=mage, name="X", ms=1, duration="S", phase_allowed="combat")
    cast(s, mage, ms=1, phase_allowed="movement")
    s["phase"] = "start"
    refused(s, "cast_spell", "R47", player=0, caster=mage, name="X", ms=1, duration="S", phase_allowed="either")
    cast(s, mage, ms=1, phase_allowed="any")


def test_r48_spells_act_in_the_casters_terrain_ab():
    s, a, b, mage, thorwal = table()
    far = terrain(s, 1, (2, 0), name="Swamp")
    s["units"][thorwal]["terrain"] = far
    refused(s, "cast_spell", "R48", player=0, caster=mage, name="X", ms=1, duration="S", phase_allowed="any",
            target=thorwal)
    cast(s, mage, ms=1, target=thorwal, range_text_allows=True)
    s["rules"]["ab_errata"] = False
    cast(s, mage, ms=1, target=thorwal)


def test_r51_secret_spells_only_in_combat_after_placement():
    s, a, b, mage, thorwal = table()
    refused(s, "cast_spell", "R51", player=0, caster=mage, name="Armatrutz", ms=2, duration="K",
            phase_allowed="combat", secret=True, target=mage)
    s = into_combat(s, b, mage, thorwal, step="place_units")
    refused(s, "cast_spell", "R51", player=0, caster=mage, name="Armatrutz", ms=2, duration="K",
            phase_allowed="combat", secret=True, target=mage)
    s["combat"]["step"] = "announce_retreat"
    refused(s, "cast_spell", "R47", player=0, caster=mage, name="Fulminictus", ms=2, duration="S",
            phase_allowed="combat")  # open spells wait for the Cast Spells step
    refused(s, "summon", "R52", player=0, summoner=mage, name="Djinn", kind="djinn", ms=2)
    cast(s, mage, name="Any-time spell", ms=1, phase_allowed="any")
    refused(s, "cast_spell", "R51", player=0, caster=mage, name="Armatrutz", ms=2, duration="K",
            phase_allowed="combat", secret=True)
    s = cast(s, mage, name="Armatrutz", ms=2, duration="K", phase_allowed="combat", secret=True, target=mage)
    assert last_spell(s)["secret"] and last_spell(s)["batch"] is None


def test_e40_an_unrevealed_secret_k_spell_ends_with_the_combat():
    s, a, b, mage, thorwal = table()
    hero = unit(s, 0, a, name="Noble", ms=0, spellcaster=False, cls=None)
    s = into_combat(s, b, mage, thorwal, hero)
    s = cast(s, mage, name="Armatrutz", ms=2, duration="K", phase_allowed="combat", secret=True, target=hero)
    assert len(s["spells"]) == 1
    s["combat"] = None
    discards = s["players"][0]["discard_count"]
    assert "discarded" in tidy(s)
    assert s["spells"] == [] and s["players"][0]["discard_count"] == discards + 1


def test_r32_summoned_creatures_take_no_value_changing_spells():
    s, a, b, mage, thorwal = table()
    s, djinn = summoned(s, 0, mage)
    druid = unit(s, 0, a, name="Druid", cls="druid")
    refused(s, "cast_spell", "R32", player=0, caster=druid, name="Strength", ms=2, duration="K",
            phase_allowed="any", target=djinn, modifies=True)
    cast(s, druid, name="Healing", ms=2, target=djinn)


# ------------------------------------------------------------------ resolving (R49, R50, H33; E13, E38, E39)

def test_f79_spell_attack_works_when_the_attack_beats_the_defence():
    s, a, b, mage, thorwal = table()
    s["units"][thorwal]["terrain"] = a  # an intruder in Ann's terrain
    s = cast(s, mage, ms=4, target=thorwal)
    sid = last_spell(s)["id"]
    refused(s, "resolve_spell", "R49", player=0, spell=sid)
    s2 = ok(s, "resolve_spell", player=0, spell=sid, attack_roll=2, defence_roll=4)
    assert s2["spells"] == [] and "6 beats defence 5" in run(s, "resolve_spell", player=0, spell=sid,
                                                             attack_roll=2, defence_roll=4).log


def test_e39_own_unit_needs_no_roll_and_a_tie_fails():
    s, a, b, mage, thorwal = table()
    s = cast(s, mage, name="Armatrutz", ms=2, duration="K", target=mage)
    s = ok(s, "resolve_spell", player=0, spell=last_spell(s)["id"])
    assert last_spell(s)["resolved"]
    s["units"][thorwal]["terrain"] = a
    s["units"][thorwal]["values"]["mr"] = 3
    s["players"][0]["casts_this_phase"] = []
    s = cast(s, mage, ms=4, target=thorwal, duration="R")
    before = s["players"][0]["discard_count"]
    s = ok(s, "resolve_spell", player=0, spell=last_spell(s)["id"], attack_roll=4, defence_roll=5)  # 8 vs 8
    assert [sp["name"] for sp in s["spells"]] == ["Armatrutz"]
    assert s["players"][0]["discard_count"] == before + 1


def test_e13_caster_ms_in_the_base_game_spell_ms_under_essen():
    for essen, survives in ((False, True), (True, False)):
        s, a, b, mage, thorwal = table(essen96=essen)
        s["units"][mage]["values"]["ms"] = 6
        s["units"][thorwal].update(terrain=a)
        s["units"][thorwal]["values"]["mr"] = 5
        s = cast(s, mage, ms=3, duration="P", target=thorwal)
        s = ok(s, "resolve_spell", player=0, spell=last_spell(s)["id"], attack_roll=1, defence_roll=1)
        # base: 1 + 6 = 7 beats 1 + 5 = 6; Essen: 1 + 3 = 4 does not
        assert bool(s["spells"]) is survives


def test_h33_resolve_a_spell_in_play_once():
    s, a, b, mage, thorwal = table()
    refused(s, "resolve_spell", "H33", player=0, spell="s999")
    s = cast(s, mage, ms=2, duration="P")
    sid = last_spell(s)["id"]
    refused(s, "resolve_spell", "H33", player=1, spell=sid)
    s = ok(s, "resolve_spell", player=0, spell=sid)
    refused(s, "resolve_spell", "H33", player=0, spell=sid)
    s["players"][0]["casts_this_phase"] = []
    s = cast(s, mage, ms=2, duration="K")
    refused(s, "remove_permanent_spell", "H33", player=1, spell=last_spell(s)["id"], by="counterspell")
    s = ok(s, "remove_permanent_spell", player=1, spell=sid, by="counterspell")
    assert [sp["duration"] for sp in s["spells"]] == ["K"]


def test_e38_revealed_spells_go_from_the_lowest_ms_and_a_dead_casters_spell_returns():
    s, a, b, mage, thorwal = table()
    witch = unit(s, 1, b, name="Witch", ms=5, cls="witch")
    druid = unit(s, 0, a, name="Druid", ms=5, cls="druid")
    s = into_combat(s, b, mage, thorwal, witch, druid)
    s = cast(s, mage, name="Fulminictus", ms=1, phase_allowed="combat", target=witch)
    s1 = last_spell(s)["id"]
    s = cast(s, witch, name="Ignifaxius", ms=3, phase_allowed="combat", target=mage)
    s2 = last_spell(s)["id"]
    s = cast(s, druid, name="Paralys", ms=3, phase_allowed="combat", target=thorwal)
    s3 = last_spell(s)["id"]
    refused(s, "resolve_spell", "R50", player=1, spell=s2, attack_roll=6, defence_roll=1)
    refused(s, "resolve_spell", "R50", player=0, spell=s3, attack_roll=6, defence_roll=1)
    s = ok(s, "resolve_spell", player=0, spell=s1, attack_roll=6, defence_roll=1)
    # the Fulminictus kills the Witch before her spell takes effect: the card goes back to Ben's hand
    hand = s["players"][1]["hand_count"]
    s = ok(s, "destroy", player=1, card="Witch", kind="hero", value=3, unit=witch)
    s = ok(s, "resolve_spell", player=0, spell=s3, attack_roll=6, defence_roll=1)  # tidies up afterwards
    assert s["players"][1]["hand_count"] == hand + 1 and all(sp["id"] != s2 for sp in s["spells"])


def test_r50_spells_played_in_sequence_resolve_in_that_order_f80():
    s, a, b, mage, thorwal = table()
    druid = unit(s, 0, a, name="Druid", cls="druid")
    s = cast(s, mage, name="Fulminictus", ms=4)
    first = last_spell(s)["id"]
    s = cast(s, druid, name="Gardianum", ms=1)
    refused(s, "resolve_spell", "R50", player=0, spell=last_spell(s)["id"])
    s = ok(s, "resolve_spell", player=0, spell=first)
    ok(s, "resolve_spell", player=0, spell=last_spell(s)["id"])


def test_a_killed_caster_takes_the_spell_back_on_resolve():
    s, a, b, mage, thorwal = table()
    s = cast(s, mage, ms=1)
    sid = last_spell(s)["id"]
    hand = s["players"][0]["hand_count"]
    del s["units"][mage]
    s = ok(s, "resolve_spell", player=0, spell=sid)
    assert s["spells"] == [] and s["players"][0]["hand_count"] == hand + 1


# ------------------------------------------------------------------ summoning (R52-R55; E41-E43, E45)

def test_r52_who_may_summon_what_and_when():
    s, a, b, mage, thorwal = table()
    witch = unit(s, 0, a, name="Witch", cls="witch")
    refused(s, "summon", "R52", player=0, summoner=witch, name="Djinn", kind="djinn", ms=2)
    refused(s, "summon", "R52", player=0, summoner=witch, name="Skeleton", kind="undead", ms=2)
    ok(s, "summon", player=0, summoner=witch, name="Demon", kind="demon", ms=2)
    s, djinn = summoned(s, 0, mage, ms=2)
    u = s["units"][djinn]
    assert (u["face"], u["terrain"], u["summoner"], u["summon_kind"], u["summoned_by"]) == ("up", a, mage, "djinn", 0)
    s["phase"] = "start"
    refused(s, "summon", "R52", player=0, summoner=witch, name="Demon", kind="demon", ms=2)


def test_r44_a_summoner_must_be_a_spellcaster():
    s, a, b, mage, thorwal = table()
    odd = unit(s, 0, a, name="Gray Mage (drained)", ms=0, cls="gray_mage")
    refused(s, "summon", "R44", player=0, summoner=odd, name="Djinn", kind="djinn", ms=1)
    ok(s, "summon", player=0, summoner=mage, name="Djinn", kind="djinn", ms=1)


def test_e41_r53_backfire_unless_the_temple_lifts_the_summoner():
    s, a, b, mage, thorwal = table()
    witch = unit(s, 0, a, name="Witch", ms=4, cls="witch", third=3)
    s["terrains"][0]["expansions"].append({"name": "Temple", "cs": 0, "ms": 1, "cap": 0, "temple": "Boron"})
    s2 = ok(s, "summon", player=0, summoner=witch, name="Karmanath", kind="demon", ms=5)
    assert any(u["name"] == "Karmanath" for u in s2["units"].values())
    s["terrains"][0]["expansions"] = []
    discards = s["players"][0]["discard_count"]
    result = run(s, "summon", player=0, summoner=witch, name="Karmanath", kind="demon", ms=5)
    assert result.accepted and result.notes  # accepted with a warning
    s = result.state
    assert witch not in s["units"] and not any(u["kind"] == "summoned" for u in s["units"].values())
    assert s["players"][0]["borons_halls"]["points"] == 3 and s["players"][0]["discard_count"] == discards + 1


def test_r54_a_separated_summoned_creature_goes_at_once():
    s, a, b, mage, thorwal = table()
    s, djinn = summoned(s, 0, mage)
    s["units"][mage]["terrain"] = b  # the summoner moved away without it
    discards = s["players"][0]["discard_count"]
    assert separate_summons(s) == ["Djinn of Fire"]
    assert djinn not in s["units"] and s["players"][0]["discard_count"] == discards + 1


def test_summoned_in_combat_goes_onto_the_battlefield():
    s, a, b, mage, thorwal = table()
    s = into_combat(s, b, mage, thorwal)
    s, djinn = summoned(s, 0, mage)
    assert s["units"][djinn]["terrain"] is None and s["units"][djinn]["place"] == {"combat": True}


def test_e45_destroyed_summoned_creature_scores_nothing():
    s, a, b, mage, thorwal = table()
    s, djinn = summoned(s, 0, mage)
    discards = s["players"][0]["discard_count"]
    s = ok(s, "destroy", player=0, card="Djinn of Fire", kind="creature", value=0, unit=djinn, summoned=True)
    assert s["players"][0]["borons_halls"]["points"] == 0 and s["players"][0]["discard_count"] == discards + 1
    s = ok(s, "destroy", player=0, card="Wolf", kind="creature", value=3)
    assert s["players"][0]["borons_halls"]["points"] == 3


def test_r55_round_spells_and_demons_end_when_their_players_turn_begins():
    s, a, b, mage, thorwal = table()
    witch = unit(s, 0, a, name="Witch", cls="witch")
    s = cast(s, mage, name="Round spell", ms=1, duration="R")
    s = ok(s, "resolve_spell", player=0, spell=last_spell(s)["id"])
    s = ok(s, "summon", player=0, summoner=witch, name="Heshthot", kind="demon", ms=2)
    s = end_turn(s)  # Ben's turn: Ann's spell and demon stay
    assert len(s["spells"]) == 1 and any(u["name"] == "Heshthot" for u in s["units"].values())
    s = end_turn(s)  # Ann's turn begins
    assert s["spells"] == [] and not any(u["name"] == "Heshthot" for u in s["units"].values())
    assert s["players"][0]["casts_this_phase"] == []


def test_e43_a_demon_summoned_in_the_opponents_combat_goes_before_its_players_turn():
    s, a, b, mage, thorwal = table()
    warlock = unit(s, 1, b, name="Warlock", cls="warlock")
    s = into_combat(s, b, warlock, mage)
    s = ok(s, "summon", player=1, summoner=warlock, name="Heshthot", kind="demon", ms=2)
    s["combat"] = None
    s = end_turn(s)  # Ann's turn ends: Ben's begins and his demon is gone
    assert not any(u["kind"] == "summoned" for u in s["units"].values())


def test_e42_h31_djinn_rolls_at_the_start_of_its_players_turn():
    s, a, b, mage, thorwal = table()
    s["units"][mage]["values"]["ms"] = 5
    s, strong = summoned(s, 0, mage, name="Djinn of Air", ms=5)
    druid = unit(s, 0, a, name="Druid", cls="druid")
    s, weak = summoned(s, 0, druid, name="Djinn of Water", ms=1)
    refused(s, "djinn_roll", "H31", player=0, unit=strong, roll=6)  # no roll due yet
    s = end_turn(end_turn(s))
    assert s["djinn_rolls_due"] == [strong, weak]
    offered = enumerate_magic(s, GAME)
    assert {a.type for a in offered} == {"djinn_roll"} and GAME.enumerate_actions(s) == offered
    refused(s, "djinn_roll", "H31", player=1, unit=strong, roll=6)
    gone = ok(s, "djinn_roll", player=0, unit=strong, roll=5)  # 1-5 vanishes
    assert strong not in gone["units"]
    s = ok(s, "djinn_roll", player=0, unit=strong, roll=6)  # only a 6 keeps it
    s = ok(s, "djinn_roll", player=0, unit=weak, roll=2)  # a MS 1 djinn goes only on a 1
    assert strong in s["units"] and weak in s["units"] and s["djinn_rolls_due"] == []
    assert enumerate_magic(s, GAME) is None


# ------------------------------------------------------------------ miracles (R56-R59; E47)

def with_bo(**options):
    s, a, b, mage, thorwal = table(**options)
    bo = unit(s, 0, a, name="Blessed One of Phex", ms=0, spellcaster=False, cls="blessed_one", deity="Phex")
    return s, a, b, mage, thorwal, bo


def test_r56_a_miracle_needs_a_blessed_one():
    s, a, b, mage, thorwal = table()
    refused(s, "work_miracle", "R56", player=0, blessed_one=mage, name="Phex's Luck", deity="Phex", mode="effect")
    s, a, b, mage, thorwal, bo = with_bo()
    refused(s, "work_miracle", "R56", player=0, blessed_one=mage, name="Phex's Luck", deity="Phex", mode="effect")
    s = ok(s, "work_miracle", player=0, blessed_one=bo, name="Phex's Luck", deity="Phex", mode="effect")
    assert s["players"][0]["discard_count"] == 1


def test_e47_r57_another_gods_miracle_needs_the_roll_off():
    s, a, b, mage, thorwal, bo = with_bo()
    kw = dict(player=0, blessed_one=bo, name="Efferd's Water-Conversion", deity="Efferd", mode="effect")
    refused(s, "work_miracle", "R57", **kw)
    won = ok(s, "work_miracle", roll=2, opponent_roll=2, **kw)
    assert won["players"][0]["discard_count"] == 1
    deck, hand = s["players"][0]["deck_count"], s["players"][0]["hand_count"]
    lost = ok(s, "work_miracle", roll=2, opponent_roll=3, **kw)
    assert lost["players"][0]["deck_count"] == deck + 1 and lost["players"][0]["hand_count"] == hand - 1
    assert lost["players"][0]["discard_count"] == 0


def test_r58_miracles_any_time_by_either_player():
    s, a, b, mage, thorwal = table()
    ben_bo = unit(s, 1, b, name="Blessed One of Rondra", ms=0, spellcaster=False, cls="blessed_one",
                  deity="Rondra")
    s["phase"] = "discard"
    ok(s, "work_miracle", player=1, blessed_one=ben_bo, name="Rondra's Fighting Spirit", deity="Rondra",
       mode="effect")


def test_r59_only_summoned_creatures_are_banished_e47_even_in_another_terrain():
    s, a, b, mage, thorwal = table()
    warlock = unit(s, 1, b, name="Warlock", cls="warlock")
    s, demon = summoned(s, 1, warlock, name="Heshthot", kind="demon")
    bo = unit(s, 0, a, name="Blessed One of Phex", ms=0, spellcaster=False, cls="blessed_one", deity="Phex")
    kw = dict(player=0, blessed_one=bo, name="Praios' Light", deity="Praios", mode="banish")
    refused(s, "work_miracle", "R59", target=thorwal, roll=3, opponent_roll=1, **kw)
    refused(s, "work_miracle", "H34", roll=3, opponent_roll=1, **kw)
    refused(s, "work_miracle", "R57", target=demon, **kw)  # off-deity: the roll is still needed (AB)
    done = ok(s, "work_miracle", target=demon, roll=3, opponent_roll=1, **kw)
    assert demon not in done["units"] and done["players"][1]["discard_count"] == 1
    s["rules"]["ab_errata"] = False
    refused(s, "work_miracle", "R59", target=demon, roll=3, opponent_roll=1, **kw)
    s["units"][bo]["terrain"] = b
    ok(s, "work_miracle", target=demon, roll=3, opponent_roll=1, **kw)


# ------------------------------------------------------------------ events (R61, R62; E15, E49)

def test_e49_e15_r61_one_event_name_per_turn_for_both_players_under_essen():
    s, *_ = table(essen96=True)
    s = ok(s, "play_event", player=0, name="Succession")
    refused(s, "play_event", "R61", player=1, name="Succession")
    refused(s, "play_event", "R61", player=0, name="succession ")
    s = ok(s, "play_event", player=1, name="Internal Dispute")
    s["rules"]["event_limit"] = "player"
    ok(s, "play_event", player=1, name="Succession")
    base, *_ = table()
    base = ok(base, "play_event", player=0, name="Succession")
    base = ok(base, "play_event", player=1, name="Succession")
    assert base["players"][1]["discard_count"] == 1
    s = end_turn(s)
    ok(s, "play_event", player=1, name="Succession")  # a new turn


def test_r62_events_follow_their_text():
    s, *_ = table()
    refused(s, "play_event", "R62", player=0, name="Healing Potion", timing_ok=False)
    ok(s, "play_event", player=0, name="Healing Potion", timing_ok=True, ocean=False)
