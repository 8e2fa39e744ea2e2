"""`make bench`, the live table (tracker/live): how soon a tap shows on the other phones, and what
phones that merely follow a game cost the server. Writes the "live" section of docs/PERFORMANCE.md.

Served as production serves it: uvicorn `tablekeeper.asgi:application` (uvloop, httptools), DEBUG
off, a fresh SQLite file (var/bench-live.sqlite3) migrated first, API rates off. Three servers run
side by side so that the scenarios can be interleaved round by round: S1, one process with the
in-memory broker, and S2a + S2b, two processes with Redis (db 13) as the broker. Budgets are
reported, not asserted:

1. tap to other phone, Chromium at phone size: phone A taps, phone B follows by push, phone B' by
   polling (its stream refused), both watching the same taps, p95 <= 300 ms with push;
2. idle cost: 1,000 held streams (250 sessions x 4) on S1 from a separate client process
   (bench/live_load.py): RSS, threads, CPU over 60 s, < 5 % of a core; then the same phones polling;
3. fan-out: one action POSTed, 8 streams on the session; until the last has the state frame;
4. (1) and (3) again with the tap through S2a and the followers on S2b.

The game is asked, not named: the first game whose demo.py BENCH names a tap, the counter it changes
and its step (bench.browser.tapped_game) gives the sessions, the button phone A taps, the counter the
followers watch, and the actions the fan-out POSTs (its BENCH cycle, in turn, so the table returns to
where it was).

    python -m bench.live
    LIVE_BENCH_QUICK=1 python -m bench.live   # a smoke: few taps, rounds and phones, 1 s windows, nothing written
"""
import asyncio
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

import httpx

from bench.live_load import Stream, raise_nofile
from bench.live_procs import DB, Phones, Server, cpu_percent, machine_busy
from bench.report import pct, write_section

ROOT = Path(__file__).resolve().parents[1]
REDIS = "redis://127.0.0.1:6379/13"
# the environment may shrink a trial run; the report says what was run. LIVE_BENCH_QUICK=1 is a smoke
# of every part in well under a minute, printed and never written to docs/PERFORMANCE.md.
QUICK = os.environ.get("LIVE_BENCH_QUICK") == "1"
TAPS, WARMUP = int(os.environ.get("BENCH_LIVE_TAPS", 6 if QUICK else 45)), 3
FAN_REPS, FAN_CLIENTS = int(os.environ.get("BENCH_LIVE_FAN_REPS", 10 if QUICK else 100)), 8
SESSIONS, PHONES_PER_SESSION = int(os.environ.get("BENCH_LIVE_SESSIONS", 5 if QUICK else 250)), 4
WINDOW = int(os.environ.get("BENCH_LIVE_WINDOW", 1 if QUICK else 60))  # seconds of each CPU measurement: 3 heartbeats at idle
RESTORE_EVERY = 4 if QUICK else 30  # taps before the table is put back, untimed (a counter run down may end the game)
BUDGET_TAP_MS, BUDGET_IDLE_CPU = 300, 5.0


@dataclass(frozen=True)
class Play:
    """What the game's demo.py BENCH says this bench plays: the session's body, the button phone A taps
    (`tap`, its test id), the number it changes (`counter`) by `step`, and the `cycle` of actions that
    leaves the table as it was (the tap records its first; the rest undo it)."""

    title: str
    body: dict
    tap: str
    counter: str
    step: int
    cycle: tuple

    @property
    def direction(self) -> int:
        return 1 if self.step > 0 else -1


def the_play() -> Play:
    from bench.browser import tapped_game

    game, bench = tapped_game()
    assert bench.cycle, f"{game.slug}: its BENCH names a tap but no cycle to undo it and to fan out"
    return Play(game.title, {"game": game.slug, "mode": bench.mode, "players": bench.players, "options": bench.options},
                bench.tap, bench.counter, bench.step,
                tuple({"type": action, "params": params} for action, params in bench.cycle))


# ---- 1 and 4: tap to other phone, in Chromium ----------------------------------------------------
# Each follower logs every value the counter takes, at the moment it is in the DOM, with Date.now():
# the same clock as phone A's tap in this one browser on this one machine.
LOG_COUNTER = """(counter => { window.__values = []; new MutationObserver(() => {
  const el = document.querySelector(`[data-testid="${counter}"]`); if (!el) return;
  const v = parseInt(el.textContent, 10), log = window.__values;
  if (!log.length || log[log.length - 1][1] !== v) log.push([Date.now(), v]);
}).observe(document, {subtree: true, childList: true, characterData: true}); })(%s);"""
TAP = "id => { const b = document.querySelector(`[data-testid='${id}']`); const t = Date.now(); b.click(); return t; }"
# the value or a later one: past it in the direction of the step
SEEN = "([v, dir]) => window.__values.some(e => (e[1] - v) * dir >= 0)"
# phone A taps again only once its own tap is drawn: a button waiting for its POST is disabled
A_READY = """({v, counter, tap}) => { const el = document.querySelector(`[data-testid='${counter}']`);
  const b = document.querySelector(`[data-testid='${tap}']`); return el && +el.textContent === v && b && !b.disabled; }"""
SHOWS = "({v, counter}) => { const el = document.querySelector(`[data-testid='${counter}']`); return el && +el.textContent === v; }"
READ = "counter => +document.querySelector(`[data-testid='${counter}']`).textContent"


def serve_static(route):
    """Static files straight from the source tree: DEBUG is off and nothing is collected into var/."""
    from django.contrib.staticfiles import finders

    found = finders.find(urlparse(route.request.url).path.removeprefix("/static/"))
    route.fulfill(path=found) if found else route.fulfill(status=404)


class Table:
    """One session, three phones: A taps the game's BENCH tap; B follows by push; B' by polling, every
    request for its stream aborted, so each tap is timed for both ways on the same server at the same moment."""

    def __init__(self, name, browser, tapper: Server, follower: Server, play: Play):
        from bench.browser import PHONE

        self.name, self.tapper, self.play, self.taps, self.since = name, tapper, play, [], 0
        self.session = tapper.session(play.body)
        self.pages, self.streams_opened = {}, {}
        for role, server in (("a", tapper), ("push", follower), ("poll", follower)):
            context = browser.new_context(**PHONE, service_workers="block")
            context.route("**/static/**", serve_static)
            if role == "poll":
                context.route("**/live/**", lambda route: route.abort())
            context.add_init_script(LOG_COUNTER % json.dumps(play.counter))
            page = context.new_page()
            self.streams_opened[role] = 0
            page.on("request", lambda r, role=role: "/live/" in r.url and self._opened(role))
            page.goto(f"{server.base}/t/{self.session['id']}/", wait_until="load")
            want = "reconnecting" if role == "poll" else "live"
            page.wait_for_selector(f"[data-testid=live-mark][data-live={want}]", timeout=10000)
            self.pages[role] = page
        self.start = self.value = self.pages["a"].evaluate(READ, play.counter)  # where the table is put back to
        self.logs = {"push": [], "poll": []}

    def _opened(self, role):
        self.streams_opened[role] += 1

    def tap(self):
        play = self.play
        self.pages["a"].wait_for_function(A_READY, arg={"v": self.value, "counter": play.counter, "tap": play.tap},
                                          timeout=10000)
        t0 = self.pages["a"].evaluate(TAP, play.tap)
        self.value += play.step
        self.since += 1
        self.pages["push"].wait_for_function(SEEN, arg=[self.value, play.direction], timeout=10000)
        self.taps.append((t0, self.value))
        if self.since >= RESTORE_EVERY:  # a counter run down may end the game: put the table back, untimed
            self.collect()
            with httpx.Client(base_url=self.tapper.base, timeout=10) as client:
                for _ in range(self.since):  # each tap recorded the cycle's first action: the rest undo it
                    for action in play.cycle[1:]:
                        client.post(f"/api/sessions/{self.session['id']}/actions/", json=action).raise_for_status()
            self.value, self.since = self.start, 0
            for page in self.pages.values():
                page.wait_for_function(SHOWS, arg={"v": self.start, "counter": play.counter}, timeout=10000)
                # the values the undoing passed through are no tap's: SEEN must not find them
                page.evaluate("window.__values.splice(0)")

    def collect(self):
        self.pages["poll"].wait_for_function(SEEN, arg=[self.value, self.play.direction], timeout=10000)
        for role in self.logs:
            self.logs[role] += self.pages[role].evaluate("window.__values.splice(0)")

    def latencies(self, role) -> list[float]:
        """Per tap, until the follower first shows its value or a later one (a poll may skip some)."""
        log, direction = sorted(self.logs[role]), self.play.direction
        return [next((t - t0 for t, shown in log if t >= t0 and (shown - v) * direction >= 0), None)
                for t0, v in self.taps[WARMUP:]]


def tap_to_other_phone(configs, play: Play):
    from playwright.sync_api import sync_playwright

    from bench.browser import CHROMIUM_ARGS

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), headless=True, args=CHROMIUM_ARGS)
        tables = [Table(name, browser, tapper, follower, play) for name, tapper, follower in configs]
        for _ in range(WARMUP + TAPS):
            for table in random.sample(tables, len(tables)):
                table.tap()
            time.sleep(random.uniform(0.1, 0.6))  # taps fall anywhere in the poller's 1.5 s cycle
        for table in tables:
            table.collect()
        version = browser.version
        out = {t.name: {"push": t.latencies("push"), "poll": t.latencies("poll"), "opened": t.streams_opened,
                        "marks": {r: pg.get_attribute("[data-testid=live-mark]", "data-live") for r, pg in t.pages.items()}}
               for t in tables}
        browser.close()
    return version, out


# ---- 3 and 4: fan-out to 8 streams ----------------------------------------------------------------
class Fan:
    """8 streams on one session; each round POSTs an action (the game's BENCH cycle, in turn) and waits
    for all 8 state frames."""

    def __init__(self, name, poster: Server, follower: Server, play: Play):
        self.name, self.poster, self.follower, self.play = name, poster, follower, play
        self.session = poster.session(play.body)
        self.version, self.samples, self.posts, self.frame_bytes = 0, [], [], 0

    async def open(self):
        self.streams = [Stream() for _ in range(FAN_CLIENTS)]
        for s in self.streams:
            assert await s.open("127.0.0.1", self.follower.port, f"/t/{self.session['id']}/live/?v={self.version}") == 200
            await s.first()
        self.client = httpx.AsyncClient(base_url=self.poster.base, timeout=10)

    async def close(self):
        for s in self.streams:
            s.close()
        await self.client.aclose()

    async def _post(self, body):
        response = await self.client.post(f"/api/sessions/{self.session['id']}/actions/", json=body)
        return response, time.perf_counter()

    async def _state(self, stream):
        while (found := await stream.frame()) is not None:
            if found[0] == "state" and json.loads(found[1])["version"] >= self.version:
                self.frame_bytes = len(found[1])
                return time.perf_counter()
        raise RuntimeError(f"{self.name}: a stream ended")

    async def round(self):
        self.version += 1
        body = self.play.cycle[(self.version - 1) % len(self.play.cycle)]
        t0 = time.perf_counter()
        post = asyncio.ensure_future(self._post(body))
        arrived = await asyncio.wait_for(asyncio.gather(*(self._state(s) for s in self.streams)), 10)
        response, answered = await post
        assert response.status_code == 201 and response.json()["version"] == self.version, response.text[:200]
        self.samples.append((max(arrived) - t0) * 1000)
        self.posts.append((answered - t0) * 1000)


async def fan_out(fans, reps=FAN_REPS):
    for fan in fans:
        await fan.open()
    try:
        for _ in range(reps):
            for fan in random.sample(fans, len(fans)):
                await fan.round()
                await asyncio.sleep(random.uniform(0.02, 0.06))
    finally:
        for fan in fans:
            await fan.close()
    return {fan.name: {"samples": fan.samples[-reps:], "posts": fan.posts[-reps:], "bytes": fan.frame_bytes}
            for fan in fans}


# ---- 2: what idle phones cost -------------------------------------------------------------------
def window(server: Server, phones: Phones) -> dict:
    """WINDOW seconds of the server (and the client process, and the machine) doing nothing else."""
    phones.send("mark")
    s0, c0, m0 = server.sample(), phones.sample(), machine_busy()
    time.sleep(WINDOW)
    s1, c1, m1 = server.sample(), phones.sample(), machine_busy()
    return {"server": cpu_percent(s0, s1), "client": cpu_percent(c0, c1), "phones": phones.stats(),
            "machine": (m1[0] - m0[0]) / (m1[1] - m0[1]) * 100 * os.cpu_count()}


def idle_cost(server: Server, fan: Fan):
    with httpx.Client() as client:
        tokens = [server.session(fan.play.body, client)["id"] for _ in range(SESSIONS)] * PHONES_PER_SESSION
    random.shuffle(tokens)
    out = {"before": server.sample()}
    t0 = time.monotonic()
    holder = Phones("hold", server, tokens)
    try:
        out["opened"], out["open_seconds"] = holder.ready, time.monotonic() - t0
        time.sleep(5)  # let the opening settle: its requests done, their garbage collected
        out["after"] = server.sample()
        out["idle"] = window(server, holder)
        out["fan"] = asyncio.run(fan_out([fan]))[fan.name]  # 8 more streams beside the 1,000
    finally:
        holder.stop()
    time.sleep(3)
    out["closed"] = server.sample()
    poller = Phones("poll", server, tokens)
    try:
        time.sleep(3)
        out["poll"] = window(server, poller)
    finally:
        poller.stop()
    return out


# ---- the run and the report ---------------------------------------------------------------------
def main():
    if shutil.which("chromium") is None:
        print("bench.live: Debian's chromium is not installed (apt-get install chromium); skipped")
        return 0
    os.environ["DJANGO_SETTINGS_MODULE"] = "tablekeeper.settings"  # this process only finds static files
    import django
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except redis.RedisError:
        print(f"bench.live: no Redis at {REDIS} for the two-process figures; skipped")
        return 0
    django.setup()
    play = the_play()
    raise_nofile()  # inherited by the servers and the client processes
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB}{suffix}").unlink(missing_ok=True)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True,
                   env={**os.environ, "DATABASE_URL": f"sqlite:///{DB}"})
    redis.Redis.from_url(REDIS).flushdb()
    started = []
    try:
        for name, env in (("one", {}), ("redis-a", {"LIVE_REDIS_URL": REDIS}), ("redis-b", {"LIVE_REDIS_URL": REDIS})):
            started.append(Server(name, **env))
        s1, s2a, s2b = started
        for server in started:
            server.wait_ready()
        one, two = "one process, memory broker", "two processes, Redis"
        load = [os.getloadavg()[0]]
        version, taps = tap_to_other_phone([(one, s1, s1), (two, s2a, s2b)], play)
        load.append(os.getloadavg()[0])
        fans = asyncio.run(fan_out([Fan(one, s1, s1, play), Fan(two, s2a, s2b, play)]))
        for server in (s2a, s2b):
            server.stop()  # the idle figures are S1's alone
        idle = idle_cost(s1, Fan(one, s1, s1, play))
        load.append(os.getloadavg()[0])
    finally:
        for proc in started:
            proc.stop()
        redis.Redis.from_url(REDIS).flushdb()
    fans[one + f", {SESSIONS * PHONES_PER_SESSION:,} idle streams open"] = idle["fan"]
    report(version, taps, fans, idle, load, {s.log.name: s.complaints() for s in started}, play)
    return 0


def _counts(stats: dict, *prefixes) -> str:
    return ", ".join(f"{k} {v:,}" for k, v in sorted(stats.items()) if k.startswith(prefixes)) or "none"


def _ms(values):
    return f"{pct(values, 50):.0f} | {pct(values, 95):.0f} | {max(v for v in values if v is not None):.0f}"


def report(version, taps, fans, idle, load, complaints, play: Play):
    n = SESSIONS * PHONES_PER_SESSION
    cycle = ", then ".join(f"`{action['type']}`" for action in play.cycle)
    before, after, closed = idle["before"], idle["after"], idle["closed"]
    per = (after["rss"] - before["rss"]) / n
    hb, poll = idle["idle"]["phones"], idle["poll"]["phones"]
    push_p95 = {name: pct(t["push"], 95) for name, t in taps.items()}
    missing = {name: sum(v is None for v in t["push"] + t["poll"]) for name, t in taps.items()}
    lines = [
        "Command: `python -m bench.live` (`bench/live.py`, `bench/live_load.py`; part of `make bench`). "
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        "uvicorn `tablekeeper.asgi:application` (uvloop, httptools), DEBUG off, a fresh SQLite file, API rates off, "
        "LIVE_MAX_PER_ADDRESS=5000, heartbeat 20 s. The one-process and the Redis (two processes, db 13) servers ran "
        "side by side, their rounds interleaved. Load average (1 min) at start / after the browser / at the end: "
        + " / ".join(f"{x:.1f}" for x in load) + ".",
        "",
        f"Tap to other phone: Chromium {version} headless, 390x844 touch, one {play.title} {play.body['mode']} per "
        f"server (its demo.py BENCH); phone A taps `{play.tap}` ({TAPS} taps after {WARMUP} warm-up, 0.1-0.6 s apart, "
        f"the table put back untimed every {RESTORE_EVERY}), timed with `Date.now()` from the click in A until "
        f"`{play.counter}` shows the value (or a later one) in the follower's DOM. B follows by push (its mark live); B' is on the same table with "
        "every `/live/` request aborted, so its mark says reconnecting and it polls every 1.5 s. Both watch the same taps.",
        "",
        "| server | follower | p50 ms | p95 ms | max ms |",
        "|---|---|---|---|---|",
        *[f"| {name} | {kind} | {_ms(t[role])} |" for name, t in taps.items()
          for role, kind in (("push", "B, push"), ("poll", "B', polling"))],
        "",
        "Streams each page opened (B' counts the aborted attempts of its back-off), marks at the end: "
        + "; ".join(f"{name}: {t['opened']}, {t['marks']}" for name, t in taps.items())
        + f". Taps never seen: {missing}.",
        "",
        f"Fan-out: {FAN_CLIENTS} streams (raw sockets, a process of their own) on one session; an action POSTed "
        f"({cycle}, in turn: the game's BENCH cycle) {FAN_REPS} times; from the POST's send until the last of the "
        f"{FAN_CLIENTS} has the `state` frame (~{next(iter(fans.values()))['bytes']:,} bytes of data). The POST column "
        "is until its own 201; Redis: POST to one process, the streams on the other.",
        "",
        "| server | p50 ms | p95 ms | max ms | POST p50 ms |",
        "|---|---|---|---|---|",
        *[f"| {name} | {_ms(f['samples'])} | {pct(f['posts'], 50):.0f} |" for name, f in fans.items()],
        "",
        f"Idle cost, one process (in-memory broker): {n:,} streams ({SESSIONS} sessions x {PHONES_PER_SESSION}) held "
        f"open by `bench/live_load.py` (answers: {_counts(idle['opened'], 'status')}; all open and answered "
        f"after {idle['open_seconds']:.0f} s); CPU over {WINDOW} s from /proc.",
        "",
        "| what | value |",
        "|---|---|",
        f"| server RSS before / with {n:,} streams / after they closed | {before['rss'] / 2**20:.0f} / "
        f"{after['rss'] / 2**20:.0f} / {closed['rss'] / 2**20:.0f} MB |",
        f"| RSS per stream | {per / 1024:.0f} KB |",
        f"| server threads before / with the streams / after | {before['threads']} / {after['threads']} / {closed['threads']} |",
        f"| server file descriptors before / with / after | {before['fds']} / {after['fds']} / {closed['fds']} |",
        f"| server CPU, {n:,} idle streams, {WINDOW} s | **{idle['idle']['server']:.1f} %** of a core |",
        f"| frames received in those {WINDOW} s (heartbeats expected: {n * WINDOW // 20:,}) | "
        f"{_counts(hb, 'hb', 'state', 'bye', 'ended', 'error')}; {hb.get('bytes', 0) / n:.0f} bytes per stream |",
        f"| client process CPU / whole machine busy, same window | {idle['idle']['client']:.1f} % / "
        f"{idle['idle']['machine']:.0f} % of a core |",
        f"| server CPU, the same {n:,} phones polling every 1.5 s (If-None-Match), {WINDOW} s | "
        f"**{idle['poll']['server']:.1f} %** of a core |",
        f"| polls answered in that window (at most {n / 1.5 * WINDOW:,.0f}), latency p50 / p95 | {poll['n']:,} "
        f"({poll['n'] / poll['seconds']:.0f}/s; {_counts(poll, 'status', 'error')}), "
        f"{poll['p50']:.1f} / {poll['p95']:.1f} ms |",
        f"| client process CPU / whole machine busy, polling window | {idle['poll']['client']:.1f} % / "
        f"{idle['poll']['machine']:.0f} % of a core |",
        "",
        "Budgets:",
        *[f"- tap to other phone with push p95 <= {BUDGET_TAP_MS} ms ({name}): {v:.0f} ms — "
          f"{'met' if v <= BUDGET_TAP_MS else 'NOT met'}" for name, v in push_p95.items()],
        f"- {n:,} idle phones on one worker < {BUDGET_IDLE_CPU:.0f} % of a core: {idle['idle']['server']:.1f} % — "
        f"{'met' if idle['idle']['server'] < BUDGET_IDLE_CPU else 'NOT met'}",
        "",
        "Server warnings and errors logged: "
        + ("; ".join(f"{name}: {len(c)} distinct ({c[0]!r})" for name, c in complaints.items() if c) or "none") + ".",
    ]
    section = "\n".join(lines)
    if QUICK:
        print("bench.live: LIVE_BENCH_QUICK=1, a smoke run: docs/PERFORMANCE.md not written\n")
    else:
        write_section("live", section)
    print(section)


if __name__ == "__main__":
    sys.exit(main())
