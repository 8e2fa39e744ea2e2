"""The Aventuria table page: what the active hero can do now as one-tap buttons, the attack helper
that walks one attack from declaration to damage with every default filled in, and the hero cards."""
from __future__ import annotations

from tracker.engine.kit.cards import CardFacts
from tracker.engine.kit.presenter import Page, Quick, Table, form, legal

from .page_adventure import adventure_context
from .page_campaign import campaign_context
from .page_common import defence, hero_cards, roll_steps
from .state import ADVENTURE_MODES, ATTACK_TYPES, ATTRIBUTE_OF, HAND_LIMIT, TYPE_TITLES, name_of


def _now(table: Table) -> list[Quick]:
    """The turn's own steps, each legal now; "next phase" stays on the thumb bar."""
    state, game, mode = table.state, table.game, table.mode
    a = state.get("active_player")
    if a is None or state.get("phase") == "setup":
        return []
    p = state["players"][a]
    out: list[Quick] = []

    def offer(label, action_type, params, testid, primary=False, then=()):
        if legal(game, state, action_type, params, mode):
            out.append(Quick(label, action_type, params, testid=testid, primary=primary, then=then))

    phase = state["phase"]
    if phase == "draw":
        # Phase 3 readies everything by itself: the draw may carry the turn on to the Endurance phase.
        nxt = ({"type": "advance_phase", "params": {"player": a}}, {"type": "advance_phase", "params": {"player": a}})
        offer("Draw 2 · ready", "draw_cards", {"player": a, "count": 2, "reason": "phase"}, "draw-2", True, nxt)
    elif phase == "endurance":
        offer("Play an Endurance Card", "play_endurance", {"player": a, "source": "hand"}, "endurance", True)
    elif phase == "end" and p["hand_count"] > HAND_LIMIT:
        n = p["hand_count"] - HAND_LIMIT
        offer(f"Discard {n} to {HAND_LIMIT}", "discard_to_hand_limit", {"player": a, "count": n}, "discard-to-7", True)
    for i, hero in enumerate(state["players"]):
        if hero.get("critical_draws"):
            offer(f"{hero['name']}: natural 1, draw a card", "draw_cards",
                  {"player": i, "count": 1, "reason": "critical_success"}, f"critical-draw-{i}")
    return out


def _declare_buttons(table: Table) -> list[Quick]:
    state, a = table.state, table.state.get("active_player")
    if a is None or state.get("phase") != "actions" or state.get("pending_attack"):
        return []
    out = []
    for kind in ATTACK_TYPES:
        for t, hero in enumerate(state["players"]):
            params = {"player": a, "attack_type": kind, "target": t}
            if t != a and legal(table.game, state, "declare_attack", params, table.mode):
                out.append(Quick(f"{TYPE_TITLES[kind]} attack on {hero['name']}", "declare_attack", params,
                                 testid=f"attack-{kind}-{t}"))
    return out


def _attack(table: Table) -> dict | None:
    """The open attack as the helper shows it: who, what the roll needs, the step's buttons and pads."""
    state = table.state
    a = state.get("pending_attack")
    if not a:
        return None
    attacker, target = a["attacker"], a["target"]
    att, tgt = state["players"][attacker], state["players"][target]
    need = a["value"] if a["value"] is not None else att["attributes"].get(ATTRIBUTE_OF[a["attack_type"]])
    view = {"a": a, "attacker": att["name"], "target": tgt["name"], "need": need, "dodge": tgt["attributes"].get("dodge"),
            "group": f"attack-{a['id']}", "forms": [], "buttons": [], "after": [], "say": []}
    if a["step"] in ("dodge", "life_point_loss"):
        defence(table, a, view)
    else:
        roll_steps(table, a, tgt["name"], view)
    return view


def context(table: Table) -> dict:
    if table.mode == "campaign":
        return campaign_context(table)
    if table.mode in ADVENTURE_MODES:
        return adventure_context(table)
    state = table.state
    roll = table.game.action("roll_for_start", table.mode)
    roll_forms = []
    if state.get("phase") == "setup" and state.get("roll_off"):
        for s in state["roll_off"]["contenders"]:
            if state["roll_off"]["rolls"][s] is None:
                item = form(roll, state, preset={"player": s}, show=("roll",))
                roll_forms.append({**item, "who": name_of(state, s), "seat": s})
    return {
        **hero_cards(table),
        "now": _now(table),
        "declare_buttons": _declare_buttons(table),
        "next_attack_group": f"attack-{state.get('attack_count', 0) + 1}",
        "attack": _attack(table),
        "roll_forms": roll_forms,
    }


# What an action card says, remembered for the table when it is played or used: its cost, whether it is a
# one-shot or a permanent card ([Game Material]), where an armor is worn and its protection
# ([Actions (Phase 5)]), and when a card's turn trigger happens. What is chosen at the time (the target,
# what it attaches to) is not.
CARD_FACTS = {
    "play_action_card": CardFacts("card", ("cost", "kind", "x_cost", "armor_location")),
    "apply_armor": CardFacts("card", ("pro",)),
    "resolve_turn_trigger": CardFacts("card", ("when",)),
    # A villain typed once at a combat's setup is offered by name the next time it is drawn.
    "place_henchman": CardFacts("name", ("tp", "life_points", "dodge", "armor", "actions", "kind", "keywords"),
                                kind="villain"),
}


PAGE = Page(template="games/aventuria/state.html", context=context, scripts=("games/aventuria/adventure.js",),
            styles=("games/aventuria/adventure.css",))
