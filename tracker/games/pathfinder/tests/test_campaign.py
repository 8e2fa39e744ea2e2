"""Pathfinder campaign mode (spec 3.9, 4.6 A58-A74, 5.1 R70-R97, R117, R121; 11.2 T24, T43-T50).

Every rule with a check is shown refusing (its id among the violations) next to the same action made legal.
"""
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from tracker.engine import Action, ParamError, actions_table, copy_state, decide, initial_state, replay
from tracker.games.pathfinder import GAME
from tracker.games.pathfinder.campaign import CAMPAIGN_PHASES, campaign_setup_errors
from tracker.games.pathfinder.campaign_actions import CAMPAIGN_ACTIONS
from tracker.games.pathfinder.campaign_enumerate import campaign_enumerate
from tracker.games.pathfinder.rules_campaign import scenario_allowed
from tracker.games.pathfinder.decks import DECK_RULES
from tracker.games.pathfinder.rules_campaign import CAMPAIGN_RULES

PARTY = [{"name": "Ann", "character": "Valeros", "hand_size": 4}, {"name": "Ben", "character": "Kyra", "hand_size": 5}]
RUMBLE, PLANS = "Rumble Road", "1A: Plans Gone Wrong"
RULEBOOK = Path(__file__).resolve().parents[5] / "shared" / "rulebooks" / "pathfinder-acg-core-set.txt"


def new(players=None, **options):
    return initial_state(GAME, "campaign", players or PARTY, options)


def run(state, type_, override=None, **params):
    return decide(GAME, state, Action(type_, params, override))


def ok(state, type_, **params):
    result = run(state, type_, **params)
    assert result.accepted, [v.as_dict() for v in result.violations]
    assert not result.overridden, [v.as_dict() for v in result.overridden]
    return result.state


def refused(state, type_, rule, **params):
    result = run(state, type_, **params)
    assert not result.accepted, f"{type_} {params} was accepted"
    found = {v.rule_id: v.message for v in result.violations}
    assert f"pathfinder.{rule}" in found, found
    return found[f"pathfinder.{rule}"]


def edit(state, fn):
    s = copy_state(state)
    fn(s)
    return s


def played(state=None, scenario=RUMBLE, result="won", mode="normal", dead=()):
    state = state or new()
    chars = [{"player": s, "dead": True} for s in dead]
    return ok(state, "record_scenario", scenario=scenario, mode=mode, result=result, characters=chars)


def rewarded(state=None, hero_points=1, **kw):
    state = played(state)
    return ok(state, "claim_reward", level="scenario", hero_points=hero_points, **kw)


def finish(state):
    """Claim the scenario reward if due, bank pending points, step on until between scenarios."""
    if state["phase"] == "after_scenario_rewards" and \
            f"scenario:{state['last_scenario']['title']}" not in state["rewards_claimed"]:
        state = ok(state, "claim_reward", level="scenario")
    for seat, p in enumerate(state["players"]):
        if p["pending_hero_points"]:
            state = ok(state, "bank_hero_point", player=seat, count=p["pending_hero_points"])
        if p["role_reward"] and not p["role"]:
            state = ok(state, "choose_role", player=seat, side="A")
    while state["phase"] != "between_scenarios":
        state = ok(state, "next_campaign_step")
    return state


def deck(p, **levels):
    """An itemised deck matching `p`'s deck list; `levels` sets some card levels by name."""
    return [{"name": f"{t} {i + 1}", "type": t, "level": levels.get(f"{t} {i + 1}", 0)}
            for t in ("weapon", "spell", "armor", "item", "ally", "blessing") for i in range(p["deck_list"][t])]


def three_adventures(**extra):
    path = {"title": "Test Path", "adventures": [
        {"number": 1, "scenarios": ["One A", "One B"]}, {"number": 2, "scenarios": ["Two A"]},
        {"number": 3, "scenarios": ["Three A"]}]}
    return new(adventure_path=path, **extra)


# ------------------------------------------------------------------ setup


def test_setup_state_shape():
    s = new(title="Tuesday group")
    assert json.loads(json.dumps(s)) == s
    assert (s["game"], s["mode"], s["phase"], s["turn"], s["active_player"]) == (
        "pathfinder", "campaign", "between_scenarios", 0, None)
    assert s["title"] == "Tuesday group" and s["adventure_path"]["title"] == "The Dragon's Demand"
    assert s["adventure_path"]["adventures"] == [{"number": 1, "scenarios": [RUMBLE, PLANS]}]
    assert s["next_scenario"] == RUMBLE and s["must_replay"] is None and s["last_played_an"] == 0
    assert s["progress"][PLANS] == {"N": False, "H": False, "L": False, "E": False}
    assert s["vault"] == {"level": 1, "upgrades": [], "removed_from_game": [], "returned": []}
    v = s["players"][0]
    assert v["deck_list"] == {"weapon": 4, "spell": 0, "armor": 3, "item": 2, "ally": 3, "blessing": 3}
    assert (v["hero_points"], v["deck_contents"], v["role"], v["alive"], v["last_completed_an"]) == (0, [], None, True, 0)
    assert v["feats"] == {"skill": {}, "power": [], "card": {}, "role_power": []}
    assert set(CAMPAIGN_PHASES) == {"between_scenarios", "after_scenario_deaths", "after_scenario_rewards",
                                    "after_scenario_leftovers", "after_scenario_rebuild"}


def test_setup_errors_and_path_options():
    errors = campaign_setup_errors([{"name": "Ann", "character": "Nobody"},
                                    {"name": "Ben", "character": "Kyra", "hand_size": 5},
                                    {"name": "Cy", "character": "kyra"}], {"adventure_path": {"title": ""}})
    assert set(errors) == {"players.0.character", "players.2.character", "options.adventure_path"}
    five = [{"name": f"P{i}", "character": c, "hand_size": 5}
            for i, c in enumerate(["Amiri", "Lini", "Ezren", "Lem", "Seoni"])]
    assert "players" in campaign_setup_errors(five, {}) and not campaign_setup_errors(five, {"extra_decks": True})
    other = new([{"name": "Ann", "character": "Ezren (RotR)", "deck_list": {"spell": 15}, "hand_size": 6}],
                adventure_path="Runelords")
    assert other["adventure_path"] == {"title": "Runelords", "adventures": [{"number": 1, "scenarios": []}]}
    assert other["next_scenario"] is None and other["players"][0]["deck_list"]["spell"] == 15
    listed = new(adventure_path=[{"number": 2, "scenarios": ["B"]}, {"number": 1, "scenarios": ["A"]}])
    assert [t for a in listed["adventure_path"]["adventures"] for t in a["scenarios"]] == ["A", "B"]


def test_campaign_actions_stay_out_of_scenarios_h20():
    scenario = initial_state(GAME, "scenario", [{"name": "Ann", "character": "Valeros", "hand_size": 4}], {"hourglass": 3})
    # a campaign action is not part of the scenario's vocabulary at all: a malformed request (400)
    with pytest.raises(ParamError) as err:
        run(scenario, "record_scenario", override="we know", scenario=RUMBLE, mode="normal", result="won")
    assert "campaign" in str(err.value.errors["type"])
    # and the hard rule behind it still refuses should one ever reach a scenario state
    rule = GAME.rules["pathfinder.H20"]
    assert rule.hard and rule.check(scenario, {}, None)
    assert all(a.phases <= set(CAMPAIGN_PHASES) for a in CAMPAIGN_ACTIONS)
    ok(new(), "record_scenario", scenario=RUMBLE, mode="normal", result="won")


# ------------------------------------------------------------------ scenario order (R84, R117, H21, H23)


def test_scenarios_in_order_and_replay_after_a_loss_r84():
    s = new()
    assert "next one is Rumble Road" in refused(s, "record_scenario", "R84", scenario=PLANS, mode="normal", result="won")
    assert scenario_allowed(s, PLANS) and scenario_allowed(s, RUMBLE) is None
    lost = finish(played(s, result="lost"))
    assert lost["must_replay"] == RUMBLE and lost["next_scenario"] == RUMBLE and lost["turn"] == 1
    assert "lost Rumble Road" in refused(lost, "record_scenario", "R84", scenario=PLANS, mode="normal", result="won")
    won = finish(played(lost))
    assert won["must_replay"] is None and won["next_scenario"] == PLANS
    ok(won, "record_scenario", scenario=RUMBLE, mode="heroic", result="won")  # replaying a completed one is fine
    ok(won, "record_scenario", scenario=PLANS, mode="normal", result="won")


def test_unknown_scenarios_are_added_first_h21():
    s = new()
    message = refused(s, "record_scenario", "H21", scenario="1B: Into the Unknown", mode="normal", result="won")
    assert "add_scenario" in message
    assert not run(s, "record_scenario", override="trust me", scenario="Nowhere", mode="normal", result="won").accepted
    refused(s, "add_scenario", "H21", adventure=1, title="rumble road")
    s = ok(s, "add_scenario", adventure=1, title="1B: Into the Unknown")
    assert s["adventure_path"]["adventures"][0]["scenarios"][-1] == "1B: Into the Unknown"
    refused(s, "record_scenario", "H21", scenario=RUMBLE, adventure_number=2, mode="normal", result="won")
    refused(s, "record_scenario", "H21", scenario=RUMBLE, mode="normal", result="won",
            characters=[{"character": "Merisiel", "dead": True}])
    ok(s, "record_scenario", scenario=RUMBLE, adventure_number=1, mode="normal", result="won",
       characters=[{"character": "Kyra", "dead": True}])


def test_vault_upgrade_between_adventures_r117():
    s = three_adventures()
    refused(s, "upgrade_vault", "R117", adventure=1)
    s = finish(played(s, scenario="One A"))
    s = finish(played(s, scenario="One B"))
    message = refused(s, "record_scenario", "R117", scenario="Two A", mode="normal", result="won")
    assert "Upgrade the vault after adventure 1" in message and scenario_allowed(s, "Two A") == message
    s = ok(s, "upgrade_vault", adventure=1, adds=[{"name": "Longsword +1", "type": "weapon", "level": 2}])
    assert s["vault"]["level"] == 2
    refused(s, "upgrade_vault", "R117", adventure=1)
    ok(s, "record_scenario", scenario="Two A", mode="normal", result="won")


def test_promo_cards_one_each_r91():
    s = finish(played(finish(played(new())), scenario=PLANS))
    promo = {"name": "Promo Blade", "type": "weapon", "level": 2, "promo": True}
    other = {"name": "Greataxe", "type": "weapon", "level": 2}
    refused(s, "upgrade_vault", "R91", adventure=1, adds=[other, {**promo, "count": 2}])
    refused(s, "upgrade_vault", "R91", adventure=1, adds=[{"name": "Axe", "level": 3}, promo])
    ok(s, "upgrade_vault", adventure=1, adds=[other, promo])


def test_every_player_needs_a_character_h23_r83_t49():
    s = three_adventures()
    s = finish(played(s, scenario="One A"))
    s = finish(played(s, scenario="One B"))
    s = ok(s, "upgrade_vault", adventure=1)
    s = played(s, scenario="Two A", result="lost", dead=[0])
    s = ok(s, "declare_permanent_death", player=0)
    s = finish(s)
    assert s["players"][0]["permanently_dead"] and s["last_played_an"] == 2
    assert "must start a new character" in refused(s, "record_scenario", "H23", scenario="Two A", mode="normal",
                                                   result="won")
    assert "already played by Ben" in refused(s, "create_character", "R83", player=0, character="Kyra", hand_size=5)
    refused(s, "create_character", "R83", player=1, character="Amiri")
    p = {"deck_list": s["players"][0]["deck_list"]}
    message = refused(s, "create_character", "R81", player=0, character="Valeros", hand_size=4,
                      cards=deck(p, **{"weapon 1": 1}))
    assert "at most level 0" in message  # max(0, 2 - 2)
    s = ok(s, "create_character", player=0, character="Valeros", hand_size=4, cards=deck(p))
    v = s["players"][0]
    assert (v["character"], v["feat_counts"], v["hero_points"], v["permanently_dead"]) == (
        "Valeros", {"skill": 0, "power": 0, "card": 0}, 0, False)
    assert scenario_allowed(s, "Two A") is None


def test_new_and_retired_characters_r70_r71():
    s = ok(new(), "retire_character", player=0)
    assert s["players"][0]["needs_character"] and s["retired"][0]["character"] == "Valeros"
    amiri = {"deck_list": {"weapon": 4, "spell": 0, "armor": 2, "item": 3, "ally": 2, "blessing": 4}}
    assert "level 0 cards only" in refused(s, "create_character", "R71", player=0, character="Amiri",
                                           cards=deck(amiri, **{"item 1": 1}))
    short = deck(amiri)[1:]
    assert "needs 4 weapons, has 3" in refused(s, "create_character", "R70", player=0, character="Amiri", cards=short)
    s = ok(s, "create_character", player=0, character="Amiri", cards=deck(amiri))
    assert len(s["players"][0]["deck_contents"]) == 15
    s = ok(s, "retire_character", player=0)
    s = ok(s, "create_character", player=0, character="Valeros", from_retired=True)
    assert s["players"][0]["character"] == "Valeros" and s["players"][0]["name"] == "Ann"


def test_decks_match_at_the_next_scenario_r70():
    s = ok(new(), "rebuild_deck", player=1, cards=deck(new()["players"][1]))
    broken = edit(s, lambda x: x["players"][1]["deck_contents"].pop())
    assert "Kyra's deck needs" in refused(broken, "record_scenario", "R70", scenario=RUMBLE, mode="normal", result="won")
    ok(s, "record_scenario", scenario=RUMBLE, mode="normal", result="won")


# ------------------------------------------------------------------ after the scenario (R97, R79)


def test_after_scenario_steps_in_order_r97():
    s = played(dead=[1])
    assert s["phase"] == "after_scenario_deaths"
    refused(s, "claim_reward", "R97", level="scenario", hero_points=1)
    assert "steps go in order" in refused(s, "rebuild_deck", "R97", player=0, cards=deck(s["players"][0]))
    refused(s, "next_campaign_step", "R97")
    refused(new(), "next_campaign_step", "R97")
    s = ok(s, "declare_permanent_death", player=1)
    assert s["phase"] == "after_scenario_rewards"
    s = ok(s, "claim_reward", level="scenario", hero_points=1)
    assert "resolve the awarded hero points" in refused(s, "next_campaign_step", "R97")
    s = ok(s, "bank_hero_point", player=0)
    s = ok(s, "next_campaign_step")
    refused(s, "rebuild_deck", "R97", player=0, cards=deck(s["players"][0]))
    s = ok(s, "process_leftover_boons", returned_to_vault=["Scourge"], removed_from_game=["Cohort"])
    assert s["phase"] == "after_scenario_rebuild" and s["vault"]["removed_from_game"] == ["Cohort"]
    s = ok(s, "rebuild_deck", player=0, cards=deck(s["players"][0]))
    s = ok(s, "next_campaign_step")
    assert s["phase"] == "between_scenarios"


def test_return_from_death_t24_r79():
    s = played(dead=[0])
    assert "at least 1 hero point" in refused(s, "return_from_death_with_hero_points", "R79", player=0)
    refused(s, "return_from_death_with_hero_points", "R79", player=1)  # Kyra didn't die
    refused(s, "declare_permanent_death", "R79", player=1)
    rich = edit(s, lambda x: x["players"][0].update(hero_points=3))
    back = ok(rich, "return_from_death_with_hero_points", player=0)
    v = back["players"][0]
    assert (v["hero_points"], v["alive"], v["last_completed_an"], back["phase"]) == (0, True, 1, "after_scenario_rewards")
    back = ok(back, "claim_reward", level="scenario", hero_points=2)
    assert back["players"][0]["pending_hero_points"] == 2  # rewards as if it hadn't died
    gone = ok(s, "declare_permanent_death", player=0)
    gone = ok(gone, "claim_reward", level="scenario", hero_points=2)
    assert gone["players"][0]["pending_hero_points"] == 0 and gone["players"][1]["pending_hero_points"] == 2


# ------------------------------------------------------------------ rewards (R85, T50)


def test_rewards_need_a_win_and_come_once_r85_t50():
    lost = played(result="lost")
    assert lost["phase"] == "after_scenario_leftovers"  # no rewards step after a loss
    result = run(lost, "claim_reward", level="scenario", hero_points=1)
    assert {"pathfinder.R85", "pathfinder.R97"} <= {v.rule_id for v in result.violations}
    s = rewarded()
    assert s["rewards_claimed"] == ["scenario:Rumble Road"]
    assert "already earned" in refused(s, "claim_reward", "R85", level="scenario", hero_points=1)
    ok(s, "claim_reward", level="scenario", hero_points=1, repeatable=True)
    assert "every scenario of adventure 1" in refused(s, "claim_reward", "R85", level="adventure", hero_points=1)
    s = finish(s)
    replayed = played(s, mode="heroic")  # T50: a replayed win earns no reward again
    refused(replayed, "claim_reward", "R85", level="scenario", hero_points=1)
    assert replayed["progress"][RUMBLE] == {"N": True, "H": True, "L": False, "E": False}
    replayed = ok(replayed, "next_campaign_step")  # nothing left to claim
    s = played(finish(replayed), scenario=PLANS)
    s = ok(s, "claim_reward", level="scenario", hero_points=0)
    s = ok(s, "claim_reward", level="adventure", hero_points=1, loot=["Dragonbane"])
    s = ok(s, "claim_reward", level="adventure_path", hero_points=0, role=True)
    assert s["pending_loot"][0] == {"name": "Dragonbane", "type": None, "level": 2, "loot": True}
    assert set(s["rewards_claimed"]) == {"scenario:Rumble Road", "scenario:1A: Plans Gone Wrong", "adventure:1",
                                         "adventure_path"}


# ------------------------------------------------------------------ hero points and feats (R86-R90, T43-T45)


def test_banked_hero_points_cannot_buy_feats_t45_r86():
    s = rewarded()
    refused(s, "bank_hero_point", "R86", player=0, count=2)
    banked = ok(s, "bank_hero_point", player=0)
    assert banked["players"][0]["hero_points"] == 1
    assert "banked hero points can't buy feats" in refused(banked, "spend_hero_point_on_feat", "R86", player=0,
                                                           feat="card", card_type="weapon")
    later = finish(banked)
    refused(later, "spend_hero_point_on_feat", "R86", player=0, feat="skill", skill="strength")
    spent = ok(s, "spend_hero_point_on_feat", player=0, feat="card", card_type="weapon")
    assert spent["players"][0]["deck_list"]["weapon"] == 5 and spent["players"][0]["feats"]["card"] == {"weapon": 1}


def test_hero_points_never_below_zero_h22():
    h22 = GAME.rules["pathfinder.H22"]
    s = rewarded()
    assert h22.hard and h22.check(s, {}, None) is None
    assert "below 0" in h22.check(edit(s, lambda x: x["players"][0].update(hero_points=-1)), {}, None)
    assert h22.check(edit(s, lambda x: x["players"][1]["deck_list"].update(armor=-1)), {}, None)
    # an override past R86 spends what there is and never drives a count below 0
    forced = run(played(), "spend_hero_point_on_feat", override="the table agreed", player=0, feat="card",
                 card_type="ally")
    assert forced.accepted and forced.state["players"][0]["hero_points"] == 0
    assert [v.rule_id for v in forced.overridden] == ["pathfinder.R86"]
    ok(s, "bank_hero_point", player=0)


def test_feat_cap_per_type_t43_r87():
    s = rewarded(hero_points=2)
    s = ok(s, "spend_hero_point_on_feat", player=0, feat="skill", skill="Strength")
    assert "at most 1 skill feat" in refused(s, "spend_hero_point_on_feat", "R87", player=0, feat="skill",
                                             skill="Dexterity")
    ok(s, "spend_hero_point_on_feat", player=0, feat="card", card_type="blessing")


def test_feat_boxes_in_order_t44_r88():
    s = rewarded(hero_points=3)
    s = edit(s, lambda x: x["players"][0].update(last_completed_an=3))
    assert "+1 box of Strength first" in refused(s, "spend_hero_point_on_feat", "R88", player=0, feat="skill",
                                                  skill="Strength", value=2)
    s = ok(s, "spend_hero_point_on_feat", player=0, feat="skill", skill="Strength", value=1)
    refused(s, "spend_hero_point_on_feat", "R88", player=0, feat="skill", skill="strength", value=1)
    s = ok(s, "spend_hero_point_on_feat", player=0, feat="skill", skill="strength", value=2)
    assert s["players"][0]["feats"]["skill"] == {"strength": 2}  # +2 replaces +1, no +3
    s = ok(s, "spend_hero_point_on_feat", player=0, feat="power", power="Hand size", hand_size=True)
    assert s["players"][0]["hand_size"] == 5


def test_power_feat_duplicates_and_missing_names():
    s = rewarded(hero_points=2)
    s = edit(s, lambda x: x["players"][0].update(last_completed_an=2))
    refused(s, "spend_hero_point_on_feat", "H21", player=0, feat="power")
    s = ok(s, "spend_hero_point_on_feat", player=0, feat="power", power="Extra attack")
    assert "already checked" in refused(s, "spend_hero_point_on_feat", "R88", player=0, feat="power",
                                        power="extra attack")


def test_roles_once_and_power_feats_on_the_role_r90():
    s = rewarded(hero_points=2)
    refused(s, "choose_role", "R90", player=0, side="A")
    s = edit(s, lambda x: x["players"][0].update(last_completed_an=2))
    refused(s, "spend_hero_point_on_feat", "R90", player=0, feat="power", power="Bash", on="role")
    s = ok(s, "spend_hero_point_on_feat", player=0, feat="power", power="Bash")
    s = ok(s, "claim_reward", level="scenario", repeatable=True, role=True)
    s = ok(s, "bank_hero_point", player=1, count=2)
    s = ok(s, "choose_role", player=1, side="A")
    assert "choose the rewarded role: Valeros" in refused(s, "next_campaign_step", "R97")
    s = ok(s, "choose_role", player=0, side="B")
    assert s["players"][0]["role"] == "B" and s["players"][0]["feats"]["role_power"] == ["Bash"]
    assert "permanent" in refused(s, "choose_role", "R90", player=0, side="A")
    assert "on the role card" in refused(s, "spend_hero_point_on_feat", "R90", player=0, feat="power",
                                         power="Cleave", on="character")
    s = ok(s, "spend_hero_point_on_feat", player=0, feat="power", power="Cleave")
    assert s["players"][0]["feats"]["role_power"] == ["Bash", "Cleave"]


def test_heroic_feat_swap_r92():
    s = rewarded(hero_points=1)
    s = ok(s, "spend_hero_point_on_feat", player=0, feat="card", card_type="weapon")
    s = finish(s)
    args = dict(player=0, adventure=1, erase_type="card", erase="weapon", gain_type="card", gain="blessing")
    assert "Heroic or Legendary" in refused(s, "heroic_legendary_feat_swap", "R92", **args)
    s = finish(played(s, mode="heroic"))
    s = finish(played(s, scenario=PLANS, mode="legendary"))
    refused(s, "heroic_legendary_feat_swap", "R92", **{**args, "gain_type": "skill", "gain": "strength"})
    refused(s, "heroic_legendary_feat_swap", "R92", **{**args, "erase": "armor"})
    swapped = ok(s, "heroic_legendary_feat_swap", **args)
    v = swapped["players"][0]
    assert v["deck_list"]["weapon"] == 4 and v["deck_list"]["blessing"] == 4 and v["feat_counts"]["card"] == 1
    assert "already swapped" in refused(swapped, "heroic_legendary_feat_swap", "R92", **args)


# ------------------------------------------------------------------ loot (R93, R121)


def test_loot_goes_to_one_character_or_the_vault_r93_r121():
    s = rewarded(loot=["Dragonbane", "Lucky Charm"])
    refused(s, "take_loot", "H21", loot="Nothing Here", player=0)
    s = ok(s, "take_loot", loot="dragonbane", player=0)
    assert s["players"][0]["loot"] == ["Dragonbane"]
    assert "already took" in refused(s, "take_loot", "R93", loot="Dragonbane", player=1)
    s = finish(s)  # nobody took the Lucky Charm: it goes to the vault after the rebuild
    assert "Lucky Charm" in s["vault"]["returned"] and s["pending_loot"] == []
    assert "went back to the vault" in refused(s, "take_loot", "R121", loot="Lucky Charm", player=1)
    again = rewarded(loot=["Lucky Charm"])
    again = ok(again, "take_loot", loot="Lucky Charm")
    assert again["vault"]["returned"] == ["Lucky Charm"]


# ------------------------------------------------------------------ rebuilding (R80-R82, T46-T48)


def _at_rebuild(state=None, **kw):
    s = played(state, **kw)
    s = ok(s, "claim_reward", level="scenario") if s["phase"] == "after_scenario_rewards" else s
    while s["phase"] != "after_scenario_rebuild":
        s = ok(s, "next_campaign_step")
    return s


def test_rebuild_level_cap_with_loot_exemption_t46_t47_r80():
    s = _at_rebuild()
    v = s["players"][0]
    non_loot = deck(v, **{"weapon 1": 2})
    assert "cap of 1" in refused(s, "rebuild_deck", "R80", player=0, cards=non_loot)
    loot = [dict(c, loot=True) if c["name"] == "weapon 1" else c for c in non_loot]
    ok(s, "rebuild_deck", player=0, cards=loot)
    owned = [dict(c, owner="Valeros") if c["name"] == "weapon 1" else c for c in non_loot]
    ok(s, "rebuild_deck", player=0, cards=owned)


def test_rebuilt_deck_matches_the_deck_list_r82():
    s = _at_rebuild()
    cards = deck(s["players"][1]) + [{"name": "Extra Prayer", "type": "blessing"}]
    message = refused(s, "rebuild_deck", "R82", player=1, cards=cards)
    assert "Kyra's deck needs 5 blessings, has 6" in message
    s = ok(s, "rebuild_deck", player=1, cards=cards[:-1])
    s = ok(s, "rebuild_deck", player=0, cards=deck(s["players"][0]))
    broken = edit(s, lambda x: x["players"][1]["deck_contents"].pop())
    refused(broken, "next_campaign_step", "R82")
    give = [{"name": "weapon 1", "type": "weapon"}]
    refused(s, "rebuild_trade", "R82", player=0, target=1, give=give, receive=[{"name": "spell 1", "type": "spell"}])
    refused(s, "rebuild_trade", "R82", player=0, target=1, give=[{"name": "Mace", "type": "weapon"}],
            receive=[{"name": "weapon 2", "type": "weapon"}])
    refused(s, "rebuild_trade", "H21", player=0, target=0, give=give, receive=give)
    traded = ok(s, "rebuild_trade", player=0, target=1, give=give, receive=[{"name": "weapon 2", "type": "weapon"}])
    names = [c["name"] for c in traded["players"][1]["deck_contents"]]
    assert "weapon 1" in names and "weapon 2" not in names


def test_filler_from_the_vault_t48_r81():
    harsk = [{"name": "Ann", "character": "Harsk", "hand_size": 5}]
    path = {"title": "Deep Path", "adventures": [{"number": 3, "scenarios": ["Into the Mine"]}]}
    s = _at_rebuild(new(harsk, adventure_path=path), scenario="Into the Mine")
    s = ok(s, "rebuild_deck", player=0, cards=deck(s["players"][0], **{"weapon 1": 3}))
    s = edit(s, lambda x: x["players"][0]["deck_contents"].pop())  # the 4th blessing was lost in play
    refused(s, "next_campaign_step", "R82")
    assert "at most level 1" in refused(s, "fill_from_vault", "R81", player=0,
                                        cards=[{"name": "Blessing of Gorum", "type": "blessing", "level": 2}])
    refused(s, "fill_from_vault", "R82", player=0, cards=[{"name": "Axe", "type": "weapon", "level": 0}])
    s = ok(s, "fill_from_vault", player=0, cards=[{"name": "Blessing of Gorum", "type": "blessing", "level": 1}])
    ok(s, "next_campaign_step")


def test_fallen_characters_cards_join_the_pool():
    s = ok(new(), "rebuild_deck", player=0, cards=deck(new()["players"][0]))
    s = played(s, dead=[0])
    s = ok(s, "declare_permanent_death", player=0)
    assert len(s["pool"]) == 15 and s["players"][0]["deck_contents"] == []
    s = finish(s)
    assert s["pool"] == [] and len(s["vault"]["returned"]) == 15


# ------------------------------------------------------------------ the harness's view


def test_enumerated_actions_are_legal_and_replay():
    for seed in range(6):
        rng = random.Random(seed)
        start = new()
        state, log = start, []
        for _ in range(80):
            candidates = campaign_enumerate(state)
            assert candidates, state["phase"]
            action = rng.choice(candidates)
            state = ok(state, action.type, **action.params)
            log.append((action.type, action.params))
        assert replay(GAME, start, log) == state and json.loads(json.dumps(state)) == state
    assert campaign_enumerate(initial_state(GAME, "scenario", [{"name": "A", "character": "Lem"}], {})) == []


def test_random_campaign_play_is_sound():
    pytest.importorskip("hypothesis")
    from hypothesis import HealthCheck, settings

    from tests.engine.test_conformance import machine_for

    game = replace(GAME, actions=actions_table(*CAMPAIGN_ACTIONS), invariants=("pathfinder.H22",))
    machine = machine_for(game, game.mode("campaign"))
    machine.TestCase.settings = settings(max_examples=20, stateful_step_count=40, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    machine.TestCase().runTest()


def test_rule_data():
    ids = [r.id for r in CAMPAIGN_RULES] + [r.id for r in DECK_RULES]
    assert len(ids) == len(set(ids))
    for spec in CAMPAIGN_ACTIONS:
        assert spec.type in GAME.actions and set(spec.rules) <= set(ids)
    for rule in CAMPAIGN_RULES:
        assert rule.id in GAME.rules and rule.section.startswith("[")
    assert [r.id for r in CAMPAIGN_RULES if r.hard] == ["pathfinder.H20", "pathfinder.H21", "pathfinder.H22"]
    assert "pathfinder.R89" in ids and next(r for r in CAMPAIGN_RULES if r.id == "pathfinder.R89").check is None


@pytest.mark.skipif(not RULEBOOK.is_file(), reason="the rulebooks are not beside this checkout")
def test_sections_are_rulebook_headings():
    lines = {line.strip() for line in RULEBOOK.read_text(encoding="utf-8").splitlines()}
    for rule in CAMPAIGN_RULES + DECK_RULES:
        assert rule.section[1:-1] in lines, rule.id
