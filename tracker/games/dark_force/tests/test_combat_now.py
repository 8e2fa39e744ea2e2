"""Fewer taps in a Dark Force combat: `next_combat_step` may pass over the steps where nothing is left to do (H21
checks every step passed over as if each were tapped through), and the page's "now" buttons: the actions legal
at this moment, prefilled from the state (page_now.py)."""
from tracker.engine import Action, decide
from tracker.engine.kit.presenter import Table
from tracker.games.dark_force import GAME
from tracker.games.dark_force.page import context

from .test_combat import ANN, BEN, _duel, act, add_unit, arrange, board, fight, refused


def now(state, can_write=True):
    return context(Table(GAME, state, "duel", can_write, []))["now"]


def by_testid(state):
    return {q.testid: q for q in now(state)}


def tap(state, quick):
    """What a tap on a "now" button records: its action, then each action it chains (one thing to undo)."""
    for step in ({"type": quick.type, "params": quick.params}, *quick.then):
        result = decide(GAME, state, Action(step["type"], step["params"]))
        assert result.accepted, (quick, step, result.violations)
        state = result.state
    return state


def test_next_combat_step_passes_over_empty_steps_h21():
    s, u = _duel()
    # the retreats are not announced yet: announce_retreat can't be passed over
    assert "dark-force.H21" in refused(s, "next_combat_step", player=ANN, step="close_combat")
    s = act(act(s, "declare_retreat", player=ANN, units=[]), "declare_retreat", player=BEN, units=[])
    skipped = decide(GAME, s, Action("next_combat_step", {"player": ANN, "step": "close_combat"}))
    assert skipped.accepted and skipped.state["combat"]["step"] == "close_combat"
    assert skipped.log == "Combat round 1: close combat (nothing in cast spells, ranged, flying)."
    # a step behind, or the current one, is not ahead
    assert "dark-force.H21" in refused(skipped.state, "next_combat_step", player=ANN, step="flying")
    assert "dark-force.H21" in refused(skipped.state, "next_combat_step", player=ANN, step="close_combat")


def test_a_declared_ranged_attack_keeps_its_step_h21():
    s, u = _duel(step="ranged")
    s["combat"]["retreat_declared"] = [ANN, BEN]
    s["units"][u["knight"]]["abilities"] = ["ranged"]
    s = act(s, "declare_ranged", player=ANN, unit=u["knight"], target=u["gob"])
    assert "dark-force.H21" in refused(s, "next_combat_step", player=ANN, step="close_combat")
    s["combat"]["step"] = "cast_spells"  # the shot waits in the ranged step: it can't be passed over either
    assert "dark-force.H21" in refused(s, "next_combat_step", player=ANN, step="flying")
    assert act(s, "next_combat_step", player=ANN, step="ranged")["combat"]["step"] == "ranged"


def test_an_announced_retreat_stops_the_skip_at_the_retreat_step_h21():
    s, u = _duel(step="close_combat")
    c = s["combat"]
    c["retreat_declared"], c["resolved"], c["retreat"] = [ANN, BEN], ["close_combat"], [u["marus"]]
    assert "dark-force.H21" in refused(s, "next_combat_step", player=ANN, step="reorganize")
    assert act(s, "next_combat_step", player=ANN, step="retreat")["combat"]["step"] == "retreat"
    c["retreat"] = []
    assert act(s, "next_combat_step", player=ANN, step="reorganize")["combat"]["step"] == "reorganize"


def two_against_two():
    """Ben's Goblins and Orcs hold the Mountain (CS +2); Ann's Marus and Spears attack: all values known."""
    s, plains, mountain, forest = board()
    ben = [add_unit(s, name, "army", BEN, mountain, cs=1, cd=1, third=1) for name in ("Goblins", "Orcs")]
    ann = [add_unit(s, name, "army", ANN, mountain, cs=2, cd=2, third=1) for name in ("Marus", "Spears")]
    return s, mountain, ben, ann


def test_a_two_against_two_round_through_the_now_buttons():
    s, mountain, ben, ann = two_against_two()
    start = by_testid(s)[f"df-start-combat-{mountain}"]
    assert start.label == "Combat in Mountain" and start.primary and start.versioned
    s, taps = tap(s, start), 1
    while s["combat"]["step"] == "place_units":  # one button per unit to place, where it obviously goes
        places = [q for q in now(s) if q.type == "place_unit"]
        assert places and all("face-down" in q.label for q in places)  # still hidden: no names
        s, taps = tap(s, places[0]), taps + 1
    assert taps == 5 and {s["units"][x]["face"] for x in ben + ann} == {"up"}
    fronts = [sorted(slot["column"] for slot in s["combat"]["battlefield"][side]["front"]) for side in (0, 1)]
    assert fronts[0] == fronts[1] and len(fronts[0]) == 2  # two pairs, face to face
    assert s["combat"]["step"] == "announce_retreat"  # the last placement moved on
    both = by_testid(s)["df-no-retreats"]  # neither side retreats, and nobody could cast, shoot or fly
    assert both.label == "No retreats · on to close combat"
    s, taps = tap(s, both), taps + 1
    assert s["combat"]["step"] == "close_combat" and s["combat"]["retreat_declared"] == [ANN, BEN]
    assert "df-resolve-attacks" not in by_testid(s)  # the dice first (the helper's pads, one tap each)
    for x, roll in zip(ben + ann, (3, 3, 4, 4)):  # 4+2 vs 3+1(+2): no hit either way
        s, taps = act(s, "roll_unit", player=s["units"][x]["controller"], unit=x, roll=roll), taps + 1
    resolve = by_testid(s)["df-resolve-attacks"]  # nobody retreats: straight on to reorganizing
    assert resolve.label == "Resolve the close combat · on to reorganize"
    s, taps = tap(s, resolve), taps + 1
    assert s["combat"]["step"] == "reorganize" and len(s["combat"]["results"]) == 4
    s, taps = tap(s, by_testid(s)["df-reorganize"]), taps + 1
    assert s["combat"]["round"] == 2 and taps == 12


def test_a_retreat_announced_keeps_the_retreat_step():
    s, u = _duel()
    ann_alone = by_testid(s)[f"df-retreat-none-{ANN}"]  # the attacker announces first
    assert ann_alone.label == "Ann: no retreat" and f"df-retreat-none-{BEN}" not in by_testid(s)
    s = act(s, "declare_retreat", player=ANN, units=[u["marus"]])
    assert "df-no-retreats" not in by_testid(s)
    s = tap(s, by_testid(s)[f"df-retreat-none-{BEN}"])
    assert s["combat"]["step"] == "announce_retreat"
    assert by_testid(s)["df-skip-combat-step"].params["step"] == "close_combat"


def test_now_offers_only_what_the_engine_accepts():
    s, mountain, ben, ann = two_against_two()
    s = fight(s, mountain)
    for q in now(s):
        assert tap(s, q)
    assert all(q.params["player"] == BEN for q in now(s) if q.type == "place_unit")  # the defender first
    assert now(s, can_write=False) == []  # a view-only link records nothing


def test_no_skip_when_a_flyer_could_act():
    s, u = _duel(step="cast_spells")
    s["combat"]["retreat_declared"] = [ANN, BEN]
    assert by_testid(s)["df-skip-combat-step"].params["step"] == "close_combat"
    s["units"][u["knight"]]["abilities"] = ["flying"]
    assert by_testid(s)["df-skip-combat-step"].params["step"] == "flying"  # the ranged step still passes
    arrange(s, {}, "flying")
    assert "df-skip-combat-step" not in by_testid(s) and "df-next-combat-step" in by_testid(s)
