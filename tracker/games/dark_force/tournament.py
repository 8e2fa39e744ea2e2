"""The Essen '96 tournament: a session of its own (mode "tournament") that adds up the games' points.

Spec 7.3, 8.3, 12.10; rulebook [Essen '96 Tournament Game End Rules]. Players are the participants
(2-64, unique names). Each game is one `record_game` (typed at the tournament's phone, or fed from a
finished duel by `tracker.tournaments.record_result`):

- Boron's Halls victory: the winner scores +(loser's BH - winner's BH), the loser the same negative;
- conquest or deck-out victory: +10 / -10;
- play went on past a reached end (R105): -20 for both, whatever the result (both count a loss);
- time limit (R106): decided on the current Boron's Halls, scored like a Boron's Halls result; equal
  Boron's Halls: no winner, 0 / 0, and the game waits for a management ruling (`record_ruling` with
  `game`). Option `time_limit_scoring: "management"` scores every time-limit game 0 / 0 and leaves all
  of them to the management.

Management's decisions are `record_ruling` (free text, optionally points for one player, which count in
the standings) and `exclude_player`.

Standings: players ranked by
  1. tournament points (games plus rulings), most first;
  2. wins, most first;
  3. Boron's Halls difference summed over the games (opponent's BH - own BH), highest first;
  4. head-to-head: tournament points scored in the games among the players still tied, most first;
  5. name, alphabetically (case ignored).
Players equal on 1-4 share a rank (listed by name). Excluded players come last, unranked, in the same
order among themselves. `state["standings"]` holds the ranked rows (each with its `seat`).
"""
from __future__ import annotations

from tracker.engine import Action, ActionSpec, Rule
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

TOURNAMENT_PHASES = {"open": "Tournament under way", "finished": "Tournament finished"}
REASONS = ("borons_halls", "conquest", "deck_out", "time_limit")
REASON_TITLES = {"borons_halls": "on Boron's Halls", "conquest": "by conquest", "deck_out": "as the deck ran out",
                 "time_limit": "on Boron's Halls when the hour was up"}
MAX_PLAYERS = 64
BH_END, BH_GAP = 20, 5  # Essen '96 games are played to 20 with a 5-point gap (R113)
WIN_POINTS = 10  # conquest or deck-out
PAST_END_POINTS = -20
TIME_LIMIT_SCORING = ("bh_difference", "management")
SECTION = "[Essen '96 Tournament Game End Rules]"
TIE_ORDER = ("points", "wins", "bh_difference", "head_to_head", "name")


# ------------------------------------------------------------------ setup

def tournament_setup_errors(players: list, options: dict) -> dict:
    errors: dict[str, list[str]] = {}
    seen: dict[str, int] = {}
    for i, raw in enumerate(players):
        name = raw.get("name") if isinstance(raw, dict) else None
        if not isinstance(name, str) or not name.strip():
            errors.setdefault(f"players.{i}.name", []).append("a non-empty name is required")
            continue
        if len(name.strip()) > 60:
            errors.setdefault(f"players.{i}.name", []).append("at most 60 characters")
        key = " ".join(name.split()).casefold()
        if key in seen:
            errors.setdefault(f"players.{i}.name", []).append(
                f"{name.strip()} is already seat {seen[key]}: every participant needs a different name")
        seen.setdefault(key, i)
        for extra in sorted(set(raw) - {"name"}):
            errors.setdefault(f"players.{i}.{extra}", []).append("unknown player field")
    scoring = (options or {}).get("time_limit_scoring")
    if scoring is not None and scoring not in TIME_LIMIT_SCORING:
        errors["options.time_limit_scoring"] = [f"one of {', '.join(TIME_LIMIT_SCORING)}"]
    return errors


def _new_player(raw: dict) -> dict:
    return {"name": " ".join(raw["name"].split()), "points": 0, "games": 0, "wins": 0, "losses": 0, "draws": 0,
            "bh_difference": 0, "ruling_points": 0, "excluded": False}


def tournament_setup(players: list, options: dict) -> dict:
    state = {
        "game": "dark-force",
        "mode": "tournament",
        "phase": "open",
        "turn": 0,
        "round": 1,
        "active_player": None,
        "time_limit_scoring": (options or {}).get("time_limit_scoring", "bh_difference"),
        "tie_order": list(TIE_ORDER),
        "players": [_new_player(raw) for raw in players],
        "games": [],
        "standings": [],
        "rulings": [],
    }
    recount(state)
    return state


# ------------------------------------------------------------------ scoring and standings

def score(reason: str, winner_index, bh, played_past_end: bool, time_limit_scoring="bh_difference"):
    """(points [a, b], needs a ruling) for one game; `winner_index` is 0, 1 (within the pair) or None."""
    if played_past_end:
        return [PAST_END_POINTS, PAST_END_POINTS], False
    if reason == "time_limit" and (winner_index is None or time_limit_scoring == "management"):
        return [0, 0], True
    if winner_index is None:
        return [0, 0], True
    if reason in ("conquest", "deck_out"):
        amount = WIN_POINTS
    else:
        amount = abs(bh[0] - bh[1])
    return ([amount, -amount] if winner_index == 0 else [-amount, amount]), False


def _valid_seat(state, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(state["players"])


def recount(state) -> None:
    """Every total and the standings, from the games and rulings (so undo and replay stay exact)."""
    for p in state["players"]:
        p.update(points=0, games=0, wins=0, losses=0, draws=0, bh_difference=0, ruling_points=0)
    for g in state["games"]:
        for i, s in enumerate(g["seats"]):
            p = state["players"][s]
            p["games"] += 1
            p["points"] += g["points"][i]
            p["bh_difference"] += g["bh"][1 - i] - g["bh"][i]
            if g["played_past_end"]:
                p["losses"] += 1
            elif g["winner"] is None:
                p["draws"] += 1
            elif g["winner"] == s:
                p["wins"] += 1
            else:
                p["losses"] += 1
    for r in state["rulings"]:
        if r.get("player") is not None and r.get("points"):
            state["players"][r["player"]]["ruling_points"] += r["points"]
            state["players"][r["player"]]["points"] += r["points"]
    state["standings"] = standings(state)


def _head_to_head(state, group: list[int]) -> dict[int, int]:
    inside = set(group)
    out = dict.fromkeys(group, 0)
    for g in state["games"]:
        a, b = g["seats"]
        if a in inside and b in inside:
            out[a] += g["points"][0]
            out[b] += g["points"][1]
    return out


def standings(state) -> list[dict]:
    """The ranked rows (tie order in the module docstring); players equal on everything but the name share
    a rank and are listed by name. Excluded players have no rank."""
    players = state["players"]

    def base(s):
        p = players[s]
        return (p["excluded"], -p["points"], -p["wins"], -p["bh_difference"])

    seats = sorted(range(len(players)), key=base)
    ordered: list[int] = []
    h2h: dict[int, int] = {}
    i = 0
    while i < len(seats):
        j = i
        while j < len(seats) and base(seats[j]) == base(seats[i]):
            j += 1
        group = seats[i:j]
        h2h.update(_head_to_head(state, group) if len(group) > 1 else {group[0]: 0})
        ordered += sorted(group, key=lambda s: (-h2h[s], players[s]["name"].casefold(), s))
        i = j
    rows, rank, previous = [], 0, None
    for i, s in enumerate(ordered):
        p = players[s]
        key = (base(s), h2h[s])
        if key != previous:
            rank, previous = i + 1, key
        rows.append({"seat": s, "rank": None if p["excluded"] else rank, "name": p["name"], "points": p["points"],
                     "games": p["games"], "wins": p["wins"], "losses": p["losses"], "draws": p["draws"],
                     "bh_difference": p["bh_difference"], "head_to_head": h2h[s], "excluded": p["excluded"]})
    return rows


def standings_table(state) -> list[dict]:
    """Rows for the CSV export: rank, name, points, games, wins, losses, bh_difference."""
    keys = ("rank", "name", "points", "games", "wins", "losses", "bh_difference")
    return [{k: row[k] for k in keys} for row in state.get("standings") or standings(state)]


# ------------------------------------------------------------------ checks

def _pair(params):
    pair = params.get("players") or []
    return pair if len(pair) == 2 else None


def check_participants(state, params, ctx):
    """H50 (hard): a game is between two different participants and the winner is one of them."""
    pair = _pair(params)
    if pair is None or not all(_valid_seat(state, s) for s in pair):
        return f"Name two participants (seats 0 to {len(state['players']) - 1})."
    if pair[0] == pair[1]:
        return "A game is played between two different participants."
    winner = params.get("winner")
    if winner is not None and winner not in pair:
        return f"The winner must be one of the two players ({_names(state, pair)})."
    return None


def check_excluded(state, params, ctx):
    """H51: an excluded player plays no more games and is excluded once."""
    if ctx.action_type == "exclude_player":
        p = state["players"][params["player"]]
        if p["excluded"]:
            return f"{p['name']} is already excluded."
        return None
    pair = _pair(params) or []
    out = [state["players"][s]["name"] for s in pair if _valid_seat(state, s) and state["players"][s]["excluded"]]
    if out:
        return f"{' and '.join(out)} {'was' if len(out) == 1 else 'were'} excluded from the tournament."
    return None


def check_r105(state, params, ctx):
    """R105: a result is scored as the rules score it; a Boron's Halls win needs the end condition."""
    if params.get("played_past_end"):
        return None
    reason, winner, bh = params.get("reason"), params.get("winner"), params.get("bh") or [0, 0]
    pair = _pair(params)
    if reason in ("conquest", "deck_out") and winner is None:
        return "A conquest or deck-out ends with a winner: say who won."
    if reason != "borons_halls" or len(bh) != 2:
        return None
    if winner is None:
        return "A Boron's Halls victory has a winner: the player with fewer points."
    if max(bh) < BH_END or abs(bh[0] - bh[1]) < BH_GAP:
        return (f"Boron's Halls {bh[0]} vs {bh[1]} don't end the game: one total must reach {BH_END} "
                f"with a gap of at least {BH_GAP}.")
    if pair and winner in pair and bh[pair.index(winner)] > bh[1 - pair.index(winner)]:
        return "The player with fewer Boron's Halls points wins."
    return None


def check_time_limit(state, params, ctx):
    """H53 (R106): when the hour is up the current Boron's Halls decide; equal totals leave no winner."""
    if params.get("reason") != "time_limit" or params.get("played_past_end"):
        return None
    bh, winner, pair = params.get("bh") or [], params.get("winner"), _pair(params)
    if len(bh) != 2 or pair is None:
        return None
    if bh[0] == bh[1]:
        if winner is not None:
            return "Equal Boron's Halls when the hour is up: no winner; the management decides."
        return None
    lower = pair[0] if bh[0] < bh[1] else pair[1]
    if winner != lower:
        return f"When the hour is up the player with fewer Boron's Halls points wins ({_name(state, lower)})."
    return None


def check_round(state, params, ctx):
    """H54: a game belongs to a round already started."""
    rnd = params.get("round")
    if rnd is not None and rnd > state["round"]:
        return f"Round {rnd} hasn't started: this is round {state['round']}."
    return None


def check_ruling(state, params, ctx):
    """H55: a ruling's points go to a player; a ruling about a game names a recorded game."""
    if params.get("points") and params.get("player") is None:
        return "Say which player the ruling's points are for."
    number = params.get("game")
    if number is not None and number > len(state["games"]):
        return f"No game {number}: {len(state['games'])} recorded so far."
    return None


def check_round_played(state, params, ctx):
    """H56: a new round starts once the current one has at least one game."""
    if not any(g["round"] == state["round"] for g in state["games"]):
        return f"No game of round {state['round']} is recorded yet."
    return None


def check_finish(state, params, ctx):
    """H57: a tournament finishes with games recorded and no game waiting for a ruling."""
    if not state["games"]:
        return "No game has been recorded yet."
    waiting = [g["number"] for g in state["games"] if g["ruling_needed"]]
    if waiting:
        return f"Game {', '.join(map(str, waiting))} still waits for the management's ruling."
    return None


def check_last_player(state, params, ctx):
    """H58: excluding keeps at least two players in the tournament."""
    left = [p for p in state["players"] if not p["excluded"]]
    if len(left) <= 2 and not state["players"][params["player"]]["excluded"]:
        return "At least two players stay in the tournament."
    return None


# ------------------------------------------------------------------ actions

def _name(state, s) -> str:
    return state["players"][s]["name"] if _valid_seat(state, s) else f"seat {s}"


def _names(state, seats) -> str:
    return " and ".join(_name(state, s) for s in seats)


def apply_start_round(state, params, ctx):
    state["round"] += 1
    return f"Round {state['round']} begins."


def apply_record_game(state, params, ctx):
    pair = list(params["players"])
    winner = params.get("winner")
    bh = list(params["bh"])
    reason = params["reason"]
    past = bool(params.get("played_past_end"))
    index = pair.index(winner) if winner in pair else None
    points, needs_ruling = score(reason, index, bh, past, state.get("time_limit_scoring", "bh_difference"))
    number = len(state["games"]) + 1
    state["games"].append({
        "number": number, "round": params.get("round", state["round"]), "seats": pair,
        "winner": winner if index is not None else None, "reason": reason, "bh": bh, "points": points,
        "played_past_end": past, "time_limit": reason == "time_limit", "session": params.get("session"),
        "ruling_needed": needs_ruling,
    })
    state["turn"] = len(state["games"])
    recount(state)
    a, b = (_name(state, s) for s in pair)
    tally = f"{a} {points[0]:+d}, {b} {points[1]:+d}"
    if past:
        line = f"Game {number}: {a} vs {b} went on past the end: {tally}."
    elif index is None:
        line = f"Game {number}: {a} vs {b}, no winner ({bh[0]} vs {bh[1]}): {tally}."
    else:
        line = f"Game {number}: {_name(state, winner)} wins {REASON_TITLES[reason]} ({bh[0]} vs {bh[1]}): {tally}."
    if needs_ruling:
        ctx.notes.append(f"Game {number} needs the tournament management's ruling.")
        line += " The management decides."
    return line


def apply_record_ruling(state, params, ctx):
    ruling = {"text": params["text"], "player": params.get("player"), "points": params.get("points", 0),
              "game": params.get("game"), "round": state["round"]}
    state["rulings"].append(ruling)
    number = params.get("game")
    if number is not None and 1 <= number <= len(state["games"]):
        state["games"][number - 1]["ruling_needed"] = False
    recount(state)
    who = f" {_name(state, params['player'])}" if params.get("player") is not None else ""
    pts = f" ({params['points']:+d})" if params.get("points") else ""
    return f"Management ruling{who}{pts}: {params['text']}"


def apply_exclude_player(state, params, ctx):
    p = state["players"][params["player"]]
    p["excluded"] = True
    reason = params.get("reason") or "by the tournament management"
    state["rulings"].append({"text": f"{p['name']} is excluded: {reason}", "player": params["player"], "points": 0,
                             "game": None, "round": state["round"], "exclusion": True})
    recount(state)
    return f"{p['name']} is excluded from the tournament ({reason})."


def apply_finish(state, params, ctx):
    state["phase"] = "finished"
    top = state["standings"][0] if state["standings"] else None
    return f"The tournament is over: {top['name']} wins with {top['points']} points." if top else \
        "The tournament is over."


H = "dark-force.H5"
TOURNAMENT_RULES = (
    Rule("dark-force.R105", "Tournament points", "[11 Victory Conditions and Game End]",
         "A tournament result is scored as the Essen '96 rules say.", check_r105),
    Rule(H + "0", "Games are between two participants", SECTION,
         "Name two different participants; the winner is one of them.", check_participants, hard=True),
    Rule(H + "1", "Excluded players play no more", SECTION,
         "That player was excluded from the tournament.", check_excluded),
    Rule(H + "2", "The tournament is over", SECTION,
         "The tournament is finished: only the management's rulings can still be recorded."),
    Rule(H + "3", "The hour's result follows Boron's Halls", SECTION,
         "When the hour is up the fewer Boron's Halls points win; equal totals leave no winner.", check_time_limit),
    Rule(H + "4", "Games belong to a started round", SECTION,
         "That round hasn't started.", check_round),
    Rule(H + "5", "A ruling names what it changes", SECTION,
         "A ruling's points need a player, and a game number names a recorded game.", check_ruling),
    Rule(H + "6", "A round has a game before the next begins", SECTION,
         "Record a game of this round first.", check_round_played),
    Rule(H + "7", "Finishing needs every game settled", SECTION,
         "Record the games and settle any game that waits for a ruling first.", check_finish),
    Rule(H + "8", "Two players stay in", SECTION,
         "At least two players stay in the tournament.", check_last_player),
)

SEATS = {"type": "array", "items": seat(), "minItems": 2, "maxItems": 2,
         "description": "the two players' seats in the tournament, in the order the Boron's Halls are given"}
OPEN = frozenset({"open"})
TOURNAMENT_ACTIONS = (
    ActionSpec("start_round", "Start the next round", obj(()), apply_start_round,
               rules=(H + "6",), phases=OPEN, phase_rule=H + "2"),
    ActionSpec("record_game", "Record a game",
               obj(("players", "reason", "bh"), round=integer(1, 99, "the round (default: the current one)"),
                   players=SEATS, winner={"anyOf": [seat("the winner's seat"), {"type": "null"}]},
                   reason=enum(*REASONS),
                   bh={"type": "array", "items": integer(0, 999), "minItems": 2, "maxItems": 2,
                       "description": "both players' Boron's Halls points at the end, in the players' order"},
                   played_past_end=boolean("play went on after the end was reached (-20 for both)"),
                   session=string(64, "the game's view link token")),
               apply_record_game, rules=(H + "0", H + "1", "dark-force.R105", H + "3", H + "4"),
               phases=OPEN, phase_rule=H + "2"),
    ActionSpec("record_ruling", "Record a management ruling",
               obj(("text",), text=string(300), player=seat("the player the ruling concerns"),
                   points=integer(-99, 99, "tournament points added (or taken, negative)"),
                   game=integer(1, 999, "the game number the ruling settles")),
               apply_record_ruling, rules=(H + "5",)),
    ActionSpec("exclude_player", "Exclude a player",
               obj(("player",), player=seat(), reason=string(200)),
               apply_exclude_player, rules=(H + "1", H + "8"), phases=OPEN, phase_rule=H + "2"),
    ActionSpec("finish_tournament", "Finish the tournament", obj(()), apply_finish,
               rules=(H + "7",), phases=OPEN, phase_rule=H + "2"),
)


def tournament_enumerate(state) -> list:
    """Legal actions for the conformance harness; a finished tournament still takes rulings."""
    out = [Action("record_ruling", {"text": "Noted by the management."})]
    if state["phase"] != "open":
        return out
    active = [s for s, p in enumerate(state["players"]) if not p["excluded"]]
    if len(active) >= 2:
        a, b = active[0], active[-1]
        out += [Action("record_game", {"players": [a, b], "winner": a, "reason": "conquest", "bh": [3, 8]}),
                Action("record_game", {"players": [b, a], "winner": a, "reason": "borons_halls", "bh": [22, 14]}),
                Action("record_game", {"players": [a, b], "winner": None, "reason": "time_limit", "bh": [7, 7]})]
    waiting = [g["number"] for g in state["games"] if g["ruling_needed"]]
    if waiting and active:
        out.append(Action("record_ruling", {"text": "Shared result.", "game": waiting[0], "player": active[0],
                                            "points": 1}))
    if any(g["round"] == state["round"] for g in state["games"]):
        out.append(Action("start_round", {}))
    if len(active) > 2:
        out.append(Action("exclude_player", {"player": active[-1], "reason": "left early"}))
    if state["games"] and not waiting:
        out.append(Action("finish_tournament", {}))
    return out
