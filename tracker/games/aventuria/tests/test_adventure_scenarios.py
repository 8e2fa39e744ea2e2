"""The rulebook's adventure examples and the spec's scenarios (§11.2 T22-T29, T41, T45), played
through the engine as a table would record them."""
from .conftest import (
    BARON, BODYGUARD, WATCHMAN, adventure, attack_on, chance, drawn, end_hero, fp, hero_turns, knocked_out, lp,
    msg, new, next_round, ok, refused, run, setp, to_opponents, vil, villain_card, villain_hits, villains_act,
)

PIRATE = villain_card("Pirate", 6, tp=5, dodge="-", armor=1, actions=1, keywords=["Pirate"])
ORC = villain_card("Orc", 8, tp=5, dodge="-", armor=2, actions=1, keywords=["Orc"])
GOBLIN = villain_card("Cowardly Goblin", 3, tp=2, dodge="-", armor=0, actions=1, keywords=["Goblin"])


def test_example_placement_of_leaders_and_henchmen_t25():
    """[Example — Placement of Leaders and Henchmen]: Wildenstein II, 2 heroes, threat 2 x 6 = 12."""
    s = new("adventure", n=2, adventure="legacy-of-wildenstein", start_act=2, heir=1)
    assert s["threat_value"] == 12
    s = ok(s, "setup_combat", time_counters=5, villains=[BARON])  # the Baron on the left
    s = ok(s, "place_henchman", **BODYGUARD)
    assert s["phase"] == "combat_setup"  # 5 of 12: another card
    s = ok(s, "place_henchman", **BODYGUARD)
    assert s["phase"] == "combat_setup"  # 10 of 12: another
    s = ok(s, "place_henchman", **WATCHMAN)  # 17: placement is finished
    assert s["phase"] == "preparation" and s["round"] == 1
    assert [v["name"] for v in s["villains"]] == [
        "Baron von Wildenstein", "Loyal Bodyguard", "Loyal Bodyguard", "Tough Watchman"]
    assert "already reached (17 of 12)" in msg(s, "place_henchman", "R67", **BODYGUARD)
    s = villains_act(s)  # a time effect may bring one in later
    assert ok(s, "place_henchman", **BODYGUARD)["villains"][-1]["id"] == "v5"
    # drawn as one row, the 4th henchman is one too many
    row = [BARON, BODYGUARD, BODYGUARD, WATCHMAN, BODYGUARD]
    fresh = new("adventure", n=2, adventure="legacy-of-wildenstein", start_act=2, heir=1)
    assert "already reached (17 of 12)" in msg(fresh, "setup_combat", "R67", time_counters=5, villains=row)


def test_example_opponents_turn_t23():
    """[Example — Opponent's Turn]: the Baron (N = 2 actions) rolls 1, 15 and 8; then each henchman
    once, left to right."""
    s = to_opponents(adventure())
    s = ok(s, "villain_action_roll", villain="v1", roll=1)  # Close Combat attack, and one more action
    assert s["opponent_turn"]["actions_left"] == 2
    s = villain_hits(s, "v1", 0, 6)
    s = ok(s, "villain_action_roll", villain="v1", roll=15)  # smiles balefully
    s = ok(s, "villain_action_roll", villain="v1", roll=8)  # a Leader Action Card
    assert s["opponent_turn"]["rolls"] == [1, 15, 8] and s["opponent_turn"]["actions_left"] == 0
    assert "used its 2 action(s)" in msg(s, "villain_action_roll", "R81", villain="v1", roll=4)
    msg(s, "villain_action_roll", "R80", villain="v3", roll=4)
    for vid in ("v2", "v3", "v4"):
        s = ok(s, "villain_action_roll", villain=vid, roll=12)
        assert s["opponent_turn"]["villain"] == vid and s["opponent_turn"]["rolls"] == [12]
        refused(s, "villain_action_roll", "R81", villain=vid, roll=12)
    assert s["opponent_turn"]["done"] == ["v1", "v2", "v3"]
    s = ok(s, "advance_phase")
    assert s["phase"] == "time_effects" and lp(s, 0) == 34


def test_example_carolans_rapier_on_the_tough_watchman_t22():
    """[Combat Sequence > 2. Hero Turns], the example: 7 damage, no dodge, armor 3, 3 LP left."""
    heroes = [{"name": "Carolan", "attributes": {"close_combat": 13}}, {"name": "Mirhiban"}]
    s = hero_turns(adventure(players=heroes))
    s = ok(s, "villain_life_point_loss", villain="v4", amount=6)  # the Watchman has 3 LP left
    assert vil(s, "v4")["life_points"] == 3
    s = ok(s, "declare_attack", player=0, attack_type="close", villain="v4", source="Rapier")
    s = ok(s, "attack_roll", player=0, roll=9)
    s = ok(s, "damage_roll", player=0, amount=7)
    msg(s, "villain_dodge_roll", "R83", villain="v4", roll=2)  # Dodge "-"
    result = run(s, "damage_villain", villain="v4")
    s = result.state
    w = vil(s, "v4")
    assert w["life_points"] == 0 and w["status"] == "defeated"
    assert fp(s, 0) == 1 and s["fate_pool"] == 3
    assert "loses 3 LP" in result.log and "Carolan takes a Fate Point from the middle" in result.log
    assert s["phase"] == "hero_actions" and s["pending_attack"] is None


def test_t24_a_20_on_the_first_of_three_actions_ends_the_turn():
    troll = villain_card("Troll", 30, "leader", dodge="-", armor=2, actions=3)
    s = to_opponents(adventure(villains=[troll, BODYGUARD, BODYGUARD, WATCHMAN]))
    s = ok(s, "villain_action_roll", villain="v1", roll=20)
    s = villain_hits(s, "v1", 1, 4)  # its 20 entry resolves
    refused(s, "villain_action_roll", "R81", villain="v1", roll=3)
    s = ok(s, "villain_action_roll", villain="v2", roll=3)
    assert s["opponent_turn"]["done"] == ["v1"] and lp(s, 1) == 36


def test_t26_saving_silvana_cowardly_goblins_join_at_the_end_of_the_row():
    s = new("adventure", n=3, adventure="saving-silvana")
    assert s["threat_value"] == 15
    kobold = villain_card("??? the Kobold", 15, "leader", dodge=10, armor=0, actions="N", attackable=False)
    s = ok(s, "setup_combat", time_counters=6, villains=[kobold, PIRATE, ORC, PIRATE])
    assert s["phase"] == "preparation"
    s = ok(s, "place_henchman", **GOBLIN)  # two heroes failed the Body Control roll
    s = ok(s, "place_henchman", **GOBLIN)
    assert [v["name"] for v in s["villains"]] == [
        "??? the Kobold", "Pirate", "Orc", "Pirate", "Cowardly Goblin", "Cowardly Goblin"]
    assert "only Pirate or Orc" in msg(s, "place_henchman", "R68", **{**GOBLIN, "name": "Skeleton"})
    # or all at once in the setup: the goblins are not drawn against the threat value
    t = ok(new("adventure", n=3, adventure="saving-silvana"), "setup_combat", time_counters=6,
           villains=[kobold, PIRATE, ORC, PIRATE, GOBLIN, GOBLIN])
    assert [v["name"] for v in t["villains"]] == [v["name"] for v in s["villains"]]


def test_t27_lp_stop_at_0_then_a_healing_potion_revives_for_next_round():
    s = ok(to_opponents(setp(adventure(n=3), 0, life_points=4)), "villain_action_roll", villain="v1", roll=1)
    s = villain_hits(s, "v1", 0, 10)
    assert lp(s, 0) == 0 and s["players"][0]["unconscious"] and s["starting_player"] == 1  # not -6
    s = hero_turns(next_round(s))
    assert s["starting_player"] == s["active_player"] == 2
    s = ok(s, "play_action_card", player=2, card="Healing Potion", cost=0, kind="one_shot")
    s = ok(s, "heal", player=2, target=0, amount=6)
    assert lp(s, 0) == 6 and s["players"][0]["unconscious"] and s["players"][0]["revived_this_round"]
    s = end_hero(s)
    assert s["active_player"] == 1  # Ann, revived, sits this round out
    s = next_round(s)
    assert not s["players"][0]["unconscious"] and s["round"] == 3
    s = hero_turns(s)
    s = end_hero(s)
    assert s["active_player"] == 2
    s = end_hero(s)
    assert s["active_player"] == 0  # back in the fight


def test_t28_reanimation_roll_x_or_less():
    s = setp(hero_turns(knocked_out(adventure(n=3), 1)), 0, endurance_total=3, endurance_ready=3, fate_points=1)
    s = {**s, "fate_pool": s["fate_pool"] - 1}
    revived = ok(s, "reanimate", player=0, target=1, endurance=3, roll=3)
    assert lp(revived, 1) == 3 and revived["players"][1]["revived_this_round"]
    failed = ok(s, "reanimate", player=0, target=1, endurance=3, roll=4)
    assert failed["players"][1]["unconscious"] and not failed["players"][1]["revived_this_round"]
    assert failed["players"][0]["endurance_ready"] == 0  # exhausted all the same
    # not a skill or attribute roll: no Fate Point reroll
    assert "open attack" in msg(failed, "spend_fate_reroll", "R43", player=0, roll=2)
    assert "You need 3 ready Endurance Cards; you have 0." == msg(failed, "reanimate", "R75", player=0, target=1,
                                                                    endurance=3, roll=1)


def test_t29_the_time_scale_at_0_repeats_its_0_effect():
    effects = {"2": "Draw an Event Card", "1": "A henchman arrives", "0": "Every hero loses 2 LP"}
    s = chance(time=3, time_effects=effects)
    seen = []
    for _ in range(5):
        s = villains_act(s)
        r = run(s, "remove_time_counter")
        seen.append((r.state["time_counters"], r.notes))
        s = ok(r.state, "advance_phase")
    assert seen == [(2, ("Time scale at 2: Draw an Event Card",)), (1, ("Time scale at 1: A henchman arrives",)),
                    (0, ("Time scale at 0: Every hero loses 2 LP",)), (0, ("Time scale at 0: Every hero loses 2 LP",)),
                    (0, ("Time scale at 0: Every hero loses 2 LP",))]
    assert s["round"] == 6 and s["combat_result"] is None


def test_t29_non_gambling_kind_removing_the_last_counter_is_defeat():
    s = adventure(adventure="the-non-gambling-kind", time=2, villains=[BODYGUARD, BODYGUARD])
    s = next_round(s)
    assert s["time_counters"] == 1 and s["round"] == 2
    s = ok(villains_act(s), "remove_time_counter")
    assert s["phase"] == "defeated" and s["combat_result"]["time_counters_left"] == 0
    refused(s, "advance_phase", "H4")  # the combat is over


def test_t41_random_hero_lands_on_the_unconscious_carolan():
    heroes = [{"name": "Arbosh"}, {"name": "Carolan"}, {"name": "Layariel"}]
    s = knocked_out(adventure(n=3, players=heroes, heir=0), 1)
    s = ok(to_opponents(s), "villain_action_roll", villain="v1", roll=5)
    assert "Carolan is unconscious" in msg(s, "villain_attack", "R72", villain="v1", target=1, amount=5,
                                           method="random")
    s = villain_hits(s, "v1", 2, 5, method="random")  # redrawn: Layariel
    assert lp(s, 2) == 35 and lp(s, 1) == 0


def test_t45_removed_from_combat_or_from_the_game_no_fate_point_either_way():
    s = hero_turns(adventure())
    back = ok(s, "villain_leaves", villain="v2", how="removed_from_combat")
    gone = ok(s, "villain_leaves", villain="v2", how="removed_from_game")
    for after in (back, gone):
        assert vil(after, "v2")["status"] == "removed" and after["fate_pool"] == 4 and fp(after, 0) == 0
    assert "back into the henchman pile" in run(s, "villain_leaves", villain="v2", how="removed_from_combat").log
    assert "back into" not in run(s, "villain_leaves", villain="v2", how="removed_from_game").log
    refused(back, "declare_attack", "H8", player=0, attack_type="close", villain="v2")


def test_reanimation_example_in_a_combat_round():
    """[Reanimation Roll]: in her turn Mirhiban exhausts 2 Endurance Cards and rolls a 2: Arbosh is
    back with 2 LP, unconscious for the rest of the round, in the fight from the next."""
    heroes = [{"name": "Mirhiban"}, {"name": "Arbosh"}, {"name": "Carolan"}]
    s = knocked_out(adventure(n=3, players=heroes, heir=2), 1)
    s = ok(s, "play_endurance", player=0, source="hand")
    s = ok(s, "play_endurance", player=0, source="hand")
    s = hero_turns(s)
    assert s["players"][0]["endurance_ready"] == 2
    s = ok(s, "reanimate", player=0, target=1, endurance=2, roll=2)
    assert lp(s, 1) == 2 and s["players"][1]["unconscious"] and s["players"][0]["endurance_ready"] == 0
    s = end_hero(s)
    assert s["active_player"] == 2  # Arbosh takes no turn this round
    s = ok(to_opponents(s), "villain_action_roll", villain="v1", roll=5)
    msg(s, "villain_attack", "R72", villain="v1", target=1, amount=3)
    s = next_round(s)
    assert not s["players"][1]["unconscious"] and s["starting_player"] == 2
    s = drawn(s)
    assert s["players"][1]["phase_draw_done"]
    s = ok(s, "advance_phase")
    s = end_hero(s)
    assert s["active_player"] == 0
    s = end_hero(s)
    assert s["active_player"] == 1  # Arbosh's turn again


def test_a_full_chance_encounter_round():
    """Two heroes against two Tough Watchmen (7 TP each: threat 14), four time counters."""
    s = chance(time=4, time_effects={"3": "Draw an Event Card"})
    assert (s["phase"], s["round"], s["starting_player"], s["acting_leader"]) == ("preparation", 1, 0, "v1")
    # 1. Preparation: both draw and add endurance at once
    s = ok(s, "mulligan", player=1, count=2)
    for seat in (0, 1):
        s = ok(s, "draw_cards", player=seat, count=2)
        s = ok(s, "play_endurance", player=seat, source="hand")
    s = ok(s, "advance_phase")
    # 2. Hero turns from the starting hero, Ann: she attacks the first Watchman
    assert (s["phase"], s["active_player"]) == ("hero_actions", 0)
    s = attack_on(s, "v1", 8)
    s = ok(s, "damage_villain", villain="v1")
    assert vil(s, "v1")["life_points"] == 9 - 5
    s = end_hero(s)
    assert s["active_player"] == 1
    s = attack_on(s, "v1", 10, kind="ranged")
    s = ok(s, "damage_villain", villain="v1")
    assert vil(s, "v1")["status"] == "defeated" and fp(s, 1) == 1 and s["acting_leader"] == "v2"
    s = end_hero(s)
    # 3. Opponent turns: the second Watchman rolls and hits the starting hero
    assert s["phase"] == "opponent_turns"
    refused(s, "villain_action_roll", "H8", villain="v1", roll=4)
    s = ok(s, "villain_action_roll", villain="v2", roll=4)
    s = ok(s, "villain_attack", villain="v2", target=0, amount=5, method="starting_hero")
    s = ok(s, "dodge_roll", player=0, roll=14, value=8)
    s = ok(s, "apply_damage", target=0)
    assert lp(s, 0) == 35
    s = ok(s, "advance_phase")
    # 4. Time effects: one counter, the effect at 3
    r = run(s, "remove_time_counter")
    assert r.notes == ("Time scale at 3: Draw an Event Card",)
    s = ok(r.state, "advance_phase")
    # 5. End of the round: the token passes left
    assert (s["phase"], s["round"], s["starting_player"], s["time_counters"]) == ("preparation", 2, 1, 3)
    assert all(not p["phase_draw_done"] and p["endurance_played_this_turn"] == 0 for p in s["players"])
    assert s["players"][0]["endurance_ready"] == 1
