"""Helpers for the Aventuria engine tests: build states, run actions, assert outcomes. No Django."""
from __future__ import annotations

from tracker.engine import Action, copy_state, decide, initial_state
from tracker.games.aventuria import GAME

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]


def new(mode="duel", n=None, start=0, players=None, **options) -> dict:
    n = n or {"duel": 2, "skirmish": 3, "team_duel": 4}[mode]
    players = players or [{"name": NAMES[i]} for i in range(n)]
    if start is not None:
        options["starting_player"] = start
    return initial_state(GAME, mode, players, options)


def run(state, type_, override=None, **params):
    """Decide one action; `override` is the override reason (params may hold their own `reason`)."""
    return decide(GAME, state, Action(type_, params, override))


def ok(state, type_, **params) -> dict:
    result = run(state, type_, **params)
    assert result.accepted, [v.as_dict() for v in result.violations]
    assert not result.overridden, [v.as_dict() for v in result.overridden]
    return result.state


def refused(state, type_, rule, **params) -> dict:
    """Assert the action is refused and `rule` is among the violations; return {rule id: message}."""
    result = run(state, type_, **params)
    assert not result.accepted, f"{type_} {params} was accepted"
    found = {v.rule_id: v.message for v in result.violations}
    assert f"aventuria.{rule}" in found, found
    return found


def msg(state, type_, rule, **params) -> str:
    return refused(state, type_, rule, **params)[f"aventuria.{rule}"]


def edit(state, fn) -> dict:
    s = copy_state(state)
    fn(s)
    return s


def setp(state, seat, **fields) -> dict:
    return edit(state, lambda s: s["players"][seat].update(fields))


def to_phase(state, phase) -> dict:
    """Step the active hero forward (drawing when due) until `phase`."""
    for _ in range(12):
        if state["phase"] == phase:
            return state
        seat = state["active_player"]
        p = state["players"][seat]
        if state["phase"] == "draw" and not p["phase_draw_done"] and p["draw_deck_count"]:
            state = ok(state, "draw_cards", player=seat, count=2)
        state = ok(state, "advance_phase", player=seat)
    raise AssertionError(f"never reached {phase}")


def end_turn(state) -> dict:
    state = to_phase(state, "end")
    return ok(state, "advance_phase", player=state["active_player"])


def actions_with_endurance(state=None, endurance=3, **attributes) -> dict:
    """Ann (seat 0) in her Actions phase with `endurance` ready Endurance Cards."""
    state = to_phase(state or new(), "actions")
    seat = state["active_player"]
    state = setp(state, seat, endurance_total=endurance, endurance_ready=endurance)
    if attributes:
        state = edit(state, lambda s: s["players"][seat]["attributes"].update(attributes))
    return state


def declared(state=None, attacker=0, target=1, kind="close", **attrs) -> dict:
    state = actions_with_endurance(state, **attrs)
    return ok(state, "declare_attack", player=attacker, attack_type=kind, target=target)


def missed(state=None, roll=15, value=10, **kw) -> dict:
    state = declared(state, **kw)
    attacker = state["pending_attack"]["attacker"]
    return ok(state, "attack_roll", player=attacker, roll=roll, value=value)


def damaged(state=None, damage=9, roll=3, value=14, **kw) -> dict:
    state = declared(state, **kw)
    attacker = state["pending_attack"]["attacker"]
    state = ok(state, "attack_roll", player=attacker, roll=roll, value=value)
    return ok(state, "damage_roll", player=attacker, amount=damage)


def lp(state, seat) -> int:
    return state["players"][seat]["life_points"]


def fp(state, seat) -> int:
    return state["players"][seat]["fate_points"]


# ------------------------------------------------------------------ adventure combat

def villain_card(name, life_points, kind="henchman", **fields) -> dict:
    return {"name": name, "kind": kind, "life_points": life_points, **fields}


BARON = villain_card("Baron von Wildenstein", 20, "leader", dodge=8, armor=1, actions="N")
BODYGUARD = villain_card("Loyal Bodyguard", 6, tp=5, dodge="-", armor=1, actions=1, keywords=["Guard"])
WATCHMAN = villain_card("Tough Watchman", 9, tp=7, dodge="-", armor=3, actions=1, keywords=["Guard"])
WILDENSTEIN_II = [BARON, BODYGUARD, BODYGUARD, WATCHMAN]  # [Example — Placement of Leaders and Henchmen]


def adventure(n=2, villains=None, time=5, players=None, **options) -> dict:
    """An adventure combat set up and in round 1's Preparation (Legacy of Wildenstein Act II, the
    last seat the heir, unless the options say otherwise): the example's row, and with 3 or 4 heroes one or
    two more Loyal Bodyguards to reach the threat value."""
    if villains is None:
        villains = WILDENSTEIN_II + [BODYGUARD] * max(0, n - 2)
    options = {"adventure": "legacy-of-wildenstein", "start_act": 2, "heir": n - 1, **options}
    if options["adventure"] != "legacy-of-wildenstein":
        options.pop("start_act"), options.pop("heir")
    state = new("adventure", n=n, players=players, start=options.pop("starting_player", 0), **options)
    return ok(state, "setup_combat", time_counters=time, villains=villains)


def chance(n=2, villains=(WATCHMAN, WATCHMAN), time=4, **options) -> dict:
    """A chance encounter begun from its options: round 1, Preparation."""
    return new("chance_encounter", n=n, time_counters=time, villains=list(villains), **options)


def drawn(state) -> dict:
    """Every conscious hero who still owes it draws the Preparation step's 2 cards."""
    for seat, p in enumerate(state["players"]):
        if not p["unconscious"] and not p["phase_draw_done"] and p["draw_deck_count"]:
            state = ok(state, "draw_cards", player=seat, count=2)
    return state


def hero_turns(state) -> dict:
    """From Preparation into the first hero's turn."""
    return ok(drawn(state), "advance_phase")


def end_hero(state) -> dict:
    """The active hero ends their turn, discarding down to the hand limit."""
    seat = state["active_player"]
    if state["phase"] == "hero_actions":
        state = ok(state, "advance_phase", player=seat)
    extra = state["players"][seat]["hand_count"] - 7
    if extra > 0:
        state = ok(state, "discard_to_hand_limit", player=seat, count=extra)
    return ok(state, "advance_phase", player=seat)


def to_opponents(state) -> dict:
    """Through Preparation and every hero turn to the Opponent Turns step."""
    if state["phase"] == "preparation":
        state = hero_turns(state)
    while state["phase"] in ("hero_actions", "hero_end"):
        state = end_hero(state)
    assert state["phase"] == "opponent_turns", state["phase"]
    return state


def villains_act(state, roll=15) -> dict:
    """The villains still to act roll `roll` for each action, left to right; then on to Time Effects."""
    from tracker.games.aventuria.adventure.combat import current_villain, next_villain

    state = to_opponents(state) if state["phase"] != "opponent_turns" else state
    while True:
        now, turn = current_villain(state), state["opponent_turn"]
        v = now if now and now["status"] == "active" and turn["actions_left"] > 0 else next_villain(state)
        if v is None:
            return ok(state, "advance_phase")
        state = ok(state, "villain_action_roll", villain=v["id"], roll=roll)


def next_round(state) -> dict:
    """Whatever step of the round: on to the next round's Preparation."""
    if state["phase"] != "time_effects":
        state = villains_act(state)
    if not state["time_removed_this_round"]:
        state = ok(state, "remove_time_counter")
    return ok(state, "advance_phase")


def attack_on(state, villain, damage, kind="close", roll=3, value=14) -> dict:
    """The active hero attacks `villain`, hits and rolls `damage`: next, the villain's dodge or the damage."""
    seat = state["active_player"]
    state = ok(state, "declare_attack", player=seat, attack_type=kind, villain=villain)
    state = ok(state, "attack_roll", player=seat, roll=roll, value=value)
    return ok(state, "damage_roll", player=seat, amount=damage)


def villain_hits(state, villain, target, amount, **params) -> dict:
    """`villain` (acting now) hits `target` for `amount`; no dodge, no armor."""
    state = ok(state, "villain_attack", villain=villain, target=target, amount=amount, **params)
    return ok(state, "apply_damage", target=target)


def knocked_out(state, seat) -> dict:
    """`seat` falls unconscious from a card's life point loss (whatever the step)."""
    return ok(state, "life_point_loss", target=seat, amount=state["players"][seat]["life_points"])


def fate(state, pool, *held) -> dict:
    """Fate Points moved between the middle and the heroes (the total stays 2 per hero, R48)."""
    def move(s):
        s["fate_pool"] = pool
        for seat, n in enumerate(held):
            s["players"][seat]["fate_points"] = n
    return edit(state, move)


def vil(state, vid) -> dict:
    return next(v for v in state["villains"] if v["id"] == vid)
