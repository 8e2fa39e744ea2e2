"""Tables for the tests: a solo hero or a group with a night laid out, and one-line recording."""
from tracker.engine import Action, decide, initial_state
from tracker.games import get_game
from tracker.games.aventuria.kit import current_villain, next_villain

GAME = get_game("curse-of-the-desert")
R = "curse-of-the-desert."
ANN = {"name": "Ann", "hero": "Blessed One of Phex",
       "attributes": {"close_combat": 12, "ranged_combat": 11, "magic": "-", "dodge": 10},
       "skills": {"persuade": 12, "stealth": 13, "knowledge": 9}}
GROUP = [{"name": n, "attributes": {"close_combat": 11, "dodge": 9}} for n in ("Ann", "Ben", "Cem", "Dai", "Eda")]
OPTIONS = {"difficulty": "normal", "hearts": 9, "hasrabal_cards": 3}
GUARD = {"name": "Honor Guard", "kind": "henchman", "tp": 2, "life_points": 5, "dodge": 6, "armor": 1, "actions": 1,
         "keywords": ["Guard (Palace)"]}
# Courtyard at B3 (row 1, column 2); Manticore Cards at A3 (its column) and D1, D5, C6
NIGHT = {"hasrabal": ["Raised Alert", "Nedime's Heart", "Overslept"], "courtyard": [1, 2],
         "manticore_cells": [[0, 2], [3, 0], [3, 4], [2, 5]], "villains": [GUARD]}


def new(players=None, **options):
    return initial_state(GAME, "nedime", players or [ANN], {**OPTIONS, **options})


def play(state, action_type, override=None, **params):
    """Record an action that must be accepted; returns the new state."""
    result = decide(GAME, state, Action(action_type, params, override))
    assert result.accepted, (action_type, params, getattr(result, "violations", None))
    return result.state


def refused(state, action_type, **params):
    """The rule ids refusing an action (an empty list when it would be accepted)."""
    result = decide(GAME, state, Action(action_type, params))
    return [] if result.accepted else [v.rule_id for v in result.violations]


def night(players=None, **night):
    """A table at step 0 of its first night, the Courtyard at B3."""
    state = new(players)
    n = len(state["players"])
    return play(state, "start_exploration", **{**NIGHT, "villains": [GUARD] * n, **night})


def to_hero_turn(state):
    """From step 0 (the hero staying on the Courtyard) to the first hero's turn."""
    for seat in list(state["moves"]["order"]):
        if seat not in state["moves"]["done"]:
            state = play(state, "move_hero", player=seat, to=state["hero_cell"])
    state = play(state, "advance_phase")
    for seat, p in enumerate(state["players"]):
        state = play(state, "draw_cards", player=seat, count=2)
    for _ in range(3):
        state = play(state, "advance_phase")
    assert state["phase"] == "hero_turn"
    return state


def to_opponents(state):
    state = to_hero_turn(state)
    while state["phase"] == "hero_turn":
        state = play(state, "advance_phase")
    assert state["phase"] == "opponents"
    return state


def finish_round(state):
    """From any step of a round to step 0 of the next: the opponents roll 10s (no attack), the Time
    Counter moves to a plain space."""
    while state["phase"] != "move" and state["phase"] != "exploration_setup":
        if state["phase"] == "draw":
            for seat, p in enumerate(state["players"]):
                if not p["phase_draw_done"] and p["draw_deck_count"] and not p["unconscious"]:
                    state = play(state, "draw_cards", player=seat, count=min(2, p["draw_deck_count"]))
        if state["phase"] == "opponents":
            turn = state["opponent_turn"]
            now = current_villain(state)
            v = now if now is not None and now["status"] == "active" and turn["actions_left"] > 0 else next_villain(state)
            if v is not None:
                state = play(state, "villain_action_roll", villain=v["id"], roll=10)
                continue
        if state["phase"] == "time" and not state["time_advanced"]:
            state = play(state, "advance_time")
        state = play(state, "advance_phase")
    return state


# ------------------------------------------------------------------ Part Two: the tower

ORC = {"name": "Orc Bandit", "kind": "henchman", "tp": 2, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1,
       "keywords": ["Orc"]}
VAGABOND = {"name": "The Vagabond", "kind": "leader", "tp": 5, "life_points": 20, "dodge": 8, "armor": 2, "actions": 2}


def tower(players=None, entrance=(1, 2), **options):
    """A Part Two table at step 0 of its first exploration: the 2x3 tower, the Entrance Stairs at B3."""
    players = players or [ANN]
    villains = options.pop("villains", [ORC] * (2 * len(players)))
    opts = {"difficulty": "normal", "time_start": 6, **options}
    if entrance is not None:
        opts.update(entrance=list(entrance), villains=villains)
    return initial_state(GAME, "borbarad", players, opts)


def section_due(state, reason="death"):
    """The exploration over: its section waits to be read."""
    state = play(state, "end_exploration", reason=reason)
    assert state["phase"] == "section"
    return state


def next_exploration(state, entrance=(0, 0), **params):
    n = len(state["players"])
    villains = [ORC] * (2 * n)
    if state["vagabond"] == "to_place":
        villains = [VAGABOND, *villains]
    return play(state, "start_exploration", entrance=list(entrance), villains=villains, **params)


def reveal(state, *cells, floor=None):
    """Cells turned up by an effect, each named after its place."""
    for rc in cells:
        name = f"Room {rc[0]}{rc[1]}"
        state = play(state, "reveal_card_by_effect", cell=list(rc), card=name,
                     **({"floor": floor} if floor else {}))
    return state
