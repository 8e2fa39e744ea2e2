"""Demo data for `make run` (a duel a few taps in), and the duel the benchmarks play."""
from tracker.engine.kit.demo import Bench, Demo

DEMO = (
    Demo(
        title="Aventuria duel",
        mode="duel",
        # Arbosh's Close Combat 14 is the one hero value the rulebook prints (its attack example).
        players=[{"name": "Ann (demo)", "hero": "DB", "attributes": {"close_combat": 14}},
                 {"name": "Ben (demo)", "hero": "TM"}],
        options={"starting_player": 0},
        taps=(
            ("advance_phase", {"player": 0}),
            ("draw_cards", {"player": 0, "count": 2}),
            ("advance_phase", {"player": 0}),
            ("advance_phase", {"player": 0}),
            ("play_endurance", {"player": 0, "source": "hand"}),
            ("advance_phase", {"player": 0}),
            ("declare_attack", {"player": 0, "attack_type": "close", "target": 1}),
            ("attack_roll", {"player": 0, "roll": 3}),
            ("damage_roll", {"player": 0, "amount": 9}),
        ),
    ),
)

# A life point lost and healed again: the table's most frequent tap, repeatable without end.
BENCH = Bench(
    mode="duel",
    players=[{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
    options={"starting_player": 0},
    cycle=(("life_point_loss", {"target": 1, "amount": 1}), ("heal", {"target": 1, "amount": 1})),
    tap="lp-minus-1-1", counter="lp-1", step=-1,
)
