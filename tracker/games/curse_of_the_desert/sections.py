"""The narrative sections of Part Two as data: which section a Death's Candidate card sends the table to,
which branch of it the Objective picks, and what that branch changes ([Narrative Sections]).

Every section but the last two opens with the same reset (tower.standard_reset); what differs is
declared per branch below and applied by `resolve`. The steps are the app's own summary of the
booklet's instructions, for the section reader; the fiction is the booklet's to tell."""
from __future__ import annotations

from dataclasses import dataclass

from .tower import (
    FINAL, FLOOR_TITLES, LAYOUTS, OBJECTIVE_TOKENS, PLAYER_TITLE, REMOVED_AT_MISSION, VAGABOND,
    face_up_counts, floor_cards, floors_in_play, read_next, standard_reset, xp_gain,
)

RESET = ("The exploration is over: every hero back to full life points, all Fate Points back on the Tower Plan, "
         "the ability token back on the Hero Card, every Action Card shuffled into a new Hero Deck, the henchmen "
         "shuffled back into their piles, the Time Counter back to its starting space.")
LAY_OUT = "Shuffle the tower's cards, lay them out face down {rows} by {cols}, and put the hero on the Entrance Stairs."
HENCHMEN = "Draw 2 henchmen per hero into the Row of Villains and start the next Tower Exploration."


@dataclass(frozen=True)
class Branch:
    key: str
    title: str
    steps: tuple[str, ...]
    next_stage: int | None = None      # None: the Death's Candidate card stays
    xp: str | tuple = ()               # "all": every floor in play; else the floors named
    fate_bonus: bool = False           # [Section 1]; [Section 2]: a Fate Point for the Objective
    place: tuple[str, ...] = ()        # environments placed for the rest of the adventure
    remove: tuple[str, ...] = ()
    clear_tokens: bool = False
    mission: bool = False              # the six cards out, the Basement in, Task Cards and The Vagabond
    final: bool = False                # Task Cards back, The Vagabond back, Eleven Friends to 2
    outcome: str | None = None


BRANCHES = {b.key: b for b in (
    Branch("1", "Section 1", (
        "The Tower Exploration was a vision in Rohezal's mirror.", RESET,
        "The next Death's Candidate card replaces this one.",
        "Objective achieved: the hero starts the next exploration holding 1 Fate Point from the plan.",
        "Upper Floor experience: +1 with at least 3 of its 6 cards face up, +2 with all 6.",
        "Add the 6 Middle Floor cards to the tower."), next_stage=2, xp=("upper",), fate_bonus=True),
    Branch("2", "Section 2", (
        "Rohezal speaks of a secret door deeper in the tower.", RESET,
        "The next Death's Candidate card replaces this one.",
        "Objective achieved: the hero starts the next exploration holding 1 Fate Point from the plan.",
        "Upper and Middle Floor experience: +1 each with at least 3 of 6 face up, +2 with all 6."),
        next_stage=3, xp=("upper", "middle"), fate_bonus=True),
    Branch("3-retry", "Section 3, Objective not achieved", (
        "The Orc Shaman card goes on the Environments space for the rest of the adventure; apply it.",
        "Without the Objective the table follows Section 2's steps and keeps this Death's Candidate card.", RESET,
        "Upper and Middle Floor experience as in Section 2."),
        xp=("upper", "middle"), place=("Orc Shaman",)),
    Branch("iron-maiden", "Section 3 and Iron Maiden", (
        "The Orc Shaman card goes on the Environments space for the rest of the adventure; apply it.",
        "Behind the Iron Maiden a passage leads deeper: the Spaceship floor opens.", RESET,
        "The next Death's Candidate card replaces this one.",
        "The Hurry up! card goes on the Environments space and stays until a section removes it; apply it.",
        "Upper and Middle Floor experience: +1 each with at least 3 of 6 face up, +2 with all 6.",
        "Add the 8 Spaceship cards to the tower."),
        next_stage=4, xp=("upper", "middle"), place=("Orc Shaman", "Hurry up!")),
    Branch("communication-problems", "Section 4 and Communication Problems", (
        "The Eleven Friends card goes on the Environments space for the rest of the adventure; apply it.",
        "Without the Objective: Communication Problems.", RESET,
        "Every token on the Death's Candidate card is removed; the card stays.",
        "Each floor in play: +1 experience with at least half its cards face up, +2 with all (10 at most)."),
        xp="all", place=("Eleven Friends",), clear_tokens=True),
    Branch("mission-of-the-brain", "Section 4 and The Mission of the Brain", (
        "The Eleven Friends card goes on the Environments space for the rest of the adventure; apply it.",
        f"Objective achieved with at least {OBJECTIVE_TOKENS} tokens on the Death's Candidate card: "
        "The Mission of the Brain.", RESET,
        "The next Death's Candidate card replaces this one.",
        f"{VAGABOND} joins at the left end of the Row of Villains as a leader.",
        "Each floor in play: +1 experience with at least half its cards face up, +2 with all (10 at most).",
        "Six Tower Cards and their Learning Cards leave the adventure: " + ", ".join(REMOVED_AT_MISSION) + ".",
        "Add the 10 Basement cards to the tower.",
        "Endeavor replaces Hurry up! on the Environments space for the rest of the adventure.",
        "The Task Cards Magnetic Key, Trap Door and Analytical Engine go on the Reserve space.",
        "From now on: a token on Eleven Friends and on Orc Shaman at the start of every exploration."),
        next_stage=5, xp="all", place=("Eleven Friends", "Endeavor"), remove=("Hurry up!",), mission=True),
    Branch("5", "Section 5", (
        "Rohezal shows his true face; this is the hero's last attempt.", RESET,
        "The two-symbol Death's Candidate card replaces this one: only one more exploration.",
        f"{VAGABOND} comes back if it was defeated or removed.",
        "Task Cards gained go back to the Reserve; Eleven Friends drops to 2 tokens.",
        "Each floor in play: +1 experience with at least half its cards face up, +2 with all (10 at most)."),
        next_stage=FINAL, xp="all", final=True),
    Branch("6", "Section 6: the adventure is lost", (
        "The final exploration failed: the adventure is lost.",
        "Everything gained in Part Two leaves the table; the hero keeps the Hero Card, Skill Card and Hero Deck.",
        "Part Two may be played again from its setup."), outcome="lost"),
    Branch("7", "Section 7: the adventure is won", (
        "The spaceship lifts off and the hero is saved: Part Two and the Curse of the Desert campaign are won.",
        f"The player earns the Player Title \"{PLAYER_TITLE}\" (No. 165), usable in any later Aventuria adventure."),
        outcome="won"),
)}


def section_of(stage: int) -> str:
    return "final" if stage == FINAL else str(stage)


def route(state: dict, objective_done: bool) -> Branch:
    """[Narrative Sections]: the current Death's Candidate card names the section; the Objective picks
    the branch where the section has two."""
    stage = state["dc_stage"]
    if stage == 3:
        return BRANCHES["iron-maiden" if objective_done else "3-retry"]
    if stage == 4:
        return BRANCHES["mission-of-the-brain" if objective_done else "communication-problems"]
    if stage == FINAL:
        return BRANCHES["7" if objective_done else "6"]
    return BRANCHES[str(stage)]


def xp_floors(state: dict, branch: Branch) -> tuple[str, ...]:
    return floors_in_play(state["dc_stage"]) if branch.xp == "all" else tuple(branch.xp)


def experience(state: dict, branch: Branch, face_up: dict | None = None) -> dict:
    """Each floor's experience before and after the branch: from the face-up cards on the grid, or the
    counts the table gives."""
    counts = {**face_up_counts(state), **(face_up or {})}
    out = {}
    for f in xp_floors(state, branch):
        in_play = state["floor_cards"][f]
        before = state["floor_xp"][f]
        out[f] = {"title": FLOOR_TITLES[f], "face_up": counts[f], "in_play": in_play, "before": before,
                  "after": min(10, before + xp_gain(counts[f], in_play))}
    return out


def preview(state: dict, objective_done: bool, face_up: dict | None = None) -> dict:
    branch = route(state, objective_done)
    stage = branch.next_stage or state["dc_stage"]
    rows, cols = LAYOUTS[stage]
    steps = list(branch.steps)
    if not branch.outcome:
        steps += [LAY_OUT.format(rows=rows, cols=cols), HENCHMEN]
    return {"section": section_of(state["dc_stage"]), "branch": branch.key, "title": branch.title, "steps": steps,
            "xp": experience(state, branch, face_up) if not branch.outcome else {},
            "fate_bonus": branch.fate_bonus and objective_done, "next_stage": None if branch.outcome else stage,
            "next_layout": None if branch.outcome else [rows, cols], "outcome": branch.outcome}


def resolve(state: dict, objective_done: bool, params: dict) -> str:
    """Apply the due section: its reset, its own steps, the next Death's Candidate and layout."""
    branch = route(state, objective_done)
    if params.get("removed_floors"):
        # the floors of the six cards The Mission of the Brain removed: Section 5's counts need them
        state["removed_floors"] = dict(params["removed_floors"])
        state["floor_cards"] = floor_cards(state["dc_stage"], state["removed_floors"])
    view = preview(state, objective_done, params.get("face_up"))
    record = {"section": view["section"], "branch": branch.key, "title": branch.title, "objective_done": objective_done,
              "exploration": state["exploration"], "reason": state["exploration_end_reason"],
              "xp": {f: x["after"] - x["before"] for f, x in view["xp"].items()}, "fate_bonus": view["fate_bonus"]}
    state["sections"].append(record)
    state["section_due"] = None
    if branch.outcome:
        return _decide(state, branch)
    for f, x in view["xp"].items():
        state["floor_xp"][f] = x["after"]
    _vagabond_after(state)
    if branch.next_stage:
        state["dc_stage"] = branch.next_stage
        state["dc_tokens"] = 0  # the tokens lie on the card discarded
    for name in branch.remove:
        state["environments"].pop(name, None)
    for name in branch.place:
        state["environments"].setdefault(name, {"tokens": 0})
    if branch.clear_tokens:
        state["dc_tokens"] = 0
    if branch.mission:
        state.update(tasks_unlocked=True, vagabond="to_place", removed_tower_cards=list(REMOVED_AT_MISSION))
        state["learning_cards"] = [c for c in state["learning_cards"]
                                   if c.casefold() not in {r.casefold() for r in REMOVED_AT_MISSION}]
    if branch.final:
        state["final_attempt"] = True
        if state["vagabond"] == "removed":
            state["vagabond"] = "to_place"
        if "Eleven Friends" in state["environments"]:
            friends = state["environments"]["Eleven Friends"]
            friends["tokens"] = min(friends["tokens"], 2)  # [Section 5]: reduced to 2, never raised
    state["floor_cards"] = floor_cards(state["dc_stage"], state["removed_floors"])
    standard_reset(state)
    if view["fate_bonus"]:
        seat = state["starting_player"]
        state["fate_pool"] -= 1
        state["players"][seat]["fate_points"] += 1
    state["read_next"] = read_next(state)
    gains = [f"{x['title']} {x['before']}\u2192{x['after']}" for x in view["xp"].values() if x["after"] != x["before"]]
    text = f"{branch.title}: done."
    if gains:
        text += " Experience: " + ", ".join(gains) + "."
    if view["fate_bonus"]:
        text += " 1 Fate Point taken from the plan for the Objective."
    rows, cols = view["next_layout"]
    return text + f" Next: lay out the tower {rows}x{cols}; when that exploration ends, read {state['read_next']}."


def _vagabond_after(state: dict) -> None:
    """The Vagabond leaves the row for good once defeated or removed ([The Mission of the Brain];
    [Section 5] brings it back)."""
    if state["vagabond"] != "in_play":
        return
    row = [v for v in state["villains"] if v["name"] == VAGABOND]
    if not row or all(v["status"] != "active" for v in row):
        state["vagabond"] = "removed"


def _decide(state: dict, branch: Branch) -> str:
    state["phase"] = "adventure_end"
    n = len(state["players"])
    if branch.outcome == "won":
        state["player_title"] = PLAYER_TITLE
        state["outcome"] = {"result": "won", "winners": list(range(n)), "reason": "the Curse of Borbarad is broken"}
        return f"{branch.title}. The Player Title \"{PLAYER_TITLE}\" belongs to the player from now on."
    state["outcome"] = {"result": "lost", "winners": [], "reason": "the final exploration failed"}
    return f"{branch.title}. Part Two can start again from its setup with the same hero."


def end_tower(state: dict, reason: str) -> str:
    """The exploration ends: its Death's Candidate's section is due ([Tower Exploration End])."""
    state.update(exploration_end_reason=reason, phase="section", pending_attack=None, opponent_turn=None,
                 active_player=None, moves=None, end_pending=False, fox_hand_open=False)
    _vagabond_after(state)
    sec = section_of(state["dc_stage"])
    title = "Section 6 or 7" if sec == "final" else f"Section {sec}"
    state["section_due"] = {"section": sec, "title": title, "reason": reason}
    return f"The Tower Exploration ends ({reason.replace('_', ' ')}): read {title}."


def missing_floor_sizes(state: dict, branch: Branch) -> list[str]:
    return [f for f in xp_floors(state, branch) if state["floor_cards"][f] is None]

