"""Dark Force over-limit claims: capacity, a Blessed One beside its owner's mage, a leadership excess (R24, R30, R37)."""
from tracker.engine import Action, copy_state, decide, initial_state
from tracker.games.dark_force import GAME
from tracker.games.dark_force.movement import enumerate_movement, make_unit
from tracker.games.dark_force.movement_rules import placement
from tracker.games.dark_force.state import adjacent_terrains, count_terrains, new_id, terrain
from .movement_helpers import (  # noqa: F401
    army, creature, hero, new, ok, place, put, refused, run, to_execute, two_sides,
)


def test_r30_claim_over_limit_base_and_essen():
    for essen in (False, True):
        s, a, b = two_sides(essen96=essen)
        extra = [put(s, 1, b, "army", "Marus", 3), put(s, 1, b, "army", "Vets", 1)]
        refused(s, "claim_over_limit", "R30", player=0, terrain=b, units=extra)  # AS 4 in Cap 3: more than the excess
        refused(s, "claim_over_limit", "R30", player=1, terrain=b, units=[extra[0]])  # not one's own units
        s = ok(s, "claim_over_limit", player=0, terrain=b, units=[extra[0]])
        assert extra[0] not in s["units"]
        if essen:
            assert s["players"][1]["borons_halls"]["points"] == 3 and s["ledger"] == []
        else:
            assert s["ledger"][-1] == {"card": "Marus", "from": 1, "to": 0, "reason": "over_capacity"}
        refused(s, "claim_over_limit", "R30", player=0, terrain=b, units=[extra[1]])  # within limits now


def test_r30_excess_creatures_go_to_the_claimants_discard_pile():
    s, a, b = two_sides()
    mtn = place(s, 1, (1, -1), "Mountain", cap=1)
    bears = [put(s, 1, mtn, "creature", "Bear", 2), put(s, 1, mtn, "creature", "Wolf", 3)]
    s = ok(s, "claim_over_limit", player=0, terrain=mtn, units=[bears[1]])
    assert s["players"][0]["discard_count"] == 1 and s["ledger"][-1]["reason"] == "creature_limit"


# ------------------------------------------------------------------ declaring moves (R7, R33-R39, R42)

def test_e48_blessed_one_conflict_claim_base_and_essen():
    for essen in (False, True):
        s, a, b = two_sides(essen96=essen)
        terrain(s, a)["expansions"].append({"name": "Phex Temple", "cs": 0, "ms": 0, "cap": 0, "temple": "Phex"})
        bo = put(s, 0, a, "hero", "BO of Phex", 2, **{"class": "blessed_one", "deity": "Phex"})
        vets = put(s, 0, a, "army", "Veterans", 1)
        c = place(s, 0, (1, -1), "Hills")
        mage = put(s, 0, c, "hero", "Gray Mage", 3, **{"class": "gray_mage"})
        claim = dict(player=1, terrain=a, reason="blessed_one_conflict")
        assert "No Blessed One" in refused(s, "claim_over_limit", "R24", **claim, units=[bo])  # no conflict yet
        moved = run(s, "declare_move", "the table allows it", player=0, **{"from": c}, to=a, units=[mage])
        assert moved.accepted and "dark-force.R24" in {v.rule_id for v in moved.overridden}
        s = to_execute(moved.state)
        s = ok(s, "execute_move", player=0, move=s["moves"][0]["id"])
        assert s["units"][mage]["terrain"] == a
        refused(s, "claim_over_limit", "R24", **claim, units=[vets])  # not one of the pair
        refused(s, "claim_over_limit", "R24", **claim, units=[bo, mage])  # the owner gives up one card
        refused(s, "claim_over_limit", "R24", player=0, terrain=a, reason="blessed_one_conflict", units=[bo])
        ok(s, "claim_over_limit", **claim, units=[bo])  # the owner may give up either
        s = ok(s, "claim_over_limit", **claim, units=[mage])
        assert mage not in s["units"] and bo in s["units"]
        if essen:
            assert s["players"][0]["borons_halls"]["points"] == 3 and s["ledger"] == []
        else:
            assert s["ledger"][-1] == {"card": "Gray Mage", "from": 0, "to": 1, "reason": "blessed_one_conflict"}
            assert s["players"][0]["borons_halls"]["points"] == 0
        refused(s, "claim_over_limit", "R24", **claim, units=[bo])  # settled


def _led_too_much(essen=False):
    """Ann's Norbade (Ldr 3, +2 from a banner) led Marus 3 + Cave Bear 2 + Vets 1 = 6 into Ben's Plains."""
    s, a, b = two_sides(essen96=essen)
    terrain(s, b)["values"]["cap"] = 9
    nor = put(s, 0, b, "hero", "Norbade", 3, moved=True)
    banner = put(s, 0, b, "equipment", "Banner", equipped_to=nor, category="other",
                 mods={"cs": 0, "cd": 0, "ms": 0, "mr": 0, "third": 2}, moved=True)
    led = [put(s, 0, b, "army", "Marus", 3, moved=True), put(s, 0, b, "creature", "Cave Bear", 2, moved=True),
           put(s, 0, b, "army", "Vets", 1, moved=True)]
    s["moves"].append({"id": new_id(s, "m"), "player": 0, "from": a, "to": b, "path": [b],
                       "units": [nor, banner, *led], "leader_of": {nor: list(led)}, "done": True, "executed": True})
    return s, a, b, nor, led


def test_r37_leadership_excess_found_later_base_and_essen():
    for essen in (False, True):
        s, a, b, nor, (marus, bear, vets) = _led_too_much(essen)
        claim = dict(player=1, terrain=b, reason="leadership", hero=nor)
        assert "more than the excess" in refused(s, "claim_over_limit", "R37", **claim, units=[bear, vets])
        refused(s, "claim_over_limit", "R37", **claim, units=[put(s, 0, b, "army", "Orcs", 2)])  # not led
        gone = ok(s, "claim_over_limit", **claim, units=[bear])  # Ldr 5 with the banner: 3 + 1 stay
        s = ok(s, "claim_over_limit", **claim, units=[vets])
        assert vets not in s["units"] and bear not in gone["units"]
        if essen:
            assert s["players"][0]["borons_halls"]["points"] == 1 and s["ledger"] == []
            assert gone["players"][0]["borons_halls"]["points"] == 2 and gone["players"][1]["discard_count"] == 0
        else:
            assert s["ledger"][-1] == {"card": "Vets", "from": 0, "to": 1, "reason": "leadership"}
            assert gone["players"][1]["discard_count"] == 1 and gone["ledger"][-1]["reason"] == "leadership"
        # now within the Leadership: nothing more to claim
        assert "within its Leadership 5" in refused(s, "claim_over_limit", "R37", **claim, units=[bear])


def test_r37_leadership_claim_needs_an_opponents_hero_that_led_too_much():
    s, a, b, nor, (marus, bear, vets) = _led_too_much()
    claim = dict(player=1, reason="leadership", units=[vets])
    refused(s, "claim_over_limit", "R37", **claim, terrain=b, hero="u999")
    refused(s, "claim_over_limit", "R37", **claim, terrain=b, hero=marus)  # not a hero
    refused(s, "claim_over_limit", "R37", player=0, terrain=b, reason="leadership", hero=nor, units=[vets])
    refused(s, "claim_over_limit", "R37", **claim, terrain=a, hero=nor)  # the hero is elsewhere
    other = put(s, 0, b, "hero", "Mercenary", 2)
    assert "led no move" in refused(s, "claim_over_limit", "R37", **claim, terrain=b, hero=other)
    ok(s, "claim_over_limit", **claim, terrain=b, hero=other, led=[bear, vets])  # named: 3 > 2, remove Vets
    ok(s, "claim_over_limit", **claim, terrain=b, hero=nor)


def test_r37_leadership_claim_removes_exactly_the_excess_with_a_named_group():
    s, a, b, nor, (marus, bear, vets) = _led_too_much()
    orcs = put(s, 0, b, "army", "Orcs", 2)
    claim = dict(player=1, terrain=b, reason="leadership", hero=nor)
    assert "still leave" in refused(s, "claim_over_limit", "R37", **claim, led=[marus, bear, vets, orcs],
                                    units=[vets])  # 8 - 1 > 5
    ok(s, "claim_over_limit", **claim, led=[marus, bear, vets, orcs], units=[marus])  # 8 - 3 = 5
    refused(s, "claim_over_limit", "R37", **claim, led=[marus, bear], units=[bear])  # 5: the banner counts
    assert "only its own side" in refused(s, "claim_over_limit", "R37", **claim, led=[marus, nor], units=[marus])
    wild = put(s, 0, b, "creature", "Wild Beast", "#")
    refused(s, "claim_over_limit", "R37", **claim, led=[marus, wild], units=[marus])  # "#" can never be led
    ok(s, "claim_over_limit", **claim, led=[marus, wild], units=[wild])


def test_claims_for_other_reasons_skip_the_capacity_check_and_capacity_stays_the_default():
    s, a, b, nor, (marus, bear, vets) = _led_too_much()
    terrain(s, b)["values"]["cap"] = 3  # armies 3 + 1 over Capacity 3 as well
    ok(s, "claim_over_limit", player=1, terrain=b, reason="leadership", hero=nor, units=[bear])
    refused(s, "claim_over_limit", "R30", player=1, terrain=b, reason="capacity", units=[bear])
    r = run(s, "claim_over_limit", player=1, terrain=b, units=[vets])
    assert r.accepted and r.state["ledger"][-1]["reason"] == "over_capacity"
    assert ok(s, "claim_over_limit", player=1, terrain=b, reason="capacity", units=[vets]) == r.state
