"""`make bench`, the phone's view: table page weight and tap-to-updated-counter in a real browser.

A gunicorn server on 127.0.0.1 (bench/search.py's, serving static files straight from static/, so
nothing is collected into var/) against a fresh SQLite file, var/bench-browser.sqlite3; Debian's
headless Chromium through Playwright at phone size, on the first game whose demo.py BENCH names a tap
and the counter it changes. Budgets are reported, not asserted:

- table page weight: the HTML plus every stylesheet and script it loads, each body gzip-compressed
  at level 6 as a server would send it, <= 100 KB (102,400 bytes);
- tap to updated counter on loopback, timed inside the page with performance.now(): from the click
  on the bench's tap until its counter shows the new value in the DOM, p95 <= 150 ms.
"""
import gzip
import http.client
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")

ROOT = Path(__file__).resolve().parents[1]
DB = ROOT / "var" / "bench-browser.sqlite3"
TAPS = int(os.environ.get("BENCH_TAPS", "30"))
WARMUP = 5
BUDGET_BYTES = 100 * 1024
BUDGET_TAP_MS = 150
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
PAGE_WEIGHT_TYPES = ("document", "stylesheet", "script")


def asgi_app():
    """gunicorn's entry point here (`bench.browser:asgi_app()`): the bench site as production serves
    it (ASGI, the live streams ahead of Django), with WhiteNoise serving static/ as it is now instead
    of a collected copy (DEBUG is off in bench settings). Under a threaded WSGI server every page's
    live stream held a thread for its whole life, and after a few pages the taps waited for none."""
    import django
    from django.conf import settings

    django.setup()
    settings.WHITENOISE_USE_FINDERS = True
    from tablekeeper.asgi import application

    return application


# One tap per round, timed in the page. The counter is read again after every DOM mutation, so the
# figure is the moment the new value is in the document (the paint follows within a frame). The
# browser's resource timings split each tap into the POST of the action and the GET of the redrawn
# state fragment.
TAP_LOOP = """async ({taps, warmup, tap, counter, step}) => {
  const q = id => document.querySelector(`[data-testid="${id}"]`);
  const lp = () => parseInt(q(counter).textContent, 10);
  const until = (pred, ms) => new Promise((resolve, reject) => {
    if (pred()) return resolve(performance.now());
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no update within ' + ms + ' ms')); }, ms);
    const obs = new MutationObserver(() => {
      if (pred()) { obs.disconnect(); clearTimeout(timer); resolve(performance.now()); }
    });
    obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  });
  const pause = ms => new Promise(r => setTimeout(r, ms));
  const out = [];
  for (let i = 0; i < warmup + taps; i++) {
    performance.clearResourceTimings();
    const before = lp();
    const t0 = performance.now();
    q(tap).click();
    const t1 = await until(() => lp() === before + step, 5000);
    await pause(60);  // let the tap's requests finish before reading their timings and tapping again
    const entries = performance.getEntriesByType('resource').filter(e => e.startTime >= t0);
    const post = entries.find(e => e.name.includes('/actions/'));
    const state = entries.find(e => e.name.includes('/state/'));
    if (i >= warmup) out.push({counter: t1 - t0, post: post ? post.duration : null, state: state ? state.duration : null});
  }
  return out;
}"""



def fresh_database():
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB}{suffix}").unlink(missing_ok=True)
    url = f"sqlite:///{DB}"
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT,
                   env={**os.environ, "DATABASE_URL": url}, check=True)
    return url


def start_server(url):
    from bench.search import Server

    # bench/search.py's gunicorn, with this module's app (static files from the source tree)
    return Server(url, app="bench.browser:asgi_app()", worker_class="uvicorn_worker.UvicornWorker")


def tapped_game():
    """The first game whose BENCH names a tap and the counter it changes (its demo.py)."""
    import django

    django.setup()
    from tracker.games import plugins

    return next((p.game, p.bench) for p in plugins() if p.bench is not None and p.bench.tap and p.bench.counter)


def create_session(server, game, bench):
    body = {"game": game.slug, "mode": bench.mode, "players": bench.players, "options": bench.options}
    server.conn.request("POST", "/api/sessions/", json.dumps(body), {"Content-Type": "application/json"})
    response = server.conn.getresponse()
    body = response.read()
    assert response.status == 201, body[:300]
    return json.loads(body)


def page_weight(browser, url):
    """Every document, stylesheet and script the table page loads, raw and gzip -6, per file."""
    context = browser.new_context(**PHONE, service_workers="block")  # the page's own loads, not the worker's
    page = context.new_page()
    responses = []
    page.on("response", lambda r: responses.append(r))
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    files, other = {}, {}
    origin = urlparse(url).netloc
    for r in responses:
        if urlparse(r.url).netloc != origin or r.status != 200:
            continue
        if r.headers.get("content-type", "").startswith("text/event-stream"):
            continue  # the live stream: its body lasts as long as the page, and is not what the page weighs
        body = r.body()
        entry = {"raw": len(body), "gzip": len(gzip.compress(body, compresslevel=6)), "type": r.request.resource_type}
        (files if entry["type"] in PAGE_WEIGHT_TYPES else other)[urlparse(r.url).path] = entry
    context.close()
    return files, other


def tap_latency(browser, url, bench):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.wait_for_selector(f'[data-testid="{bench.tap}"]')
    samples = page.evaluate(TAP_LOOP, {"taps": TAPS, "warmup": WARMUP, "tap": bench.tap, "counter": bench.counter,
                                       "step": bench.step})
    final = page.get_by_test_id(bench.counter).inner_text()
    context.close()
    return samples, final


def demo_weights(browser, server):
    """Every game's demos, set up through the API and played in as demo.py says: the gzip weight of
    each table page (HTML + CSS + JS), so the budget holds for the heaviest page, not only a duel's."""
    import django
    django.setup()
    from tracker.games import plugins
    out = []
    for plugin in plugins():
        for demo in plugin.demo:
            session = _post(server, "/api/sessions/", {"game": plugin.game.slug, "mode": demo.mode,
                                                       "players": demo.players, "options": demo.options})
            for action_type, params in demo.taps:
                _post(server, f"/api/sessions/{session['id']}/actions/", {"type": action_type, "params": params})
            files, _ = page_weight(browser, f"http://127.0.0.1:{server.port}/t/{session['id']}/")
            out.append({"demo": demo.title, "gzip": sum(f["gzip"] for f in files.values())})
    return out


def _post(server, path, body):
    try:
        server.conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = server.conn.getresponse()
    except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
        # the server dropped the kept-alive connection while a page was being weighed: the request
        # never arrived, so it is sent again on a new connection
        server.conn.close()
        server.conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = server.conn.getresponse()
    answer = response.read()
    assert response.status == 201, answer[:300]
    return json.loads(answer)


def tap_counts(browser, base):
    """Every game's FLOWS played on a fresh phone page: the taps each took, against its goal."""
    import django
    django.setup()
    from bench.flows import play, typed
    from tracker.games import plugins
    out = []
    for plugin in plugins():
        for flow in plugin.flows:
            context = browser.new_context(**PHONE)
            taps = play(context.new_page(), base, plugin.game.slug, flow)
            context.close()
            out.append({"game": plugin.game.title, "flow": flow.name, "taps": taps, "goal": flow.goal,
                        "typed": typed(flow)})
    return out


def main():
    executable = shutil.which("chromium")
    if executable is None:
        print("bench.browser: Debian's chromium is not installed (apt-get install chromium); skipped")
        return 0
    from playwright.sync_api import sync_playwright

    game, bench = tapped_game()
    url = fresh_database()
    server = start_server(url)
    try:
        session = create_session(server, game, bench)
        table = f"http://127.0.0.1:{server.port}/t/{session['id']}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
            version = browser.version
            fresh_files, fresh_other = page_weight(browser, table)
            samples, final = tap_latency(browser, table, bench)
            later_files, _ = page_weight(browser, table)  # the same page with a longer log
            flows = tap_counts(browser, f"http://127.0.0.1:{server.port}")
            demos = demo_weights(browser, server)
            browser.close()
    finally:
        server.stop()
    def anonymous(found):  # the session's token is no part of the figures
        return {path.replace(session["id"], "<token>"): f for path, f in found.items()}

    report(version, anonymous(fresh_files), anonymous(fresh_other), later_files, samples, final, game, bench, flows,
           demos)
    return 0


def report(version, files, other, later_files, samples, final, game, bench, flows=(), demos=()):
    from bench.report import pct, write_section

    total_raw = sum(f["raw"] for f in files.values())
    total_gz = sum(f["gzip"] for f in files.values())
    later_gz = sum(f["gzip"] for f in later_files.values())
    heaviest = max((d["gzip"] for d in demos), default=0)
    counter = [s["counter"] for s in samples]
    post = [s["post"] for s in samples]
    state = [s["state"] for s in samples]
    c50, c95 = pct(counter, 50), pct(counter, 95)
    rows = [f"| `{path}` | {f['type']} | {f['raw']:,} | {f['gzip']:,} |" for path, f in files.items()]
    other_rows = [f"`{path}` ({f['type']}, {f['gzip']:,} B gzip)" for path, f in other.items()]
    section = "\n".join([
        "## browser",
        "",
        f"Command: `make bench` (`bench/browser.py`). Machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, Chromium {version} headless through Playwright at 390x844 "
        f"(touch, scale 2). gunicorn with a uvicorn worker (ASGI, as production) on 127.0.0.1, a fresh SQLite file, one {game.title} {bench.mode}.",
        "",
        f"Table page weight, a fresh {bench.mode} (each body gzip-compressed at level 6):",
        "",
        "| file | type | bytes | gzip bytes |",
        "|---|---|---|---|",
        *rows,
        f"| **total** | | {total_raw:,} | **{total_gz:,}** |",
        "",
        f"The same page after {WARMUP + len(samples)} taps (a longer log): {later_gz:,} bytes gzip.",
        "Every game's demo table (its DEMO, played in), HTML + CSS + JS gzip: "
        + ", ".join(f"{d['demo']} {d['gzip']:,} B" for d in demos) + ".",
        f"Also loaded, outside the budget: {', '.join(other_rows) if other_rows else 'nothing'}.",
        "",
        f"Tap to updated counter, {len(samples)} taps on `{bench.tap}` after {WARMUP} warm-up taps, one at a time, "
        f"timed in the page with `performance.now()` from the click until `{bench.counter}` shows the new value "
        "in the DOM "
        "(the page records the action, then fetches and swaps the state fragment):",
        "",
        "| what | p50 ms | p95 ms | max ms |",
        "|---|---|---|---|",
        f"| tap to updated counter | {c50:.1f} | {c95:.1f} | {max(counter):.1f} |",
        f"| of which POST action (resource timing) | {pct(post, 50):.1f} | {pct(post, 95):.1f} | |",
        f"| of which GET state fragment (resource timing) | {pct(state, 50):.1f} | {pct(state, 95):.1f} | |",
        "",
        f"`{bench.counter}` ended on {final} after {WARMUP + len(samples)} taps of {bench.step:+d}.",
        "",
        "Budgets:",
        f"- table page <= 100 KB gzip (HTML + CSS + JS): {total_gz / 1024:.1f} KB, the heaviest demo table "
        f"{heaviest / 1024:.1f} KB — {'met' if max(total_gz, heaviest) <= BUDGET_BYTES else 'NOT met'}",
        f"- tap to updated counter p95 <= {BUDGET_TAP_MS} ms on loopback: {c95:.1f} ms — "
        f"{'met' if c95 <= BUDGET_TAP_MS else 'NOT met'}",
        "",
        "Taps per common flow (each game's `FLOWS` in its demo.py, played by `bench/flows.py` on a fresh "
        "390x844 page; every tap counted, typing only where a flow names a card, \"All actions\" never opened):",
        "",
        "| game | flow | taps | of which typing | goal |",
        "|---|---|---|---|---|",
        *[f"| {f['game']} | {f['flow']} | {f['taps']} | {f['typed']} | {f['goal']}"
          f"{'' if f['taps'] <= f['goal'] else ' (NOT met)'} |" for f in flows],
        "",
    ])
    write_section("browser", section)
    print(section)


if __name__ == "__main__":
    sys.exit(main())
