"""The three included adventures played from their first narrative step to their outcome, with the
actions a table records: the narrative's tests and choices, the combat's setup, rounds, attacks and
hero actions, the rewards, the Brief Respite and the next act."""
from .conftest import (
    NAMES, attack_on, end_hero, fp, hero_turns, knocked_out, lp, new, next_round, ok, villain_card,
)

SKILLS = ("body_control", "craft", "knowledge", "perception", "persuade", "stealth", "survival", "willpower")
KOBOLD = villain_card("??? the Kobold", 10, "leader", dodge="-", armor=0, actions=1)
PIRATE = villain_card("Pirate", 6, tp=5, dodge="-", armor=1, actions=1, keywords=["Pirate"])
GOBLIN = villain_card("Cowardly Goblin", 3, tp=2, dodge="-", armor=0, actions=1, keywords=["Goblin"])
THUG = villain_card("Card Sharp", 6, tp=5, dodge="-", armor=0, actions=1)
GOUTGROVES = villain_card("Gripbeard Goutgroves", 12, "leader", dodge="-", armor=1, actions="N")
BANDIT = villain_card("Bandit", 6, tp=5, dodge="-", armor=0, actions=1, keywords=["Bandit"])
BARON = villain_card("Baron von Wildenstein", 20, "leader", dodge=8, armor=1, actions="N")
GUARD = villain_card("Guard", 6, tp=6, dodge="-", armor=0, actions=1, keywords=["Guard"])
GRAUTAX = villain_card("Grautax, the False Baron", 15, "leader", dodge="-", armor=0, actions="N")
SKELETON = villain_card("Skeleton", 4, tp=3, dodge="-", armor=0, actions=1, keywords=["Skeleton"])


def start(adventure, **options):
    players = [{"name": NAMES[i], "skills": dict.fromkeys(SKILLS, 10)} for i in range(2)]
    return new("adventure", n=2, players=players, adventure=adventure, **options)


def step(s, *dice, title=None):
    """Each die is a seat's test (None: that seat does not roll); then the step closes."""
    if title:
        assert s["narrative"]["title"] == title
    for seat, die in enumerate(dice):
        if die is not None:
            s = ok(s, "narrative_skill_test", player=seat, roll=die)
    return ok(s, "advance_phase")


def hit(s, vid, damage):
    """The active hero hits `vid` for `damage`; a villain with a dodge value fails its dodge."""
    s = attack_on(s, vid, damage)
    v = next(x for x in s["villains"] if x["id"] == vid)
    if v["dodge"] != "-":
        s = ok(s, "villain_dodge_roll", villain=vid, roll=19)
    return ok(s, "damage_villain", villain=vid)


def status(s, vid):
    return next(v for v in s["villains"] if v["id"] == vid)["status"]


# ------------------------------------------------------------------ Saving Silvana

def test_saving_silvana_from_the_goblins_to_silvana():
    s = start("saving-silvana")
    s = step(s, 1, 15, title="The fleeing Goblins")  # Ann squeezes a Fate Point out; Ben's Goblin escapes
    assert fp(s, 0) == 1 and s["next_combat"]["set_aside"] == ["Cowardly Goblin"]
    s = step(s, 5, None, title="Searching the cells")  # Ann finds the tunnel: a card more each
    s = step(s, None, 8, title="The painted wall")  # Ben opens the door
    assert s["phase"] == "combat_setup" and s["threat_value"] == 10
    s = ok(s, "setup_combat", time_counters=6, villains=[KOBOLD, PIRATE, PIRATE, GOBLIN])
    assert s["phase"] == "preparation" and [v["name"] for v in s["villains"]][-1] == "Cowardly Goblin"
    assert s["next_combat"]["set_aside"] == [] and [p["hand_count"] for p in s["players"]] == [6, 6]
    assert s["story_cards"][0]["tokens"] == 6 and s["villains"][0]["attackable"] is False

    for _ in range(3):  # three rounds of guessing, both heroes right each time
        s = hero_turns(s)
        for _ in range(2):
            s = ok(s, "hero_action", player=s["active_player"], card="Guess Name", skill="knowledge", roll=4)
            s = end_hero(s)
        s = next_round(s)
    assert s["story_cards"][0]["tokens"] == 0 and s["villains"][0]["attackable"] is True

    s = hero_turns(s)  # round 4: the pirates
    first = s["active_player"]
    s = end_hero(hit(s, "v2", 7))
    s = end_hero(hit(s, "v3", 7))
    assert status(s, "v2") == status(s, "v3") == "defeated"
    s = hero_turns(next_round(s))  # round 5: the Goblin and the Kobold
    s = end_hero(hit(s, "v4", 3))
    s = hit(s, "v1", 10)
    assert s["combat_result"]["result"] == "victory" and s["combat_result"]["round"] == 5
    assert s["phase"] == "adventure_end" and s["outcome"]["result"] == "won"
    assert s["outcome"]["winners"] == [0, 1]
    assert [p["xp_awarded"] for p in s["players"]] == [1, 1]
    assert [fp(s, 0), fp(s, 1)] == [0, 0] and s["fate_pool"] == 4  # the Fate Points are discarded
    assert s["rewards"]["offered"] == 2
    s = ok(s, "distribute_reward", player=first, card="Flittermouse")
    assert s["players"][first]["reward_cards"] == ["Flittermouse"]


def test_saving_silvana_lost_to_doom_and_tried_again():
    s = start("saving-silvana")
    s = ok(s, "setup_combat", time_counters=6, villains=[KOBOLD, PIRATE, PIRATE])  # the narrative left in the book
    s = knocked_out(hero_turns(s), 0)
    assert s["doom_counters"] == 1 and s["outcome"] is None
    s = knocked_out(s, 1)
    assert s["phase"] == "defeated" and s["outcome"]["result"] == "lost"
    s = ok(s, "retry", scope="adventure")
    assert s["phase"] == "narrative" and s["narrative"]["title"] == "The fleeing Goblins"
    assert [lp(s, 0), lp(s, 1)] == [40, 40] and s["doom_counters"] == 0 and s["outcome"] is None
    assert s["story_cards"][0]["tokens"] == 6


# ------------------------------------------------------------------ The Non-Gambling Kind

def test_the_non_gambling_kind_from_the_idols_dance_to_quitting_the_game():
    s = start("the-non-gambling-kind")
    for ann, ben in (("stay", "leave"), ("grab", "refrain"), ("resist", "resist")):
        s = ok(ok(s, "narrative_choice", player=0, choice=ann), "narrative_choice", player=1, choice=ben)
        s = ok(s, "advance_phase")
    assert [p["damage_points"] for p in s["players"]] == [2, 0]
    s = ok(s, "narrative_skill_test", player=0, roll=12, dice=[4, 12])  # the worst die: a failure
    s = ok(s, "narrative_effect", kind="lose_life", player=0, amount=3)  # 1D6 rolled 3
    s = ok(s, "advance_phase")  # Ben, with no damage points, resisted without a roll
    assert s["phase"] == "combat_setup" and [lp(s, 0), lp(s, 1)] == [37, 40]
    s = ok(s, "setup_combat", time_counters=5, villains=[THUG, THUG])
    assert s["threat_value"] == 10 and s["phase"] == "preparation"
    assert [p["hand_count"] for p in s["players"]] == [7, 5]
    s = hero_turns(s)
    s = ok(s, "hero_action", player=0, card="Quitting the Game", skill="willpower", roll=15)
    assert s["combat_result"] is None
    s = end_hero(hit(s, "v1", 6))  # a defeated henchman does not end this combat
    assert status(s, "v1") == "defeated" and s["combat_result"] is None
    s = ok(s, "hero_action", player=1, card="Quitting the Game", skill="willpower", roll=2)
    assert s["combat_result"]["result"] == "victory" and s["outcome"]["result"] == "won"
    assert [p["xp_awarded"] for p in s["players"]] == [1, 1] and s["rewards"]["offered"] == 0


# ------------------------------------------------------------------ The Legacy of Wildenstein

def act_1(s):
    s = step(s, 1, 5, title="The archives")
    assert [fp(s, 0), fp(s, 1)] == [2, 1] and s["fate_pool"] == 1
    s = ok(s, "narrative_skill_test", player=0, roll=15)  # the storm: Ann fails
    s = ok(s, "narrative_skill_test", player=1, roll=1)  # Ben's shelter lets her try again
    s = step(s, 3, None, title="The storm")
    assert lp(s, 0) == 40
    s = step(s, 12, 20, title="The ford")
    assert lp(s, 1) == 38 and [p["hand_bonus"] for p in s["players"]] == [-1, -1]
    s = ok(s, "setup_combat", time_counters=5, villains=[GOUTGROVES, BANDIT, BANDIT])
    assert [p["hand_count"] for p in s["players"]] == [4, 4]
    s = hero_turns(s)
    s = end_hero(hit(s, "v2", 6))
    s = ok(s, "life_point_loss", target=0, amount=14)  # a bandit's card
    s = end_hero(hit(s, "v3", 6))
    s = hero_turns(next_round(s))
    s = end_hero(hit(s, "v1", 7))
    return hit(s, "v1", 7)


def test_the_legacy_of_wildenstein_in_three_acts():
    s = start("legacy-of-wildenstein", heir=1)
    s = act_1(s)
    assert s["phase"] == "after_combat" and s["outcome"] is None and s["combat_result"]["acts_follow"]
    assert [lp(s, 0), lp(s, 1)] == [30, 38]  # Ann's 26 raised to 30
    assert [fp(s, 0), fp(s, 1)] == [0, 0] and s["fate_pool"] == 4
    assert [p["recovery_points"] for p in s["players"]] == [6, 6]  # 4 counters left + 2

    s = ok(s, "distribute_reward", player=0, card="Flittermouse", replaces="Dagger")
    s = ok(s, "decline_reward", player=1)
    assert s["players"][1]["recovery_points"] == 7
    s = ok(s, "respite_spend", player=0, option="rest", points=2)
    s = ok(s, "respite_spend", player=0, option="prepare", points=4)
    s = ok(s, "respite_spend", player=1, option="pray", points=2)
    s = ok(s, "respite_spend", player=1, option="practice", points=3)
    s = ok(s, "respite_spend", player=1, option="train", points=2)
    assert lp(s, 0) == 34 and fp(s, 1) == 1 and s["players"][1]["respite"]["practice"] == 7
    assert [p["recovery_points"] for p in s["players"]] == [0, 0]
    s = ok(s, "begin_act")

    # Act II
    assert s["act"] == 2 and s["threat_value"] == 12
    s = step(s, 5, 15, title="Ravens over the castle")  # Ben puts his prayed Fate Point back
    assert fp(s, 1) == 0 and s["fate_pool"] == 4
    s = step(s, 2, 1, title="Helping the villagers")
    assert [p["amulet"] for p in s["players"]] == [True, True] and fp(s, 1) == 1
    s = step(s, 1, 20, title="Dressing for the ball")
    assert [fp(s, 0), fp(s, 1)] == [1, 0] and s["fate_pool"] == 3
    s = ok(s, "setup_combat", time_counters=5, villains=[BARON, GUARD, GUARD])
    assert [p["hand_count"] for p in s["players"]] == [7, 5]  # +1 dashing, +1 prepared
    for _ in range(2):
        s = hero_turns(s) if s["phase"] == "preparation" else s
        s = end_hero(hit(s, "v1", 7))
        s = hit(s, "v1", 7)
        if s["combat_result"] is None:
            s = next_round(end_hero(s))
    assert s["combat_result"]["result"] == "victory" and status(s, "v2") == "active"  # the Baron is enough
    assert s["phase"] == "after_combat" and s["players"][0]["respite"]["prepare"] is False
    assert [p["recovery_points"] for p in s["players"]] == [6, 6]
    s = ok(s, "distribute_reward", player=0, card="Barbed Club")
    s = ok(s, "distribute_reward", player=1, card="Strong Healing Potion")
    s = ok(s, "respite_spend", player=0, option="rest", points=3)
    assert lp(s, 0) == 40
    s = ok(s, "begin_act", difficulty="difficult")

    # Act III
    assert s["act"] == 3 and s["difficulty_log"][-1] == {"act": 3, "difficulty": "difficult"}
    s = step(s, 5, 5, title="Down the wall")
    s = step(s, 1, 5, title="The dark forest")
    assert s["next_combat"]["time_counters"] == 1
    s = step(s, 5, 5, title="Sneaking closer")
    s = ok(s, "setup_combat", time_counters=5, villains=[GRAUTAX, SKELETON, SKELETON])
    assert s["time_counters"] == 6 and s["threat_value"] == 6
    s = hero_turns(s)
    s = ok(s, "hero_action", player=s["active_player"], card="Free Mother", skill="persuade", roll=3)
    assert s["free_mother"] is True
    s = end_hero(hit(s, "v1", 8))
    s = hit(s, "v1", 8)
    assert s["phase"] == "adventure_end" and s["outcome"]["result"] == "won"
    assert [p["xp_awarded"] for p in s["players"]] == [3, 3]  # 2, and 1 for the freed mother
    assert [p["reward_cards"] for p in s["players"]] == [["Flittermouse", "Barbed Club"], ["Strong Healing Potion"]]
    s = ok(s, "distribute_reward", player=1, card="Dagger")
    assert s["players"][1]["reward_cards"][-1] == "Dagger"


def test_the_legacy_of_wildenstein_act_1_lost_and_tried_again():
    s = start("legacy-of-wildenstein", heir=1)
    s = step(s, 1, 11)
    s = ok(s, "setup_combat", time_counters=5, villains=[GOUTGROVES, BANDIT, BANDIT])
    s = knocked_out(hero_turns(s), 1)  # the heir falls
    assert s["phase"] == "defeated" and s["outcome"]["result"] == "lost"
    assert fp(s, 0) == 2
    s = ok(s, "retry", scope="act")
    assert s["act"] == 1 and s["narrative"]["title"] == "The archives" and fp(s, 0) == 0 and s["fate_pool"] == 4
    s = act_1(s)
    assert s["phase"] == "after_combat" and s["outcome"] is None and s["retries"] == 1
