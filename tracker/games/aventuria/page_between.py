"""The adventure between its combats on the table page: the act's header, the won combat's summary, the
Reward Cards handed out (a tap per card name the box data knows, or a typed name), the Brief Respite
planned by taps while the recovery points count down, the next act begun; after a defeat the retry;
at the end the experience, the rewards still to record and the way back to a campaign.

Every tap is offered only when the engine takes it; an option it refuses shows its refusal instead."""
from __future__ import annotations

from tracker.engine.kit.presenter import Quick, Table, form, legal, stepper, why_not

from .adventure.between import CARD_COST, PRAY_COST, PREPARE_COST, RAISE_TO, REST_LP, card_endurance, rewards_in_deck
from .adventure.combat import IN_COMBAT, PHASE_TITLES
from .adventure.data import DIFFICULTIES
from .decks import load_card_data
from .links import LINKS
from .page_common import card_slug

ACT_STEPS = (("narrative", "Narrative"), ("combat", "Combat"), ("after", "After the combat"))
BETWEEN = ("after_combat", "defeated", "adventure_end")


def _act_step(phase: str) -> int:
    if phase == "narrative":
        return 0
    if phase == "combat_setup" or phase in IN_COMBAT:
        return 1
    return 2


def act_header(state: dict) -> dict:
    phase = state.get("phase", "")
    return {"title": state.get("adventure_title") or "Adventure", "act": state.get("act", 1),
            "acts": state.get("acts", 1), "difficulty": state.get("difficulty"),
            "phase_title": PHASE_TITLES.get(phase, phase), "retries": state.get("retries", 0),
            "fate_pool": state.get("fate_pool"), "steps": stepper(ACT_STEPS, _act_step(phase))}


def reward_names() -> list[str]:
    """The Reward Cards the box data names (fixtures/cards/aventuria.json), in its order."""
    return [c["name"] for c in load_card_data().values() if c.get("reward")]


def _first_refusal(table: Table, action_type: str, params: dict) -> dict | None:
    found = why_not(table, action_type, params)
    return found[0] if found else None


# ------------------------------------------------------------------ the summary

def _summary(state: dict) -> dict | None:
    result = state.get("combat_result")
    if not result:
        return None
    heroes = []
    for seat, (before, p) in enumerate(zip(result.get("heroes", ()), state["players"])):
        raised = result["result"] == "victory" and result.get("acts_follow") and before["life_points"] < RAISE_TO
        heroes.append({"seat": seat, "name": p["name"], "ended_lp": before["life_points"], "raised": raised,
                       "lp": p["life_points"], "start_lp": p.get("starting_life_points"),
                       "knocked_out": before.get("unconscious"), "fate": p["fate_points"],
                       "xp": p.get("xp_awarded", 0), "rewards": list(p.get("reward_cards", ()))})
    return {**result, "won": result["result"] == "victory", "heroes": heroes, "raise_to": RAISE_TO}


# ------------------------------------------------------------------ Reward Cards

def rewards_view(table: Table) -> dict | None:
    state = table.state
    r = state.get("rewards")
    if r is None:
        return None
    taken = [t["card"].lower() for t in r["taken"]]
    names = [n for n in reward_names() if n.lower() not in taken]
    heroes = []
    for seat, p in enumerate(state["players"]):
        mine = [t["card"] for t in r["taken"] if t["player"] == seat]
        row = {"seat": seat, "name": p["name"], "took": mine, "declined": seat in r["declined"],
               "in_deck": rewards_in_deck(p), "chips": [], "form": None, "decline": None, "why": None,
               "submit_testid": f"reward-give-{seat}-submit"}
        if table.can_write:
            probe = {"player": seat, "card": names[0] if names else "Reward Card"}
            if legal(table.game, state, "distribute_reward", probe, table.mode):
                row["chips"] = [Quick(n, "distribute_reward", {"player": seat, "card": n},
                                      testid=f"reward-give-{seat}-{card_slug(n)}") for n in names]
                row["form"] = form(table.game.action("distribute_reward", table.mode), state,
                                   preset={"player": seat}, show=("card", "replaces"), submit="Give")
            elif not row["declined"] and not mine:
                row["why"] = _first_refusal(table, "distribute_reward", probe)
            params = {"player": seat}
            if legal(table.game, state, "decline_reward", params, table.mode):
                bonus = " (+1 recovery point)" if state["phase"] == "after_combat" else ""
                row["decline"] = Quick(f"No Reward Card{bonus}", "decline_reward", params,
                                       testid=f"reward-decline-{seat}")
        heroes.append(row)
    return {"offered": r["offered"], "left": max(0, r["offered"] - len(r["taken"])), "heroes": heroes,
            "known": bool(names)}


# ------------------------------------------------------------------ the Brief Respite

def _taps(table: Table, seat: int, option: str, amounts, label, testid) -> tuple[list[Quick], dict | None]:
    """One option's taps, each amount in `amounts`, if the engine takes the first; else its refusal."""
    amounts = list(amounts)
    first = {"player": seat, "option": option, "points": amounts[0] if amounts else 1}
    if not amounts or not legal(table.game, table.state, "respite_spend", first, table.mode):
        return [], _first_refusal(table, "respite_spend", first)
    return [Quick(label(k), "respite_spend", {**first, "points": k}, testid=testid(k)) for k in amounts], None


def _respite_hero(table: Table, seat: int) -> dict:
    state = table.state
    p = state["players"][seat]
    left, r = p["recovery_points"], p["respite"]
    lp, start = p["life_points"], p["starting_life_points"]
    row = {"seat": seat, "name": p["name"], "left": left, "spent": r["spent"], "respite": r, "lp": lp,
           "start_lp": start, "fate": p["fate_points"], "options": []}
    if not table.can_write:
        return row
    if left == 0:
        return row
    need = -(-(start - lp) // REST_LP)
    options = (
        ("rest", f"Rest: {REST_LP} LP per point", range(1, min(need, left) + 1),
         lambda k: f"{k} \u2192 {min(start, lp + REST_LP * k)} LP", lambda k: f"respite-rest-{seat}-{k}"),
        ("pray", f"Pray: {PRAY_COST} points per Fate Point", [PRAY_COST], lambda k: "1 Fate Point",
         lambda k: f"respite-pray-{seat}"),
        ("prepare", f"Prepare: {PREPARE_COST} points, once", [PREPARE_COST],
         lambda k: "1 card of choice in the opening hand", lambda k: f"respite-prepare-{seat}"),
        ("practice", f"Practice card: {CARD_COST} points or more", range(CARD_COST, left + 1),
         lambda k: f"{k} \u2192 {card_endurance('practice', k)} endurance", lambda k: f"respite-practice-{seat}-{k}"),
        ("train", f"Training card: {CARD_COST} points or more", range(CARD_COST, left + 1),
         lambda k: f"{k} \u2192 {card_endurance('train', k)} endurance", lambda k: f"respite-train-{seat}-{k}"),
    )
    for option, title, amounts, label, testid in options:
        taps, why = _taps(table, seat, option, amounts, label, testid)
        if not amounts:  # nothing to heal, or too few points for a card: say so in the option's words
            why = _first_refusal(table, "respite_spend", {"player": seat, "option": option,
                                                          "points": CARD_COST if option in ("practice", "train") else 1})
        row["options"].append({"id": option, "title": title, "taps": taps, "why": why})
    return row


def respite_view(table: Table) -> dict | None:
    state = table.state
    if state.get("phase") != "after_combat":
        return None
    return {"heroes": [_respite_hero(table, s) for s in range(len(state["players"]))],
            "practice_left": state.get("practice_left"), "training_left": state.get("training_left"),
            "fate_pool": state.get("fate_pool")}


def _begin(table: Table) -> dict | None:
    state = table.state
    if state.get("phase") != "after_combat" or not table.can_write:
        return None
    now = state.get("difficulty", "normal")
    nxt = state["act"] + 1
    begin = Quick(f"Begin act {nxt} ({now})", "begin_act", {}, testid="begin-act", primary=True) \
        if legal(table.game, state, "begin_act", {}, table.mode) else None
    others = [Quick(f"Act {nxt} at {d}", "begin_act", {"difficulty": d}, testid=f"begin-act-{d}")
              for d in DIFFICULTIES if d != now and legal(table.game, state, "begin_act", {"difficulty": d}, table.mode)]
    r = state.get("rewards") or {}
    owed = []
    if r.get("offered"):
        waiting = [p["name"] for i, p in enumerate(state["players"])
                   if i not in r.get("declined", ()) and not any(t["player"] == i for t in r.get("taken", ()))]
        if waiting and len(r.get("taken", ())) < r["offered"]:
            owed.append(f"Reward Cards: {', '.join(waiting)} took none yet")
    owed += [f"{p['name']} has {p['recovery_points']} recovery point{'s' if p['recovery_points'] != 1 else ''} left"
             for p in state["players"] if p["recovery_points"]]
    return {"begin": begin, "others": others, "act": nxt, "difficulty": now, "owed": owed,
            "refusal": [] if begin else why_not(table, "begin_act", {})}


# ------------------------------------------------------------------ defeat and the end

def _retry(table: Table) -> list[Quick]:
    state = table.state
    if state.get("phase") != "defeated" or not table.can_write:
        return []
    out = []
    for scope, label in (("act", f"Try act {state['act']} again" if state.get("acts", 1) > 1 else "Try again"),
                         ("adventure", "Start the adventure over")):
        if legal(table.game, state, "retry", {"scope": scope}, table.mode):
            out.append(Quick(label, "retry", {"scope": scope}, testid=f"retry-{scope}", primary=scope == "act"))
    return out


def _campaign(table: Table) -> dict | None:
    """The campaign this adventure counts for, when the state names one (its view token)."""
    token = table.state.get("campaign")
    if not token:
        return None
    record = any(link.name == "campaign" and table.mode in link.child_modes for link in LINKS)
    return {"token": token, "record": record and table.can_write}


def between_view(table: Table) -> dict | None:
    """The panels of the phases between combats, or None during the narrative and a combat."""
    state = table.state
    phase = state.get("phase")
    if phase not in BETWEEN:
        return None
    return {"phase": phase, "summary": _summary(state), "rewards": rewards_view(table),
            "respite": respite_view(table), "next": _begin(table), "retry": _retry(table),
            "campaign": _campaign(table) if phase == "adventure_end" else None}
