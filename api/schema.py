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
                    "expected_version": {"type": ["integer", "null"], "minimum": 0},
                    "override": {
                        "type": ["object", "null"],
                        "properties": {"reason": {"type": "string", "minLength": 1, "maxLength": 500}},
                        "required": ["reason"],
                    },
                },
                "required": ["type"] + (["params"] if spec.params.get("required") else []),
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
