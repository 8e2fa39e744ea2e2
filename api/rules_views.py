"""The rules reference over HTTP: search and entries (API.md, "Rules reference")."""
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response

from rulesref import search, selectors

from .base import StrictView
from .views import ERROR


class RulesQuerySerializer(serializers.Serializer):
    # q is read as typed: search cleans any text (control characters too) rather than refusing it
    game = serializers.CharField(required=False, allow_blank=True, max_length=40)
    prefer = serializers.CharField(required=False, allow_blank=True, max_length=40,
                                   help_text="a game whose entries come first (the page's own game)")
    limit = serializers.IntegerField(required=False, default=10, min_value=1, max_value=50)


def entry_url(request, key: str) -> str:
    return request.build_absolute_uri(reverse("rules-entry", args=[key]))


class RulesSearchView(StrictView):
    query_params = ("q", "game", "prefer", "limit")
    @extend_schema(
        summary="Search rules, FAQ, errata and glossary entries (typo-tolerant), best first",
        parameters=[
            OpenApiParameter("q", str, required=True), RulesQuerySerializer,
        ],
        responses={200: inline_serializer("RulesSearch", {
            "results": serializers.ListField(), "suggestion": serializers.CharField(allow_null=True)}), 400: ERROR},
    )
    def get(self, request):
        params = RulesQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        p = params.validated_data
        text = request.query_params.get("q")
        if text is None:
            raise serializers.ValidationError({"q": ["the search text is required"]})
        answer = search.search(text, game=p.get("game") or None, prefer=p.get("prefer") or None, limit=p["limit"])
        return Response({
            "results": [
                {"id": r.key, "game": r.game, "kind": r.kind, "title": r.title, "section": r.section,
                 "snippet": r.snippet, "url": entry_url(request, r.key)}
                for r in answer.results
            ],
            "suggestion": answer.suggestion,
        })


class RuleEntryView(StrictView):
    @extend_schema(summary="One reference entry; an engine rule id (<game>.R27) gives the entry explaining it",
                   responses={200: inline_serializer("RuleEntry", {
                       "id": serializers.CharField(), "game": serializers.CharField(), "kind": serializers.CharField(),
                       "title": serializers.CharField(), "section": serializers.CharField(),
                       "body": serializers.CharField(), "see_also": serializers.ListField(),
                       "rules": serializers.ListField()}), 404: ERROR})
    def get(self, request, key):
        entry = selectors.entry_get(key)
        if entry is None:
            return Response({"detail": f"No rules entry {key!r}."}, status=404)
        return Response({
            "id": entry.key, "game": entry.game, "kind": entry.kind, "title": entry.title, "section": entry.section,
            "body": entry.body, "see_also": entry.see_also, "rules": selectors.citing_rules(entry),
            "url": entry_url(request, entry.key),
        })
