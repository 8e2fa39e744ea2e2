"""Life point changes, elimination and the end of a duel, skirmish or team duel (R50, R53-R56)."""
from __future__ import annotations

from .state import living, next_seat, start_turn


def outcome(state: dict):
    return state.get("outcome")


def change_life(state: dict, changes: list[tuple[int, int]]) -> list[int]:
    """Apply LP deltas that happen at the same moment, then eliminate and decide the game.

    Returns the seats eliminated by this moment. LP has no floor in these modes: the
    simultaneous-knockout tie-break compares how far below 0 heroes went (R54).
    """
    already_over = state.get("outcome") is not None
    for seat, delta in changes:
        p = state["players"][seat]
        if delta > 0:
            p["life_points"] = min(p["starting_life_points"], p["life_points"] + delta)
        else:
            p["life_points"] += delta
    if already_over:
        # Late bookkeeping after the end (after_end actions): the counts follow the table, the
        # ending stays as it was decided.
        return []
    fallen = [i for i, p in enumerate(state["players"]) if not p["eliminated"] and p["life_points"] <= 0]
    if not fallen:
        return []
    state["elimination_count"] += 1
    for seat in fallen:
        p = state["players"][seat]
        p["eliminated"] = True
        p["eliminated_at"] = state["elimination_count"]
    attack = state.get("pending_attack")
    if attack and (attack["attacker"] in fallen or attack["target"] in fallen):
        # A knocked-out attacker deals nothing more; a knocked-out target needs nothing more.
        state["pending_attack"] = None
    state["outcome"] = decide_outcome(state, fallen)
    if state["outcome"] is None and state["mode"] == "skirmish":
        for seat in fallen:
            _leave_skirmish(state, seat)
        if state["active_player"] in fallen:
            start_turn(state, next_seat(state, state["active_player"]))
    return fallen


def decide_outcome(state: dict, fallen: list[int]):
    mode = state["mode"]
    players = state["players"]
    standing = living(state)
    if mode == "team_duel":
        return _team_outcome(state)
    if len(standing) == 1:
        return {"result": "won", "winners": standing}
    if not standing:
        # Everyone left dropped together: closest to 0 wins, equal is a draw among them (R54, R55).
        best = max(players[s]["life_points"] for s in fallen)
        top = sorted(s for s in fallen if players[s]["life_points"] == best)
        return {"result": "won" if len(top) == 1 else "draw", "winners": top}
    return None


def _team_outcome(state: dict):
    players = state["players"]
    teams = {"A": [], "B": []}
    for seat, p in enumerate(players):
        teams.setdefault(p["team"], []).append(seat)

    def standing(team):
        return sum(1 for s in teams[team] if not players[s]["eliminated"])

    def total_lp(team):
        return sum(max(0, players[s]["life_points"]) for s in teams[team] if not players[s]["eliminated"])

    a, b = (standing("A"), total_lp("A")), (standing("B"), total_lp("B"))
    if a == b:
        # Same heroes left and same life points: the rulebook stops here, we call it a draw (A12).
        return {"result": "draw", "winners": sorted(teams["A"] + teams["B"])}
    winner = "A" if a > b else "B"
    return {"result": "won", "winners": sorted(teams[winner])}


def _leave_skirmish(state: dict, seat: int) -> None:
    """A skirmish hero knocked out takes all their cards out of the game; their FP go back (A4)."""
    players = state["players"]
    p = players[seat]
    p["removed_count"] += p["hand_count"] + p["draw_deck_count"] + p["discard_count"] + p["endurance_total"]
    p["hand_count"] = p["draw_deck_count"] = p["discard_count"] = 0
    p["endurance_total"] = p["endurance_ready"] = p["temp_endurance"] = 0
    state["fate_pool"] += p["fate_points"]
    p["fate_points"] = 0
    for card in p["permanents"]:
        _improvements_leave(state, card, seat)
        owner = card.get("owner", seat)
        if owner == seat or players[owner]["eliminated"]:
            players[owner]["removed_count"] += 1
        else:
            players[owner]["discard_count"] += 1  # stolen card of a hero still playing: it just leaves play
    p["permanents"] = []
    # Cards of the fallen hero that others stole leave the game too.
    for other_seat, other in enumerate(players):
        if other_seat == seat:
            continue
        keep = []
        for card in other["permanents"]:
            if card.get("owner") == seat:
                _improvements_leave(state, card, seat)
                p["removed_count"] += 1
            else:
                keep.append(card)
            # Improvements the fallen hero put on others' cards leave the game as well.
            for imp in [i for i in card["improvements"] if i.get("owner") == seat]:
                card["improvements"].remove(imp)
                p["removed_count"] += 1
        other["permanents"] = keep


def _improvements_leave(state: dict, card: dict, fallen: int) -> None:
    for imp in card["improvements"]:
        owner = imp.get("owner", fallen)
        if owner == fallen:
            state["players"][fallen]["removed_count"] += 1
        else:
            state["players"][owner]["discard_count"] += 1
    card["improvements"] = []
