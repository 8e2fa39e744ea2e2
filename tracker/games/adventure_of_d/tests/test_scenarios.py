"""The rulebook's worked examples, played through the engine: revealing, placing, the move, the test,
the rest, the two Tower FAQs and the test FAQ, and Heroes Assemble."""
from .. import GAME
from .helpers import ok, refused_by, reveal_and_accept, rule, run, set_hp, start, to_main

TOWER = "Tower of Death"


def test_revealing_a_new_event_example():
    """[5.1 Reveal a New Event] worked example: the decider turns down two reveals (2 magic, then a
    strength card) and keeps the third, which lands on the map."""
    s = start("co_op", 2)
    s = ok(s, "change_stat", player=1, stat="magic", amount=2)  # Bob has magic to spend
    before = s["discard_pile"]
    s = ok(s, "reveal_event", player=0, type="agility", power=2, location="Field of Stars")
    s = ok(s, "reject_event", player=1, pay="magic")
    s = ok(s, "reveal_event", player=0, type="neutral", power=4, location="Harbour of Mist")
    s = ok(s, "reject_event", player=1, pay="card")
    s = ok(s, "reveal_event", player=0, type="intelligence", power=3, location="Bridge of Ash")
    s = ok(s, "accept_event", player=1)
    bob = s["players"][1]
    assert (bob["magic"], bob["hp"]) == (0, 5)
    assert s["discard_pile"] == before + 3  # two rejected events and Bob's card
    assert s["events"] == [{"type": "intelligence", "power": 3, "location": "Bridge of Ash"}]
    assert s["reveals_left"] == 1


def _place(state, type, location):
    """A revealed event accepted by the decider (the card leaves the deck when revealed)."""
    state = ok(state, "reveal_event", player=0, type=type, power=2, location=location)
    return ok(state, "accept_event", player=0)


def test_placing_a_new_event_examples():
    """[5.1] placing examples: with strength on the Castle of Light and neutral on the Lake of Hope
    already out, each of the three new events displaces what the rulebook says."""
    s = reveal_and_accept(start(), "strength", 3, "Castle of Light")
    s = reveal_and_accept(s, "neutral", 2, "Lake of Hope")
    s["phase"], s["reveals_left"] = "reveal", 1  # the picture of the example, one reveal still to come
    base = s["discard_pile"]
    first = _place(s, "strength", "Mountain of Mage")  # the strength event on the Castle is discarded
    assert {(e["type"], e["location"]) for e in first["events"]} == {("neutral", "Lake of Hope"),
                                                                     ("strength", "Mountain of Mage")}
    assert first["discard_pile"] == base + 1
    second = _place(s, "neutral", "Castle of Light")  # both existing events are discarded
    assert [(e["type"], e["location"]) for e in second["events"]] == [("neutral", "Castle of Light")]
    assert second["discard_pile"] == base + 2
    third = _place(s, "intelligence", "Old Village of Dew")  # placed: now 3 events on the map
    assert len(third["events"]) == 3 and third["discard_pile"] == base


def test_move_example():
    """A neutral 4 as move card into danger 2, check 2: a shadow of power 4. A strength 5 discarded gives
    magic 4; spending magic 4 gives nothing."""
    s = to_main(start())
    s["players"][0]["magic"] = 4
    move = dict(player=0, to="Old Village of Dew", card_type="neutral", card_power=4, check=2)  # E, danger 2
    assert refused_by(run(s, "move", **move)) == [rule("R31")]
    s["players"][0]["magic"] = 0
    by_card = ok(s, "move", **move, shadow_pay="cards", shadow_powers=[5])["players"][0]
    assert (by_card["hp"], by_card["magic"]) == (4, 4)
    s["players"][0]["magic"] = 4
    by_magic = ok(s, "move", **move, shadow_pay="magic")["players"][0]
    assert (by_magic["hp"], by_magic["magic"], by_magic["location"]) == (5, 0, "Old Village of Dew")


def test_test_example():
    """Strength 2, agility 0, intelligence 1 challenge intelligence 6 with a strength 3: no bonus, check 2,
    3 + 1 + 2 = 6: a win; the test card is discarded."""
    s = to_main(start())
    s["players"][0].update(strength=2, intelligence=1, agility=0)
    after = ok(s, "test", player=0, attribute="intelligence", difficulty=6, card_type="strength", card_power=3, check=2)
    assert after["last_test"] == {"player": 0, "total": 6, "bonus": False, "result": "win"}
    assert after["players"][0]["hp"] == 5 and after["discard_pile"] == s["discard_pile"] + 2


def test_rest_example():
    """HP 2 on danger 2: discard one (HP 1), draw to 6 - 2 = 4, magic 2."""
    s = to_main(start())
    s["players"][0].update(location="Mountain of Mage", magic=0)  # C, danger 2
    set_hp(s, 0, 2)
    after = ok(s, "rest", player=0, discard=1)
    assert (after["players"][0]["hp"], after["players"][0]["magic"]) == (4, 2)


def test_faq_the_last_card_as_test_card_is_hp_0_no_bonus_no_win():
    """HP 1, an intelligence 5, challenge intelligence 5: once played, HP 0; the turn ends."""
    s = to_main(start())
    set_hp(s, 0, 1)
    after = ok(s, "test", player=0, attribute="intelligence", difficulty=5, card_type="intelligence", card_power=5,
               check=3)
    assert after["last_test"] == {"player": 0, "total": None, "bonus": False, "result": None}
    p = after["players"][0]
    assert (p["hp"], p["magic"], after["round"], after["phase"]) == (1, 5, 2, "reveal")


def test_faq_no_tasty_tomato_between_rooms():
    s = to_main(start())
    s["players"][0].update(location=TOWER, items=[{"name": "Tasty Tomato", "kind": "event", "type": "neutral"}])
    s["discard_pile"] -= 1
    s = ok(ok(ok(s, "enter_tower", player=0), "next_room", player=0), "test", player=0, attribute="strength",
           difficulty=2, card_type="neutral", card_power=1, check=1)
    assert s["tower"]["room"] == 2
    assert refused_by(run(s, "take_action", player=0, source="item", name="Tasty Tomato")) == [rule("R43")]
    assert ok(s, "next_room", player=0)["tower"]["room"] == 3


def test_faq_bob_cannot_drink_a_potion_after_heroes_assemble():
    s = to_main(start("co_op", 2))
    s["players"][0]["location"] = TOWER
    s["players"][1]["items"].append({"name": "Potion of Agility", "kind": "event", "type": "agility"})
    s["discard_pile"] -= 1
    s = ok(s, "enter_tower", player=0)
    assert refused_by(run(s, "take_action", player=1, source="item", name="Potion of Agility")) == [rule("R43")]


def test_heroes_assemble_and_a_minor_win():
    """Co-op, 3 heroes: Amy on the Tower; Bob at HP 1 elsewhere joins without discarding; Cara at HP 4
    elsewhere discards one and joins; all enter. Amy and Cara defeat Elzoof, Bob does not: a minor win."""
    s = to_main(start("co_op", 3))
    s["players"][0]["location"] = TOWER
    s["players"][1]["location"], s["players"][2]["location"] = "Lake of Hope", "Cave of Whispers"
    set_hp(s, 1, 1)
    set_hp(s, 2, 4)
    s = ok(s, "enter_tower", player=0)
    assert [p["location"] for p in s["players"]] == [TOWER] * 3
    assert [p["hp"] for p in s["players"]] == [5, 1, 3]
    assert s["tower"] == {"room": 1, "participants": [0, 1, 2]}
    for room in range(2):
        for seat in range(3):
            s = ok(s, "test", player=seat, attribute="strength", difficulty=1, card_type="neutral", card_power=2,
                   check=1) if seat != 1 else s
        s = ok(s, "next_room", player=0)
    s = ok(s, "elzoof_result", player=0, defeated=True)
    s = ok(s, "elzoof_result", player=1, defeated=False)
    assert GAME.outcome(s) is None
    s = ok(s, "elzoof_result", player=2, defeated=True)
    assert GAME.outcome(s) == {"result": "won", "winners": [0, 1, 2], "tier": "minor"}
