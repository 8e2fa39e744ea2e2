"""The rulebook's Example of Play (Sam's, Alice's and Lee's turns), replayed action by action.

Spec 12.11 holds the worked numbers. A `roll` is the total the dice show; the engine adds the
modifiers (and +4 for a vulnerability) to give the result the rulebook quotes.
"""
from __future__ import annotations

from tracker.engine import replay

from .helpers import GAME, loc, new, ok, seat

PLAYERS = [{"name": "Alice", "character": "Amiri"}, {"name": "Lee", "character": "Lem"},
           {"name": "Sam", "character": "Sajan"}]
OPTIONS = {"scenario": "1A", "location_size": "S", "hourglass": 30}
AMIRI, LEM, SAJAN = 0, 1, 2
LOG: list = []  # every action of the example, for the replay test


def act(state, type_, **params):
    LOG.append((type_, params))
    return ok(state, type_, **params)


def piles(state, i):
    p = seat(state, i)
    return p["hand_count"], p["deck_count"], p["discard_count"]


def setting_up():
    LOG.clear()
    s = new(PLAYERS, **OPTIONS)
    s = act(s, "choose_start_location", player=AMIRI, location="Oubliette")
    s = act(s, "choose_start_location", player=SAJAN, location="Tower")
    s = act(s, "choose_start_location", player=LEM, location="Oubliette")
    s = act(s, "draw_starting_hand", player=AMIRI, favored_in_hand=True)
    s = act(s, "choose_favored", player=LEM, card_type="spell")
    s = act(s, "draw_starting_hand", player=LEM, redraws=1, favored_in_hand=True)
    s = act(s, "draw_starting_hand", player=SAJAN, favored_in_hand=True)
    return act(s, "choose_first_player", player=SAJAN)


def sams_turn(s):
    s = act(s, "advance_hour", player=SAJAN, card="Cayden Cailean's Revelry")
    s = act(s, "examine", player=SAJAN, location="Oubliette", found="Boggart")  # the Tower's power
    s = act(s, "explore", player=SAJAN, kind="monster", card="Ghoul", immune=["Mental", "Poison"])
    s = act(s, "declare_check", player=SAJAN, skill="combat", skill_used="acrobatics", via_power=True)
    s = act(s, "set_difficulty", player=SAJAN, base=11, adventure_multiplier=2)
    s = act(s, "use_character_power", player=SAJAN, power="recharge a Compass: Acrobatics + 1d6",
            cost_card="Compass", cost_action="recharge")
    s = act(s, "modify_check", player=SAJAN, by="add_die", sides=6)
    s = act(s, "modify_check", player=SAJAN, by="bless", card_type="blessing", card="Prayer", action="recharge")
    s = act(s, "modify_check", player=SAJAN, by="bless", card_type="blessing", card="Orison", action="recharge",
            freely=True)
    s = act(s, "roll_check", player=SAJAN, roll=9, result=11)
    s = act(s, "use_hour_power", player=SAJAN, power="hour", cost_action="discard")
    s = act(s, "reroll", player=SAJAN, source="power", power="Cayden Cailean's Revelry", roll=10)
    s = act(s, "resolve_check", player=SAJAN)
    s = act(s, "suffer_damage", target=SAJAN, amount=1, damage_type="Combat")
    s = act(s, "resolve_choice", player=SAJAN, chosen_possible=True, other_possible=False,
            description="no ally to banish: suffer the scourge Dazed")
    s = act(s, "suffer_scourge", target=SAJAN, scourge="Dazed")
    s = act(s, "resolve_encounter", player=SAJAN)
    return s


def alices_turn(s):
    s = act(s, "advance_hour", player=AMIRI, card="Incitation")
    s = act(s, "explore", player=AMIRI, kind="monster", card="Boggart", difficulty=4, checks=2)
    # Lem takes the Knowledge 4 check: Knowledge d6 + 1, recharging a card for +1d4
    s = act(s, "declare_check", player=LEM, skill="knowledge")
    s = act(s, "use_character_power", player=LEM, power="recharge a card: +1d4", cost_action="recharge")
    s = act(s, "modify_check", player=LEM, by="add_die", sides=4)
    s = act(s, "roll_check", player=LEM, roll=9, result=10)
    s = act(s, "resolve_check", player=LEM)
    # Amiri takes the Combat 10 check: Melee d12 + 2, revealing the Longspear for +1d8
    s = act(s, "declare_check", player=AMIRI, skill="combat", skill_used="melee", difficulty=10)
    s = act(s, "play_card", player=AMIRI, card_type="weapon", card="Longspear", action="reveal", purpose="check")
    s = act(s, "modify_check", player=AMIRI, by="add_die", sides=8)
    s = act(s, "roll_check", player=AMIRI, roll=15, result=17)
    s = act(s, "resolve_check", player=AMIRI)
    return act(s, "resolve_encounter", player=AMIRI)


def guardian_and_close(s):
    # Lightning Touch decides the skill of his combat check: Arcane (Charisma +1, Charisma d10)
    s = act(s, "declare_check", player=LEM, skill="combat", skill_used="arcane", via_power=True)
    s = act(s, "set_difficulty", player=LEM, base=13, adventure_multiplier=2)
    s = act(s, "play_card", player=LEM, card_type="spell", card="Lightning Touch", action="recovery",
            purpose="check", card_traits=["Electricity", "Attack", "Magic"])
    s = act(s, "choose_skill", player=LEM, skill="arcane", card_traits=["Electricity", "Attack", "Magic"])
    s = act(s, "modify_check", player=LEM, by="add_die", sides=4, count=2)  # Lightning Touch
    s = act(s, "modify_check", player=LEM, by="add_die", sides=4, power="Standard Bearer: 1d4 against story banes")
    return s


def test_setting_up():
    s = setting_up()
    assert [l["name"] for l in s["locations"]] == ["Ruin", "Tower", "Oubliette", "Laboratory"]
    assert [l["cards"] for l in s["locations"]] == [7, 7, 7, 7]  # small (6) + 1 story bane each
    assert s["scenario"]["story_bane_stack"] == ["Kobold Champion", "Diabolical Imp", "Clockwork Guardian",
                                                 "Proxy A"]
    assert s["scenario"]["set_aside"] == ["Elemental"] and s["scenario"]["dangers"] == ["Collapse"]
    assert s["challenge_mode"] == "easy"  # small locations without the fast option
    assert [p["location"] for p in s["players"]] == ["Oubliette", "Oubliette", "Tower"]
    assert [p["hand_count"] for p in s["players"]] == [4, 6, 5]
    assert [p["deck_count"] for p in s["players"]] == [11, 9, 10]
    assert seat(s, LEM)["favored_choice"] == "spell" and seat(s, LEM)["redraws"] == 1
    assert s["phase"] == "setup" and s["active_player"] == SAJAN and s["hourglass"] == 30 and s["hour"] is None


def test_sams_turn():
    s = setting_up()
    s = act(s, "advance_hour", player=SAJAN, card="Cayden Cailean's Revelry")
    assert (s["hourglass"], s["hour"], s["turn"], s["active_player"]) == (29, "Cayden Cailean's Revelry", 1, SAJAN)
    s = act(s, "examine", player=SAJAN, location="Oubliette", found="Boggart")
    assert loc(s, "Oubliette")["examined"] == "Boggart" and loc(s, "Oubliette")["cards"] == 7
    s = act(s, "explore", player=SAJAN, kind="monster", card="Ghoul", immune=["Mental", "Poison"])
    assert loc(s, "Tower")["cards"] == 6 and s["encounter"]["card"] == "Ghoul"
    s = act(s, "declare_check", player=SAJAN, skill="combat", skill_used="acrobatics", via_power=True)
    s = act(s, "set_difficulty", player=SAJAN, base=11, adventure_multiplier=2)
    assert s["check"]["difficulty"] == 13 and s["check"]["dice"] == {"8": 1} and s["check"]["modifier"] == 2
    s = act(s, "use_character_power", player=SAJAN, power="recharge a Compass: Acrobatics + 1d6",
            cost_card="Compass", cost_action="recharge")
    s = act(s, "modify_check", player=SAJAN, by="add_die", sides=6)
    s = act(s, "modify_check", player=SAJAN, by="bless", card_type="blessing", card="Prayer", action="recharge")
    s = act(s, "modify_check", player=SAJAN, by="bless", card_type="blessing", card="Orison", action="recharge",
            freely=True)
    assert s["check"]["dice"] == {"8": 3, "6": 1} and s["check"]["modifier"] == 2  # 3d8 + 1d6 + 2
    assert {"Combat", "Acrobatics", "Dexterity"} <= set(s["check"]["traits"])  # Acrobatics names Dexterity
    assert piles(s, SAJAN) == (2, 13, 0)  # Compass, Prayer and Orison recharged
    s = act(s, "roll_check", player=SAJAN, roll=9, result=11)
    assert s["check"]["result"] == 11
    s = act(s, "use_hour_power", player=SAJAN, power="hour", cost_action="discard")
    s = act(s, "reroll", player=SAJAN, source="power", power="Cayden Cailean's Revelry", roll=10)
    assert s["check"]["result"] == 12 and piles(s, SAJAN) == (1, 13, 1)
    s = act(s, "resolve_check", player=SAJAN)
    assert s["damage"]["amount"] == 1 and s["damage"]["type"] == "Combat"
    s = act(s, "suffer_damage", target=SAJAN, amount=1, damage_type="Combat")
    assert piles(s, SAJAN) == (0, 13, 2)  # the Starknife, his last card
    s = act(s, "resolve_choice", player=SAJAN, chosen_possible=True, other_possible=False,
            description="no ally to banish: suffer the scourge Dazed")
    s = act(s, "suffer_scourge", target=SAJAN, scourge="Dazed")
    assert seat(s, SAJAN)["scourges"] == ["Dazed"] and "Dazed" in s["scourge_markers"]
    s = act(s, "resolve_encounter", player=SAJAN)
    assert s["encounter"] is None and loc(s, "Tower")["cards"] == 7  # the Ghoul is shuffled back
    s = act(s, "end_turn", player=SAJAN)
    assert piles(s, SAJAN) == (5, 8, 2)  # drew 5 to reset
    assert s["active_player"] == AMIRI and s["phase"] == "advance_hour" and s["turn"] == 2


def test_alices_turn():
    s = act(sams_turn(setting_up()), "end_turn", player=SAJAN)
    s = act(s, "advance_hour", player=AMIRI, card="Incitation")
    assert (s["hourglass"], s["hour"]) == (28, "Incitation")
    s = act(s, "explore", player=AMIRI, kind="monster", card="Boggart", difficulty=4, checks=2)
    assert loc(s, "Oubliette")["cards"] == 6
    s = act(s, "declare_check", player=LEM, skill="knowledge")
    assert s["check"]["dice"] == {"6": 1} and s["check"]["modifier"] == 1 and s["check"]["difficulty"] == 4
    s = act(s, "use_character_power", player=LEM, power="recharge a card: +1d4", cost_action="recharge")
    s = act(s, "modify_check", player=LEM, by="add_die", sides=4)
    assert s["check"]["dice"] == {"6": 1, "4": 1}
    s = act(s, "roll_check", player=LEM, roll=9, result=10)
    s = act(s, "resolve_check", player=LEM)
    assert s["encounter"]["checks"][0] == {"by": LEM, "success": True, "result": 10, "difficulty": 4,
                                           "kind": "defeat"}
    s = act(s, "declare_check", player=AMIRI, skill="combat", skill_used="melee", difficulty=10)
    s = act(s, "play_card", player=AMIRI, card_type="weapon", card="Longspear", action="reveal", purpose="check")
    s = act(s, "modify_check", player=AMIRI, by="add_die", sides=8)
    assert s["check"]["dice"] == {"12": 1, "8": 1} and s["check"]["modifier"] == 2
    s = act(s, "roll_check", player=AMIRI, roll=15, result=17)
    s = act(s, "resolve_check", player=AMIRI)
    s = act(s, "resolve_encounter", player=AMIRI)
    assert s["last_encounter"]["outcome"] == "defeated" and loc(s, "Oubliette")["cards"] == 6  # banished
    assert piles(s, AMIRI) == (4, 11, 0) and piles(s, LEM) == (5, 10, 0)
    s = act(s, "end_turn", player=AMIRI)
    assert piles(s, AMIRI) == (4, 11, 0)  # already at her hand size: nothing to discard or draw
    assert s["active_player"] == LEM and s["turn"] == 3


def test_lees_turn():
    s = act(alices_turn(act(sams_turn(setting_up()), "end_turn", player=SAJAN)), "end_turn", player=AMIRI)
    s = act(s, "advance_hour", player=LEM, card="Nethys's Duality")
    assert (s["hourglass"], s["hour"]) == (27, "Nethys's Duality")
    s = act(s, "move", player=LEM, location="Laboratory")
    s = act(s, "explore", player=LEM, kind="spell", card="Magic Eye", difficulty=7)
    s = act(s, "declare_check", player=LEM, skill="arcane")
    assert s["check"]["kind"] == "acquire"
    s = act(s, "use_hour_power", player=LEM, power="hour")
    s = act(s, "modify_check", player=LEM, by="add_die", sides=4)
    assert s["check"]["dice"] == {"10": 1, "4": 1} and s["check"]["modifier"] == 1
    s = act(s, "roll_check", player=LEM, roll=8, result=9)
    s = act(s, "resolve_check", player=LEM)
    s = act(s, "resolve_encounter", player=LEM)
    assert s["last_encounter"]["outcome"] == "acquired" and piles(s, LEM) == (6, 10, 0)
    # he discards the ally Standard Bearer to explore again
    s = act(s, "explore", player=LEM, by="card", card_type="ally", kind="henchman", card="Clockwork Guardian",
            immune=["Mental", "Poison"], vulnerable=["Electricity"])
    assert piles(s, LEM) == (5, 10, 1) and loc(s, "Laboratory")["cards"] == 5
    assert s["encounter"]["closing"]  # a closing henchman of 1A
    s = guardian_and_close(s)
    check = s["check"]
    assert check["difficulty"] == 15 and check["dice"] == {"10": 1, "4": 3} and check["modifier"] == 1
    assert {"Combat", "Arcane", "Charisma", "Electricity"} <= set(check["traits"])
    assert seat(s, LEM)["recovery"] == ["Lightning Touch"] and piles(s, LEM) == (4, 10, 1)
    s = act(s, "roll_check", player=LEM, roll=12, result=17)  # 1d10 + 3d4 + 1, +4 vulnerable to Electricity
    assert s["check"]["vulnerable"] and s["check"]["result"] == 17
    s = act(s, "resolve_check", player=LEM)
    s = act(s, "resolve_encounter", player=LEM)
    assert s["last_encounter"]["outcome"] == "defeated"
    assert s["turn_state"]["close_opportunity"] == {"location": "Laboratory", "character": LEM}
    s = act(s, "draw_cards", player=LEM, count=1, source="vault", reason="Giantbane Greataxe")
    assert piles(s, LEM) == (5, 10, 1)
    # closing the Laboratory: Intelligence d6 + 1d4 (recharging Soothing Word) against 5 + AN
    s = act(s, "declare_check", player=LEM, skill="intelligence")
    s = act(s, "set_difficulty", player=LEM, base=5, adventure_multiplier=1)
    s = act(s, "use_character_power", player=LEM, power="recharge a card: +1d4", cost_card="Soothing Word",
            cost_action="recharge")
    s = act(s, "modify_check", player=LEM, by="add_die", sides=4)
    assert s["check"]["dice"] == {"6": 1, "4": 1} and s["check"]["difficulty"] == 6
    s = act(s, "roll_check", player=LEM, roll=6, result=6)
    s = act(s, "resolve_check", player=LEM)
    s = act(s, "attempt_close", player=LEM, trigger="closing_henchman", success=True)
    assert loc(s, "Laboratory")["closed"] and loc(s, "Laboratory")["cards"] == 0
    assert s["forced_moves"] == [LEM] and s["turn_state"]["exploration_locked"]
    # When Closed: summon 3 spells, try to acquire Charm Person (Arcane 6)
    s = act(s, "summon", player=LEM, card="Charm Person", kind="spell", mode="acquire", difficulty=6,
            summoned_by="Laboratory")
    s = act(s, "declare_check", player=LEM, skill="arcane")
    s = act(s, "use_hour_power", player=LEM, power="hour")
    s = act(s, "modify_check", player=LEM, by="add_die", sides=4)
    s = act(s, "roll_check", player=LEM, roll=4, result=5)
    s = act(s, "resolve_check", player=LEM)
    s = act(s, "resolve_encounter", player=LEM)
    assert s["last_encounter"]["outcome"] == "not_acquired" and piles(s, LEM) == (4, 11, 1)
    s = act(s, "move", player=LEM, location="Oubliette")
    assert seat(s, LEM)["location"] == "Oubliette" and s["forced_moves"] == []
    s = act(s, "end_turn", player=LEM)
    assert s["phase"] == "recovery"
    # recovery: Arcane 6 with the hour's d4 still applying
    s = act(s, "declare_check", player=LEM, skill="arcane", difficulty=6)
    s = act(s, "use_hour_power", player=LEM, power="hour")
    s = act(s, "modify_check", player=LEM, by="add_die", sides=4, for_recovery=True)
    s = act(s, "roll_check", player=LEM, roll=9, result=10)
    s = act(s, "resolve_check", player=LEM)
    s = act(s, "recover_card", player=LEM, outcome="recharge", card="Lightning Touch", roll=10)
    assert piles(s, LEM) == (4, 12, 1) and seat(s, LEM)["recovery_count"] == 0 and s["phase"] == "reset"
    s = act(s, "reset", player=LEM)
    assert piles(s, LEM) == (6, 10, 1)  # draws back up to his hand size of 6
    # three turns: the hourglass went 30 -> 27, and it is Sam's turn again
    assert s["hourglass"] == 27 and s["hour"] == "Nethys's Duality" and s["active_player"] == SAJAN
    assert s["turn"] == 4 and s["phase"] == "advance_hour"
    assert [piles(s, i) for i in (AMIRI, LEM, SAJAN)] == [(4, 11, 0), (6, 10, 1), (5, 8, 2)]
    assert [l["cards"] for l in s["locations"]] == [7, 7, 6, 0]
    assert GAME.outcome(s) is None
    # the whole log replays to the same state
    start = new(PLAYERS, **OPTIONS)
    assert replay(GAME, start, LOG) == s
