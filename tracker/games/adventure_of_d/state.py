"""The state of an Adventure of D table: setup from the create body, the 4x3 wrapping map, the danger
in force, drawing and checking from the power deck, the HP-0 procedure, the end of a turn with the
timer, and the outcome. Everything the table holds face down is a count; card types and powers arrive
as action params (the app never sees a hidden card)."""
from __future__ import annotations

TYPES = ("strength", "intelligence", "agility", "neutral")
STATS = ("strength", "intelligence", "agility")
DIFFICULTY_TIMERS = {"beginner": 8, "medium": 6, "expert": 5}
HEROIC_TIMERS = 5
POWER_CARDS, HERO_CARDS, MAX_HP, MAX_TRACK = 60, 16, 6, 8
SLOTS = "ABCDEFGHIJKL"  # row by row: A-D, E-H, I-L
CASTLE, TOWER = "Castle of Light", "Tower of Death"
PHASES = {"setup": "Setup", "reveal": "Reveal a new event", "main": "Main phase", "tower": "Tower of Death"}
PLAYER_KEYS = ("name", "hero", "setup_check", "raise")


# -- the map -----------------------------------------------------------------------------------

def neighbours(slot: int) -> set[int]:
    """The four orthogonal neighbours of a slot on the wrapping 4-wide, 3-high map."""
    row, col = divmod(slot, 4)
    return {row * 4 + (col + 1) % 4, row * 4 + (col - 1) % 4, ((row + 1) % 3) * 4 + col, ((row - 1) % 3) * 4 + col}


def slot_of(state: dict, name: str) -> int | None:
    return next((i for i, loc in enumerate(state["map"]) if loc["name"] == name), None)


def map_names(state: dict) -> list[str]:
    return [loc["name"] for loc in state["map"] if loc["name"] is not None]


def event_at(state: dict, name: str) -> dict | None:
    return next((e for e in state["events"] if e["location"] == name), None)


def danger(state: dict, name: str) -> int:
    """The danger level in force: the number printed on a covering event when the table gave it
    (house reading A1: red means one more than the location's, black the same), else the location's."""
    ev = event_at(state, name)
    if ev is not None and ev.get("danger") is not None:
        return ev["danger"]
    i = slot_of(state, name)
    return state["map"][i]["danger"] if i is not None else 0


def adjacent(state: dict, origin: str, to: str) -> bool:
    a, b = slot_of(state, origin), slot_of(state, to)
    return a is not None and b is not None and b in neighbours(a)


# -- cards -------------------------------------------------------------------------------------

def power_ok(card_type: str, power: int) -> bool:
    """R78: strength, intelligence and agility cards run 1-5; neutral cards 0-6."""
    return 0 <= power <= 6 if card_type == "neutral" else 1 <= power <= 5


def _refill(state: dict) -> bool:
    if state["power_deck"] == 0 and state["discard_pile"] > 0:  # R27: the pile becomes the deck
        state["power_deck"], state["discard_pile"] = state["discard_pile"], 0
    return state["power_deck"] > 0


def draw(state: dict, seat: int, count: int) -> None:
    """HEAL / rest / CYCLE draws into a hand; above 6 the extra cards are discarded at once (R11)."""
    p = state["players"][seat]
    for _ in range(count):
        if not _refill(state):
            break
        state["power_deck"] -= 1
        p["hp"] += 1
    if p["hp"] > MAX_HP:
        state["discard_pile"] += p["hp"] - MAX_HP
        p["hp"] = MAX_HP


def check(state: dict, count: int = 1) -> None:
    """CHECK X: cards from the top of the deck face up onto the pile; no hand changes (R79)."""
    for _ in range(count):
        if not _refill(state):
            return
        state["power_deck"] -= 1
        state["discard_pile"] += 1


def take_from_deck(state: dict) -> bool:
    """The top card leaves the deck (a revealed event)."""
    if not _refill(state):
        return False
    state["power_deck"] -= 1
    return True


def discard_from_hand(state: dict, seat: int, count: int) -> int:
    p = state["players"][seat]
    n = max(0, min(count, p["hp"]))
    p["hp"] -= n
    state["discard_pile"] += n
    return n


def gain_magic(state: dict, seat: int, amount: int, ctx=None) -> None:
    p = state["players"][seat]
    total = p["magic"] + amount
    if total > MAX_TRACK and ctx is not None and not ctx.quiet:
        ctx.notes.append(f"{p['name']}'s magic stops at {MAX_TRACK} (the upgrade card's maximum).")
    p["magic"] = max(0, min(MAX_TRACK, total))


def place_event(state: dict, event: dict) -> int:
    """5.1 step 3: an event on its location displaces the one there and the one of its type (R22)."""
    old = [e for e in state["events"] if e["location"] == event["location"] or e["type"] == event["type"]]
    state["events"] = [e for e in state["events"] if e not in old] + [event]
    state["discard_pile"] += len(old)
    return len(old)


# -- seats, turns, the end ---------------------------------------------------------------------

def decider_of(state: dict, seat: int) -> int:
    return (seat + 1) % len(state["players"])


def last_seat(state: dict) -> int:
    """The last player in turn order: the seat just before the starting player (R81)."""
    return (state["starting_player"] - 1) % len(state["players"])


def start_turn(state: dict, seat: int) -> None:
    # `turn` counts the turns begun (the table header shows it beside the round)
    state.update(active_player=seat, phase="reveal", reveals_left=2, decider=decider_of(state, seat),
                 pending_event=None, turn=(state.get("turn") or 0) + 1)


def end_turn(state: dict) -> None:
    """5 step 5: the pile under the deck, the deck to the next player; after the last player's turn in
    solo/co-op a timer card goes on top of the hero deck, or, with none left, the game is lost (R25, R26).
    A hero starting a turn at HP 0 gains magic 1, HEAL 1 and ends that turn at once (R64, house reading A7)."""
    for _ in range(4 * len(state["players"]) + 2):
        if state["pending_event"] is not None:  # an abandoned reveal: the card goes to the pile
            state["pending_event"] = None
            state["discard_pile"] += 1
        seat = state["active_player"]
        state["power_deck"] += state["discard_pile"]
        state["discard_pile"] = 0
        if seat == last_seat(state):
            if state["timer_cards"] is not None:
                if state["timer_cards"] == 0:
                    state["result"] = {"result": "lost", "winners": []}
                    state["lost_reason"] = "timer"
                    return
                state["timer_cards"] -= 1
                state["hero_deck"] += 1
            state["round"] += 1
        start_turn(state, (seat + 1) % len(state["players"]))
        p = state["players"][state["active_player"]]
        if p["hp"] > 0:
            return
        gain_magic(state, state["active_player"], 1)
        draw(state, state["active_player"], 1)


def hp_zero_on_own_turn(state: dict, seat: int, ctx=None) -> None:
    """6: magic 1, HEAL 1, then end the turn at once (R64)."""
    gain_magic(state, seat, 1, ctx)
    draw(state, seat, 1)
    end_turn(state)


def settle(state: dict, ctx=None) -> None:
    """After every action: HP 0 on one's own turn ends it (R64); in the Tower, HP 0 eliminates in solo
    and co-op (R73) and ends a competitive run (house reading A9); a finished run decides the game."""
    if state["result"] is not None or state["phase"] == "setup":
        return
    seat = state["active_player"]
    if state["phase"] == "tower":
        tower = state["tower"]
        for s in tower["participants"]:
            p = state["players"][s]
            if p["hp"] == 0 and not p["eliminated"] and state["mode"] != "competitive":
                p["eliminated"] = True
        if state["mode"] == "competitive":
            if state["players"][seat]["hp"] == 0:
                state["phase"], state["tower"] = "main", None
                hp_zero_on_own_turn(state, seat, ctx)
            return
        decide_tower(state)
        return
    if state["players"][seat]["hp"] == 0:
        hp_zero_on_own_turn(state, seat, ctx)


def decide_tower(state: dict) -> None:
    """8: when every participant has a result or is eliminated, count who defeated Elzoof (R76)."""
    tower = state["tower"]
    players = state["players"]
    if any(not players[s]["eliminated"] and players[s]["elzoof"] is None for s in tower["participants"]):
        return
    n, d = len(players), sum(1 for p in players if p["elzoof"] is True and not p["eliminated"])
    everyone = list(range(n))
    if d == n:
        state["result"] = {"result": "won", "winners": everyone, "tier": "epic"}
    elif 2 * d >= n and d > 0:
        state["result"] = {"result": "won", "winners": everyone, "tier": "minor"}
    else:
        state["result"] = {"result": "lost", "winners": []}
        state["lost_reason"] = "eliminated" if all(p["eliminated"] for p in players) else "tower"


def outcome(state: dict) -> dict | None:
    return state.get("result")


def counted_power_cards(state: dict) -> int:
    items = sum(1 for p in state["players"] for it in p["items"] if it["kind"] == "event")
    return (state["power_deck"] + state["discard_pile"] + sum(p["hp"] for p in state["players"])
            + len(state["events"]) + (state["pending_event"] is not None) + items)


def counted_hero_cards(state: dict) -> int:
    dust = sum(1 for p in state["players"] for it in p["items"] if it["kind"] == "fairy_dust")
    skills = sum(len(p["skills"]) for p in state["players"])
    return len(state["players"]) + skills + dust + (state["timer_cards"] or 0) + state["hero_deck"]
