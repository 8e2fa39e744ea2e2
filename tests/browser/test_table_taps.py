"""The table as issue 11 asks: an attack through the helper undone with one tap, a refusal whose "Why?"
opens over the table and leaves "Accept anyway" there, an offline reload that shows the newest state this
phone saw, a Dark Force game started with its default mode, and no page scrolling sideways."""
import re

import pytest
from playwright.sync_api import expect

from bench.flows import play, session_for
from tracker.games import plugin

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 740}}
SW_READY = "() => navigator.serviceWorker.ready.then(r => !!r.active)"


def flow(name):
    return next(f for f in plugin("aventuria").flows if f.name.startswith(name))


def test_an_attack_through_the_helper_is_one_undo_and_one_log_line(page, site, shot):
    play(page, site, "aventuria", flow("an Aventuria attack"))
    log = page.get_by_test_id("log")
    group = log.locator("li:has(details)").first
    expect(group).to_contain_text("declares a Close Combat attack")
    expect(group).to_contain_text("(5 steps)")
    group.locator("summary").tap()
    expect(group.locator(".steps li")).to_have_count(5)
    shot(page, "attack-in-the-log")
    page.get_by_test_id("undo").tap()
    expect(page.get_by_test_id("lp-1")).to_have_text("40")  # the whole attack is taken back
    expect(log.locator("li").filter(has_text="Undone").first).to_contain_text("(+4 more)")
    expect(page.get_by_test_id("attack-close-1")).to_be_visible()  # close combat is available again
    page.get_by_test_id("redo").tap()
    expect(page.get_by_test_id("lp-1")).to_have_text("31")
    expect(log.locator("li").filter(has_text="Redone").first).to_be_visible()


def test_a_refusal_replaces_the_toast_and_why_opens_over_the_table(corpus, page, site, shot):
    attack = flow("an Aventuria attack")
    session = session_for(page, site, "aventuria", attack)
    page.goto(f"/t/{session['id']}/")
    page.get_by_test_id("lp-minus-1-1").tap()
    expect(page.get_by_test_id("toast")).to_be_visible()
    # Ben's ability spent twice: the second is refused
    ability = page.locator("[data-act=use_special_ability][data-params*='\"player\": 1']")
    ability.tap()
    expect(page.get_by_test_id("version")).to_have_text(str(len(attack.before) + 2))
    page.locator("[data-testid=all-actions]").tap()
    form = page.locator("form[data-action=use_special_ability]")
    if not form.is_visible():
        page.locator("details.action-group").filter(has=form).locator("summary").first.tap()
    form.locator("select[name=player]").select_option("1")
    form.locator("button[type=submit]").tap()
    refusal = page.get_by_test_id("refusal")
    expect(refusal).to_be_visible()
    expect(page.get_by_test_id("toast")).to_be_hidden()  # the refusal is not covered by a success toast
    url = page.url
    refusal.get_by_test_id("refusal-why").first.tap()
    sheet = page.get_by_test_id("why-sheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator(".entry-title, h1").first).not_to_be_empty()
    assert page.url == url  # no navigation: the table is still under the sheet
    shot(page, "why-sheet")
    sheet.get_by_test_id("why-close").tap()
    expect(sheet).to_be_hidden()
    expect(refusal.get_by_test_id("accept-anyway")).to_be_visible()
    refusal.get_by_test_id("accept-anyway").tap()
    page.get_by_test_id("override-reason").fill("A card gives the ability back")
    page.get_by_test_id("override-submit").tap()
    expect(refusal).to_be_hidden()
    expect(page.get_by_test_id("log").locator("li.overridden").first).to_contain_text("A card gives the ability back")


def test_a_roll_is_tapped_and_a_natural_1_offers_its_draw(page, site, shot):
    session = session_for(page, site, "aventuria", flow("an Aventuria attack"))
    page.goto(f"/t/{session['id']}/")
    shot(page, "aventuria-actions-phase")
    page.get_by_test_id("attack-close-1").tap()
    pad = page.get_by_test_id("pad-attack_roll-roll")
    expect(pad.locator("[data-face]")).to_have_count(20)
    page.get_by_test_id("attack-helper").scroll_into_view_if_needed()
    shot(page, "aventuria-attack-roll-pad", wait_hidden="toast")
    pad.locator("[data-face='1']").tap()
    expect(page.get_by_test_id("attack-result")).to_have_text("hit")
    expect(page.get_by_test_id("critical-draw-0")).to_be_visible()  # a natural 1 offers its draw
    page.get_by_test_id("critical-draw-0").tap()
    expect(page.get_by_test_id("critical-draw-0")).to_have_count(0)
    expect(page.get_by_test_id("hand-0")).to_have_text("8")  # 5 + 2 in the Draw phase + 1


def test_an_offline_reload_shows_the_newest_state_seen_with_its_time(context, page, site, shot):
    session = session_for(page, site, "aventuria", flow("lose 3 LP"))
    page.goto(f"/t/{session['id']}/")
    assert page.evaluate(SW_READY), "no service worker became active"
    page.reload()  # the service worker now keeps this page
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=5000)
    page.get_by_test_id("lp-minus-3-1").tap()
    expect(page.get_by_test_id("lp-1")).to_have_text("37")
    context.set_offline(True)
    page.get_by_test_id("lp-minus-1-1").tap()
    expect(page.get_by_test_id("lp-1")).to_have_text("36")
    page.reload()
    expect(page.get_by_test_id("lp-1")).to_have_text("36")  # 37 seen, one tap waiting on top
    expect(page.get_by_test_id("lp-1")).to_have_class("waiting")
    banner = page.get_by_test_id("offline-banner")
    expect(banner).to_contain_text(re.compile(r"as of \d\d:\d\d, 1 tap waiting"))
    shot(page, "offline-reload")
    context.set_offline(False)
    expect(page.get_by_test_id("lp-1")).not_to_have_class("waiting", timeout=8000)
    expect(page.get_by_test_id("lp-1")).to_have_text("36")


def test_a_dark_force_game_starts_with_the_default_mode(page):
    page.goto("/")
    form = page.get_by_test_id("new-game")
    form.locator("select[name=game]").select_option("dark-force")
    names = form.locator("input[name=name]")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Ben")
    page.get_by_test_id("start").tap()
    expect(page).to_have_url(re.compile(r"/t/[^/]+/$"))
    expect(page.get_by_test_id("player-0")).to_contain_text("Ann")


@pytest.mark.parametrize("size", [None, SMALL], ids=["390x844", "360x740"])
def test_no_page_scrolls_sideways(new_context, corpus, site, size):
    page = new_context(**(size or {})).new_page()
    urls = ["/", "/rules/", "/rules/?q=dodge", "/rules/engine/", "/offline/"]
    for game in ("aventuria", "pathfinder", "dark-force"):
        urls.append(page.request.get(f"/rules/?game={game}").url.replace(site, ""))
    for p in [plugin(g) for g in ("aventuria", "pathfinder", "dark-force")]:
        for i, _ in enumerate(p.demo):
            page.goto("/")
            page.get_by_test_id(f"demo-{p.game.slug}-{i}").tap()  # the home page's demo list starts a copy
            page.wait_for_url(re.compile(r"/t/[^/]+/$"))
            urls.append(page.url.replace(site, ""))
    assert len([u for u in urls if u.startswith("/t/")]) >= 3
    wide = []
    for url in urls:
        page.goto(url)
        for summary in page.locator("details > summary:visible").all()[:6]:
            summary.tap()  # opened sections must fit too
        if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
            wide.append(url)
    assert wide == []


def test_a_refused_step_names_its_field(page, site):
    session = session_for(page, site, "aventuria", flow("lose 3 LP"))
    page.goto(f"/t/{session['id']}/")
    values = page.get_by_test_id("hero-values-1")
    values.locator("summary").tap()
    values.locator("input[name=magic]").fill("lots")
    page.get_by_test_id("set-attributes-1").tap()
    problem = page.get_by_test_id("refusal")
    expect(problem).to_be_visible()
    expect(problem.get_by_test_id("problem")).to_contain_text("Magic")
    expect(values.locator("input[name=magic]")).to_have_attribute("aria-invalid", "true")
    values.locator("input[name=magic]").fill("12")
    page.get_by_test_id("set-attributes-1").tap()
    expect(values.locator("summary")).to_contain_text("Magic 12")


def test_a_pathfinder_check_rolls_the_characters_die_and_waits_for_every_die(page, site):
    turn = plugin("pathfinder").flows[0]
    session = session_for(page, site, "pathfinder", turn)
    page.goto(f"/t/{session['id']}/")
    for testid in ("pf-advance-hour", "pf-explore-monster"):
        before = page.get_by_test_id("version").inner_text()
        page.get_by_test_id(testid).tap()
        expect(page.get_by_test_id("version")).not_to_have_text(before)
    expect(page.get_by_test_id("pf-combat-check-submit")).to_contain_text("Melee 1d12+2")
    page.get_by_test_id("pad-declare_check-difficulty").locator("[data-chip='8']").tap()
    page.get_by_test_id("pf-combat-check-submit").tap()
    expect(page.get_by_test_id("pf-check-dice")).to_have_text("1d12 + 2")
    page.get_by_test_id("pf-bless-0").tap()
    expect(page.get_by_test_id("pf-check-dice")).to_have_text("2d12 + 2")
    page.get_by_test_id("pad-roll_check-roll").locator("[data-face='4']").tap()
    page.get_by_test_id("pf-roll").tap()  # one die still to tap: nothing is sent, the field is named
    expect(page.get_by_test_id("problem")).to_contain_text("Roll")
    page.get_by_test_id("pad-roll_check-roll-1").locator("[data-face='5']").tap()
    expect(page.get_by_test_id("pf-check-result")).to_contain_text("Result 11 against 8: success")


@pytest.mark.parametrize("size", [None, SMALL], ids=["390x844", "360x740"])
def test_start_the_game_is_above_the_fold_for_every_game(new_context, site, size):
    page = new_context(**(size or {})).new_page()
    page.goto("/")
    height = page.evaluate("window.innerHeight")
    for game in ("aventuria", "pathfinder", "dark-force"):
        page.locator("select[name=game]").select_option(game)
        box = page.get_by_test_id("start").bounding_box()
        assert box["y"] + box["height"] <= height, f"{game}: the start button ends at {box['y'] + box['height']:.0f} px"


INDEX_SAVED = """() => (async () => { for (let i = 0; i < 50; i++) {
  if (await caches.match('/rules/index.json', {ignoreSearch: true})) return true;
  await new Promise(r => setTimeout(r, 100)); } return false; })()"""


def test_a_question_asked_in_the_why_sheet_answers_in_place_and_offline(corpus, context, page, site, shot):
    session = session_for(page, site, "aventuria", flow("lose 3 LP"))
    page.goto(f"/t/{session['id']}/")
    assert page.evaluate(SW_READY)
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=5000)
    assert page.evaluate(INDEX_SAVED)
    url = page.url
    page.get_by_test_id("ask-rules").tap()
    sheet = page.get_by_test_id("why-sheet")
    expect(sheet).to_be_visible()
    page.get_by_test_id("why-search").fill("can i reroll a dodge")
    first = page.get_by_test_id("why-results").locator("li a").first
    expect(first).to_be_visible()
    expect(page.get_by_test_id("why-results").locator("li .muted").first).to_contain_text("aventuria")
    first.tap()
    expect(sheet.locator("[data-why-body] h1")).not_to_be_empty()
    assert page.url == url  # answered over the table, which is still there
    shot(page, "why-sheet-search")
    context.set_offline(True)
    page.get_by_test_id("why-search").fill("hand limit")
    expect(page.get_by_test_id("why-results")).to_contain_text("No network")
    offline_first = page.get_by_test_id("why-results").locator("li a").first
    expect(offline_first).to_be_visible()
    offline_first.tap()
    expect(sheet.locator("[data-why-body] h1")).not_to_be_empty()  # the saved copy of the entry
    assert page.url == url
