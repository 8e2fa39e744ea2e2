"""The table page in a phone browser: start a duel, record, be refused, accept anyway, undo, share,
follow from a second phone, watch without controls. Hooks: docs/PAGES.md."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TABLE_URL = re.compile(r"/t/[^/]+/$")


def set_field(form, name, value):
    """Fill a field of an action form the way a player would, whatever control the page uses."""
    field = form.locator(f"[name={name}]")
    kind = field.first.evaluate("e => e.tagName === 'SELECT' ? 'select' : (e.type || 'text')")
    if kind == "select":
        field.select_option(str(value))
    elif kind == "radio":
        form.locator(f"[name={name}][value='{value}']").check()
    elif kind == "checkbox":
        field.set_checked(bool(value))
    else:
        field.fill(str(value))


def action_form(page, action):
    """The action's form, made visible (opening the section that folds it away, if any)."""
    form = page.locator(f"form[data-action={action}]")
    expect(form).to_have_count(1)
    if not form.is_visible():
        page.locator("details").filter(has=form).locator("summary").first.click()
    expect(form).to_be_visible()
    return form


def newest_log_item(page):
    return page.get_by_test_id("log").locator("li:visible").first


def api_state(page):
    api = page.locator("main#table").get_attribute("data-api")
    response = page.request.get(api)
    assert response.status == 200, response.text()
    return response.json()


def api_events(page):
    api = page.locator("main#table").get_attribute("data-api")
    response = page.request.get(api + "events/")
    assert response.status == 200, response.text()
    body = response.json()
    return body["results"] if isinstance(body, dict) and "results" in body else body


def test_home_form_shows_the_player_rows_the_mode_needs(page):
    page.goto("/")
    form = page.get_by_test_id("new-game")
    form.locator("select[name=game]").select_option("aventuria")
    form.locator("select[name=mode]").select_option("duel")
    # A duel needs two names; the other rows wait behind "add a player".
    expect(form.locator("input[name=name]:visible")).to_have_count(2)


def test_duel_from_the_home_page_damage_refusal_accept_anyway_and_undo(corpus, page, shot):
    # Start a duel from the home page form.
    page.goto("/")
    form = page.get_by_test_id("new-game")
    form.locator("select[name=game]").select_option("aventuria")
    form.locator("select[name=mode]").select_option("duel")
    names, heroes = form.locator("input[name=name]"), form.locator("select[name='aventuria:hero']")
    names.nth(0).fill("Ann")
    heroes.nth(0).select_option("DB")
    names.nth(1).fill("Ben")
    heroes.nth(1).select_option("TM")
    options = form.locator("details.options[data-game=aventuria]")  # only the chosen game's
    options.locator("summary").click()
    starter = options.locator("select[name=starting_player]")
    expect(starter.locator("option[value='0']")).to_have_text("Ann")  # seats read as the names typed
    starter.select_option("0")
    shot(page, "home", full_page=True)
    page.get_by_test_id("start").click()

    expect(page).to_have_url(TABLE_URL)
    expect(page.get_by_test_id("state")).to_be_visible()
    expect(page.locator("main#table")).to_have_attribute("data-can-write", "1")
    expect(page.get_by_test_id("player-0")).to_contain_text("Ann")
    expect(page.get_by_test_id("player-1")).to_contain_text("Ben")
    start = api_state(page)
    assert start["game"] == "aventuria" and start["mode"] == "duel"
    assert [p["name"] for p in start["state"]["players"]] == ["Ann", "Ben"]
    assert start["state"]["players"][1]["life_points"] == 40
    expect(page.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b40\b"))

    # Damage: LP -5 on seat 1.
    page.get_by_test_id("lp-minus-5-1").tap()
    expect(page.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b35\b"))
    expect(page.get_by_test_id("lp-0")).to_have_text(re.compile(r"\b40\b"))
    assert api_state(page)["state"]["players"][1]["life_points"] == 35
    shot(page, "table-duel", wait_hidden="toast")

    # A refusal with its reason: no Endurance Card in the start phase.
    before = api_state(page)
    endurance = action_form(page, "play_endurance")
    set_field(endurance, "player", 0)
    set_field(endurance, "source", "hand")
    with page.expect_response(lambda r: r.url.endswith("/actions/") and r.request.method == "POST") as answer:
        endurance.locator("button[type=submit], input[type=submit]").first.click()
    assert answer.value.status == 422, answer.value.text()
    violations = answer.value.json()["violations"]
    refusal = page.get_by_test_id("refusal")
    expect(refusal).to_be_visible()
    expect(refusal.locator("li")).to_have_count(len(violations))
    expect(refusal.locator("li").first).to_contain_text(violations[0]["message"])
    why = refusal.get_by_test_id("refusal-why").first
    expect(why).to_be_visible()
    href = why.get_attribute("href")
    assert href and "/rules/" in href, href
    assert page.request.get(href).status == 200, href  # the reference entry exists
    after_refusal = api_state(page)
    assert after_refusal["version"] == before["version"]  # a refusal changes nothing
    refusal.scroll_into_view_if_needed()
    shot(page, "refusal")

    # Accept anyway, with a reason.
    refusal.get_by_test_id("accept-anyway").click()
    reason = page.get_by_test_id("override-reason")
    expect(reason).to_be_visible()
    reason.fill("Card text lets Arbosh add endurance now")
    page.get_by_test_id("override-submit").click()
    newest = newest_log_item(page)
    expect(newest).to_have_class(re.compile(r"\boverridden\b"))
    expect(newest).to_contain_text("Card text lets Arbosh")
    expect(refusal).to_be_hidden()
    overridden = api_state(page)
    assert overridden["version"] == before["version"] + 1
    assert (overridden["state"]["players"][0]["endurance_total"]
            == before["state"]["players"][0]["endurance_total"] + 1)
    newest_text = newest.inner_text()
    seq = re.search(r"#(\d+)", newest_text)

    # Undo: that log item is marked undone and the state is what it was before it.
    page.get_by_test_id("undo").click()
    # the log says what undo did, on a line of its own, and the item it took back is marked
    expect(newest_log_item(page)).to_have_attribute("data-testid", "log-undo")
    expect(newest_log_item(page)).to_contain_text("Undone: Ann turns a hand card")
    item = page.get_by_test_id("log").locator(f"li[data-seq='{seq.group(1)}']")
    expect(item).to_have_class(re.compile(r"\bundone\b"))
    expect(item).to_have_class(re.compile(r"\boverridden\b"))  # the same item
    undone = api_state(page)
    assert undone["state"] == before["state"]  # exactly the table before the override
    assert undone["state"]["players"][1]["life_points"] == 35  # only the override was taken back
    expect(page.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b35\b"))
    events = api_events(page)
    latest = max(events, key=lambda e: e["seq"])
    assert latest["type"] == "play_endurance" and latest["undone"] and latest["overridden"]


def test_share_sheet_has_both_links_with_qr_codes(page, create_session, shot):
    session = create_session()
    page.goto(session["url"])
    sheet = page.get_by_test_id("share-sheet")
    expect(sheet).to_be_hidden()
    page.get_by_test_id("share").click()
    expect(sheet).to_be_visible()
    edit, view = sheet.get_by_test_id("share-edit-link"), sheet.get_by_test_id("share-view-link")
    expect(edit).to_have_attribute("href", session["url"])
    expect(view).to_have_attribute("href", session["view_url"])
    expect(sheet.locator("svg")).to_have_count(2)
    shot(page, "share-sheet")


def record(request, session, type, **params):
    response = request.post(f"/api/sessions/{session['id']}/actions/", data={"type": type, "params": params})
    assert response.status == 201, response.text()
    return response.json()


def test_two_phones_see_each_others_taps_within_3_s_and_typing_survives(new_context, create_session):
    session = create_session()
    a, b = new_context().new_page(), new_context().new_page()
    # To the Actions phase, where the attack form sits inside the part of the page that is redrawn.
    for type, params in (("advance_phase", {"player": 0}), ("draw_cards", {"player": 0, "count": 2, "reason": "phase"}),
                         ("advance_phase", {"player": 0}), ("advance_phase", {"player": 0}),
                         ("advance_phase", {"player": 0})):
        record(a.request, session, type, **params)
    a.goto(session["url"])
    b.goto(session["url"])
    expect(b.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b40\b"))

    # B opens Ben's Hero Card values and starts typing in the live part of the page...
    b.get_by_test_id("hero-values-1").locator("summary").tap()
    field = b.get_by_test_id("hero-values-1").locator("input[name=close_combat]")
    field.tap()
    b.keyboard.type("1")
    expect(field).to_have_value("1")

    # ...A taps, and B follows within 3 s...
    a.get_by_test_id("lp-minus-1-1").tap()
    expect(a.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b39\b"))
    expect(b.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b39\b"), timeout=3000)
    expect(b.get_by_test_id("version")).to_have_text(a.get_by_test_id("version").inner_text())

    # ...and what B typed is still there, still open and focused: the keyboard carries on where it stopped.
    expect(field).to_have_value("1")
    b.keyboard.type("2")
    expect(field).to_have_value("12")

    # And back the other way.
    b.get_by_test_id("lp-plus-1-1").tap()
    expect(a.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b40\b"), timeout=3000)


def test_view_only_link_shows_no_controls_and_its_token_cannot_write(page, create_session, shot):
    session = create_session()
    page.goto(session["view_url"])
    expect(page.get_by_test_id("state")).to_be_visible()
    expect(page.locator("main#table")).to_have_attribute("data-can-write", "0")
    expect(page.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b40\b"))
    expect(page.get_by_test_id("lp-minus-1-0")).to_have_count(0)
    expect(page.locator("[data-testid^=lp-minus-], [data-testid^=lp-plus-]")).to_have_count(0)
    expect(page.locator("form[data-action]")).to_have_count(0)
    expect(page.get_by_test_id("undo")).to_have_count(0)
    expect(page.get_by_test_id("redo")).to_have_count(0)
    expect(page.get_by_test_id("advance")).to_have_count(0)
    expect(page.get_by_test_id("share-edit-link")).to_have_count(0)
    assert session["id"] not in page.content()  # the write capability never reaches a watcher
    shot(page, "view-only")

    view_id = session["view_id"]
    write = page.request.post(f"/api/sessions/{view_id}/actions/",
                              data={"type": "life_point_loss", "params": {"target": 1, "amount": 1}})
    assert write.status == 403, write.text()
    assert page.request.post(f"/api/sessions/{view_id}/undo/", data={}).status == 403

    # The watcher still follows the game.
    done = page.request.post(f"/api/sessions/{session['id']}/actions/",
                             data={"type": "life_point_loss", "params": {"target": 1, "amount": 2}})
    assert done.status == 201, done.text()
    expect(page.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b38\b"), timeout=3000)


def test_a_poll_answered_after_a_tap_never_takes_the_phone_back_a_version(page, create_session):
    """A slow poll that left before a tap and lands after it carries the older version; were the phone
    to take it, its next versioned tap (the phase button) would be refused as stale (a 409 at the table)."""
    session = create_session()
    held = []

    def hold_first_poll(route):
        if route.request.method == "GET" and not held:
            held.append((route, route.fetch()))  # answered now, delivered later
        else:
            route.continue_()

    page.route(re.compile(rf"/api/sessions/{session['id']}/$"), hold_first_poll)
    page.goto(session["url"])
    version = int(page.get_by_test_id("version").inner_text())
    page.get_by_test_id("lp-minus-1-1").tap()
    expect(page.get_by_test_id("version")).to_have_text(str(version + 1))
    assert held, "the page polled on load"
    route, stale = held[0]
    assert stale.json()["version"] == version
    route.fulfill(response=stale)
    page.wait_for_timeout(300)  # the late answer is read
    page.get_by_test_id("advance").tap()
    expect(page.get_by_test_id("version")).to_have_text(str(version + 2))
    expect(page.get_by_test_id("moved-on")).to_be_hidden()
