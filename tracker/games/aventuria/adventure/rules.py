"""The adventure combat's rules (R67-R89, R113-R117, R126, R131 and house rules H7, H8)."""
from __future__ import annotations

from tracker.engine import Rule

from ..state import name_of
from .combat import (
    HERO_TURN, NO_DODGE, REVIVING_HEAL, active_villains, conscious, current_villain, next_hero, next_villain,
    placed_threat, threat_reached, villain, villain_actions, villains_done,
)

TARGET_COUNTS = {"life_points": "life_points", "fate_points": "fate_points", "hand_cards": "hand_count"}
METHODS = ("starting_hero", "random", "special", *(f"{w}_{x}" for w in ("most", "least") for x in TARGET_COUNTS))


# The combat is set up from the combat setup or straight from a narrative step.
BEFORE_COMBAT = frozenset({"narrative", "combat_setup"})


def _seats(state, params):
    keys = ("player", "target", "beneficiary")
    return [params[k] for k in keys if isinstance(params.get(k), int) and 0 <= params[k] < len(state["players"])]


def _attack(state):
    return state.get("pending_attack")


def check_r67(state, params, ctx):
    if ctx.action_type == "advance_phase":
        if state["phase"] == "combat_setup" and not threat_reached(state):
            return (f"Threat value not reached ({placed_threat(state)} of {state['threat_value']}): "
                    "draw another henchman.")
        return None
    # Round 1's Preparation follows the placement at once: one more henchman there is one drawn too
    # many (later, time effects and cards bring henchmen in).
    if state["phase"] not in BEFORE_COMBAT and (state["phase"], state["round"]) != ("preparation", 1):
        return None
    incoming = params.get("villains") if ctx.action_type == "setup_combat" else [params]
    if ctx.action_type == "setup_combat" and params.get("threat_value") is not None:
        target = params["threat_value"]
    else:
        target = state["threat_value"]
    if target is None:
        return None
    placed = placed_threat(state) if ctx.action_type != "setup_combat" else 0
    for raw in incoming or ():
        if raw.get("kind", "henchman") != "henchman" or raw.get("name") in state["combat"].get("extras", ()):
            continue
        if placed >= target:
            return f"Threat value already reached ({placed} of {target}): no more henchmen are drawn."
        placed += raw.get("tp", 0)


def check_r68(state, params, ctx):
    allowed = state["combat"]["keywords"]
    if not allowed:
        return None
    for raw in params.get("villains") or ([params] if "name" in params else []):
        words = raw.get("keywords")
        if raw.get("name") in state["combat"].get("extras", ()):
            continue  # [Saving Silvana]: the Cowardly Goblins set aside in the narrative join the row
        if raw.get("kind", "henchman") == "henchman" and words and not set(words) & set(allowed):
            return f"This combat uses only {' or '.join(allowed)} henchmen; {raw['name']} is {', '.join(words)}."


def check_r69(state, params, ctx):
    rows = [v["kind"] for v in state["villains"]] if ctx.action_type == "place_henchman" else []
    for raw in params.get("villains") or ([params] if "name" in params else []):
        kind = raw.get("kind", "henchman")
        if kind == "leader" and "henchman" in rows and state["phase"] in BEFORE_COMBAT:
            return "Leaders come first in the row of villains: place the leaders before the henchmen."
        rows.append(kind)


def check_r70(state, params, ctx):
    phase = state["phase"]
    who = params.get("player")
    if ctx.action_type == "advance_phase" and phase == "preparation":
        return check_next_hero(state, params, ctx)
    if ctx.action_type == "advance_phase" and phase in HERO_TURN and who != state["active_player"]:
        return f"It is {name_of(state, state['active_player'])}'s turn; only they end it."
    if ctx.action_type in ("declare_attack", "hero_action") and phase == "hero_actions" and who != state["active_player"]:
        return f"It is {name_of(state, state['active_player'])}'s turn."


def check_r71(state, params, ctx):
    out = [s for s in _seats(state, params) if state["players"][s]["unconscious"]]
    if ctx.action_type in ("reanimate", "heal"):
        out = [s for s in out if s != params.get("target")]
    if ctx.action_type in ("apply_damage", "life_point_loss"):
        out = [s for s in out if s != params.get("target")]
    if ctx.action_type == "villain_attack":
        out = []  # R72 speaks for an unconscious target
    if not out:
        return None
    revived = [s for s in out if state["players"][s]["revived_this_round"]]
    if revived and len(revived) == len(out):
        return None  # R74 explains it
    return f"{', '.join(name_of(state, s) for s in out)} is unconscious and cannot act."


def check_r74(state, params, ctx):
    out = [s for s in _seats(state, params) if state["players"][s]["revived_this_round"]
           and s not in (params.get("target"),)]
    if out:
        return f"{', '.join(name_of(state, s) for s in out)} was revived this round and returns at the next round."


def check_r72(state, params, ctx):
    p = state["players"][params["target"]]
    if p["unconscious"]:
        return f"{p['name']} is unconscious: villains ignore unconscious heroes; pick another target."


def check_r73(state, params, ctx):
    p = state["players"][params["target"]]
    if p["unconscious"] and not p["revived_this_round"] and params["amount"] < REVIVING_HEAL:
        return f"{p['name']} is unconscious: only a heal of {REVIVING_HEAL} or more at once revives."


def check_r75(state, params, ctx):
    seat, target, x = params["player"], params["target"], params["endurance"]
    if state["phase"] != "hero_actions" or state["active_player"] != seat:
        return "A reanimation roll is made in your own hero turn."
    if target == seat:
        return "You cannot reanimate yourself."
    t = state["players"][target]
    if not t["unconscious"] or t["revived_this_round"]:
        return f"{t['name']} is not unconscious."
    if x < 1:
        return "Exhaust at least one Endurance Card for a reanimation."
    ready = state["players"][seat]["endurance_ready"]
    if x > ready:
        return f"You need {x} ready Endurance Cards; you have {ready}."


def check_r77(state, params, ctx):
    if ctx.action_type in ("spend_fate_reroll", "fate_reroll_attack"):
        a = _attack(state)
        if a and a.get("attacker") is not None and params.get("beneficiary") not in (None, a["attacker"]):
            return f"The reroll is for {name_of(state, a['attacker'])}'s attack."
        return None
    who = params.get("beneficiary", params["player"])
    if who != params["player"]:
        return "In an adventure Fate Points help another hero only to reroll a failed attack or skill test."


def check_r79(state, params, ctx):
    v = villain(state, params["villain"])
    guarded = v and any(c.get("unlocks") == v["name"] and c["tokens"] > 0 for c in state.get("story_cards", ()))
    if v and not v["attackable"] and not guarded:  # R111 speaks for the Kobold
        return f"{v['name']} cannot be attacked yet (the adventure protects it)."


def check_h8(state, params, ctx):
    v = villain(state, params["villain"])
    if v is not None and v["status"] != "active":
        return f"{v['name']} has left the row ({v['status']})."


def check_r80(state, params, ctx):
    vid = params.get("villain")
    turn = state.get("opponent_turn") or {}
    now = current_villain(state)
    if ctx.action_type == "advance_phase":
        if state["phase"] == "opponent_turns" and not villains_done(state):
            if now is not None and now["status"] == "active" and turn["actions_left"] > 0:
                return f"{now['name']} still has {turn['actions_left']} action(s) to roll."
            return f"{next_villain(state)['name']} has not acted yet: villains act from left to right."
        return None
    if now is not None and now["id"] == vid and turn["actions_left"] > 0:
        return None
    if now is not None and now["id"] == vid and turn["actions_left"] <= 0:
        return None  # R81 explains why it cannot roll again
    nxt = next_villain(state)
    if nxt is None:
        return "Every villain has acted this round."
    if now is not None and now["status"] == "active" and turn["actions_left"] > 0:
        if not turn["rolls"]:
            return f"It is {now['name']}'s turn: villains act from left to right."
        return f"{now['name']} is acting ({turn['actions_left']} action(s) left): villains act from left to right."
    if nxt["id"] != vid:
        return f"It is {nxt['name']}'s turn: villains act from left to right."


def check_r81(state, params, ctx):
    turn = state.get("opponent_turn") or {}
    now = current_villain(state)
    if now is None or now["id"] != params["villain"] or turn["actions_left"] > 0:
        return None
    if turn["rolls"] and turn["rolls"][-1] == 20 and state["flavour"].get("villain_criticals"):
        return f"{now['name']} rolled a 20: its turn is over."
    return f"{now['name']} has used its {villain_actions(state, now)} action(s)."


def check_villain_attack_order(state, params, ctx):
    """R80/R89 for an attack: in step 3 the acting villain attacks after its roll; in step 4 the
    extra attacks of time effects go in row order."""
    vid = params["villain"]
    if state["phase"] == "opponent_turns":
        now = current_villain(state)
        turn = state["opponent_turn"]
        if now is None or now["id"] != vid or not turn["rolls"]:
            who = now["name"] if now else "the next villain"
            return f"Only the acting villain ({who}) attacks, after rolling its action die."
        return None
    row = [v["id"] for v in active_villains(state)]
    if vid in row and row.index(vid) < state.get("time_attack_from", 0):
        return "Attacks from time effects go in the villains' row order, left to right."


def check_r82(state, params, ctx):
    a = _attack(state)
    if a and a.get("villain") and a.get("attacker") is None:
        return "Villain attacks always hit; roll the hero's dodge instead."


def check_r83(state, params, ctx):
    v = villain(state, params["villain"])
    if v is None:
        return None
    a = _attack(state)
    if ctx.action_type == "villain_dodge_roll":
        if v["dodge"] == NO_DODGE:
            return f"{v['name']} cannot dodge (Dodge \"-\")."
        if not a or a.get("villain") != v["id"] or a["damage"] is None:
            return f"There is no rolled damage on {v['name']} to dodge."
        if a["dodged"] is not None:
            return f"{v['name']} already rolled its dodge."
        return None
    if a and a.get("villain") == v["id"] and a["damage"] is not None and v["dodge"] != NO_DODGE \
            and a["dodged"] is None and params.get("amount") is None:
        return f"Roll {v['name']}'s dodge first (Dodge {v['dodge']})."


def check_damage_villain(state, params, ctx):
    """H2 for damage on a villain: it comes from an open, hit attack on that villain."""
    a = _attack(state)
    v = villain(state, params["villain"])
    if not a or a.get("villain") != params["villain"] or a.get("attacker") is None:
        return f"There is no attack on {v['name'] if v else 'that villain'}: declare one, or record a life point loss."
    if a["damage"] is None:
        return "Roll the attack's damage first." if a["result"] == "hit" or a["roll"] is None else \
            "The attack missed, so it deals no damage."
    amount = params.get("amount")
    if amount is not None and amount > a["damage"]:
        return f"This attack lets at most {a['damage']} damage through, not {amount}."


def check_r85(state, params, ctx):
    v = villain(state, params["villain"])
    if v and not params.get("above_start") and v["life_points"] + params["amount"] > v["starting_life_points"]:
        return f"{v['name']} cannot heal above its starting {v['starting_life_points']} life points."


def check_r86(state, params, ctx):
    source = params.get("fate_from")
    if source is None:
        return None
    if state["fate_pool"] > 0:
        return f"The Fate Point comes from the middle while it has any ({state['fate_pool']})."
    attacker = (_attack(state) or {}).get("attacker") if ctx.action_type == "damage_villain" else params.get("player")
    if source == attacker:
        return "The Fate Point comes from another hero."
    if state["players"][source]["fate_points"] < 1:
        return f"{name_of(state, source)} has no Fate Points."


def check_r88(state, params, ctx):
    if ctx.action_type == "advance_phase":
        if state["phase"] == "time_effects" and not state["time_removed_this_round"]:
            return "Remove this round's time counter first."
        return None
    if state["time_removed_this_round"]:
        return "Only one time counter is removed per round."


def check_r115(state, params, ctx):
    c = state["combat"]
    if params["result"] == "victory":
        if c["victory"] == "declared":
            return None
        leaders = [v for v in state["villains"] if v["kind"] == "leader"]
        if c["victory"] == "leaders" and leaders:
            left = [v["name"] for v in leaders if v["status"] != "defeated"]
            return f"This combat is won by defeating {', '.join(left)}." if left else None
        left = [v["name"] for v in active_villains(state)]
        if left:
            return f"Not every opponent is defeated or fled: {', '.join(left)}."


def check_r117(state, params, ctx):
    if state["mode"] != "chance_encounter":
        return None
    for raw in params.get("villains") or ([params] if "name" in params else []):
        if raw.get("kind", "henchman") == "leader":
            return "A chance encounter has no Leader Cards: the henchman with the most threat points leads."


def targets_for(state: dict, method: str | None) -> list[int]:
    """The heroes a villain's target-selection method can pick ([Combat Sequence > Target Selection])."""
    awake = conscious(state)
    if method in (None, "random", "special") or not awake:
        return awake
    if method == "starting_hero":
        return [state["starting_player"]] if state["starting_player"] in awake else awake
    word, _, what = method.partition("_")
    key = TARGET_COUNTS[what]
    values = [state["players"][s][key] for s in awake]
    best = max(values) if word == "most" else min(values)
    return [s for s in awake if state["players"][s][key] == best]


def check_r126(state, params, ctx):
    method = params.get("method")
    target = params["target"]
    if method is None or state["players"][target]["unconscious"]:
        return None
    ok = targets_for(state, method)
    if target in ok:
        return None
    names = " or ".join(name_of(state, s) for s in ok)
    if method == "starting_hero":
        return f"The target is the starting hero, {names}."
    word, _, what = method.partition("_")
    value = state["players"][ok[0]][TARGET_COUNTS[what]] if ok else 0
    return f"The target must be the hero with the {word} {what.replace('_', ' ')} ({names}, {value})."


def check_r131(state, params, ctx):
    c = state["combat"]
    given = params.get("threat_value")
    n = len(state["players"])
    if c.get("threat_extra") and state.get("narrative_done") and given is not None:
        risk = sum(p.get("damage_points", 0) for p in state["players"])
        if given != c["threat"] * n + risk:
            return (f"Here the threat value is {c['threat']} x {n} + {risk} damage points on Risk and Profit "
                    f"= {c['threat'] * n + risk}.")
        return None
    if c["threat"] is None:
        return None if given is not None or state["threat_value"] is not None else \
            "Give this combat's threat value (threat_value), as its game instructions say."
    base, extra = c["threat"] * n, c.get("threat_extra", 0) * n
    if given is not None and not base <= given <= base + extra:
        more = f", plus up to {extra} damage points on Risk and Profit" if extra else ""
        return f"Here the threat value is {c['threat']} x {n} = {base}{more}."


def check_h7(state, params, ctx):
    bad = [v["name"] for v in state.get("villains", []) if v["life_points"] < 0]
    if bad or (state.get("time_counters") or 0) < 0 or state.get("doom_counters", 0) < 0:
        return "Villain life points, time and doom counters never go below zero."


def check_next_hero(state, params, ctx):
    """R70 for advancing from preparation: every conscious hero with cards left drew their 2."""
    if state["phase"] != "preparation":
        return None
    owing = [p["name"] for i, p in enumerate(state["players"])
             if not p["unconscious"] and not p["phase_draw_done"] and p["draw_deck_count"] > 0]
    if owing:
        return f"{', '.join(owing)} still draw{'s' if len(owing) == 1 else ''} 2 cards in the Preparation step."
    if next_hero({**state, "round_lead": state["starting_player"]}) is None:
        return "No hero is conscious."


S = "[Combat Sequence]"
ADVENTURE_RULES = (
    Rule("aventuria.H7", "Villain and counter values stay whole", "[Combat Sequence > 2. Hero Turns]; [Combat Sequence > 4. Time Effects]",
         "Villain life points, time and doom counters never go below zero.", check_h7, hard=True),
    Rule("aventuria.H8", "Only villains in the row act or are attacked", "[Combat Sequence > 3. Opponent Turns]",
         "That villain has left the row.", check_h8, hard=True),
    Rule("aventuria.R67", "Draw henchmen until the threat value is reached", "[The Combat (Preparation) > 5) Henchman Cards]",
         "Henchmen are drawn until their threat points reach the threat value, and not one more.", check_r67),
    Rule("aventuria.R68", "Henchman pile uses the listed keywords", "[The Combat (Preparation) > 5) Henchman Cards]; [Short Adventure: Saving Silvana]",
         "This combat's henchmen carry only the keywords its instructions list.", check_r68, kind="card-data"),
    Rule("aventuria.R69", "Row of villains: leaders first, then henchmen in draw order", "[2) Leader Card]; [5) Henchman Cards]",
         "Leaders come first in the row of villains.", check_r69),
    Rule("aventuria.R70", "Adventure round steps 1 to 5 in order", f"{S}; [Combat Sequence in Adventure Mode (Reference)]",
         "The round runs Preparation, Hero Turns, Opponent Turns, Time Effects, End of Round.", check_r70),
    Rule("aventuria.R71", "Unconscious heroes cannot act", "[Unconscious Heroes]",
         "Unconscious heroes cannot act.", check_r71),
    Rule("aventuria.R72", "Villains ignore unconscious heroes", "[Unconscious Heroes]; [Combat Sequence > Target Selection]",
         "Unconscious heroes are ignored; pick another target.", check_r72),
    Rule("aventuria.R73", "Revival needs a heal of 5 or more, or reanimation", "[Unconscious Heroes]",
         "Only a heal of 5 or more at once revives an unconscious hero.", check_r73),
    Rule("aventuria.R74", "Revived heroes return next round", "[Unconscious Heroes]",
         "A revived hero returns at the start of the next round.", check_r74),
    Rule("aventuria.R75", "Reanimation roll: exhaust X, roll X or less", "[Reanimation Roll]",
         "Reanimate another unconscious hero in your own turn by exhausting X ready Endurance Cards.", check_r75),
    Rule("aventuria.R76", "Starting Hero token passes left", "[Combat Sequence > 5. End of the Round]; [Unconscious Heroes]",
         "The token passes to the next conscious hero on the left."),
    Rule("aventuria.R77", "Adventure: Fate Points for others only reroll", "[Combat Sequence > 2. Hero Turns]",
         "Fate Points help another hero only to reroll a failed attack or skill test.", check_r77),
    Rule("aventuria.R79", "Adventure attack targets are villains", "[Combat Sequence > 2. Hero Turns]",
         "Heroes attack leaders and henchmen the adventure does not protect.", check_r79),
    Rule("aventuria.R80", "Villains act left to right", "[Combat Sequence > 3. Opponent Turns]",
         "Villains act from left to right, each in turn.", check_r80),
    Rule("aventuria.R81", "Villain action dice: 1 adds an action, 20 ends the turn", "[Opponent's Critical Success]; [Opponent's Critical Failure]",
         "A villain rolls one die per action; a 1 adds one, a 20 ends its turn.", check_r81),
    Rule("aventuria.R82", "Villain attacks always hit", "[Combat Sequence > Attacks]",
         "Villain attacks always hit; roll the hero's dodge instead.", check_r82),
    Rule("aventuria.R83", "Villains dodge like heroes, not with Dodge \"-\"", "[Combat Sequence > 2. Hero Turns]",
         "A villain with Dodge \"-\" cannot dodge; one with a value rolls it before damage.", check_r83, kind="card-data"),
    Rule("aventuria.R84", "Villain armor reduces every attack", "[Combat Sequence > 2. Hero Turns]; [Additional Rules > Life Point Loss]",
         "A villain's armor comes off every attack that hits it.", check_damage_villain, kind="card-data"),
    Rule("aventuria.R85", "Villain healing stops at starting LP", "[Combat Sequence > Special Opponent Rules]",
         "Villains cannot heal above their starting life points.", check_r85, kind="card-data"),
    Rule("aventuria.R86", "Defeated villains leave; the hero gains a Fate Point", "[Combat Sequence > 2. Hero Turns]",
         "A defeated villain gives its defeater a Fate Point from the middle, else from another hero.", check_r86),
    Rule("aventuria.R87", "Villains leaving undefeated give no Fate Point", "[Combat Sequence > 2. Hero Turns]; [Adventure Mode FAQ > Removing Henchmen]",
         "No Fate Point: the villain was not defeated."),
    Rule("aventuria.R88", "One time counter per round", "[Combat Sequence > 4. Time Effects]",
         "Exactly one time counter is removed per round.", check_r88),
    Rule("aventuria.R89", "Time-effect attacks go in row order; late henchmen act next round", "[Combat Sequence > 4. Time Effects]; [Adventure Mode FAQ > Time Scale]",
         "Villains act in row order; henchmen arriving in step 4 act from the next round.", check_villain_attack_order),
    Rule("aventuria.R115", "Victory conditions of the included combats", "[Saving Silvana]; [Act 1]; [Act II]; [Act III]; [End of Combat]",
         "The combat's victory condition is not met.", check_r115),
    Rule("aventuria.R117", "Chance Encounter: threat 7 per hero, no leader", "[Chance Encounter]",
         "A chance encounter has no Leader Cards.", check_r117),
    Rule("aventuria.R126", "Villain target selection methods", "[Combat Sequence > Target Selection]; [Unconscious Heroes]",
         "The target must be one the villain's selection method can pick.", check_r126),
    Rule("aventuria.R131", "Threat values of the included combats", "[Short Adventure: Saving Silvana]; [Short Adventure: The Non-Gambling Kind]; [Act 1]; [Act II]; [Act III]; [Chance Encounter]",
         "The threat value is the combat's multiplier times the number of heroes.", check_r131),
)
