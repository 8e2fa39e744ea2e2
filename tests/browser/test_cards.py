"""Cards typed once are remembered, in a phone browser: choosing a known name in an action form fills what
the card says (the player may still change it), and the phone offers what it recorded at one table at
its other tables, while the server keeps each table's cards to that table. Hooks: docs/PAGES.md."""
import pytest
from playwright.sync_api import expect

from tracker.models import CardFact, Session

pytestmark = pytest.mark.browser

CHAIN_MAIL = {"cost": 2, "kind": "permanent", "x_cost": False, "armor_location": "chest"}


def _form(page, action):
    page.get_by_test_id("all-actions").click()
    form = page.locator(f"form[data-action={action}]")
    expect(form).to_be_visible()
    return form


def _value(form, name):
    """What a field holds, whatever control the page draws for it."""
    return form.evaluate("""(form, name) => {
        const el = form.elements.namedItem(name);
        if (!el) return null;
        if (el.type === "checkbox") return el.checked;
        return el.value;
    }""", name)


def test_choosing_a_known_name_fills_what_the_card_says(page, create_session):
    session = create_session()
    CardFact.objects.create(scope=Session.objects.get(pk=session["id"]), game=session["game"], kind="card",
                            key="chain mail", name="Chain Mail", facts=CHAIN_MAIL)
    page.goto(session["url"])
    form = _form(page, "play_action_card")
    name = form.locator("input[name=card]")
    expect(name).to_have_attribute("list", "tk-cards-card")
    expect(page.locator("#tk-cards-card option[value='Chain Mail']")).to_have_count(1)

    untouched = [_value(form, f) for f in ("kind", "armor_location")]
    name.fill("Chain Mail")  # what the browser does when the name is picked from the list
    assert [_value(form, f) for f in ("cost", "kind", "x_cost", "armor_location")] == ["2", "permanent", False, "chest"]

    form.locator("[name=cost]").fill("3")  # the player corrects a fact before recording
    name.fill("Leather Vest")  # not a known card: what the list put in goes again, the player's own stays
    assert [_value(form, f) for f in ("cost", "kind", "armor_location")] == ["3", *untouched]
    assert untouched != ["permanent", "chest"]


def test_the_phone_offers_at_its_other_tables_what_it_recorded_and_the_server_keeps_it_apart(page, create_session):
    first, second = create_session(), create_session()
    page.goto(first["url"])
    form = _form(page, "resolve_turn_trigger")
    form.locator("input[name=card]").fill("Morning Prayer")
    form.locator("button[type=submit]").click()
    expect(page.get_by_test_id("log")).to_contain_text("Morning Prayer")
    kept = page.evaluate("JSON.parse(localStorage.getItem('tk.cards.' + document.querySelector('[data-cards]').dataset.game))")
    assert kept["tk-cards-card"]["morning prayer"]["facts"] == {"when": "start"}

    page.goto(second["url"])
    expect(page.locator("#tk-cards-card option[value='Morning Prayer']")).to_have_count(1)  # from this phone
    assert page.request.get(f"/api/sessions/{second['id']}/cards/").json() == []  # never from the server
    assert [c["name"] for c in page.request.get(f"/api/sessions/{first['id']}/cards/").json()] == ["Morning Prayer"]
    form = _form(page, "resolve_turn_trigger")
    form.locator("select[name=when]").select_option("end")
    form.locator("input[name=card]").fill("morning prayer")
    assert _value(form, "when") == "start"
