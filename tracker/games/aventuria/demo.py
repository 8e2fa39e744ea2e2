"""Demo data for `make run`: a duel a few taps in."""
from tracker.engine.kit.demo import Demo

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
