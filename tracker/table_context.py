"""What the table page shows of a session: shared by the page itself and by its live fragment, which
is rendered once per version for every phone (tracker/live/fragments.py), so nothing here may depend
on the request or on who asks, beyond the edit or view-only link."""
import time

from tracker.engine.kit.presenter import Table, mode_forms
from tracker.games import get_game, plugin

from . import table_log
from .services import cardfacts

LOG_LENGTH = 40
GENERIC_STATE = "table/generic_state.html"


def table_context(access) -> dict:
    """What the table page and its live fragment (templates/table/_state.html) show of a session."""
    session = access.session
    game = get_game(session.game)
    page = plugin(session.game).page
    state = session.state
    forms = mode_forms(game, state, session.mode)
    phases = game.phases_for(session.mode)
    phase_ids = [p.id for p in phases]
    context = {
        "session": session, "game": game, "state": state, "can_write": access.can_write,
        "token": access.session.pk if access.can_write else session.view_id,
        "players": list(enumerate(state.get("players", []))),
        "phases": phases, "phase_index": phase_ids.index(state["phase"]) if state.get("phase") in phase_ids else -1,
        "current_phase": next((p.title for p in phases if p.id == state.get("phase")), state.get("phase")),
        "log": table_log.table_log(session, LOG_LENGTH),
        "action_groups": table_log.drawer_groups(game, forms, state.get("phase")),
        "has_advance": "advance_phase" in game.actions,
        "page": page,
        "rendered_at": int(time.time() * 1000),
        "state_template": page.template if page else GENERIC_STATE,
        "cards": cardfacts.page_context(session, state, access.can_write),  # templates/table/_cards.html
    }
    if page is not None and page.context is not None:
        context.update(page.context(Table(game, state, session.mode, access.can_write, forms)))
    # buttons for what is legal now: none once the game is over or on a view-only link
    context["now"] = table_log.now_buttons(context.get("now") or []) if access.can_write and not session.outcome else []
    return context
