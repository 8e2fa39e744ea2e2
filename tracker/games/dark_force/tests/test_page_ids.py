"""No internal id on the Dark Force pages: units, terrains, moves and ships are shown by name, a face-down unit
by whose it is and where it lies (its name stays its owner's). Option values may stay ids; what a player reads
(text, option labels, titles, placeholders) never does. The pages are rendered in many states: the canned
golden sessions, the map of the page tests in every phase and combat step, and long random legal games played
through the API (with and without the Captain's Pack)."""
import random
import re
from html.parser import HTMLParser

import pytest

from tests.goldens import canned_session
from tests.support.pages import page, text_of
from tracker.games.dark_force import GAME
from tracker.models import Session

from .test_pages import DUEL, edit_state, with_map

UNIT_ID = re.compile(r"\bu\d+\b")
ANY_ID = re.compile(r"\b[utms]\d+\b")  # units, terrains, moves, ships (spells: "sp…")
SHOWN_ATTRS = ("title", "aria-label", "placeholder", "alt")


class _Visible(HTMLParser):
    """The text a player can read: text nodes (not scripts or styles) and the attributes a browser shows."""

    def __init__(self):
        super().__init__()
        self.parts, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        self.parts += [v for k, v in attrs if k in SHOWN_ATTRS and v]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(data.strip())


def visible(html) -> list[str]:
    reader = _Visible()
    reader.feed(html)
    return reader.parts


URL = re.compile(r"https?://\S+")


def ids_shown(html, pattern=ANY_ID) -> list[str]:
    # a shown link carries the session's random token, which may hold "-m0" or "_u7" by chance
    return [text for text in visible(html) if pattern.search(URL.sub("", text))]


def assert_no_ids(client, session, where, whole=True):
    """Both links' pages: the whole page, or (`whole=False`, for the long random games) the live part that
    changes with the game (the state fragment the page refreshes: the game's layout, "now" and the log)."""
    for token in (session["id"], Session.objects.get(pk=session["id"]).view_id):
        if whole:
            html = page(client, token)
        else:
            response = client.get(f"/t/{token}/state/")
            assert response.status_code == 200
            html = response.content.decode()
        assert not ids_shown(html, UNIT_ID), (where, ids_shown(html, UNIT_ID))
        assert not ids_shown(html), (where, ids_shown(html))


def test_the_reader_sees_text_and_labels_but_not_values():
    html = ('<p title="u3 here">Ann <b>u7</b></p><select><option value="u9">Ann\'s face-down army 1</option></select>'
            '<input type="hidden" name="unit" value="u4"><script>var u5;</script>')
    assert ids_shown(html, UNIT_ID) == ["u3 here", "u7"]


def test_the_canned_golden_sessions_show_no_id(client, api, db):
    for mode in GAME.modes:
        assert_no_ids(client, canned_session(api, GAME, mode), mode.slug)


def _to(act, session, phase_steps):
    for type_, params in phase_steps:
        act(session, type_, params=params)


def test_the_map_in_every_step_shows_no_id(client, create, act):
    session = create(DUEL)
    with_map(session["id"])
    assert_no_ids(client, session, "start")
    act(session, "choose_draws", params={"player": 0, "count": 0})
    for step in ("play_terrains", "declare_moves", "execute_moves", "movement_end"):
        act(session, "next_step", params={"player": 0})
        assert_no_ids(client, session, step)
    edit_state(session["id"], lambda st: st["terrains"][1]["values"].update(cap=1))  # a claim on Ben's Orcs
    assert_no_ids(client, session, "claim")
    html = page(client, session["id"])
    assert "Ben's face-down army in Green Plains" in html.replace("&#x27;", "'")
    assert text_of(html, "df-facedown-t1-0") == "1 face-down"


def test_a_combat_in_every_step_shows_no_id(client, create, act):
    session = create(DUEL)
    with_map(session["id"])
    edit_state(session["id"], lambda st: st.update(phase="combat") or st["players"][0].update(draws_this_turn=0))
    act(session, "start_combat", params={"player": 0, "terrain": "t3"})
    assert_no_ids(client, session, "place units")
    act(session, "place_unit", params={"player": 1, "unit": "u7", "row": "front", "column": 0})
    act(session, "place_unit", params={"player": 0, "unit": "u8", "row": "front", "column": 0})
    seen = set()
    for _ in range(40):
        state = Session.objects.get(pk=session["id"]).state
        combat = state.get("combat")
        if not combat:
            break
        seen.add(combat["step"])
        assert_no_ids(client, session, combat["step"], whole=False)
        offered = [a for a in GAME.enumerate_actions(state) if a.type != "destroy"]
        act(session, offered[0].type, params=offered[0].params)
    assert {"announce_retreat", "close_combat"} <= seen
    assert_no_ids(client, session, "after the combat")


@pytest.mark.parametrize("seed, options", [(1, {}), (5, {"captains_pack": True}), (7, {"essen96": True})])
def test_random_legal_games_show_no_id(client, create, act, seed, options):
    session = create({**DUEL, "options": {"deck_size": 60, "first_player": 0, **options}})
    pick = random.Random(seed)
    for step in range(90):
        state = Session.objects.get(pk=session["id"]).state
        offered = GAME.enumerate_actions(state)
        if not offered:
            break
        # destroying units ends the game early; keep it for when nothing else is offered
        action = pick.choice([a for a in offered if a.type != "destroy"] or offered)
        act(session, action.type, params=action.params)
        if step % 4 == 0 or state.get("combat"):
            assert_no_ids(client, session, f"seed {seed} step {step} ({action.type})", whole=False)
    assert_no_ids(client, session, f"seed {seed} at the end")


def test_face_down_units_are_told_apart_by_whose_kind_place_and_order():
    from tracker.games.dark_force.page_common import unit_label

    from .test_pages import terrain, unit

    state = {"players": [{"name": "Ann"}, {"name": "Ben"}], "terrains": [terrain("t1", "Green Plains", "Plains", 0, (0, 0))],
             "ships": {"s1": {"id": "s1", "name": "Swift"}},
             "units": {uid: unit(uid, f"Secret {uid}", kind, 0, "t1", "down", 2)
                       for uid, kind in (("u10", "army"), ("u9", "army"), ("u11", "creature"))}}
    state["units"]["u12"] = {**unit("u12", "Sir Ulf", "hero", 0, None, "up", 3), "place": {"ship": "s1"}}
    units = state["units"]
    assert unit_label(state, units["u9"]) == "Ann's face-down army 1 in Green Plains"  # played before u10
    assert unit_label(state, units["u10"]) == "Ann's face-down army 2 in Green Plains"
    assert unit_label(state, units["u11"]) == "Ann's face-down creature in Green Plains"  # the only one
    assert unit_label(state, units["u12"]) == "Sir Ulf"
    assert unit_label(state, units["u12"], whose=True, where=True) == "Sir Ulf (Ann) on Swift"


def test_a_refusal_for_a_unit_gone_from_play_names_the_field_not_the_id():
    from tracker.engine import Action, decide, initial_state

    state = initial_state(GAME, "duel", [{"name": "Ann"}, {"name": "Ben"}], {"first_player": 0})
    refused = decide(GAME, state, Action("destroy", {"player": 0, "card": "Orcs", "kind": "army", "value": 2,
                                                     "unit": "u77"}))
    assert [v.message for v in refused.violations] == ["That unit (unit) is not in play."]
