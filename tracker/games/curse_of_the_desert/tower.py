"""Curse of the Desert, Part Two: Borbarad's tower. What the adventure keeps from one Tower Exploration
to the next (the Death's Candidate, floor experience, Learning Cards, environments) and what one
exploration holds (the tower grid, the Time Row, Insight and Task Cards).

The tower's cards are face down until entered; the app learns a card's name and floor when the table
names it, and remembers both for the rest of the adventure ([Preparing the Adventure "Curse of
Borbarad"]; [Tower Exploration])."""
from __future__ import annotations

from tracker.games.aventuria.kit import ATTACK_TYPES

from .night import add_villain, begin_moves
from .state import DECK, FLAVOUR, OPENING_HAND, clear_night, lp_max, new_hero

FLOORS = ("upper", "middle", "spaceship", "basement")
FLOOR_TITLES = {"upper": "Upper Floor", "middle": "Middle Floor", "spaceship": "Spaceship", "basement": "Basement"}
FLOOR_COLOURS = {"upper": "green", "middle": "blue", "spaceship": "yellow", "basement": "red"}
# [Tower Cards]: the Entrance Stairs and 5 more make the Upper Floor's 6; the plan's 30 in all
FLOOR_SIZE = {"upper": 6, "middle": 6, "spaceship": 8, "basement": 10}
# The floor a Death's Candidate's explorations reach, and the tower's rows x columns ([Tower Cards];
# [Narrative Sections]): a retry of card 3 or 4 keeps its layout.
STAGE_FLOORS = {1: 1, 2: 2, 3: 2, 4: 3, 5: 4, 6: 4}
LAYOUTS = {1: (2, 3), 2: (3, 4), 3: (3, 4), 4: (4, 5), 5: (4, 6), 6: (4, 6)}
FINAL = 6  # the two-symbol Death's Candidate card
INSIGHT_AT = {"upper": 5, "middle": 5, "spaceship": 5, "basement": 3}  # [Insight Cards]: the lightning squares
XP_MAX = 10
ENTRANCE = "Entrance Stairs"
# [The Mission of the Brain]: six Tower Cards and their Learning Cards leave for the rest of the adventure
REMOVED_AT_MISSION = ("Cocoons on the Ceiling", "Confusing Staircase", "Golden Miniature", "Rockworms",
                      "Teleportation Amulet", "Verminous Bunks")  # by name
TASK_CARDS = ("Magnetic Key", "Trap Door", "Analytical Engine")
ENVIRONMENTS = ("Orc Shaman", "Hurry up!", "Eleven Friends", "Endeavor")
GROWING = ("Orc Shaman", "Eleven Friends")  # a token each at every exploration's start
OBJECTIVE_TOKENS = 11  # [Section 4]; [Rules Questions and Answers (Curse of Borbarad) > Ship's Computer]
HENCHMEN_PER_HERO = 2  # [Henchman Pile and Starting Henchmen]; [Curse of Borbarad (Multiplayer)]
VAGABOND = "The Vagabond"
DRUGONE = "Drugone"
DRUGONES = 2
DOUBLER = "Doubler"
PLAYER_TITLE = "Truth in the Mirror"
TIME_START = 10  # the Time Scale card names the start; the table gives it (time_start), this is a fallback

TOWER_PHASES = {
    "exploration_setup": "Exploration Preparation", "move": "0 Move Hero", "draw": "1A Card Draw",
    "endurance": "1B Endurance", "ready": "1C Ready Cards", "hero_turn": "2 Hero's Turn",
    "opponents": "3 Opponents Turns", "time": "4 Time Effects", "section": "Narrative Section",
    "adventure_end": "End of the Adventure",
}


def floors_in_play(stage: int) -> tuple[str, ...]:
    return FLOORS[:STAGE_FLOORS[stage]]


def floor_cards(stage: int, removed: dict | None) -> dict:
    """Tower Cards of each floor in play. After The Mission of the Brain six cards are gone; the rulebook
    does not say from which floors, so until the table says (`removed_floors`) those floors read None."""
    counts = {f: (FLOOR_SIZE[f] if f in floors_in_play(stage) else 0) for f in FLOORS}
    if stage >= 5:
        for f in ("upper", "middle", "spaceship"):
            counts[f] = None if removed is None else FLOOR_SIZE[f] - removed.get(f, 0)
    return counts


def setup_borbarad(mode: str, players: list, options: dict) -> dict:
    options = options or {}
    n = len(players)
    state = {
        "mode": mode, "phase": "exploration_setup", "round": 0, "turn": 0, "exploration": 0,
        "exploration_end_reason": None, "difficulty": options.get("difficulty", "normal"),
        "time_start": options.get("time_start", TIME_START), "starting_player": options.get("starting_player", 0),
        "active_player": None, "flavour": {**FLAVOUR, "knockout": "death"}, "outcome": None, "restarts": 0,
        "players": [new_hero(i, p, n) for i, p in enumerate(players)], "sections": [],
        "campaign": options.get("campaign"),
    }
    reset_borbarad(state, options.get("start_stage", 1), options.get("floor_xp"), options.get("removed_floors"))
    if options.get("entrance") is not None:
        start_tower(state, {"entrance": options["entrance"], "villains": options.get("villains") or []})
    return state


def reset_borbarad(state: dict, stage: int = 1, floor_xp: dict | None = None, removed: dict | None = None) -> None:
    """Part Two from its setup, or from the stage a table reached without the app: the stage implies the
    tower and the environments the sections placed so far ([Narrative Sections])."""
    envs = {}
    if stage >= 4:
        envs = {"Orc Shaman": {"tokens": 0}, "Hurry up!": {"tokens": 0}}
    if stage >= 5:
        envs = {"Orc Shaman": {"tokens": 0}, "Eleven Friends": {"tokens": 0}, "Endeavor": {"tokens": 0}}
    state.update(
        dc_stage=stage, dc_tokens=0, floor_xp={f: (floor_xp or {}).get(f, 0) for f in FLOORS},
        removed_floors=dict(removed) if removed else None, floor_cards=floor_cards(stage, removed),
        learning_cards=[], tower_cards={ENTRANCE: "upper"}, environments=envs,
        tasks_unlocked=stage >= 5, removed_tower_cards=list(REMOVED_AT_MISSION) if stage >= 5 else [],
        vagabond="to_place" if stage >= 5 else None, hunger=0, thirst=0, final_attempt=stage == FINAL,
        player_title=None, section_due=None, outcome=None, first_entering_cards=[],
        last_henchmen=state.get("last_henchmen", []), campaign=state.get("campaign"),
    )
    state["sections"] = []
    state["read_next"] = read_next(state)
    standard_reset(state)
    state["villains"] = []


def read_next(state: dict) -> str:
    stage = state["dc_stage"]
    return "Section 6 (failed) or Section 7 (achieved)" if stage == FINAL else f"Section {stage}"


def layout(state: dict) -> dict:
    rows, cols = LAYOUTS[state["dc_stage"]]
    return {"rows": rows, "cols": cols}


def standard_reset(state: dict) -> None:
    """What every section does first ([Narrative Sections], each section's opening steps): life points, Fate
    Points back on the plan, the ability token, a fresh Hero Deck, the henchmen shuffled away, the Time
    Counter back to its start. The Vagabond, a leader, stays in the row."""
    n = len(state["players"])
    keep = [v for v in state.get("villains", []) if v["name"] == VAGABOND and v["status"] == "active"]
    seen = [{k: v.get(k) for k in ("name", "kind", "tp", "life_points", "dodge", "armor", "actions", "keywords")}
            | {"life_points": v["starting_life_points"]}
            for v in state.get("villains", []) if v["kind"] == "henchman"]
    if seen:
        state["last_henchmen"] = seen  # the start helper offers them again: the same Orcs come back
    clear_night(state)
    for v in keep:
        v["life_points"] = v["starting_life_points"]
    state.update(villains=keep, time_pos=state["time_start"], layout=layout(state), insight={}, tasks_gained=[],
                 orc_pile_closed=False, last_entry=None, entrance=None, moves=None, phase="exploration_setup",
                 round=0, turn=0)
    for p in state["players"]:
        p.update(life_points=lp_max(n), starting_life_points=lp_max(n), fate_points=0, hand_count=0,
                 draw_deck_count=DECK, special_ability_available=True, unconscious=False, dead=False)


def start_tower(state: dict, params: dict) -> list[str]:
    """[Tower Exploration > Preparations]: the tower laid out face down with the hero on the Entrance
    Stairs, the opening hand, the starting henchmen; Orc Shaman and Eleven Friends gain their token."""
    rows, cols = LAYOUTS[state["dc_stage"]]
    single = floors_in_play(state["dc_stage"])
    floor = single[0] if len(single) == 1 else None
    cells = [[{"face_up": False, "manticore": False, "card": None, "floor": floor, "locked": False, "visits": 0,
               "gap": False, "first_entering": False} for _ in range(cols)] for _ in range(rows)]
    entrance = list(params["entrance"])
    cells[entrance[0]][entrance[1]].update(face_up=True, card=ENTRANCE, floor="upper")
    state.update(grid={"rows": rows, "cols": cols, "cells": cells}, layout={"rows": rows, "cols": cols},
                 entrance=entrance, hero_cell=list(entrance), exploration=state["exploration"] + 1,
                 exploration_end_reason=None, round=1, turn=1, phase="move", fox_hand_open=True, outcome=None,
                 section_due=None, last_entry=None)
    for p in state["players"]:
        held = p["fate_points"]  # a section's Objective Fate Point is already in hand
        p.update(hand_count=OPENING_HAND, draw_deck_count=DECK - OPENING_HAND, discard_count=0, removed_count=0,
                 endurance_total=0, endurance_ready=0, temp_endurance=0, endurance_played_this_turn=0,
                 endurance_this_round=0, endurance_cards=[], permanents=[], special_ability_available=True,
                 attacks_this_turn={t: False for t in ATTACK_TYPES}, extra_attacks_this_turn=0, mulligan_done=False,
                 unconscious=False, dead=False, turn_done=False, phase_draw_done=False, last_test=None,
                 fate_points=held)
    lines = [f"Tower Exploration {state['exploration']}: the tower is {rows}x{cols}; the hero starts on the "
             f"Entrance Stairs."]
    grown = []
    for name in GROWING:
        if name in state["environments"]:
            state["environments"][name]["tokens"] += 1
            grown.append(f"{name} {state['environments'][name]['tokens']}")
    if grown:
        lines.append("A token on " + ", ".join(grown) + ".")
    raws = list(params.get("villains") or [])
    for raw in [r for r in raws if r.get("name") == VAGABOND]:
        add_villain(state, {**raw, "kind": "leader"}, "left")
        state["vagabond"] = "in_play"
    for raw in [r for r in raws if r.get("name") != VAGABOND]:
        add_villain(state, raw, "right")
    begin_moves(state)
    lines.append(f"When this exploration ends, read {read_next(state)}.")
    return lines


def face_up_counts(state: dict) -> dict:
    counts = {f: 0 for f in FLOORS}
    g = state.get("grid")
    for row in (g or {}).get("cells", []):
        for c in row:
            if c["face_up"] and not c["gap"] and c.get("floor") in counts:
                counts[c["floor"]] += 1
    return counts


def xp_gain(face_up: int, in_play: int | None) -> int:
    """[Narrative Sections]: +1 once at least half of the floor's cards in play lie face up, +2 when all do."""
    if not in_play:
        return 0
    if face_up >= in_play:
        return 2
    return 1 if 2 * face_up >= in_play else 0


def owned_learning(state: dict, card: str | None) -> bool:
    key = (card or "").casefold()
    return any(c.casefold() == key for c in state["learning_cards"])


def canonical(state: dict, card: str) -> str:
    """A card as first written this adventure, whatever the case the table types it in now."""
    key = " ".join(card.split()).casefold()
    known = {n.casefold(): n for n in (*state["tower_cards"], *REMOVED_AT_MISSION, *TASK_CARDS)}
    return known.get(key, " ".join(card.split()))


def insight_available(state: dict) -> list[str]:
    return [f for f in FLOORS if state["floor_xp"][f] >= INSIGHT_AT[f] and f not in state["insight"]]
