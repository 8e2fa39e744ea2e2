"""Demo data for `make run`, what the benchmarks play, and the table's common flows tapped on the phone page."""
from tracker.engine.kit.demo import Bench, Demo, Flow, Tap

GUARD = {"name": "Honor Guard", "kind": "henchman", "tp": 2, "life_points": 5, "dodge": 6, "armor": 1, "actions": 1,
         "keywords": ["Guard (Palace)"]}
HERO = {"name": "Ann (demo)", "hero": "Blessed One of Phex",
        "attributes": {"close_combat": 12, "ranged_combat": 11, "magic": "-", "dodge": 10},
        "skills": {"perception": 11, "persuade": 12, "stealth": 13}}
OPTIONS = {"difficulty": "normal", "hearts": 9, "hasrabal_cards": 3}
ORC = {"name": "Orc Bandit", "kind": "henchman", "tp": 2, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1,
       "keywords": ["Orc"]}
HERO_NAME = {"name": "Ann (demo)", "hero": "Blessed One of Phex"}
# The Courtyard at B3; the Manticore Cards at A3 (its column), D1, D5 and C6.
NIGHT = {"hasrabal": ["Raised Alert", "Nedime's Heart", "Overslept"], "courtyard": [1, 2],
         "manticore_cells": [[0, 2], [3, 0], [3, 4], [2, 5]], "villains": [GUARD]}


def _to_hero_turn(seat_moves: tuple = ()) -> tuple:
    """Step 0's moves (or the hero staying), the draw, no Endurance Card, on to the hero's turn."""
    moves = seat_moves or (("move_hero", {"player": 0, "to": [1, 2]}),)
    return (*moves, ("advance_phase", {}), ("draw_cards", {"player": 0, "count": 2}), ("advance_phase", {}),
            ("advance_phase", {}), ("advance_phase", {}))


# A solo night in progress: round 1 spent exploring east of the Courtyard (a card named, a fight with the
# first guard, a hit taken), round 2 on the way north, a stealth test saved by Consult Your Fate; now Ann's turn.
DEMO = (
    Demo(title="Curse of the Desert: a night in the palace", mode="nedime", players=[HERO], options=OPTIONS, taps=(
        ("start_exploration", NIGHT),
        ("move_hero", {"player": 0, "to": [1, 3]}),
        ("name_card", {"cell": [1, 3], "card": "Flower Garden"}),
        ("advance_phase", {}), ("draw_cards", {"player": 0, "count": 2}), ("advance_phase", {}),
        ("play_endurance", {"player": 0, "source": "hand"}), ("advance_phase", {}), ("advance_phase", {}),
        ("declare_attack", {"player": 0, "attack_type": "close", "villain": "v1"}),
        ("attack_roll", {"player": 0, "roll": 6}), ("damage_roll", {"player": 0, "amount": 4}),
        ("villain_dodge_roll", {"villain": "v1", "roll": 15}), ("damage_villain", {"villain": "v1"}),
        ("advance_phase", {}),
        ("villain_action_roll", {"villain": "v1", "roll": 11}),
        ("villain_attack", {"villain": "v1", "target": 0, "amount": 4}),
        ("dodge_roll", {"player": 0, "roll": 13}), ("apply_damage", {"target": 0}),
        ("advance_phase", {}), ("advance_time", {"enemy": False}), ("advance_phase", {}),
        ("move_hero", {"player": 0, "to": [0, 3]}),
        ("name_card", {"cell": [0, 3], "card": "Library", "first_entering": True}),
        ("advance_phase", {}), ("draw_cards", {"player": 0, "count": 2}), ("advance_phase", {}),
        ("advance_phase", {}), ("advance_phase", {}),
        ("test_roll", {"player": 0, "skill": "stealth", "roll": 16, "fate_symbol": True}),
        ("consult_fate", {"player": 0, "card": "fortune"}),
    )),
    # Part Two: the first exploration ended in a death on Death's Candidate card 1; Section 1 was read with the
    # Objective achieved; now the second exploration (the Middle Floor added) is in its first step.
    Demo(title="Curse of the Desert: the tower of Borbarad", mode="borbarad", players=[HERO],
         options={"difficulty": "normal", "time_start": 8, "entrance": [1, 2], "villains": [ORC, ORC]}, taps=(
             ("move_hero", {"player": 0, "to": [1, 1], "card": "Torture Chamber"}),
             ("reveal_card_by_effect", {"cell": [0, 1], "card": "Dining Hall"}),
             ("apply_damage", {"target": 0, "amount": 40, "source": "Torture Chamber"}),
             ("resolve_section", {"objective_done": True}),
             ("start_exploration", {"entrance": [2, 0], "villains": [ORC, ORC]}),
         )),
    Demo(title="Curse of the Desert: the campaign", mode="campaign", players=[HERO_NAME],
         taps=(("record_adventure", {"adventure": "nedime", "result": "won"}),
               ("upgrade_card", {"player": 0, "card_kind": "hero_card", "to_level": 2}))),
)

# Nedime's hearts broken and mended before the first night: repeats for ever without ending the game.
BENCH = Bench(mode="nedime", players=[HERO], options=OPTIONS,
              cycle=(("flip_heart_token", {"direction": "break", "count": 1}),
                     ("flip_heart_token", {"direction": "mend", "count": 1})))

# The table's common flows, tapped on the phone page (counted by `make bench`, held to their goals by
# tests/browser/test_flows.py). A move is one tap on a lit card; a skill test is the skill, the fate symbol
# and the die, then the Fate Card drawn; an opponent's turn is its die, the damage on the hero hit, the dodge
# and the damage taken; the time step is the space, the guard it brings and the next round; a night's start
# is the three Hasrabal Cards, the Courtyard, the four Manticore Cards and "start".
_FLOW_HERO = [{"name": "Ann", "attributes": {"close_combat": 12, "dodge": 10}, "skills": {"stealth": 12}}]
_NIGHT = (("start_exploration", NIGHT),)
_OPPONENTS = (*_NIGHT, *_to_hero_turn(), ("advance_phase", {}))
_TIME = (*_OPPONENTS, ("villain_action_roll", {"villain": "v1", "roll": 20}), ("advance_phase", {}))

FLOWS = (
    Flow("a Curse of the Desert move to a neighbouring card", goal=1, mode="nedime", players=_FLOW_HERO,
         options=OPTIONS, before=_NIGHT, steps=(Tap("cotd-cell-B4"),), expect=(("cotd-here", "B4"),)),
    Flow("a Curse of the Desert skill test failed with the fate symbol, then Consult Your Fate", goal=4,
         mode="nedime", players=_FLOW_HERO, options=OPTIONS, before=(*_NIGHT, *_to_hero_turn()),
         steps=(Tap("cotd-test-skill-stealth", records=0), Tap("cotd-test-fate", records=0),
                Tap("cotd-test-roll", face=15), Tap("cotd-consult-fortune")),
         expect=(("cotd-last-result", "success"), ("cotd-pile-fortune", "0"))),
    Flow("a Curse of the Desert guard's action die, its attack and the hero's dodge", goal=4, mode="nedime",
         players=_FLOW_HERO, options=OPTIONS, before=_OPPONENTS,
         steps=(Tap("cotd-pad-action", face=7), Tap("cotd-hit-0-4"), Tap("cotd-pad-dodge", face=14),
                Tap("cotd-take-damage")),
         expect=(("cotd-lp-0", "36"),)),
    Flow("a Curse of the Desert time step on a +1 space with its guard", goal=3, mode="nedime", players=_FLOW_HERO,
         options=OPTIONS, before=_TIME,
         steps=(Tap("cotd-time-enemy"), Tap("cotd-guard-same-0"), Tap("cotd-next")),
         expect=(("cotd-round", "2"), ("cotd-time", "1"))),
    Flow("a Curse of the Desert night laid out with the start-of-night helper", goal=9, mode="nedime",
         players=_FLOW_HERO, options=OPTIONS,
         steps=(Tap("cotd-hasrabal-4", records=0), Tap("cotd-hasrabal-0", records=0), Tap("cotd-hasrabal-5", records=0),
                Tap("cotd-setup-cell-B3", records=0), Tap("cotd-setup-cell-A3", records=0),
                Tap("cotd-setup-cell-D1", records=0), Tap("cotd-setup-cell-D5", records=0),
                Tap("cotd-setup-cell-C6", records=0), Tap("cotd-setup-submit")),
         expect=(("cotd-round", "1"), ("cotd-alert", "2"), ("cotd-here", "B3"))),
)
