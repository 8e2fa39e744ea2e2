"""Demo data for `make run`: the rulebook's Example of Play party (1A: Plans Gone Wrong with small
locations) at the start of its first turn, a campaign for the same party, and what the benchmarks play."""
from tracker.engine.kit.demo import Bench, Demo, Flow, Tap

PARTY = [
    {"name": "Alice (demo)", "character": "Amiri", "location": "Oubliette"},
    {"name": "Lee (demo)", "character": "Lem", "location": "Oubliette"},
    {"name": "Sam (demo)", "character": "Sajan", "location": "Tower"},
]

DEMO = (
    Demo(title="Pathfinder campaign", mode="campaign",
         players=[{"name": p["name"], "character": p["character"]} for p in PARTY]),
    Demo(
        title="Pathfinder scenario", mode="scenario", players=PARTY,
        options={"scenario": "1A", "location_size": "S", "hourglass": 30},
        taps=(
            ("choose_favored", {"player": 1, "card_type": "spell"}),
            ("draw_starting_hand", {"player": 1, "redraws": 1}),
            ("choose_first_player", {"player": 2}),
            ("advance_hour", {"player": 2, "card": "Cayden Cailean's Revelry"}),
        ),
    ),
)

# A scenario's state is larger than a duel's (locations, the turn stepper): damage, a heal and a draw
# leave every pile as it was.
BENCH = Bench(
    mode="scenario",
    players=[{"name": "Ann", "character": "Valeros", "hand_size": 4}],
    options={"hourglass": 30},
    cycle=(("suffer_damage", {"target": 0, "amount": 1}), ("heal", {"target": 0, "count": 1}),
           ("draw_cards", {"player": 0, "count": 1})),
)

# A turn with one encounter, tapped on the phone page (counted by `make bench`; goal from issue 11):
# the hour, a monster found, Amiri's combat check (Melee 1d12+2) against 8, a 9 rolled, the check and
# the encounter resolved, the turn ended.
FLOWS = (
    Flow("a Pathfinder turn with one encounter and its check", goal=9, mode="scenario",
         players=[{"name": "Ann", "character": "Amiri"}], options={"hourglass": 30},
         steps=(Tap("pf-advance-hour"), Tap("pf-explore-monster"), Tap("pad-declare_check-difficulty", face=8, records=0),
                Tap("pf-combat-check-submit"), Tap("pad-roll_check-roll", face=9), Tap("pf-resolve-check"),
                Tap("pf-resolve-encounter"), Tap("pf-end-turn")),
         expect=(("pf-hourglass-count", "29"),)),
)
