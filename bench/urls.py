"""Yardsticks measured beside the real endpoints: constant answers, one query, a bare FTS query."""
from django.urls import include, path
from rest_framework.response import Response
from rest_framework.views import APIView

from rulesref.backends import backend
from tracker.models import Session


class Trivial(APIView):
    def get(self, request):
        return Response({"ok": True})

    def post(self, request):
        return Response({"ok": True}, status=201)


class TrivialQuery(APIView):
    """The same, plus the one primary-key read every session endpoint needs: the database floor."""

    def get(self, request):
        return Response({"ok": Session.objects.filter(pk="bench").exists()})

    def post(self, request):
        return Response({"ok": Session.objects.filter(pk="bench").exists()}, status=201)


class BareSearch(APIView):
    """The plainest full-text query on the same corpus: no synonyms, typos, ranking or snippets."""

    def get(self, request):
        return Response({"results": backend().bare(request.query_params.get("q", ""))})


urlpatterns = [
    path("bench/trivial/", Trivial.as_view()),
    path("bench/trivial-query/", TrivialQuery.as_view()),
    path("bench/bare-search/", BareSearch.as_view()),
    path("", include("tablekeeper.urls")),
]
