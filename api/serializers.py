"""Request shapes. Responses are plain dicts built in api/presenters.py."""
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


class SessionCreateSerializer(StrictSerializer):
    game = serializers.CharField(max_length=40)
    mode = serializers.CharField(max_length=40)
    players = serializers.ListField(child=serializers.DictField(), min_length=1, max_length=12)
    options = serializers.DictField(required=False, default=dict)

    def validate_players(self, players):
        errors = {}
        for i, player in enumerate(players):
            name = player.get("name")
            if not isinstance(name, str) or not name.strip():
                errors[f"{i}.name"] = ["a non-empty name is required"]
            elif len(name) > 60:
                errors[f"{i}.name"] = ["at most 60 characters"]
        if errors:
            raise serializers.ValidationError(errors)
        return players


class OverrideSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=500, trim_whitespace=True)


class ActionSerializer(StrictSerializer):
    type = serializers.CharField(max_length=60)
    params = serializers.DictField(required=False, default=dict)
    expected_version = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**31 - 1)
    override = OverrideSerializer(required=False, allow_null=True)
    group = serializers.RegexField(r"^[\w.:-]{1,60}$", required=False, allow_blank=True, default="", error_messages={
        "invalid": "letters, digits and . : _ - only, at most 60 characters"})


class VersionedWriteSerializer(StrictSerializer):
    expected_version = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**31 - 1)


class DeckValidateSerializer(serializers.Serializer):
    game = serializers.CharField(max_length=40)
