"""Elimination and game end (R39, R50, R53-R56, H4; T10-T12) and the invariants (H1, R48)."""
from tracker.engine import copy_state
from tracker.games.aventuria import GAME

from .conftest import damaged, edit, end_turn, fp, lp, msg, new, ok, refused, run, setp, to_phase


def test_duel_ends_when_a_hero_reaches_zero():
    s = setp(to_phase(new(), "actions"), 1, life_points=4)
    s = ok(s, "life_point_loss", target=1, amount=4)
    assert s["outcome"] == {"result": "won", "winners": [0]} and GAME.outcome(s) == s["outcome"]
    assert s["players"][1]["eliminated"] and lp(s, 1) == 0
    assert "over" in msg(s, "heal", "H4", target=0, amount=1)


def test_attack_damage_knocks_out():
    s = setp(new(), 1, life_points=6)
    s = ok(damaged(s, damage=9), "apply_damage", target=1)
    assert s["outcome"]["winners"] == [0] and lp(s, 1) == -3


def test_t10_simultaneous_duel_closest_to_zero_wins_equal_draws():
    s = to_phase(new(), "actions")
    both = setp(setp(s, 0, life_points=3), 1, life_points=5)
    won = ok(both, "simultaneous_loss", losses=[{"target": 0, "amount": 6}, {"target": 1, "amount": 6}])
    assert (lp(won, 0), lp(won, 1)) == (-3, -1) and won["outcome"] == {"result": "won", "winners": [1]}
    zero = ok(setp(both, 0, life_points=5), "simultaneous_loss",
              losses=[{"target": 0, "amount": 5}, {"target": 1, "amount": 5}])
    assert zero["outcome"] == {"result": "draw", "winners": [0, 1]}


def test_t11_skirmish_tie_draws_earlier_loser_loses():
    s = to_phase(new("skirmish"), "actions")  # Ann, Ben, Cid
    s = ok(setp(s, 2, life_points=3), "life_point_loss", target=2, amount=5)
    assert s["outcome"] is None and s["players"][2]["eliminated"]
    s = setp(setp(s, 0, life_points=4), 1, life_points=4)
    s = ok(s, "simultaneous_loss", losses=[{"target": 0, "amount": 6}, {"target": 1, "amount": 6}])
    assert s["outcome"] == {"result": "draw", "winners": [0, 1]}


def test_skirmish_last_hero_standing_and_cards_removed():
    s = to_phase(new("skirmish"), "actions")
    s = setp(s, 1, permanents=[{"name": "Rapier", "ready": True, "armor_location": None,
                                "improvements": [{"name": "Poison", "owner": 0}], "owner": 1}],
             endurance_total=2, endurance_ready=2)
    s = ok(s, "life_point_loss", target=1, amount=40)
    ben = s["players"][1]
    assert ben["eliminated"] and ben["fate_points"] == 0 and s["fate_pool"] == 6 - 2 + 1
    assert ben["removed_count"] == 5 + 25 + 2 + 1 and ben["hand_count"] == 0 and ben["permanents"] == []
    assert s["players"][0]["discard_count"] == 1  # Ann's improvement leaves play to her pile
    assert s["outcome"] is None
    refused(s, "heal", "R50", target=1, amount=5)
    assert "out of the game" in msg(s, "declare_attack", "R50", player=0, attack_type="close", target=1)
    ok(s, "declare_attack", player=0, attack_type="close", target=2)
    s = ok(s, "life_point_loss", target=2, amount=40)
    assert s["outcome"] == {"result": "won", "winners": [0]}


def test_skirmish_turn_order_skips_the_eliminated():
    s = to_phase(new("skirmish"), "actions")
    s = ok(s, "life_point_loss", target=1, amount=45)
    s = end_turn(s)
    assert s["active_player"] == 2


def test_skirmish_active_hero_knocked_out_passes_the_turn():
    s = setp(to_phase(new("skirmish"), "actions"), 0, temp_endurance=1)
    s = ok(s, "life_point_loss", target=0, amount=40)
    assert (s["active_player"], s["phase"], s["turn"]) == (1, "start", 2)


def test_t12_team_duel_simultaneous_more_life_points_wins():
    s = to_phase(new("team_duel"), "actions")  # A: Ann(0), Cid(2); B: Ben(1), Dee(3)
    s = setp(setp(s, 0, life_points=17), 3, life_points=12)
    s = ok(s, "simultaneous_loss", losses=[{"target": 2, "amount": 40}, {"target": 1, "amount": 40}])
    assert s["outcome"] == {"result": "won", "winners": [0, 2]}


def test_r53_r56_team_duel_first_elimination_and_tie_breaks():
    s = to_phase(new("team_duel"), "actions")
    one = ok(s, "life_point_loss", target=3, amount=40)
    assert one["outcome"] == {"result": "won", "winners": [0, 2]}
    more = ok(s, "simultaneous_loss", losses=[{"target": 0, "amount": 40}, {"target": 2, "amount": 40},
                                              {"target": 1, "amount": 40}])
    assert more["outcome"] == {"result": "won", "winners": [1, 3]}
    even = ok(s, "simultaneous_loss", losses=[{"target": 0, "amount": 40}, {"target": 1, "amount": 40}])
    assert even["outcome"] == {"result": "draw", "winners": [0, 1, 2, 3]}


def test_r39_heal_caps_at_forty():
    s = setp(to_phase(new(), "actions"), 1, life_points=38)
    result = run(s, "heal", target=1, amount=6)
    assert result.accepted and lp(result.state, 1) == 40 and "Capped at 40" in result.notes[0]


def test_h5_seats_in_a_loss_list_must_exist():
    s = to_phase(new(), "actions")
    result = run(s, "simultaneous_loss", override="typo", losses=[{"target": 5, "amount": 3}])
    assert not result.accepted and result.violations[0].rule_id == "aventuria.H5"
    ok(s, "simultaneous_loss", losses=[{"target": 1, "amount": 3}])


def test_r48_conservation_is_a_hard_invariant():
    s = to_phase(new(), "actions")
    rule = GAME.rules["aventuria.R48"]
    broken = edit(s, lambda st: st.update(fate_pool=4))
    assert rule.check(broken, {}, None) == "Fate Point total must stay 4 (2 per player), not 5."
    assert not rule.check(s, {}, None)
    # A36: all four points with the opponent is a legal distribution.
    assert not rule.check(edit(s, lambda st: (st.update(fate_pool=0), st["players"][1].update(fate_points=4))),
                          {}, None)


def test_override_cannot_break_fate_conservation_or_counts():
    s = to_phase(new(), "actions")
    result = run(s, "spend_fate_draw", override="card lets me", player=0)  # Ann has 0 FP
    assert not result.accepted and {v.rule_id for v in result.violations} == {"aventuria.H1"}
    assert fp(s, 0) == 0 and copy_state(s) == s
