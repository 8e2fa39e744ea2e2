"""After a combat: the Reward Cards handed out, the Brief Respite spent, the next act begun; after a
defeat, the retry ([End of Combat]; [Brief Respite]; [Reward Cards])."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import enum, integer, obj, seat, string

from ..state import name_of
from .between import PRAY_COST, REST_LP, RESPITE_OPTIONS, card_endurance, reset_for_retry
from .start import reset_combat
from .data import DIFFICULTIES
from .narrative import open_step

ADVENTURE = frozenset({"adventure"})
REWARDING = frozenset({"after_combat", "adventure_end"})
RESPITE = frozenset({"after_combat"})


def apply_distribute_reward(state, params, ctx):
    who, card = params["player"], " ".join(params["card"].split())
    state["players"][who]["reward_cards"].append(card)
    state["rewards"]["taken"].append({"player": who, "card": card})
    out = f" in place of {params['replaces']}" if params.get("replaces") else ""
    return f"{name_of(state, who)} takes the Reward Card {card} and shuffles it into the deck{out}."


def apply_decline_reward(state, params, ctx):
    who = params["player"]
    p = state["players"][who]
    p["reward_declined"] = True
    state["rewards"]["declined"].append(who)
    if state["phase"] == "after_combat":
        p["recovery_points"] += 1
        return f"{p['name']} takes no Reward Card: 1 more recovery point ({p['recovery_points']})."
    return f"{p['name']} takes no Reward Card."


def apply_respite_spend(state, params, ctx):
    who, option, points = params["player"], params["option"], params["points"]
    p = state["players"][who]
    p["recovery_points"] -= points
    r = p["respite"]
    r["spent"] += points
    left = f" ({p['recovery_points']} recovery point{'s' if p['recovery_points'] != 1 else ''} left)"
    if option == "rest":
        before = p["life_points"]
        p["life_points"] = min(p["starting_life_points"], before + REST_LP * points)
        r["rest"] += points
        return f"{p['name']} rests: {before} -> {p['life_points']} LP{left}."
    if option == "pray":
        gained = points // PRAY_COST
        state["fate_pool"] -= gained
        p["fate_points"] += gained
        r["pray"] += gained
        return f"{p['name']} prays: {gained} Fate Point{'s' if gained != 1 else ''} from the middle{left}."
    if option == "prepare":
        r["prepare"] = True
        return f"{p['name']} prepares: one card of choice joins the next opening hand{left}."
    key, supply = ("practice", "practice_left") if option == "practice" else ("training", "training_left")
    r[key] = card_endurance(option, points)
    state[supply] -= 1
    title = "Practice" if option == "practice" else "Training"
    return f"{p['name']} takes a {title} card with {r[key]} endurance{left}."


def apply_begin_act(state, params, ctx):
    before = state["difficulty"]
    state["act"] += 1
    # [Removed from the Game]: what an act removed comes back at the start of the next
    state["fate_pool"] += state["fate_removed"]
    state["fate_removed"] = 0
    difficulty = params.get("difficulty", before)
    state["difficulty"] = difficulty
    state["difficulty_log"].append({"act": state["act"], "difficulty": difficulty})
    for p in state["players"]:
        p["recovery_points"] = 0
        p["reward_declined"] = False
    reset_combat(state)
    open_step(state, 1)
    changed = f" at {difficulty} difficulty (was {before})" if difficulty != before else ""
    return f"Act {state['act']} begins{changed}."


def apply_retry(state, params, ctx):
    scope = params["scope"]
    if scope == "adventure":
        state["act"] = 1
    state["retries"] += 1
    state["outcome"] = None
    reset_for_retry(state)
    reset_combat(state)
    state["free_mother"] = False
    state["practice_left"], state["training_left"] = 4, 4
    open_step(state, 1)
    what = "the adventure" if scope == "adventure" else f"act {state['act']}"
    return f"A new try at {what}: every Reward Card of the failed try is discarded; 40 LP and no Fate Points each."


BETWEEN_ACTIONS = (
    ActionSpec("distribute_reward", "Give a Reward Card",
               obj(("player", "card"), player=seat(title="Hero"), card=string(60, "the Reward Card's name", title="Card"),
                   replaces=string(60, "the regular card it replaces in the deck", title="Replaces")),
               apply_distribute_reward, rules=("aventuria.R92", "aventuria.R93"), phases=REWARDING,
               phase_rule="aventuria.R92", modes=ADVENTURE, after_end=True),
    ActionSpec("decline_reward", "Take no Reward Card", obj(("player",), player=seat(title="Hero")),
               apply_decline_reward, rules=("aventuria.R92",), phases=REWARDING, phase_rule="aventuria.R92",
               modes=ADVENTURE, after_end=True),
    ActionSpec("respite_spend", "Spend recovery points",
               obj(("player", "option", "points"), player=seat(title="Hero"),
                   option=enum(*RESPITE_OPTIONS, title="Option"), points=integer(1, 30, title="Points")),
               apply_respite_spend, rules=("aventuria.R94", "aventuria.R95", "aventuria.R96", "aventuria.R97"),
               phases=RESPITE, phase_rule="aventuria.R94", modes=ADVENTURE),
    ActionSpec("begin_act", "Begin the next act",
               obj((), difficulty=enum(*DIFFICULTIES, title="Difficulty")),
               apply_begin_act, rules=("aventuria.R127",), phases=RESPITE, phase_rule="aventuria.R91",
               modes=ADVENTURE, seat_params=()),
    ActionSpec("retry", "Try again after a defeat", obj(("scope",), scope=enum("act", "adventure", title="Restart")),
               apply_retry, rules=("aventuria.R90",), phases=frozenset({"defeated"}), phase_rule="aventuria.R90",
               modes=ADVENTURE, seat_params=(), after_end=True),
)
