"""An adventure across its acts on a phone: a narrative step tapped, the combat won, the Brief Respite
spent (a Reward Card given, one declined, rest and prayer), the next act begun; and a finished adventure
recorded into its campaign, whose experience is then spent on the campaign page.

The combat's setup and its killing blows go in over the API, as a second phone at the table would send
them: the taps of a combat have their own tests (test_aventuria_adventure.py)."""
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 740}}
SKILLS = {"knowledge": 12, "survival": 11, "perception": 10, "willpower": 12, "craft": 9, "persuade": 11,
          "body_control": 10, "stealth": 9}
HEROES = [{"name": "Ann", "hero": "DB", "skills": SKILLS}, {"name": "Ben", "hero": "TM", "skills": SKILLS}]
WILDENSTEIN = {"game": "aventuria", "mode": "adventure", "players": HEROES,
               "options": {"adventure": "legacy-of-wildenstein", "start_act": 1, "heir": 1, "starting_player": 0}}
GRIPBEARD = {"name": "Gripbeard Goutgroves", "kind": "leader", "life_points": 20, "dodge": "-", "armor": 1,
             "actions": "N"}
BANDIT = {"name": "Bandit", "kind": "henchman", "tp": 5, "life_points": 6, "dodge": "-", "armor": 1, "actions": 1,
          "keywords": ["Bandit"]}


class Table:
    """Taps on one phone; `send` is another phone's action over the API. Both wait for the version."""

    def __init__(self, context, page, token):
        self.context, self.page, self.token = context, page, token

    def version(self) -> int:
        return int(self.page.get_by_test_id("version").inner_text())

    def _wait(self, version):
        self.page.wait_for_function("v => +document.querySelector('[data-testid=version]').textContent >= v",
                                    arg=version)

    def tap(self, testid, records=1):
        before = self.version()
        self.page.get_by_test_id(testid).tap()
        if records:
            self._wait(before + records)

    def send(self, type_, **params):
        response = self.context.request.post(f"/api/sessions/{self.token}/actions/",
                                             data={"type": type_, "params": params})
        assert response.status == 201 or response.status == 200, response.text()
        self.page.reload()
        return response.json()


def _open(new_context, body):
    context = new_context(**SMALL)
    page = context.new_page()
    response = context.request.post("/api/sessions/", data=body)
    assert response.status == 201, response.text()
    token = response.json()["id"]
    page.goto(f"/t/{token}/")
    return Table(context, page, token)


def _win_act_1(table):
    """Act 1's narrative by taps, its combat set up and won from the other phone."""
    page = table.page
    expect(page.get_by_test_id("av-act-number")).to_contain_text("1")
    expect(page.get_by_test_id("narrative-title")).to_have_text("The archives")
    table.tap("narrative-roll-0-5")  # Knowledge 12: a success, 1 Fate Point
    expect(page.get_by_test_id("narrative-result-0")).to_contain_text("Success")
    table.tap("narrative-roll-1-14")  # a failure: nothing
    table.tap("narrative-continue")
    expect(page.get_by_test_id("narrative-title")).to_have_text("The storm")
    table.tap("narrative-roll-0-3")
    table.tap("narrative-roll-1-6")
    table.tap("narrative-continue")
    table.tap("narrative-roll-0-4")
    table.tap("narrative-roll-1-7")
    table.tap("narrative-continue")
    expect(page.get_by_test_id("av-setup")).to_be_visible()
    table.send("setup_combat", time_counters=5, villains=[GRIPBEARD, BANDIT, BANDIT])
    for vid, amount in (("v2", 6), ("v3", 6), ("v1", 20)):
        table.send("villain_life_point_loss", villain=vid, amount=amount, player=0)


def test_a_narrative_a_won_combat_the_respite_and_the_next_act(new_context, shot):
    table = _open(new_context, WILDENSTEIN)
    page = table.page
    _win_act_1(table)

    # After the combat: the summary, the Reward Cards, the respite planner
    expect(page.get_by_test_id("av-summary-result")).to_contain_text("Victory in round 1")
    expect(page.get_by_test_id("respite-left-0")).to_contain_text("7")  # 5 counters left + 2
    table.tap("reward-give-0-barbed-club")
    table.tap("reward-decline-1")
    expect(page.get_by_test_id("respite-left-1")).to_contain_text("8")  # + 1 for the declined card
    table.tap("respite-pray-0")  # 2 points: 1 Fate Point from the middle
    expect(page.get_by_test_id("respite-left-0")).to_contain_text("5")
    shot(page, "adventure-respite")
    table.tap("begin-act")

    # Act 2 opens on its first narrative step, at the same difficulty
    expect(page.get_by_test_id("av-act-number")).to_contain_text("2")
    expect(page.get_by_test_id("narrative-title")).to_have_text("Ravens over the castle")
    state = table.context.request.get(f"/api/sessions/{table.token}/").json()["state"]
    assert state["players"][0]["reward_cards"] == ["Barbed Club"] and state["players"][0]["fate_points"] == 1
    assert state["difficulty_log"] == [{"act": 1, "difficulty": "normal"}, {"act": 2, "difficulty": "normal"}]
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


GRAUTAX = {"name": "Grautax, the False Baron", "kind": "leader", "life_points": 15, "dodge": "-", "armor": 0,
           "actions": "N"}
SKELETON = {"name": "Skeleton", "kind": "henchman", "tp": 3, "life_points": 4, "dodge": "-", "armor": 0,
            "actions": 1, "keywords": ["Skeleton"]}


def test_a_finished_adventure_is_recorded_into_its_campaign_and_its_experience_spent(new_context, shot):
    context = new_context(**SMALL)
    page = context.new_page()
    made = context.request.post("/api/sessions/", data={"game": "aventuria", "mode": "campaign", "players": HEROES,
                                                        "options": {"title": "Tuesdays"}})
    assert made.status == 201, made.text()
    campaign = made.json()["id"]
    made = context.request.post("/api/sessions/", data={**WILDENSTEIN, "players": [{"name": "Ann", "hero": "DB"},
                                                                                  {"name": "Ben", "hero": "TM"}],
                                                        "options": {"adventure": "legacy-of-wildenstein",
                                                                    "start_act": 3, "campaign": campaign}})
    assert made.status == 201, made.text()
    token = made.json()["id"]
    page.goto(f"/t/{token}/")
    table = Table(context, page, token)
    # Act III's narrative by taps: the skills came from the Hero Documents
    expect(page.get_by_test_id("narrative-value-0")).to_contain_text("10")  # Body Control
    for _ in range(3):
        table.tap("narrative-roll-0-4")
        table.tap("narrative-roll-1-4")
        table.tap("narrative-continue")
    table.send("setup_combat", time_counters=5, villains=[GRAUTAX, SKELETON, SKELETON])
    table.send("villain_life_point_loss", villain="v1", amount=15, player=0)
    expect(page.get_by_test_id("xp-0")).to_contain_text("2")
    page.get_by_test_id("av-record").tap()  # the finished adventure goes into its campaign, once

    page.wait_for_url(f"**/t/{campaign}/")
    expect(page.get_by_test_id("adventure-1")).to_contain_text("The Legacy of Wildenstein")
    expect(page.get_by_test_id("xp-left-0")).to_have_text("2")
    before = int(page.get_by_test_id("version").inner_text())
    page.get_by_test_id("raise-0-knowledge").tap()
    page.wait_for_function("v => +document.querySelector('[data-testid=version]').textContent >= v", arg=before + 1)
    expect(page.get_by_test_id("skill-now-0-knowledge")).to_have_text("13")
    expect(page.get_by_test_id("xp-left-0")).to_have_text("1")
    shot(page, "aventuria-campaign")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
