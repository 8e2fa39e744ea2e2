"""What the duel's page and the adventure combat's share: the hero cards, and the attack helper's steps,
a hero's attack up to its damage (the roll's pad, a miss, the Fate Point reroll, the damage pad) and the
hit hero's defence (the dodge pad, armor, the damage taken). The engine's refusal of a step a page shows
beside it is `why_not` of the engine kit's presenter."""
from __future__ import annotations

import re

from tracker.engine.kit.presenter import Quick, Table, form, legal

from .state import ATTACK_TYPES, TYPE_TITLES

# A damage roll is D6s plus a fixed value: the pad offers the totals a table sees (more through
# "All actions").
DAMAGE_PAD = 20


def card_slug(name: str) -> str:
    """A card's name as a test id's tail: "Ferdok's Lance" -> "ferdoks-lance" (the engine's packages load
    without Django, so no django.utils.text)."""
    return "-".join(re.sub(r"[^a-z0-9 ]", "", name.lower().replace("-", " ")).split())


def hero_cards(table: Table) -> dict:
    """The hero cards' context: each hero with its attack badges (in the rulebook's order: a stored
    object's key order is the database's, jsonb sorts), the life point pads, who may take a Fate Point."""
    state = table.state
    players = state.get("players", [])
    return {
        "players": [(i, {**p, "attack_badges": [(t, bool(p.get("attacks_this_turn", {}).get(t))) for t in ATTACK_TYPES]})
                    for i, p in enumerate(players)],
        "quick_loss": (2, 3),
        "loss_pad": (4, 6, 7, 8, 9, 10),
        "heal_pad": (2, 3, 4, 5),
        "fate_takers": [i for i in range(len(players)) if legal(table.game, state, "take_fate", {"player": i}, table.mode)],
    }


def roll_steps(table: Table, a: dict, target_name: str, view: dict) -> None:
    """A hero's attack up to its damage, on a hero or a villain: the roll's pad, a miss's buttons and
    the Fate Point reroll, the damage pad."""
    state, game, mode = table.state, table.game, table.mode
    spec = lambda t: game.action(t, mode)  # noqa: E731
    attacker = a["attacker"]
    att = state["players"][attacker]
    step = a["step"]
    if step == "attack_roll":
        view["forms"].append(form(spec("attack_roll"), state, preset={"player": attacker}, show=("roll",)))
    elif step == "after_roll":
        if a["roll"] == 20:
            view["say"].append(f"Natural 20, a critical failure: if it stands, {target_name} draws a random card "
                               f"from {att['name']}'s hand and discards it. A Fate Point reroll avoids it."
                               if a.get("villain") is None else
                               f"Natural 20, a critical failure: if it stands, {att['name']} discards a random card. "
                               "A Fate Point reroll avoids it.")
        if a["result"] == "unknown":
            view["say"].append(f"{att['name']}'s {TYPE_TITLES[a['attack_type']]} value is not known: say whether "
                               "it hit (set the values on the hero card to have it worked out).")
            view["forms"].append(form(spec("damage_roll"), state, preset={"player": attacker},
                                      dice={"amount": [DAMAGE_PAD]}, show=("amount",)))
        for action_type, label, params in (
            ("take_fate", f"Miss: {att['name']} takes a Fate Point", {"player": attacker}),
            ("attack_failed_final", "Miss, no Fate Point", {"player": attacker}),
        ):
            if legal(game, state, action_type, params, mode):
                view["buttons"].append(Quick(label, action_type, params, testid=action_type, primary=action_type == "take_fate"))
        if att["fate_points"] > 0:
            view["forms"].append(form(spec("spend_fate_reroll"), state, preset={"player": attacker}, show=("roll",)))
    elif step == "damage_roll":
        if a["roll"] == 1:
            view["say"].append(f"Natural 1, a critical success: {att['name']} may draw a card.")
        view["forms"].append(form(spec("damage_roll"), state, preset={"player": attacker}, dice={"amount": [DAMAGE_PAD]},
                                  show=("amount",)))


def defence(table: Table, a: dict, view: dict) -> None:
    """The hit hero's side of an attack, a hero's or a villain's: the dodge pad while it may still be
    rolled, armor, and the damage taken."""
    state, game, mode = table.state, table.game, table.mode
    target, damage, step = a["target"], a["damage"], a["step"]
    tgt = state["players"][target]
    dodge = tgt["attributes"].get("dodge")
    if step == "dodge":
        view["forms"].append(form(game.action("dodge_roll", mode), state, preset={"player": target}, show=("roll",)))
        view["say"].append(f"{tgt['name']} may dodge: a success halves {damage} to {-(-damage // 2)}"
                           + (f" (Dodge {dodge})." if dodge is not None else "; Dodge value not known, say how it went."))
    if a.get("dodged") == "unknown":
        for label, amount in ((f"Dodge failed: {damage} damage", damage),
                              (f"Dodge succeeded: {a['damage_if_dodged']} damage", a["damage_if_dodged"])):
            view["buttons"].append(Quick(label, "apply_damage", {"target": target, "amount": amount},
                                         testid=f"apply-{amount}"))
    else:
        label = f"{'No dodge: ' if step == 'dodge' else ''}{tgt['name']} takes {damage} damage"
        # while the dodge may still be rolled, its pad comes first and skipping it after
        (view["after"] if step == "dodge" else view["buttons"]).append(
            Quick(label, "apply_damage", {"target": target, "amount": damage}, testid="apply-damage",
                  primary=step != "dodge"))
    if not a["armor_used"]:
        view["forms"].append(form(game.action("apply_armor", mode), state, preset={"player": target},
                                  show=("pro", "card", "discard")))
