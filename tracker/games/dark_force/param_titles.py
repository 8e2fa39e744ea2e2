"""The labels of the Dark Force action params, in the game's words (a param's JSON-schema `title` is its form
label), and which params are a d6 entered by its face (`"x-die": 6`).

Kept as one table beside the schemas rather than inside them, so that the same word names the same thing in
every action (CS is "Combat Strength (CS)" wherever a card value is typed), and an action says only where its
param means something of its own ("Owner" of a destroyed unit, "Claimant" of a claim). A test checks that
every param, nested ones included, gets a title.
"""
from __future__ import annotations

import copy
from dataclasses import replace

from tracker.engine import ActionSpec

_UNIT_VALUES = {
    "cs": "Combat Strength (CS)", "cs_defence_only": "CS in defence only", "cd": "Combat Defense (CD)",
    "ms": "Magic Strength (MS)", "spellcaster": "Spellcaster", "mr": "Magic Resistance (MR)",
    "third": "Army Size, Controllability or Leadership",
}
_UNIT = {
    "kind": "Kind of card", "name": "Unit card", "values": "Card values", "abilities": "Abilities",
    "deity": "Deity", "symbol": "Terrain symbol", "forbidden_symbols": "Red (forbidden) terrain symbols",
    "revealed": "Shown to the opponent", "class": "Class",
    **{f"values.{k}": v for k, v in _UNIT_VALUES.items()},
}

# The title of a param wherever it appears, by its dotted path.
DEFAULT = {
    "player": "Player", "roll": "Roll", "count": "Cards", "card": "Card", "kind": "Kind", "reason": "Reason",
    "name": "Card name", "type": "Terrain type", "cell": "Map cell (q, r)", "terrain": "Terrain",
    "unit": "Unit", "units": "Units", "target": "Target", "to": "To", "from": "From", "path": "By way of",
    "hero": "Hero", "army": "Army", "move": "Declared move", "ship": "Ship", "ships": "Ships", "fleet": "Fleet",
    "spell": "Spell", "cs": "Combat Strength (CS)", "cd": "Combat Defense (CD)", "ms": "Magic Strength (MS)",
    "mr": "Magic Resistance (MR)", "cap": "Capacity", "temple": "Temple of (deity)", "deity": "Deity",
    "values": "Terrain values", "values.cs": "Combat Strength modifier (CS)",
    "values.ms": "Magic Strength modifier (MS)", "values.cap": "Capacity",
    "expansion": "Expansion played with it", "expansion.name": "Expansion", "expansion.cs": "Expansion CS",
    "expansion.ms": "Expansion MS", "expansion.cap": "Expansion Capacity", "expansion.temple": "Temple of (deity)",
    **{f"unit.{k}": v for k, v in _UNIT.items()},
    "mods": "Modifiers", "mods.cs": "CS modifier", "mods.cd": "CD modifier", "mods.ms": "MS modifier",
    "mods.mr": "MR modifier", "mods.third": "Army Size or Leadership modifier",
}

# Where an action's param means something of its own.
BY_ACTION = {
    "roll_for_first": {"roll": "Roll for the first player"},
    "choose_draws": {"count": "Cards drawn"},
    "discard_excess": {"count": "Cards discarded"},
    "destroy": {"player": "Owner", "card": "Destroyed card", "kind": "Kind of unit",
                "value": "Third value (AS, Ctl or Ldr, or #)", "unit": "Unit in play", "summoned": "Summoned creature",
                "cause": "Cause"},
    "draw_cards": {"count": "Cards drawn", "reason": "Card that lets them draw"},
    "claim_prize": {"player": "Winner", "kept_card": "Card kept", "other_card": "Card put back"},
    "change_target": {"bh_target": "Points target"},
    "add_card_to_deck": {"card": "Card added"},
    "play_terrain": {"name": "Terrain card", "unit": "Unit played with it"},
    "play_expansion": {"terrain": "To terrain", "name": "Expansion card", "cs": "CS modifier", "ms": "MS modifier",
                       "cap": "Capacity modifier", "excess": "Units that no longer fit"},
    "recruit": {"terrain": "Under terrain", "unit": "Unit recruited"},
    "play_equipment": {"terrain": "Under terrain", "name": "Equipment card", "category": "Category",
                       "equip_to": "Equip to"},
    "inspect_stack": {"terrain": "Stack under terrain"},
    "declare_move": {"units": "Units moving", "leader_of": "Who leads whom", "path": "By way of (flyers)"},
    "forfeit_move": {"reason": "Why it is forfeited"},
    "claim_over_limit": {"player": "Claimant", "units": "Units removed", "reason": "Limit broken",
                         "hero": "Hero over its Leadership", "led": "Units the hero led"},
    "place_unit": {"row": "Row", "column": "Column", "equipment": "Equipment under it"},
    "declare_retreat": {"units": "Units retreating"},
    "declare_ranged": {"unit": "Shooter", "target": "Target", "cs": "Shooter's CS"},
    "declare_flying": {"unit": "Flyer", "target": "Target", "cs": "Flyer's CS"},
    "declare_close": {"unit": "Attacker", "target": "Target", "cs": "Attacker's CS"},
    "declare_flank": {"unit": "Flank attacker", "target": "Target", "cs": "Attacker's CS"},
    "declare_support": {"hero": "Supporting hero", "army": "Supported army"},
    "roll_unit": {"unit": "Unit rolling", "roll": "Roll", "cs": "Unit's CS", "cd": "Unit's CD"},
    "next_combat_step": {"step": "On to step"},
    "execute_retreat": {"unit": "Unit retreating", "to": "Retreats to"},
    "distribute_excess": {"unit": "Unit over the Capacity", "to": "Moves to"},
    "cast_spell": {"caster": "Caster", "name": "Spell card", "ms": "Spell's Magic Strength", "duration": "Duration",
                   "secret": "Secret (G), face down", "target": "Target", "phase_allowed": "Phase the card allows",
                   "range_text_allows": "Card text reaches beyond the caster's terrain",
                   "modifies": "Changes the target's CS or MS"},
    "resolve_spell": {"attack_roll": "Caster's roll", "defence_roll": "Target's roll",
                      "target_mr": "Target's Magic Resistance", "attack_mods": "Attack modifiers",
                      "defence_mods": "Defence modifiers"},
    "remove_permanent_spell": {"by": "Removed by"},
    "summon": {"summoner": "Summoner", "name": "Creature card", "kind": "Kind of creature",
               "ms": "Creature's Magic Strength", "controllability": "Controllability", "flying": "Flying"},
    "djinn_roll": {"unit": "Djinn", "roll": "Djinn's roll"},
    "work_miracle": {"blessed_one": "Blessed One", "name": "Miracle card", "deity": "Miracle's deity",
                     "mode": "Use", "target": "Creature to banish", "roll": "Your roll",
                     "opponent_roll": "Opponent's roll"},
    "play_event": {"name": "Event card", "ocean": "Played in an ocean terrain", "ocean_symbol": "Shows the ocean symbol",
                   "timing_ok": "Card text allows it now"},
    "play_ship": {"name": "Ship card", "ocean_terrain": "Into ocean", "port_terrain": "From port",
                  "ncs": "Naval Combat Strength (NCS)", "ncd": "Naval Combat Defense (NCD)", "mobility": "Mobility",
                  "tc": "Transport Capacity (TC)"},
    "play_ocean_hazard": {"terrain": "Under ocean", "kind": "The card is"},
    "load": {"ship": "Onto ship", "units": "Cards loaded"},
    "unload": {"ship": "From ship", "units": "Cards unloaded", "to": "Onto terrain"},
    "ship_move": {"path": "Through oceans"},
    "form_fleet": {"admiral": "Admiral", "ships": "Ships of the fleet"},
    "start_naval_combat": {"terrain": "Ocean"},
    "set_line": {"ships": "Line, flagship first"},
    "choose_maneuver": {"choice": "Maneuver"},
    "maneuver_roll": {"roll": "Maneuver roll"},
    "pair_roll": {"ship": "Ship rolling", "roll": "Roll"},
    "choose_attack_type": {"pair": "Pair (0: the flagships)", "kind": "Attack"},
    "cannonfire": {"ship": "Firing ship", "target": "Target ship", "roll": "Roll"},
    "transfer_hit": {"ship": "Ship hit", "card": "Card aboard destroyed"},
    "boarding_result": {"pair": "Pair (0: the flagships)", "boarded_ship": "Boarded ship"},
    "fleet_retreat": {"to": "Retreats to"},
    "record_game": {"round": "Round", "players": "Players", "winner": "Winner", "reason": "How it ended",
                    "bh": "Boron's Halls points", "played_past_end": "Played past the end", "session": "Game link"},
    "record_ruling": {"text": "Ruling", "player": "Player concerned", "points": "Tournament points", "game": "Game"},
    "exclude_player": {"reason": "Reason"},
}

# The setup options' labels.
OPTIONS = {
    "deck_size": "Cards per deck", "bh_target": "Points target", "graduated_target": "Target by deck size",
    "essen96": "Essen '96 tournament rules", "ab_errata": "Aventurian Messenger rulings",
    "captains_pack": "Captain's Pack", "deck_out_timing": "When an empty deck loses",
    "creature_capacity": "Creatures and Capacity", "first_placement": "First placement in combat",
    "event_limit": "Event limit (Essen '96)", "first_player": "First player (no roll-off)",
    "time_limit_scoring": "Game ended by the hour scores", "tournament": "Tournament (edit link token)",
}

# The params entered as one d6, by its face.
DICE = {
    "roll_for_first": ("roll",), "roll_unit": ("roll",), "djinn_roll": ("roll",),
    "resolve_spell": ("attack_roll", "defence_roll"), "work_miracle": ("roll", "opponent_roll"),
    "maneuver_roll": ("roll",), "pair_roll": ("roll",), "cannonfire": ("roll",),
}


def title_of(action: str, path: str) -> str | None:
    return BY_ACTION.get(action, {}).get(path) or DEFAULT.get(path)


def _walk(action: str, schema: dict, prefix: str = "") -> None:
    for name, prop in (schema.get("properties") or {}).items():
        path = f"{prefix}{name}"
        title = title_of(action, path)
        if title:
            prop["title"] = title
        if prop.get("type") == "object":
            _walk(action, prop, f"{path}.")


def titled(spec: ActionSpec) -> ActionSpec:
    """`spec` with a copy of its params schema carrying the titles and the die faces."""
    params = copy.deepcopy(spec.params)
    _walk(spec.type, params)
    for name in DICE.get(spec.type, ()):
        prop = params["properties"][name]
        if (prop.get("type"), prop.get("minimum"), prop.get("maximum")) != ("integer", 1, 6):
            raise ValueError(f"{spec.type}.{name} is not a d6 (1..6)")
        prop["x-die"] = 6
    return replace(spec, params=params)


def titled_options(schema: dict) -> dict:
    for name, prop in schema["properties"].items():
        prop["title"] = OPTIONS[name]
    return schema
