"""`make bench`: the request path and replay, each beside a trivial DRF endpoint in the same run.

In-process through Django's full middleware stack (no network), on whatever DATABASE_URL says
(SQLite by default). Writes the figures to docs/PERFORMANCE.md. Budgets are reported, not asserted.
"""
import os
import platform
import sys
import time
from pathlib import Path

os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"

import django  # noqa: E402

django.setup()

from django.test import Client  # noqa: E402

from bench.report import summary, write_section  # noqa: E402
from tracker.engine import initial_state, replay  # noqa: E402
from tracker.games import plugins  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
N = int(os.environ.get("BENCH_N", "1000"))




def benched():
    """(game, bench) of every game whose demo.py declares a BENCH; the first plays the request path."""
    found = [(p.game, p.bench) for p in plugins() if p.bench is not None and p.bench.cycle]
    assert found, "no game declares a BENCH with a cycle (its demo.py)"
    return found


def replays_of(game):
    return next((p.replays for p in plugins() if p.game is game), ())


def timed(fn, n=N):
    return interleaved({"_": fn}, n)["_"]


def interleaved(scenarios: dict, n=N) -> dict:
    """Time each scenario once per round, round after round, so that whatever else the machine
    does at a given moment weighs on every scenario alike and the ratios stay honest."""
    for fn in scenarios.values():
        for _ in range(20):  # warm-up: connections, caches, imports
            fn()
    samples = {name: [] for name in scenarios}
    for _ in range(n):
        for name, fn in scenarios.items():
            t0 = time.perf_counter()
            fn()
            samples[name].append((time.perf_counter() - t0) * 1000)
    return summary(samples)


def main():
    results = {}
    client = Client()
    games = benched()
    game, bench = games[0]
    body = {"game": game.slug, "mode": bench.mode, "players": bench.players, "options": bench.options}
    session = client.post("/api/sessions/", body, content_type="application/json").json()
    actions = f"/api/sessions/{session['id']}/actions/"
    turn = [0]

    def post_action():
        # the bench's cycle leaves the table as it was, so the session never ends
        action_type, params = bench.cycle[turn[0] % len(bench.cycle)]
        turn[0] += 1
        r = client.post(actions, {"type": action_type, "params": params}, content_type="application/json")
        assert r.status_code == 201, r.content

    def get_session():
        assert client.get(f"/api/sessions/{session['id']}/").status_code == 200

    etag = {}

    def poll_304():
        if not etag:
            etag["v"] = client.get(f"/api/sessions/{session['id']}/")["ETag"]
        assert client.get(f"/api/sessions/{session['id']}/", HTTP_IF_NONE_MATCH=etag["v"]).status_code == 304

    results.update(interleaved({
        "trivial GET": lambda: client.get("/bench/trivial/"),
        "trivial POST": lambda: client.post("/bench/trivial/", {}, content_type="application/json"),
        "trivial GET, one query": lambda: client.get("/bench/trivial-query/"),
        "trivial POST, one query": lambda: client.post("/bench/trivial-query/", {}, content_type="application/json"),
        "POST action": post_action,
        "GET session": get_session,
    }))
    # the poll last: every action above changes the version the ETag carries
    results["GET 304 poll"] = timed(poll_304)

    for game, bench in games:
        for each in (bench, *replays_of(game)):
            start = initial_state(game, each.mode, each.players, each.options)
            log = [each.cycle[i % len(each.cycle)] for i in range(10_000)]
            name = game.slug if each is bench else f"{game.slug} {each.mode}"
            results[f"replay 10,000 events ({name})"] = timed(
                lambda game=game, start=start, log=log: replay(game, start, log), n=30)
    report(results, games[0][0])


def report(results, game):
    bases = {m: (results[f"trivial {m}"]["p95"], results[f"trivial {m}, one query"]["p95"]) for m in ("GET", "POST")}
    rows = []
    for name, r in results.items():
        method = name.split()[0] if name.split()[0] in ("GET", "POST") else None
        ratio = ""
        if method and not name.startswith("trivial"):
            bare, query = bases[method]
            ratio = f"{r['p95'] / bare:.2f}x | {r['p95'] / query:.2f}x"
        rows.append(f"| {name} | {r['p50']:.2f} | {r['p95']:.2f} | {ratio or ' | '} |")
    action = results["POST action"]["p95"]
    replay_ms = max(results[k]["p95"] for k in results if k.startswith("replay"))
    from django.db import connection

    section = "\n".join([
        f"## sessions on {connection.vendor}",
        "",
        f"Command: `{'DATABASE_URL=... ' if connection.vendor != 'sqlite' else ''}make bench`. "
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}. {N} rounds. Actions posted to one {game.title} session.",
        "",
        "| what | p50 ms | p95 ms | p95 / trivial | p95 / trivial with one query |",
        "|---|---|---|---|---|",
        *rows,
        "",
        "Budgets:",
        f"- action p95 <= 3x the trivial endpoint: {action / bases['POST'][0]:.2f}x the constant endpoint, "
        f"{action / bases['POST'][1]:.2f}x the one-query endpoint "
        f"({'met' if action / bases['POST'][1] <= 3 else 'NOT met'} against the one-query baseline, "
        f"{'met' if action / bases['POST'][0] <= 3 else 'not met'} against the constant one)",
        f"- replay of 10,000 events <= 50 ms (slower game): {replay_ms:.1f} ms — "
        f"{'met' if replay_ms <= 50 else 'NOT met'}",
        "",
    ])
    write_section(f"sessions on {connection.vendor}", section)
    print(section)


if __name__ == "__main__":
    sys.exit(main())
