"""The included adventures' narrative steps, story cards and rewards, as data.

Every text is ours: a short line of what happens and what each result does. Facts (skills, Fate
Points, life points, cards drawn, counters) are the rulebook's. Sections cite the adventure's heading.

A step's `who`: "each" (every hero rolls once), "one" (the group picks one hero), "choice" (each
hero picks one of `choices`). `effects` maps a result (or a choice) to what it does to the hero who
got it, as (kind, value) pairs the narrative applies when the step is closed:

- ("fate", n): take n Fate Points from the middle (what is left, aventuria.md §11 A20)
- ("lose_life", n) / ("lose_life_dice", "1d6"|"2d6") / ("others_lose_life", n)
- ("hand", n): n more (or fewer) cards in this hero's next opening hand; ("all_hand", n): every hero's
- ("time", n): the next combat starts with n more time counters (once per step, however many rolled it)
- ("remove_fate", n): n Fate Points from the middle out of the game for this act
- ("discard_fate", n): n of the hero's Fate Points back to the middle; with none, one leaves the game
- ("set_aside", name): a henchman card set aside to join the next combat
- ("amulet", 1), ("damage_point", 1), ("free_reroll", 1): another hero may repeat a failed test
- ("reward_equipment", 1): a reminder of a Reward Card search the table does with the cards
- ("if_none_succeeded", result): this result counts as `result` when no hero succeeded
"""
from __future__ import annotations

CS, S, F, CF = "critical_success", "success", "failure", "critical_failure"
RESULTS = (CS, S, F, CF)
RESULT_TITLES = {CS: "Critical success", S: "Success", F: "Failure", CF: "Critical failure"}


def step(title, text, who, skill=None, results=None, effects=None, choices=(), worst_of_damage=False):
    return {"title": title, "text": text, "who": who, "skill": skill, "results": results or {},
            "effects": effects or {}, "choices": list(choices), "worst_of_damage": worst_of_damage}


SILVANA = (
    step("The fleeing Goblins", "The Kobold's Goblins bolt; each hero tries to grab one.", "each", "body_control",
         {CS: "Take 1 Fate Point.", S: "No effect: that Goblin is gone for good.",
          F: "A Cowardly Goblin is set aside: it joins the next combat.",
          CF: "As a failure, and lose 2 life points."},
         {CS: [("fate", 1)], F: [("set_aside", "Cowardly Goblin")],
          CF: [("set_aside", "Cowardly Goblin"), ("lose_life", 2)]}),
    step("Searching the cells", "The group picks one hero to search the empty quarters.", "one", "perception",
         {CS: "Draw Reward Cards until an equipment card: keep it (or a Fate Point instead); "
              "and every hero draws 1 more card at the next combat.",
          S: "A secret tunnel: every hero draws 1 more card at the next combat.",
          F: "No effect.", CF: "The searcher loses 5 life points."},
         {CS: [("reward_equipment", 1), ("all_hand", 1)], S: [("all_hand", 1)], CF: [("lose_life", 5)]}),
    step("The painted wall", "The group picks one hero to study the mural with the hidden door.", "one", "knowledge",
         {CS: "Every hero draws 1 more card at the next combat.", S: "No effect: the door opens.",
          F: "Every hero draws 1 card fewer at the next combat.",
          CF: "The next combat starts with 1 time counter fewer, and every hero draws 1 card fewer."},
         {CS: [("all_hand", 1)], F: [("all_hand", -1)], CF: [("time", -1), ("all_hand", -1)]}),
)

NON_GAMBLING = (
    step("The Idol's dance", "Each hero decides to stay and watch the Idol, or to leave.", "choice",
         effects={"stay": [("damage_point", 1)], "leave": []}, choices=("stay", "leave"),
         results={"stay": "Take 1 damage point.", "leave": "No effect."}),
    step("The weeping statue", "Gold coins rain down; each hero decides to grab some or not.", "choice",
         effects={"grab": [("damage_point", 1)], "refrain": []}, choices=("grab", "refrain"),
         results={"grab": "Take 1 damage point.", "refrain": "No effect."}),
    step("The freed monsters", "Each hero keeps grabbing gold, or resists the temptation.", "choice",
         effects={"keep": [("damage_point", 1)], "resist": []}, choices=("keep", "resist"),
         results={"keep": "Take 1 damage point.", "resist": "No effect."}),
    step("Breaking the spell", "Each hero rolls Willpower with one die per damage point and keeps the worst; "
         "a hero with no damage points succeeds critically without rolling.", "each", "willpower",
         {CS: "No effect.", S: "Lose 1 life point.", F: "Lose 1D6 life points.", CF: "Lose 2D6 life points."},
         {S: [("lose_life", 1)], F: [("lose_life_dice", "1d6")], CF: [("lose_life_dice", "2d6")]},
         worst_of_damage=True),
)

WILDENSTEIN_1 = (
    step("The archives", "Each hero reads up on the Wildenstein barony.", "each", "knowledge",
         {CS: "Take 2 Fate Points.", S: "Take 1 Fate Point.", F: "No effect.",
          CF: "1 Fate Point leaves the middle for this act."},
         {CS: [("fate", 2)], S: [("fate", 1)], CF: [("remove_fate", 1)]}),
    step("The storm", "Each hero builds a shelter for the night.", "each", "survival",
         {CS: "One other hero may repeat a failed Survival test.", S: "No effect.", F: "Lose 2 life points.",
          CF: "Lose 5 life points, and every other hero loses 1."},
         {CS: [("free_reroll", 1)], F: [("lose_life", 2)], CF: [("lose_life", 5), ("others_lose_life", 1)]}),
    step("The ford", "Each hero watches the silent river crossing.", "each", "perception",
         {CS: "Draw 1 more card at the next combat.", S: "No effect.", F: "Draw 1 card fewer at the next combat.",
          CF: "Lose 2 life points and draw 1 card fewer at the next combat."},
         {CS: [("hand", 1)], F: [("hand", -1)], CF: [("lose_life", 2), ("hand", -1)]}),
)

WILDENSTEIN_2 = (
    step("Ravens over the castle", "Each hero steadies their nerves at the sight of the castle.", "each", "willpower",
         {CS: "Take 1 Fate Point.", S: "No effect.",
          F: "Put 1 of your Fate Points back in the middle (with none, 1 leaves the game for this act).",
          CF: "As a failure, and draw 1 card fewer at the next combat."},
         {CS: [("fate", 1)], F: [("discard_fate", 1)], CF: [("discard_fate", 1), ("hand", -1)]}),
    step("Helping the villagers", "Each hero lends a hand with repairs (the Amulets of the Twelvegods are set out; "
         "those nobody earns leave the game).", "each", "craft",
         {CS: "Take 1 Fate Point and an Amulet of the Twelvegods.", S: "Take an Amulet of the Twelvegods.",
          F: "No effect.", CF: "Lose 1 life point."},
         {CS: [("fate", 1), ("amulet", 1)], S: [("amulet", 1)], CF: [("lose_life", 1)]}),
    step("Dressing for the ball", "Each hero makes themselves presentable.", "each", "persuade",
         {CS: "Take 1 Fate Point and draw 1 more card at the next combat.", S: "Take 1 Fate Point.",
          F: "No effect.",
          CF: "Put 1 of your Fate Points back in the middle (with none, 1 leaves the game for this act)."},
         {CS: [("fate", 1), ("hand", 1)], S: [("fate", 1)], CF: [("discard_fate", 1)]}),
)

WILDENSTEIN_3 = (
    step("Down the wall", "Each hero climbs down the rope after the Baron.", "each", "body_control",
         {CS: "One other hero may repeat a failed Body Control test.", S: "No effect.", F: "Lose 2 life points.",
          CF: "Lose 5 life points."},
         {CS: [("free_reroll", 1)], F: [("lose_life", 2)], CF: [("lose_life", 5)]}),
    step("The dark forest", "Each hero follows the Baron's tracks.", "each", "survival",
         {CS: "Take 1 Fate Point; if any hero got this, the next combat has 1 more time counter.",
          S: "Take 1 Fate Point.", F: "No effect, unless no hero succeeded: then as a critical failure.",
          CF: "If any hero got this, the next combat has 1 time counter fewer."},
         {CS: [("fate", 1), ("time", 1)], S: [("fate", 1)], F: [("if_none_succeeded", CF)], CF: [("time", -1)]}),
    step("Sneaking closer", "Each hero creeps up on the two figures in the Boronyard.", "each", "stealth",
         {CS: "Draw 1 more card at the next combat.", S: "No effect.", F: "Draw 1 card fewer at the next combat.",
          CF: "Lose 2 life points and draw 1 card fewer at the next combat."},
         {CS: [("hand", 1)], F: [("hand", -1)], CF: [("lose_life", 2), ("hand", -1)]}),
)

SCRIPTS = {
    ("saving-silvana", 1): SILVANA,
    ("the-non-gambling-kind", 1): NON_GAMBLING,
    ("legacy-of-wildenstein", 1): WILDENSTEIN_1,
    ("legacy-of-wildenstein", 2): WILDENSTEIN_2,
    ("legacy-of-wildenstein", 3): WILDENSTEIN_3,
}
# A custom adventure's narrative is the table's own: one open step, any skill typed per roll.
CUSTOM_STEP = step("Your adventure's narrative", "Record the skill tests its instructions ask for, "
                   "then continue to the combat.", "any", None,
                   {CS: "As your adventure says.", S: "As your adventure says.", F: "As your adventure says.",
                    CF: "As your adventure says."})

ADVENTURE_TITLES = {"saving-silvana": "Saving Silvana", "the-non-gambling-kind": "The Non-Gambling Kind",
                    "legacy-of-wildenstein": "The Legacy of Wildenstein", "custom": "Custom adventure"}
# [Short Adventure: Saving Silvana]; [Short Adventure: The Non-Gambling Kind]; [Act III]
XP = {"saving-silvana": 1, "the-non-gambling-kind": 1, "legacy-of-wildenstein": 2, "custom": 0}
FREE_MOTHER_XP = 1

# Story cards with a hero action: its skills, how often a hero may face it, what success does.
# on_success: "token" (one adventure token off), "victory" (the combat is won), "free_mother".
STORY_CARDS = {
    ("saving-silvana", 1): (
        {"name": "Guess Name", "skills": ["craft", "knowledge", "persuade"], "per_turn": 1,
         "tokens_per_hero": 3, "on_success": "token", "unlocks": "??? the Kobold"},
    ),
    ("the-non-gambling-kind", 1): (
        {"name": "Playing the Game", "skills": [], "per_turn": None, "on_success": None},
        {"name": "Quitting the Game", "skills": [], "per_turn": None, "on_success": "victory"},
        {"name": "Raise the Stakes", "skills": [], "per_turn": None, "on_success": None},
    ),
    ("legacy-of-wildenstein", 2): (
        {"name": "Mingle with the Crowd", "skills": [], "per_turn": None, "on_success": None},
        {"name": "Jump onto the Chandelier", "skills": [], "per_turn": None, "on_success": None},
        {"name": "Break Hypnosis", "skills": [], "per_turn": None, "on_success": None},
    ),
    ("legacy-of-wildenstein", 3): (
        {"name": "Free Mother", "skills": [], "per_turn": None, "on_success": "free_mother"},
        {"name": "Consecrate Grave", "skills": [], "per_turn": None, "on_success": None},
        {"name": "Consecrate Weapon", "skills": [], "per_turn": None, "on_success": None},
    ),
}
PRACTICE_CARDS = TRAINING_CARDS = 4  # [Brief Respite]: four of each in the box


def script_for(adventure: str | None, act: int) -> tuple:
    return SCRIPTS.get((adventure, act), (CUSTOM_STEP,))


def story_cards_for(adventure: str | None, act: int, heroes: int) -> list[dict]:
    out = []
    for card in STORY_CARDS.get((adventure, act), ()):
        out.append({"name": card["name"], "tokens": card.get("tokens_per_hero", 0) * heroes,
                    "skills": list(card["skills"]), "per_turn": card["per_turn"], "on_success": card["on_success"],
                    "unlocks": card.get("unlocks")})
    return out
