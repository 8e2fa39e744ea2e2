"""Scoring the search on a set of questions: recall@1, @3, @10 and MRR, per game and overall, asked
from the game's page (prefer=game) and from anywhere. Used by `make bench` (bench/search.py), the
quality tests and `manage.py rules_eval` (a quick look while editing the corpus)."""
from __future__ import annotations

from pathlib import Path

import yaml

from . import search

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ROOT / "tests" / "rulesref" / "players"  # questions in players' own words, one file per game


def players_questions() -> list[dict]:
    """Every game's player questions: {q, game, expect: [entry keys that answer it], section, style}."""
    out = []
    for path in sorted(PLAYERS.glob("*.yaml")):
        for item in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            expect = item["expect"] if isinstance(item["expect"], list) else [item["expect"]]
            out.append({**item, "game": item.get("game", path.stem), "expect": expect})
    return out


def score(questions: list[dict], prefer: bool) -> dict:
    """{"all": figures, <game>: figures}; figures are n, recall@1, recall@3, recall@10, mrr, misses."""
    buckets: dict[str, list] = {}
    for item in questions:
        expect = item["expect"] if isinstance(item["expect"], list) else [item["expect"]]
        keys = [r.key for r in search.search(item["q"], prefer=item["game"] if prefer else None, limit=10).results]
        rank = next((i + 1 for i, k in enumerate(keys) if k in expect), None)
        for bucket in ("all", item["game"]):
            buckets.setdefault(bucket, []).append((rank, item, keys))
    return {name: _figures(rows) for name, rows in buckets.items()}


def _figures(rows) -> dict:
    n = len(rows)
    hit = lambda k: sum(1 for rank, _, _ in rows if rank and rank <= k) / n  # noqa: E731
    misses = [f"{item['q']!r} -> {keys[:3]} (wanted {item['expect']}, rank {rank})"
              for rank, item, keys in rows if not rank or rank > 3]
    return {"n": n, "recall@1": hit(1), "recall@3": hit(3), "recall@10": hit(10),
            "mrr": sum(1 / rank for rank, _, _ in rows if rank) / n, "misses": misses}
