"""`make bench`: the request path and replay, each beside a trivial DRF endpoint in the same run.

In-process through Django's full middleware stack (no network), on whatever DATABASE_URL says
(SQLite by default). Writes the figures to docs/PERFORMANCE.md. Budgets are reported, not asserted.
"""
import os
import platform
import sys
import time
import uuid
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
STORAGE_EVENTS = 1000
TRACKER_TABLES = ("tracker_session", "tracker_event", "tracker_undomark", "tracker_idempotentresponse",
                  "tracker_cardfact")


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
        # every tap from table.js carries a key, so the bench's do too
        r = client.post(actions, {"type": action_type, "params": params}, content_type="application/json",
                        HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
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
    storage = measure_storage(client, game, bench)
    links = measure_connections(client)
    report(results, games[0][0], storage, links)


def _sizes() -> tuple[int, dict[str, int]]:
    """Bytes the database holds in use, and per tracker table (its indexes and TOAST included)."""
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            # pages in use, not the file: freed pages are reused before the file grows
            cursor.execute("SELECT (SELECT page_count FROM pragma_page_count()) - "
                           "(SELECT freelist_count FROM pragma_freelist_count()), "
                           "(SELECT page_size FROM pragma_page_size())")
            pages, page_size = cursor.fetchone()
            cursor.execute("SELECT m.tbl_name, SUM(d.pgsize) FROM dbstat d JOIN sqlite_master m ON m.name = d.name "
                           "GROUP BY m.tbl_name")
            return pages * page_size, {name: size for name, size in cursor.fetchall() if name in TRACKER_TABLES}
        cursor.execute("SELECT pg_database_size(current_database())")
        total = cursor.fetchone()[0]
        cursor.execute("SELECT relname, pg_total_relation_size(oid) FROM pg_class WHERE relname = ANY(%s)",
                       [list(TRACKER_TABLES)])
        return total, dict(cursor.fetchall())


def measure_storage(client, game, bench) -> dict:
    """Bytes the database grows by per 1,000 actions recorded through the API, each with a key."""
    body = {"game": game.slug, "mode": bench.mode, "players": bench.players, "options": bench.options}
    token = client.post("/api/sessions/", body, content_type="application/json").json()["id"]
    before_total, before = _sizes()
    for i in range(STORAGE_EVENTS):
        action_type, params = bench.cycle[i % len(bench.cycle)]
        r = client.post(f"/api/sessions/{token}/actions/", {"type": action_type, "params": params},
                        content_type="application/json", HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
        assert r.status_code == 201, r.content
    after_total, after = _sizes()
    scale = 1000 / STORAGE_EVENTS / 2**20
    return {"total": (after_total - before_total) * scale,
            "tables": {t: (after.get(t, 0) - before.get(t, 0)) * scale for t in TRACKER_TABLES}}


def measure_connections(client, n=max(N // 2, 50)) -> dict:
    """What each way of holding the database connection costs a request ("trivial POST, one query"),
    and whether a connection the server dropped fails a request.

    Modes alternate round by round like the scenarios above; switching mode happens outside the
    timing, so each figure is the request as that mode serves it, connecting and closing included."""
    from django.db import close_old_connections, connection, connections

    settings_dict = connection.settings_dict
    options = settings_dict.setdefault("OPTIONS", {})

    def persistent(check):
        def setup():
            if "pool" in options or settings_dict["CONN_MAX_AGE"] == 0:
                connection.close()  # while the pool is still named: a pooled connection goes back to it
                options.pop("pool", None)
            settings_dict["CONN_MAX_AGE"] = 600
            connection.ensure_connection()
            connection.health_check_enabled = check
        return setup

    def fresh():  # CONN_MAX_AGE=0 without a pool: connect and close on every request
        connection.close()
        options.pop("pool", None)
        settings_dict["CONN_MAX_AGE"] = 0

    def pooled():
        connection.close()
        settings_dict["CONN_MAX_AGE"] = 0
        options["pool"] = {"min_size": 2, "max_size": 4}

    modes = {"persistent, with health check": persistent(True), "persistent, no health check": persistent(False),
             "new connection per request": fresh}
    if connection.vendor == "postgresql":
        modes["pool (DB_POOL=true)"] = pooled

    def request(on=client, status=201):
        # The test client leaves out what a server's handler does around each request (the request
        # started and finished signals): that is where the health check and the closing happen.
        close_old_connections()
        assert on.post("/bench/trivial-query/", {}, content_type="application/json").status_code == status
        close_old_connections()

    samples = {name: [] for name in modes}
    for i in range(n + 20):
        for name, setup in modes.items():
            setup()
            t0 = time.perf_counter()
            request()
            if i >= 20:  # warm-up rounds are not counted
                samples[name].append((time.perf_counter() - t0) * 1000)
    if "pool" in options:
        connection.close()
        connection.close_pool()
        options.pop("pool")
    persistent(True)()

    # A persistent connection the server ended (a restart, an idle timeout): does the next request fail?
    dropped = {}
    if connection.vendor == "postgresql":
        from django.test import Client

        raw = Client(raise_request_exception=False)
        for check in (True, False):
            persistent(check)()
            pid = connection.connection.info.backend_pid
            other = connections.create_connection("default")
            with other.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
            other.close()
            close_old_connections()
            dropped[check] = raw.post("/bench/trivial-query/", {}, content_type="application/json").status_code
            connection.close()
        persistent(True)()
    return {"times": summary(samples), "dropped": dropped}


HEALTH_CHECK_DECISION = (
    "Decision: CONN_MAX_AGE is 0 unless set (served over ASGI, a kept connection is never reused), and a "
    "fresh connection is never health-checked, so by default the check costs nothing. CONN_HEALTH_CHECKS "
    "stays on (CONN_HEALTH_CHECKS=false turns it off): with CONN_MAX_AGE > 0, or with DB_POOL=true, where "
    "the pool checks each connection it hands out, it is one round trip per request, the price of turning "
    "the 500 a dropped connection gives (a server restart, an idle timeout) into a reconnect.")


def report(results, game, storage, links):
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
        f"- action p95 <= 2x the one-query endpoint (issue 19): {action / bases['POST'][1]:.2f}x — "
        f"{'met' if action / bases['POST'][1] <= 2 else 'NOT met'}",
        f"- replay of 10,000 events <= 50 ms (slower game): {replay_ms:.1f} ms — "
        f"{'met' if replay_ms <= 50 else 'NOT met'}",
        f"- storage <= 1 MiB per 1,000 events: {storage['total']:.2f} MiB — "
        f"{'met' if storage['total'] <= 1 else 'NOT met'}",
        "",
        f"Storage: the database grew {storage['total']:.2f} MiB per 1,000 actions posted with an "
        f"Idempotency-Key (pages in use{'' if connection.vendor == 'sqlite' else ', pg_database_size'}); "
        "by table, indexes included: "
        + ", ".join(f"{t.removeprefix('tracker_')} {mib:.2f}" for t, mib in storage["tables"].items()) + " MiB.",
        "",
        "Connections, \"trivial POST, one query\" served each way (modes alternate round by round):",
        "",
        "| connection | p50 ms | p95 ms |",
        "|---|---|---|",
        *(f"| {name} | {r['p50']:.2f} | {r['p95']:.2f} |" for name, r in links["times"].items()),
        "",
        *([f"A persistent connection the server ended: the next request answered "
           f"{links['dropped'][True]} with the health check, {links['dropped'][False]} without.", ""]
          if links["dropped"] else []),
        *([HEALTH_CHECK_DECISION, ""] if links["dropped"] else []),
    ])
    write_section(f"sessions on {connection.vendor}", section)
    print(section)


if __name__ == "__main__":
    sys.exit(main())
