"""The Essen '96 tournament session: scoring (spec 8.3, 12.10, R105, R106), rulings, standings."""
import pytest

from tracker.engine import Action, SetupError, decide, initial_state, replay
from tracker.games.dark_force import GAME
from tracker.games.dark_force.tournament import TIE_ORDER, score, standings_table

NAMES = ["Ann", "Ben", "Cid", "Dee"]


def _start(names=NAMES, **options):
    return initial_state(GAME, "tournament", [{"name": n} for n in names], options)


def _do(state, type_, override=None, **params):
    return decide(GAME, state, Action(type_, params, override))


def _ok(state, type_, **params):
    result = _do(state, type_, **params)
    assert result.accepted, getattr(result, "violations", None)
    return result.state


def _refused(state, type_, rule, **params):
    result = _do(state, type_, **params)
    assert not result.accepted, f"{type_} {params} accepted"
    assert rule in [v.rule_id for v in result.violations], result.violations
    return result


def _game(state, a, b, winner, reason, bh, **extra):
    return _ok(state, "record_game", players=[a, b], winner=winner, reason=reason, bh=bh, **extra)


def _points(state):
    return {p["name"]: p["points"] for p in state["players"]}


# ------------------------------------------------------------------ setup

def test_setup_gives_an_open_tournament_with_every_participant():
    state = _start()
    assert state["mode"] == "tournament" and state["phase"] == "open" and state["round"] == 1
    assert state["active_player"] is None and state["games"] == [] and state["rulings"] == []
    assert [r["name"] for r in state["standings"]] == ["Ann", "Ben", "Cid", "Dee"]
    assert state["tie_order"] == list(TIE_ORDER)


def test_setup_refuses_repeated_names_and_too_few_players():
    with pytest.raises(SetupError) as err:
        _start(["Ann", "ann "])
    assert "players.1.name" in err.value.errors
    with pytest.raises(SetupError):
        _start(["Ann"])
    with pytest.raises(SetupError) as err:
        _start(["Ann", "Ben"], time_limit_scoring="coin")
    assert "options.time_limit_scoring" in err.value.errors


# ------------------------------------------------------------------ scoring (R105, 12.10)

def test_borons_halls_win_scores_the_difference_both_ways():
    state = _game(_start(), 0, 1, 1, "borons_halls", [25, 18])
    assert _points(state)["Ben"] == 7 and _points(state)["Ann"] == -7
    game = state["games"][0]
    assert game["points"] == [-7, 7] and game["round"] == 1 and game["number"] == 1 and state["turn"] == 1


@pytest.mark.parametrize("reason", ["conquest", "deck_out"])
def test_conquest_and_deck_out_score_ten(reason):
    state = _game(_start(), 2, 3, 2, reason, [4, 12])
    assert _points(state)["Cid"] == 10 and _points(state)["Dee"] == -10


def test_playing_past_the_end_costs_both_twenty_whoever_won():
    state = _game(_start(), 0, 1, 0, "borons_halls", [15, 20], played_past_end=True)
    assert _points(state)["Ann"] == -20 and _points(state)["Ben"] == -20
    ann, ben = state["players"][:2]
    assert ann["losses"] == 1 and ben["losses"] == 1 and ann["wins"] == 0
    assert state["games"][0]["played_past_end"] is True


def test_score_function_table():
    assert score("borons_halls", 0, [15, 21], False) == ([6, -6], False)
    assert score("conquest", 1, [0, 0], False) == ([-10, 10], False)
    assert score("time_limit", None, [9, 9], False) == ([0, 0], True)
    assert score("time_limit", 0, [3, 9], False, "management") == ([0, 0], True)
    assert score("deck_out", 0, [1, 2], True) == ([-20, -20], False)


def test_r105_borons_halls_result_needs_the_end_condition_e46():
    state = _start()
    # E46: 20 vs 15 ends, 15 wins; 20 vs 16 goes on; 24 vs 20 goes on; 25 vs 20 ends, 20 wins
    assert _ok(state, "record_game", players=[0, 1], winner=1, reason="borons_halls", bh=[20, 15])
    _refused(state, "record_game", "dark-force.R105", players=[0, 1], winner=1, reason="borons_halls", bh=[20, 16])
    _refused(state, "record_game", "dark-force.R105", players=[0, 1], winner=1, reason="borons_halls", bh=[24, 20])
    done = _ok(state, "record_game", players=[0, 1], winner=1, reason="borons_halls", bh=[25, 20])
    assert _points(done)["Ben"] == 5


def test_r105_the_fewer_points_win_and_a_bh_or_conquest_result_has_a_winner():
    state = _start()
    _refused(state, "record_game", "dark-force.R105", players=[0, 1], winner=0, reason="borons_halls", bh=[25, 20])
    _refused(state, "record_game", "dark-force.R105", players=[0, 1], winner=None, reason="borons_halls", bh=[25, 20])
    _refused(state, "record_game", "dark-force.R105", players=[0, 1], reason="conquest", bh=[2, 2])
    _ok(state, "record_game", players=[0, 1], winner=0, reason="conquest", bh=[2, 2])
    # once play went on past the end the totals no longer decide anything: -20 each
    _ok(state, "record_game", players=[0, 1], winner=0, reason="borons_halls", bh=[30, 20], played_past_end=True)


def test_r105_override_lets_the_management_record_it_anyway():
    state = _start()
    result = _do(state, "record_game", "management decided", players=[0, 1], winner=0, reason="borons_halls",
                 bh=[18, 12])
    assert result.accepted and [v.rule_id for v in result.overridden] == ["dark-force.R105"]
    assert _points(result.state)["Ann"] == 6


# ------------------------------------------------------------------ time limit (R106 -> H53)

def test_time_limit_is_decided_on_borons_halls():
    state = _start()
    done = _game(state, 0, 1, 0, "time_limit", [8, 14])
    assert _points(done)["Ann"] == 6 and _points(done)["Ben"] == -6
    assert done["games"][0]["time_limit"] is True and done["games"][0]["ruling_needed"] is False
    _refused(state, "record_game", "dark-force.H53", players=[0, 1], winner=1, reason="time_limit", bh=[8, 14])
    _refused(state, "record_game", "dark-force.H53", players=[0, 1], winner=None, reason="time_limit", bh=[8, 14])


def test_time_limit_with_equal_halls_has_no_winner_and_waits_for_a_ruling():
    state = _start()
    _refused(state, "record_game", "dark-force.H53", players=[0, 1], winner=0, reason="time_limit", bh=[9, 9])
    result = _do(state, "record_game", players=[0, 1], winner=None, reason="time_limit", bh=[9, 9])
    assert result.accepted and "management" in result.notes[0]
    state = result.state
    game = state["games"][0]
    assert game["points"] == [0, 0] and game["winner"] is None and game["ruling_needed"] is True
    assert state["players"][0]["draws"] == 1
    _refused(state, "finish_tournament", "dark-force.H57")
    state = _ok(state, "record_ruling", text="Shared: Ann +2", game=1, player=0, points=2)
    assert state["games"][0]["ruling_needed"] is False and _points(state)["Ann"] == 2
    assert _ok(state, "finish_tournament")["phase"] == "finished"


def test_management_scoring_option_leaves_every_time_limit_game_to_a_ruling():
    state = _game(_start(time_limit_scoring="management"), 0, 1, 0, "time_limit", [3, 9])
    assert state["games"][0]["points"] == [0, 0] and state["games"][0]["ruling_needed"] is True


# ------------------------------------------------------------------ participants (H50, H51, H58)

def test_h50_a_game_is_between_two_different_participants():
    state = _start()
    _refused(state, "record_game", "dark-force.H50", players=[0, 0], winner=0, reason="conquest", bh=[0, 0])
    _refused(state, "record_game", "dark-force.H50", players=[0, 9], winner=0, reason="conquest", bh=[0, 0])
    _refused(state, "record_game", "dark-force.H50", players=[0, 1], winner=2, reason="conquest", bh=[0, 0])
    hard = _do(state, "record_game", "judge says so", players=[0, 7], winner=0, reason="conquest", bh=[0, 0])
    assert not hard.accepted  # a hard rule: no override
    _ok(state, "record_game", players=[0, 3], winner=3, reason="conquest", bh=[0, 0])


def test_h51_excluded_players_play_no_more_and_are_excluded_once():
    state = _ok(_start(), "exclude_player", player=2, reason="unsporting conduct")
    assert state["players"][2]["excluded"] is True and state["rulings"][-1]["exclusion"] is True
    assert state["standings"][-1]["name"] == "Cid" and state["standings"][-1]["rank"] is None
    _refused(state, "record_game", "dark-force.H51", players=[2, 1], winner=1, reason="conquest", bh=[0, 0])
    _refused(state, "exclude_player", "dark-force.H51", player=2)
    _ok(state, "record_game", players=[0, 1], winner=1, reason="conquest", bh=[0, 0])
    _ok(state, "exclude_player", player=3)


def test_h58_two_players_stay_in():
    state = _ok(_start(["Ann", "Ben", "Cid"]), "exclude_player", player=0)
    _refused(state, "exclude_player", "dark-force.H58", player=1)
    _ok(_start(["Ann", "Ben", "Cid"]), "exclude_player", player=1)


# ------------------------------------------------------------------ rounds, rulings, finishing

def test_h54_and_h56_rounds():
    state = _start()
    _refused(state, "start_round", "dark-force.H56")
    _refused(state, "record_game", "dark-force.H54", round=2, players=[0, 1], winner=0, reason="conquest", bh=[0, 0])
    state = _game(state, 0, 1, 0, "conquest", [0, 0], round=1)
    state = _ok(state, "start_round")
    assert state["round"] == 2
    state = _game(state, 2, 3, 3, "deck_out", [0, 0], round=2)
    assert state["games"][-1]["round"] == 2


def test_h55_a_ruling_names_what_it_changes():
    state = _start()
    _refused(state, "record_ruling", "dark-force.H55", text="Penalty", points=-5)
    _refused(state, "record_ruling", "dark-force.H55", text="About game 3", game=3)
    state = _ok(state, "record_ruling", text="Penalty for lateness", player=1, points=-5)
    assert _points(state)["Ben"] == -5 and state["players"][1]["ruling_points"] == -5
    assert state["standings"][-1]["name"] == "Ben"
    assert _ok(state, "record_ruling", text="The hall closes at six")["rulings"][-1]["player"] is None


def test_h57_and_h52_finishing():
    state = _start()
    _refused(state, "finish_tournament", "dark-force.H57")
    state = _ok(_game(state, 0, 1, 0, "conquest", [0, 0]), "finish_tournament")
    assert state["phase"] == "finished"
    for type_, params in (("record_game", dict(players=[0, 1], winner=0, reason="conquest", bh=[0, 0])),
                          ("start_round", {}), ("exclude_player", {"player": 2}), ("finish_tournament", {})):
        _refused(state, type_, "dark-force.H52", **params)
    _ok(state, "record_ruling", text="Results confirmed by the management")


# ------------------------------------------------------------------ standings

def test_standings_tie_order_points_wins_bh_difference_head_to_head_name():
    state = _start(["Zed", "Amy", "Bob", "Cal", "Dan"])
    state = _game(state, 0, 1, 0, "conquest", [0, 0])       # Zed +10, Amy -10
    state = _game(state, 2, 3, 2, "conquest", [0, 0])       # Bob +10, Cal -10
    # Zed and Bob: equal points, equal wins, equal BH difference; Zed beat Amy, Bob beat Cal: no head-to-head yet
    rows = state["standings"]
    assert [r["name"] for r in rows[:2]] == ["Bob", "Zed"] and rows[0]["rank"] == rows[1]["rank"] == 1
    # BH difference decides between equal points and wins (a conquest scores 10 whatever the halls say)
    state2 = _game(_start(["Amy", "Bob", "Cal", "Dan"]), 0, 1, 0, "conquest", [5, 5])   # Amy +10, difference 0
    state2 = _game(state2, 2, 3, 2, "borons_halls", [10, 20])                            # Cal +10, difference +10
    assert [r["name"] for r in state2["standings"][:2]] == ["Cal", "Amy"]
    assert state2["standings"][0]["bh_difference"] == 10
    # wins decide before BH difference
    s3 = _game(_start(["Amy", "Bob", "Cal"]), 0, 1, 0, "conquest", [0, 0])        # Amy +10, 1 win
    s3 = _ok(s3, "record_ruling", text="Bonus", player=2, points=10)               # Cal +10, no win
    assert [r["name"] for r in s3["standings"][:2]] == ["Amy", "Cal"]


def test_head_to_head_breaks_a_tie_among_equal_players():
    state = _start(["Amy", "Bob", "Cal", "Dan"])
    state = _game(state, 1, 0, 1, "conquest", [0, 0])   # Bob beats Amy
    state = _game(state, 0, 2, 0, "conquest", [0, 0])   # Amy beats Cal
    state = _game(state, 3, 1, 3, "conquest", [0, 0])   # Dan beats Bob
    state = _game(state, 2, 3, 2, "conquest", [0, 0])   # Cal beats Dan
    # all on 0 points, 1 win, 0 BH difference: head-to-head among all four is 0 each -> by name
    assert [r["name"] for r in state["standings"]] == ["Amy", "Bob", "Cal", "Dan"]


def test_head_to_head_orders_two_players_on_equal_points_wins_and_difference():
    state = _start(["Amy", "Bob", "Cal", "Dan"])
    state = _game(state, 0, 1, 0, "conquest", [0, 0])   # Amy beats Bob: Amy +10
    state = _game(state, 2, 3, 2, "conquest", [0, 0])   # Cal beats Dan: Cal +10
    state = _game(state, 1, 2, 1, "conquest", [0, 0])   # Bob beats Cal
    state = _game(state, 3, 0, 3, "conquest", [0, 0])   # Dan beats Amy
    state = _game(state, 0, 2, 0, "conquest", [0, 0])   # Amy beats Cal: Amy +10, Cal -10
    state = _game(state, 1, 3, 1, "conquest", [0, 0])   # Bob beats Dan: Bob +10, Dan -10
    rows = {r["name"]: r for r in state["standings"]}
    assert rows["Amy"]["points"] == rows["Bob"]["points"] == 10 and rows["Amy"]["wins"] == rows["Bob"]["wins"]
    assert rows["Amy"]["head_to_head"] == 10 and rows["Bob"]["head_to_head"] == -10
    assert [r["name"] for r in state["standings"][:2]] == ["Amy", "Bob"]
    assert rows["Amy"]["rank"] == 1 and rows["Bob"]["rank"] == 2


def test_standings_table_rows_and_replay():
    state = _start()
    log = [("record_game", {"players": [0, 1], "winner": 1, "reason": "borons_halls", "bh": [22, 10],
                            "session": "view-token"}),
           ("exclude_player", {"player": 3}),
           ("record_ruling", {"text": "Fair play bonus", "player": 2, "points": 3})]
    for type_, params in log:
        state = _ok(state, type_, **params)
    assert replay(GAME, _start(), log) == state
    rows = standings_table(state)
    assert rows[0] == {"rank": 1, "name": "Ben", "points": 12, "games": 1, "wins": 1, "losses": 0,
                       "bh_difference": 12}
    assert rows[-1]["name"] == "Dee" and rows[-1]["rank"] is None
    assert state["games"][0]["session"] == "view-token"


def test_duel_actions_are_not_tournament_actions():
    from tracker.engine import ParamError

    with pytest.raises(ParamError):
        decide(GAME, _start(), Action("next_step", {"player": 0}))
