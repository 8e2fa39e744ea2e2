"""The corpus: our own entries as YAML under fixtures/rules/<game>/, checked and loaded."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import yaml
from django.conf import settings
from django.db import transaction

from . import query as q
from .models import Entry, RuleCitation, Synonym, Term

ROOT = Path(settings.BASE_DIR) / "fixtures" / "rules"
KINDS = {"rule", "faq", "errata", "glossary", "card"}
FIELDS = {"id", "kind", "title", "section", "body", "tags", "see_also", "rules"}
KEY = re.compile(r"^[a-z0-9-]+\.[a-z0-9][a-z0-9-]*$")
RULE_ID = re.compile(r"^[a-z0-9-]+\.[A-Z]+\d+[a-z]?$")


class CorpusError(ValueError):
    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def games(root: Path = ROOT) -> list[str]:
    """The games with a corpus: every folder of fixtures/rules/ but those starting with "_" (the
    template a new game copies)."""
    return sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith("_")) if root.exists() else []


def read(root: Path = ROOT, game_names: dict[str, str] | None = None) -> tuple[list[dict], list[tuple[str, list[str]]]]:
    """All entries (with their game) and synonym groups, as the files say; raises CorpusError.
    `game_names` maps folders to the game they hold where the two differ (the template's)."""
    entries, synonyms, problems = [], [], []
    folders = list(game_names) if game_names is not None else games(root)
    for folder in folders:
        game_dir = root / folder
        game = (game_names or {}).get(folder, folder)
        for path in sorted(game_dir.glob("*.yaml")):
            try:
                data = yaml.safe_load(path.read_text(encoding="utf8")) or []
            except yaml.YAMLError as exc:
                problems.append(f"{path}: not valid YAML ({exc})")
                continue
            if path.name == "synonyms.yaml":
                for group in data:
                    if not (isinstance(group, list) and len(group) >= 2 and all(isinstance(t, str) for t in group)):
                        problems.append(f"{path}: a synonym group must be a list of 2+ strings: {group!r}")
                    else:
                        synonyms.append((game, group))
                continue
            for position, raw in enumerate(data):
                entries.append({"game": game, "file": path.name, "position": position, **(raw if isinstance(raw, dict) else {"_bad": raw})})
    problems += check(entries)
    if problems:
        raise CorpusError(problems)
    return entries, synonyms


def check(entries: list[dict]) -> list[str]:
    problems, seen = [], set()
    keys = {e.get("id") for e in entries}
    for e in entries:
        where = f"{e['game']}/{e['file']}#{e['position']} ({e.get('id')})"
        if "_bad" in e:
            problems.append(f"{where}: not a mapping")
            continue
        unknown = set(e) - FIELDS - {"game", "file", "position"}
        if unknown:
            problems.append(f"{where}: unknown fields {sorted(unknown)}")
        key = e.get("id")
        if not isinstance(key, str) or not KEY.match(key) or not key.startswith(e["game"] + "."):
            problems.append(f"{where}: id must be '{e['game']}.<lowercase-slug>'")
        elif key in seen:
            problems.append(f"{where}: duplicate id")
        seen.add(key)
        if e.get("kind") not in KINDS:
            problems.append(f"{where}: kind must be one of {sorted(KINDS)}")
        for name in ("title", "section", "body"):
            if not isinstance(e.get(name), str) or not e[name].strip():
                problems.append(f"{where}: {name} is required text")
        for name in ("tags", "see_also", "rules"):
            if not isinstance(e.get(name, []), list):
                problems.append(f"{where}: {name} must be a list")
        for other in e.get("see_also") or []:
            if other not in keys:
                problems.append(f"{where}: see_also names unknown entry {other}")
        for rule_id in e.get("rules") or []:
            if not isinstance(rule_id, str) or not RULE_ID.match(rule_id) or not rule_id.startswith(e["game"] + "."):
                problems.append(f"{where}: bad rule id {rule_id!r}")
    return problems


def vocabulary_counts(texts) -> Counter:
    counts = Counter()
    for text in texts:
        counts.update(q.fold(w) for w in q.words(text) if 2 <= len(w) <= 60)
    return counts


def rebuild_terms() -> int:
    """Recount the corpus words that typo correction picks from."""
    counts = vocabulary_counts(
        " ".join(row) for row in Entry.objects.values_list("title", "section", "tags", "body").iterator()
    )
    for terms in Synonym.objects.values_list("terms", flat=True):
        counts.update(q.fold(w) for term in terms for w in q.words(term))
    with transaction.atomic():
        Term.objects.all().delete()
        Term.objects.bulk_create((Term(word=w, frequency=n) for w, n in counts.items()), batch_size=2000)
    return len(counts)


@transaction.atomic
def load(root: Path = ROOT) -> dict[str, int]:
    """Replace every corpus entry and synonym with what the files say; imported entries stay."""
    entries, synonyms = read(root)
    Entry.objects.exclude(kind=Entry.Kind.IMPORTED).delete()
    Synonym.objects.all().delete()
    created = Entry.objects.bulk_create(
        [
            Entry(
                key=e["id"], game=e["game"], kind=e["kind"], title=e["title"].strip(), section=e["section"].strip(),
                body=e["body"].strip(), tags=" ".join(str(t) for t in e.get("tags") or []), see_also=e.get("see_also") or [],
                position=_order(e),
            )
            for e in entries
        ],
        batch_size=500,
    )
    by_key = {entry.key: entry for entry in Entry.objects.exclude(kind=Entry.Kind.IMPORTED)}
    RuleCitation.objects.bulk_create(
        [RuleCitation(rule_id=r, entry=by_key[e["id"]]) for e in entries for r in dict.fromkeys(e.get("rules") or [])],
        batch_size=1000,
    )
    Synonym.objects.bulk_create([Synonym(game=game, terms=group) for game, group in synonyms])
    counts = Counter(e["game"] for e in entries)
    return dict(sorted(counts.items())) | {"entries": len(created)}


_FILE_ORDER = {"rules.yaml": 0, "faq.yaml": 1, "glossary.yaml": 2}


def _order(e: dict) -> int:
    return _FILE_ORDER.get(e["file"], 3) * 100_000 + e["position"]
