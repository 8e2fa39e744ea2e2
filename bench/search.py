"""`make bench`, rules search: quality on the evaluation set, latency over HTTP on loopback.

Quality: recall@1, recall@3 and MRR of tests/rulesref/queries.yaml on the database in use.
Latency: a gunicorn server on 127.0.0.1 answers /api/rules/search/ and, in the same rounds, the
bare full-text query of bench/urls.py; then the same on a synthetic corpus of 100,000 entries.
"""
import http.client
import json
import os
import platform
import random
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"

import django  # noqa: E402

django.setup()

import yaml  # noqa: E402
from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402

from bench.report import summary, write_section  # noqa: E402
from rulesref import corpus, evaluate, search, services  # noqa: E402
from rulesref.models import Entry  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
QUERIES = ROOT / "tests" / "rulesref" / "queries.yaml"
ROUNDS = int(os.environ.get("BENCH_SEARCH_ROUNDS", "300"))
SYNTHETIC = int(os.environ.get("BENCH_SYNTHETIC", "100000"))


def quality(queries, prefer):
    """recall@1, @3 and MRR of queries.yaml, scored as the players' questions are (rulesref.evaluate)."""
    return evaluate.score(queries, prefer)["all"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """gunicorn on loopback with keep-alive, serving the bench settings on the same database."""

    def __init__(self, database_url, app="bench.wsgi", threads=2, worker_class="gthread"):
        self.port = free_port()
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.settings", "DATABASE_URL": database_url}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", app, "--bind", f"127.0.0.1:{self.port}",
             "--worker-class", worker_class, "--workers", "1", "--threads", str(threads), "--keep-alive", "30",
             "--log-level", "warning"],
            cwd=ROOT, env=env,
        )
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def get(self, path):
        self.conn.request("GET", path)
        response = self.conn.getresponse()
        body = response.read()
        assert response.status == 200, body[:300]
        return body

    def stop(self):
        self.conn.close()
        self.proc.terminate()
        self.proc.wait(timeout=10)


def latency(server, texts, rounds=ROUNDS):
    samples = {"search": [], "bare": []}
    paths = {
        "search": lambda t: "/api/rules/search/?" + urllib.parse.urlencode({"q": t}),
        "bare": lambda t: "/bench/bare-search/?" + urllib.parse.urlencode({"q": t}),
    }
    for t in texts[:20]:
        for make in paths.values():
            server.get(make(t))
    for i in range(rounds):
        text = texts[i % len(texts)]
        for name, make in paths.items():
            t0 = time.perf_counter()
            server.get(make(text))
            samples[name].append((time.perf_counter() - t0) * 1000)
    return summary(samples)


def synthetic_database(size):
    """A copy of the schema with the real corpus plus `size` generated entries, words drawn from it."""
    vendor = connection.vendor
    if vendor == "sqlite":
        path = settings.VAR_DIR / f"bench-{size}.sqlite3"
        url = f"sqlite:///{path}"
        fresh = not path.exists()
    else:
        name = f"tablekeeper_bench_{size}"
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
            fresh = cursor.fetchone() is None
            if fresh:
                cursor.execute(f'CREATE DATABASE "{name}"')
        base = urllib.parse.urlparse(os.environ["DATABASE_URL"])
        url = base._replace(path=f"/{name}").geturl()
    env = {**os.environ, "DATABASE_URL": url}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    if fresh:
        subprocess.run([sys.executable, "-m", "bench.search", "--fill", str(size)], cwd=ROOT, env=env, check=True)
    return url


def fill(size):
    """Run inside the synthetic database's process: load the corpus, then generate entries."""
    services.corpus_load()
    counts = corpus.vocabulary_counts(" ".join(r) for r in Entry.objects.values_list("title", "body"))
    words, weights = zip(*counts.most_common(5000))
    rng = random.Random(42)
    batch = []
    for n in range(size):
        title = " ".join(rng.choices(words, weights, k=rng.randint(2, 6)))
        body = " ".join(rng.choices(words, weights, k=rng.randint(30, 120)))
        batch.append(Entry(key=f"synthetic.e{n}", game="synthetic", kind="rule", title=title.capitalize(),
                           section="Synthetic", body=body, position=n))
        if len(batch) == 5000:
            Entry.objects.bulk_create(batch)
            batch.clear()
    Entry.objects.bulk_create(batch)
    from rulesref.tasks import rebuild_search_index

    rebuild_search_index()


def main():
    queries = yaml.safe_load(QUERIES.read_text())
    vendor = connection.vendor
    if not Entry.objects.exists():
        services.corpus_load()
    q = quality(queries, prefer=True)
    q_all = quality(queries, prefer=False)
    players = evaluate.players_questions()
    real = {True: evaluate.score(players, True), False: evaluate.score(players, False)} if players else None
    texts = [item["q"] for item in queries] + [item["q"] for item in players]
    random.Random(7).shuffle(texts)
    db_url = os.environ.get("DATABASE_URL") or f"sqlite:///{settings.DATABASES['default']['NAME']}"
    server = Server(db_url)
    try:
        small = latency(server, texts)
    finally:
        server.stop()
    big_url = synthetic_database(SYNTHETIC)
    server = Server(big_url)
    try:
        big = latency(server, texts)
    finally:
        server.stop()
    report(vendor, q, q_all, small, big, real)


def _real_rows(real) -> list[str]:
    """Players' questions per game and overall, from the game's page and from anywhere."""
    if not real:
        return ["No players' questions in tests/rulesref/players/."]
    rows = ["| game | questions | asked from | recall@1 | recall@3 | recall@10 | MRR |", "|---|---|---|---|---|---|---|"]
    for game in sorted(real[True], key=lambda g: (g == "all", g)):
        for prefer, where in ((True, "the game's page"), (False, "anywhere")):
            f = real[prefer][game]
            rows.append(f"| {'**all**' if game == 'all' else game} | {f['n']} | {where} | {f['recall@1']:.3f} | "
                        f"{f['recall@3']:.3f} | {f['recall@10']:.3f} | {f['mrr']:.3f} |")
    worst = min(real[True][g]["recall@3"] for g in real[True])
    worst_all = min(real[False][g]["recall@3"] for g in real[False])
    rows += ["", f"Goals: recall@3 >= 0.95 from the game's page on every game (lowest {worst:.3f}: "
             f"{'met' if worst >= 0.95 else 'NOT met'}) and >= 0.90 from anywhere (lowest {worst_all:.3f}: "
             f"{'met' if worst_all >= 0.90 else 'NOT met'})."]
    misses = real[True]["all"]["misses"]
    if misses:
        rows += ["", "Players' questions outside the top 3 from the game's page:", *[f"- {m}" for m in misses]]
    return rows


def report(vendor, q, q_all, small, big, real=None):
    def row(name, r):
        ratio = r["search"]["p95"] / r["bare"]["p95"]
        return [
            f"| {name} | search | {r['search']['p50']:.2f} | {r['search']['p95']:.2f} | {ratio:.2f}x |",
            f"| {name} | bare query | {r['bare']['p50']:.2f} | {r['bare']['p95']:.2f} | |",
        ]

    count = Entry.objects.count()
    section = "\n".join([
        f"## search on {vendor}",
        "",
        f"Command: `{'DATABASE_URL=... ' if vendor != 'sqlite' else ''}make bench` (`bench/search.py`). Machine: "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}. HTTP over loopback "
        f"to gunicorn (gthread, keep-alive), {ROUNDS} rounds, queries from `tests/rulesref/queries.yaml`.",
        "",
        f"Quality on {q['n']} queries, {count} entries (budget recall@3 >= 0.9):",
        "",
        "| asked from | recall@1 | recall@3 | MRR |",
        "|---|---|---|---|",
        f"| the game's page (prefer=game) | {q['recall@1']:.3f} | {q['recall@3']:.3f} | {q['mrr']:.3f} |",
        f"| anywhere, all five games | {q_all['recall@1']:.3f} | {q_all['recall@3']:.3f} | {q_all['mrr']:.3f} |",
        "",
        "Players' questions (`tests/rulesref/players/`, phrased as players ask on public rules forums, in our "
        "words; kept apart from queries.yaml):",
        "",
        *_real_rows(real),
        "",
        "| corpus | what | p50 ms | p95 ms | p95 / bare |",
        "|---|---|---|---|---|",
        *row(f"{count} entries", small),
        *row(f"{SYNTHETIC:,} synthetic + corpus", big),
        "",
        "Budgets: search p95 <= 2x the bare query: "
        f"{small['search']['p95'] / small['bare']['p95']:.2f}x on the corpus, "
        f"{big['search']['p95'] / big['bare']['p95']:.2f}x at {SYNTHETIC:,}; p95 <= 100 ms at {SYNTHETIC:,}: "
        f"{big['search']['p95']:.1f} ms ({'met' if big['search']['p95'] <= 100 else 'NOT met'}).",
        "",
        "Queries outside the top 3 when asked from the game's page:" if q["misses"] else
        "From the game's page every query finds its entry in the top 3.",
        *[f"- {m}" for m in q["misses"]],
        "",
    ])
    write_section(f"search on {vendor}", section)
    print(section)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--fill":
        fill(int(sys.argv[2]))
    else:
        main()
