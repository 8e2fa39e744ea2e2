"""The campaign across both parts (mode "campaign"): each rule's refusal beside the accepted neighbour, the
upgrade costs of every kind of card, a part recorded won once, a lost part kept as an attempt, Part Two
after Part One, the Player Title; through the API, the 422 with its rule id and the 400 naming the field,
the state left as it was by a refusal."""
import pytest

from tests.support.api import post_action, post_session
from tracker.engine import Action, ParamError, copy_state, decide, initial_state

from .helpers import GAME, R

ANN, BEN = {"name": "Ann", "hero": "Blessed One of Phex"}, {"name": "Ben"}
CAMPAIGN = {"game": "curse-of-the-desert", "mode": "campaign", "players": [ANN, BEN], "options": {}}


def new(players=None):
    return initial_state(GAME, "campaign", players or [ANN, BEN], {})


def play(state, action_type, override=None, **params):
    result = decide(GAME, state, Action(action_type, params, override))
    assert result.accepted, (action_type, params, getattr(result, "violations", None))
    return result.state


def refusal(state, action_type, **params):
    """(rule ids, first message) of a refusal; the state handed in is checked to be left as it was."""
    before = copy_state(state)
    result = decide(GAME, state, Action(action_type, params))
    assert state == before
    assert not result.accepted, (action_type, params)
    return [v.rule_id for v in result.violations], result.violations[0].message


def won_part_one(players=None):
    return play(new(players), "record_adventure", adventure="nedime", result="won")


def up(state, seat, kind, to, card=None):
    return play(state, "upgrade_card", player=seat, card_kind=kind, to_level=to, **({"card": card} if card else {}))


# ------------------------------------------------------------------ the sheet

def test_a_new_campaign_has_the_binding_names_and_nothing_played():
    state = new()
    assert (state["mode"], state["phase"], state["outcome"]) == ("campaign", "between_adventures", None)
    assert state["adventures"] == {part: {"status": "not_started", "session": None, "attempts": []}
                                   for part in ("nedime", "borbarad")}
    ann, ben = state["players"]
    assert ann["adventure_points"] == 0 and ann["player_title"] is None
    assert ann["card_levels"] == {"hero_card": 1, "skill_card": 1, "actions": {}}
    assert ben["hero"] == "Blessed One of Phex"  # the box's hero when none is named


# ------------------------------------------------------------------ recording the parts

def test_part_one_won_gives_every_hero_ten_adventure_points():
    state = won_part_one()
    assert [h["adventure_points"] for h in state["players"]] == [10, 10]
    assert state["adventures"]["nedime"]["status"] == "won" and state["outcome"] is None


def test_a_part_is_recorded_won_once_c1():
    state = won_part_one()
    assert refusal(state, "record_adventure", adventure="nedime", result="won") == (
        [R + "C1"], "Part One is already recorded won in this campaign.")
    # nor lost afterwards: a won part is over
    assert refusal(state, "record_adventure", adventure="nedime", result="lost")[0] == [R + "C1"]
    # the neighbour: the other part, not won yet, is recorded
    done = play(state, "record_adventure", adventure="borbarad", result="won")
    assert refusal(done, "record_adventure", adventure="borbarad", result="won")[0] == [R + "C1"]


def test_a_lost_attempt_is_kept_and_does_not_block_the_later_win():
    state = play(new(), "record_adventure", adventure="nedime", result="lost")
    part = state["adventures"]["nedime"]
    assert part["status"] == "lost" and part["attempts"] == [{"result": "lost", "session": None}]
    assert [h["adventure_points"] for h in state["players"]] == [0, 0]
    state = play(state, "record_adventure", adventure="nedime", result="lost", session="v-second-try")
    state = play(state, "record_adventure", adventure="nedime", result="won", session="v-third-try")
    part = state["adventures"]["nedime"]
    assert part["status"] == "won" and part["session"] == "v-third-try" and len(part["attempts"]) == 3
    assert [h["adventure_points"] for h in state["players"]] == [10, 10]  # once, for the win
    assert state["round"] == 3


def test_part_two_only_after_part_one_is_won_c2():
    state = new()
    for result in ("won", "lost"):
        ids, message = refusal(state, "record_adventure", adventure="borbarad", result=result)
        assert ids == [R + "C2"] and "Part One" in message
    lost_one = play(state, "record_adventure", adventure="nedime", result="lost")
    assert refusal(lost_one, "record_adventure", adventure="borbarad", result="won")[0] == [R + "C2"]
    # the neighbour: Part One won, Part Two is recorded, lost and then won
    state = play(won_part_one(), "record_adventure", adventure="borbarad", result="lost")
    assert state["adventures"]["borbarad"]["status"] == "lost" and state["outcome"] is None
    state = play(state, "record_adventure", adventure="borbarad", result="won")
    assert state["adventures"]["borbarad"]["status"] == "won"


def test_part_two_won_completes_the_campaign_with_each_players_title():
    state = up(won_part_one(), 0, "hero_card", 2)
    state = play(state, "record_adventure", adventure="borbarad", result="won")
    assert [h["player_title"] for h in state["players"]] == ["Truth in the Mirror"] * 2
    assert state["outcome"]["result"] == "won" and state["outcome"]["winners"] == [0, 1]
    # unspent points are kept, and an upgrade made before the end can still be noted
    assert [h["adventure_points"] for h in state["players"]] == [7, 10]
    state = up(state, 1, "skill_card", 2)
    assert state["players"][1]["adventure_points"] == 7 and state["outcome"]["result"] == "won"
    # a record after the end is refused by the campaign's own rule, not by the end of a night (R80)
    assert refusal(state, "record_adventure", adventure="nedime", result="lost")[0] == [R + "C1"]


# ------------------------------------------------------------------ upgrades

def test_cards_are_upgraded_once_part_one_is_won_c3():
    ids, message = refusal(new(), "upgrade_card", player=0, card_kind="hero_card", to_level=2)
    assert ids == [R + "C3"] and "Part One" in message
    lost = play(new(), "record_adventure", adventure="nedime", result="lost")
    assert refusal(lost, "upgrade_card", player=0, card_kind="action", card="Slyness", to_level=2)[0] == [R + "C3"]
    assert up(won_part_one(), 0, "hero_card", 2)["players"][0]["card_levels"]["hero_card"] == 2


@pytest.mark.parametrize("kind, card, to_two, to_three", [
    ("hero_card", None, 3, 6), ("skill_card", None, 3, 6), ("action", "Slyness", 1, 2)])
def test_each_kind_costs_its_points_for_ii_and_iii(kind, card, to_two, to_three):
    state = up(won_part_one(), 0, kind, 2, card)
    ann = state["players"][0]
    assert ann["adventure_points"] == 10 - to_two and ann["ap_spent"] == to_two
    state = up(state, 0, kind, 3, card)
    ann = state["players"][0]
    assert ann["adventure_points"] == 10 - to_two - to_three
    level = ann["card_levels"]["actions"][card] if card else ann["card_levels"][kind]
    assert level == 3
    assert state["players"][1]["adventure_points"] == 10  # Ben's points are his own


@pytest.mark.parametrize("kind, card", [("hero_card", None), ("skill_card", None), ("action", "Slyness")])
def test_one_level_at_a_time_r90(kind, card):
    state = won_part_one()
    extra = {"card": card} if card else {}
    assert refusal(state, "upgrade_card", player=0, card_kind=kind, to_level=3, **extra) == (
        [R + "R90"], "Upgrade to level II first.")
    state = up(state, 0, kind, 2, card)  # the neighbour
    ids, message = refusal(state, "upgrade_card", player=0, card_kind=kind, to_level=2, **extra)
    assert ids == [R + "R90"] and "already at level II" in message
    state = up(state, 0, kind, 3, card)
    ids, message = refusal(state, "upgrade_card", player=0, card_kind=kind, to_level=3, **extra)
    assert ids == [R + "R90"] and "level III (the highest)" in message


def test_no_upgrade_beyond_the_points_available_r90():
    state = up(up(won_part_one(), 0, "hero_card", 2), 0, "hero_card", 3)  # 3 + 6: 1 left
    ids, message = refusal(state, "upgrade_card", player=0, card_kind="skill_card", to_level=2)
    assert ids == [R + "R90"] and message.startswith("Only 1 Adventure Point available")
    state = up(state, 0, "action", 2, "Slyness")  # the neighbour: 1 AP, exactly what is left
    assert state["players"][0]["adventure_points"] == 0
    ids, message = refusal(state, "upgrade_card", player=0, card_kind="action", card="Slyness", to_level=3)
    assert ids == [R + "R90"] and message.startswith("Only 0 Adventure Points available")


def test_an_overspend_accepted_anyway_spends_what_is_there_and_never_goes_below_zero():
    state = up(up(won_part_one(), 0, "hero_card", 2), 0, "hero_card", 3)
    result = decide(GAME, state, Action("upgrade_card", {"player": 0, "card_kind": "skill_card", "to_level": 2},
                                        "a card of another box gave two points"))
    assert result.accepted and [v.rule_id for v in result.overridden] == [R + "R90"]
    ann = result.state["players"][0]
    assert ann["adventure_points"] == 0 and ann["card_levels"]["skill_card"] == 2 and "2 short" in result.log


def test_an_action_card_is_found_by_its_name_in_any_case_and_spacing():
    state = up(won_part_one(), 0, "action", 2, "  Prayer   of Phex ")
    assert state["players"][0]["card_levels"]["actions"] == {"Prayer of Phex": 2}
    ids, message = refusal(state, "upgrade_card", player=0, card_kind="action", card="PRAYER OF PHEX", to_level=2)
    assert ids == [R + "R90"] and "Prayer of Phex is already at level II" in message
    state = up(state, 0, "action", 3, "prayer of phex")
    assert state["players"][0]["card_levels"]["actions"] == {"Prayer of Phex": 3}
    state = up(state, 0, "action", 2, "Slyness")
    assert state["players"][0]["card_levels"]["actions"] == {"Prayer of Phex": 3, "Slyness": 2}


@pytest.mark.parametrize("params, field", [
    ({"player": 0, "card_kind": "action", "to_level": 2}, "params.card"),
    ({"player": 0, "card_kind": "action", "card": "   ", "to_level": 2}, "params.card"),
    ({"player": 0, "card_kind": "hero_card", "card": "Slyness", "to_level": 2}, "params.card"),
    ({"player": 0, "card_kind": "hero_card", "to_level": 4}, "params.to_level"),
    ({"player": 0, "card_kind": "hero_card", "to_level": 1}, "params.to_level"),
    ({"player": 0, "card_kind": "deck", "to_level": 2}, "params.card_kind"),
    ({"player": 2, "card_kind": "hero_card", "to_level": 2}, "params.player"),
    ({"card_kind": "hero_card", "to_level": 2}, "params.player"),
])
def test_a_malformed_upgrade_names_its_field(params, field):
    with pytest.raises(ParamError) as err:
        decide(GAME, won_part_one(), Action("upgrade_card", params))
    assert field in err.value.errors


# ------------------------------------------------------------------ through the API

def act(api, session, type_, override=None, **params):
    body = {"type": type_, "params": params, **({"override": {"reason": override}} if override else {})}
    return api.post(f"/api/sessions/{session['id']}/actions/", body, format="json")


def test_refusals_through_the_api_are_422s_with_the_rule_and_leave_the_campaign_as_it_was(api, db):
    session = post_session(api, CAMPAIGN)
    for type_, params, rule in (
            ("upgrade_card", {"player": 0, "card_kind": "hero_card", "to_level": 2}, "C3"),
            ("record_adventure", {"adventure": "borbarad", "result": "won"}, "C2")):
        refused = act(api, session, type_, **params)
        assert refused.status_code == 422, refused.json()
        v = refused.json()["violations"][0]
        assert v["rule"] == R + rule and v["message"] and v["section"].startswith("[")
    post_action(api, session, "record_adventure", adventure="nedime", result="won")
    for params, rule in (({"adventure": "nedime", "result": "won"}, "C1"),):
        assert act(api, session, "record_adventure", **params).json()["violations"][0]["rule"] == R + rule
    skip = act(api, session, "upgrade_card", player=1, card_kind="skill_card", to_level=3)
    assert skip.status_code == 422 and skip.json()["violations"][0]["message"] == "Upgrade to level II first."
    read = api.get(f"/api/sessions/{session['id']}/").json()
    assert read["version"] == 1 and read["state"]["players"][1]["card_levels"]["skill_card"] == 1
    # accepted anyway with a reason: the table is in charge
    anyway = act(api, session, "upgrade_card", "we played it from level I to III", player=1, card_kind="skill_card",
                 to_level=3)
    assert anyway.status_code == 201, anyway.json()
    ben = anyway.json()["state"]["players"][1]
    assert ben["card_levels"]["skill_card"] == 3 and ben["adventure_points"] == 1  # both levels paid: 3 + 6


def test_bad_bodies_are_400s_naming_the_field(api, db):
    bad = api.post("/api/sessions/", {**CAMPAIGN, "players": [ANN, {"name": " ann "}]}, format="json")
    assert bad.status_code == 400 and "players.1.name" in bad.json()["errors"]
    bad = api.post("/api/sessions/", {**CAMPAIGN, "options": {"difficulty": "normal"}}, format="json")
    assert bad.status_code == 400 and "options.difficulty" in bad.json()["errors"]
    bad = api.post("/api/sessions/", {**CAMPAIGN, "players": [{"name": "Ann", "skills": {"stealth": "high"}}]},
                   format="json")
    assert bad.status_code == 400 and "players.0.skills.stealth" in bad.json()["errors"]
    session = post_session(api, CAMPAIGN)
    post_action(api, session, "record_adventure", adventure="nedime", result="won")
    for params, field in (({"player": 0, "card_kind": "action", "to_level": 2}, "params.card"),
                          ({"player": 0, "card_kind": "skill_card", "card": "Slyness", "to_level": 2}, "params.card"),
                          ({"player": 0, "card_kind": "hero_card", "to_level": "II"}, "params.to_level"),
                          ({"player": 5, "card_kind": "hero_card", "to_level": 2}, "params.player")):
        answer = act(api, session, "upgrade_card", **params)
        assert answer.status_code == 400 and field in answer.json()["errors"], answer.json()
    answer = act(api, session, "record_adventure", adventure="part-three", result="won")
    assert answer.status_code == 400 and "params.adventure" in answer.json()["errors"]
    answer = act(api, session, "record_adventure", adventure="borbarad", result="won", heroes=[0])
    assert answer.status_code == 400 and "params.heroes" in answer.json()["errors"]
    # a night's action is not a campaign's
    answer = act(api, session, "move_hero", player=0, to=[0, 0])
    assert answer.status_code == 400 and "type" in answer.json()["errors"]
    assert api.get(f"/api/sessions/{session['id']}/").json()["version"] == 1
