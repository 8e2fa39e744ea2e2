"""The campaign as a link: a Curse of the Desert campaign session (mode "campaign") fed by its two parts,
Part One (mode "nedime") and Part Two (mode "borbarad"), each a session of its own.

A part created with `options.campaign` (the campaign's edit token) is played by the campaign's heroes (with
no players given, all of them, as the campaign knows them); Part Two only once Part One is won there
([The Campaign continues]; [Part Two: Curse of Borbarad]). A part is recorded in the campaign once it is
won, as one `record_adventure`; a lost part is not recorded, since it starts again in the same session
(restart_adventure) and is recorded once won: the link records a session at most once."""
from __future__ import annotations

from tracker.engine import LinkError
from tracker.engine.kit.links import Link, Prepared

from .campaign.sheet import HERO_KEYS, PART_SHORT, PARTS, clean, hero_by_name, part_won


def _heroes(sheet: dict) -> list[dict]:
    # the part's players as the campaign knows its heroes: name, hero, and their values when typed
    return [{k: h[k] for k in HERO_KEYS if k in h} for h in sheet["players"]]


def check_part_opens(sheet: dict, mode: str) -> None:
    if part_won(sheet, "borbarad"):
        raise LinkError("This campaign is complete: both parts are won.",
                        {"options.campaign": ["start a new campaign to play the parts again"]})
    if part_won(sheet, mode):
        raise LinkError(f"{PART_SHORT[mode]} is already won in this campaign.",
                        {"mode": ["start the next part: " + ("borbarad" if mode == "nedime" else "none left")]})
    if mode == "borbarad" and not part_won(sheet, "nedime"):
        raise LinkError("Part Two is played once Part One is won in this campaign, with the same heroes.",
                        {"mode": ["play Part One (nedime) for this campaign and record its win first"]})


def _matched(sheet: dict, players: list) -> list[dict]:
    names = ", ".join(h["name"] for h in sheet["players"])
    filled, seen = [], set()
    for i, raw in enumerate(players):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
            raise LinkError("Each hero of a part is named.", {f"players.{i}.name": [f"one of: {names}"]})
        hero = hero_by_name(sheet, raw["name"])
        if hero is None:
            raise LinkError(f"{clean(raw['name'])} is not a hero of this campaign.",
                            {f"players.{i}.name": [f"the campaign's heroes: {names}"]})
        if hero["seat"] in seen:
            raise LinkError(f"{hero['name']} is named twice.", {f"players.{i}.name": ["each hero once"]})
        seen.add(hero["seat"])
        known = {k: hero[k] for k in HERO_KEYS if k in hero}
        filled.append({**known, **raw, "name": hero["name"]})  # what is typed for this part wins
    missing = [h["name"] for h in sheet["players"] if h["seat"] not in seen]
    if missing:
        # the Adventure Points and the title go to every hero of the campaign: all of them play each part
        raise LinkError(f"The campaign's heroes play each part together; missing: {', '.join(missing)}.",
                        {"players": [f"name all of them ({names}), or none to take them from the campaign"]})
    return filled


def prepare(sheet: dict, mode: str, players: list, options: dict) -> Prepared:
    check_part_opens(sheet, mode)
    if not isinstance(players, list) or not players:
        players = _heroes(sheet)  # "start Part One/Two" from the campaign page names nobody
    else:
        players = _matched(sheet, players)
    return Prepared(players, dict(options), options)


def record_params(sheet: dict, state: dict, outcome: dict) -> dict:
    mode = state["mode"]
    if mode not in PARTS:
        raise LinkError("Only Part One and Part Two count for a campaign.", {"mode": ["nedime or borbarad"]})
    if outcome.get("result") != "won":
        raise LinkError(f"{PART_SHORT[mode]} is lost: it is not recorded. Start it again in this session and "
                        f"record it once won.", {"outcome": ["a part counts for the campaign once it is won"]})
    return {"adventure": mode, "result": "won"}


LINKS = (
    Link(name="campaign", parent_mode="campaign", child_modes=PARTS, record_action="record_adventure",
         record_key="record-curse-", record_params=record_params, prepare=prepare,
         record_label="Record in the campaign"),
)
