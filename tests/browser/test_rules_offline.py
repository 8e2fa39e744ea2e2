"""Rules search in a phone browser, online and then with the network gone (service worker)."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HOURGLASS = re.compile("hourglass", re.IGNORECASE)

SW_ACTIVE = """() => Promise.race([
  navigator.serviceWorker.ready.then(r => !!r.active),
  new Promise(resolve => setTimeout(() => resolve(false), 5000)),
])"""
INDEX_CACHED = """() => Promise.race([
  (async () => { while (!(await caches.match('/rules/index.json', {ignoreSearch: true})))
                   await new Promise(r => setTimeout(r, 100));
                 return true; })(),
  new Promise(resolve => setTimeout(() => resolve(false), 5000)),
])"""


def test_rules_search_online(corpus, page, shot):
    page.goto("/rules/")
    page.locator("#q").press_sequentially("hourglass")
    link = page.locator("#results a").filter(has_text=HOURGLASS).first
    expect(link).to_be_visible()
    shot(page, "rules-search")


def test_rules_search_works_offline_after_a_first_visit(corpus, context, page):
    page.goto("/rules/")
    assert page.evaluate("() => 'serviceWorker' in navigator"), "no service worker support (not a secure context?)"
    assert page.evaluate(SW_ACTIVE), "no service worker became active within 5 s of the first visit to /rules/"
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=5000)
    assert page.evaluate(INDEX_CACHED), "the service worker did not cache /rules/index.json within 5 s"

    context.set_offline(True)
    assert page.evaluate("() => navigator.onLine") is False
    page.reload()
    expect(page.locator("#q")).to_be_visible()
    page.locator("#q").press_sequentially("hourglass")
    link = page.locator("#results a").filter(has_text=HOURGLASS).first
    expect(link).to_be_visible()
    # A proper link to the entry, not an error message that happens to quote the query.
    assert "/rules/" in (link.get_attribute("href") or "")


def test_rules_search_offline_keeps_the_game_the_player_came_from(corpus, context, page):
    page.goto("/rules/?prefer=pathfinder")  # the table's "Rules search" link
    assert page.evaluate(SW_ACTIVE)
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=5000)
    assert page.evaluate(INDEX_CACHED)
    context.set_offline(True)
    page.reload()
    expect(page.locator("#game")).to_have_value("pathfinder")
    page.locator("#q").press_sequentially("hourglass")
    results = page.locator("#results li")
    expect(results.first).to_be_visible()
    games = {t.split(" · ")[0] for t in page.locator("#results li .muted").all_inner_texts()}
    assert games == {"pathfinder"}
