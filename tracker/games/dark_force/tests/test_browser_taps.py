"""Dark Force on a 390x844 phone, counted in taps: a terrain played with a unit (chips for the type and the card
values, the form open in Play Terrains, the name taken from the type when it is the same) and a two-against-two
combat round (one button per placement, "No retreats" passing over the steps nobody could act in, the dice on
pads, "Resolve" moving on to reorganize). A tap is a touch: a button, a chip, a face of a die, a field focused
for typing; the typed text is counted apart. Hooks: docs/PAGES.md (Dark Force)."""
import pytest
from playwright.sync_api import expect

from tracker.models import Session

from .test_pages import terrain, unit

pytestmark = pytest.mark.browser

DUEL = {"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
        "options": {"deck_size": 60, "first_player": 0}}


class Taps:
    """Touches on the page, counted as the player makes them."""

    def __init__(self, page):
        self.page, self.taps, self.typed = page, 0, []

    def tap(self, testid):
        self.page.get_by_test_id(testid).tap()
        self.taps += 1

    def act(self, locator, events=1):
        """Tap a button that records `events` actions, and wait until the page shows the state they leave
        (the refreshed fragment's version, not only the page's attribute, which changes before the swap)."""
        shown = self.page.get_by_test_id("version")
        version = int(shown.inner_text())
        locator.tap()
        self.taps += 1
        expect(shown).to_have_text(str(version + events))

    def type(self, testid, text):
        self.tap(testid)
        self.page.get_by_test_id(testid).fill(text)
        self.typed.append(text)


def record(request, session, type, **params):
    response = request.post(f"/api/sessions/{session['id']}/actions/", data={"type": type, "params": params})
    assert response.status == 201, response.text()


def sent_play(page, taps, testid):
    with page.expect_response(lambda r: r.url.endswith("/actions/") and r.request.method == "POST") as answer:
        taps.tap(testid)
    assert answer.value.status == 201, answer.value.text()
    return answer.value.request.post_data_json["params"]


def test_a_terrain_with_a_unit_in_seven_taps(page, create_session, shot):
    duel = create_session(DUEL)
    record(page.request, duel, "choose_draws", player=0, count=0)
    record(page.request, duel, "next_step", player=0)
    page.goto(duel["url"])
    expect(page.get_by_test_id("df-terrain-form")).to_be_visible()  # open in Play Terrains: no tap to open it
    taps = Taps(page)
    taps.tap("df-terrain-type-plains")
    taps.type("df-terrain-name", "Green Hills")
    taps.tap("df-terrain-cap-4")
    taps.type("df-terrain-unit-name", "Sir Ulf")  # a hero: the kind chip already chosen
    taps.tap("df-terrain-unit-third-3")
    taps.tap("df-terrain-unit-cs-2")
    shot(page, "dark-force-terrain-form", full_page=True)
    params = sent_play(page, taps, "df-terrain-submit")
    assert params == {"player": 0, "name": "Green Hills", "type": "Plains", "values": {"cap": 4},
                      "unit": {"kind": "hero", "name": "Sir Ulf", "values": {"third": 3, "cs": 2}}}
    assert (taps.taps, len(taps.typed)) == (7, 2)
    expect(page.locator("[data-testid^=df-terrain-t]").first).to_contain_text("Green Hills")

    # A second one named as its type, with an army: one typed field, the type chip offered from the map too.
    taps = Taps(page)
    expect(page.get_by_test_id("df-terrain-form")).to_be_visible()
    taps.tap("df-terrain-type-mountain")
    taps.tap("df-terrain-cap-3")
    taps.tap("df-terrain-unit-kind-army")
    taps.type("df-terrain-unit-name", "Orc Band")
    taps.tap("df-terrain-unit-third-2")
    taps.tap("df-terrain-unit-cs-1")
    params = sent_play(page, taps, "df-terrain-submit")
    assert params["name"] == "Mountain" and params["unit"] == {"kind": "army", "name": "Orc Band",
                                                                "values": {"third": 2, "cs": 1}}
    assert (taps.taps, len(taps.typed)) == (7, 1)
    expect(page.get_by_test_id("df-terrains-0")).to_have_text("2")


def two_against_two(session_id):
    """Ann's Plains beside Ben's Mountain (CS +2), where Ben's Goblins and Orcs meet Ann's Marus and Spears:
    the combat phase, the Mountain queued (what Movement End leaves)."""
    s = Session.objects.get(pk=session_id)
    state = s.state
    state["terrains"] = [terrain("t1", "Green Plains", "Plains", 0, (0, 0)),
                         {**terrain("t2", "Mountains of Fear", "Mountain", 1, (0, -1)),
                          "values": {"cs": 2, "ms": 0, "cap": 4}}]
    state["units"] = {uid: unit(uid, name, "army", seat, "t2", "down", 1, cs=cs, cd=cs)
                      for uid, name, seat, cs in (("u1", "Goblins", 1, 1), ("u2", "Orcs", 1, 1),
                                                  ("u3", "Marus", 0, 2), ("u4", "Spears", 0, 2))}
    state["combat_queue"], state["phase"] = ["t2"], "combat"
    state["players"][0].update(draws_this_turn=0, terrains=1, ever_had_terrain=True)
    state["players"][1].update(terrains=1, ever_had_terrain=True)
    s.state = state
    s.save()


def test_a_two_against_two_combat_round_in_twelve_taps(page, create_session, shot):
    duel = create_session(DUEL)
    two_against_two(duel["id"])
    page.goto(duel["url"])
    taps = Taps(page)
    by = page.get_by_test_id
    taps.act(by("df-start-combat-t2"))
    for placed in range(4):  # Ben 1, Ann 2, Ben 1: each where it obviously goes, opposite an enemy
        button = page.locator("[data-testid^=df-place-u]").first
        expect(button).to_contain_text("face-down army")
        taps.act(button, events=2 if placed == 3 else 1)  # the last one moves on to the retreats
    expect(by("df-combat-step")).to_have_text("announce retreat")
    expect(by("df-no-retreats")).to_have_text("No retreats · on to close combat")
    taps.act(by("df-no-retreats"), events=3)
    expect(by("df-combat-step")).to_have_text("close combat")
    shot(page, "dark-force-combat-dice", wait_hidden="toast", full_page=True)
    for uid, roll in (("u1", 3), ("u2", 3), ("u3", 4), ("u4", 4)):  # 4+2 against 3+1+2: no hit
        taps.act(by(f"df-roll-unit-{uid}-{roll}"))
        expect(by(f"df-roll-unit-{uid}")).to_contain_text(f"rolled {roll}")
    expect(by("df-resolve-attacks")).to_have_text("Resolve the close combat · on to reorganize")
    taps.act(by("df-resolve-attacks"), events=2)
    expect(by("df-combat-step")).to_have_text("reorganize")
    expect(by("df-combat-results")).to_contain_text("Marus")
    taps.act(by("df-reorganize"))
    expect(page.get_by_test_id("df-combat")).to_contain_text("round 2")
    assert (taps.taps, taps.typed) == (12, [])
