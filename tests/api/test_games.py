def test_games_list_names_every_registered_game_with_its_modes(api, db):
    response = api.get("/api/games/")
    assert response.status_code == 200
    games = {g["slug"]: g for g in response.json()}
    modes = {m["slug"]: m for m in games["aventuria"]["modes"]}
    assert modes["duel"]["min_players"] == modes["duel"]["max_players"] == 2
    assert {"duel", "skirmish", "team_duel"} <= set(modes)


def test_game_detail_gives_param_schemas_and_rule_links_that_open(api, db):
    detail = api.get("/api/games/aventuria/").json()
    # a type with a variant per mode is listed once per variant, each naming its modes: take the duel's
    actions = {a["type"]: a for a in detail["actions"] if "duel" in (a.get("modes") or ["duel"])}
    for name in ("advance_phase", "draw_cards", "play_endurance", "declare_attack", "attack_roll", "damage_roll",
                 "dodge_roll", "apply_damage", "life_point_loss", "heal", "take_fate", "spend_fate_draw",
                 "spend_fate_endurance", "use_special_ability"):
        assert actions[name]["params"]["type"] == "object", name
    assert "target" in actions["declare_attack"]["params"]["properties"]
    adventure = [a for a in detail["actions"] if a["type"] == "declare_attack" and "adventure" in (a.get("modes") or [])]
    assert "villain" in adventure[0]["params"]["properties"] and "target" not in adventure[0]["params"]["properties"]
    assert {"start", "draw", "ready", "endurance", "actions", "end"} <= {p["id"] for p in detail["phases"]}
    rules = {r["id"]: r for r in detail["rules"]}
    assert "aventuria.R27" in rules
    page = api.get(rules["aventuria.R27"]["reference"], follow=True)  # the entry explaining the rule
    assert page.status_code == 200
    assert b"aventuria.R27" in page.content and b"Making an Attack" in page.content


def test_unknown_game_is_a_json_404(api, db):
    response = api.get("/api/games/chess/")
    assert response.status_code == 404
    assert response.json()["detail"]


def test_game_detail_gives_each_modes_options_schema(api, db):
    from tracker.games import all_games

    for game in all_games():
        detail = api.get(f"/api/games/{game.slug}/").json()
        assert set(detail["options"]) == {m.slug for m in game.modes}
        for mode in game.modes:
            assert detail["options"][mode.slug] == game.options_schema_for(mode.slug)
