"""Form labels in the game's words for every action param and setup option (the schema's `title`).

One table by param name, with the few names that mean something else in one action given per action;
`titled` sets the title on a schema where none is set, array items' fields included.
"""
from __future__ import annotations

from dataclasses import replace

TITLES = {
    "above_faceup": "On top of the faceup cards", "action": "What happens to the card", "adds": "Cards added",
    "adjust": "Adjustment", "adventure": "Adventure", "adventure_multiplier": "Times the adventure number",
    "adventure_number": "Adventure number", "amount": "Amount", "back": "Place the set-aside cards back",
    "base": "Base difficulty", "by": "How", "card": "Card", "card_traits": "The card's traits",
    "card_type": "Card type", "cards": "Cards", "cause": "Cause", "character": "Character",
    "characters": "Characters", "checks": "Checks needed", "chosen_possible": "The chosen option is possible",
    "closing": "Closing henchman", "combat": "Combat check", "combat_only": "Only on combat checks",
    "conditions_met": "The scenario's other conditions are met", "cost_action": "How the cost is paid",
    "cost_card": "Card paid", "count": "How many", "damage_type": "Damage type", "dead": "Dead",
    "deck": "Your deck", "deck_list": "Deck list", "description": "What happens", "die": "Die",
    "difficulty": "Difficulty", "discard": "Discard", "discards": "Cards discarded",
    "displayed_by_effect": "Displayed by an effect", "each_time": "Works each time",
    "effect_adds_story_bane": "The effect adds a story bane", "erase": "Feat erased", "erase_type": "Type erased",
    "faceup": "Faceup", "faceup_card": "Faceup card", "favored_in_hand": "A favored card is in the hand",
    "feat": "Feat", "for_recovery": "For a recovery check", "for_reset": "While resetting", "forced": "Forced move",
    "found": "Found", "freely": "Played freely", "from_displayed": "From the displayed cards",
    "from_retired": "From a retired character", "gain": "Feat gained", "gain_type": "Type gained",
    "give": "Cards given", "give_type": "Type given", "hand_size": "Hand size", "has_skill": "On the character",
    "hero_points": "Hero points", "ignores_immunity": "Ignores immunity", "immune": "Immune to",
    "increase": "Increase", "kind": "Kind of card", "level": "Level", "location": "Location", "loot": "Loot",
    "loot_type": "Loot type", "marker": "Marker", "mode": "Mode", "modifier": "Modifier",
    "name": "Name", "needs_skill": "Only with the skill", "on": "On", "option": "Option",
    "other_possible": "The other option is possible", "other_villain_found": "Another villain was found there",
    "outcome": "Outcome", "owner": "Owner", "paid_with_discard": "Paid by discarding", "player": "Character",
    "position": "Position", "power": "Power", "power_allows": "A card or power allows it",
    "power_names_locations": "The power names locations", "prevented": "Prevented", "promo": "Promo card",
    "purpose": "Played for", "reason": "Reason", "receive": "Cards received", "redraws": "Redraws",
    "reduce": "Reduced by", "reduces": "Reduces damage of type", "removed_from_game": "Removed from the game",
    "removes": "Cards removed", "repeatable": "Repeatable", "resistant": "Resistant to", "result": "Result",
    "returned_to_vault": "Returned to the vault", "role": "Role", "roll": "Roll", "rolls": "Rolls",
    "scenario": "Scenario", "scope": "Whose checks", "scourge": "Scourge", "session": "Scenario session",
    "side": "Side", "sides": "Die", "size": "Size", "skill": "Skill", "skill_used": "Skill used", "skills": "Skills",
    "source": "Source", "stack": "Stack", "story_bane": "Story bane", "success": "Succeeded",
    "summoned_by": "Summoned by", "take_type": "Type taken", "target": "Character affected", "title": "Title",
    "to": "To", "to_discards": "To the hourglass discards", "trait": "Trait", "traits": "Traits",
    "trigger": "Why now", "type": "Card type", "value": "Box", "verb": "How", "via_power": "A card or power sets it",
    "villains_found": "Villains found", "vulnerable": "Vulnerable to",
    # setup options
    "hourglass": "Hourglass", "challenge_mode": "Challenge mode", "locations": "Locations",
    "location_size": "Location size", "location_count_adjust": "Locations more or fewer",
    "bane_adventure_offset": "Adventure number for banes", "vault_bane_level_up": "Vault banes one level up",
    "wildcards": "Wildcards", "villains": "Villains", "henchmen": "Henchmen", "dangers": "Dangers",
    "fast": "Fast game", "first_player": "First player", "extra_decks": "Extra decks", "campaign": "Campaign",
    "adventure_path": "Adventure Path",
}
PER_ACTION = {
    ("give_card", "target"): "Given to", ("heal", "target"): "Character healed",
    ("reroll", "roll"): "New roll", ("guard_attempt", "roll"): "Roll", ("recover_card", "roll"): "Recovery roll",
    ("reduce_damage", "amount"): "Reduced by", ("suffer_damage", "amount"): "Damage",
    ("modify_check", "amount"): "Modifier", ("modify_check", "by"): "Add", ("explore", "by"): "Explore by",
    ("evade", "by"): "Evaded with", ("setup_trade", "target"): "Trade with", ("declare_check", "skill"): "Skill listed",
    ("roll_check", "result"): "Result you worked out", ("record_scenario", "result"): "Result",
    ("spend_hero_point_on_feat", "skill"): "Skill of the box", ("declare_check", "kind"): "Check to",
    ("explore", "kind"): "Found",
}


def _title(name: str, action: str | None) -> str:
    return PER_ACTION.get((action, name)) or TITLES.get(name) or name.replace("_", " ").capitalize()


def titled(schema: dict, action: str | None = None) -> dict:
    """`schema` (an object's) with a title on each property and on each array item's property."""
    props = {}
    for name, prop in schema.get("properties", {}).items():
        prop = {**prop, "title": prop.get("title") or _title(name, action)}
        items = prop.get("items")
        if prop.get("type") == "array" and isinstance(items, dict) and items.get("properties"):
            prop["items"] = titled(items, action)
        props[name] = prop
    return {**schema, "properties": props}


def with_titles(spec):
    return replace(spec, params=titled(spec.params, spec.type))
