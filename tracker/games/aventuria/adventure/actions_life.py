"""Life in an adventure: LP stop at 0 and the hero falls unconscious; heals of 5 or more and
reanimation rolls bring a hero back for the next round ([Unconscious Heroes], [Reanimation Roll])."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.schema import die, integer, obj, seat

from ..state import name_of
from .actions_round import MODES
from .actions_villains import HERO_TURN_ONLY, fell_text
from .combat import heal_hero, lose_life, revive


def apply_life_point_loss(state, params, ctx):
    target = params["target"]
    fell = lose_life(state, target, params["amount"])
    p = state["players"][target]
    return f"{p['name']} loses {params['amount']} LP ({p['life_points']} LP)." + fell_text(state, target, fell)


def apply_simultaneous_loss(state, params, ctx):
    parts = []
    for loss in params["losses"]:
        fell = lose_life(state, loss["target"], loss["amount"])
        parts.append(f"{name_of(state, loss['target'])} {state['players'][loss['target']]['life_points']}"
                     + (" (unconscious)" if fell else ""))
    return f"Life points change at once: {', '.join(parts)}."


def apply_heal(state, params, ctx):
    target = params["target"]
    p = state["players"][target]
    was_out = p["unconscious"] and not p["revived_this_round"]
    gained = heal_hero(state, target, params["amount"])
    if was_out and not p["revived_this_round"] and p["life_points"] > 0:
        # A smaller heal is refused (R73); recorded anyway, the card's text revives the hero.
        p["revived_this_round"] = True
    text = f"{p['name']} heals {gained} to {p['life_points']} LP."
    if was_out and p["revived_this_round"]:
        text += " Revived: back in the fight at the start of the next round."
    return text


def apply_reanimate(state, params, ctx):
    reviver, target, x, roll = params["player"], params["target"], params["endurance"], params["roll"]
    p = state["players"][reviver]
    # The X Endurance Cards are exhausted whatever the die says ([Reanimation Roll]).
    p["endurance_ready"] = max(0, p["endurance_ready"] - x)
    who = name_of(state, target)
    if roll <= x:
        revive(state, target, x)
        return f"{p['name']} exhausts {x} endurance and rolls {roll}: {who} is revived with {x} LP, back next round."
    return f"{p['name']} exhausts {x} endurance and rolls {roll} (needed {x} or less): {who} stays unconscious."


_amount = integer(0, 999)

LIFE_ACTIONS = (
    ActionSpec("reanimate", "Reanimation roll",
               obj(("player", "target", "endurance", "roll"), player=seat(title="Reviver"),
                   target=seat(title="Unconscious hero"),
                   endurance=integer(0, 30, "X: ready Endurance Cards exhausted", title="Endurance (X)"),
                   roll=die(20)),
               apply_reanimate, rules=("aventuria.R75", "aventuria.R71", "aventuria.R74"),
               phases=HERO_TURN_ONLY, phase_rule="aventuria.R70", modes=MODES),
)
