"""Curse of the Desert, Part One: what a table keeps between nights and inside one night.

JSON-native like every state. The palace is a grid of cells the table names as they turn up; the app
never sees a face-down card, so a card's name, its lock and its First Entering arrive as params.
"""
from __future__ import annotations

from tracker.games.aventuria.kit import AVENTURIA_FLAVOUR, new_player

R = "curse-of-the-desert."
SKILLS = ("body_control", "craft", "knowledge", "perception", "persuade", "stealth", "survival", "willpower")
FATE_KINDS = ("great_fortune", "fortune", "misfortune", "great_misfortune")
FATE_TITLES = {"great_fortune": "Great Fortune", "fortune": "Fortune", "misfortune": "Misfortune",
               "great_misfortune": "Great Misfortune"}
# [Fate Card Reserve and Fate Pile]: 16 Fate Cards in all; the pile takes one of each at a night's start
FATE_CARDS = {"great_fortune": 3, "fortune": 6, "misfortune": 4, "great_misfortune": 3}
FATE_RESULT = {"great_fortune": "critical_success", "fortune": "success", "misfortune": "failure",
               "great_misfortune": "critical_failure"}
HASRABAL = ("Nedime's Heart", "Extinguished Lights", "Locked Doors", "Dark Fortune", "Raised Alert", "Overslept")
HASRABAL_DECK = 8
MANTICORE_CARDS = 17
MANTICORE_PER_NIGHT = 4
VENOM_CARDS = 2  # the box's two Disadvantage Cards
DECK = 30
OPENING_HAND = 5
SOLO_LP = 40
# [Multiplayer Version > Reduced Maximum Life Points]
GROUP_LP = {2: 30, 3: 25, 4: 20, 5: 20, 6: 20}
MAX_MOVERS = 3  # [Multiplayer Version > Step 0]: with 4-6 heroes only the first three move
GROUP_HEARTS_REMOVED = 2  # [Multiplayer Version > Less Time]
ADVENTURE_POINTS = 10  # [Nedime's Rescue]
COMP_LP = 5  # [Play a Part in your Own Fate]
# [Multiplayer Version > More Dangerous Leaders]
SCALED_LEADERS = ("Baradarasch", "Engrit Sila", "The Singing Manticore", "The Vagabond")
GUARD = "Guard (Palace)"
COURTYARD = "Courtyard"

PHASES = {
    "exploration_setup": "Night Preparation", "move": "0 Move Hero", "draw": "1A Card Draw",
    "endurance": "1B Endurance", "ready": "1C Ready Cards", "hero_turn": "2 Hero's Turn",
    "opponents": "3 Opponents Turns", "time": "4 Time Effects", "adventure_end": "End of the Adventure",
}
ROUND = ("move", "draw", "endurance", "ready", "hero_turn", "opponents", "time")
IN_NIGHT = frozenset(ROUND)

# What the Curse says where Aventuria's adventure says otherwise (the note's table in §3.3).
FLAVOUR = {**AVENTURIA_FLAVOUR, "villain_criticals": False, "hand_limit": None, "fate_for_defeat": False,
           "knockout": "imprisoned", "attribute_criticals": False}


def _name_key(name) -> str:
    words = "".join(ch for ch in str(name).casefold() if ch.isalnum() or ch.isspace()).split()
    return " ".join(w[:-1] if w.endswith("s") else w for w in words)


def hasrabal_name(raw) -> str | None:
    """A Hasrabal Card as the rulebook spells it, from the table's spelling ("Extinguished Light",
    "nedimes heart"); None for a card the box does not hold."""
    key = _name_key(raw)
    return next((name for name in HASRABAL if _name_key(name) == key), None)


def hasrabal_names(raw: list | None) -> list[str]:
    return [n for n in (hasrabal_name(r) for r in raw or []) if n]


def lp_max(heroes: int) -> int:
    return SOLO_LP if heroes == 1 else GROUP_LP[heroes]


def hearts_total(printed: int, heroes: int) -> int:
    return max(1, printed - (GROUP_HEARTS_REMOVED if heroes > 1 else 0))


def new_hero(seat: int, raw: dict, heroes: int) -> dict:
    p = new_player(seat, raw, "nedime")
    p["hero"] = " ".join(str(raw.get("hero") or "Blessed One of Phex").split())
    skills = raw.get("skills") or {}
    p.update(
        skills={k: skills.get(k) for k in SKILLS}, hero_version="primary", unconscious=False, turn_done=False,
        endurance_this_round=0, life_points=lp_max(heroes), starting_life_points=lp_max(heroes),
        hand_count=0, draw_deck_count=DECK, venom_in_deck=0, adventure_points=0,
    )
    return p


def setup(mode: str, players: list, options: dict) -> dict:
    options = options or {}
    n = len(players)
    state = {
        "mode": mode,
        "phase": "exploration_setup",
        "round": 0,
        "turn": 0,
        "exploration": 0,
        "exploration_end_reason": None,
        "difficulty": options.get("difficulty", "normal"),
        "hasrabal_cards": options.get("hasrabal_cards", 3),
        "hearts_printed": options.get("hearts", 9),
        "starting_player": options.get("starting_player", 0),
        "active_player": None,
        "flavour": dict(FLAVOUR),
        "outcome": None,
        "restarts": 0,
        "players": [new_hero(i, p, n) for i, p in enumerate(players)],
        "nights": [],
        "campaign": options.get("campaign"),
    }
    reset_adventure(state)
    return state


def reset_adventure(state: dict) -> None:
    """The adventure's own setup ([Preparing the Adventure]): also where a lost adventure restarts."""
    n = len(state["players"])
    state.update(
        hearts={"total": hearts_total(state["hearts_printed"], n), "broken": 0},
        curse_side="A", imprisonments=0, hero_version="primary", comp_tokens=0,
        manticore_left=MANTICORE_CARDS, fulfilled=[], manticore_fulfilled=[], adventure_points=0,
        outcome=None, exploration_end_reason=None, phase="exploration_setup", round=0,
    )
    for p in state["players"]:
        p.update(hero_version="primary", venom_in_deck=0, adventure_points=0)
    clear_night(state)


def clear_night(state: dict) -> None:
    """What a night holds and loses at its end ([End of the Exploration], entry 3)."""
    n = len(state["players"])
    state.update(
        hasrabal=[], alert_stage=1, grid=None, courtyard=None, hero_cell=None, fate_pool=2 * n,
        fate_pile={k: 0 for k in FATE_KINDS}, fate_reserve=dict(FATE_CARDS), time_pos=0, guards_due=0,
        time_advanced=False, villains=[], villain_count=0, opponent_turn=None, pending_attack=None,
        last_attack=None, attack_count=0, last_test=None, test_count=0, end_pending=False, moves=None,
        active_player=None, story_cards=[], fox_hand_open=False, combat_result=None,
    )


def setup_examples(mode: str) -> list[tuple[list, dict]]:
    solo = [{"name": "Ann", "hero": "Blessed One of Phex", "attributes": {"close_combat": 12, "ranged_combat": 11,
                                                                        "magic": 9, "dodge": 10},
             "skills": {"persuade": 12, "stealth": 13}}]
    group = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cem"}, {"name": "Dai"}]
    if mode == "borbarad":
        orc = {"name": "Orc Bandit", "kind": "henchman", "life_points": 6, "actions": 1, "armor": 1, "keywords": ["Orc"]}
        vagabond = {"name": "The Vagabond", "kind": "leader", "life_points": 20, "actions": 2}
        return [(solo, {"difficulty": "normal", "time_start": 8, "entrance": [1, 2], "villains": [orc, orc]}),
                (group[:2], {"difficulty": "difficult", "time_start": 6}),
                (solo, {"time_start": 5, "start_stage": 5, "entrance": [0, 0], "villains": [vagabond, orc, orc],
                        "floor_xp": {"upper": 6, "middle": 4, "spaceship": 2, "basement": 0},
                        "removed_floors": {"upper": 2, "middle": 2, "spaceship": 2}})]
    return [(solo, {"difficulty": "normal", "hearts": 9, "hasrabal_cards": 3}),
            (group[:2], {"difficulty": "normal", "hearts": 9, "hasrabal_cards": 3}),
            (group, {"difficulty": "hard", "hearts": 7, "hasrabal_cards": 4, "starting_player": 1})]


# ------------------------------------------------------------------ lookups

def cell(state: dict, rc) -> dict | None:
    g = state.get("grid")
    if not g or not isinstance(rc, (list, tuple)) or len(rc) != 2:
        return None
    r, c = rc
    if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < g["rows"] and 0 <= c < g["cols"]):
        return None
    return g["cells"][r][c]


def neighbours(state: dict, rc) -> list[list[int]]:
    g = state["grid"]
    r, c = rc
    return [[r + dr, c + dc] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < g["rows"] and 0 <= c + dc < g["cols"]]


def adjacent_or_same(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1


def label(rc) -> str:
    """A cell as the table reads the plan: row letter, column number (A1 top left)."""
    return f"{'ABCD'[rc[0]] if 0 <= rc[0] < 4 else rc[0]}{rc[1] + 1}"


def cell_name(state: dict, rc) -> str:
    c = cell(state, rc)
    if c is None:
        return label(rc)
    if c["card"]:
        return c["card"]
    return f"the {'Manticore Card' if c['manticore'] else 'card'} at {label(rc)}"


def movers(state: dict) -> list[int]:
    """Who moves the group token in step 0, in order: from the Starting Hero on, at most three
    ([Multiplayer Version > Step 0]); the solo hero alone."""
    n = len(state["players"])
    start = state["starting_player"]
    order = [(start + i) % n for i in range(n)]
    if state["mode"] == "borbarad":
        # [Curse of Borbarad (Multiplayer) > Step 0]: the Starting Hero alone moves the group (the next
        # living hero when the Starting Hero is dead)
        return [s for s in order if not state["players"][s].get("dead")][:1]
    return order[:MAX_MOVERS]


def solo(state: dict) -> bool:
    return len(state["players"]) == 1


def fate_total(state: dict, kind: str) -> int:
    return state["fate_pile"][kind] + state["fate_reserve"][kind]


def close_test(state: dict) -> None:
    """[Attribute Test Results]: once the table moves on, the last test's result is final."""
    t = state.get("last_test")
    if t and t.get("open"):
        t["open"] = False


def outcome(state: dict) -> dict | None:
    return state.get("outcome")

