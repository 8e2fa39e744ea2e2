"""The Dark Force pages, server side: the duel table (both Boron's Halls, the target and the distance to
the end, the map of terrains as tiles with face-down stacks as counts only, the turn stepper and its
buttons, the destroy form, the Essen '96 clock, the combat helper), view-only links, the end of a
tournament game, and the tournament page. Hooks: docs/PAGES.md (Dark Force)."""
import re

import pytest

from tests.support.pages import page, tag, text_of
from tracker.models import Session
from tracker.games.dark_force.page import to_end

DUEL = {"game": "dark-force", "mode": "duel", "players": [{"name": "Ann"}, {"name": "Ben"}],
        "options": {"deck_size": 60, "first_player": 0}}
ESSEN = {**DUEL, "options": {"deck_size": 60, "first_player": 0, "essen96": True}}
TOURNAMENT = {"game": "dark-force", "mode": "tournament", "players": [{"name": "Ann"}, {"name": "Ben"}],
              "options": {}}


def unit(uid, name, kind, controller, terrain, face, third, cs=3, cd=3):
    return {"id": uid, "name": name, "kind": kind, "owner": controller, "controller": controller, "terrain": terrain,
            "face": face, "values": {"cs": cs, "cs_defence_only": False, "cd": cd, "ms": None, "spellcaster": False,
                                     "mr": 2, "third": third},
            "abilities": [], "class": None, "deity": None, "symbol": None, "forbidden_symbols": [], "moved": False,
            "equipped_to": None, "category": None, "mods": {}, "summoner": None, "summon_kind": None,
            "summoned_by": None}


def terrain(tid, name, type_, seat, cell, cap=4, expansions=(), owner=None):
    return {"id": tid, "name": name, "type": type_, "owner": seat if owner is None else owner, "controller": seat,
            "cell": list(cell), "values": {"cs": 1, "ms": 0, "cap": cap}, "expansions": list(expansions),
            "ocean": False, "island": False, "hazards": [], "ships": []}


def with_map(session_id):
    """Write a small map into the stored state (page tests only): Ann's Mountain with a face-down army and
    a revealed hero, Ben's Plains beside it, and Ann's Forest captured by Ben holding both sides' units."""
    s = Session.objects.get(pk=session_id)
    state = s.state
    state["terrains"] = [
        terrain("t1", "Mountains of Fear", "Mountain", 0, (0, 0), cap=3,
                expansions=[{"name": "Old City", "cs": 1, "ms": 0, "cap": 2, "temple": None}]),
        terrain("t2", "Green Plains", "Plains", 1, (0, -1), cap=5),
        terrain("t3", "Dark Forest", "Forest", 1, (1, -1), cap=4, owner=0),
    ]
    state["units"] = {
        "u4": unit("u4", "Marus the Secret", "army", 0, "t1", "down", 3),
        "u5": unit("u5", "Lord Borbarad", "hero", 0, "t1", "up", 2),
        "u6": unit("u6", "Hidden Orcs", "army", 1, "t2", "down", 2),
        "u7": unit("u7", "Hidden Ogres", "army", 1, "t3", "down", 2),
        "u8": unit("u8", "Wild Dragon", "creature", 0, "t3", "up", "#"),
    }
    state["combat_queue"] = ["t3"]
    state["players"][0]["terrains"], state["players"][1]["terrains"] = 1, 2
    s.state = state
    s.save()


@pytest.fixture
def duel(create):
    return create(DUEL)


def test_to_end_is_what_the_halls_still_need():
    assert to_end(0, 0, 20, 5) == 20
    assert to_end(18, 16, 20, 5) == 3  # 21 with a gap of 5
    assert to_end(20, 15, 20, 5) == 0
    assert to_end(5, 18, 20, 5) == 18  # 23 against 18


def test_the_duel_shows_both_halls_the_target_and_the_distance_to_the_end(client, duel, act):
    act(duel, "destroy", params={"player": 0, "card": "Orc Band", "kind": "army", "value": 4})
    act(duel, "destroy", params={"player": 1, "card": "Wild Dragon", "kind": "creature", "value": "#"})
    html = page(client, duel["id"])
    assert 'data-testid="df-duel"' in html
    assert text_of(html, "df-bh-points-0") == "4" and text_of(html, "df-bh-points-1") == "1"
    assert text_of(html, "df-bh-target") == "20" and text_of(html, "df-bh-diff") == "3"
    assert text_of(html, "df-bh-to-end-0") == "16 points from the end"  # 20 against 1
    assert text_of(html, "df-bh-to-end-1") == "19 points from the end"
    assert text_of(html, "df-bh-leader") == "Ben"  # fewer points
    assert "Orc Band" in html and "Wild Dragon" in html  # Boron's Halls are public
    assert 'data-testid="df-bh-cards-0"' in html


def test_the_stepper_and_the_turn_buttons(client, duel, act):
    html = page(client, duel["id"])
    assert text_of(html, "df-active") == "Ann" and text_of(html, "df-round") == "1"
    assert 'aria-current="step"' in tag(html, "df-stepper") or \
        re.search(r'data-step="start" class="current" aria-current="step"', html)
    assert re.search(r'data-step="setup" class="done"', html)
    for n in (0, 1, 2):
        assert 'data-act="choose_draws"' in tag(html, f"df-draw-{n}")
    assert 'data-testid="df-mulligan"' in html and 'data-testid="df-next-step"' not in html
    # the generic phase list is emptied: the page draws its own stepper with the movement sub-steps
    assert re.search(r'<ol class="stepper" aria-label="Phases">\s*</ol>', html)

    act(duel, "choose_draws", params={"player": 0, "count": 1})
    act(duel, "next_step", params={"player": 0})
    html = page(client, duel["id"])
    assert re.search(r'data-step="play_terrains" class="current"', html)
    assert text_of(html, "df-step") == "Play terrains"
    assert text_of(html, "df-moves") == "0/1"
    assert 'data-testid="df-next-step"' in html and 'data-testid="df-draw-0"' not in html
    for _ in range(5):  # declare, execute, movement end, combat, discard
        act(duel, "next_step", params={"player": 0})
    html = page(client, duel["id"])
    assert re.search(r'data-step="discard" class="current"', html)
    # 7 cards after drawing one: discard the excess before ending the turn
    assert '"count": 1' in tag(html, "df-discard-excess").replace("&quot;", '"') and 'data-testid="df-end-turn"' not in html
    act(duel, "discard_excess", params={"player": 0, "count": 1})
    html = page(client, duel["id"])
    assert 'data-act="end_turn"' in tag(html, "df-end-turn")
    act(duel, "end_turn", params={"player": 0})
    html = page(client, duel["id"])
    assert text_of(html, "df-active") == "Ben" and re.search(r'data-step="start" class="current"', html)


def test_the_roll_off_before_the_first_turn(client, create):
    session = create({**DUEL, "options": {"deck_size": 60}})
    html = page(client, session["id"])
    assert re.search(r'data-step="setup" class="current"', html)
    assert '"roll": 6' in tag(html, "df-roll-1-6").replace("&quot;", '"')


def test_the_map_shows_tiles_with_counts_but_no_face_down_names(client, duel):
    with_map(duel["id"])
    html = page(client, duel["id"])
    mountain = tag(html, "df-terrain-t1")
    assert 'data-q="0"' in mountain and 'data-r="0"' in mountain and 'data-controller="0"' in mountain
    assert "Mountains of Fear" in html and "Green Plains" in html and "Dark Forest" in html
    # stacks: face-down units only as a count; face-up ones (heroes, creatures) by name
    assert text_of(html, "df-facedown-t1-0") == "1 face-down"
    assert "Lord Borbarad" in html and "Wild Dragon" in html
    for secret in ("Marus the Secret", "Hidden Orcs", "Hidden Ogres"):
        assert secret not in html
    # capacity: Army Size used vs the terrain's plus the expansions'; creatures apart (3 - 2 = 1)
    assert text_of(html, "df-terrain-cap-t1") == "cap 3/5 · cr 0/1 · h 1"
    assert "Old City" in html
    # the captured forest: controller Ben, owner Ann; both sides there, combat queued
    assert text_of(html, "df-terrain-controller-t3") == "Ben" and "owner Ann" in html
    assert 'data-testid="df-queued-t3"' in html
    assert text_of(html, "df-facedown-t3-1") == "1 face-down"
    # the hex layout: a row up shifts half a tile; each tile spans two grid columns
    assert "grid-column: 2 / span 2; grid-row: 2;" in mountain
    assert "grid-column: 1 / span 2; grid-row: 1;" in tag(html, "df-terrain-t2")
    assert "grid-column: 3 / span 2; grid-row: 1;" in tag(html, "df-terrain-t3")


def test_the_destroy_form_records_into_borons_halls(client, duel):
    html = page(client, duel["id"])
    form = tag(html, "df-destroy-form")
    assert 'data-action="destroy"' in form
    block = html[html.index('data-testid="df-destroy-form"'):]
    block = block[:block.index("</form>")]
    for name in ("player", "card", "kind", "value", "summoned"):
        assert f'name="{name}"' in block
    assert "data-df-value" in block and 'value="creature"' in block


def test_the_view_only_link_has_no_write_controls(client, duel):
    with_map(duel["id"])
    view = Session.objects.get(pk=duel["id"]).view_id
    html = page(client, view)
    assert 'data-testid="df-bh-points-0"' in html and 'data-testid="df-map"' in html
    for hook in ("df-destroy-form", "df-draw-0", "df-mulligan", "df-next-step", "df-time-up", "undo"):
        assert f'data-testid="{hook}"' not in html
    assert "data-act=" not in html and "data-action=" not in html
    assert "Marus the Secret" not in html


def test_the_essen_clock(client, create):
    session = create(ESSEN)
    html = page(client, session["id"])
    clock = tag(html, "df-clock")
    assert 'data-minutes="60"' in clock and re.search(r'data-start="\d+"', clock)
    assert 'data-act="time_expired"' in tag(html, "df-time-up")
    assert "games/dark-force/dark-force.js" in html
    assert 'data-testid="df-clock"' not in page(client, create(DUEL)["id"])  # no hour outside the tournament


def test_time_expired_ends_the_game_on_borons_halls(client, create, act):
    session = create(ESSEN)
    act(session, "destroy", params={"player": 0, "card": "Orc Band", "kind": "army", "value": 4})
    act(session, "time_expired", params={"player": 0})
    html = page(client, session["id"])
    assert "Ben wins" in text_of(html, "df-result") or "Ben wins" in html
    assert 'data-testid="df-clock"' not in html and 'data-testid="df-turn"' not in html


def test_the_end_on_borons_halls(client, duel, act):
    act(duel, "destroy", params={"player": 0, "card": "Giants", "kind": "army", "value": 20})
    html = page(client, duel["id"])
    result = html[html.index('data-testid="df-result"'):]
    assert "Ben wins" in result[:400] and "Boron&#x27;s Halls" in result[:400]
    assert 'data-testid="df-record-form"' not in html  # not a tournament game


def test_the_combat_helper_follows_the_combat(client, duel, act):
    with_map(duel["id"])
    s = Session.objects.get(pk=duel["id"])
    state = s.state
    state["phase"], state["players"][0]["draws_this_turn"] = "combat", 0
    s.state = state
    s.save()
    html = page(client, duel["id"])
    assert 'data-act="start_combat"' in tag(html, "df-start-combat-t3")
    act(duel, "start_combat", params={"player": 0, "terrain": "t3"})

    html = page(client, duel["id"])
    assert 'data-testid="df-combat"' in html and 'data-testid="df-fighting-t3"' in html
    assert text_of(html, "df-combat-step") == "place units"
    assert text_of(html, "df-combat-placing") == "Ben"  # the defender places first
    assert 'data-action="place_unit"' in tag(html, "df-place-form")
    assert re.search(r'data-step="place_units" class="current"', html)
    act(duel, "place_unit", params={"player": 1, "unit": "u7", "row": "front", "column": 0})
    act(duel, "place_unit", params={"player": 0, "unit": "u8", "row": "front", "column": 0})

    html = page(client, duel["id"])
    ben_front = html[html.index('data-testid="df-row-1-front"'):]
    assert "Hidden Ogres" in ben_front[:500]  # placed on the battlefield: face up now
    ann_front = html[html.index('data-testid="df-row-0-front"'):]
    assert "Wild Dragon" in ann_front[:500]
    assert text_of(html, "df-combat-step") == "place units" or 'data-testid="df-next-combat-step"' in html
    view = page(client, Session.objects.get(pk=duel["id"]).view_id)
    assert 'data-testid="df-combat"' in view and 'data-testid="df-combat-actions"' not in view


def test_the_tournament_page(client, create):
    tournament = create(TOURNAMENT)
    html = page(client, tournament["id"])
    assert 'data-testid="df-tournament"' in html and 'data-testid="df-standings"' in html
    for seat in (0, 1):
        assert f'data-testid="df-standing-{seat}"' in html
    assert f'href="/api/sessions/{tournament["id"]}/standings.csv"' in tag(html, "df-standings-csv")
    form = html[html.index('data-testid="df-start-game"'):]
    form = form[:form.index("</form>")]
    assert 'action="/"' in tag(html, "df-start-game") and "csrfmiddlewaretoken" in form
    for hidden in ('name="game" value="dark-force"', 'name="mode" value="duel"', 'name="essen96"',
                   f'name="tournament" value="{tournament["id"]}"'):
        assert hidden in form
    view = Session.objects.get(pk=tournament["id"]).view_id
    html = page(client, view)
    assert 'data-testid="df-standings"' in html and 'data-testid="df-start-game"' not in html


def form_block(html, testid):
    at = html.index(f'data-testid="{testid}"')
    block = html[html.rindex("<", 0, at):]
    return block[:block.index("</form>")]


def to_movement(act, session, draws=0):
    act(session, "choose_draws", params={"player": 0, "count": draws})
    act(session, "next_step", params={"player": 0})


FIRST_TERRAIN = {"player": 0, "name": "Green Hills", "type": "Plains", "values": {"cs": 0, "ms": 0, "cap": 4},
                 "unit": {"kind": "hero", "name": "Sir Ulf", "values": {"cs": 2, "ms": 0, "third": 3}}}


def test_the_play_forms_follow_the_movement_steps(client, duel, act):
    html = page(client, duel["id"])  # the start phase: only an event may be played
    assert 'data-testid="df-plays"' in html and 'data-action="play_event"' in tag(html, "df-event-form")
    for hook in ("df-terrain-form", "df-recruit-form", "df-declare-form", "df-cast-form", "df-pending"):
        assert f'data-testid="{hook}"' not in html

    to_movement(act, duel)
    html = page(client, duel["id"])  # play terrains, no terrain yet: a terrain, moves and magic, no recruit
    form = form_block(html, "df-terrain-form")
    assert 'data-action="play_terrain"' in form and "data-df-nested" in form
    for name in ("player", "name", "type", "values.cs", "values.ms", "values.cap", "cell.0", "cell.1",
                 "unit.kind", "unit.name", "unit.values.third", "unit.values.cs", "unit.values.cd",
                 "unit.values.ms", "unit.values.mr", "unit.abilities[flying]", "unit.class", "unit.deity"):
        assert f'name="{name}"' in form, name
    assert "data-df-value" in tag(html, "df-terrain-unit-third")
    assert 'data-testid="df-recruit-form"' not in html  # no own terrain to recruit into
    assert 'data-testid="df-play-declare"' in html and 'data-testid="df-declare-form"' not in html  # no unit yet
    assert 'data-action="cast_spell"' in tag(html, "df-cast-form")
    for hook in ("df-summon-form", "df-miracle-form", "df-event-form"):
        assert f'data-testid="{hook}"' in html
    assert 'data-testid="df-ship-form"' not in html  # no Captain's Pack

    act(duel, "play_terrain", params=FIRST_TERRAIN)
    tid = Session.objects.get(pk=duel["id"]).state["terrains"][0]["id"]
    hero = next(iter(Session.objects.get(pk=duel["id"]).state["units"]))
    act(duel, "recruit", params={"player": 0, "terrain": tid,
                                 "unit": {"kind": "army", "name": "Secret Spears", "values": {"cs": 2, "third": 2}}})
    html = page(client, duel["id"])
    assert f'<option value="{tid}">Green Hills</option>' in tag(html, "df-recruit-terrain") + \
        form_block(html, "df-recruit-form")
    for action in ("recruit", "play_expansion", "play_equipment", "declare_move"):
        assert f'data-action="{action}"' in html, action
    move = form_block(html, "df-declare-form")
    assert f'name="units[{hero}]"' in move and "Sir Ulf" in move
    army = [uid for uid in Session.objects.get(pk=duel["id"]).state["units"] if uid != hero][0]
    assert f'data-df-leads="{army}"' in tag(html, f"df-declare-leader-{army}")
    assert "Secret Spears" not in html  # a face-down army is named by whose it is, its kind and where it lies
    assert f'value="{army}" data-testid="df-declare-unit-{army}"> Ann&#x27;s face-down army in Green Hills<' in move

    act(duel, "next_step", params={"player": 0})  # declare moves: no new terrain
    html = page(client, duel["id"])
    assert 'data-testid="df-terrain-form"' not in html and 'data-testid="df-declare-form"' in html
    act(duel, "next_step", params={"player": 0})  # execute moves: the declared ones, no new declaration
    html = page(client, duel["id"])
    assert 'data-testid="df-declare-form"' not in html and 'data-testid="df-no-pending"' in html
    assert 'data-testid="df-recruit-form"' in html


def test_declared_moves_get_their_buttons(client, create, act):
    session = create({**DUEL, "options": {"deck_size": 60, "first_player": 0}})
    to_movement(act, session)
    act(session, "play_terrain", params=FIRST_TERRAIN)
    state = Session.objects.get(pk=session["id"]).state
    hero, tid = next(iter(state["units"])), state["terrains"][0]["id"]
    # a second terrain of Ann's beside the first, written into the stored state, for the hero to reach
    s = Session.objects.get(pk=session["id"])
    st = s.state
    st["terrains"].append(terrain("t9", "Far Field", "Plains", 0, (1, 0)))
    s.state = st
    s.save()
    act(session, "declare_move", params={"player": 0, "from": tid, "to": "t9", "units": [hero]})
    act(session, "next_step", params={"player": 0})
    html = page(client, session["id"])
    move = Session.objects.get(pk=session["id"]).state["moves"][0]["id"]
    assert 'data-act="execute_move"' in tag(html, f"df-execute-move-{move}")
    assert 'data-act="forfeit_move"' in tag(html, f"df-forfeit-move-{move}")
    assert "Green Hills → Far Field" in html


def test_the_captains_pack_adds_the_ship_forms(client, create, act):
    session = create({**DUEL, "options": {"deck_size": 60, "first_player": 0, "captains_pack": True}})
    to_movement(act, session)
    html = page(client, session["id"])
    form = form_block(html, "df-ship-form")
    for name in ("ocean_terrain", "port_terrain", "ncs", "ncd", "mobility", "tc"):
        assert f'name="{name}"' in form


def test_the_view_only_link_has_no_play_forms(client, duel, act):
    to_movement(act, duel)
    act(duel, "play_terrain", params=FIRST_TERRAIN)
    view = Session.objects.get(pk=duel["id"]).view_id
    html = page(client, view)
    assert 'data-testid="df-plays"' not in html and "data-df-nested" not in html
    assert "data-action=" not in html and "data-act=" not in html
    assert 'data-testid="df-plays"' in page(client, duel["id"])


# ------------------------------------------------------- looks, expansions with a terrain, claims, fleets, hazards

def edit_state(session_id, change):
    s = Session.objects.get(pk=session_id)
    state = s.state
    change(state)
    s.state = state
    s.save()


def hooks_absent(html, *hooks):
    for hook in hooks:
        assert f'data-testid="{hook}"' not in html, hook


def test_the_look_at_an_own_stack_form_records_nothing_secret(client, duel, act):
    html = page(client, duel["id"])  # the start phase: no look yet
    hooks_absent(html, "df-inspect-form")
    to_movement(act, duel)
    hooks_absent(page(client, duel["id"]), "df-inspect-form")  # no own terrain yet
    act(duel, "play_terrain", params=FIRST_TERRAIN)
    tid = Session.objects.get(pk=duel["id"]).state["terrains"][0]["id"]
    act(duel, "recruit", params={"player": 0, "terrain": tid,
                                 "unit": {"kind": "army", "name": "Secret Spears", "values": {"cs": 2, "third": 2}}})
    html = page(client, duel["id"])
    form = form_block(html, "df-inspect-form")
    assert 'data-action="inspect_stack"' in form and "data-df-nested" in form
    assert f'<option value="{tid}">Green Hills</option>' in form
    assert 'name="player" value="0" data-int' in form
    assert "Secret Spears" not in html

    # what the form sends: the hidden player and the chosen terrain
    done = act(duel, "inspect_stack", params={"player": 0, "terrain": tid})
    assert "looks at the stack under Green Hills (2 card(s))" in done["event"]["log"]
    assert "Secret Spears" not in done["event"]["log"] and "Secret Spears" not in page(client, duel["id"])

    hooks_absent(page(client, Session.objects.get(pk=duel["id"]).view_id), "df-inspect-form", "df-play-inspect")
    act(duel, "next_step", params={"player": 0})
    act(duel, "next_step", params={"player": 0})
    act(duel, "next_step", params={"player": 0})  # movement end
    act(duel, "next_step", params={"player": 0})  # combat: no more looking
    hooks_absent(page(client, duel["id"]), "df-inspect-form")


def test_a_terrain_played_with_an_expansion(client, duel, act):
    to_movement(act, duel)
    html = page(client, duel["id"])
    form = form_block(html, "df-terrain-form")
    for name in ("expansion.name", "expansion.cs", "expansion.ms", "expansion.cap", "expansion.temple"):
        assert f'name="{name}"' in form, name
    assert "required" not in tag(html, "df-terrain-expansion-name")  # optional: empty, nothing is sent
    # what the form sends with the expansion fieldset filled in (empty fields left out)
    params = {"player": 0, "name": "Green Hills", "type": "Plains", "values": {"cap": 4},
              "unit": {"kind": "hero", "name": "Sir Ulf", "values": {"cs": 2, "third": 3}},
              "expansion": {"name": "Old Temple", "cap": 1, "temple": "Praios"}}
    done = act(duel, "play_terrain", params=params)
    assert "with Old Temple" in done["event"]["log"]
    t = done["state"]["terrains"][0]
    assert t["expansions"] == [{"name": "Old Temple", "cs": 0, "ms": 0, "cap": 1, "temple": "Praios"}]
    html = page(client, duel["id"])
    assert "Old Temple" in html
    act(duel, "next_step", params={"player": 0})
    hooks_absent(page(client, duel["id"]), "df-terrain-form", "df-terrain-expansion")
    hooks_absent(page(client, Session.objects.get(pk=duel["id"]).view_id), "df-terrain-expansion")


def test_a_claim_over_a_limit_is_offered_to_the_opponent(client, duel, act):
    with_map(duel["id"])
    html = page(client, duel["id"])  # every stack within its limits (the forest waits for its combat)
    assert "claim_over_limit" not in html
    edit_state(duel["id"], lambda st: st["terrains"][1]["values"].update(cap=1))  # Ben's Orcs (2) in cap 1
    html = page(client, duel["id"])
    hooks_absent(html, "df-claim-form-1")
    form = form_block(html, "df-claim-form-0")  # Ann claims: the opponent of the player over the limit
    assert 'data-action="claim_over_limit"' in form and 'name="player" value="0" data-int' in form
    assert '<option value="t2">Green Plains</option>' in form and "t3" not in form
    assert 'name="units[u6]" value="u6"' in form and "Ben&#x27;s face-down army in Green Plains" in form
    assert "Hidden Orcs" not in html and "u4" not in form  # only Ben's units, never by a secret name
    # only the reason that applies here
    assert '<option value="capacity">' in form and 'value="blessed_one_conflict"' not in form
    assert 'name="hero"' not in form
    view = page(client, Session.objects.get(pk=duel["id"]).view_id)
    assert "df-claim-form" not in view and "df-play-claim" not in view

    params = {"player": 0, "terrain": "t2", "units": ["u6"], "reason": "capacity"}
    done = act(duel, "claim_over_limit", params=params)
    assert "Ann removes the excess in Green Plains" in done["event"]["log"]
    assert "u6" not in done["state"]["units"]
    assert "claim_over_limit" not in page(client, duel["id"])


def sea_state(state):
    """An ocean beside Ann's first terrain with two of Ann's ships, the admiral aboard the first."""
    state["terrains"].append({**terrain("t8", "Blue Sea", "Ocean", 0, (1, 0)), "ocean": True, "ships": ["s1", "s2"]})
    for sid, name in (("s1", "Swift"), ("s2", "Stout")):
        state.setdefault("ships", {})[sid] = {
            "id": sid, "name": name, "owner": 0, "controller": 0, "terrain": "t8", "ncs": 2, "ncd": 3, "mobility": 2,
            "tc": 3, "cargo": [], "fleet": None, "hits": 0, "boarded": False,
            "visited": {"turn": state["turn"], "terrains": []}}
    admiral = {**unit("u9", "Admiral Rohaja", "hero", 0, None, "up", 3), "class": "admiral", "revealed": True,
               "place": {"ship": "s1"}}
    state["units"]["u9"] = admiral
    state["ships"]["s1"]["cargo"].append("u9")


def test_the_captains_pack_fleet_and_hazard_forms(client, create, act):
    session = create({**DUEL, "options": {"deck_size": 60, "first_player": 0, "captains_pack": True}})
    to_movement(act, session)
    act(session, "play_terrain", params=FIRST_TERRAIN)
    html = page(client, session["id"])
    hooks_absent(html, "df-hazard-form", "df-fleet-form")  # no sea, no ship yet
    edit_state(session["id"], sea_state)
    html = page(client, session["id"])  # play terrains: a hazard may go under the sea, no fleet yet
    hazard = form_block(html, "df-hazard-form")
    assert 'data-action="play_ocean_hazard"' in hazard and '<option value="t8">Blue Sea</option>' in hazard
    for kind in ("expansion", "event", "creature"):
        assert f'<option value="{kind}">' in hazard
    assert "Green Hills" not in hazard  # land is not a place for a hazard
    hooks_absent(html, "df-fleet-form")

    act(session, "next_step", params={"player": 0})  # declare moves
    html = page(client, session["id"])
    fleet = form_block(html, "df-fleet-form")
    assert 'data-action="form_fleet"' in fleet and '<option value="u9">Admiral Rohaja on Swift</option>' in fleet
    assert 'name="ships[s1]" value="s1"' in fleet and 'name="ships[s2]" value="s2"' in fleet
    view = page(client, Session.objects.get(pk=session["id"]).view_id)
    assert "df-fleet-form" not in view and "df-hazard-form" not in view

    # what the forms send, written by hand
    done = act(session, "form_fleet", params={"player": 0, "admiral": "u9", "ships": ["s1", "s2"]})
    assert "Admiral Rohaja forms a fleet: Swift, Stout." == done["event"]["log"]
    done = act(session, "play_ocean_hazard", params={"player": 0, "terrain": "t8", "kind": "creature"})
    assert "lays an ocean hazard face down under Blue Sea" in done["event"]["log"]
    assert "creature" not in done["event"]["log"]

    for _ in range(3):  # execute moves, movement end, combat: events only, no fleet
        act(session, "next_step", params={"player": 0})
    html = page(client, session["id"])
    hooks_absent(html, "df-fleet-form")
    hazard = form_block(html, "df-hazard-form")
    assert '<option value="event">' in hazard and '<option value="creature">' not in hazard


def test_the_hazard_and_fleet_need_the_captains_pack(client, duel, act):
    to_movement(act, duel)
    act(duel, "play_terrain", params=FIRST_TERRAIN)
    edit_state(duel["id"], sea_state)
    act(duel, "next_step", params={"player": 0})
    html = page(client, duel["id"])
    hooks_absent(html, "df-hazard-form", "df-fleet-form", "df-play-hazard", "df-play-fleet")


def test_the_tournament_header_counts_games(client, create, duel):
    assert re.search(r"Games <strong data-testid=\"turn\">", page(client, create(TOURNAMENT)["id"]))
    assert re.search(r"Turn <strong data-testid=\"turn\">", page(client, duel["id"]))


def test_a_blessed_one_conflict_claim(client, duel, act):
    with_map(duel["id"])

    def conflict(st):  # Ben's Blessed One and his own Gray Mage in his Green Plains
        st["units"]["u10"] = {**unit("u10", "Priestess", "hero", 1, "t2", "up", 1), "class": "blessed_one",
                              "revealed": True}
        st["units"]["u11"] = {**unit("u11", "Grey Wizard", "hero", 1, "t2", "up", 1), "class": "gray_mage",
                              "revealed": True}
    edit_state(duel["id"], conflict)
    html = page(client, duel["id"])
    form = form_block(html, "df-claim-form-0")
    assert '<option value="blessed_one_conflict">' in form and '<option value="capacity">' not in form
    assert 'name="units[u10]"' in form and 'name="units[u11]"' in form
    done = act(duel, "claim_over_limit", params={"player": 0, "terrain": "t2", "units": ["u11"],
                                                 "reason": "blessed_one_conflict"})
    assert "u11" not in done["state"]["units"] and "u10" in done["state"]["units"]
    assert "claim_over_limit" not in page(client, duel["id"])


def test_a_leadership_claim_names_the_hero(client, duel, act):
    with_map(duel["id"])
    html = page(client, duel["id"])
    assert "df-claim-form-1" not in html
    # Lord Borbarad (Leadership 2) led Ann's army of Army Size 3 into the mountains this turn
    edit_state(duel["id"], lambda st: st["moves"].append(
        {"id": "m1", "player": 0, "from": "t9", "to": "t1", "units": ["u5", "u4"], "leader_of": {"u5": ["u4"]},
         "done": True, "executed": True}))
    html = page(client, duel["id"])
    form = form_block(html, "df-claim-form-1")
    assert '<option value="leadership">' in form and '<option value="u5">Lord Borbarad</option>' in form
    assert 'name="hero"' in tag(html, "df-claim-hero-t1")
    done = act(duel, "claim_over_limit", params={"player": 1, "terrain": "t1", "units": ["u4"],
                                                 "reason": "leadership", "hero": "u5"})
    assert "u4" not in done["state"]["units"]


def test_the_new_game_form_takes_each_players_deck(client, db):
    form = {"game": "dark-force", "mode": "duel", "name": ["Ann", "Ben", "", ""], "graduated_target": "on",
            "dark-force:deck_size": ["90", "90", "", ""], "first_player": "0"}
    response = client.post("/", form)
    assert response.status_code == 302
    session = Session.objects.get(pk=response["Location"].strip("/").split("/")[-1])
    assert [p["deck_size"] for p in session.state["players"]] == [90, 90] and session.state["bh_target"] == 30
    refused = client.post("/", {**form, "dark-force:deck_size": ["90", "75", "", ""]})
    assert refused.status_code == 400 and "not 75" in refused.content.decode()
