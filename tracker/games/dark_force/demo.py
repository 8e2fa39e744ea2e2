"""Demo data for `make run` (a duel a few taps in), what the benchmarks play, and the table's common flows as
taps on the phone page. Every session here is reached by recording actions from a fresh duel, never by
writing its state, so the engine has accepted each step of it."""
from tracker.engine.kit.demo import Bench, Demo, Flow, Tap

# Ann and Ben with 60-card decks (Boron's Halls target 20), Ann first so that no roll-off is needed.
_OPTIONS = {"deck_size": 60, "first_player": 0}
_TABLE = [{"name": "Ann"}, {"name": "Ben"}]


def _army(name, size, cs):
    return {"kind": "army", "name": name, "values": {"third": size, "cs": cs}}


def _through_turn(seat):
    """The rest of a turn with nothing more played: each step passed (movement, combat), then handed over."""
    return (("next_step", {"player": seat}),) * 4 + (("end_turn", {"player": seat}),)


# Ann's turn: no draw, her Plains with Marus and the Spears recruited under it. Ben's: no draw, his Mountain
# with the hero Goblin King and the Orcs; the Goblin King leads the Orcs into Ann's Plains. Ids are handed out
# in play order from one counter: t1 u2 u3 (Ann's), t4 u5 u6 (Ben's), m7 (his move).
_ANN_TURN = (
    ("choose_draws", {"player": 0, "count": 0}),
    ("next_step", {"player": 0}),
    ("play_terrain", {"player": 0, "name": "Green Plains", "type": "Plains", "values": {"cap": 4},
                      "unit": _army("Marus", 1, 2)}),
    ("recruit", {"player": 0, "terrain": "t1", "unit": _army("Spears", 1, 2)}),
    ("next_step", {"player": 0}),
    *_through_turn(0),
)
_BEN_TO_MOVES = (
    ("choose_draws", {"player": 1, "count": 0}),
    ("next_step", {"player": 1}),
    ("play_terrain", {"player": 1, "name": "Mountains of Fear", "type": "Mountain", "values": {"cap": 4, "cs": 2},
                      "unit": {"kind": "hero", "name": "Goblin King", "values": {"third": 3, "cs": 1}}}),
    ("recruit", {"player": 1, "terrain": "t4", "unit": _army("Orcs", 1, 1)}),
    ("next_step", {"player": 1}),
    ("declare_move", {"player": 1, "from": "t4", "to": "t1", "units": ["u5", "u6"], "leader_of": {"u5": ["u6"]}}),
    ("next_step", {"player": 1}),
)
# The move carried out, Movement End queues the Plains (enemies in it), and the combat phase begins.
_TO_COMBAT = _ANN_TURN + _BEN_TO_MOVES + (
    ("execute_move", {"player": 1, "move": "m7"}),
    ("next_step", {"player": 1}),
    ("next_step", {"player": 1}),
)

DEMO = (
    # Ben's turn, his move declared: carrying it out is the next tap, and a combat in Ann's Plains follows.
    Demo(title="Dark Force duel", mode="duel", players=[{"name": "Ann (demo)"}, {"name": "Ben (demo)"}],
         options=_OPTIONS, taps=_ANN_TURN + _BEN_TO_MOVES),
)

# Two turns in which nothing is played: every step of each passed, the turn handed over. After one cycle
# the table is as it was but for the round and turn numbers (no card is drawn, so no deck runs out).
BENCH = Bench(
    mode="duel", players=_TABLE, options=_OPTIONS,
    cycle=tuple(a for seat in (0, 1) for a in (("choose_draws", {"player": seat, "count": 0}),
                                                ("next_step", {"player": seat}), ("next_step", {"player": seat}),
                                                *_through_turn(seat))),
)

# The two flows of the Dark Force browser tests (test_browser_taps.py), reached through the API only. Goals
# from issue 11 (11 and 20 taps before the one-tap steps).
_TERRAIN = (
    Tap("df-terrain-type-plains", records=0),
    Tap("df-terrain-name", records=0, text="Green Hills"),
    Tap("df-terrain-cap-4", records=0),
    Tap("df-terrain-unit-name", records=0, text="Sir Ulf"),  # a hero: the kind chip already chosen
    Tap("df-terrain-unit-third-3", records=0),
    Tap("df-terrain-unit-cs-2", records=0),
    Tap("df-terrain-submit"),
)
# Ben attacks: the Plains has no CS, so 3 + 2 (Ann's armies) against 4 + 1 (Ben's) is no hit either way and
# both sides are still there for round 2.
_COMBAT_ROUND = (
    Tap("df-start-combat-t1"),
    Tap("df-place-u2"),  # the defender first: Ann's Marus
    Tap("df-place-u5"),  # Goblin King opposite it
    Tap("df-place-u6"),  # the Orcs beside him
    Tap("df-place-u3", records=2),  # the Spears opposite the Orcs, on to the retreat announcements
    Tap("df-no-retreats", records=3),  # both announce none; no spells, ranged or flyers: on to close combat
    Tap("df-roll-unit-u2-3"), Tap("df-roll-unit-u3-3"), Tap("df-roll-unit-u5-4"), Tap("df-roll-unit-u6-4"),
    Tap("df-resolve-attacks", records=2),  # resolved, on to reorganize
    Tap("df-reorganize"),
)

FLOWS = (
    Flow("a terrain played with a unit", goal=7, mode="duel", players=_TABLE, options=_OPTIONS,
         before=(("choose_draws", {"player": 0, "count": 0}), ("next_step", {"player": 0})),
         steps=_TERRAIN, expect=(("version", "3"), ("df-terrains-0", "1"), ("df-hand-0", "4"))),
    Flow("a Dark Force 2-vs-2 combat round (start to reorganize)", goal=12, mode="duel", players=_TABLE,
         options=_OPTIONS, before=_TO_COMBAT, steps=_COMBAT_ROUND,
         # 20 events before, 16 recorded by the taps; placing again (round 2), the combat still on in the Plains
         expect=(("version", "36"), ("df-combat-step", "place units"), ("df-combat-placing", "Ann"),
                 ("df-fighting-t1", "combat now"))),
)
