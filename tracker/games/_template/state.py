"""The state of a race: every count a player tracks, the phase and whose turn it is; setup, the end and
the legal moves the conformance harness plays."""
from __future__ import annotations

from tracker.engine.kit.enumerate import act
from tracker.engine.kit.seats import next_seat

PHASES = {"score": "Score", "end_of_turn": "End of turn"}
DEFAULT_TARGET = 10


def setup_errors(mode: str, players: list, options: dict) -> dict:
    """What the options schema cannot know: {field: [messages]}, a 400 naming each (never a silent fix)."""
    first = options.get("starting_player", 0)
    if first >= len(players):
        return {"options.starting_player": [f"no seat {first}: the seats are 0 to {len(players) - 1}"]}
    return {}


def setup(mode: str, players: list, options: dict) -> dict:
    return {
        "game": "template", "mode": mode, "phase": "score", "turn": 1,
        "active_player": options.get("starting_player", 0),
        "target": options.get("target", DEFAULT_TARGET),
        "players": [{"name": p["name"], "points": 0} for p in players],
    }


def setup_examples(mode: str) -> list[tuple[list, dict]]:
    return [([{"name": "Ann"}, {"name": "Ben"}], {}), ([{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid"}], {"target": 3})]


def winner(state: dict) -> int | None:
    return next((i for i, p in enumerate(state["players"]) if p["points"] >= state["target"]), None)


def outcome(state: dict) -> dict | None:
    seat = winner(state)
    return None if seat is None else {"result": "won", "winners": [seat]}


def pass_turn(state: dict) -> None:
    seat = next_seat(state, state["active_player"])
    if seat <= state["active_player"]:
        state["turn"] += 1
    state["active_player"], state["phase"] = seat, "score"


def enumerate_actions(state: dict) -> list:
    if outcome(state) is not None:
        return []
    seat = state["active_player"]
    out = [act("advance_phase", player=seat)]
    if state["phase"] == "score":
        out += [act("score", player=seat, amount=n) for n in (1, 2)]
    out += [act("lose_points", target=i, amount=1) for i, p in enumerate(state["players"]) if p["points"] >= 1]
    return out
