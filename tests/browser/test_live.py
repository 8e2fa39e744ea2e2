"""The live table in phone browsers: a tap on one phone shows on the others by push, without a poll; a
dropped stream falls back to polling and comes back; the view-only link follows the same stream; taps
kept offline are pushed to the others once sent. Hooks: docs/PAGES.md ("live-mark")."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

POLL = re.compile(r"/api/sessions/[^/]+/$")
STREAM = re.compile(r"/t/[^/]+/live/")


def no_polls(page):
    """Refuse every ETag poll of this page and count the tries: what it shows comes by push alone."""
    tries = []

    def refuse(route):
        if route.request.method == "GET":
            tries.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route(POLL, refuse)
    return tries


def test_a_tap_on_one_phone_shows_on_the_other_by_push_alone(new_context, create_session):
    session = create_session()
    a, b = new_context().new_page(), new_context().new_page()
    a.goto(session["url"])
    b.goto(session["url"])
    for phone in (a, b):
        expect(phone.get_by_test_id("live-mark")).to_have_attribute("data-live", "live")
        expect(phone.get_by_test_id("live-mark")).to_have_text("live")
    polled = no_polls(b)
    a.get_by_test_id("lp-minus-1-1").tap()
    expect(b.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b39\b"), timeout=2000)
    expect(b.get_by_test_id("version")).to_have_text("1")
    b.get_by_test_id("lp-plus-1-1").tap()  # and back the other way
    expect(a.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b40\b"), timeout=2000)
    expect(b.get_by_test_id("live-mark")).to_have_attribute("data-live", "live")
    assert polled == []


def test_a_dropped_stream_falls_back_to_polling_and_comes_back(new_context, create_session, settings):
    session = create_session()
    a, b = new_context().new_page(), new_context().new_page()
    a.goto(session["url"])
    settings.LIVE_MAX_SECONDS = 2  # B's stream ends soon after it opens...
    b.goto(session["url"])
    mark = b.get_by_test_id("live-mark")
    expect(mark).to_have_attribute("data-live", "live")
    b.route(STREAM, lambda route: route.abort())  # ...and cannot open again: a proxy in the way
    expect(mark).to_have_attribute("data-live", "reconnecting", timeout=5000)
    expect(mark).to_have_text("reconnecting…")
    # still following the game meanwhile, by its poll
    a.get_by_test_id("lp-minus-1-1").tap()
    expect(b.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b39\b"), timeout=4000)
    # the way clears: B is live again after its back-off, and follows by push alone
    settings.LIVE_MAX_SECONDS = 600
    b.unroute(STREAM)
    expect(mark).to_have_attribute("data-live", "live", timeout=15000)
    polled = no_polls(b)
    a.get_by_test_id("lp-minus-1-1").tap()
    expect(b.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b38\b"), timeout=2000)
    assert polled == []


def test_the_view_only_link_follows_the_same_stream(new_context, create_session):
    session = create_session()
    a, watcher = new_context().new_page(), new_context().new_page()
    a.goto(session["url"])
    watcher.goto(session["view_url"])
    expect(watcher.get_by_test_id("live-mark")).to_have_attribute("data-live", "live")
    polled = no_polls(watcher)
    a.get_by_test_id("lp-minus-5-1").tap()
    expect(watcher.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b35\b"), timeout=2000)
    expect(watcher.locator("[data-act]")).to_have_count(0)  # still nothing to tap
    assert session["id"] not in watcher.content()
    assert polled == []


def test_taps_kept_offline_are_pushed_to_the_others_once_sent(new_context, create_session):
    session = create_session()
    a_context = new_context()
    a, b = a_context.new_page(), new_context().new_page()
    a.goto(session["url"])
    b.goto(session["url"])
    expect(b.get_by_test_id("live-mark")).to_have_attribute("data-live", "live")
    polled = no_polls(b)
    a_context.set_offline(True)
    a.get_by_test_id("lp-minus-1-1").tap()
    a.get_by_test_id("lp-minus-1-1").tap()
    expect(a.get_by_test_id("offline-banner")).to_contain_text("2 taps waiting")
    a_context.set_offline(False)
    expect(b.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b38\b"), timeout=6000)
    expect(b.get_by_test_id("version")).to_have_text("2")
    assert polled == []


def test_a_fragment_fetched_before_a_push_never_draws_over_it(page, create_session):
    """A fetch of the state that left before a change and lands after its push would draw the older
    table over the newer one: the page keeps whichever is newer."""
    session = create_session()
    held = []

    def hold_first(route):
        if not held:
            held.append((route, route.fetch()))  # the server answers now (version 0); delivered later
        else:
            route.continue_()

    page.route(re.compile(rf"/t/{session['id']}/state/$"), hold_first)
    page.goto(session["url"])
    expect(page.get_by_test_id("live-mark")).to_have_attribute("data-live", "live")
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the page fetches its state again
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(50)
    assert held and held[0][1].headers["x-version"] == "0"
    response = page.request.post(f"/api/sessions/{session['id']}/actions/",
                                 data={"type": "life_point_loss", "params": {"target": 1, "amount": 4}})
    assert response.status == 201
    expect(page.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b36\b"))  # by push
    route, stale = held[0]
    route.fulfill(response=stale)
    page.wait_for_timeout(300)
    expect(page.get_by_test_id("version")).to_have_text("1")
    expect(page.get_by_test_id("lp-1")).to_have_text(re.compile(r"\b36\b"))
