"""The adventure's page between its combats, driven through the API and read as the phone gets it:
the narrative's pads, choices, results, Fate reroll and rolled loss; Continue and its refusal; the won
combat's rewards and respite; the next act; the retry after a defeat; the end of the adventure."""
import json
import re

import pytest

from tests.support.api import post_action, post_session
from tests.support.pages import page, tag, text_of
from tracker.engine.kit.presenter import Table, chain_legal, mode_forms
from tracker.games.aventuria import GAME
from tracker.games.aventuria.page import context

from bench.taps import offered
from tracker.games import plugin

from .conftest import BARON, BODYGUARD, new, ok

HEROES = [{"name": "Ann", "hero": "DB", "skills": {"knowledge": 12, "survival": 11, "perception": 10}},
          {"name": "Ben", "hero": "TM"}]
WILDENSTEIN = {"game": "aventuria", "mode": "adventure", "players": HEROES,
               "options": {"adventure": "legacy-of-wildenstein", "difficulty": "normal", "starting_player": 0,
                           "start_act": 1, "heir": 1}}
GRIPBEARD = {**BARON, "name": "Gripbeard Goutgroves", "dodge": "-"}
BANDITS = [{**BODYGUARD, "name": "Bandit", "keywords": ["Bandit"]}] * 2


def inner(html, testid):
    """The text of the element carrying data-testid, its tags stripped (up to its first closing tag of
    the same name: the tests read paragraphs, list items and small divisions)."""
    found = re.search(rf'<(\w+)[^>]*data-testid="{re.escape(testid)}"[^>]*>(.*?)</\1>', html, re.S)
    assert found, testid
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(2)).split()).replace("&#x27;", "'").replace("&gt;", ">")


def _post(api, session, type_, **params):
    return api.post(f"/api/sessions/{session['id']}/actions/", {"type": type_, "params": params}, format="json")


def _quicks(state):
    """Every Quick the presenter offers, each recorded as it stands (the page never offers a refusal)."""
    table = Table(GAME, state, state["mode"], True, mode_forms(GAME, state, state["mode"]))
    found = offered(plugin("aventuria"), state, state["mode"])["quick"]
    for q in found:
        assert chain_legal(table, [(q.type, q.params), *((s["type"], s["params"]) for s in q.then)]), (q.label, q.params)
    return {q.testid: q for q in found}


def _win(api, session, state):
    """The combat set up and every villain brought down: the combat is won."""
    state = post_action(api, session, "setup_combat", time_counters=5, villains=[GRIPBEARD, *BANDITS])["state"]
    for v in state["villains"]:
        state = post_action(api, session, "villain_life_point_loss", villain=v["id"], amount=v["life_points"])["state"]
    return state


# ------------------------------------------------------------------ the narrative

def test_the_first_step_shows_the_text_who_rolls_and_a_pad_per_hero(api, client, db):
    session = post_session(api, WILDENSTEIN)
    assert session["state"]["phase"] == "narrative"
    html = page(client, session["id"])
    assert text_of(html, "narrative-title") == "The archives"
    assert "Each hero rolls Knowledge." in inner(html, "narrative-who")
    assert text_of(html, "narrative-step") == "Narrative · step 1 of 3"
    assert text_of(html, "av-act-title") == "The Legacy of Wildenstein" and text_of(html, "av-act-number") == "Act 1 of 3"
    assert text_of(html, "narrative-value-0") == "Knowledge 12" and text_of(html, "narrative-value-1") == "Knowledge ?"
    # Ann's value is on record: a face is one tap; Ben's is not: his pad sits in a form asking it
    assert json.loads(tag(html, "narrative-roll-0-5").split('data-params="')[1].split('"')[0].replace("&quot;", '"')) \
        == {"player": 0, "roll": 5}
    assert 'data-face="7"' in tag(html, "narrative-roll-1-7") and 'data-testid="narrative-roll-1-value"' in html
    for face in (1, 20):
        assert f'data-testid="narrative-roll-0-{face}"' in html and f'data-testid="narrative-roll-1-{face}"' in html
    # what each result does, in our words
    assert "Take 2 Fate Points." in html and "1 Fate Point leaves the middle for this act." in html
    # the combat setup stays one fold away
    assert 'data-testid="narrative-skip"' in html and 'data-testid="time-5"' in html


def test_continue_is_refused_until_every_hero_rolled_and_the_refusal_stands_beside_it(api, client, db):
    session = post_session(api, WILDENSTEIN)
    html = page(client, session["id"])
    owed = re.search(r'data-testid="narrative-owed".*?</div>', html, re.S).group(0)
    assert "Ann rolls Knowledge" in owed and "Ben rolls Knowledge" in owed
    assert 'href="/rules/aventuria.R128/"' in owed and "[The Adventure &gt; Narrative]" in owed
    assert 'class="secondary big-button"' in tag(html, "narrative-continue")  # still tappable: accept anyway
    refused = _post(api, session, "advance_phase")
    assert refused.status_code == 422 and refused.json()["violations"][0]["rule"] == "aventuria.R128"
    post_action(api, session, "narrative_skill_test", player=0, roll=5)
    html = page(client, session["id"])
    assert inner(html, "narrative-result-0") == "Rolled 5 against 12: Success . Take 1 Fate Point."
    assert 'data-testid="narrative-roll-0-5"' not in html  # rolled once: no pad again
    owed = re.search(r'data-testid="narrative-owed".*?</div>', html, re.S).group(0)
    assert "Ben rolls Knowledge" in owed and "Ann" not in owed
    post_action(api, session, "narrative_skill_test", player=1, roll=15, value=9)
    html = page(client, session["id"])
    assert 'data-testid="narrative-owed"' not in html
    assert 'class="primary big-button"' in tag(html, "narrative-continue")
    assert inner(html, "narrative-continue") == "Continue \u2192 The storm"
    state = post_action(api, session, "advance_phase")["state"]
    assert state["narrative"]["title"] == "The storm" and state["players"][0]["fate_points"] == 1


def test_a_failed_test_offers_the_fate_reroll_and_a_critical_success_a_repeat(api, client, db):
    session = post_session(api, WILDENSTEIN)
    post_action(api, session, "narrative_skill_test", player=0, roll=1)  # critical: 2 Fate Points
    post_action(api, session, "narrative_skill_test", player=1, roll=3, value=9)
    state = post_action(api, session, "advance_phase")["state"]
    assert state["narrative"]["title"] == "The storm" and state["players"][0]["fate_points"] == 2
    post_action(api, session, "narrative_skill_test", player=0, roll=18)  # Survival 11: failed
    html = page(client, session["id"])
    assert inner(html, "narrative-reroll-0") == "Fate reroll (2 FP)" and 'data-testid="narrative-reroll-0-4"' in html
    state = post_action(api, session, "spend_fate_reroll_test", player=0, roll=4)["state"]
    assert state["narrative"]["rolls"][0]["result"] == "success" and state["players"][0]["fate_points"] == 1
    html = page(client, session["id"])
    assert 'data-testid="narrative-reroll-0"' not in html and "rerolled" in html
    # Ben's critical success lets one other hero repeat a failed Survival test
    state = post_action(api, session, "narrative_skill_test", player=1, roll=1, value=9)["state"]
    assert state["narrative"]["free_rerolls"] == 1
    assert 'data-testid="narrative-free-rerolls"' in page(client, session["id"])


def test_a_choice_step_taps_each_heros_choice_and_the_worst_of_dice_and_the_rolled_loss(api, client, db):
    session = post_session(api, {**WILDENSTEIN, "players": [{"name": "Ann", "skills": {"willpower": 12}},
                                                            {"name": "Ben", "skills": {"willpower": 10}}],
                                 "options": {"adventure": "the-non-gambling-kind", "starting_player": 0}})
    html = page(client, session["id"])
    assert inner(html, "narrative-title") == "The Idol's dance"
    assert 'data-testid="narrative-choice-0-stay"' in html and 'data-testid="narrative-choice-1-leave"' in html
    post_action(api, session, "narrative_choice", player=0, choice="stay")
    html = page(client, session["id"])
    assert inner(html, "narrative-result-0") == "Chose stay : Take 1 damage point."
    assert 'data-testid="narrative-choice-0-leave"' not in html and 'data-testid="narrative-choice-1-stay"' in html
    assert _post(api, session, "narrative_choice", player=0, choice="leave").status_code == 422
    post_action(api, session, "narrative_choice", player=1, choice="leave")
    post_action(api, session, "advance_phase")
    for choice in ("grab", "keep"):
        post_action(api, session, "narrative_choice", player=0, choice=choice)
        post_action(api, session, "narrative_choice", player=1, choice={"grab": "refrain", "keep": "resist"}[choice])
        state = post_action(api, session, "advance_phase")["state"]
    assert state["narrative"]["title"] == "Breaking the spell" and state["players"][0]["damage_points"] == 3
    html = page(client, session["id"])
    # Ann rolls three dice and the worst counts; Ben has no damage point: a critical success unrolled
    assert all(f'data-testid="narrative-roll-0-d{k}-9"' in html for k in range(3))
    assert 'data-testid="narrative-roll-0-9"' not in html and "without a roll" in inner(html, "narrative-result-1")
    post_action(api, session, "narrative_skill_test", player=0, roll=16, dice=[4, 16, 9])  # failure: 1D6
    html = page(client, session["id"])
    assert [f'data-testid="narrative-loss-0-{n}"' in html for n in (1, 6, 7)] == [True, True, False]
    assert "rolls 1d6 for the life point loss" in re.search(r'data-testid="narrative-owed".*?</div>', html, re.S).group(0)
    post_action(api, session, "narrative_effect", kind="lose_life", player=0, amount=4)
    state = post_action(api, session, "advance_phase")["state"]
    assert state["phase"] == "combat_setup" and state["players"][0]["life_points"] == 36


def test_the_pads_offer_only_what_the_engine_takes():
    state = new("adventure", n=2, start=0, adventure="legacy-of-wildenstein", heir=1,
                players=[{"name": "Ann", "skills": {"knowledge": 12}}, {"name": "Ben"}])
    ids = _quicks(state)
    assert {"narrative-roll-0-1", "narrative-roll-0-20"} <= set(ids) and "narrative-continue" not in ids
    state = ok(ok(state, "narrative_skill_test", player=0, roll=2), "narrative_skill_test", player=1, roll=2, value=5)
    ids = _quicks(state)
    assert "narrative-continue" in ids and not any(t.startswith("narrative-roll-") for t in ids)


# ------------------------------------------------------------------ after a combat

def test_after_a_won_act_the_rewards_the_respite_and_the_next_act(api, client, db):
    session = post_session(api, WILDENSTEIN)
    state = _win(api, session, session["state"])
    assert state["phase"] == "after_combat"
    html = page(client, session["id"])
    assert 'data-testid="av-plan"' not in html and "The combat is won" in html
    assert text_of(html, "av-summary-time").startswith("5 time counters left")
    assert text_of(html, "av-rewards-left") == "2 of 2 left"
    assert 'data-testid="reward-give-0"' in html and 'data-testid="reward-give-0-flittermouse"' in html
    assert text_of(html, "respite-left-0") == "7 points left"  # 5 counters left + 2
    # Ann is at 40 LP: rest is refused, and the refusal says why instead of a tap
    rest = re.search(r'data-testid="respite-rest-0-option".*?</div>', html, re.S).group(0)
    assert "aventuria.R95" in rest and 'data-testid="respite-rest-0-1"' not in html
    assert 'data-testid="respite-pray-0"' in html and 'data-testid="respite-prepare-0"' in html
    assert 'data-testid="respite-practice-0-7"' in html and 'data-testid="respite-train-0-2"' in html
    post_action(api, session, "distribute_reward", player=0, card="Flittermouse")
    post_action(api, session, "decline_reward", player=1)
    post_action(api, session, "respite_spend", player=0, option="prepare", points=4)
    html = page(client, session["id"])
    assert text_of(html, "av-rewards-left") == "1 of 2 left" and 'data-testid="reward-give-0-flittermouse"' not in html
    assert 'data-testid="reward-decline-1"' not in html and text_of(html, "respite-left-1") == "8 points left"
    assert text_of(html, "respite-left-0") == "3 points left" and 'data-testid="respite-prepare-0"' not in html
    assert 'data-testid="respite-practice-0-3"' in html and 'data-testid="respite-practice-0-4"' not in html
    assert inner(html, "begin-act-owed") == "Ann has 3 recovery points left Ben has 8 recovery points left"
    assert "Begin act 2 (normal)" in html and 'data-testid="begin-act-legendary"' in html
    state = post_action(api, session, "begin_act")["state"]
    assert (state["act"], state["phase"], state["difficulty"]) == (2, "narrative", "normal")
    assert text_of(page(client, session["id"]), "narrative-title") == "Ravens over the castle"


def test_a_defeat_offers_the_retry_of_the_act_or_the_adventure(api, client, db):
    session = post_session(api, WILDENSTEIN)
    post_action(api, session, "setup_combat", time_counters=5, villains=[GRIPBEARD, *BANDITS])
    for seat in (0, 1):
        state = post_action(api, session, "life_point_loss", target=seat, amount=40)["state"]
    assert state["phase"] == "defeated"
    html = page(client, session["id"])
    assert "The combat is lost" in html and "Try act 1 again" in html
    assert 'data-testid="retry-act"' in html and 'data-testid="retry-adventure"' in html
    state = post_action(api, session, "retry", scope="act")["state"]
    assert state["phase"] == "narrative" and state["retries"] == 1
    assert text_of(page(client, session["id"]), "av-retries") == "try 2"


def test_the_end_of_the_adventure_shows_the_experience_and_the_rewards_still_to_record(api, client, db):
    session = post_session(api, {**WILDENSTEIN, "options": {**WILDENSTEIN["options"], "start_act": 3}})
    state = post_action(api, session, "setup_combat", time_counters=4,
                        villains=[{**BARON, "name": "Grautax, the False Baron"},
                                  *[{**BODYGUARD, "name": "Skeleton", "keywords": ["Skeleton"]}] * 2])["state"]
    state = post_action(api, session, "villain_life_point_loss", villain="v1", amount=20)["state"]
    assert state["phase"] == "adventure_end"
    html = page(client, session["id"])
    assert "The adventure is won" in html and text_of(html, "xp-0") == "2 XP"
    assert 'data-testid="reward-give-1-barbed-club"' in html and 'data-testid="begin-act"' not in html
    post_action(api, session, "distribute_reward", player=1, card="Barbed Club")
    assert "took <strong>Barbed Club</strong>" in page(client, session["id"])


def test_a_campaign_link_shows_when_the_state_names_the_campaign():
    from tracker.games.aventuria.page_between import between_view

    state = new("adventure", n=1, start=0, adventure="custom")
    state.update(phase="adventure_end", campaign="view-token", rewards={"offered": 0, "taken": [], "declined": []})
    view = between_view(Table(GAME, state, "adventure", True, []))
    assert view["campaign"]["token"] == "view-token"
    assert context(Table(GAME, state, "adventure", False, []))["adv"]["between"]["campaign"]["record"] is False


@pytest.mark.parametrize("phase", ["narrative", "after_combat"])
def test_the_view_link_shows_the_panels_without_taps(phase):
    state = new("adventure", n=2, start=0, adventure="legacy-of-wildenstein", heir=1)
    if phase == "after_combat":
        state = ok(state, "setup_combat", time_counters=5, villains=[GRIPBEARD, *BANDITS])
        for v in list(state["villains"]):
            state = ok(state, "villain_life_point_loss", villain=v["id"], amount=v["life_points"])
    adv = context(Table(GAME, state, "adventure", False, []))["adv"]
    assert adv["act"]["act"] == 1
    found = offered(plugin("aventuria"), state, "adventure")  # the write phone's offer, for contrast
    assert found["quick"]
    view_quicks = [q for q in _walk(adv)]
    assert view_quicks == []


def _walk(node):
    from tracker.engine.kit.presenter import Quick

    if isinstance(node, Quick):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, (list, tuple)):
        for v in node:
            yield from _walk(v)


def test_the_view_link_reads_the_narrative_and_its_results_without_a_pad(api, client, db):
    session = post_session(api, WILDENSTEIN)
    post_action(api, session, "narrative_skill_test", player=0, roll=5)
    html = page(client, session["view_id"])
    assert 'data-testid="view-only"' in html and inner(html, "narrative-title") == "The archives"
    assert inner(html, "narrative-result-0") == "Rolled 5 against 12: Success . Take 1 Fate Point."
    assert 'data-testid="narrative-roll-1-5"' not in html and 'data-testid="narrative-continue"' not in html
    assert "data-act=" not in html and "data-action=" not in html


def _narrative(state, can_write=True):
    return context(Table(GAME, state, "adventure", can_write, []))["adv"]


def test_a_one_hero_step_offers_every_pad_until_the_group_has_picked():
    state = new("adventure", n=2, start=0, adventure="saving-silvana",
                players=[{"name": "Ann", "skills": {"body_control": 11, "perception": 12}},
                         {"name": "Ben", "skills": {"body_control": 9, "perception": 8}}])
    state = ok(ok(state, "narrative_skill_test", player=0, roll=4), "narrative_skill_test", player=1, roll=4)
    state = ok(state, "advance_phase")
    adv = _narrative(state)
    assert adv["narrative"]["n"]["title"] == "Searching the cells" and "picks one hero" in adv["narrative"]["who_line"]
    assert [h["pad"]["kind"] for h in adv["narrative"]["heroes"]] == ["taps", "taps"]
    state = ok(state, "narrative_skill_test", player=1, roll=19)
    heroes = _narrative(state)["narrative"]["heroes"]
    assert heroes[0]["pad"] is None and heroes[1]["pad"] is None  # Ben rolled for the group
    assert heroes[1]["entry"]["title"] == "Failure" and heroes[1]["rerolls"] == []  # no Fate Point to pay


def test_a_custom_adventures_open_step_asks_the_skill_and_leaves_the_setup_open():
    state = new("adventure", n=2, start=0, adventure="custom")
    adv = _narrative(state)
    pad = adv["narrative"]["heroes"][0]["pad"]
    assert pad["kind"] == "form" and pad["ask_skill"] and not pad["ask_value"]
    assert adv["narrative"]["cont"]["quick"].testid == "narrative-continue" and adv["narrative"]["last"]
    assert adv["setup"]["from_narrative"] and adv["setup"]["time_form"]
    state = ok(state, "narrative_skill_test", player=0, roll=3, skill="craft", value=11)
    state = ok(state, "narrative_skill_test", player=0, roll=17, skill="stealth", value=9)
    rolls = _narrative(state)["narrative"]["heroes"][0]["rolls"]
    assert [(r["skill_title"], r["title"]) for r in rolls] == [("Craft", "Success"), ("Stealth", "Failure")]
