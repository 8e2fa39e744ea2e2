"""The table page: the state layout, what it needs computed, and the static files it loads."""
from __future__ import annotations

from tracker.engine.kit.presenter import Page, Table


def context(table: Table) -> dict:
    state = table.state
    return {"to_target": [max(0, state["target"] - p["points"]) for p in state["players"]]}


PAGE = Page(template="games/template/state.html", context=context, styles=("games/template/template.css",))
