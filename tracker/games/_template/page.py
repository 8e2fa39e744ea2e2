"""The table page: the state layout, what it needs computed, and the static files it loads."""
from __future__ import annotations

from tracker.engine.kit.presenter import Page, Quick, Table, legal


def _now(table: Table) -> list[Quick]:
    """The turn's common taps as buttons, each offered only when the engine would take it."""
    state, a = table.state, table.state.get("active_player")
    offers = [Quick(f"Score {n}", "score", {"player": a, "amount": n}, testid=f"template-score-{n}") for n in (1, 2, 3)]
    return [q for q in offers if legal(table.game, state, q.type, q.params, table.mode)]


def context(table: Table) -> dict:
    state = table.state
    return {"to_target": [max(0, state["target"] - p["points"]) for p in state["players"]], "now": _now(table)}


PAGE = Page(template="games/template/state.html", context=context, styles=("games/template/template.css",))
