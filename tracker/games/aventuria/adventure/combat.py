"""The adventure combat's state: the heroes, the row of villains, the round and its steps.

Every function here is plain: it reads or changes a JSON-native state. The actions call them; so
can a game built on Aventuria (through `tracker.games.aventuria.kit`).
"""
from __future__ import annotations

from ..state import ATTACK_TYPES
from .between import after_combat, deal_opening_hands

ROUND_STEPS = ("preparation", "hero_actions", "hero_end", "opponent_turns", "time_effects")
PHASE_TITLES = {
    "narrative": "Narrative", "combat_setup": "Combat Setup", "preparation": "Preparation",
    "hero_actions": "Hero Turn", "hero_end": "End of Hero Turn", "opponent_turns": "Opponent Turns",
    "time_effects": "Time Effects", "after_combat": "After the Combat", "defeated": "Defeat",
    "adventure_end": "End of the Adventure",
}
IN_COMBAT = frozenset(ROUND_STEPS)
HERO_TURN = frozenset({"hero_actions", "hero_end"})
REVIVING_HEAL = 5  # [Unconscious Heroes]: a single heal of 5 or more brings a hero back
NO_DODGE = "-"
PER_HERO = "N"  # a villain's actions (or life points) given as "the number of heroes"

# What Aventuria's own adventure rules say where Curse of the Desert says otherwise
# ([Combat Sequence], [Additional Rules (Adventure Mode)]); a game built on this core sets its own.
AVENTURIA_FLAVOUR = {
    "villain_criticals": True,  # an action die's natural 1 adds an action, a natural 20 ends the turn
    "hand_limit": 7,
    "fate_for_defeat": True,  # a defeated villain gives its defeater a Fate Point
    "knockout": "unconscious",
}


def villain_actions(state: dict, v: dict) -> int:
    return len(state["players"]) if v["actions"] == PER_HERO else v["actions"]


def new_villain(state: dict, raw: dict) -> dict:
    state["villain_count"] += 1
    lp = raw["life_points"]
    if lp == PER_HERO:
        lp = len(state["players"])
    dodge = raw.get("dodge", NO_DODGE)
    return {
        "id": f"v{state['villain_count']}",
        "name": " ".join(raw["name"].split()),
        "kind": raw.get("kind", "henchman"),
        "tp": raw.get("tp", 0) if raw.get("kind", "henchman") == "henchman" else raw.get("tp"),
        "life_points": lp,
        "starting_life_points": lp,
        "dodge": NO_DODGE if dodge in ("-", "–", "—") else dodge,
        "armor": raw.get("armor", 0),
        "actions": raw.get("actions", 1),
        "keywords": list(raw.get("keywords") or []),
        "attackable": raw.get("attackable", True),
        "status": "active",
        "joined_round": state["round"],
    }


# ------------------------------------------------------------------ lookups

def villain(state: dict, vid) -> dict | None:
    return next((v for v in state.get("villains", []) if v["id"] == vid), None)


def active_villains(state: dict) -> list[dict]:
    return [v for v in state["villains"] if v["status"] == "active"]


def conscious(state: dict) -> list[int]:
    return [i for i, p in enumerate(state["players"]) if not p["unconscious"]]


def placed_threat(state: dict) -> int:
    return sum(v.get("tp") or 0 for v in state["villains"] if v["kind"] == "henchman")


def threat_reached(state: dict) -> bool:
    return state["threat_value"] is not None and placed_threat(state) >= state["threat_value"]


def left_of(state: dict, seat: int, skip_current: bool = True) -> int | None:
    """The next conscious hero to the left (clockwise) of `seat`; `seat` itself only if no other is."""
    n = len(state["players"])
    for step in range(1 if skip_current else 0, n + 1):
        s = (seat + step) % n
        if not state["players"][s]["unconscious"]:
            return s
    return None


def acting_leader(state: dict) -> str | None:
    """[Chance Encounter]: with no Leader Card the henchman with the most threat points leads
    (the leftmost of those tied)."""
    if state["mode"] != "chance_encounter":
        return None
    best = None
    for v in active_villains(state):
        if v["kind"] == "henchman" and (best is None or (v.get("tp") or 0) > (best.get("tp") or 0)):
            best = v
    return best["id"] if best else None


# ------------------------------------------------------------------ setup and the round

def place(state: dict, raw: dict) -> dict:
    v = new_villain(state, raw)
    guard = next((c for c in state["story_cards"] if c.get("unlocks") == v["name"]), None)
    if guard is not None and guard["tokens"] > 0:
        v["attackable"] = False  # [Saving Silvana]: the Kobold is safe until his name is guessed
    set_aside = state.get("next_combat", {}).get("set_aside", [])
    if v["name"] in set_aside:
        set_aside.remove(v["name"])
    state["villains"].append(v)
    state["acting_leader"] = acting_leader(state)
    return v


def set_up_combat(state: dict, time_counters: int, villains: list, time_effects: dict | None = None,
                  threat_value: int | None = None) -> None:
    nxt = state.get("next_combat") or {}
    time_counters = max(0, time_counters + nxt.get("time_counters", 0))  # the narrative's change, once (R130)
    if nxt:
        nxt["time_counters"] = 0
    state["time_counters"] = state["time_start"] = time_counters
    state["time_effects"].update({str(k): v for k, v in (time_effects or {}).items()})
    if state["combat"].get("threat_extra") and state["mode"] == "adventure":
        # [The Non-Gambling Kind]: the damage points go onto Risk and Profit, raise the threat value
        # and give as many extra cards; then they are discarded.
        risk = sum(p["damage_points"] for p in state["players"])
        state["risk_and_profit"] = risk
        if threat_value is None:
            threat_value = state["combat"]["threat"] * len(state["players"]) + risk
        for p in state["players"]:
            p["hand_bonus"] += p["damage_points"]
            p["damage_points"] = 0
    if threat_value is not None:
        state["threat_value"] = threat_value
    for raw in villains:
        place(state, raw)
    if threat_reached(state):
        begin_combat(state)


def begin_combat(state: dict) -> None:
    """The row is placed: the heroes hold their opening hands and round 1 begins ([Additional
    Preparations]: 5 cards each, with the usual replacement)."""
    if state["time_counters"] is None:  # begun, accepted anyway, before any time scale was laid out
        state["time_counters"] = state["time_start"] = 0
    state["acting_leader"] = acting_leader(state)
    if state["mode"] == "adventure":
        deal_opening_hands(state)
    begin_round(state)


def begin_round(state: dict) -> None:
    """Step 1: heroes revived last round are back; every hero readies and may draw and add endurance."""
    state["round"] += 1
    state["phase"] = "preparation"
    state["active_player"] = None
    state["time_removed_this_round"] = False
    state["time_attack_from"] = 0
    state["opponent_turn"] = None
    state["last_attack"] = None
    for p in state["players"]:
        if p["revived_this_round"]:
            p["revived_this_round"] = False
            p["unconscious"] = False
        p.update(temp_endurance=0, critical_draws=0, endurance_played_this_turn=0, phase_draw_done=False,
                 turn_done=False, attacks_this_turn={t: False for t in ATTACK_TYPES}, extra_attacks_this_turn=0,
                 hero_actions_this_turn={})
        p["endurance_ready"] = p["endurance_total"]
        for card in p["permanents"]:
            card["ready"] = True
    if state["players"][state["starting_player"]]["unconscious"]:
        nxt = left_of(state, state["starting_player"])
        if nxt is not None:
            state["starting_player"] = nxt


def next_hero(state: dict) -> int | None:
    """Whose hero turn comes next: clockwise from the round's starting hero, skipping those who had
    theirs and those unconscious (a hero revived this round stays out until the next)."""
    n = len(state["players"])
    lead = state["round_lead"]
    for step in range(n):
        s = (lead + step) % n
        p = state["players"][s]
        if not p["turn_done"] and not p["unconscious"]:
            return s
    return None


def start_hero_turn(state: dict, seat: int) -> None:
    state["active_player"] = seat
    state["phase"] = "hero_actions"
    state["turn"] += 1
    state["last_attack"] = None


def end_hero_turn(state: dict) -> None:
    seat = state["active_player"]
    if seat is not None:
        state["players"][seat]["turn_done"] = True
    for p in state["players"]:
        p["temp_endurance"] = 0  # Fate endurance lapses when the turn it was bought in ends (R42)
    state["pending_attack"] = None
    nxt = next_hero(state)
    if nxt is None:
        begin_opponent_turns(state)
    else:
        start_hero_turn(state, nxt)


def begin_hero_turns(state: dict) -> None:
    state["round_lead"] = state["starting_player"]
    state["active_player"] = None
    end_hero_turn(state)


def begin_opponent_turns(state: dict) -> None:
    state["phase"] = "opponent_turns"
    state["active_player"] = None
    state["opponent_turn"] = {"villain": None, "actions_left": 0, "rolls": [], "done": []}
    first = next_villain(state)
    if first is not None:  # the leftmost villain with actions acts first
        state["opponent_turn"].update(villain=first["id"], actions_left=villain_actions(state, first))


def next_villain(state: dict) -> dict | None:
    """The villain to act next in step 3: left to right, each once, skipping those with no actions."""
    turn = state.get("opponent_turn") or {}
    skip = set(turn.get("done", ())) | {turn.get("villain")}
    for v in active_villains(state):
        if v["id"] not in skip and villain_actions(state, v) > 0:
            return v
    return None


def current_villain(state: dict) -> dict | None:
    turn = state.get("opponent_turn")
    return villain(state, turn["villain"]) if turn and turn.get("villain") else None


def villains_done(state: dict) -> bool:
    turn = state.get("opponent_turn")
    if not turn:
        return True
    now = current_villain(state)
    return (now is None or now["status"] != "active" or turn["actions_left"] <= 0) and next_villain(state) is None


def end_round(state: dict) -> None:
    """Step 5: the Starting Hero token passes to the next conscious hero on the left."""
    nxt = left_of(state, state["starting_player"])
    if nxt is not None:
        state["starting_player"] = nxt
    begin_round(state)


# ------------------------------------------------------------------ life

def knock_out(state: dict, seat: int) -> None:
    """[Unconscious Heroes]: at 0 LP the hero is out of the fight; the token moves on at once."""
    p = state["players"][seat]
    p["unconscious"] = True
    p["revived_this_round"] = False
    p["knockouts"] += 1
    a = state.get("pending_attack")
    if a and (a.get("attacker") == seat or a.get("target") == seat):
        state["pending_attack"] = None
    if state["combat"]["doom_per_knockout"]:
        state["doom_counters"] += 1
    if state["starting_player"] == seat:
        nxt = left_of(state, seat)
        if nxt is not None:
            state["starting_player"] = nxt
    check_end(state)
    if state["phase"] in HERO_TURN and state["active_player"] == seat:
        end_hero_turn(state)


def lose_life(state: dict, seat: int, amount: int) -> bool:
    """LP never drop below 0 in an adventure; True when this loss knocked the hero out."""
    p = state["players"][seat]
    if p["unconscious"] and not p["revived_this_round"]:
        return False
    p["life_points"] = max(0, p["life_points"] - max(0, amount))
    if p["life_points"] == 0 and (not p["unconscious"] or p["revived_this_round"]):
        if state["outcome"] is None and state["phase"] in IN_COMBAT:
            knock_out(state, seat)
        else:
            p["unconscious"] = True
        return True
    return False


def heal_hero(state: dict, seat: int, amount: int) -> int:
    p = state["players"][seat]
    before = p["life_points"]
    p["life_points"] = min(p["starting_life_points"], before + amount)
    if p["unconscious"] and not p["revived_this_round"] and amount >= REVIVING_HEAL and p["life_points"] > 0:
        p["revived_this_round"] = True
    return p["life_points"] - before


def revive(state: dict, seat: int, life_points: int) -> None:
    p = state["players"][seat]
    p["life_points"] = min(p["starting_life_points"], life_points)
    p["revived_this_round"] = True


# ------------------------------------------------------------------ villains

def fate_giver(state: dict, taker: int):
    """Who gives a Fate Point earned in an adventure: the middle, else the conscious hero with the
    most (the lowest seat of those tied), else any other hero holding one; None if nobody can."""
    if state["fate_pool"] > 0:
        return "middle"
    others = [s for s in range(len(state["players"])) if s != taker and state["players"][s]["fate_points"] > 0]
    awake = [s for s in others if not state["players"][s]["unconscious"]] or others
    if not awake:
        return None
    return max(awake, key=lambda s: (state["players"][s]["fate_points"], -s))


def give_fate(state: dict, taker: int, source) -> bool:
    if source == "middle" and state["fate_pool"] > 0:
        state["fate_pool"] -= 1
    elif isinstance(source, int) and state["players"][source]["fate_points"] > 0:
        state["players"][source]["fate_points"] -= 1
    else:
        return False
    state["players"][taker]["fate_points"] += 1
    return True


def villain_leaves(state: dict, v: dict, status: str) -> None:
    v["status"] = status
    a = state.get("pending_attack")
    if a and (a.get("villain") == v["id"]):
        state["pending_attack"] = None
    turn = state.get("opponent_turn")
    if turn and turn.get("villain") == v["id"]:
        turn["actions_left"] = 0
    state["acting_leader"] = acting_leader(state)
    check_end(state)


def villain_loses(state: dict, v: dict, amount: int, defeater: int | None, fate_from=None) -> str:
    """LP off a villain (never below 0); at 0 it is defeated and its defeater gains a Fate Point."""
    v["life_points"] = max(0, v["life_points"] - max(0, amount))
    if v["life_points"] > 0 or v["status"] != "active":
        return ""
    text = f" {v['name']} is defeated."
    gained = None
    if defeater is not None and state["flavour"].get("fate_for_defeat"):
        source = fate_from if fate_from is not None else fate_giver(state, defeater)
        if source is not None and give_fate(state, defeater, source):
            gained = "the middle" if source == "middle" else state["players"][source]["name"]
    villain_leaves(state, v, "defeated")
    if gained:
        text += f" {state['players'][defeater]['name']} takes a Fate Point from {gained}."
    return text


# ------------------------------------------------------------------ the end

def victory_reached(state: dict) -> bool:
    c = state["combat"]
    if state["phase"] == "combat_setup" or not state["villains"]:
        return False
    if c["victory"] == "declared":
        return False
    leaders = [v for v in state["villains"] if v["kind"] == "leader"]
    if c["victory"] == "leaders" and leaders:
        return all(v["status"] == "defeated" for v in leaders)
    return not active_villains(state)


def defeat_reason(state: dict) -> str | None:
    c = state["combat"]
    n = len(state["players"])
    if "doom" in c["defeat"] and state["doom_counters"] >= n:
        return f"{state['doom_counters']} doom counters, one per hero"
    heir = state.get("heir")
    if "heir" in c["defeat"] and isinstance(heir, int) and state["players"][heir]["unconscious"] \
            and not state["players"][heir]["revived_this_round"]:
        return f"the heir, {state['players'][heir]['name']}, fell unconscious"
    if state.get("time_out") == "defeat" and state["time_counters"] == 0 and state["time_removed_this_round"] \
            and state["phase"] == "time_effects":
        return "the last time counter was removed"
    if all(p["unconscious"] and not p["revived_this_round"] for p in state["players"]):
        return "every hero is unconscious"
    return None


def check_end(state: dict) -> None:
    if state["combat_result"] is not None or state["phase"] not in IN_COMBAT:
        return
    reason = defeat_reason(state)
    if reason:
        end_combat(state, "defeat", reason)
    elif victory_reached(state):
        end_combat(state, "victory", "every opponent is defeated or fled" if state["combat"]["victory"] != "leaders"
                   else "the leader is defeated")


def end_combat(state: dict, result: str, reason: str) -> None:
    """[End of Combat]: what the combat leaves for the adventure (the counters left feed the Brief
    Respite; LP and Fate Points are the heroes' own)."""
    c = state["combat"]
    state["pending_attack"] = None
    state["opponent_turn"] = None
    state["active_player"] = None
    state["combat_result"] = {
        "result": result, "reason": reason, "round": state["round"], "act": state["act"],
        "time_counters_left": state["time_counters"], "doom_counters": state["doom_counters"],
        "acts_follow": result == "victory" and not c["last"], "rewards": len(state["players"]) if c["rewards"] and result == "victory" else 0,
        "heroes": [{"life_points": p["life_points"], "fate_points": p["fate_points"], "unconscious": p["unconscious"]}
                   for p in state["players"]],
    }
    state["phase"] = "after_combat" if result == "victory" else "defeated"
    after_combat(state, result)
    if result == "defeat" or c["last"] or state["mode"] == "chance_encounter":
        won = result == "victory"
        state["outcome"] = {"result": "won" if won else "lost",
                            "winners": list(range(len(state["players"]))) if won else [], "reason": reason}
