def test_openapi_schema_has_one_request_schema_per_action(api, db):
    response = api.get("/api/schema/")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/")
    assert "json" in response["Content-Type"]
    schema = response.json()
    components = schema["components"]["schemas"]
    from tracker.games import all_games

    for game in all_games():
        for spec in game.actions.values():
            name = "".join(w.capitalize() for w in game.slug.replace("-", "_").split("_") + spec.type.split("_")) + "Action"
            assert components[name]["properties"]["params"] == spec.params
            assert components[name]["properties"]["type"]["enum"] == [spec.type]
    body = schema["paths"]["/api/sessions/{token}/actions/"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert {"$ref": "#/components/schemas/AventuriaDeclareAttackAction"} in body["oneOf"]
    for path in ("/api/games/", "/api/sessions/", "/api/sessions/{token}/", "/api/sessions/{token}/events/",
                 "/api/sessions/{token}/undo/", "/api/sessions/{token}/redo/", "/api/decks/validate/"):
        assert path in schema["paths"], path


def test_api_docs_page_is_served_without_a_cdn(api, db):
    response = api.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger" in html.lower() and "cdn." not in html and "unpkg" not in html


def test_home_lists_games_and_links_the_api_docs(api, db):
    html = api.get("/").content.decode()
    assert "Aventuria Adventure Card Game" in html and "/api/docs/" in html


def test_rule_pages(api, db):
    listing = api.get("/rules/engine/?game=aventuria")
    assert listing.status_code == 200 and b"aventuria.R13" in listing.content
    assert api.get("/rules/aventuria.R999/").status_code == 404
    assert api.get("/rules/nogame.R1/").status_code == 404


def test_table_page_opens_for_edit_and_view_links(api, duel):
    assert api.get(f"/t/{duel['id']}/").status_code == 200
    view = api.get(f"/t/{duel['view_id']}/")
    assert view.status_code == 200 and b"view only" in view.content
    assert api.get("/t/not-a-session/").status_code == 404


def test_openapi_schema_validates_without_warnings(tmp_path, db):
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))
    assert (tmp_path / "schema.yaml").read_text().startswith("openapi: 3.1.0")
