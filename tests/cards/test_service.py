"""What an accepted action says about its cards is kept for the session's scope (the league it counts
for, else itself), corrected by recording again, and never offered to another table."""
import pytest

from tracker.errors import BadRequest, RuleRefusal
from tracker.models import CardFact, Session
from tracker.services import cardfacts, sessions


def _session(new, **options) -> Session:
    return Session.objects.get(pk=new(**options)["id"])


def _record(session, type_="play", **params):
    return sessions.session_action_apply(token=session.pk, type=type_, params={"player": 0, **params})


def _offered(session, **query):
    return {(c["kind"], c["name"]): c["facts"] for c in cardfacts.offered(session, **query)}


def test_an_accepted_action_keeps_each_card_it_names_with_its_facts(new):
    table = _session(new)
    _record(table, card="Goblin Raider", cost=3, pile={"name": "Swamp", "size": 4}, target=0)
    assert _offered(table) == {("card", "Goblin Raider"): {"cost": 3, "fast": False},  # an unticked box: "no"
                               ("pile", "Swamp"): {"size": 4}}  # the target was chosen, not printed
    row = CardFact.objects.get(name="Goblin Raider")
    assert (row.scope_id, row.game, row.key) == (table.pk, "tally", "goblin raider")


def test_recording_again_corrects_fact_by_fact_and_one_card_is_one_name_whatever_its_case(new):
    table = _session(new)
    _record(table, card="Goblin Raider", cost=3, fast=True)
    _record(table, card="  goblin   raider ", cost=2)
    assert _offered(table) == {("card", "goblin   raider"): {"cost": 2, "fast": False}}
    _record(table, card="GOBLIN RAIDER")  # nothing typed about it this time: what is known stays
    assert _offered(table) == {("card", "GOBLIN RAIDER"): {"cost": 2, "fast": False}}
    assert CardFact.objects.count() == 1


def test_tables_that_share_nothing_see_nothing_of_each_other(new):
    ours, theirs = _session(new), _session(new)
    _record(ours, card="Goblin Raider", cost=3)
    _record(theirs, card="Ghoul", cost=5)
    assert set(_offered(ours)) == {("card", "Goblin Raider")}
    assert set(_offered(theirs)) == {("card", "Ghoul")}


def test_the_rounds_of_one_league_share_their_cards_and_a_stranger_sees_none(new):
    league = new(mode="league")
    first, second = _session(new, league=league["id"]), _session(new, league=league["id"])
    stranger = _session(new)
    _record(first, card="Goblin Raider", cost=3)
    _record(second, card="Goblin Raider", cost=4)  # the second round's table corrects the first's
    _record(second, card="Ghoul", cost=1)
    expected = {("card", "Goblin Raider"): {"cost": 4, "fast": False}, ("card", "Ghoul"): {"cost": 1, "fast": False}}
    assert _offered(first) == _offered(second) == expected
    assert _offered(Session.objects.get(pk=league["id"])) == expected
    assert cardfacts.scope_of(first).pk == league["id"]
    assert _offered(stranger) == {}


def test_a_card_played_face_down_is_never_kept_on_the_server(new):
    table = _session(new)
    _record(table, "hide", card="Assassin", cost=2)
    assert _offered(table) == {} and not CardFact.objects.exists()


def test_a_check_is_remembered_for_the_card_in_play_and_for_none_without_one(new):
    table = _session(new)
    _record(table, "check", difficulty=7)  # nothing played yet: no card to remember it for
    assert _offered(table) == {}
    _record(table, card="Ghoul")
    _record(table, "check", difficulty=9)
    assert _offered(table) == {("card", "Ghoul"): {"fast": False, "difficulty": 9}}


def test_what_is_not_recorded_keeps_nothing(new):
    table = _session(new)
    with pytest.raises(RuleRefusal):
        _record(table, card="Dragon", cost=7)  # tally.R1: too dear
    with pytest.raises(BadRequest):
        _record(table, card="Dragon", cost="seven")
    assert not CardFact.objects.exists()
    sessions.session_action_apply(token=table.pk, type="play", params={"player": 0, "card": "Dragon", "cost": 7},
                                  override_reason="the card says so")
    assert _offered(table) == {("card", "Dragon"): {"cost": 7, "fast": False}}  # accepted anyway is accepted


def test_offered_names_match_any_part_any_case_the_start_first_at_most_twenty(new):
    table = _session(new)
    for name in ("Ogre", "Goblin Raider", "Hobgoblin", "Goblin", *(f"Rat {i:02}" for i in range(25))):
        _record(table, card=name)
    assert [c["name"] for c in cardfacts.offered(table, q="GOBLIN")] == ["Goblin", "Goblin Raider", "Hobgoblin"]
    assert [c["name"] for c in cardfacts.offered(table, q="  goblin  raider")] == ["Goblin Raider"]
    assert len(cardfacts.offered(table, q="rat")) == cardfacts.ANSWER_LIMIT == 20
    assert cardfacts.offered(table)[0]["name"] == "Rat 24"  # without a query, the most recently typed first
    assert cardfacts.offered(table, q="ogre", kind="pile") == []


@pytest.mark.parametrize("query, field", [({"q": "x" * 101}, "q"), ({"q": "Gob\x00lin"}, "q"),
                                          ({"kind": "villain"}, "kind")])
def test_a_bad_query_names_its_field(new, query, field):
    with pytest.raises(BadRequest) as refused:
        cardfacts.offered(_session(new), **query)
    assert list(refused.value.errors) == [field]
