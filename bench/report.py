"""docs/PERFORMANCE.md: one section per benchmark and database; a run rewrites only its own."""
import statistics
from pathlib import Path

PATH = Path(__file__).resolve().parents[1] / "docs" / "PERFORMANCE.md"
HEADER = """# Performance

Written by `make bench`; each run rewrites only its own sections. Timings are never asserted in
tests. Request timings are taken round by round, each round timing every scenario once, so that
whatever else the machine does weighs on all of them alike; each figure stands beside a yardstick
from the same rounds (a trivial DRF endpoint, or the bare full-text query), and the ratio is what
the budget speaks of.
"""


def write_section(title: str, section: str) -> None:
    text = PATH.read_text() if PATH.exists() else HEADER
    parts = text.split("\n## ")
    sections = {p.split("\n", 1)[0]: "## " + p for p in parts[1:]}
    sections[title] = section if section.startswith("## ") else f"## {title}\n\n{section}"
    PATH.write_text(HEADER.rstrip() + "\n\n" + "\n".join(s.rstrip() + "\n" for _, s in sorted(sections.items())))


def pct(values, p: int) -> float:
    """The p-th percentile of timings (the median for 50), ignoring missing ones."""
    values = sorted(v for v in values if v is not None)
    if not values:
        return float("nan")
    return statistics.median(values) if p == 50 else values[max(0, int(len(values) * p / 100) - 1)]


def summary(samples: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    return {name: {"p50": pct(values, 50), "p95": pct(values, 95)} for name, values in samples.items()}
