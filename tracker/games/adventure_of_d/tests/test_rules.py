"""Setup, the turn, the reveals, the rest and the invariants: every rule's refusal (its id) and the
accepted neighbour."""
import pytest

from tracker.engine import Action, SetupError, decide, initial_state

from .. import GAME
from ..setup import EXAMPLE_MAP
from .helpers import ok, refused_by, reveal_and_accept, rule, run, set_hp, start, to_main


def setup_error(mode, players, **options):
    with pytest.raises(SetupError) as refused:
        initial_state(GAME, mode, players, options)
    return refused.value.errors


# -- setup (4. Setup) --------------------------------------------------------------------------

def test_solo_starts_with_magic_4_hp_6_and_8_timer_cards_by_default():
    s = start()
    p = s["players"][0]
    assert (p["hp"], p["magic"], p["strength"], p["location"]) == (6, 4, 1, "Castle of Light")
    assert (s["timer_cards"], s["hero_deck"], s["power_deck"], s["discard_pile"]) == (8, 7, 53, 1)
    assert s["phase"] == "reveal" and s["reveals_left"] == 2 and s["decider"] == 0


@pytest.mark.parametrize("difficulty,timers", [("beginner", 8), ("medium", 6), ("expert", 5)])
def test_difficulty_sets_the_timer_cards(difficulty, timers):
    assert start(difficulty=difficulty)["timer_cards"] == timers
    assert start("co_op", 2, difficulty=difficulty)["hero_deck"] == 16 - 2 - timers


def test_heroic_uses_5_timer_cards_and_is_refused_in_competitive_naming_the_field():
    assert start(heroic=True)["timer_cards"] == 5 and start("co_op", 3, heroic=True)["heroic"]
    players = [{"name": "Amy"}, {"name": "Bob"}]
    assert list(setup_error("competitive", players, heroic=True)) == ["options.heroic"]
    # Heroic Mode's 5 timer cards stand whatever difficulty the body names
    assert start(heroic=True, difficulty="beginner")["timer_cards"] == 5


def test_co_op_three_players_start_with_5_cards_and_no_magic_the_last_seat_holds_the_timer():
    s = start("co_op", 3, difficulty="medium", starting_player=1)
    assert [p["hp"] for p in s["players"]] == [5, 5, 5] and [p["magic"] for p in s["players"]] == [0, 0, 0]
    assert (s["power_deck"], s["discard_pile"], s["hero_deck"], s["timer_cards"]) == (42, 3, 7, 6)
    assert s["timer_holder"] == 0 and s["active_player"] == 1 and s["decider"] == 2


def test_competitive_magic_runs_0_2_4_in_turn_order_and_has_no_timer():
    s = start("competitive", 3, starting_player=1)
    assert [p["magic"] for p in s["players"]] == [4, 0, 2]
    assert (s["timer_cards"], s["power_deck"], s["hero_deck"]) == (None, 39, 13)
    assert [p["hp"] for p in start("co_op", 2)["players"]] == [6, 6]


def test_r1_player_counts_per_mode():
    assert "players" in setup_error("solo", [{"name": "Amy"}, {"name": "Bob"}])
    assert "players" in setup_error("co_op", [{"name": n} for n in "ABCD"])
    assert start("competitive", 3)["players"][2]["name"] == "Cara"


def test_r3_a_hero_dealt_twice_is_a_400():
    errors = setup_error("co_op", [{"name": "Amy", "hero": "Dwarf"}, {"name": "Bob", "hero": "Dwarf"}])
    assert list(errors) == ["players.1.hero"]
    assert initial_state(GAME, "co_op", [{"name": "Amy", "hero": "Dwarf"}, {"name": "Bob", "hero": "Elf"}], {})


def test_r4_setup_check_raises_its_type_and_only_neutral_chooses():
    errors = setup_error("solo", [{"name": "Amy", "setup_check": "agility", "raise": "strength"}])
    assert list(errors) == ["players.0.raise"]
    assert list(setup_error("solo", [{"name": "Amy", "setup_check": "neutral"}])) == ["players.0.raise"]
    s = initial_state(GAME, "solo", [{"name": "Amy", "setup_check": "neutral", "raise": "agility"}], {"map": EXAMPLE_MAP})
    assert s["players"][0]["agility"] == 1 and s["phase"] == "reveal"
    # in the setup phase: the action takes it
    s = initial_state(GAME, "co_op", [{"name": "Amy"}, {"name": "Bob", "setup_check": "strength"}], {"map": EXAMPLE_MAP})
    assert s["phase"] == "setup"
    assert refused_by(run(s, "setup_check", player=0, type="agility", **{"raise": "strength"})) == [rule("R4")]
    assert refused_by(run(s, "setup_check", player=1, type="agility")) == [rule("R4")]  # made already
    s = ok(s, "setup_check", player=0, type="agility")
    assert s["players"][0]["agility"] == 1 and s["phase"] == "reveal" and s["discard_pile"] == 2


def test_r7_the_map_needs_12_locations_one_castle_and_one_tower():
    two_towers = [dict(loc) for loc in EXAMPLE_MAP]
    two_towers[1]["name"] = "Tower of Death"
    assert list(setup_error("solo", [{"name": "Amy"}], map=two_towers)) == ["options.map"]
    assert list(setup_error("solo", [{"name": "Amy"}], map=EXAMPLE_MAP[:11])) == ["options.map"]
    # placed in the setup phase when the body has no map
    s = initial_state(GAME, "solo", [{"name": "Amy", "setup_check": "strength"}], {})
    assert s["phase"] == "setup"
    for i, loc in enumerate(EXAMPLE_MAP[:10]):
        if loc["name"] != "Tower of Death":
            s = ok(s, "place_location", slot="ABCDEFGHIJKL"[i], **loc)
        else:
            s = ok(s, "place_location", slot="ABCDEFGHIJKL"[i], name="Tower of Death", danger=3)
    assert refused_by(run(s, "place_location", slot="A", name="Somewhere", danger=1)) == [rule("R7")]  # taken
    assert refused_by(run(s, "place_location", slot="K", name="Village of Dawn", danger=1)) == [rule("R7")]  # twice
    s2 = ok(s, "place_location", slot="K", name="Bridge of Ash", danger=2)
    assert s2["phase"] == "setup"
    assert ok(s2, "place_location", slot="L", name="Temple of Moon", danger=1)["phase"] == "reveal"
    s["map"][0]["name"] = None  # the Castle still to place: the last free slot can't take another name
    s = ok(ok(s, "place_location", slot="K", name="Bridge of Ash", danger=2), "place_location", slot="L",
           name="Temple of Moon", danger=1)
    assert refused_by(run(s, "place_location", slot="A", name="Somewhere", danger=1)) == [rule("R7")]
    assert ok(s, "place_location", slot="A", name="Castle of Light", danger=0)["phase"] == "reveal"


def test_r23_nothing_is_played_before_the_setup_is_done():
    s = initial_state(GAME, "solo", [{"name": "Amy"}], {"map": EXAMPLE_MAP})
    assert refused_by(run(s, "reveal_event", player=0, type="strength", power=2, location="Lake of Hope")) == [rule("R23")]
    assert refused_by(run(s, "heal", player=0, count=1)) == [rule("R23")]
    # hard: with no turn begun there is no decider, so no reason lets a reveal through
    assert refused_by(run(s, "reveal_event", override="card text", player=0, type="strength", power=2,
                          location="Lake of Hope")) == [rule("R23")]
    s = ok(s, "setup_check", player=0, type="strength")
    assert ok(s, "reveal_event", player=0, type="strength", power=2, location="Lake of Hope")["pending_event"]


def test_an_unknown_location_is_a_400_naming_the_field():
    from tracker.engine import ParamError
    with pytest.raises(ParamError) as bad:
        decide(GAME, start(), Action("reveal_event", {"player": 0, "type": "strength", "power": 2, "location": "Moon"}))
    assert list(bad.value.errors) == ["params.location"]


# -- the turn ----------------------------------------------------------------------------------

def test_r16_only_the_active_player_reveals_and_moves():
    s = start("co_op", 2)
    assert refused_by(run(s, "reveal_event", player=1, type="strength", power=2, location="Lake of Hope")) == [rule("R16")]
    s = to_main(s)
    assert refused_by(run(s, "move", player=1, to="Village of Dawn", card_type="neutral", card_power=0, check=0)) == [rule("R16")]
    assert ok(s, "move", player=0, to="Village of Dawn", card_type="neutral", card_power=0, check=0)


def test_r17_two_events_before_the_main_phase_and_a_third_only_on_an_empty_map():
    s = start()
    s = reveal_and_accept(s)
    assert refused_by(run(s, "move", player=0, to="Village of Dawn", card_type="neutral", card_power=0, check=0)) == [rule("R17")]
    s = reveal_and_accept(s, "agility", 2, "Temple of Moon")
    assert s["phase"] == "main"
    assert refused_by(run(s, "reveal_event", player=0, type="neutral", power=1, location="Field of Stars")) == [rule("R17")]
    s["events"], s["discard_pile"] = [], s["discard_pile"] + 2  # both trashed by card text
    assert ok(s, "reveal_event", player=0, type="neutral", power=1, location="Field of Stars")["pending_event"]


def test_r18_a_pending_event_blocks_everything_but_the_answer():
    s = ok(start(), "reveal_event", player=0, type="strength", power=2, location="Lake of Hope")
    assert refused_by(run(s, "reveal_event", player=0, type="strength", power=2, location="Lake of Hope")) == [rule("R18")]
    assert refused_by(run(s, "heal", player=0, count=1)) == [rule("R18")]
    assert ok(s, "accept_event", player=0)["events"][0]["location"] == "Lake of Hope"


def test_r19_only_the_next_player_decides():
    s = start("co_op", 3)
    assert refused_by(run(s, "accept_event", player=1)) == [rule("R19")]  # nothing revealed
    s = ok(s, "reveal_event", player=0, type="strength", power=2, location="Lake of Hope")
    assert refused_by(run(s, "accept_event", player=2)) == [rule("R19")]
    assert refused_by(run(s, "reject_event", player=0, pay="card")) == [rule("R19")]
    assert ok(s, "accept_event", player=1)["reveals_left"] == 1


def test_r20_rejecting_costs_2_magic_or_a_card():
    s = ok(start("co_op", 2), "reveal_event", player=0, type="strength", power=2, location="Lake of Hope")
    assert refused_by(run(s, "reject_event", player=1, pay="magic")) == [rule("R20")]  # co-op: no magic
    s["players"][1]["magic"] = 2
    after = ok(s, "reject_event", player=1, pay="magic")
    assert after["players"][1]["magic"] == 0 and after["pending_event"] is None and after["discard_pile"] == s["discard_pile"] + 1


def test_r21_at_hp_0_the_decider_rejects_only_with_magic_and_plays_on():
    s = ok(start("co_op", 2), "reveal_event", player=0, type="strength", power=2, location="Lake of Hope")
    set_hp(s, 1, 0)
    assert refused_by(run(s, "reject_event", player=1, pay="card")) == [rule("R21")]
    s["players"][1]["magic"] = 2
    assert ok(s, "reject_event", player=1, pay="magic")["players"][1]["hp"] == 0  # R65: off-turn, nothing yet


def test_r44_an_empty_map_asks_for_a_reveal_before_a_move():
    s = to_main(start())
    s["events"], s["discard_pile"] = [], s["discard_pile"] + 2
    assert refused_by(run(s, "move", player=0, to="Village of Dawn", card_type="neutral", card_power=0, check=0)) == [rule("R44")]
    s = reveal_and_accept(s, "agility", 2, "Castle of Light")
    assert s["phase"] == "main" and ok(s, "move", player=0, to="Village of Dawn", card_type="neutral", card_power=0, check=0)


def test_r60_rest_keeps_one_card():
    s = to_main(start())
    set_hp(s, 0, 3)
    assert refused_by(run(s, "rest", player=0, discard=3)) == [rule("R60")]
    after = ok(s, "rest", player=0, discard=2)
    assert after["players"][0]["hp"] == 6 and after["round"] == 2  # Castle of Light, danger 0: draw to 6


def test_rest_ends_the_turn_the_pile_goes_under_the_deck_and_the_timer_ticks():
    s = to_main(start())
    after = ok(s, "rest", player=0)
    assert (after["discard_pile"], after["timer_cards"], after["hero_deck"], after["phase"]) == (0, 7, 8, "reveal")
    assert after["power_deck"] == s["power_deck"] + s["discard_pile"]


def test_r63_heroic_rest_pays_1_magic_at_danger_0_or_draws_to_5():
    s = to_main(start(heroic=True))
    set_hp(s, 0, 2)
    plain = ok(s, "rest", player=0)["players"][0]
    assert (plain["hp"], plain["magic"]) == (5, 4)
    paid = ok(s, "rest", player=0, pay_magic=True)["players"][0]
    assert (paid["hp"], paid["magic"]) == (6, 3)
    s["players"][0]["magic"] = 0
    assert refused_by(run(s, "rest", player=0, pay_magic=True)) == [rule("R63")]
    assert refused_by(run(to_main(start()), "rest", player=0, pay_magic=True)) == [rule("R63")]  # not heroic


def test_heroic_rest_elsewhere_gains_danger_minus_1():
    s = to_main(start(heroic=True))
    s["players"][0]["location"] = "Cave of Whispers"  # danger 3
    set_hp(s, 0, 1)
    p = ok(s, "rest", player=0)["players"][0]
    assert (p["hp"], p["magic"]) == (3, 6)


def test_the_timer_runs_out_after_x_plus_1_rounds():
    s = start(difficulty="expert")
    for n in range(6):
        s = ok(to_main(s), "rest", player=0)
        if n < 5:
            assert GAME.outcome(s) is None and s["timer_cards"] == 4 - n
    assert GAME.outcome(s) == {"result": "lost", "winners": []} and s["lost_reason"] == "timer"
    assert refused_by(run(s, "heal", player=0, count=1)) == [rule("R77")]
    assert not run(s, "heal", override="card", player=0, count=1).accepted  # R77 is hard


# -- the invariants ----------------------------------------------------------------------------

def test_r12_r13_r14_r15_hard_invariants_refuse_even_with_an_override():
    s = to_main(start())
    assert ok(s, "heal", player=0, count=1)
    broken = dict(s, power_deck=s["power_deck"] + 1)
    assert refused_by(run(broken, "show", override="we looked", player=0)) == [rule("R13")]
    broken = dict(s, hero_deck=s["hero_deck"] + 1)
    assert refused_by(run(broken, "show", override="x", player=0)) == [rule("R14")]
    broken = dict(s, events=s["events"] + [dict(s["events"][0], location="Field of Stars")], discard_pile=s["discard_pile"] - 1)
    assert refused_by(run(broken, "show", override="x", player=0)) == [rule("R15")]
    broken = dict(s, power_deck=-1, discard_pile=s["discard_pile"] + s["power_deck"] + 1)
    assert rule("R12") in refused_by(run(broken, "show", override="x", player=0))


def test_r78_card_values_by_type():
    s = start()
    assert refused_by(run(s, "reveal_event", player=0, type="strength", power=0, location="Lake of Hope")) == [rule("R78")]
    assert refused_by(run(s, "reveal_event", player=0, type="agility", power=6, location="Lake of Hope")) == [rule("R78")]
    assert ok(s, "reveal_event", player=0, type="neutral", power=0, location="Lake of Hope")
    assert ok(s, "reveal_event", player=0, type="neutral", power=6, location="Lake of Hope")


def test_the_event_danger_is_in_force_while_it_lies_there():
    """Correction 1 / A1: a red 2 on the Village of Dawn (danger 1) makes it danger 2 while it lies there."""
    s = to_main(start())
    s["events"], s["discard_pile"] = [], s["discard_pile"] + 2  # both trashed: the map asks for a reveal
    s = reveal_and_accept(s, "neutral", 1, "Village of Dawn", danger=2)
    assert s["events"] == [{"type": "neutral", "power": 1, "location": "Village of Dawn", "danger": 2}]
    move = dict(player=0, to="Village of Dawn", card_type="strength", card_power=3, check=2)
    assert refused_by(run(s, "move", **move)) == [rule("R31")]  # 2 <= 2: a shadow (1 would have been safe)
    s = set_hp(ok(s, "move", **move, shadow_pay="magic"), 0, 2)
    rested = ok(s, "rest", player=0)["players"][0]
    assert (rested["hp"], rested["magic"]) == (4, 3)  # draw to 6 - 2, magic 1 + 2
