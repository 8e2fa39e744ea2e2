"""The adventure combat's table presenter: per step of the round the buttons it should offer, every
one of them taken by the engine as it stands, and a villain's turn in three taps. No Django."""
import pytest

from tracker.engine.kit.presenter import Table, chain_legal, mode_forms
from tracker.games.aventuria import GAME
from tracker.games.aventuria.page import CARD_FACTS, context
from tracker.games import plugin

from bench.taps import offered, play

from .conftest import new, ok, run

ROW = [{"name": "Baron", "tp": 9, "life_points": 12, "dodge": 6, "armor": 2, "actions": 2},
       {"name": "Thug", "tp": 5, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1}]


def encounter(**options):
    options = {"time_counters": 4, "villains": ROW, "time_effects": {"3": "Draw an event card"}, **options}
    return new("chance_encounter", n=2, start=0, **options)


def table(state, mode=None):
    mode = mode or state["mode"]
    return Table(GAME, state, mode, True, mode_forms(GAME, state, mode))


def page(state):
    return context(table(state))


def assert_all_legal(state):
    """Every Quick the page offers (the taps benchmark's walk of the context) is recorded as it stands."""
    ctx = page(state)
    t = table(state)
    for q in offered(plugin("aventuria"), state, state["mode"])["quick"]:
        assert chain_legal(t, [(q.type, q.params), *((s["type"], s["params"]) for s in q.then)]), (q.label, q.params)
    return ctx


def to_hero_turns(state):
    for seat in range(len(state["players"])):
        if not state["players"][seat]["unconscious"]:
            state = ok(state, "draw_cards", player=seat, count=2)
    return ok(state, "advance_phase")


def to_villains(state):
    while state["phase"] != "opponent_turns":
        state = ok(state, "advance_phase", player=state["active_player"])
    return state


def test_the_plan_shows_the_row_the_time_scale_and_the_round():
    ctx = assert_all_legal(encounter())
    plan = ctx["adv"]["plan"]
    assert [v["name"] for v in plan["villains"]] == ["Baron", "Thug"]
    assert plan["villains"][0]["leads"] and not plan["villains"][1]["leads"]  # the most TP leads
    assert (plan["time"], plan["next_left"], plan["next_effect"]) == (4, 3, "Draw an event card")
    assert plan["token"] == "Ann" and plan["round"] == 1 and plan["fate_pool"] == 4 and plan["threat"] == 14
    assert [s["state"] for s in plan["steps"]] == ["current", "", "", "", ""]
    assert ctx["phases"] == [] and ctx["now"] == []


def test_setup_offers_time_counter_chips_then_the_henchman_form_with_the_threat_bar():
    state = new("chance_encounter", n=2, start=0)
    setup = page(state)["adv"]["setup"]
    assert [q.params for q in setup["time_chips"]][:2] == [{"time_counters": 1}, {"time_counters": 2}]
    assert setup["henchman"] is None
    state = ok(state, "setup_combat", time_counters=5)
    state = ok(state, "place_henchman", name="Baron", tp=9, life_points=12, dodge="-", armor=2, actions="N")
    setup = assert_all_legal(state)["adv"]["setup"]
    assert (setup["henchman"]["placed"], setup["henchman"]["threat"]) == (9, 14)
    assert not setup["henchman"]["leader"]  # a chance encounter has no Leader Cards


def test_a_custom_adventure_types_its_threat_value_beside_the_counters():
    state = new("adventure", n=2, start=0, adventure="custom")
    setup = page(state)["adv"]["setup"]
    assert setup["time_chips"] == [] and [f.name for f in setup["time_form"]["fields"]] == ["time_counters", "threat_value"]


def test_a_villain_typed_once_is_remembered_by_name():
    facts = CARD_FACTS["place_henchman"]
    assert (facts.name, facts.kind) == ("name", "villain")
    assert set(facts.facts) == {"tp", "life_points", "dodge", "armor", "actions", "kind", "keywords"}


def test_preparation_draws_each_hero_and_everyone_as_one_group():
    state = encounter()
    prep = assert_all_legal(state)["adv"]["prep"]
    assert [h["draw"].params for h in prep["heroes"]] == [{"player": 0, "count": 2}, {"player": 1, "count": 2}]
    everyone = prep["everyone"]
    assert everyone.params == {"player": 0, "count": 2} and everyone.then == (
        {"type": "draw_cards", "params": {"player": 1, "count": 2}},)
    assert prep["next"] is None  # nobody drew yet
    state = ok(state, "draw_cards", player=0, count=2)
    prep = page(state)["adv"]["prep"]
    assert prep["heroes"][0]["draw"] is None and prep["everyone"] is None and prep["heroes"][0]["endurance_q"]
    state = ok(state, "draw_cards", player=1, count=2)
    assert page(state)["adv"]["prep"]["next"].type == "advance_phase"


def test_the_attack_helper_aims_at_villains_and_subtracts_armor():
    state = to_hero_turns(encounter())
    ctx = assert_all_legal(state)
    ids = {q.testid for q in ctx["adv"]["declare"]}
    assert {"attack-close-v1", "attack-close-v2"} <= ids
    state = ok(state, "declare_attack", player=0, attack_type="close", villain="v1")
    attack = assert_all_legal(state)["adv"]["attack"]
    assert attack["target"] == "Baron" and attack["forms"][0]["spec"].type == "attack_roll"
    state = ok(state, "set_attributes", player=0, close_combat=14)
    state = ok(ok(state, "attack_roll", player=0, roll=5), "damage_roll", player=0, amount=8)
    attack = assert_all_legal(state)["adv"]["attack"]
    assert [f["spec"].type for f in attack["forms"]] == ["villain_dodge_roll"] and attack["buttons"] == []
    state = ok(state, "villain_dodge_roll", villain="v1", roll=15)
    attack = assert_all_legal(state)["adv"]["attack"]
    assert attack["buttons"][0].label == "Baron takes 8 \u2212 armor 2 = 6"


def test_a_villain_without_dodge_goes_straight_to_the_damage():
    state = to_hero_turns(encounter())
    state = ok(state, "set_attributes", player=0, close_combat=14)
    state = ok(state, "declare_attack", player=0, attack_type="close", villain="v2")
    state = ok(ok(state, "attack_roll", player=0, roll=5), "damage_roll", player=0, amount=3)
    attack = assert_all_legal(state)["adv"]["attack"]
    assert attack["forms"] == [] and "cannot dodge" in attack["say"][0]
    assert attack["buttons"][0].label == "Thug takes 3 \u2212 armor 1 = 2"


def test_ending_a_hero_turn_is_one_tap_through_both_steps():
    state = to_hero_turns(encounter())
    end = assert_all_legal(state)["adv"]["turn_end"]
    assert end.type == "advance_phase" and len(end.then) == 1


def villain_turn_taps(state, seat, amount):
    """A villain's turn as the page offers it: the roll's pad, an amount on the hit hero's pad, the take."""
    vt = assert_all_legal(state)["adv"]["villains"]
    vid = next(v["id"] for v in state["villains"] if v["name"] == vt["who"]["name"])
    assert vt["roll"]["spec"].type == "villain_action_roll" and vt["roll"]["preset"] == f'{{"villain": "{vid}"}}'
    state = ok(state, "villain_action_roll", villain=vid, roll=10)
    vt = assert_all_legal(state)["adv"]["villains"]
    hit = next(q for pad in vt["pads"] if pad["seat"] == seat for q in (*pad["row"], *pad["more"])
               if q.params["amount"] == amount)
    state = ok(state, hit.type, **hit.params)
    vt = assert_all_legal(state)["adv"]["villains"]
    take = next(q for q in vt["defence"]["buttons"] + vt["defence"]["after"] if q.type == "apply_damage")
    return ok(state, take.type, **take.params), 3


def test_a_villain_turn_is_three_taps_and_an_unconscious_hero_gets_no_pad():
    state = to_villains(to_hero_turns(encounter()))
    vt = page(state)["adv"]["villains"]
    assert vt["who"] == {"name": "Baron", "action": 1, "of": 2, "id": "v1"} and vt["pads"] == []
    state, taps = villain_turn_taps(state, 1, 45)
    assert taps == 3 and state["players"][1]["unconscious"]
    vt = assert_all_legal(state)["adv"]["villains"]
    assert vt["who"]["action"] == 2 and [p["seat"] for p in vt["pads"]] == [0]  # Ben is out: Ann only
    assert vt["methods"] == []  # one target: nothing to narrow


def test_target_methods_name_the_heroes_they_can_pick():
    state = to_villains(to_hero_turns(encounter()))
    state = ok(state, "life_point_loss", target=1, amount=5)
    state = ok(state, "villain_action_roll", villain="v1", roll=10)
    methods = {m["id"]: m["targets"] for m in page(state)["adv"]["villains"]["methods"]}
    assert methods["most_life_points"] == "0" and methods["least_life_points"] == "1"
    assert methods["starting_hero"] == "0"


def test_when_every_villain_acted_time_effects_follow_then_the_next_round():
    state = to_villains(to_hero_turns(encounter()))
    for vid, rolls in (("v1", 2), ("v2", 1)):
        for _ in range(rolls):
            state = ok(state, "villain_action_roll", villain=vid, roll=10)
    vt = assert_all_legal(state)["adv"]["villains"]
    assert vt["who"] is None and vt["next"].primary
    state = ok(state, "advance_phase")
    time = assert_all_legal(state)["adv"]["time"]
    assert time["remove"].type == "remove_time_counter" and time["next"] is None  # the counter first (R88)
    state = ok(state, "remove_time_counter")
    ctx = assert_all_legal(state)
    assert ctx["adv"]["time"]["remove"] is None and ctx["adv"]["plan"]["now_effect"] == "Draw an event card"
    assert ctx["adv"]["time"]["next"].label == "Next round \u2192 token to Ben"
    state = ok(state, "advance_phase")
    assert page(state)["adv"]["plan"]["token"] == "Ben"


def test_the_active_hero_reanimates_or_heals_an_unconscious_companion():
    state = to_villains(to_hero_turns(encounter()))
    state, _ = villain_turn_taps(state, 1, 45)
    state["phase"], state["opponent_turn"] = "time_effects", None  # the rest of the round, short
    state = ok(ok(state, "remove_time_counter"), "advance_phase")
    state = ok(state, "play_endurance", player=0, source="hand")
    state = ok(state, "play_endurance", player=0, source="hand")
    state = to_hero_turns(state)
    revive = assert_all_legal(state)["adv"]["revive"]
    assert [r["seat"] for r in revive] == [1] and revive[0]["ready"] == 2
    form = revive[0]["form"]
    assert [f.name for f in form["fields"]] == ["endurance", "roll"] and form["fields"][0].chips == [1, 2]
    assert [q.params["amount"] for q in revive[0]["heals"]] == [5, 6, 7, 8, 10]
    revived = ok(state, "reanimate", player=0, target=1, endurance=2, roll=2)
    assert revived["players"][1]["revived_this_round"] and page(revived)["adv"]["revive"] == []


@pytest.mark.parametrize("mode", ["adventure", "chance_encounter"])
def test_the_view_link_shows_the_plan_and_no_buttons(mode):
    state = encounter() if mode == "chance_encounter" else new("adventure", n=2, start=0)
    ctx = context(Table(GAME, state, mode, False, []))
    assert ctx["adv"]["plan"] and "prep" not in ctx["adv"]


def test_a_refused_tap_is_never_offered():
    state = to_villains(to_hero_turns(encounter()))
    assert not run(state, "villain_action_roll", villain="v2", roll=3).accepted  # Baron first
    vt = page(state)["adv"]["villains"]
    assert vt["who"]["id"] == "v1"


def test_the_adventure_flows_meet_their_tap_goals_through_the_presenter():
    flows = [f for f in plugin("aventuria").flows if f.mode == "chance_encounter"]
    assert {f.goal for f in flows if "villain's turn" in f.name} == {3}
    for flow in flows:
        assert play(plugin("aventuria"), flow) <= flow.goal, flow.name


def test_a_hand_over_the_limit_is_discarded_before_the_turn_ends():
    state = to_hero_turns(encounter())
    state["players"][0]["hand_count"] = 9  # whatever brought it there
    end = assert_all_legal(state)["adv"]["turn_end"]
    assert end.then == ()  # the hand limit stops the chain through both steps
    state = ok(state, "advance_phase", player=0)
    discard = assert_all_legal(state)["adv"]["turn_end"]
    assert discard.type == "discard_to_hand_limit" and discard.params == {"player": 0, "count": 2}


def test_the_time_scale_effects_are_typed_on_the_page_once_and_come_back_when_their_number_does():
    state = encounter(time_effects={})
    effect_form = page(state)["adv"]["effect_form"]
    assert effect_form["spec"].type == "set_time_effect"
    counters = next(f for f in effect_form["fields"] if f.name == "counters")
    assert counters.default == 3 and counters.chips == [0, 1, 2, 3, 4]  # the next number, by a tap
    state = ok(state, "set_time_effect", counters=3, effect="Draw an   event card")
    assert page(state)["adv"]["plan"]["next_effect"] == "Draw an event card"
    state = to_villains(to_hero_turns(state))
    state = ok(state, "villain_action_roll", villain="v1", roll=5)
    state = ok(state, "villain_action_roll", villain="v1", roll=5)
    state = ok(state, "villain_action_roll", villain="v2", roll=5)
    state = ok(ok(state, "advance_phase"), "remove_time_counter")
    assert page(state)["adv"]["plan"]["now_effect"] == "Draw an event card"


def test_a_time_scale_effect_needs_a_set_up_combat():
    state = new("chance_encounter", n=2, start=0)
    assert state["phase"] == "combat_setup" and page(state)["adv"]["effect_form"] is None
    state = ok(state, "set_time_effect", counters=2, effect="A henchman arrives")  # typed before the counters
    state = ok(state, "setup_combat", time_counters=4, time_effects={"0": "Every hero loses 2 LP"})
    assert state["time_effects"] == {"2": "A henchman arrives", "0": "Every hero loses 2 LP"}


def test_a_time_effects_attack_is_tapped_on_the_hero_hit_in_row_order_then_taken():
    state = to_villains(to_hero_turns(encounter()))
    for vid in ("v1", "v1", "v2"):
        state = ok(state, "villain_action_roll", villain=vid, roll=5)
    state = ok(state, "advance_phase")
    assert page(state)["adv"]["time"]["extra"] == []  # the counter comes off first
    state = ok(state, "remove_time_counter")
    extra = assert_all_legal(state)["adv"]["time"]["extra"]
    assert [v["id"] for v in extra] == ["v1", "v2"] and [p["seat"] for p in extra[0]["pads"]] == [0, 1]
    hit = next(q for q in extra[1]["pads"][0]["row"] if q.params["amount"] == 3)
    state = ok(state, hit.type, **hit.params)
    time = assert_all_legal(state)["adv"]["time"]
    assert time["defence"]["target"] == "Ann"
    # after the Thug's attack the Baron, to its left, may not attack in this step any more
    assert not run(state := ok(state, "apply_damage", target=0), "villain_attack", villain="v1", target=1,
                   amount=2).accepted
    assert [v["id"] for v in page(state)["adv"]["time"]["extra"]] == ["v2"]
