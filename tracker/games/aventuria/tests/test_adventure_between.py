"""Story Cards in the combat (R78, R111, R112, R116) and what happens between combats: the carry-over
after a won act (R91), Reward Cards (R92, R93), the Brief Respite (R94-R97), the next act, and a
defeat with its retry (R90)."""
from .conftest import (
    NAMES, edit, end_hero, fp, hero_turns, knocked_out, lp, msg, new, next_round, ok, refused, run, villain_card,
    villains_act,
)

SKILLS = ("body_control", "craft", "knowledge", "perception", "persuade", "stealth", "survival", "willpower")
KOBOLD = villain_card("??? the Kobold", 10, "leader", dodge="-", armor=0, actions=1)
PIRATE = villain_card("Pirate", 6, tp=5, dodge="-", armor=1, actions=1, keywords=["Pirate"])
GOUTGROVES = villain_card("Gripbeard Goutgroves", 12, "leader", dodge="-", armor=1, actions="N")
BANDIT = villain_card("Bandit", 5, tp=5, dodge="-", armor=0, actions=1, keywords=["Bandit"])
IDOL_THUG = villain_card("Gambler", 6, tp=4, dodge="-", armor=0, actions=1)


def heroes(n, extra=None):
    return [{"name": NAMES[i], "skills": dict.fromkeys(SKILLS, 10), **(extra or {}).get(i, {})} for i in range(n)]


def silvana(n=2):
    s = new("adventure", n=n, players=heroes(n), adventure="saving-silvana")
    return hero_turns(ok(s, "setup_combat", time_counters=6, villains=[KOBOLD] + [PIRATE] * n))


def guess(s, roll=3, skill="craft"):
    return ok(s, "hero_action", player=s["active_player"], card="Guess Name", skill=skill, roll=roll)


def act1(n=2, time=5, players=None):
    s = new("adventure", n=n, players=players or heroes(n), adventure="legacy-of-wildenstein", heir=n - 1)
    return hero_turns(ok(s, "setup_combat", time_counters=time, villains=[GOUTGROVES] + [BANDIT] * n))


def defeat_all(s, by=None):
    for v in [v for v in s["villains"] if v["status"] == "active"]:
        if s["combat_result"]:
            break
        s = ok(s, "villain_life_point_loss", villain=v["id"], amount=v["life_points"],
               player=s["active_player"] if by is None else by)
    return s


def won_act1(n=2, losses=(), rounds=0, players=None):
    """Act 1 won in round `rounds + 1`; `losses` the LP each hero lost first."""
    s = act1(n, players=players)
    for _ in range(rounds):
        s = hero_turns(next_round(s))
    for seat, amount in enumerate(losses):
        if amount:
            s = ok(s, "life_point_loss", target=seat, amount=amount)
    s = defeat_all(s, by=0)
    assert s["phase"] == "after_combat" and s["outcome"] is None
    return s


# ------------------------------------------------------------------ Story Cards

def test_r78_r112_guess_name_three_tokens_a_hero_and_its_three_skills():
    s = silvana(3)
    card = s["story_cards"][0]
    assert card["name"] == "Guess Name" and card["tokens"] == 9
    assert "Guess Name" in msg(s, "hero_action", "R78", player=0, card="Free Mother", skill="craft", roll=3)
    assert "Craft or Knowledge or Persuade" in msg(s, "hero_action", "R112", player=0, card="Guess Name",
                                                  skill="stealth", roll=3)
    for skill in ("craft", "knowledge", "persuade"):
        assert run(s, "hero_action", player=0, card="Guess Name", skill=skill, roll=3).accepted
    s = guess(s, roll=3)
    assert s["story_cards"][0]["tokens"] == 8
    s = guess(end_hero(s), roll=15)  # Ben fails: the tokens stay
    assert s["story_cards"][0]["tokens"] == 8


def test_r112_each_hero_faces_guess_name_once_per_turn():
    s = guess(silvana(), roll=3)
    assert "at most once per turn" in msg(s, "hero_action", "R112", player=0, card="Guess Name", skill="knowledge",
                                          roll=3)
    s = guess(end_hero(s), roll=3)  # Ben's turn: his own try
    assert s["story_cards"][0]["tokens"] == 4
    s = hero_turns(next_round(s))  # a new round, Ann may guess again
    assert s["active_player"] == 1 and s["players"][1]["hero_actions_this_turn"] == {}
    s = guess(s, roll=3)
    assert s["story_cards"][0]["tokens"] == 3


def test_r111_the_kobold_is_safe_until_his_name_is_guessed():
    s = silvana()
    kobold = s["villains"][0]
    assert kobold["name"] == "??? the Kobold" and kobold["attackable"] is False
    assert "6 tokens left" in msg(s, "declare_attack", "R111", player=0, attack_type="close", villain="v1")
    ok(s, "declare_attack", player=0, attack_type="close", villain="v2")  # the pirates may be attacked
    for _ in range(3):
        s = guess(s, roll=3)
        s = guess(end_hero(s), roll=3)
        if s["story_cards"][0]["tokens"]:
            refused(s, "declare_attack", "R111", player=1, attack_type="close", villain="v1")
            s = hero_turns(next_round(s))
    assert s["story_cards"][0]["tokens"] == 0 and s["villains"][0]["attackable"] is True
    s = hero_turns(next_round(s))
    seat = s["active_player"]
    assert "No tokens are left" in msg(s, "hero_action", "R112", player=seat, card="Guess Name", skill="craft", roll=3)
    s = ok(s, "declare_attack", player=seat, attack_type="close", villain="v1")
    assert s["pending_attack"]["villain"] == "v1"


def test_r116_the_non_gambling_kind_is_won_only_by_quitting_the_game():
    s = new("adventure", n=2, players=heroes(2), adventure="the-non-gambling-kind")
    s = hero_turns(ok(s, "setup_combat", time_counters=6, villains=[IDOL_THUG, IDOL_THUG]))
    assert "Quitting the Game" in msg(s, "end_combat", "R116", result="victory")
    s = defeat_all(s)
    assert s["phase"] == "hero_actions" and s["combat_result"] is None  # a cleared row is not the win
    s = ok(s, "hero_action", player=0, card="Quitting the Game", skill="willpower", roll=18)
    assert s["combat_result"] is None
    s = ok(s, "hero_action", player=0, card="Quitting the Game", skill="willpower", roll=4)
    assert s["combat_result"]["result"] == "victory" and s["outcome"]["result"] == "won"
    assert s["phase"] == "adventure_end" and [p["xp_awarded"] for p in s["players"]] == [1, 1]


def test_r116_the_non_gambling_kind_is_lost_as_the_last_time_counter_goes():
    s = new("adventure", n=2, players=heroes(2), adventure="the-non-gambling-kind")
    s = hero_turns(ok(s, "setup_combat", time_counters=1, villains=[IDOL_THUG, IDOL_THUG]))
    s = ok(s, "end_combat", result="defeat", reason="the table")  # a defeat may be declared
    assert s["outcome"]["result"] == "lost"
    t = hero_turns(ok(new("adventure", n=2, players=heroes(2), adventure="the-non-gambling-kind"),
                      "setup_combat", time_counters=1, villains=[IDOL_THUG, IDOL_THUG]))
    t = ok(villains_act(t), "remove_time_counter")
    assert t["phase"] == "defeated" and t["outcome"]["result"] == "lost"


# ------------------------------------------------------------------ R91: after a won act

def test_r91_a_won_act_raises_life_to_30_and_returns_the_fate_points():
    s = won_act1(losses=(15, 5), rounds=1)
    assert [lp(s, 0), lp(s, 1)] == [30, 35]  # 25 raised to 30; 35 kept
    assert [fp(s, 0), fp(s, 1)] == [0, 0] and s["fate_pool"] == 4  # Ann's 3 from the defeats went back
    assert s["time_counters"] == 4
    assert [p["recovery_points"] for p in s["players"]] == [6, 6]  # 4 counters left + 2
    assert s["combat_result"]["heroes"][0]["fate_points"] == 3  # as the combat ended
    assert s["rewards"]["offered"] == 2


def test_r91_an_unconscious_hero_wakes_at_30():
    s = act1(3)
    s = knocked_out(s, 0)
    s = defeat_all(s, by=1)
    assert lp(s, 0) == 30 and s["players"][0]["unconscious"] is False


# ------------------------------------------------------------------ R92, R93

def test_r92_one_reward_card_a_hero_and_a_recovery_point_for_declining():
    s = won_act1(n=3)
    assert s["rewards"]["offered"] == 3
    s = ok(s, "distribute_reward", player=0, card="Flittermouse", replaces="Rapier")
    assert s["players"][0]["reward_cards"] == ["Flittermouse"]
    assert "already took Flittermouse" in msg(s, "decline_reward", "R92", player=0)
    s = ok(s, "decline_reward", player=1)
    assert s["players"][1]["recovery_points"] == 8 and s["players"][0]["recovery_points"] == 7
    assert "already declined" in msg(s, "decline_reward", "R92", player=1)
    assert "took no Reward Card" in msg(s, "distribute_reward", "R92", player=1, card="Barbed Club")
    s = ok(s, "distribute_reward", player=2, card="Strong Healing Potion")
    s = ok(s, "distribute_reward", player=0, card="Barbed Club")  # shared out freely
    assert "All 3 Reward Cards" in msg(s, "distribute_reward", "R92", player=2, card="Dagger")


def test_r93_three_reward_cards_at_most_in_a_hero_deck():
    players = heroes(2, {0: {"deck_rewards": ["A", "B", "C"]}, 1: {"deck_rewards": ["A", "B"]}})
    s = won_act1(players=players)
    assert "at most 3 Reward Cards" in msg(s, "distribute_reward", "R93", player=0, card="Flittermouse")
    s = ok(s, "distribute_reward", player=1, card="Flittermouse")
    assert "Ben's has 3" in msg(s, "distribute_reward", "R93", player=1, card="Barbed Club")


def test_r92_a_combat_without_rewards_offers_none():
    s = new("adventure", n=2, players=heroes(2), adventure="the-non-gambling-kind")
    s = hero_turns(ok(s, "setup_combat", time_counters=6, villains=[IDOL_THUG, IDOL_THUG]))
    s = ok(s, "hero_action", player=0, card="Quitting the Game", skill="willpower", roll=4)
    assert "no Reward Cards" in msg(s, "distribute_reward", "R92", player=0, card="Flittermouse")


# ------------------------------------------------------------------ R94-R97: the Brief Respite

def test_r94_recovery_points_cannot_be_overspent():
    s = won_act1(losses=(20,))  # 5 counters left: 7 points
    assert "has 7 recovery points" in msg(s, "respite_spend", "R94", player=0, option="rest", points=8)
    s = ok(s, "respite_spend", player=0, option="rest", points=5)
    assert lp(s, 0) == 40 and s["players"][0]["recovery_points"] == 2
    assert "has 2" in msg(s, "respite_spend", "R94", player=0, option="prepare", points=4)


def test_r95_rest_heals_two_a_point_up_to_the_starting_life_points():
    s = won_act1(losses=(20, 3))
    s = ok(s, "respite_spend", player=0, option="rest", points=3)
    assert lp(s, 0) == 36 and s["players"][0]["respite"]["rest"] == 3
    assert "2 points of rest" in msg(s, "respite_spend", "R95", player=0, option="rest", points=3)
    s = ok(s, "respite_spend", player=0, option="rest", points=2)
    assert lp(s, 0) == 40
    assert "heals no higher" in msg(s, "respite_spend", "R95", player=0, option="rest", points=1)
    assert lp(s, 1) == 37
    s = ok(s, "respite_spend", player=1, option="rest", points=2)  # 37 + 4, kept at 40
    assert lp(s, 1) == 40


def test_r95_r96_prayer_two_points_a_fate_point_while_the_middle_has_one():
    s = won_act1()
    assert "2 recovery points per Fate Point" in msg(s, "respite_spend", "R95", player=0, option="pray", points=3)
    s = ok(s, "respite_spend", player=0, option="pray", points=4)
    assert fp(s, 0) == 2 and s["fate_pool"] == 2 and s["players"][0]["recovery_points"] == 3
    assert "only 2 Fate Points" in msg(s, "respite_spend", "R96", player=1, option="pray", points=6)
    s = ok(s, "respite_spend", player=1, option="pray", points=4)
    assert s["fate_pool"] == 0
    assert "No Fate Points left" in msg(s, "respite_spend", "R96", player=0, option="pray", points=2)


def test_r95_prepare_once_for_four_and_its_card_joins_the_next_opening_hand():
    s = won_act1()
    assert "costs 4" in msg(s, "respite_spend", "R95", player=0, option="prepare", points=3)
    s = ok(s, "respite_spend", player=0, option="prepare", points=4)
    assert s["players"][0]["respite"]["prepare"] is True
    assert "only once" in msg(s, "respite_spend", "R95", player=0, option="prepare", points=3)
    s = ok(s, "begin_act")
    assert s["act"] == 2 and s["phase"] == "narrative"
    baron = villain_card("Baron von Wildenstein", 20, "leader", actions="N")
    guard = villain_card("Guard", 6, tp=6, keywords=["Guard"])
    s = ok(s, "setup_combat", time_counters=5, villains=[baron, guard, guard])
    assert [p["hand_count"] for p in s["players"]] == [6, 5]


def test_r95_practice_and_training_cost_two_and_more_points_buy_endurance():
    s = won_act1()
    assert "at least 2" in msg(s, "respite_spend", "R95", player=0, option="practice", points=1)
    s = ok(s, "respite_spend", player=0, option="practice", points=2)
    s = ok(s, "respite_spend", player=0, option="train", points=4)
    r = s["players"][0]["respite"]
    assert r["practice"] == 5 and r["training"] == 8 and r["spent"] == 6
    s = ok(s, "respite_spend", player=1, option="practice", points=4)
    assert s["players"][1]["respite"]["practice"] == 9
    assert s["practice_left"] == 2 and s["training_left"] == 3


def test_r95_one_practice_card_a_hero():
    s = won_act1()
    s = ok(s, "respite_spend", player=0, option="practice", points=2)
    assert "already has a Practice card" in msg(s, "respite_spend", "R95", player=0, option="practice", points=2)


def test_r97_four_practice_cards_and_four_training_cards_in_the_box():
    s = won_act1(n=4)
    for seat in range(3):
        s = ok(s, "respite_spend", player=seat, option="practice", points=2)
        s = ok(s, "respite_spend", player=seat, option="train", points=2)
    assert s["practice_left"] == 1 and s["training_left"] == 1
    # four heroes at most, one card of each a hero: only a card gone elsewhere empties the box
    gone = edit(s, lambda st: st.update(practice_left=0, training_left=0))
    assert "All four Practice cards" in msg(gone, "respite_spend", "R97", player=3, option="practice", points=2)
    assert "All four Training cards" in msg(gone, "respite_spend", "R97", player=3, option="train", points=2)
    s = ok(s, "respite_spend", player=3, option="practice", points=2)
    assert s["practice_left"] == 0
    s = ok(s, "begin_act")
    baron = villain_card("Baron von Wildenstein", 20, "leader", actions="N")
    s = ok(s, "setup_combat", time_counters=5, villains=[baron] + [villain_card("Guard", 6, tp=6)] * 4)
    s = defeat_all(hero_turns(s), by=0)
    assert s["phase"] == "after_combat" and s["practice_left"] == 4 and s["training_left"] == 4


# ------------------------------------------------------------------ the next act

def test_begin_act_opens_the_next_acts_narrative_at_the_same_difficulty():
    s = new("adventure", n=2, players=heroes(2), adventure="legacy-of-wildenstein", heir=1, difficulty="difficult")
    s = hero_turns(ok(s, "setup_combat", time_counters=5, villains=[GOUTGROVES, BANDIT, BANDIT]))
    s = defeat_all(s)
    refused(s, "narrative_skill_test", "R128", player=0, roll=4, skill="willpower")
    s = ok(s, "begin_act")
    assert s["act"] == 2 and s["phase"] == "narrative" and s["narrative"]["step"] == 1
    assert s["narrative"]["title"] == "Ravens over the castle" and s["narrative"]["skill"] == "willpower"
    assert s["difficulty"] == "difficult" and s["difficulty_log"][-1] == {"act": 2, "difficulty": "difficult"}
    assert s["threat_value"] == 12 and [c["name"] for c in s["story_cards"]][0] == "Mingle with the Crowd"
    assert [p["recovery_points"] for p in s["players"]] == [0, 0]
    refused(s, "begin_act", "R91")  # not again from the narrative


def test_begin_act_takes_a_new_difficulty_and_logs_it():
    s = ok(won_act1(), "begin_act", difficulty="legendary")
    assert s["difficulty"] == "legendary"
    assert s["difficulty_log"] == [{"act": 1, "difficulty": "normal"}, {"act": 2, "difficulty": "legendary"}]


def test_begin_act_brings_back_the_fate_points_removed_for_the_act():
    s = new("adventure", n=2, players=heroes(2), adventure="legacy-of-wildenstein", heir=1)
    s = ok(ok(ok(s, "narrative_skill_test", player=0, roll=20), "narrative_skill_test", player=1, roll=20),
           "advance_phase")
    assert s["fate_pool"] == 2 and s["fate_removed"] == 2
    s = defeat_all(hero_turns(ok(s, "setup_combat", time_counters=5, villains=[GOUTGROVES, BANDIT, BANDIT])))
    assert s["fate_pool"] == 2  # Ann's two from the defeats went back; the removed two wait
    s = ok(s, "begin_act")
    assert s["fate_pool"] == 4 and s["fate_removed"] == 0


def test_begin_act_is_refused_after_the_last_act():
    s = new("adventure", n=2, players=heroes(2), adventure="legacy-of-wildenstein", heir=1, start_act=3)
    s = hero_turns(ok(s, "setup_combat", time_counters=5, villains=[
        villain_card("Grautax, the False Baron", 20, "leader", actions="N"), villain_card("Skeleton", 4, tp=3),
        villain_card("Skeleton", 4, tp=3)]))
    s = ok(s, "villain_life_point_loss", villain="v1", amount=20, player=0)
    assert s["phase"] == "adventure_end" and s["outcome"]["result"] == "won"
    assert run(s, "begin_act").accepted is False


# ------------------------------------------------------------------ R90: defeat and a retry

def lost_act2():
    s = won_act1()
    s = ok(s, "distribute_reward", player=0, card="Flittermouse")
    s = ok(s, "respite_spend", player=0, option="pray", points=2)
    s = ok(s, "begin_act")
    s = ok(s, "narrative_effect", kind="fate", player=1, amount=1)
    baron = villain_card("Baron von Wildenstein", 20, "leader", actions="N")
    guard = villain_card("Guard", 6, tp=6, keywords=["Guard"])
    s = hero_turns(ok(s, "setup_combat", time_counters=5, villains=[baron, guard, guard]))
    s = ok(s, "life_point_loss", target=0, amount=12)
    s = knocked_out(s, 1)  # the heir falls
    assert s["phase"] == "defeated" and s["outcome"]["result"] == "lost"
    assert s["players"][0]["reward_cards"] == ["Flittermouse"]
    return s


def test_r90_a_defeat_ends_the_adventure_until_a_retry():
    s = lost_act2()
    refused(s, "begin_act", "H4")  # the adventure is over
    s = ok(s, "retry", scope="act")
    assert s["act"] == 2 and s["phase"] == "narrative" and s["narrative"]["title"] == "Ravens over the castle"
    assert s["outcome"] is None and s["retries"] == 1
    assert [lp(s, 0), lp(s, 1)] == [40, 40] and [fp(s, 0), fp(s, 1)] == [0, 0] and s["fate_pool"] == 4
    assert s["players"][0]["reward_cards"] == [] and s["players"][1]["unconscious"] is False
    assert s["players"][0]["respite"]["pray"] == 0


def test_r90_a_retry_of_the_whole_adventure_starts_at_act_1():
    s = ok(lost_act2(), "retry", scope="adventure")
    assert s["act"] == 1 and s["narrative"]["title"] == "The archives" and s["threat_value"] == 10
    assert s["players"][0]["reward_cards"] == []


def test_r90_retry_only_after_a_defeat():
    s = won_act1()
    assert refused(s, "retry", "R90", scope="act")
    s = lost_act2()
    ok(s, "retry", scope="act")
