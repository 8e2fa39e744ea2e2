"""Setup options are checked against each game's options schema, like action params: an unknown or
misspelt option, a wrong type or a value out of range is a 400 naming the option, and nothing is stored."""
import pytest

from tracker.games import all_games
from tracker.models import Session

pytestmark = pytest.mark.django_db


def _body(game, mode=None, **options):
    mode = mode or game.modes[0].slug
    players, base = game.setup_examples(mode)[0] if game.setup_examples else (
        [{"name": f"P{i}"} for i in range(game.mode(mode).min_players)], {})
    return {"game": game.slug, "mode": mode, "players": players, "options": {**base, **options}}


def _refused(api, body, field):
    before = Session.objects.count()
    response = api.post("/api/sessions/", body, format="json")
    assert response.status_code == 400, (body, response.content)
    errors = response.json()["errors"]
    assert field in errors and all(isinstance(m, str) and m for m in errors[field]), errors
    assert Session.objects.count() == before
    return errors[field]


@pytest.mark.parametrize("game", [g for g in all_games() if g.options_schema], ids=lambda g: g.slug)
def test_every_games_options_are_checked_against_its_schema(api, game):
    assert api.post("/api/sessions/", _body(game), format="json").status_code == 201  # the neighbour
    _refused(api, _body(game, zz_not_an_option=1), "options.zz_not_an_option")
    for name, prop in game.options_schema["properties"].items():
        if prop.get("type") == "integer":
            _refused(api, _body(game, **{name: "x"}), f"options.{name}")
            _refused(api, _body(game, **{name: prop["minimum"] - 1}), f"options.{name}")
            _refused(api, _body(game, **{name: prop["maximum"] + 1}), f"options.{name}")
        elif prop.get("type") == "boolean":
            _refused(api, _body(game, **{name: "yes"}), f"options.{name}")
        elif "enum" in prop:
            _refused(api, _body(game, **{name: "no-such-value"}), f"options.{name}")


@pytest.mark.parametrize("slug,options,field,hint", [
    ("pathfinder", {"hourglas": 30}, "options.hourglas", "'hourglass'"),
    ("pathfinder", {"hourglass": -1}, "options.hourglass", "minimum"),
    ("pathfinder", {"hourglass": "x"}, "options.hourglass", "integer"),
    ("dark-force", {"bh_targt": 20}, "options.bh_targt", "'bh_target'"),
    ("dark-force", {"deck_size": -5}, "options.deck_size", "minimum"),
    ("dark-force", {"deck_size": "x"}, "options.deck_size", "integer"),
    ("aventuria", {"startng_player": 0}, "options.startng_player", "'starting_player'"),
])
def test_misspelt_and_mistyped_options_name_the_option(api, slug, options, field, hint):
    game = next(g for g in all_games() if g.slug == slug)
    body = _body(game)
    body["options"] = options
    assert any(hint in m for m in _refused(api, body, field))


def test_the_right_options_still_set_the_game_up(api):
    pathfinder = next(g for g in all_games() if g.slug == "pathfinder")
    made = api.post("/api/sessions/", {**_body(pathfinder, "scenario"), "options": {"hourglass": 0}}, format="json")
    assert made.status_code == 201 and made.json()["state"]["hourglass"] == 0
    force = next(g for g in all_games() if g.slug == "dark-force")
    made = api.post("/api/sessions/", {**_body(force, "duel"), "options": {"deck_size": 90, "graduated_target": True}},
                    format="json")
    assert made.status_code == 201 and made.json()["state"]["bh_target"] == 30
