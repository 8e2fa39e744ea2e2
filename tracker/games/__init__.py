"""The catalog: every game package in this folder, found by convention, never by a list.

A package `tracker/games/<package>/` is a game when its `__init__.py` defines `GAME` (the manifest,
an engine `Game`); its slug is the package name with `_` spelt `-`. Beside it, each optional:
`page.py` defining `PAGE` (the presenter) and `CARD_FACTS` (which action params are a card's own facts,
remembered for the table: tracker.engine.kit.cards), `links.py` defining `LINKS` (sessions that count for
another), `demo.py` defining `DEMO` (sessions for `make run`) and `BENCH` (what `make bench` plays). Packages whose name starts with `_`
(the `_template` a new game copies) are not discovered; `load()` reads one on purpose.

Pure Python like the engine: importing this and every game needs no Django.
"""
from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tracker.engine import Game, Registry
from tracker.engine.kit.cards import Declared, declared
from tracker.engine.kit.demo import Bench, Demo, Flow
from tracker.engine.kit.links import Link
from tracker.engine.kit.presenter import Page

ROOT = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Plugin:
    """One game package and what it declares."""

    package: str
    game: Game
    page: Page | None
    links: tuple[Link, ...]
    demo: tuple[Demo, ...]
    bench: Bench | None = None
    # Other modes whose long logs the replay benchmark folds too (`REPLAYS` in demo.py).
    replays: tuple[Bench, ...] = ()
    flows: tuple[Flow, ...] = ()
    cards: Declared = field(default_factory=dict)


def slug_of(package: str) -> str:
    """The slug a package must declare: `my_game` -> `my-game`, `_template` -> `template`."""
    return package.lstrip("_").replace("_", "-")


def _optional(module: str, name: str, default):
    # A module that is not there, or does not define `name`, declares nothing; an error inside one
    # must surface, so there is no ImportError to swallow here.
    if importlib.util.find_spec(module) is None:
        return default
    return getattr(importlib.import_module(module), name, default)


def load(package: str) -> Plugin:
    """Read one game package (discovered or not) into a Plugin."""
    module = f"{__name__}.{package}"
    game = importlib.import_module(module).GAME
    return Plugin(
        package=package,
        game=game,
        page=_optional(f"{module}.page", "PAGE", None),
        links=tuple(_optional(f"{module}.links", "LINKS", ())),
        demo=tuple(_optional(f"{module}.demo", "DEMO", ())),
        bench=_optional(f"{module}.demo", "BENCH", None),
        replays=tuple(_optional(f"{module}.demo", "REPLAYS", ())),
        flows=tuple(_optional(f"{module}.demo", "FLOWS", ())),
        cards=declared(_optional(f"{module}.page", "CARD_FACTS", None)),
    )


def packages() -> list[str]:
    """The discovered game packages: every package here whose name does not start with `_`."""
    return sorted(m.name for m in pkgutil.iter_modules([str(ROOT)]) if m.ispkg and not m.name.startswith("_"))


@lru_cache(maxsize=1)
def _catalog() -> tuple[Registry, dict[str, Plugin]]:
    registry, plugins = Registry(), {}
    for package in packages():
        plugin = load(package)
        registry.register(plugin.game)
        plugins[plugin.game.slug] = plugin
    return registry, plugins


def plugins() -> list[Plugin]:
    return list(_catalog()[1].values())


def plugin(slug) -> Plugin | None:
    return _catalog()[1].get(slug) if isinstance(slug, str) else None


def all_games() -> list[Game]:
    return _catalog()[0].all()


def get_game(slug) -> Game | None:
    return _catalog()[0].get(slug)


def links() -> list[tuple[Game, Link]]:
    """Every link of every game, with its game."""
    return [(p.game, link) for p in plugins() for link in p.links]
