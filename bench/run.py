"""`make bench`: the request path and replay, each beside a trivial DRF endpoint in the same run.

In-process through Django's full middleware stack (no network), on whatever DATABASE_URL says
(SQLite by default). Writes the figures to docs/PERFORMANCE.md. Budgets are reported, not asserted.
"""
import os
import platform
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablekeeper.settings")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")

import django  # noqa: E402

django.setup()

from django.urls import include, path  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

from tracker.engine import get_game, initial_state, replay  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
N = int(os.environ.get("BENCH_N", "400"))


class Trivial(APIView):
    def get(self, request):
        return Response({"ok": True})

    def post(self, request):
        return Response({"ok": True}, status=201)


urlpatterns = [path("bench/trivial/", Trivial.as_view()), path("", include("tablekeeper.urls"))]

DUEL = {"game": "aventuria", "mode": "duel", "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
        "options": {"starting_player": 0}}


def timed(fn, n=N):
    for _ in range(min(20, n)):  # warm-up: connections, caches, imports
        fn()
    samples = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    samples.sort()
    return {"p50": statistics.median(samples), "p95": samples[int(len(samples) * 0.95) - 1]}


def main():
    results = {}
    with override_settings(ROOT_URLCONF=__name__):
        client = Client()
        session = client.post("/api/sessions/", DUEL, content_type="application/json").json()
        actions = f"/api/sessions/{session['id']}/actions/"
        flip = [0]

        def post_action():
            flip[0] ^= 1  # alternate loss and heal so the duel never ends
            body = ({"type": "life_point_loss", "params": {"target": 1, "amount": 1}} if flip[0]
                    else {"type": "heal", "params": {"target": 1, "amount": 1}})
            r = client.post(actions, body, content_type="application/json")
            assert r.status_code == 201, r.content

        def get_session():
            assert client.get(f"/api/sessions/{session['id']}/").status_code == 200

        etag = {}

        def poll_304():
            if not etag:
                etag["v"] = client.get(f"/api/sessions/{session['id']}/")["ETag"]
            assert client.get(f"/api/sessions/{session['id']}/", HTTP_IF_NONE_MATCH=etag["v"]).status_code == 304

        results["trivial GET"] = timed(lambda: client.get("/bench/trivial/"))
        results["trivial POST"] = timed(lambda: client.post("/bench/trivial/", {}, content_type="application/json"))
        results["POST action"] = timed(post_action)
        results["GET session"] = timed(get_session)
        results["GET 304 poll"] = timed(poll_304)

    game = get_game("aventuria")
    start = initial_state(game, "duel", DUEL["players"], DUEL["options"])
    log = [("life_point_loss", {"target": 1, "amount": 1}) if i % 2 == 0 else ("heal", {"target": 1, "amount": 1})
           for i in range(10_000)]
    results["replay 10,000 events"] = timed(lambda: replay(game, start, log), n=30)
    report(results)


def report(results):
    trivial_post = results["trivial POST"]["p95"]
    trivial_get = results["trivial GET"]["p95"]
    rows = []
    for name, r in results.items():
        base = trivial_post if name.startswith("POST") else trivial_get if name.startswith("GET") else None
        ratio = f"{r['p95'] / base:.2f}x" if base and not name.startswith("trivial") else ""
        rows.append(f"| {name} | {r['p50']:.2f} | {r['p95']:.2f} | {ratio} |")
    action_ratio = results["POST action"]["p95"] / trivial_post
    replay_ms = results["replay 10,000 events"]["p95"]
    from django.db import connection

    text = "\n".join([
        "# Performance",
        "",
        "Measured by `make bench` (`bench/run.py`): in-process through the full Django middleware stack,",
        f"{N} requests per row after a warm-up, on {connection.vendor}. Ratios compare p95 with the",
        "trivial DRF endpoint of the same method measured in the same run. Timings are never asserted in tests.",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}.",
        "",
        "| what | p50 ms | p95 ms | p95 vs trivial |",
        "|---|---|---|---|",
        *rows,
        "",
        "Budgets:",
        f"- action p95 <= 3x the trivial endpoint: {action_ratio:.2f}x — {'met' if action_ratio <= 3 else 'NOT met'}",
        f"- replay of 10,000 events <= 50 ms: {replay_ms:.1f} ms — {'met' if replay_ms <= 50 else 'NOT met'}",
        "",
    ])
    (ROOT / "docs" / "PERFORMANCE.md").write_text(text)
    print(text)


if __name__ == "__main__":
    sys.exit(main())
