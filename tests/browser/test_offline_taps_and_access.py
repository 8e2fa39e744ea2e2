"""Taps made without network wait on the phone and are sent when it returns; the page is usable
by a screen reader (every control named, landmarks present)."""
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_taps_without_network_are_kept_and_sent_when_it_returns(context, page, create_session):
    session = create_session()
    page.goto(session["url"])
    expect(page.get_by_test_id("lp-1")).to_have_text("40")
    context.set_offline(True)
    page.get_by_test_id("lp-minus-1-1").click()
    page.get_by_test_id("lp-minus-5-1").click()
    banner = page.get_by_test_id("offline-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("2 taps waiting")
    # the counter moves at once, marked as waiting: nothing is recorded yet
    expect(page.get_by_test_id("lp-1")).to_have_text("34")
    expect(page.get_by_test_id("lp-1")).to_have_class("waiting")
    context.set_offline(False)
    expect(page.get_by_test_id("lp-1")).to_have_text("34", timeout=6000)
    expect(page.get_by_test_id("lp-1")).not_to_have_class("waiting", timeout=6000)
    expect(page.locator("[data-local-log]")).to_contain_text("Offline tap sent")
    expect(banner).to_be_hidden()
    # each kept tap applied exactly once
    events = page.request.get(session["url"].replace("/t/", "/api/sessions/") + "events/").json()
    assert [(e["type"], e["params"]["amount"]) for e in events] == [("life_point_loss", 1), ("life_point_loss", 5)]


def test_a_tap_the_rules_refuse_offline_is_reported_when_sent(context, page, create_session):
    session = create_session()
    page.goto(session["url"])
    context.set_offline(True)
    # a second special ability use is refused once the first one has landed
    page.locator("[data-act=use_special_ability][data-params*='\"player\": 1']").click()
    page.locator("[data-act=use_special_ability][data-params*='\"player\": 1']").click()
    context.set_offline(False)
    expect(page.locator("[data-local-log]")).to_contain_text("refused", timeout=6000)


def test_every_control_has_a_name_and_the_page_has_landmarks(page, create_session):
    session = create_session()
    page.goto(session["url"])
    page.get_by_test_id("all-actions").click()
    unnamed = page.evaluate("""() => [...document.querySelectorAll('button, input:not([type=hidden]), select, a[href]')]
        .filter(el => el.offsetParent !== null || el.closest('details[open]'))
        .filter(el => {
            const label = el.getAttribute('aria-label') || (el.labels && [...el.labels].map(l => l.textContent).join(''))
                          || el.textContent || el.getAttribute('title') || el.getAttribute('placeholder');
            return !(label && label.trim());
        }).map(el => el.outerHTML.slice(0, 80))""")
    assert unnamed == []
    for landmark in ("header", "nav", "main"):
        assert page.locator(landmark).count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scrolling
