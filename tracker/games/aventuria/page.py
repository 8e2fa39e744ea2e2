"""The Aventuria table page: the attack helper shows the forms of the attack step at hand."""
from __future__ import annotations

from tracker.engine.kit.cards import CardFacts
from tracker.engine.kit.presenter import Page, Table

from .state import ATTACK_TYPES

# Which actions the attack helper offers at each step of `pending_attack`.
ATTACK_STEPS = {
    "attack_roll": ["attack_roll"],
    "after_roll": ["spend_fate_reroll", "take_fate", "attack_failed_final", "damage_roll"],
    "damage_roll": ["damage_roll"],
    "dodge": ["dodge_roll", "apply_armor", "apply_damage"],
    "life_point_loss": ["apply_armor", "apply_damage"],
}


def _form(forms, action_type):
    return next((f for f in forms if f["spec"].type == action_type), None)


def context(table: Table) -> dict:
    pending = table.state.get("pending_attack") or None
    steps = ATTACK_STEPS.get(pending["step"], []) if pending else []
    # attack types in the rulebook's order: a stored object's key order is the database's (jsonb sorts)
    players = [(i, {**p, "attack_badges": [(t, bool(p.get("attacks_this_turn", {}).get(t))) for t in ATTACK_TYPES]})
               for i, p in enumerate(table.state.get("players", []))]
    return {
        "players": players,
        "attack_forms": [f for name in steps for f in table.forms if f["spec"].type == name],
        "declare_form": _form(table.forms, "declare_attack"),
        "roll_form": _form(table.forms, "roll_for_start"),
    }


# What an action card says, remembered for the table when it is played or used: its cost, whether it is a
# one-shot or a permanent card ([Game Material]), where an armor is worn and its protection
# ([Actions (Phase 5)]), and when a card's turn trigger happens. What is chosen at the time (the target,
# what it attaches to) is not.
CARD_FACTS = {
    "play_action_card": CardFacts("card", ("cost", "kind", "x_cost", "armor_location")),
    "apply_armor": CardFacts("card", ("pro",)),
    "resolve_turn_trigger": CardFacts("card", ("when",)),
}


PAGE = Page(template="games/aventuria/state.html", context=context)
