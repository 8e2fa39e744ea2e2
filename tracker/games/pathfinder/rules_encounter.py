"""Encounters, plays, villains, scourges and summons (spec 5.1, R24-R37, R63-R69, R75-R122).

The check procedure and damage (R38-R45, R50-R54) are in rules_check.py.
"""
from __future__ import annotations

from tracker.engine import Rule

from .encounter import boon_budget, played_here, where
from .state import location, name_of


def _enc(state):
    return state.get("encounter")


def _check(state):
    return state.get("check")


# ------------------------------------------------------------------ plays

def check_r24(state, params, ctx):
    purpose = params.get("purpose")
    enc = _enc(state)
    if purpose == "evade" and not (enc and enc["step"] == "evade"):
        return "Evasion cards work only while a card is being encountered, before any check."
    if purpose == "check" and not (_check(state) and not _check(state)["rolled"]):
        return "No check is waiting for cards right now."
    if purpose == "damage" and not state.get("damage"):
        return "This card doesn't apply to the current step: no damage is being dealt."
    if enc and enc["step"] in ("resolve", "villain") and ctx.action_type == "play_card" and purpose not in (None, "other"):
        return "Nothing may be played between encounter steps."


def check_r25(state, params, ctx):
    kind = params.get("card_type")
    if kind and not params.get("freely") and kind in boon_budget(state):
        where = "check" if _check(state) else "damage" if state.get("damage") else "step"
        return f"A {kind} has already been played on this {where}; only a free play can add another."


def check_r26(state, params, ctx):
    enc = _enc(state)
    if not enc:
        return "No card is being encountered."
    if params["player"] != enc["character"]:
        return f"Only {name_of(state, enc['character'])}, who is encountering {enc['card']}, can do that."


def check_r27(state, params, ctx):
    enc = _enc(state)
    if enc and not enc["checks"] and enc["step"] not in ("avenge", "villain"):
        if enc["boon"]:
            return "Boons can't be skipped: make the acquire roll, or choose to fail it."
        return f"{enc['card']} must be faced (or evaded): attempt the check first."


def check_r28(state, params, ctx):
    enc = _enc(state)
    if not enc or params.get("ignores_immunity"):
        return None
    traits = set(params.get("card_traits", [])) | ({params["trait"]} if params.get("trait") else set())
    hit = sorted(traits & set(enc["immune"]))
    if hit:
        return f"{enc['card']} is immune to {', '.join(hit)}."


def check_r29(state, params, ctx):
    power = params.get("power")
    scope = _check(state) or state.get("damage") or _enc(state)
    if power and not params.get("each_time") and scope is not None:
        if [params["player"], power] in scope.get("powers", []):
            return "That power has already been used on this check or step."


def check_r30(state, params, ctx):
    card = params.get("card")
    if params.get("action") == "reveal" and card and ["reveal", card] in played_here(state):
        return "This card was already revealed for its power on this check."


def check_r31(state, params, ctx):
    cost = params.get("cost_card")
    scope = _check(state) or state.get("damage") or _enc(state)
    if cost and scope is not None and cost in scope.get("cost_cards", []):
        return "One card can power only one effect: that card already paid for another."


def check_r32(state, params, ctx):
    card = params.get("card")
    if card and not params.get("freely") and params.get("action") != "reveal":
        if any(entry[1] == card for entry in played_here(state)):
            return f"You already used one of {card}'s powers here."


def check_r33(state, params, ctx):
    if params.get("from_displayed"):
        return None
    if params.get("card_type") and state["players"][params["player"]]["hand_count"] < 1:
        return "That card must come from your hand, and your hand is empty."


def check_r34(state, params, ctx):
    cost = params.get("cost_card")
    scope = _check(state) or state.get("damage") or _enc(state)
    if cost and scope is not None and cost in scope.get("cost_cards", []) and ctx.action_type == "use_character_power":
        return "Pay for each power separately."


def check_r35(state, params, ctx):
    purpose = params.get("purpose")
    check = _check(state)
    if purpose == "heal" and check and check["combat"]:
        return "Healing doesn't fit the moment: not during a combat check."
    if purpose == "heal" and state.get("damage"):
        return "A heal doesn't reduce damage."


def check_r37(state, params, ctx):
    check = _check(state)
    if params.get("scope") == "your" and check and check["character"] != params["player"]:
        return "This card only works on your own checks."
    if params.get("scope") == "local" and check and \
            state["players"][check["character"]]["location"] != state["players"][params["player"]]["location"]:
        return "This card only helps checks at your location."


# ------------------------------------------------------------------ guard, avenge, villains

def check_r63(state, params, ctx):
    enc = _enc(state)
    if not enc or not enc["villain"] or enc["step"] not in ("evade", "guard"):
        return "You can only guard when a distant character encounters a villain, before the check."
    if enc["summoned"]:
        return "A summoned villain goes back to the vault and never escapes: there is nothing to guard against."
    if params["player"] in enc["guard_attempts"]:
        return "Each character guards only once per villain encounter."


def check_r64(state, params, ctx):
    enc = _enc(state)
    if enc and enc["location"] and state["players"][params["player"]]["location"] == enc["location"]:
        return "The villain's location can't be guarded."


def check_r65(state, params, ctx):
    here = state["players"][params["player"]]["location"]
    if params.get("location") and params["location"] != here:
        return f"You can only guard your own location ({here})."


def check_r66(state, params, ctx):
    enc = _enc(state)
    if not enc or enc["step"] != "avenge":
        return "Avenging follows only an undefeated bane."
    seat = params["player"]
    if seat == enc["character"]:
        return "Another character must avenge."
    if state["players"][seat]["location"] != where(enc):
        return "Only a character at the same location can avenge."


def check_r67(state, params, ctx):
    if state["players"][params["player"]]["hand_count"] < 1:
        return "You need a card to bury."


def check_r68(state, params, ctx):
    enc = _enc(state)
    if enc and (enc["avenge"] or enc["avenged"]):
        return "This bane has already been avenged once."


def check_r69(state, params, ctx):
    if ctx.action_type == "win_scenario" and params["reason"] == "cornered_villain":
        return "Record the villain encounter: the win comes when a defeated villain has nowhere to escape."
    if ctx.action_type == "villain_outcome":
        enc = _enc(state)
        if not enc or enc["step"] != "villain":
            return "The villain steps follow a resolved villain encounter."


def check_r120(state, params, ctx):
    if params["reason"] == "all_locations_closed" and any(not loc["closed"] for loc in state["locations"]):
        return "Not every location is closed yet."


def check_r101(state, params, ctx):
    if params["reason"] == "all_dead" and any(not p["dead"] for p in state["players"]):
        return "Someone is still alive."
    if params["reason"] == "hourglass" and state["hourglass"] > 0:
        return "The hourglass still has cards."


# ------------------------------------------------------------------ scourges, summons, misc

def check_r75(state, params, ctx):
    p = state["players"][params["target"]]
    if params["scourge"] in p["scourges"]:
        return f"{p['name']} already suffers {params['scourge']}."


def check_r76(state, params, ctx):
    if params.get("location") and not params.get("power_names_locations"):
        return "This power only removes scourges from characters."


def check_r78(state, params, ctx):
    enc = _enc(state)
    by = params.get("summoned_by") or (enc["card"] if enc else None)
    if by and params["card"] == by:
        return "A summoned card can't summon itself or the card that brought it in."


def check_r95(state, params, ctx):
    if not params["chosen_possible"] and params["other_possible"]:
        return "You can't pick an option you can't do while another option is possible."


def check_r98(state, params, ctx):
    p = state["players"][params["target"]]
    if p["set_aside_count"] and params["count"] > p["hand_count"]:
        return "That card is set aside; it's not in your hand."


def check_r99(state, params, ctx):
    if (params.get("deck") or params.get("stack") == "deck") and not params.get("power_allows"):
        return "You can't look through your deck unless a card lets you."


def check_r100(state, params, ctx):
    if params.get("from_displayed") and params.get("displayed_by_effect"):
        return "This displayed boon's powers are inactive: it wasn't played."


def check_r103(state, params, ctx):
    enc = _enc(state)
    if enc and enc["step"] != "evade":
        return "Evasion happens before the check; it's too late to evade."


def check_r104(state, params, ctx):
    last = state.get("last_encounter") or {}
    if not state.get("encounter") and last.get("outcome") in ("aborted", "evaded"):
        return f"The encounter with {last['card']} was cut short; it is neither defeated nor undefeated."
    return None


def check_r106(state, params, ctx):
    p = state["players"][params["target"]]
    if params.get("paid_with_discard") and p["discard_count"] < 1:
        return "The card you discarded for this heal can't be healed by it."


def check_r107(state, params, ctx):
    marker = params.get("marker")
    owner = next((name for name, m in state["scourge_markers"].items() if m == marker), None)
    if marker and owner and owner != params["scourge"]:
        return f"{marker} already belongs to {owner}."


def check_r108(state, params, ctx):
    last = state.get("last_encounter") or {}
    if not state.get("encounter") and last.get("kind") == "scourge":
        return "A scourge found in a location is suffered at once; the encounter ends."


def check_r109(state, params, ctx):
    if ctx.action_type == "add_new_card":
        loc = location(state, params["location"])
        if params.get("position") == "top" and params.get("above_faceup") and loc["faceup"]:
            return "New top cards go under the faceup cards."
        return None
    here = location(state, state["players"][params["player"]]["location"])
    if here["faceup"] and params.get("faceup_card") not in here["faceup"]:
        return f"Take a faceup card on top of {here['name']} first: {', '.join(here['faceup'])}."


def check_r110(state, params, ctx):
    if params.get("deck"):
        return None
    loc = location(state, params.get("location") or state["players"][params["player"]]["location"])
    if loc["cards"] < 1:
        return "There is nothing there to examine."


def check_r112(state, params, ctx):
    last = state.get("last_encounter") or {}
    enc = _enc(state)
    if (enc and enc["moved"]) or (not enc and last.get("moved")):
        return "You moved during the encounter; after-encounter effects don't happen."


def check_r114(state, params, ctx):
    if params.get("story_bane") and not params.get("effect_adds_story_bane"):
        return "Added locations get no villains or henchmen unless the effect says so."


def check_r116(state, params, ctx):
    enc = _enc(state)
    if params.get("kind") == "acquire" and not (enc and enc["boon"]):
        return "You only roll to acquire a boon while you encounter it."


def check_r122(state, params, ctx):
    here = state["players"][params["player"]]["location"]
    there = sorted(s for s, p in enumerate(state["players"]) if not p["dead"] and p["location"] == here)
    rolled = sorted(r["target"] for r in params["rolls"])
    if rolled != there:
        return "Roll separately for each character at the location: one roll each."


def check_h2(state, params, ctx):
    if not state["players"][params["player"]]["dead"]:
        return f"{name_of(state, params['player'])} is not dead."


def check_r10(state, params, ctx):
    if params["power"] != "hour":
        return "The hour's only active power is its hour effect."


ENCOUNTER_RULES = tuple(Rule(*row[:5], **row[5] if len(row) > 5 else {}) for row in (
    ("pathfinder.R9", "Too few hourglass cards: the scenario is lost", "[Rules: The Golden Rules]",
     "Not enough cards in the hourglass: the scenario is lost."),
    ("pathfinder.R10", "The hour has only its hour power", "[Advance the Hour]",
     "The hour's only active power is its hour effect.", check_r10, {"kind": "card-data"}),
    ("pathfinder.R24", "Plays fit the current step", "[Encountering a Card]",
     "This card doesn't apply to the current step.", check_r24),
    ("pathfinder.R25", "One boon of each type per check or step", "[Encountering a Card]",
     "A boon of that type has already been played here.", check_r25),
    ("pathfinder.R26", "Only the encountering character decides", "[Encountering a Card]",
     "Only the encountering character can do that.", check_r26),
    ("pathfinder.R27", "Encountered cards must be faced", "[Encountering a Card]",
     "Boons can't be skipped, and banes must be faced unless evaded.", check_r27),
    ("pathfinder.R28", "No plays with a trait the bane is immune to", "[Encountering a Card]",
     "The encountered card is immune to that trait.", check_r28, {"kind": "card-data"}),
    ("pathfinder.R29", "A character power once per check or step", "[Playing Cards]",
     "That power has already been used on this check.", check_r29),
    ("pathfinder.R30", "Reveal a card for its power once", "[Reveal]",
     "This card was already revealed for its power on this check.", check_r30),
    ("pathfinder.R31", "A card leaving the hand pays one power", "[Rules: Dealing with Cards]",
     "One card can power only one effect.", check_r31),
    ("pathfinder.R32", "One power per played boon", "[Playing Cards]",
     "You already used one of this card's powers.", check_r32),
    ("pathfinder.R33", "Played cards come from the hand", "[Rules: Dealing with Cards]",
     "That card must come from your hand.", check_r33),
    ("pathfinder.R34", "Pay for each power separately", "[Example: Pay the Cost for Each Power Separately]",
     "Pay for each power separately.", check_r34),
    ("pathfinder.R35", "Powers must fit the situation", "[Rules: Dealing with Cards]",
     "That power doesn't fit the current situation.", check_r35, {"kind": "card-data"}),
    ("pathfinder.R37", "Scope words are enforced", "[Things to Keep in Mind]",
     "This card only works on your own checks.", check_r37, {"kind": "card-data"}),
    ("pathfinder.R63", "Guard once, during a villain encounter", "[Villain Step: Attempt to Guard Distant Locations]",
     "You can only guard once, when a distant character encounters a villain.", check_r63),
    ("pathfinder.R64", "The villain's location can't be guarded", "[Villain Step: Attempt to Guard Distant Locations]",
     "The villain's location can't be guarded.", check_r64),
    ("pathfinder.R65", "Guard your own location, for this encounter", "[Villain Step: Attempt to Guard Distant Locations]",
     "Guards only cover your own location, for this encounter.", check_r65),
    ("pathfinder.R66", "Avenge an undefeated bane, locally", "[Avenge the Encounter]",
     "Only another character at the same location can avenge an undefeated bane.", check_r66),
    ("pathfinder.R67", "Avenging buries a card", "[Avenge the Encounter]", "You need a card to bury.", check_r67),
    ("pathfinder.R68", "One avenge per bane", "[Avenge the Encounter]",
     "This bane has already been avenged once.", check_r68),
    ("pathfinder.R69", "Villain escape and the cornering win", "[Villain Step: Determine Whether the Villain Escapes]",
     "The win comes when a defeated villain has nowhere to escape.", check_r69),
    ("pathfinder.R75", "One marker per scourge", "[Scourge]", "That character already suffers this scourge.", check_r75),
    ("pathfinder.R76", "Scourge removal hits characters", "[Scourge]",
     "This power only removes scourges from characters.", check_r76),
    ("pathfinder.R77", "Marked locations inflict their scourge", "[Scourge]",
     "This location is marked; your character takes its scourge."),
    ("pathfinder.R78", "A summoned card can't summon itself", "[Summoned Cards and New Cards]",
     "A summoned card can't summon itself.", check_r78, {"kind": "card-data"}),
    ("pathfinder.R95", "Counting resources: impossible options", "[Rules: Counting Resources]",
     "You can't pick an impossible option while another is possible.", check_r95),
    ("pathfinder.R98", "Set-aside cards are in no zone", "[Playing Cards]",
     "That card is set aside; it's not in your hand.", check_r98),
    ("pathfinder.R99", "The deck stays hidden", "[Rules: Dealing with Cards]",
     "You can't look through your deck.", check_r99),
    ("pathfinder.R100", "Displayed-by-effect boons have no powers", "[Display]",
     "This displayed boon's powers are inactive.", check_r100, {"kind": "card-data"}),
    ("pathfinder.R101", "Everyone dead: the scenario is lost", "[Dying]",
     "Every character is dead: the scenario is lost.", check_r101),
    ("pathfinder.R102", "Where the encountered card ends up", "[Resolve the Encounter]",
     "Acquired boons go to the hand, failed ones to the vault; undefeated banes go back."),
    ("pathfinder.R103", "Evading ends the encounter", "[Apply Any Evasion Effects]",
     "Evasion happens before the check.", check_r103),
    ("pathfinder.R104", "A forced end of turn cuts the encounter short", "[Encountering a Card]",
     "The encounter was cut short; the card is neither defeated nor undefeated.", check_r104),
    ("pathfinder.R105", "Summoned cards go back to the vault", "[Summon and Encounter]",
     "Summoned cards go back to the vault."),
    ("pathfinder.R106", "Healing draws random discards", "[Rules: Healing]",
     "The card you discarded for this heal can't be healed by it.", check_r106),
    ("pathfinder.R107", "Each scourge has its own marker design", "[Rules: Markers]",
     "That marker design already belongs to another scourge.", check_r107),
    ("pathfinder.R108", "A scourge found in a location", "[Scourge]",
     "A scourge found in a location is suffered at once; the encounter ends.", check_r108),
    ("pathfinder.R109", "Faceup cards stay on top", "[Rules: Faceup Cards on Locations]",
     "Faceup cards stay on top of the location.", check_r109),
    ("pathfinder.R110", "Examining needs cards", "[Searching and Examining]",
     "There is nothing there to examine.", check_r110),
    ("pathfinder.R112", "Moving mid-encounter skips after-encounter effects", "[Encountering a Card]",
     "You moved during the encounter; after-encounter effects don't happen.", check_r112),
    ("pathfinder.R113", "Another villain at the defeated villain's location",
     "[Villain Step: If You Defeated a Villain, Close the Villain's Location]",
     "The location stays open; with every distant location guarded the villain is banished."),
    ("pathfinder.R114", "Added locations get no story banes", "[Add a New Location]",
     "Added locations get no villains or henchmen unless the effect says so.", check_r114),
    ("pathfinder.R115", "Death buries everything", "[Dying]", "That character is dead; all of their cards are buried."),
    ("pathfinder.R116", "Acquire checks only when encountering the boon", "[Boons]",
     "You only roll to acquire a boon when you encounter it.", check_r116),
    ("pathfinder.R120", "Every location closed: the party wins", "[Ending a Scenario, Adventure, or Adventure Path]",
     "All locations are closed: you win.", check_r120),
    ("pathfinder.R122", "Roll separately for each character", "[Rules: Rolling Dice]",
     "Roll separately for each character.", check_r122),
    ("pathfinder.H2", "Only the dead return from death", "[Dying]", "That character is not dead.", check_h2),
))
