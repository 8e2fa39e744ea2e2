"""OpenAPI: one request schema per action type, so clients can validate before they send."""
from tracker.games import all_games

ACTIONS_PATH = "/api/sessions/{token}/actions/"


def _component_name(game, spec) -> str:
    words = game.slug.replace("-", "_").split("_") + spec.type.split("_")
    if game.shares_type(spec.type) and spec is not game.actions[spec.type]:
        words += sorted(spec.modes)  # a later mode's variant: <Game><Type><Mode>Action
    return "".join(w.capitalize() for w in "_".join(words).split("_")) + "Action"


def add_action_schemas(result, generator, request, public):
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    refs, mapping = [], {}
    for game in all_games():
        for spec in game.action_specs():
            name = _component_name(game, spec)
            schemas[name] = {
                "type": "object",
                "description": f"{game.title}: {spec.title}",
                "properties": {
                    "type": {"type": "string", "enum": [spec.type]},
                    "params": spec.params,
                    "expected_version": {"type": ["integer", "null"], "minimum": 0, "maximum": 2**31 - 1},
                    "group": {"type": "string", "pattern": r"^[\w.:-]{0,60}$", "maxLength": 60},
                    "override": {
                        "type": ["object", "null"],
                        "properties": {"reason": {"type": "string", "minLength": 1, "maxLength": 500}},
                        "required": ["reason"],
                    },
                },
                "required": ["type"] + (["params"] if spec.params.get("required") else []),
                "additionalProperties": False,
            }
            refs.append({"$ref": f"#/components/schemas/{name}"})
            mapping.setdefault(spec.type, f"#/components/schemas/{name}")
    operation = result.get("paths", {}).get(ACTIONS_PATH, {}).get("post")
    if operation and refs:
        # Several games share action type names (draw_cards), so the discriminator alone cannot
        # pick the game; the session's game decides. oneOf still validates each shape.
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": {"oneOf": refs}}},
        }
    return result


def _strict_components() -> set[str]:
    from .serializers import StrictSerializer

    found, todo = set(), list(StrictSerializer.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        found.add(cls.__name__.removesuffix("Serializer"))
    return found


def strict_requests(result, generator, request, public):
    """The server refuses unknown fields (StrictSerializer): the schema says so, so that a client
    generated from it sends nothing the server refuses for its shape."""
    schemas = result.get("components", {}).get("schemas", {})
    for name in _strict_components():
        if name in schemas:
            schemas[name]["additionalProperties"] = False
    deck = result.get("paths", {}).get("/api/decks/validate/", {}).get("post")
    if deck:
        # one shape per game that checks decks: its own fields, nothing else
        deck["requestBody"] = {"required": True, "content": {"application/json": {"schema": {"oneOf": [
            {"type": "object", "required": ["game"], "additionalProperties": False,
             "properties": {"game": {"type": "string", "const": game.slug}, **{f: {} for f in game.deck_fields}}}
            for game in all_games() if game.validate_deck is not None]}}}}
    create = schemas.get("SessionCreate", {}).get("properties", {})
    if "game" in create:  # the games and modes there are; which mode a game has, GET /api/games/{slug}/
        create["game"]["enum"] = sorted(g.slug for g in all_games())
        create["mode"]["enum"] = sorted({m.slug for g in all_games() for m in g.modes})
    if "players" in create:
        create["players"]["items"] = {
            "type": "object", "required": ["name"], "maxProperties": 20,
            "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 60}},
        }
    return result
