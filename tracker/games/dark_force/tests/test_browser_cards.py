"""Dark Force on a phone, cards typed once: a terrain typed at one duel of a tournament fills its type and
values at the next duel's terrain form when its name is chosen; a unit recruited face down is offered
again only on the phone that typed it. Hooks: docs/PAGES.md (Dark Force)."""
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PLAYERS = [{"name": "Ann"}, {"name": "Ben"}]


def _at_terrains(page, create_session, **options):
    duel = create_session({"game": "dark-force", "mode": "duel", "players": PLAYERS,
                           "options": {"deck_size": 60, "first_player": 0, **options}})
    for action in ({"type": "choose_draws", "params": {"player": 0, "count": 0}},
                   {"type": "next_step", "params": {"player": 0}}):
        assert page.request.post(f"/api/sessions/{duel['id']}/actions/", data=action).status == 201
    return duel


def _value(form, name):
    return form.evaluate("(form, name) => form.elements.namedItem(name).value", name)


def test_a_terrain_of_the_tournament_fills_the_form_and_a_face_down_unit_stays_on_its_phone(page, new_context,
                                                                                         create_session):
    tournament = create_session({"game": "dark-force", "mode": "tournament", "players": PLAYERS, "options": {}})
    first = _at_terrains(page, create_session, tournament=tournament["id"], essen96=True)
    page.goto(first["url"])
    form = page.get_by_test_id("df-terrain-form")  # open in Play Terrains
    form.locator("[name=name]").fill("Swamp of Sorrows")
    form.locator("[name=type]").fill("Swamp")
    form.locator("[name='values.cs']").fill("1")
    form.locator("[name='values.cap']").fill("3")
    form.locator("[name='unit.name']").fill("Secret Spears")
    page.get_by_test_id("df-terrain-unit-kind-army").click()
    form.locator("[name='unit.values.third']").fill("2")
    form.locator("[name='unit.values.cs']").fill("2")
    page.get_by_test_id("df-terrain-submit").click()
    expect(page.get_by_test_id("log")).to_contain_text("Swamp of Sorrows")
    # the live part came back with the recruit form: its name field offers the unit this phone typed
    expect(page.get_by_test_id("df-recruit-form").locator("[name='unit.name']")).to_have_attribute("list", "tk-cards-unit")
    expect(page.locator("#tk-cards-unit option[value='Secret Spears']")).to_have_count(1)
    expect(page.locator("#tk-cards-terrain option[value='Swamp of Sorrows']")).to_have_count(1)

    second = _at_terrains(page, create_session, tournament=tournament["id"], essen96=True)
    for phone, unit_offered in ((page, True), (new_context().new_page(), False)):  # this phone, then the other's
        phone.goto(second["url"])
        form = phone.get_by_test_id("df-terrain-form")
        expect(form.locator("[name=name]")).to_have_attribute("list", "tk-cards-terrain")
        form.locator("[name=name]").fill("swamp of sorrows")
        assert [_value(form, n) for n in ("type", "values.cs", "values.cap")] == ["Swamp", "1", "3"]
        expect(phone.locator("#tk-cards-unit option[value='Secret Spears']")).to_have_count(1 if unit_offered else 0)
        if unit_offered:
            form.locator("[name='unit.name']").fill("Secret Spears")
            assert [_value(form, n) for n in ("unit.values.third", "unit.values.cs")] == ["2", "2"]
            form.locator("[name='unit.name']").fill("Unknown Riders")  # takes back the unit's values only
            assert [_value(form, n) for n in ("unit.values.third", "values.cap")] == ["", "3"]
