"""The presenter and its layout: what the table page shows of a race."""
from pathlib import Path

from django.template import Context, Engine

from tracker.engine import initial_state
from tracker.engine.kit.presenter import Table, mode_forms

from .. import GAME
from ..page import PAGE

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


def _table(**options):
    state = initial_state(GAME, "race", [{"name": "Ann"}, {"name": "Ben"}], options)
    return Table(GAME, state, "race", True, mode_forms(GAME, state, "race"))


def test_the_presenter_counts_what_each_player_still_needs():
    table = _table(target=4)
    table.state["players"][1]["points"] = 3
    assert PAGE.context(table)["to_target"] == [4, 1]


def test_the_now_buttons_are_the_scores_the_engine_takes():
    table = _table(target=4)
    assert [(q.testid, q.params) for q in PAGE.context(table)["now"]] == [
        (f"template-score-{n}", {"player": 0, "amount": n}) for n in (1, 2, 3)]
    table.state["phase"] = "end_of_turn"  # the neighbour: no scoring at the end of the turn (template.R1)
    assert PAGE.context(table)["now"] == []


def test_the_layout_renders_the_counters_and_the_one_tap_buttons():
    table = _table()
    state = table.state
    html = Engine(dirs=[str(TEMPLATES)]).get_template(PAGE.template).render(Context({
        "state": state, "players": list(enumerate(state["players"])), "can_write": True, "session": None,
        **PAGE.context(table),
    }))
    assert 'data-testid="template-points-0">0<' in html and 'data-act="score"' in html
    assert "10 to the target of 10" in html and 'data-testid="advance"' in html
    assert 'data-act="lose_points"' in html and 'data-testid="template-plus-1"' not in html  # Ben waits
