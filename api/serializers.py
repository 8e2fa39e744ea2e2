"""Request shapes. Responses are plain dicts built in api/presenters.py."""
import re

from rest_framework import serializers


class StrictSerializer(serializers.Serializer):
    """Unknown top-level fields are a typo worth hearing about, not something to drop silently."""

    def validate(self, attrs):
        # Nested serializers have no initial_data of their own; the parent passes the raw dict on.
        raw = getattr(self, "initial_data", None)
        if raw is None and self.parent is not None:
            raw = getattr(self.parent, "initial_data", {}).get(self.field_name)
        unknown = set(raw) - set(self.fields) if isinstance(raw, dict) else set()
        if unknown:
            raise serializers.ValidationError({name: ["unknown field"] for name in sorted(unknown)})
        return attrs


class Text(serializers.CharField):
    """A JSON string and nothing else: DRF's CharField would turn 5 into "5"."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class WholeNumber(serializers.IntegerField):
    """A JSON integer: not 1.0, 1e1, "1" or true, which DRF's IntegerField takes for 1."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class Pattern(serializers.RegexField):
    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


# A player as the setup form sends one: a name and a few facts (hero, hand size, skills...).
PLAYER_FIELDS, PLAYER_TEXT, PLAYER_LIST = 20, 200, 60


def _player_problems(player, i: int) -> dict[str, list[str]]:
    if not isinstance(player, dict):
        return {f"{i}": ["must be an object with a name"]}
    errors: dict[str, list[str]] = {}
    name = player.get("name")
    if not isinstance(name, str) or not name.strip():
        errors[f"{i}.name"] = ["a non-empty name is required"]
    elif len(name) > 60:
        errors[f"{i}.name"] = ["at most 60 characters"]
    if len(player) > PLAYER_FIELDS:
        errors[f"{i}"] = [f"at most {PLAYER_FIELDS} fields"]
    for key, value in player.items():
        values = value if isinstance(value, list) else [value]
        if isinstance(value, list) and len(value) > PLAYER_LIST:
            errors[f"{i}.{key}"] = [f"at most {PLAYER_LIST} items"]
        elif any(isinstance(v, str) and len(v) > PLAYER_TEXT for v in values):
            errors[f"{i}.{key}"] = [f"at most {PLAYER_TEXT} characters"]
        elif any(isinstance(v, float) for v in values):  # every number a player brings is a count
            errors[f"{i}.{key}"] = ["a whole number (no decimal point)"]
    return errors


class SessionCreateSerializer(StrictSerializer):
    game = Text(min_length=1, max_length=40)
    mode = Text(min_length=1, max_length=40)
    players = serializers.ListField(child=serializers.DictField(), min_length=1, max_length=12)
    options = serializers.DictField(required=False, default=dict)

    def validate_players(self, players):
        errors = {}
        for i, player in enumerate(players):
            errors.update(_player_problems(player, i))
        if errors:
            raise serializers.ValidationError(errors)
        return players


class OverrideSerializer(StrictSerializer):
    reason = Text(min_length=1, max_length=500, trim_whitespace=True)


class ActionSerializer(StrictSerializer):
    type = Text(min_length=1, max_length=60)
    params = serializers.DictField(required=False, default=dict)
    expected_version = WholeNumber(required=False, allow_null=True, min_value=0, max_value=2**31 - 1)
    override = OverrideSerializer(required=False, allow_null=True)
    group = Pattern(r"^[\w.:-]{1,60}$", required=False, allow_blank=True, default="", error_messages={
        "invalid": "letters, digits and . : _ - only, at most 60 characters"})


_ACTION_KEYS = {"type", "params", "expected_version", "group"}
_ACTION_TYPE = re.compile(r"[a-z0-9_]{1,60}")
_GROUP = re.compile(r"[\w.:-]{1,60}")


def plain_action(data) -> dict | None:
    """What ActionSerializer would make of the body every tap sends (a snake_case type, params, maybe a
    version and a group), without building a serializer: that costs more than the database work of a
    tap. None for anything else, which then goes through ActionSerializer and its messages."""
    if not isinstance(data, dict) or not data.keys() <= _ACTION_KEYS:
        return None
    type_, params = data.get("type"), data.get("params", {})
    version, group = data.get("expected_version"), data.get("group", "")
    if not (isinstance(type_, str) and _ACTION_TYPE.fullmatch(type_)) or not isinstance(params, dict):
        return None
    if version is not None and (type(version) is not int or not 0 <= version <= 2**31 - 1):
        return None
    if not isinstance(group, str) or (group and not _GROUP.fullmatch(group)):
        return None
    plain = {"type": type_, "params": dict(params), "group": group}
    if "expected_version" in data:
        plain["expected_version"] = version
    return plain


class VersionedWriteSerializer(StrictSerializer):
    expected_version = WholeNumber(required=False, allow_null=True, min_value=0, max_value=2**31 - 1)


class DeckValidateSerializer(serializers.Serializer):
    # the rest of a deck request is the game's own (hero, cards, essen96...): its validator names
    # an unknown field
    game = Text(min_length=1, max_length=40)

