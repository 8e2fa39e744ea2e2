"""The phone pages, server side: starting a game, the table of edit and view-only links, the live fragment."""
import re
from pathlib import Path

from tracker.models import Session


def start(client, **overrides):
    data = {"game": "aventuria", "mode": "duel", "name": ["Ann", "Ben", "", ""], "hero": ["DB", "TM", "", ""],
            "starting_player": "0", **overrides}
    return client.post("/", data)


def test_home_offers_every_game_and_mode(client, db):
    html = client.get("/").content.decode()
    assert 'data-testid="new-game"' in html and 'data-testid="resume-list"' in html
    for mode in ("duel", "skirmish", "team_duel"):
        assert f'value="{mode}"' in html


def test_starting_a_game_from_the_form(client, db):
    response = start(client)
    assert response.status_code == 302
    session = Session.objects.get()
    assert response["Location"] == f"/t/{session.pk}/"
    assert [p["name"] for p in session.state["players"]] == ["Ann", "Ben"]
    assert [p["hero"] for p in session.state["players"]] == ["DB", "TM"] and session.state["active_player"] == 0


def test_a_game_that_cannot_be_set_up_says_why(client, db):
    response = start(client, mode="team_duel", name=["A", "B", "C", ""])
    assert response.status_code == 400 and b"needs 4 to 8 players" in response.content
    assert not Session.objects.exists()


def test_the_table_page_has_the_controls_the_contract_names(client, db):
    url = start(client)["Location"]
    html = client.get(url).content.decode()
    for testid in ("state", "phase", "turn", "lp-0", "lp-1", "fp-1", "lp-minus-1-0", "lp-minus-5-1", "lp-plus-1-1",
                   "advance", "undo", "redo", "log", "share", "share-sheet", "refusal", "accept-anyway",
                   "override-reason", "override-submit", "moved-on", "offline-banner", "toast", "why-sheet"):
        assert f'data-testid="{testid}"' in html, testid
    for action in ("play_endurance", "draw_cards", "apply_damage", "take_fate", "heal"):
        assert f'data-action="{action}"' in html, action
    # seats are chosen by name, not typed as numbers
    assert re.search(r'<select name="target"[^>]*>.*?>Ann</option>.*?>Ben</option>', html, re.S)
    assert html.count("<svg") >= 2  # a QR code for the edit link and one for the view link


def test_the_view_only_page_has_no_controls(client, db):
    start(client)
    session = Session.objects.get()
    html = client.get(f"/t/{session.view_id}/").content.decode()
    assert 'data-testid="view-only"' in html and 'data-can-write="0"' in html
    assert "data-act=" not in html and "data-action=" not in html and 'data-testid="undo"' not in html
    assert f"/t/{session.pk}/" not in html  # the edit link never reaches a watcher


def test_the_live_fragment_follows_the_game(client, api, db):
    url = start(client)["Location"]
    token = url.split("/")[2]
    api.post(f"/api/sessions/{token}/actions/", {"type": "life_point_loss", "params": {"target": 1, "amount": 5}}, format="json")
    fragment = client.get(f"{url}state/").content.decode()
    assert "<html" not in fragment and re.search(r'data-testid="lp-1"[^>]*>35<', fragment) and "loses 5 LP" in fragment
    assert client.get("/t/nobody/state/").status_code == 404


def test_setup_options_come_from_the_game_definition(client, db):
    html = client.get("/").content.decode()
    assert 'name="reward_cards_allowed"' in html and 'name="starting_player"' in html
    start(client, reward_cards_allowed="on", starting_player="1")
    session = Session.objects.get()
    assert session.options == {"starting_player": 1, "reward_cards_allowed": True}
    assert session.state["active_player"] == 1


def test_leaving_the_starting_player_to_the_dice(client, db):
    start(client, starting_player="")
    session = Session.objects.get()
    assert session.options == {} and session.state["phase"] == "setup"


def test_the_generic_table_layout_serves_a_game_without_its_own(client, db):
    """Later games get a working table from their definition alone; their own template is a bonus."""
    from django.template.loader import render_to_string

    from tracker import selectors
    from tracker.table_context import table_context

    start(client)
    context = table_context(selectors.session_get(Session.objects.get().pk))
    context["state_template"] = "table/generic_state.html"
    html = render_to_string("table/_state.html", context)
    assert 'data-testid="player-0"' in html and 'data-testid="player-1"' in html
    assert "<dt>life_points</dt><dd>40</dd>" in html and "<dt>fate_points</dt><dd>1</dd>" in html
    assert 'data-testid="advance"' in html and "Start of Turn" in html


def test_no_template_has_a_multi_line_hash_comment():
    # Django's {# #} is one line only: spread over lines, it renders as text on the page
    from django.conf import settings

    found = []
    for folder in settings.TEMPLATES[0]["DIRS"]:
        for path in Path(folder).rglob("*.html"):
            for m in re.finditer(r"\{#(.*?)#\}", path.read_text(), flags=re.S):
                if "\n" in m.group(1):
                    found.append(str(path))
            if re.search(r"\{#(?![^\n]*#\})", path.read_text()):
                found.append(f"{path} (unclosed on its line)")
    assert found == []


def test_a_mode_with_options_of_its_own_starts_from_the_form_with_them(client, db):
    html = client.get("/").content.decode()
    assert 'data-modes="chance_encounter"' in html and 'data-modes="duel skirmish team_duel"' in html
    aventuria = html.split('<details class="options" data-game="aventuria">')[1].split("</details>")[0]
    assert aventuria.count('name="starting_player"') == 1  # one field per game, for every mode that takes it
    response = start(client, mode="chance_encounter", starting_player="1", time_out="defeat", difficulty="easy")
    assert response.status_code == 302, response.content.decode()[:2000]
    state = Session.objects.get().state
    assert (state["mode"], state["starting_player"], state["time_out"], state["difficulty"]) == (
        "chance_encounter", 1, "defeat", "easy")


def test_the_adventure_table_page_draws_the_combat_plan_and_its_setup(client, db):
    url = start(client, mode="chance_encounter", starting_player="0")["Location"]
    html = client.get(url).content.decode()
    for testid in ("av-plan", "av-stepper", "av-setup", "time-4"):
        assert f'data-testid="{testid}"' in html, testid
    session = Session.objects.get()
    for params in ({"time_counters": 4}, {"name": "Baron", "tp": 9, "life_points": 12, "dodge": 6, "armor": 2, "actions": 2}):
        kind = "setup_combat" if "time_counters" in params else "place_henchman"
        assert client.post(f"/api/sessions/{session.pk}/actions/", {"type": kind, "params": params},
                           content_type="application/json").status_code == 201
    html = client.get(url).content.decode()
    assert 'data-testid="av-henchman-form"' in html and "9 of 14" in html and 'data-testid="villain-v1"' in html
    assert 'id="tk-cards-villain"' in html  # the villain typed is offered by name next time
