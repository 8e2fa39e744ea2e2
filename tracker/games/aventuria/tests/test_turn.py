"""Turn flow: phases, draws, readying, endurance, hand limit (R1-R9, R13, R42, R120; T14-T16, T19)."""
from .conftest import edit, end_turn, msg, new, ok, refused, run, setp, to_phase


def test_full_turn_cycle_passes_to_the_next_hero():
    s = new()
    phases = []
    for _ in range(5):
        if s["phase"] == "draw":
            s = ok(s, "draw_cards", player=0, count=2)
        s = ok(s, "advance_phase", player=0)
        phases.append(s["phase"])
    assert phases == ["draw", "ready", "endurance", "actions", "end"]
    s = ok(s, "advance_phase", player=0)
    assert (s["active_player"], s["phase"], s["turn"]) == (1, "start", 2)


def test_r1_only_the_active_hero_moves_the_phase():
    s = new()
    assert "Ann's turn" in msg(s, "advance_phase", "R1", player=1)
    ok(s, "advance_phase", player=0)


def test_h6_no_turn_actions_before_the_starting_hero_is_known():
    s = new(start=None)
    assert "starting hero first" in msg(s, "advance_phase", "H6", player=0)
    result = run(s, "draw_cards", override="just testing", player=0, count=2, reason="card_effect")
    assert not result.accepted and result.violations[0].rule_id == "aventuria.H6"
    ok(s, "roll_for_start", player=0, roll=4)


def test_h4_nothing_after_the_game_ends_not_even_with_a_reason():
    s = ok(to_phase(new(), "actions"), "life_point_loss", target=1, amount=40)
    result = run(s, "heal", override="we made a mistake", target=1, amount=5)
    assert not result.accepted and result.violations[0].rule_id == "aventuria.H4"


def test_r2_turn_triggers_only_in_own_start_or_end():
    s = new()
    ok(s, "resolve_turn_trigger", player=0, card="Prayer", when="start")
    assert "end of your turn" in msg(s, "resolve_turn_trigger", "R2", player=0, card="Prayer", when="end")
    refused(s, "resolve_turn_trigger", "R2", player=1, card="Prayer", when="start")


def test_r3_phase_draw_once_and_of_two():
    s = to_phase(new(), "draw")
    assert "2 cards" in msg(s, "draw_cards", "R3", player=0, count=3, reason="phase")
    s = ok(s, "draw_cards", player=0, count=2)
    assert s["players"][0]["hand_count"] == 7 and s["players"][0]["phase_draw_done"]
    assert "already drew" in msg(s, "draw_cards", "R3", player=0, count=2, reason="phase")


def test_r3_and_r120_leaving_draw_without_drawing():
    s = to_phase(new(), "draw")
    found = refused(s, "advance_phase", "R3", player=0)
    assert "aventuria.R120" in found  # the starting hero's first turn has no exception
    s = ok(s, "draw_cards", player=0, count=2)
    ok(s, "advance_phase", player=0)


def test_r3_later_turn_reports_r3_only():
    s = to_phase(end_turn(new()), "draw")
    found = refused(s, "advance_phase", "R3", player=1)
    assert "aventuria.R120" not in found


def test_t15_r4_short_deck_draws_what_is_left():
    s = setp(to_phase(new(), "draw"), 0, draw_deck_count=1)
    result = run(s, "draw_cards", player=0, count=2)
    assert result.accepted and any("never reshuffled" in n for n in result.notes)
    s = result.state
    assert (s["players"][0]["hand_count"], s["players"][0]["draw_deck_count"]) == (6, 0)
    s = ok(s, "advance_phase", player=0)  # next draw phase: nothing to draw, leaving is fine
    s = to_phase(end_turn(end_turn(s)), "draw")
    ok(s, "advance_phase", player=0)
    assert s["players"][0]["discard_count"] == 0


def test_r5_extra_draws_need_a_cause():
    s = to_phase(new(), "actions")
    assert "need a cause" in msg(s, "draw_cards", "R5", player=0, count=1)
    ok(s, "draw_cards", player=0, count=1, reason="card_effect")


def test_r31_critical_draw_needs_a_natural_one():
    s = to_phase(new(), "actions")
    refused(s, "draw_cards", "R31", player=0, count=1, reason="critical_success")
    s = ok(s, "test", player=0, attribute="close_combat", roll=1)
    s = ok(s, "draw_cards", player=0, count=1, reason="critical_success")
    assert s["players"][0]["critical_draws"] == 0


def test_r6_ready_all_only_in_own_ready_phase():
    s = to_phase(new(), "draw")
    refused(s, "ready_all", "R6", player=0)
    s = to_phase(s, "ready")
    ok(s, "ready_all", player=0)
    refused(s, "ready_all", "R6", player=1)


def test_entering_ready_readies_everything():
    s = to_phase(new(), "draw")
    s = setp(s, 0, endurance_total=3, endurance_ready=0,
             permanents=[{"name": "Dirk", "ready": False, "armor_location": None, "improvements": [], "owner": 0}])
    s = to_phase(s, "ready")
    assert s["players"][0]["endurance_ready"] == 3 and s["players"][0]["permanents"][0]["ready"]


def test_r8_endurance_only_in_own_phase_4():
    s = to_phase(new(), "actions")
    assert "phase 4" in msg(s, "play_endurance", "R8", player=0, source="hand")
    s = to_phase(new(), "endurance")
    refused(s, "play_endurance", "R8", player=1, source="hand")
    s = ok(s, "play_endurance", player=0, source="hand")
    p = s["players"][0]
    assert (p["endurance_total"], p["endurance_ready"], p["hand_count"]) == (1, 1, 6)


def test_t16_r7_third_endurance_blocked_helmet_conversion_legal():
    s = to_phase(new(), "endurance")
    s = setp(s, 0, permanents=[{"name": "Helmet", "ready": True, "armor_location": "head",
                                "improvements": [], "owner": 0}])
    s = ok(s, "play_endurance", player=0, source="hand")
    s = ok(s, "play_endurance", player=0, source="permanent", card="Helmet")
    p = s["players"][0]
    assert p["permanents"] == [] and p["endurance_total"] == 2 and p["endurance_cards"] == ["Helmet"]
    assert "at most 2" in msg(s, "play_endurance", "R7", player=0, source="hand")


def test_r9_endurance_source_must_exist_and_be_own():
    s = to_phase(new(), "endurance")
    s = edit(s, lambda st: st["players"][1]["permanents"].append(
        {"name": "Dirk", "ready": True, "armor_location": None, "improvements": [], "owner": 1}))
    assert "not one of your permanents" in msg(s, "play_endurance", "R9", player=0, source="permanent", card="Dirk")
    assert "Name the permanent" in msg(s, "play_endurance", "R9", player=0, source="permanent")
    stolen = edit(s, lambda st: st["players"][0]["permanents"].append(
        {"name": "Rapier", "ready": True, "armor_location": None, "improvements": [], "owner": 1}))
    assert "Ben's deck" in msg(stolen, "play_endurance", "R9", player=0, source="permanent", card="Rapier")
    empty = setp(s, 0, hand_count=0)
    refused(empty, "play_endurance", "R9", player=0, source="hand")
    ok(s, "play_endurance", player=0, source="hand")


def test_r24_improvement_goes_to_its_owner_when_host_becomes_endurance():
    s = to_phase(new(), "endurance")
    s = setp(s, 0, permanents=[{"name": "Dirk", "ready": True, "armor_location": None,
                                "improvements": [{"name": "Weapon Poison", "owner": 1}], "owner": 0}])
    s = ok(s, "play_endurance", player=0, source="permanent", card="Dirk")
    assert s["players"][1]["discard_count"] == 1 and s["players"][0]["discard_count"] == 0


def test_t14_r13_end_turn_with_nine_cards():
    s = setp(to_phase(new(), "end"), 0, hand_count=9)
    assert "Discard 2" in msg(s, "advance_phase", "R13", player=0)
    assert "would leave 6" in msg(s, "discard_to_hand_limit", "R13", player=0, count=3)
    s = ok(s, "discard_to_hand_limit", player=0, count=2)
    assert s["players"][0]["discard_count"] == 2
    ok(s, "advance_phase", player=0)


def test_r13_discard_to_limit_only_in_own_end_phase():
    s = setp(to_phase(new(), "actions"), 0, hand_count=9)
    refused(s, "discard_to_hand_limit", "R13", player=0, count=2)


def test_t19_r42_fate_endurance_out_of_turn_lapses_at_turn_end():
    s = to_phase(new(), "actions")  # Ann's turn; Ben holds 1 FP
    s = setp(s, 1, fate_points=2)
    s = edit(s, lambda st: st.update(fate_pool=2))
    s = ok(s, "spend_fate_endurance", player=1)
    s = ok(s, "spend_fate_endurance", player=1)
    s = ok(s, "play_action_card", player=1, card="Hidden Dagger", cost=1, kind="one_shot", free_action=True)
    assert s["players"][1]["temp_endurance"] == 1
    s = end_turn(s)
    assert s["players"][1]["temp_endurance"] == 0 and s["active_player"] == 1


def test_override_records_the_violation():
    s = to_phase(new(), "actions")
    result = run(s, "play_endurance", override="card text: Quick Preparation", player=0, source="hand")
    assert result.accepted and [v.rule_id for v in result.overridden] == ["aventuria.R8"]
    assert result.state["players"][0]["endurance_total"] == 1


def test_hard_invariant_refuses_even_with_a_reason():
    s = setp(to_phase(new(), "actions"), 0, hand_count=0)
    result = run(s, "discard_cards", override="I insist", player=0, count=1)
    assert not result.accepted and [v.rule_id for v in result.violations] == ["aventuria.H1"]
    result = run(s, "play_endurance", override="card says so", player=0, source="hand")
    assert not result.accepted and result.violations[0].rule_id == "aventuria.H1"


def test_late_life_point_losses_are_recorded_but_do_not_rewrite_the_ending():
    s = ok(to_phase(new(), "actions"), "life_point_loss", target=1, amount=40)
    ending = s["outcome"]
    s = ok(s, "life_point_loss", target=1, amount=2)
    s = ok(s, "life_point_loss", target=0, amount=40)
    assert s["players"][1]["life_points"] == -2 and s["players"][0]["life_points"] == 0
    assert s["outcome"] == ending == {"result": "won", "winners": [0]}
    refused(s, "advance_phase", "H4", player=0)
