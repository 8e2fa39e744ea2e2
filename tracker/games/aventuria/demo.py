"""Demo data for `make run` (a duel a few taps in), and the duel the benchmarks play."""
from tracker.engine.kit.demo import Bench, Demo, Flow, Tap

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
    Demo(
        title="Aventuria chance encounter",
        mode="chance_encounter",
        players=[{"name": "Ann (demo)", "hero": "DB", "attributes": {"close_combat": 14, "dodge": 8}},
                 {"name": "Ben (demo)", "hero": "TM", "attributes": {"ranged_combat": 13, "dodge": 11}}],
        options={"difficulty": "normal", "starting_player": 0, "time_counters": 6,
                 "time_effects": {"3": "Draw an Event Card", "0": "Every hero loses 2 life points"},
                 "villains": [{"name": "Tough Watchman", "tp": 7, "life_points": 9, "dodge": "-", "armor": 3, "actions": 1},
                              {"name": "Loyal Bodyguard", "tp": 5, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1},
                              {"name": "Crossbowman", "tp": 4, "life_points": 5, "dodge": 6, "armor": 0, "actions": 1}]},
        taps=(
            ("draw_cards", {"player": 0, "count": 2}), ("draw_cards", {"player": 1, "count": 2}),
            ("play_endurance", {"player": 0, "source": "hand"}), ("advance_phase", {}),
        ),
    ),
    Demo(
        title="Aventuria adventure: The Legacy of Wildenstein",
        mode="adventure",
        # skill values as a table would copy them from its Skill Cards; Ben is the heir
        players=[{"name": "Ann (demo)", "hero": "DB", "skills": {"knowledge": 9, "survival": 12, "perception": 11}},
                 {"name": "Ben (demo)", "hero": "TM", "skills": {"knowledge": 13, "survival": 10, "perception": 12}}],
        options={"adventure": "legacy-of-wildenstein", "difficulty": "normal", "starting_player": 0, "heir": 1},
        taps=(("narrative_skill_test", {"player": 0, "roll": 6}),),
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

# The table's common flows, as taps on the phone page (counted by `make bench`, goals from issue 11).
# Arbosh's Close Combat 14 is filled in by the game; Mirhiban's Dodge 9 is typed at setup, so the page
# can say hit or miss and what the dodge does.
_TABLE = [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM", "attributes": {"dodge": 9}}]
_TO_ACTIONS = (
    ("advance_phase", {"player": 0}), ("draw_cards", {"player": 0, "count": 2, "reason": "phase"}),
    ("advance_phase", {"player": 0}), ("advance_phase", {"player": 0}), ("advance_phase", {"player": 0}),
)
_ATTACK = (
    Tap("attack-close-1"),
    Tap("pad-attack_roll-roll", face=3),  # 3 against 14: a hit
    Tap("pad-damage_roll-amount", face=9),
    Tap("pad-dodge_roll-roll", face=15),  # 15 against Dodge 9: the dodge fails
    Tap("apply-damage"),
)

FLOWS = (
    Flow("lose 3 LP", goal=1, mode="duel", players=_TABLE, options={"starting_player": 0},
         steps=(Tap("lp-minus-3-1"),), expect=(("lp-1", "37"),)),
    Flow("take a Fate Point (a missed attack)", goal=1, mode="duel", players=_TABLE, options={"starting_player": 0},
         before=_TO_ACTIONS + (("declare_attack", {"player": 0, "attack_type": "close", "target": 1}),
                               ("attack_roll", {"player": 0, "roll": 18})),
         steps=(Tap("take-fate-0"),), expect=(("fp-0", "1"),)),
    Flow("an Aventuria attack: declare, roll, damage, dodge, apply", goal=7, mode="duel", players=_TABLE,
         options={"starting_player": 0}, before=_TO_ACTIONS, steps=_ATTACK, expect=(("lp-1", "31"),)),
    Flow("an Aventuria duel turn: draw 2, 2 endurance, one attack, end", goal=12, mode="duel", players=_TABLE,
         options={"starting_player": 0},
         steps=(Tap("advance"), Tap("draw-2", records=3), Tap("endurance"), Tap("endurance"), Tap("advance"),
                *_ATTACK, Tap("advance"), Tap("advance")),
         expect=(("lp-1", "31"), ("turn", "2"))),
)

# The adventure combat (issue 14): a chance encounter's row of two villains, one action each.
_ROW = [{"name": "Baron", "tp": 9, "life_points": 12, "dodge": 6, "armor": 2, "actions": 1},
        {"name": "Thug", "tp": 5, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1}]
_ENCOUNTER = {"starting_player": 0, "time_counters": 4, "villains": _ROW}
_TO_VILLAINS = (
    ("draw_cards", {"player": 0, "count": 2}), ("draw_cards", {"player": 1, "count": 2}), ("advance_phase", {}),
    ("advance_phase", {"player": 0}), ("advance_phase", {"player": 0}),
    ("advance_phase", {"player": 1}), ("advance_phase", {"player": 1}),
)
_VILLAIN_TURN = (Tap("pad-villain_action_roll-roll", face=10), Tap("hit-1-7"), Tap("apply-damage"))
FLOWS += (
    Flow("an adventure villain's turn: roll, amount on the hero hit, take", goal=3, mode="chance_encounter",
         players=_TABLE, options=_ENCOUNTER, before=_TO_VILLAINS, steps=_VILLAIN_TURN, expect=(("lp-1", "33"),)),
    Flow("a chance encounter round, two villains: draws, an attack, both villains, time", goal=18,
         mode="chance_encounter", players=_TABLE, options=_ENCOUNTER,
         steps=(Tap("prep-draw-all", records=2), Tap("to-hero-turns"), Tap("attack-close-v1"),
                Tap("pad-attack_roll-roll", face=5), Tap("pad-damage_roll-amount", face=8),
                Tap("pad-villain_dodge_roll-roll", face=15), Tap("damage-villain"),
                Tap("end-hero-turn", records=2), Tap("end-hero-turn", records=2), *_VILLAIN_TURN,
                Tap("pad-villain_action_roll-roll", face=12), Tap("hit-0-4"), Tap("apply-damage"),
                Tap("to-time-effects"), Tap("remove-time"), Tap("next-round")),
         expect=(("villain-lp-v1", "6"), ("lp-0", "36"), ("lp-1", "33"), ("av-round", "Round 2"))),
)


def adventure_log(events: int) -> tuple:
    """A long chance encounter as the table records it, `events` long: every round both heroes draw
    (while their decks last) and keep to 7 cards, the token holder hits the villain for 2 (3 damage,
    armor 1), the villain hits the other hero for 2, who heals it back, the villain heals its 2, and
    the time scale, already at 0, repeats its "0" step. Every event is legal (a test replays it)."""
    hand, deck, log, lead = [5, 5], [25, 25], [], 0
    while len(log) < events:
        other = 1 - lead
        for s in (0, 1):
            if deck[s]:
                got = min(2, deck[s])
                log.append(("draw_cards", {"player": s, "count": 2}))
                deck[s] -= got
                hand[s] += got
        log += [("advance_phase", {}),
                ("declare_attack", {"player": lead, "attack_type": "close", "villain": "v1"}),
                ("attack_roll", {"player": lead, "roll": 5, "value": 12}), ("damage_roll", {"player": lead, "amount": 3}),
                ("damage_villain", {"villain": "v1"})]
        for s in (lead, other):
            log.append(("advance_phase", {"player": s}))
            if hand[s] > 7:
                log.append(("discard_to_hand_limit", {"player": s, "count": hand[s] - 7}))
                hand[s] = 7
            log.append(("advance_phase", {"player": s}))
        log += [("villain_action_roll", {"villain": "v1", "roll": 8}),
                ("villain_attack", {"villain": "v1", "target": other, "amount": 2}), ("apply_damage", {"target": other}),
                ("heal", {"target": other, "amount": 2}), ("heal_villain", {"villain": "v1", "amount": 2}),
                ("advance_phase", {}), ("remove_time_counter", {}), ("advance_phase", {})]
        lead = other
    return tuple(log[:events])


# The replay benchmark's adventure log (a cycle as long as the log: it is folded once).
REPLAYS = (
    Bench(
        mode="chance_encounter",
        players=[{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
        options={"starting_player": 0, "time_counters": 0,
                 "villains": [{"name": "Ogre", "tp": 14, "life_points": 99, "dodge": "-", "armor": 1, "actions": 1}]},
        cycle=adventure_log(10_000),
    ),
)
