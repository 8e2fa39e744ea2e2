"""The campaign's Hero Documents: recording an adventure (C1), spending experience (R99, R100) and the
Reward Cards chosen into the next deck (R101). Each refusal beside the accepted case."""
import pytest

from tracker.engine import ParamError

from .conftest import ok, refused, run

SKILLS = {"knowledge": 12, "stealth": 9, "willpower": 11}


def campaign(**options):
    from tracker.engine import initial_state
    from tracker.games.aventuria import GAME
    return initial_state(GAME, "campaign", [{"name": "Ann", "hero": "DB", "skills": SKILLS},
                                           {"name": "Ben", "hero": "TM"}], options)


def won(s, xp=2, cards=("Barbed Club",)):
    return ok(s, "record_adventure", adventure="saving-silvana", difficulty="normal", result="won",
              heroes=[{"player": 0, "xp": xp, "reward_cards": list(cards)}, {"player": 1, "xp": xp}])


def test_a_campaign_starts_with_each_hero_document():
    s = campaign(title="Tuesday group")
    assert s["mode"] == "campaign" and s["phase"] == "between_adventures" and s["title"] == "Tuesday group"
    ann = s["players"][0]
    assert ann["skills"] == SKILLS and ann["skill_start"] == SKILLS and ann["unspent_xp"] == 0
    assert ann["reward_cards"] == [] and ann["deck_rewards"] == [] and s["adventures"] == []


def test_c1_a_lost_adventure_brings_nothing_home():
    s = campaign()
    found = refused(s, "record_adventure", "C1", adventure="saving-silvana", difficulty="normal", result="lost",
                    heroes=[{"player": 0, "xp": 1}])
    assert "no experience" in found["aventuria.C1"]
    lost = ok(s, "record_adventure", adventure="saving-silvana", difficulty="normal", result="lost",
              heroes=[{"player": 0}, {"player": 1}])
    assert lost["adventures"][0]["result"] == "lost" and lost["players"][0]["unspent_xp"] == 0
    s = won(s)
    assert [p["unspent_xp"] for p in s["players"]] == [2, 2] and s["round"] == 1
    assert s["players"][0]["pending_rewards"] == ["Barbed Club"]


def test_r100_experience_is_saved_but_not_overspent():
    s = campaign()
    assert "no experience points" in refused(s, "spend_xp", "R100", player=0, option="raise_skill",
                                             skill="knowledge")["aventuria.R100"]
    s = won(s, xp=1)
    s = ok(s, "spend_xp", player=0, option="raise_skill", skill="knowledge")
    assert s["players"][0]["skills"]["knowledge"] == 13 and s["players"][0]["unspent_xp"] == 0
    refused(s, "spend_xp", "R100", player=0, option="raise_skill", skill="knowledge")
    s = won(s, xp=1)  # saved points add up across adventures
    s = won(s, xp=1)
    assert s["players"][1]["unspent_xp"] == 3


def test_r99_a_skill_rises_at_most_4_over_its_start():
    s = won(won(won(campaign(), xp=2), xp=2), xp=1)
    for _ in range(4):
        s = ok(s, "spend_xp", player=0, option="raise_skill", skill="stealth")
    ann = s["players"][0]
    assert ann["skills"]["stealth"] == 13 and ann["skill_raises"]["stealth"] == 4 and ann["unspent_xp"] == 1
    assert "already 4 over its start value (9)" in refused(s, "spend_xp", "R99", player=0, option="raise_skill",
                                                           skill="stealth")["aventuria.R99"]
    ok(s, "spend_xp", player=0, option="raise_skill", skill="willpower")


def test_r99_a_skill_needs_its_start_value_on_the_document():
    s = won(campaign(), xp=1)
    assert "not on the Hero Document" in refused(s, "spend_xp", "R99", player=1, option="raise_skill",
                                                 skill="knowledge")["aventuria.R99"]
    s = ok(s, "note_skill", player=1, skill="knowledge", value=10)
    s = ok(s, "spend_xp", player=1, option="raise_skill", skill="knowledge")
    assert s["players"][1]["skills"]["knowledge"] == 11


def test_r99_only_a_card_gained_in_the_last_adventure_is_noted():
    s = won(campaign(), xp=2, cards=("Barbed Club", "Flittermouse"))
    assert "gained in the last adventure" in refused(s, "spend_xp", "R99", player=0, option="note_reward",
                                                     card="Strong Healing Potion")["aventuria.R99"]
    s = ok(s, "spend_xp", player=0, option="note_reward", card="barbed  club")
    assert s["players"][0]["reward_cards"] == ["Barbed Club"] and s["players"][0]["pending_rewards"] == ["Flittermouse"]
    s = won(s, xp=1, cards=())  # the next adventure: the Flittermouse not noted is gone
    assert s["players"][0]["pending_rewards"] == []
    refused(s, "spend_xp", "R99", player=0, option="note_reward", card="Flittermouse")


def test_r99_a_card_already_noted_is_not_noted_again():
    s = won(campaign(), xp=2, cards=("Barbed Club",))
    s = ok(s, "spend_xp", player=0, option="note_reward", card="Barbed Club")
    s = won(s, xp=2, cards=("Barbed Club", "Flittermouse"))  # won again: the same card comes home
    assert "already noted" in refused(s, "spend_xp", "R99", player=0, option="note_reward",
                                      card="barbed club")["aventuria.R99"]
    s = ok(s, "spend_xp", player=0, option="note_reward", card="Flittermouse")
    assert s["players"][0]["reward_cards"] == ["Barbed Club", "Flittermouse"]


def test_r101_only_noted_cards_and_at_most_3_go_into_the_deck():
    s = won(campaign(), xp=3, cards=("Barbed Club", "Flittermouse", "Strong Healing Potion"))
    for card in ("Barbed Club", "Flittermouse"):
        s = ok(s, "spend_xp", player=0, option="note_reward", card=card)
    assert "Not on Ann's Hero Document: Strong Healing Potion" in refused(
        s, "choose_rewards", "R101", player=0, cards=["Barbed Club", "Strong Healing Potion"])["aventuria.R101"]
    s = ok(s, "choose_rewards", player=0, cards=["Flittermouse", "Barbed Club"])
    assert s["players"][0]["deck_rewards"] == ["Flittermouse", "Barbed Club"]
    s = ok(s, "choose_rewards", player=0, cards=[])
    assert s["players"][0]["deck_rewards"] == []


def test_r101_a_fourth_card_is_refused():
    s = won(won(campaign(), xp=3, cards=("A", "B", "C")), xp=1, cards=("D",))
    s = ok(s, "spend_xp", player=0, option="note_reward", card="D")
    s = {**s, "players": [{**s["players"][0], "reward_cards": ["A", "B", "C", "D"]}, s["players"][1]]}
    assert "At most 3" in refused(s, "choose_rewards", "R101", player=0, cards=["A", "B", "C", "D"])["aventuria.R101"]
    ok(s, "choose_rewards", player=0, cards=["A", "B", "D"])


@pytest.mark.parametrize("params, field", [
    ({"player": 0, "option": "raise_skill"}, "params.skill"),
    ({"player": 0, "option": "note_reward"}, "params.card"),
])
def test_spending_names_what_it_buys(params, field):
    with pytest.raises(ParamError) as err:
        run(won(campaign()), "spend_xp", **params)
    assert field in err.value.errors


def test_a_hero_is_recorded_once_and_must_exist():
    s = campaign()
    for heroes, field in (([{"player": 5, "xp": 1}], "params.heroes[0].player"),
                          ([{"player": 0}, {"player": 0}], "params.heroes[1].player")):
        with pytest.raises(ParamError) as err:
            run(s, "record_adventure", adventure="custom", difficulty="easy", result="won", heroes=heroes)
        assert field in err.value.errors


def test_campaign_actions_belong_to_the_campaign_only():
    from .conftest import new
    with pytest.raises(ParamError):
        run(new("adventure", n=2, adventure="saving-silvana"), "spend_xp", player=0, option="raise_skill", skill="craft")


def test_a_custom_adventure_gives_the_experience_its_options_name():
    from .conftest import new
    s = new("adventure", n=2, adventure="custom", xp=3)
    s = ok(s, "setup_combat", time_counters=3, threat_value=4,
           villains=[{"name": "Wolf", "kind": "henchman", "tp": 4, "life_points": 5, "dodge": "-", "armor": 0,
                      "actions": 1}])
    s = ok(s, "villain_leaves", villain="v1", how="fled")
    assert s["phase"] == "adventure_end" and [p["xp_awarded"] for p in s["players"]] == [3, 3]
