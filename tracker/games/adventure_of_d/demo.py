"""Demo data for `make run`, and what the benchmarks play."""
from tracker.engine.kit.demo import Bench, Demo, Flow, Tap

from .setup import EXAMPLE_MAP

SOLO = [{"name": "Ann (demo)", "hero": "Dwarf", "setup_check": "neutral", "raise": "intelligence"}]

# a solo game a few turns in: two turns of reveals, a move meeting a shadow paid with a card, a test, rests
DEMO = (
    Demo(title="Adventure of D solo", mode="solo", players=SOLO, options={"map": EXAMPLE_MAP, "difficulty": "medium"},
         taps=(
             ("reveal_event", {"player": 0, "type": "strength", "power": 4, "location": "Village of Dawn"}),
             ("reject_event", {"player": 0, "pay": "magic"}),
             ("reveal_event", {"player": 0, "type": "agility", "power": 2, "location": "Lake of Hope"}),
             ("accept_event", {"player": 0}),
             ("reveal_event", {"player": 0, "type": "neutral", "power": 5, "location": "Castle of Light"}),
             ("accept_event", {"player": 0}),
             ("move", {"player": 0, "to": "Old Village of Dew", "card_type": "neutral", "card_power": 3, "check": 1,
                       "shadow_pay": "cards", "shadow_powers": [4]}),
             ("test", {"player": 0, "attribute": "intelligence", "difficulty": 5, "card_type": "intelligence",
                       "card_power": 3, "check": 2}),
             ("rest", {"player": 0}),
             ("reveal_event", {"player": 0, "type": "intelligence", "power": 1, "location": "Tower of Death"}),
             ("accept_event", {"player": 0}),
             ("reveal_event", {"player": 0, "type": "strength", "power": 2, "location": "Field of Stars"}),
             ("accept_event", {"player": 0}),
         )),
)

# magic up and down again, so it can repeat without ending the game
BENCH = Bench(
    mode="solo", players=SOLO, options={"map": EXAMPLE_MAP},
    cycle=(("change_stat", {"player": 0, "stat": "agility", "amount": 1}),
           ("change_stat", {"player": 0, "stat": "agility", "amount": -1})),
)

# The table's common flows, tapped on the phone page (counted by `make bench`, held to their goals by
# tests/browser/test_flows.py). A reveal is four taps and the decider's one; a move is the neighbour on
# the map, the card, the check, and the shadow's payment when one is met; a test is six; the rest is one.
_FLOW_SOLO = [{"name": "Ann", "setup_check": "strength"}]
_FLOW_OPTIONS = {"map": EXAMPLE_MAP}
_TWO_EVENTS = (("reveal_event", {"player": 0, "type": "strength", "power": 4, "location": "Village of Dawn"}),
               ("accept_event", {"player": 0}),
               ("reveal_event", {"player": 0, "type": "intelligence", "power": 1, "location": "Tower of Death"}),
               ("accept_event", {"player": 0}))


def _reveal(type_: str, power: int, slot: str) -> tuple:
    return (Tap(f"aod-reveal-type-{type_}", records=0), Tap(f"pad-reveal_event-power-{power}", records=0),
            Tap(f"aod-reveal-loc-{slot}", records=0), Tap("aod-reveal-submit"), Tap("aod-accept"))


# Old Village of Dew (danger 2) from the Castle of Light with a neutral 3, CHECK 1 = 1: a shadow of 3, paid
# with one card of power 5 (the move card and the card paid leave the hand, the shadow's 3 magic come in)
_SHADOW_MOVE = (Tap("aod-cell-E", records=0), Tap("aod-move-type-neutral", records=0),
                Tap("pad-move-card_power-3", records=0), Tap("pad-move-check-1", records=0),
                Tap("aod-shadow-cards", records=0), Tap("pad-move-shadow_powers-5", records=0),
                Tap("aod-move-submit"))
# intelligence 5 with an intelligence 3 and CHECK 1 = 2: 3 + 0 + 2 = 5, a win and the bonus HEAL 1
_TEST = (Tap("aod-test-attr-intelligence", records=0), Tap("pad-test-difficulty-5", records=0),
         Tap("aod-test-type-intelligence", records=0), Tap("pad-test-card_power-3", records=0),
         Tap("pad-test-check-2", records=0), Tap("aod-test-submit"))

FLOWS = (
    Flow("an Adventure of D reveal, accepted by the decider", goal=5, mode="solo", players=_FLOW_SOLO,
         options=_FLOW_OPTIONS, steps=_reveal("strength", 4, "B"), expect=(("aod-event-B", "strength 4"),)),
    Flow("an Adventure of D move meeting a shadow, paid with a card", goal=7, mode="solo", players=_FLOW_SOLO,
         options=_FLOW_OPTIONS, before=_TWO_EVENTS, steps=_SHADOW_MOVE,
         expect=(("aod-loc-0", "Old Village of Dew"), ("aod-hp-0", "4"), ("aod-magic-0", "7"))),
    Flow("an Adventure of D solo turn: two reveals, a move with its shadow, a test, the rest", goal=24,
         mode="solo", players=_FLOW_SOLO, options=_FLOW_OPTIONS,
         steps=(*_reveal("strength", 4, "B"), *_reveal("intelligence", 1, "F"), *_SHADOW_MOVE, *_TEST,
                Tap("aod-rest-submit")),
         expect=(("aod-loc-0", "Old Village of Dew"), ("aod-timer", "7"), ("aod-round", "2"))),
)
