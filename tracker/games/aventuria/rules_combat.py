"""The attack procedure and Fate Points (R27-R47, R49, R51, R52, R123, R124 and house rule H2)."""
from __future__ import annotations

from tracker.engine import Rule

from .state import TYPE_TITLES, are_opponents, find_permanent, living, name_of, teammates


def _attack(state):
    return state.get("pending_attack")


def _attack_on(state, seat):
    a = _attack(state)
    return a if a and a["target"] == seat else None


def _reroll_blocked_by_r46(state, params) -> bool:
    last = state.get("last_attack")
    return (
        _attack(state) is None
        and bool(last)
        and last.get("fate_taken")
        and teammates(state, params["player"], last["attacker"])
    )


def _attacker_name(state, a) -> str:
    if a.get("attacker") is None:
        found = next((v for v in state.get("villains", []) if v["id"] == a.get("villain")), None)
        return found["name"] if found else "the villain"
    return name_of(state, a["attacker"])


def check_h2(state, params, ctx):
    a = _attack(state)
    t = ctx.action_type
    if t in ("declare_attack", "advance_phase", "villain_action_roll", "villain_attack"):
        if a:
            return f"Finish the open attack of {_attacker_name(state, a)} first."
        return None
    if t == "apply_damage":
        attack = _attack_on(state, params["target"])
        if params.get("amount") is None and not (attack and attack["damage"] is not None):
            return f"Give the amount: there is no rolled attack damage for {name_of(state, params['target'])}."
        return None
    if t in ("dodge_roll", "apply_armor"):
        return None  # R36/R37 explain a defence with no attack on this hero
    if a is None:
        return "There is no open attack; declare one first."
    if a["attacker"] is None:
        return None  # a villain's attack: R82 says what the hero does instead
    if params["player"] != a["attacker"]:
        return f"{name_of(state, a['attacker'])} makes this step of the attack."
    if t == "attack_roll" and a["roll"] is not None:
        return "The attack roll is in; a Fate Point reroll is the way to roll again."
    if t in ("damage_roll", "attack_failed_final") and a["roll"] is None:
        return "Make the attack roll first."
    if t == "damage_roll" and a["damage"] is not None:
        return f"Damage was already rolled ({a['base_damage']})."
    if t == "attack_failed_final" and (a["result"] == "hit" or a["damage"] is not None):
        return "The attack hit; roll damage."


def check_r27(state, params, ctx):
    used = state["players"][params["player"]]["attacks_this_turn"][params["attack_type"]]
    if used and not params.get("extra_attack"):
        return f"You already made a {TYPE_TITLES[params['attack_type']]} attack this turn."


def check_r30(state, params, ctx):
    roll, value, success = params["roll"], params.get("value"), params.get("success")
    if not isinstance(success, bool):
        return None
    if roll == 20 and success:
        return "A natural 20 is always a failure."
    if roll == 1 and not success:
        return "A natural 1 is always a success."
    target = value + params.get("modifier", 0) if isinstance(value, int) else None
    if target is not None and 1 < roll < 20 and (roll <= target) != success:
        return f"With Dodge {target} a roll of {roll} {'succeeds' if roll <= target else 'fails'}."


def check_r34(state, params, ctx):
    if ctx.action_type == "dodge_roll":
        a = _attack_on(state, params["player"])
        if not a or a["damage"] is None:
            return None
        if a["dodged"] is not None or a["dodge_roll"] is not None:
            return "You already rolled your dodge test for this attack."
        if a["armor_used"]:
            return "Dodge comes before armor."
        return None
    a = _attack_on(state, params["target"])
    if not a or a["damage"] is None:
        return None
    amount = params.get("amount")
    if amount is None and a["dodged"] == "unknown":
        return (f"The dodge result is unknown: give the amount ({a['damage']} if the dodge failed, "
                f"{a['damage_if_dodged']} if it succeeded).")
    limit = a["damage"]
    if amount is not None and amount > limit:
        return f"This attack lets at most {limit} damage through, not {amount}."


def check_r35(state, params, ctx):
    a = _attack_on(state, params["player"])
    if a and a["armor_used"]:
        return "Only one armor card may reduce an attack."


def check_r36(state, params, ctx):
    if not _attack_on(state, params["player"]):
        return "Armor only reduces the damage of an attack, never a life point loss."


def check_r37(state, params, ctx):
    # On life_point_loss itself nothing can fail: the rule only shapes what it does (no attack).
    if ctx.action_type == "dodge_roll" and not _attack_on(state, params["player"]):
        return "There is no attack on you to dodge; a life point loss cannot be dodged."


def check_r40(state, params, ctx):
    if state["players"][params["player"]]["fate_points"] < 1:
        return "You have no Fate Points."


def check_r43(state, params, ctx):
    if _reroll_blocked_by_r46(state, params):
        return None
    a = _attack(state)
    if a is None:
        return "Fate Points reroll only the failed roll of an open attack."
    if a["damage"] is not None:
        return "Fate Points cannot reroll dodge tests."
    if a["roll"] is None:
        return "Make the attack roll first."
    if a["result"] == "hit":
        return "The attack hit; only a failed attack roll can be rerolled."


def check_r44(state, params, ctx):
    a = _attack(state)
    if a is None:
        return "Only a failed attack earns a Fate Point."
    if params["player"] != a["attacker"]:
        return f"Only {name_of(state, a['attacker'])}, whose attack failed, may take a Fate Point."
    if a["roll"] is None:
        return "Make the attack roll first."
    if a["result"] == "hit" or a["damage"] is not None:
        return "The attack hit; only a failed attack earns a Fate Point."


def check_r45(state, params, ctx):
    a = _attack(state)
    if a and a["fate_spent"]:
        return "No Fate Point: a Fate Point was spent on this attack."


def check_r46(state, params, ctx):
    if _reroll_blocked_by_r46(state, params):
        return "That Fate Point was gained from this attack and cannot reroll it."


def fate_donors(state, taker):
    return [s for s in living(state) if s != taker and state["players"][s]["fate_points"] > 0]


def check_r47(state, params, ctx):
    source = params.get("source")
    pool = state["fate_pool"]
    donors = fate_donors(state, params["player"])
    if source == "middle":
        if pool == 0 and donors:
            return "The middle is empty; take the Fate Point from another hero (source)."
        return None
    if isinstance(source, int):
        if source == params["player"]:
            return "Take the Fate Point from the middle or from another hero, not from yourself."
        if pool > 0:
            return f"Take from the middle while it still has Fate Points ({pool})."
        if state["players"][source]["fate_points"] < 1:
            return f"{name_of(state, source)} has no Fate Points."
        return None
    if pool == 0 and len(donors) > 1:
        names = ", ".join(name_of(state, s) for s in donors)
        return f"The middle is empty: name the hero you take it from (source): {names}."


def check_r49(state, params, ctx):
    payer = params["player"]
    if ctx.action_type in ("spend_fate_reroll", "fate_reroll_attack"):
        a = _attack(state)
        if a is None:
            return None
        if params.get("beneficiary") is not None and params["beneficiary"] != a["attacker"]:
            return f"The reroll is for {name_of(state, a['attacker'])}'s attack."
        who = a["attacker"]
    else:
        who = params.get("beneficiary", payer)
    if who == payer:
        return None
    if state["mode"] != "team_duel":
        return "In a Duel or Skirmish you spend Fate Points only for yourself."
    if not teammates(state, payer, who):
        return f"Fate Points help teammates only; {name_of(state, who)} is on the other team."


def check_r51(state, params, ctx):
    seat, target = params["player"], params["target"]
    if target == seat:
        return "You cannot attack yourself."
    if not are_opponents(state, seat, target):
        return "You can only attack the opposing team."


def check_r52(state, params, ctx):
    seat, target = params["player"], params["target"]
    if state["mode"] != "team_duel" or not are_opponents(state, seat, target):
        return None
    foes = [s for s in living(state) if are_opponents(state, seat, s)]
    if not foes:
        return None
    top = max(state["players"][s]["life_points"] for s in foes)
    if state["players"][target]["life_points"] < top:
        leader = next(s for s in foes if state["players"][s]["life_points"] == top)
        return (f"In a Team Duel you must attack the opposing hero with the most life points "
                f"({name_of(state, leader)}, {top}).")


def check_r123(state, params, ctx):
    t = ctx.action_type
    if t == "damage_roll":
        a = _attack(state)
        if a and a["result"] == "miss":
            return "The attack missed, so it deals no damage."
        return None
    if t == "apply_damage":
        a = _attack_on(state, params["target"])
        if a and a["result"] == "miss":
            return "The attack missed, so it deals no damage."
        return None
    a = _attack_on(state, params["player"])
    if a and a["damage"] is None:
        if a["result"] == "miss":
            return "The attack missed, so there is nothing to dodge or block."
        return "Damage is rolled before the dodge test and armor."


def check_r124(state, params, ctx):
    card = params.get("card")
    if not card or not params.get("exhaust"):
        return None
    p = state["players"][params["player"]]
    i = find_permanent(p, card)
    if i is not None and not p["permanents"][i]["ready"]:
        return f"{p['permanents'][i]['name']}'s requirement is not met (it is exhausted)."


COMBAT_RULES = (
    Rule("aventuria.H2", "One attack at a time, its steps in order", "[Making an Attack]",
         "Finish the open attack first.", check_h2),
    Rule("aventuria.R27", "One attack of each type per turn", "[Making an Attack]; [Rules Questions and Answers > Invocatio Minor and Invocatio Maior]",
         "You already made an attack of this type this turn.", check_r27),
    Rule("aventuria.R28", "An attack needs a source of its type", "[Making an Attack]; [Game Material] (Basic Equipment)",
         "You need an attack source of that type (basic equipment or a card in play).", kind="card-data"),
    Rule("aventuria.R30", "Tests: roll at or under the value; 1 always succeeds, 20 always fails", "[Tests]; [Actions (Phase 5) > Requirements]",
         "A natural 20 is always a failure; a natural 1 always a success.", check_r30),
    Rule("aventuria.R32", "Critical failure only on a natural 20", "[Additional Rules > Critical Failure]",
         "Only a natural 20 causes a critical failure."),
    Rule("aventuria.R33", "Only the final roll counts", "[Additional Rules > Critical Failure/Success]; [Additional Rules > Fate Points]",
         "The reroll replaced the earlier roll; only the last one counts."),
    Rule("aventuria.R34", "Damage, then dodge (halve, round up), then armor", "[Making an Attack] steps 4–6; [Rules Questions and Answers > Armor, Armatrutz, Martyr's Blessing]",
         "Damage is rolled first, then the dodge test halves it, then armor.", check_r34),
    Rule("aventuria.R35", "One armor card per attack", "[Additional Rules > Armor] (Important note)",
         "Only one armor card may reduce an attack.", check_r35),
    Rule("aventuria.R36", "Armor only against attacks", "[Additional Rules > Armor]",
         "Life point loss is not an attack; armor does not apply.", check_r36),
    Rule("aventuria.R37", "Life point loss is never an attack", "[Additional Rules > Life Point Loss]",
         "You cannot dodge a life point loss.", check_r37),
    Rule("aventuria.R38", "Damage after armor is never negative", "[Additional Rules > Armor]",
         "Armor can reduce damage to 0, never below."),
    Rule("aventuria.R39", "Healing stops at the starting life points", "[Additional Rules > Healing]; [Brief Respite]",
         "Healing is capped at 40 life points."),
    Rule("aventuria.R40", "You need a Fate Point to spend one", "[Additional Rules > Fate Points]",
         "You have no Fate Points.", check_r40),
    Rule("aventuria.R41", "Draw and endurance Fate spends work in any turn", "[Additional Rules > Fate Points]",
         "Fate Points for a card or for endurance can be spent in anyone's turn."),
    Rule("aventuria.R42", "Fate endurance lapses at the end of the turn", "[Additional Rules > Fate Points]",
         "Fate endurance expired at the end of the previous turn."),
    Rule("aventuria.R43", "Fate rerolls only for a failed attack roll", "[Additional Rules > Fate Points]; [Rules Questions and Answers > Using Fate Points after a Critical Failure]; [Skill Tests]; [Reanimation Roll]",
         "Fate Points reroll only a failed attack roll.", check_r43),
    Rule("aventuria.R44", "Only a finally failed attack earns a Fate Point", "[Additional Rules > Fate Points]; [Combat Sequence > 2. Hero Turns]",
         "Only failed attacks earn Fate Points.", check_r44),
    Rule("aventuria.R45", "No Fate Point for an attack you spent one on", "[Additional Rules > Fate Points]; [Rules Questions and Answers > Fixed Matrix]",
         "No Fate Point: you spent one on this attack.", check_r45),
    Rule("aventuria.R46", "A Fate Point won by an attack cannot reroll it", "[Additional Rules > Fate Points] (Mirhiban example)",
         "That Fate Point was gained from this attack and cannot reroll it.", check_r46),
    Rule("aventuria.R47", "Fate Points come from the middle first", "[Additional Rules > Fate Points]; [Combat Sequence > 2. Hero Turns]",
         "Take from the middle while it still has Fate Points.", check_r47),
    Rule("aventuria.R49", "Fate Points for others: teammates in a Team Duel only", "[Multiplayer Sessions > Team Duel]; [Combat Sequence > 2. Hero Turns]",
         "You can spend Fate Points only for yourself here.", check_r49),
    Rule("aventuria.R51", "Attacks target an opponent", "[Making an Attack] step 1; [Multiplayer Sessions]",
         "You can only attack an opponent.", check_r51),
    Rule("aventuria.R52", "Team Duel: attack the opposing hero with the most life points", "[Multiplayer Sessions > Team Duel]; [Rules Questions and Answers > Bannbaladin]",
         "In a Team Duel you must attack the opposing hero with the most life points.", check_r52),
    Rule("aventuria.R123", "A missed attack ends; no damage before a hit", "[Making an Attack] steps 3–5",
         "The attack missed, so it deals no damage.", check_r123),
    Rule("aventuria.R124", "Armor needs its own requirements met", "[Additional Rules > Armor]",
         "This armor's requirement is not met.", check_r124, kind="card-data"),
)
