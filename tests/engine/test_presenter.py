"""The form builder every game's page uses: labels in words, rolls on die pads, amounts as chips,
presets and defaults, and `legal`, which offers a button only when its tap cannot be refused."""
from tracker.engine import ActionSpec, Game, Mode, Phase, Rule
from tracker.engine.kit.presenter import Quick, action_fields, form, label_of, legal
from tracker.engine.schema import die, integer, obj, seat


def test_labels_come_from_the_schema_title_or_the_name_in_words():
    assert label_of("damage_target") == "Damage target"
    assert label_of("pro", {"title": "Armor (PRO)"}) == "Armor (PRO)"


def _spec(**params):
    return ActionSpec("hit", "Hit", obj(tuple(params), **params), apply=lambda s, p, c: None)


STATE = {"players": [{"name": "Ann"}, {"name": "Ben"}], "active_player": 1}


def test_a_die_is_a_pad_of_its_faces_and_a_state_given_set_of_dice_sums():
    roll, = action_fields(_spec(roll=die(20)), STATE)
    assert roll.kind == "dice" and roll.dice == [20] and roll.faces[0] == list(range(1, 21))
    total, = action_fields(_spec(roll=integer(0, 200)), STATE, dice={"roll": [8, 6]})
    assert total.kind == "dice" and [len(f) for f in total.faces] == [8, 6]
    plain, = action_fields(_spec(roll=integer(0, 200)), STATE)
    assert plain.kind == "number" and plain.chips == list(range(1, 11))


def test_seats_are_names_the_active_player_is_the_default_and_presets_are_not_asked():
    player, target = action_fields(_spec(player=seat(), target=seat()), STATE)
    assert player.options == [(0, "Ann"), (1, "Ben")] and player.default == 1 and target.default is None
    built = form(_spec(player=seat(), target=seat()), STATE, preset={"player": 1}, defaults={"target": 0})
    assert [f.name for f in built["fields"]] == ["target"] and built["fields"][0].default == 0
    assert built["preset"] == '{"player": 1}'
    assert [f.name for f in form(_spec(player=seat(), target=seat()), STATE, show=("player",))["fields"]] == ["player"]


def _game():
    rule = Rule("g.R1", "Only the active player", "[Turns]", "Not your turn.",
                lambda s, p, c: s["active_player"] != p["player"])
    spec = ActionSpec("pass", "Pass", obj(("player",), player=seat()), apply=lambda s, p, c: None, rules=("g.R1",))
    return Game(slug="g", title="G", modes=(Mode("m", "M", 2, 2),), phases=(Phase("p", "P"),),
                actions={"pass": spec}, rules={"g.R1": rule}, setup=lambda *a: {}, outcome=lambda s: None,
                phase_rule="g.R1", game_over_rule="g.R1")


def test_legal_is_what_the_engine_would_accept_without_an_override():
    game = _game()
    assert legal(game, STATE, "pass", {"player": 1}, "m")
    assert not legal(game, STATE, "pass", {"player": 0}, "m")  # refused by g.R1
    assert not legal(game, STATE, "pass", {"player": "x"}, "m")  # malformed is not legal either


def test_a_quick_button_carries_its_params_and_follow_up_steps_as_json():
    q = Quick("Draw 2", "draw", {"player": 0, "count": 2}, then=({"type": "next", "params": {"player": 0}},))
    assert q.params_json == '{"count": 2, "player": 0}'
    assert q.then_json == '[{"params": {"player": 0}, "type": "next"}]'
    assert Quick("x", "y", {}).then_json == ""
