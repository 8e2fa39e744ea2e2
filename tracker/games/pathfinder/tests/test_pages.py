"""The Pathfinder pages, server side: the scenario table (hourglass, locations, characters, the turn
stepper and its reminders, the check helper), the campaign page (feats, progress), view-only links,
and the "Record in campaign" button. Hooks: docs/PAGES.md (Pathfinder)."""
import re

import pytest

from tests.support.pages import page, tag, text_of
from tracker.engine import Action, decide
from tracker.engine.kit.presenter import Table
from tracker.games.pathfinder import GAME
from tracker.games.pathfinder.page import context
from tracker.models import Session

from .helpers import new

# Valeros's skills are typed at setup (the rulebook gives none); Kyra's Strength d8 is the rulebook's
SCENARIO = {"game": "pathfinder", "mode": "scenario", "options": {},
            "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4, "skills": "Strength d10"},
                        {"name": "Ben", "character": "Kyra", "hand_size": 5}]}
CAMPAIGN = {"game": "pathfinder", "mode": "campaign", "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4},
                                                                  {"name": "Ben", "character": "Lem"}], "options": {}}


def linked_scenario(create, campaign, **options):
    return create({"game": "pathfinder", "mode": "scenario", "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4}],
                   "options": {"campaign": campaign["id"], "scenario": "rumble-road", "title": "Rumble Road",
                               "locations": [{"name": "Tower", "cards": 0}], **options}})


def win(act, scenario):
    act(scenario, "advance_hour", params={"player": 0})
    act(scenario, "attempt_close", params={"player": 0, "success": True})


@pytest.fixture
def scenario(create):
    return create(SCENARIO)


def test_the_scenario_table_before_the_first_hour(client, scenario):
    html = page(client, scenario["id"])
    assert 'data-testid="pf-scenario"' in html
    assert text_of(html, "pf-hourglass-count") == "30" and text_of(html, "pf-hourglass-initial") == "30"
    assert text_of(html, "pf-hour") == "not turned yet" and 'data-testid="pf-hour-by"' not in html
    # four locations for two characters, nine cards each, all open
    for i in range(4):
        assert text_of(html, f"pf-location-cards-{i}") == "9"
        assert 'data-closed="0"' in tag(html, f"pf-location-{i}")
    assert 'data-testid="pf-location-4"' not in html
    # characters with their piles
    assert "Valeros" in html and "Kyra" in html
    assert text_of(html, "pf-hand-0") == "4" and text_of(html, "pf-deck-0") == "11"
    assert text_of(html, "pf-hand-1") == "5" and text_of(html, "pf-deck-1") == "10"
    # whose turn, which step, and the reminder people forget
    assert text_of(html, "pf-active") == "Ann"
    stepper = re.search(r'data-testid="pf-stepper".*?</ol>', html, re.S).group(0)
    assert stepper.count("<li") == 8 and 'data-step="advance_hour" class="current" aria-current="step"' in stepper
    assert 'data-testid="pf-reminder-hour"' in html and 'data-testid="pf-reminder-one-type"' not in html
    assert 'data-act="advance_hour"' in tag(html, "pf-advance-hour")
    assert 'data-testid="pf-explore"' not in html and 'data-testid="pf-end-turn"' not in html
    # the generic phase list (scenario and campaign steps mixed) gives way to the turn stepper
    assert re.search(r'<ol class="stepper" aria-label="Phases">\s*</ol>', html)
    # the drawer holds the scenario's actions, not the campaign's
    assert 'data-action="move"' in html and 'data-action="spend_hero_point_on_feat"' not in html


def test_the_turn_as_it_goes(client, scenario, act):
    act(scenario, "advance_hour", params={"player": 0})
    html = page(client, scenario["id"])
    assert text_of(html, "pf-hourglass-count") == "29"
    assert text_of(html, "pf-hour") == "Blessing 1" and text_of(html, "pf-hour-by") == "Ann"
    assert 'data-testid="pf-reminder-hour"' not in html
    assert 'data-step="give" class="current"' in html and 'data-step="advance_hour" class="done"' in html
    for hook in ("pf-next-step", "pf-explore", "pf-end-turn"):
        assert f'data-testid="{hook}"' in html, hook
    assert 'data-action="explore"' in tag(html, "pf-explore-form")

    act(scenario, "explore", params={"player": 0, "kind": "monster", "card": "Goblin", "difficulty": 8})
    html = page(client, scenario["id"])
    assert text_of(html, "pf-encounter-card") == "Goblin" and text_of(html, "pf-encounter-checks") == "0/1"
    assert text_of(html, "pf-location-cards-0") == "8"
    assert 'data-testid="pf-reminder-one-type"' in html
    assert 'data-action="declare_check"' in tag(html, "pf-declare-check")
    assert 'data-testid="pf-explore"' not in html and 'data-testid="pf-end-turn"' not in html
    assert text_of(html, "pf-combat-skill").endswith("without a power: Strength 1d10")

    act(scenario, "declare_check", params={"player": 0})
    act(scenario, "modify_check", params={"player": 1, "by": "bless", "card_type": "blessing"})
    html = page(client, scenario["id"])
    assert text_of(html, "pf-check-who") == "Ann" and text_of(html, "pf-check-dice") == "2d10"
    assert text_of(html, "pf-check-skill") == "Strength 1d10"
    assert 'aria-label="d10"' in tag(html, "pad-roll_check-roll") and 'aria-label="d10"' in tag(html, "pad-roll_check-roll-1")
    assert text_of(html, "pf-check-difficulty") == "8" and text_of(html, "pf-check-bless") == "1"
    assert text_of(html, "pf-check-types") == "blessing"
    assert "One card of each type per check — played: blessing." in html
    assert '"by": "bless", "card_type": "blessing"' in tag(html, "pf-bless-0")
    assert 'data-testid="pf-roll-form"><form class="action-form" data-action="roll_check"' in html
    roll_form = html.split('data-testid="pf-roll-form">')[1].split("</form>")[0]
    assert 'name="roll"' in roll_form and 'type="number"' not in roll_form  # the roll is tapped, never typed
    assert 'data-action="modify_check"' in tag(html, "pf-add-die")
    assert 'data-act="choose_to_fail"' in tag(html, "pf-fail")

    act(scenario, "roll_check", params={"player": 0, "roll": 5})
    html = page(client, scenario["id"])
    assert "Result 5 against 8: failure" in html
    assert 'data-act="resolve_check"' in tag(html, "pf-resolve-check") and 'data-testid="pf-reroll"' in html

    act(scenario, "resolve_check", params={"player": 0})
    html = page(client, scenario["id"])
    assert text_of(html, "pf-damage-amount") == "3"
    assert '"target": 0, "amount": 3' in tag(html, "pf-suffer-damage")
    assert 'data-testid="pf-resolve-encounter"' not in html  # damage first

    act(scenario, "suffer_damage", params={"target": 0, "amount": 3})
    act(scenario, "resolve_encounter", params={"player": 0})
    html = page(client, scenario["id"])  # Ben is at the Academy too: he may avenge
    assert text_of(html, "pf-encounter-step") == "avenge"
    assert 'data-act="avenge"' in tag(html, "pf-avenge-1") and 'data-act="skip_avenge"' in tag(html, "pf-skip-avenge")
    act(scenario, "skip_avenge", params={"player": 0})
    html = page(client, scenario["id"])
    assert 'data-testid="pf-encounter"' not in html and 'data-testid="pf-end-turn"' in html
    assert text_of(html, "pf-hand-0") == "1" and text_of(html, "pf-discards-0") == "3"


def test_each_character_shows_the_skills_the_table_knows(client, create, act):
    table = create({"game": "pathfinder", "mode": "scenario", "options": {},
                    "players": [{"name": "Sam", "character": "Sajan"}, {"name": "Alice", "character": "Amiri"},
                                {"name": "Ann", "character": "Valeros", "hand_size": 4, "skills": "Strength d10"},
                                {"name": "Cid", "character": "Ezren", "hand_size": 6}]})
    html = page(client, table["id"])
    assert text_of(html, "pf-skills-0") == "Skills: Dexterity 1d8 · Acrobatics (Dexterity) 1d8+2 · Perception die not known"
    assert text_of(html, "pf-skills-1") == ("Skills: Strength 1d12 · Melee (Strength) 1d12+2 · Fortitude die not known "
                                            "· not on the card (1d4): Knowledge, Perception")
    assert text_of(html, "pf-skills-2") == "Skills: Strength 1d10 · any other: 1d4"
    assert text_of(html, "pf-skills-3") == "Skills: none known"
    act(table, "advance_hour", params={"player": 0})
    act(table, "explore", params={"player": 0, "kind": "monster", "card": "Ghoul", "difficulty": 13})
    html = page(client, table["id"])
    assert text_of(html, "pf-combat-skill").endswith("without a power: Strength or Melee: die not known, choose it")
    act(table, "declare_check", params={"player": 0, "skill": "combat", "skill_used": "acrobatics", "via_power": True})
    act(table, "modify_check", params={"player": 0, "by": "add_die", "sides": 6})
    html = page(client, table["id"])
    assert text_of(html, "pf-check-skill") == "Acrobatics 1d8+2" and text_of(html, "pf-check-dice") == "1d8 + 1d6 + 2"
    assert 'aria-label="d8"' in tag(html, "pad-roll_check-roll") and 'aria-label="d6"' in tag(html, "pad-roll_check-roll-1")


def test_the_presenter_hands_the_check_dice_to_the_roll_fields():
    s = new([{"name": "Sam", "character": "Sajan"}])
    assert context(Table(GAME, s, "scenario", True, []))["form_dice"] == {}
    for type_, params in (("advance_hour", {"player": 0}), ("explore", {"player": 0, "difficulty": 13}),
                          ("declare_check", {"player": 0, "skill": "acrobatics"}),
                          ("modify_check", {"player": 0, "by": "bless"})):
        s = decide(GAME, s, Action(type_, params)).state
    dice = context(Table(GAME, s, "scenario", True, []))["form_dice"]
    assert dice == {"roll_check": {"roll": [8, 8]}, "reroll": {"roll": [8, 8]}}


def test_a_villain_encounter_shows_guards_and_the_villain_steps(client, scenario, act):
    act(scenario, "advance_hour", params={"player": 0})
    act(scenario, "move", params={"player": 1, "location": "Cell", "forced": True})
    act(scenario, "explore", params={"player": 0, "kind": "villain", "card": "Kobold Sorceror", "difficulty": 9})
    act(scenario, "guard_attempt", params={"player": 1, "success": True})
    html = page(client, scenario["id"])
    assert 'data-testid="pf-villain-0"' in html  # known: the villain is at the Academy
    assert 'data-testid="pf-guarded-2"' in html and 'data-testid="pf-guarded-1"' not in html
    act(scenario, "declare_check", params={"player": 0})
    act(scenario, "roll_check", params={"player": 0, "roll": 12})
    act(scenario, "resolve_check", params={"player": 0})
    act(scenario, "resolve_encounter", params={"player": 0})
    html = page(client, scenario["id"])
    assert text_of(html, "pf-encounter-step") == "villain"
    assert 'data-act="villain_outcome"' in tag(html, "pf-villain-outcome")


def test_the_danger_hint_when_the_deck_is_smaller_than_the_hand(client, scenario, act):
    assert 'data-testid="pf-danger-0"' not in page(client, scenario["id"])
    act(scenario, "remove_from_deck", params={"player": 0, "count": 8, "verb": "discard"})
    html = page(client, scenario["id"])
    assert "this game will try to kill you" in text_of(html, "pf-danger-0")
    assert 'data-testid="pf-danger-1"' not in html


def test_the_campaign_page(client, create, act):
    campaign = create(CAMPAIGN)
    html = page(client, campaign["id"])
    assert 'data-testid="pf-campaign"' in html and 'data-testid="pf-scenario"' not in html
    # the progress grid: one row per scenario of the Adventure Path, N/H/L columns
    row = tag(html, "pf-scenario-0")
    assert 'data-title="Rumble Road"' in row and 'data-completed="0"' in row
    assert 'data-title="1A: Plans Gone Wrong"' in tag(html, "pf-scenario-1")
    for letter in "NHL":
        assert 'data-done="0"' in tag(html, f"pf-progress-0-{letter}")
    assert text_of(html, "pf-hero-0") == "0" and text_of(html, "pf-pending-1") == "0"
    # feats as checkboxes that record spend_hero_point_on_feat
    box = tag(html, "pf-feat-0-card-weapon")
    assert 'type="checkbox"' in box and 'data-act="spend_hero_point_on_feat"' in box
    assert "&quot;feat&quot;: &quot;card&quot;, &quot;card_type&quot;: &quot;weapon&quot;" in box
    first = tag(html, "pf-feat-1-skill-arcane-1")  # Lem's known skills have rows; +1 comes first
    assert 'data-act="spend_hero_point_on_feat"' in first and "&quot;value&quot;: 1" in first
    assert "disabled" in tag(html, "pf-feat-1-skill-arcane-2")
    assert 'data-action="spend_hero_point_on_feat"' in tag(html, "pf-power-feat-0")
    assert "4 weapon" in html and "Deck list (15)" in html
    # start the next scenario for this campaign: the home form, linked by the edit token
    form = re.search(r'<form[^>]*data-testid="pf-start-next".*?</form>', html, re.S).group(0)
    assert 'action="/"' in form and f'name="campaign" value="{campaign["id"]}"' in form
    assert 'name="title" value="Rumble Road"' in form and 'name="scenario" value="rumble-road"' in form
    assert 'name="character" value="Valeros"' in form and "csrfmiddlewaretoken" in form
    # the drawer holds the campaign's actions only
    assert 'data-action="claim_reward"' in html and 'data-action="explore"' not in html


def test_checking_a_feat_is_recorded_and_shown(client, create, act, api):
    campaign = create(CAMPAIGN)
    scenario = linked_scenario(create, campaign)
    win(act, scenario)
    assert client.post(f"/t/{scenario['id']}/record-in-campaign/").status_code == 302
    act(campaign, "claim_reward", params={"level": "scenario", "hero_points": 1})
    html = page(client, campaign["id"])
    assert text_of(html, "pf-pending-0") == "1" and 'data-testid="pf-bank-0"' in html
    act(campaign, "spend_hero_point_on_feat", params={"player": 0, "feat": "card", "card_type": "weapon"})
    html = page(client, campaign["id"])
    row = re.search(r'weapon <small class="muted">\(5\)</small></span>(.*?)</div>', html, re.S).group(1)
    assert row.count("checked disabled") == 1  # the checked box, then a fresh one
    assert text_of(html, "pf-pending-0") == "0"


def test_starting_the_next_scenario_from_the_campaign_page(client, create):
    campaign = create(CAMPAIGN)
    html = page(client, campaign["id"])
    form = re.search(r'<form[^>]*data-testid="pf-start-next".*?</form>', html, re.S).group(0)
    data = {}
    for name, value in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form):
        data.setdefault(name, []).append(value)
    response = client.post("/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    new = Session.objects.get(pk=response["Location"].split("/")[2])
    assert new.mode == "scenario" and new.options["campaign"] == campaign["id"]
    assert new.state["campaign"] == campaign["view_id"] and new.state["scenario"]["title"] == "Rumble Road"
    assert [p["character"] for p in new.state["players"]] == ["Valeros", "Lem"]


def test_view_only_links_show_no_write_controls(client, create, act):
    campaign = create(CAMPAIGN)
    scenario = linked_scenario(create, campaign)
    for token in (scenario["view_id"], campaign["view_id"]):
        html = page(client, token)
        assert 'data-testid="view-only"' in html and "data-act=" not in html and "data-action=" not in html
        assert 'data-testid="pf-start-next"' not in html and 'data-testid="pf-advance-hour"' not in html
        assert campaign["id"] not in html and scenario["id"] not in html
    html = page(client, campaign["view_id"])
    assert "disabled" in tag(html, "pf-feat-0-card-weapon")
    win(act, scenario)
    html = page(client, scenario["view_id"])
    assert 'data-testid="pf-result"' in html and 'data-testid="pf-record"' not in html
    assert f'/t/{campaign["view_id"]}/' in tag(html, "pf-campaign-link")


def test_record_in_campaign_only_when_over_and_linked(client, create, act):
    campaign = create(CAMPAIGN)
    linked = linked_scenario(create, campaign)
    lone = create({"game": "pathfinder", "mode": "scenario", "players": [{"name": "Ann", "character": "Valeros", "hand_size": 4}],
                   "options": {"locations": [{"name": "Tower", "cards": 0}]}})
    assert 'data-testid="pf-record"' not in page(client, linked["id"])  # not over yet
    win(act, linked)
    win(act, lone)
    assert 'data-testid="pf-record"' not in page(client, lone["id"])  # over, but no campaign
    html = page(client, linked["id"])
    form = re.search(r'<form[^>]*data-testid="pf-record-form".*?</form>', html, re.S).group(0)
    assert f'action="/t/{linked["id"]}/record-in-campaign/"' in form and "csrfmiddlewaretoken" in form
    assert "Record in campaign" in form

    response = client.post(f"/t/{linked['id']}/record-in-campaign/")
    assert response.status_code == 302 and response["Location"] == f"/t/{campaign['id']}/"
    html = page(client, campaign["id"])
    assert 'data-completed="1"' in tag(html, "pf-scenario-0")
    assert 'data-done="1"' in tag(html, "pf-progress-0-N") and 'data-done="0"' in tag(html, "pf-progress-0-H")
    assert re.search(r'data-testid="pf-last-scenario">Last: <strong>Rumble Road</strong> \(normal\) — won', html)


def test_a_refused_record_shows_why_on_the_scenario_page(client, create, act):
    campaign = create(CAMPAIGN)
    first, second = linked_scenario(create, campaign), linked_scenario(create, campaign)
    win(act, first)
    win(act, second)
    assert client.post(f"/t/{first['id']}/record-in-campaign/").status_code == 302
    # the campaign is now wrapping up the first one: the second can't be recorded yet
    response = client.post(f"/t/{second['id']}/record-in-campaign/")
    assert response.status_code == 422
    html = response.content.decode()
    assert 'data-testid="pf-campaign-error"' in html and 'data-testid="pf-record"' in html


def test_the_skills_are_corrected_on_the_character_card(client, scenario, act):
    html = page(client, scenario["id"])
    assert 'data-testid="pf-skills-edit-0"' in html and 'data-action="set_skills"' in html
    act(scenario, "set_skills", params={"player": 0, "skills": "Strength d10, Melee: Strength +2"})
    assert text_of(page(client, scenario["id"]), "pf-skills-0") == (
        "Skills: Strength 1d10 · Melee (Strength) 1d10+2 · any other: 1d4")
    act(scenario, "set_skills", expected=400, params={"player": 0, "skills": "Strength d7"})
