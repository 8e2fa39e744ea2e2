"""The Pathfinder turn stepper: setup, the hour, give, move, explore, close, end of turn, death.

Each legality test shows the refusal (the rule id among the violations) and the accepted neighbour.
"""
from __future__ import annotations

from .helpers import (
    VALEROS,
    ONE, THREE, TWO, here, loc, new, ok, outcome, play, refused, run, started,
)

LEM = [{"name": "Lee", "character": "Lem"}]
EMPTY_HERE = [{"name": "Tower", "cards": 0}, {"name": "Ruin", "cards": 3}, {"name": "Cell", "cards": 3}]


def to_next_turn(state, player):
    """End the active character's turn (no recovery, hand at size) and advance the next hour."""
    state = ok(state, "end_turn", player=state["active_player"])
    return ok(state, "advance_hour", player=player)


def defeat(state, seat_=0, roll=20):
    """Attempt, pass and resolve the single check of the current encounter."""
    return play(state, ("declare_check", {"player": seat_, "skill": "strength", "die": 10}),
                ("roll_check", {"player": seat_, "roll": roll}), ("resolve_check", {"player": seat_}),
                ("resolve_encounter", {"player": seat_}))


def closed_by_henchman(players=TWO, **options):
    """The active character defeats a closing henchman while exploring and closes the location."""
    s = started(players, **options)
    s = ok(s, "explore", player=0, kind="henchman", closing=True, difficulty=5)
    s = defeat(s)
    return ok(s, "attempt_close", player=0, trigger="closing_henchman", success=True)


# ------------------------------------------------------------------ setup (R72, R73, R119, H1, R15)

def test_setup_state_counts_hands_and_decks():
    s = new(THREE)
    assert s["phase"] == "setup" and s["hour"] is None and s["hourglass"] == 30
    assert [(p["hand_count"], p["deck_count"]) for p in s["players"]] == [(4, 11), (5, 10), (6, 9)]
    assert all(p["location"] == s["locations"][0]["name"] for p in s["players"])


def test_r72_trade_keeps_deck_lists():
    s = new(TWO)
    assert "pathfinder.R72" in refused(s, "setup_trade", {"player": 0, "target": 1, "give_type": "weapon",
                                                          "take_type": "spell"})
    ok(s, "setup_trade", player=0, target=1, give_type="weapon", take_type="weapon")
    # Ezren's deck has no armor to give back
    s3 = new(THREE)
    assert "pathfinder.R72" in refused(s3, "setup_trade", {"player": 0, "target": 2, "give_type": "armor",
                                                           "take_type": "armor"})
    ok(s3, "setup_trade", player=0, target=2, give_type="item", take_type="item")


def test_r119_trades_before_hands_cohorts_after_and_setup_ends_at_the_first_hour():
    s = new(TWO)
    drawn = ok(s, "draw_starting_hand", player=0)
    assert "pathfinder.R119" in refused(drawn, "setup_trade", {"player": 0, "target": 1, "give_type": "weapon",
                                                               "take_type": "weapon"})
    ok(s, "setup_trade", player=0, target=1, give_type="weapon", take_type="weapon")
    assert "pathfinder.R119" in refused(s, "add_cohort", {"player": 0, "card": "Mercenary"})
    assert ok(drawn, "add_cohort", player=0, card="Mercenary")["players"][0]["hand_count"] == 5
    after = ok(s, "advance_hour", player=0)
    assert "pathfinder.R119" in refused(after, "choose_first_player", {"player": 1})
    ok(s, "choose_first_player", player=1)


def test_r73_favored_card_choice_and_redraw():
    lem = new(LEM)
    assert "pathfinder.R73" in refused(lem, "draw_starting_hand", {"player": 0})
    s = ok(lem, "choose_favored", player=0, card_type="spell")
    assert "pathfinder.R73" in refused(s, "draw_starting_hand", {"player": 0, "favored_in_hand": False})
    s = ok(s, "draw_starting_hand", player=0, redraws=1, favored_in_hand=True)
    assert s["players"][0]["favored_choice"] == "spell" and s["players"][0]["redraws"] == 1
    assert "pathfinder.R73" in refused(s, "choose_favored", {"player": 0, "card_type": "ally"})  # after the hand
    valeros = new()
    assert "pathfinder.R73" in refused(valeros, "choose_favored", {"player": 0, "card_type": "spell"})
    ok(valeros, "choose_favored", player=0, card_type="weapon")


def test_h1_start_locations_only_at_setup():
    s = new(TWO)
    s = ok(s, "choose_start_location", player=1, location="Cell")
    assert s["players"][1]["location"] == "Cell"
    # the default start location may be chosen explicitly too
    ok(s, "choose_start_location", player=0, location="Academy")
    after = ok(s, "advance_hour", player=0)
    assert "pathfinder.H1" in refused(after, "choose_start_location", {"player": 1, "location": "Academy"})


# ------------------------------------------------------------------ the hour (R1-R3, R6, R8, T1, T2)

def test_r1_nothing_played_between_turns():
    s = to_next_turn(started(), 0)
    between = ok(started(), "end_turn", player=0)
    assert between["phase"] == "advance_hour" and between["turn"] == 2
    assert "pathfinder.R1" in refused(between, "heal", {"target": 0, "count": 1})
    assert "pathfinder.R1" in refused(between, "play_card", {"player": 0, "card_type": "spell", "action": "discard"})
    ok(s, "heal", target=0, count=1)  # once the hour is advanced


def test_r2_advance_the_hour_first():
    s = new()
    assert "pathfinder.R2" in refused(s, "next_step", {"player": 0})
    between = ok(started(), "end_turn", player=0)
    assert "pathfinder.R2" in refused(between, "explore", {"player": 0})
    s = ok(between, "advance_hour", player=0)
    ok(s, "next_step", player=0)


def test_r3_one_advance_per_turn():
    s = started()
    assert "pathfinder.R3" in refused(s, "advance_hour", {"player": 0})
    s = ok(s, "end_turn", player=0)
    s = ok(s, "advance_hour", player=0)
    assert s["hourglass"] == 28 and s["turn"] == 2


def test_r6_turns_pass_to_the_left():
    s = new(THREE)
    assert "pathfinder.R6" in refused(s, "advance_hour", {"player": 1})
    s = ok(s, "advance_hour", player=0)
    s = ok(s, "end_turn", player=0)
    assert s["active_player"] == 1
    assert "pathfinder.R6" in refused(s, "advance_hour", {"player": 2})
    s = ok(s, "advance_hour", player=1)
    assert s["hour_advanced_by"] == 1


def test_r6_first_player_chosen_at_setup():
    s = ok(new(THREE), "choose_first_player", player=2)
    assert "pathfinder.R6" in refused(s, "advance_hour", {"player": 0})
    s = ok(s, "advance_hour", player=2)
    assert s["active_player"] == 2 and s["turn"] == 1


def test_r6_a_dead_characters_turn_is_skipped():
    s = started(THREE)
    s = ok(s, "character_dies", player=1, cause="a trap")
    assert s["active_player"] == 0  # off-turn death: the active turn continues
    s = ok(s, "end_turn", player=0)
    assert s["active_player"] == 2
    assert "pathfinder.R6" in refused(s, "advance_hour", {"player": 1})


def test_t2_the_last_blessing_makes_the_last_turn():
    s = started(hourglass=1)
    assert s["hourglass"] == 0 and s["hour"] == "Blessing 1" and outcome(s) is None
    s = ok(s, "explore", player=0, kind="ally")  # the turn proceeds normally
    assert s["encounter"]["card"] == "ally"


def test_t1_r8_empty_hourglass_at_the_advance_loses():
    s = started(hourglass=1)
    s = ok(s, "end_turn", player=0)
    result = run(s, "advance_hour", {"player": 0})
    assert result.accepted  # not a refusal: the advance happens and the scenario is lost (R8)
    assert outcome(result.state) == {"result": "lost", "winners": [], "reason": "hourglass"}
    assert result.state["hourglass"] == 0
    # no actions possible any more
    assert "pathfinder.H12" in refused(result.state, "explore", {"player": 0})


def test_hour_names_and_count():
    s = ok(new(), "advance_hour", player=0, card="Cayden Cailean's Revelry")
    assert s["hour"] == "Cayden Cailean's Revelry" and s["hourglass"] == 29 and s["hourglass_discards"] == 1


# ------------------------------------------------------------------ steps and actors (R4, R5, R7)

def test_r4_steps_run_forward_only():
    s = started(TWO)
    moved = ok(s, "move", player=0, location="Cell")
    assert moved["phase"] == "move"
    assert "pathfinder.R4" in refused(moved, "give_card", {"player": 0, "target": 1})
    ok(s, "give_card", player=0, target=1)
    closing = play(s, ("next_step", {"player": 0}), ("next_step", {"player": 0}), ("next_step", {"player": 0}))
    assert closing["phase"] == "close"
    assert "pathfinder.R4" in refused(closing, "next_step", {"player": 0})
    ok(closing, "end_turn", player=0)


def test_r4_one_thing_at_a_time_during_an_encounter():
    s = ok(started(TWO), "explore", player=0, kind="monster", difficulty=4)
    assert "pathfinder.R4" in refused(s, "end_turn", {"player": 0})
    assert "pathfinder.R4" in refused(s, "move", {"player": 0, "location": "Cell"})
    ok(s, "move", player=0, location="Cell", forced=True)  # an effect moves the character
    done = ok(s, "evade", player=0)
    ok(done, "end_turn", player=0)


def test_r5_step_actions_belong_to_the_active_character():
    s = started(TWO)
    assert "pathfinder.R5" in refused(s, "next_step", {"player": 1})
    assert "pathfinder.R5" in refused(s, "end_turn", {"player": 1})
    ok(s, "next_step", player=0)


def test_r7_the_dead_neither_act_nor_are_affected():
    s = ok(started(TWO), "character_dies", player=1)
    assert "pathfinder.R7" in refused(s, "draw_cards", {"player": 1, "count": 1})
    assert "pathfinder.R7" in refused(s, "suffer_damage", {"target": 1, "amount": 1})
    ok(s, "draw_cards", player=0, count=1)


# ------------------------------------------------------------------ give (R11-R13)

def test_r11_one_card_in_the_give_step():
    s = started(TWO)
    given = ok(s, "give_card", player=0, target=1, card_type="weapon")
    assert (given["players"][0]["hand_count"], given["players"][1]["hand_count"]) == (3, 6)
    assert "pathfinder.R11" in refused(given, "give_card", {"player": 0, "target": 1})
    assert "pathfinder.R11" in refused(s, "give_card", {"player": 1, "target": 0})  # not Ben's turn


def test_r12_give_only_to_a_local_character():
    s = ok(new(TWO), "choose_start_location", player=1, location="Cell")
    s = ok(s, "advance_hour", player=0)
    assert "pathfinder.R12" in refused(s, "give_card", {"player": 0, "target": 1})  # T37
    assert "pathfinder.R12" in refused(s, "give_card", {"player": 0, "target": 0})
    s = ok(s, "move", player=0, location="Cell", forced=True)
    ok(s, "give_card", player=0, target=1)


def test_r13_give_from_the_hand():
    s = ok(started(TWO), "suffer_damage", target=0, amount=4)
    assert s["players"][0]["hand_count"] == 0
    assert "pathfinder.R13" in refused(s, "give_card", {"player": 0, "target": 1})
    s = ok(s, "draw_cards", player=0, count=1)
    ok(s, "give_card", player=0, target=1)


# ------------------------------------------------------------------ move (R14-R17)

def test_r14_choose_to_move_once_in_the_move_step():
    s = ok(started(), "move", player=0, location="Cell")
    assert s["players"][0]["location"] == "Cell" and s["turn_state"]["moved"]
    assert "pathfinder.R14" in refused(s, "move", {"player": 0, "location": "Cathedral"})
    ok(s, "move", player=0, location="Cathedral", forced=True, source="a monster's power")
    exploring = ok(started(), "next_step", player=0)
    exploring = ok(exploring, "next_step", player=0)
    assert "pathfinder.R14" in refused(exploring, "move", {"player": 0, "location": "Cell"})


def test_r15_t38_move_to_a_different_open_location():
    s = started()
    assert "pathfinder.R15" in refused(s, "move", {"player": 0, "location": "Academy"})
    ok(s, "move", player=0, location="Cathedral")
    # the only location left: moving "to your own location" is allowed
    alone = started(locations=["Tower"])
    s = ok(alone, "move", player=0, location="Tower")
    assert s["players"][0]["location"] == "Tower"


def test_r15_never_to_a_closed_location():
    s = closed_by_henchman(players=TWO)
    assert "pathfinder.R15" in refused(s, "move", {"player": 0, "location": "Academy"})
    ok(s, "move", player=0, location="Cell")


def test_r16_a_cant_move_effect_wins():
    s = started()
    assert "pathfinder.R16" in refused(s, "move", {"player": 0, "location": "Cell", "prevented": True})
    ok(s, "move", player=0, location="Cell")


def test_r17_a_proxied_character_never_moves():
    s = ok(started(), "shuffle_character_proxy", player=0, location="Cell")
    assert s["players"][0]["proxied"] and loc(s, "Cell")["cards"] == 10
    assert "pathfinder.R17" in refused(s, "move", {"player": 0, "location": "Cell"})
    s = ok(s, "proxy_returned", player=0, location="Cell")
    ok(s, "move", player=0, location="Cell")


# ------------------------------------------------------------------ explore (R18-R23, R109, T10-T12)

def test_r18_explore_only_in_your_explore_step():
    s = started(TWO)
    assert "pathfinder.R18" in refused(s, "explore", {"player": 1})
    closing = play(s, *[("next_step", {"player": 0})] * 3)
    assert "pathfinder.R18" in refused(closing, "explore", {"player": 0})
    explored = ok(s, "explore", player=0, kind="monster")
    assert explored["phase"] == "explore" and here(explored, 0)["cards"] == 8


def test_r19_t12_the_free_exploration_is_the_first():
    s = started()
    by_ally = ok(s, "explore", player=0, by="card", card_type="ally", card="Standard Bearer", kind="item")
    assert by_ally["players"][0]["hand_count"] == 3 and by_ally["players"][0]["discard_count"] == 1
    by_ally = ok(by_ally, "evade", player=0)
    assert "pathfinder.R19" in refused(by_ally, "explore", {"player": 0})
    ok(by_ally, "explore", player=0, by="card", card_type="blessing")
    first = ok(ok(s, "explore", player=0), "evade", player=0)
    assert "pathfinder.R19" in refused(first, "explore", {"player": 0, "by": "free"})


def test_r20_t10_extra_exploration_one_used_at_once():
    s = ok(started(players=[{"name": "Cid", "character": "Ezren", "hand_size": 6}]), "explore", player=0, kind="barrier",
           card="Pit Trap", difficulty=6)
    s = defeat(s)
    assert "pathfinder.R20" in refused(s, "explore", {"player": 0, "by": "extra"})
    s = ok(s, "grant_extra_exploration", player=0, source="Academy")
    assert s["turn_state"]["pending_extra_exploration"] is True  # exactly 1
    assert "pathfinder.R20" in refused(s, "grant_extra_exploration", {"player": 0, "source": "another power"})
    again = ok(s, "explore", player=0, by="extra")
    assert again["turn_state"]["explorations"] == 2 and not again["turn_state"]["pending_extra_exploration"]


def test_t11_pending_extra_exploration_then_give_or_another_step():
    s = defeat(ok(started(TWO), "explore", player=0, kind="barrier", difficulty=6))
    s = ok(s, "grant_extra_exploration", player=0)
    assert "pathfinder.R4" in refused(s, "give_card", {"player": 0, "target": 1})
    forfeited = ok(s, "next_step", player=0)
    assert forfeited["phase"] == "close" and not forfeited["turn_state"]["pending_extra_exploration"]
    assert "pathfinder.R20" in refused(forfeited, "explore", {"player": 0, "by": "extra"})
    drew = ok(s, "draw_cards", player=0, count=1)  # anything else done first loses it too
    assert not drew["turn_state"]["pending_extra_exploration"]
    assert "pathfinder.R20" in refused(drew, "explore", {"player": 0, "by": "extra"})
    ok(s, "explore", player=0, by="extra")


def test_r21_t13_no_exploring_after_a_location_closes():
    s = closed_by_henchman(players=ONE)
    assert s["turn_state"]["exploration_locked"] and s["forced_moves"] == [0]
    s = ok(s, "move", player=0, location="Cell")  # she must move at once
    assert "pathfinder.R21" in refused(s, "explore", {"player": 0, "by": "card", "card_type": "blessing"})
    assert "pathfinder.R21" in refused(s, "grant_extra_exploration", {"player": 0})
    # the neighbour: the close attempt failed, so she may explore again with a card
    failed = ok(started(), "explore", player=0, kind="henchman", closing=True, difficulty=5)
    failed = ok(defeat(failed), "attempt_close", player=0, trigger="closing_henchman", success=False)
    ok(failed, "explore", player=0, by="card", card_type="blessing")


def test_r22_exploring_needs_a_card():
    s = started(locations=EMPTY_HERE)
    assert "pathfinder.R22" in refused(s, "explore", {"player": 0})
    s = ok(s, "add_new_card", location="Tower", card="Zombie", position="shuffled")
    s = ok(s, "explore", player=0, card="Zombie")
    assert loc(s, "Tower")["cards"] == 0


def test_r109_t67_faceup_cards_stay_on_top():
    s = started(locations=EMPTY_HERE)
    s = ok(s, "add_new_card", location="Tower", card="Bandit", faceup=True)
    s = ok(s, "add_new_card", location="Tower", card="Goblin", position="top")
    assert loc(s, "Tower")["faceup"] == ["Bandit"] and loc(s, "Tower")["cards"] == 1
    assert "pathfinder.R109" in refused(s, "add_new_card", {"location": "Tower", "card": "Orc", "position": "top",
                                                            "above_faceup": True})
    assert "pathfinder.R109" in refused(s, "explore", {"player": 0})
    s = ok(s, "explore", player=0, faceup_card="Bandit", card="Bandit")
    assert loc(s, "Tower")["faceup"] == [] and loc(s, "Tower")["cards"] == 1  # the new card sits under it


def test_r23_a_proxied_character_evades_banes():
    s = ok(started(), "explore", player=0, kind="monster", difficulty=6)
    proxied = ok(s, "shuffle_character_proxy", player=0, location="Cell")
    assert "pathfinder.R23" in refused(proxied, "declare_check", {"player": 0})
    ok(proxied, "evade", player=0)
    ok(s, "declare_check", player=0)


# ------------------------------------------------------------------ closing (R55-R58, R60, R62, T13, T15-T17, T40)

def test_r55_t15_close_step_one_attempt_at_an_empty_location():
    s = started(locations=EMPTY_HERE)
    with_card = ok(s, "add_new_card", location="Tower")
    assert "pathfinder.R55" in refused(with_card, "attempt_close", {"player": 0, "success": True})
    failed = ok(s, "attempt_close", player=0, success=False)
    assert failed["phase"] == "close" and not loc(failed, "Tower")["closed"]
    assert "pathfinder.R55" in refused(failed, "attempt_close", {"player": 0, "success": True})
    closed = ok(s, "attempt_close", player=0, success=True)
    assert loc(closed, "Tower")["closed"] and closed["forced_moves"] == [0]
    assert not closed["turn_state"]["exploration_locked"]  # closed in the close step, not while exploring


def test_r56_t16_closing_outside_the_close_step_needs_a_closing_henchman():
    s = defeat(ok(started(), "explore", player=0, kind="henchman", closing=False, difficulty=5))
    assert "pathfinder.R56" in refused(s, "attempt_close", {"player": 0, "trigger": "closing_henchman",
                                                            "success": True})
    s2 = defeat(ok(started(), "explore", player=0, kind="henchman", closing=True, difficulty=5))
    assert s2["turn_state"]["close_opportunity"] == {"location": "Academy", "character": 0}
    ok(s2, "attempt_close", player=0, trigger="closing_henchman", success=True)


def test_t17_villain_found_after_closing_keeps_the_location_open():
    s = defeat(ok(started(), "explore", player=0, kind="henchman", closing=True, difficulty=5))
    s = ok(s, "attempt_close", player=0, trigger="closing_henchman", success=True, villains_found=1)
    academy = loc(s, "Academy")
    assert not academy["closed"] and academy["cards"] == 1 and academy["villain_here"]


def test_r57_only_your_own_location():
    s = started(locations=EMPTY_HERE)
    assert "pathfinder.R57" in refused(s, "attempt_close", {"player": 0, "success": True, "location": "Ruin"})
    ok(s, "attempt_close", player=0, success=True, location="Tower")


def test_r57_never_a_guarded_location():
    s = ok(new(TWO), "choose_start_location", player=1, location="Cell")
    s = ok(ok(s, "advance_hour", player=0), "explore", player=0, kind="villain", difficulty=9)
    guarded = ok(s, "guard_attempt", player=1, success=True)
    assert guarded["encounter"]["guarded"] == ["Cell"]
    close = {"player": 1, "trigger": "closing_henchman", "success": True}
    assert "pathfinder.R57" in refused(guarded, "attempt_close", close)
    assert "pathfinder.R57" not in refused(s, "attempt_close", close)  # before the guard: only R56 stands


def test_r58_t65_the_closing_option_is_fixed():
    s = defeat(ok(started(), "explore", player=0, kind="henchman", closing=True, difficulty=5))
    s = ok(s, "attempt_close", player=0, trigger="closing_henchman", success=False, option="Strength 7")
    s = defeat(ok(ok(s, "grant_extra_exploration", player=0), "explore", player=0, by="extra", kind="henchman",
                  closing=True, difficulty=5))
    assert "pathfinder.R58" in refused(s, "attempt_close", {"player": 0, "trigger": "closing_henchman",
                                                            "success": True, "option": "bury an ally"})
    ok(s, "attempt_close", player=0, trigger="closing_henchman", success=True, option="Strength 7")


def test_r60_only_who_earned_the_chance_closes():
    s = defeat(ok(started(TWO), "explore", player=0, kind="henchman", closing=True, difficulty=5))
    assert "pathfinder.R60" in refused(s, "attempt_close", {"player": 1, "trigger": "closing_henchman",
                                                            "success": True})
    ok(s, "attempt_close", player=0, trigger="closing_henchman", success=True)


def test_r62_t13_everyone_at_a_closed_location_moves_at_once():
    s = closed_by_henchman(players=TWO)
    assert s["forced_moves"] == [0, 1]
    for type_, params in (("next_step", {"player": 0}), ("end_turn", {"player": 0}),
                          ("give_card", {"player": 0, "target": 1}),
                          ("explore", {"player": 0, "by": "card", "card_type": "ally"})):
        assert "pathfinder.R62" in refused(s, type_, params), type_
    s = ok(s, "move", player=0, location="Cell")
    assert "pathfinder.R62" in refused(s, "end_turn", {"player": 0})
    s = ok(s, "move", player=1, location="Cathedral")  # not Ben's turn, still his move
    assert s["forced_moves"] == [] and s["players"][1]["location"] == "Cathedral"
    ok(s, "end_turn", player=0)


def test_t40_a_cant_move_effect_loses_to_a_closing_location():
    s = closed_by_henchman(players=ONE)
    s = ok(s, "move", player=0, location="Cell", prevented=True)
    assert s["players"][0]["location"] == "Cell" and s["forced_moves"] == []


def test_closing_every_location_wins():
    s = started(locations=[{"name": "Tower", "cards": 0}])
    s = ok(s, "attempt_close", player=0, success=True)
    assert outcome(s)["result"] == "won" and outcome(s)["reason"] == "all_locations_closed"


# ------------------------------------------------------------------ end of turn (R46-R48, R42 recovery)

def recovering(players=ONE):
    s = ok(started(players), "play_card", player=0, card_type="spell", card="Lightning Touch", action="recovery")
    assert s["players"][0]["recovery"] == ["Lightning Touch"]
    return ok(s, "end_turn", player=0)


def test_r46_recovery_only_recovery_plays():
    s = started()
    assert "pathfinder.R46" in refused(s, "recover_card", {"player": 0, "outcome": "recharge"})
    s = recovering()
    assert s["phase"] == "recovery"
    assert "pathfinder.R46" in refused(s, "play_card", {"player": 0, "card_type": "blessing", "action": "discard"})
    ok(s, "play_card", player=0, card_type="blessing", action="discard", for_recovery=True)
    after = ok(s, "recover_card", player=0, outcome="recharge", card="Lightning Touch", roll=10)
    assert after["phase"] == "reset" and after["players"][0]["deck_count"] == 12
    assert "pathfinder.R46" in refused(after, "recover_card", {"player": 0, "outcome": "recharge"})


def test_banish_what_recovery_left():
    s = recovering()
    s = ok(s, "banish_remaining_recovery", player=0)
    assert s["phase"] == "reset" and s["players"][0]["recovery_count"] == 0
    assert "pathfinder.R46" in refused(s, "banish_remaining_recovery", {"player": 0})


def test_r47_reset_order_and_plays():
    s = started()
    assert "pathfinder.R47" in refused(s, "reset", {"player": 0})
    assert "pathfinder.R47" in refused(s, "end_turn", {"player": 0, "discards": 5})
    s2 = ok(s, "end_turn", player=0, discards=2)
    assert s2["players"][0]["discard_count"] == 2 and s2["players"][0]["hand_count"] == 4
    assert s2["players"][0]["deck_count"] == 9
    resetting = ok(recovering(), "recover_card", player=0, outcome="recharge")
    assert "pathfinder.R47" in refused(resetting, "play_card", {"player": 0, "card_type": "ally", "action": "discard"})
    ok(resetting, "play_card", player=0, card_type="ally", action="discard", for_reset=True)
    done = ok(resetting, "reset", player=0)
    assert done["players"][0]["hand_count"] == 4 and done["phase"] == "advance_hour" and done["turn"] == 2


def test_r48_no_plays_after_a_power_ended_the_turn():
    s = ok(started(), "explore", player=0, kind="monster")
    ok(s, "play_card", player=0, card_type="weapon", action="reveal")
    ended = ok(s, "forced_end_turn", player=0, source="Collapse")
    assert ended["phase"] == "end" and ended["encounter"] is None
    assert "pathfinder.R48" in refused(ended, "play_card", {"player": 0, "card_type": "weapon", "action": "reveal"})
    assert ok(ended, "end_turn", player=0)["turn"] == 2


def test_t42_ending_the_turn_at_a_marked_location():
    s = ok(started(), "mark_location", location="Academy", scourge="Dazed")
    assert s["players"][0]["scourges"] == ["Dazed"]  # those there suffer it at once
    s = ok(s, "mark_location", location="Cell", scourge="Wounded")
    assert s["players"][0]["scourges"] == ["Dazed"]
    s = ok(s, "move", player=0, location="Cell")
    s = ok(s, "end_turn", player=0)
    assert s["players"][0]["scourges"] == ["Dazed", "Wounded"]


# ------------------------------------------------------------------ death (R49, R101, R115, T20-T23)

def test_r49_drawing_more_than_the_deck_kills():
    s = started(TWO)
    s = ok(s, "draw_cards", player=1, count=10)
    assert not s["players"][1]["dead"] and s["players"][1]["deck_count"] == 0
    s = ok(s, "draw_cards", player=1, count=1)
    ben = s["players"][1]
    assert ben["dead"] and ben["buried_count"] == 15 and ben["hand_count"] == ben["deck_count"] == 0
    assert outcome(s) is None and s["active_player"] == 0


def test_t20_damage_discards_the_hand_and_never_the_deck():
    s = ok(started(), "suffer_damage", target=0, amount=4)
    s = ok(s, "draw_cards", player=0, count=2)
    s = ok(s, "suffer_damage", target=0, amount=3)
    p = s["players"][0]
    assert (p["hand_count"], p["deck_count"], p["discard_count"], p["dead"]) == (0, 9, 6, False)


def test_t21_reset_with_a_short_deck_kills_and_the_turn_ends():
    s = started([{"name": "Ben", "character": "Kyra", "hand_size": 5}, VALEROS])
    s = ok(s, "remove_from_deck", player=0, count=8, verb="banish")
    s = ok(s, "suffer_damage", target=0, amount=3)
    assert (s["players"][0]["hand_count"], s["players"][0]["deck_count"]) == (2, 2)
    s = ok(s, "end_turn", player=0)
    kyra = s["players"][0]
    assert kyra["dead"] and kyra["buried_count"] == 7 and kyra["deck_count"] == kyra["hand_count"] == 0
    assert s["active_player"] == 1 and s["phase"] == "advance_hour" and outcome(s) is None


def test_t22_a_removal_larger_than_the_deck_kills():
    s = ok(started(), "remove_from_deck", player=0, count=10, verb="discard")
    s = ok(s, "draw_cards", player=0, count=2)
    assert s["players"][0]["dead"]


def test_t23_r101_the_last_living_character_dies():
    s = started(TWO)
    assert "pathfinder.R101" in refused(s, "lose_scenario", {"reason": "all_dead"})
    s = ok(s, "character_dies", player=1)
    assert outcome(s) is None
    s = ok(s, "draw_cards", player=0, count=12)
    assert outcome(s) == {"result": "lost", "winners": [], "reason": "all_dead"}


def test_r101_lose_scenario_is_refused_while_the_hourglass_holds_cards():
    s = started(hourglass=1)
    assert s["hourglass"] == 0
    ok(s, "lose_scenario", reason="hourglass")
    assert "pathfinder.R101" in refused(started(hourglass=2), "lose_scenario", {"reason": "hourglass"})


def test_h2_only_the_dead_return_from_death():
    s = started(TWO)
    assert "pathfinder.H2" in refused(s, "return_from_death_by_card", {"player": 1, "card": "Raise Dead"})
    s = ok(s, "character_dies", player=1)
    s = ok(s, "return_from_death_by_card", player=1, card="Raise Dead", count=5)
    assert not s["players"][1]["dead"] and s["players"][1]["deck_count"] == 5
