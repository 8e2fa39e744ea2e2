"""Thin views: parse, call one service or selector, render. Shapes follow API.md."""
import csv

from django.http import HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response

from tracker import selectors
from tracker.errors import BadRequest, Conflict, NotFound, RuleRefusal, ServiceError
from tracker.engine import DeckInputError
from tracker.games import all_games, get_game
from tracker.services import cardfacts, linking, records, sessions

from . import presenters
from .base import StrictView
from .parsers import text_problem
from .pagination import EventPagination
from .renderers import FastJSONRenderer
from .serializers import (ActionSerializer, DeckValidateSerializer, SessionCreateSerializer, VersionedWriteSerializer,
                          plain_action)
from .throttles import SessionCreateThrottle, WriteThrottle

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key", {"type": "string", "minLength": 1, "maxLength": 200}, OpenApiParameter.HEADER, required=False,
    description="Client-generated key; a retry with the same key returns the first answer and applies nothing more.",
)
ERROR = inline_serializer("Error", {"detail": serializers.CharField(), "errors": serializers.DictField(required=False)})
SESSION = inline_serializer("Session", {
    "id": serializers.CharField(allow_null=True), "view_id": serializers.CharField(),
    "game": serializers.CharField(), "mode": serializers.CharField(), "version": serializers.IntegerField(),
    "state": serializers.DictField(), "outcome": serializers.DictField(allow_null=True),
    "url": serializers.URLField(allow_null=True), "view_url": serializers.URLField(),
    "created": serializers.DateTimeField(), "updated": serializers.DateTimeField(),
})
STATE_RESULT = inline_serializer("StateResult", {
    "version": serializers.IntegerField(), "state": serializers.DictField(),
    "outcome": serializers.DictField(allow_null=True),
})


def _service_error(exc: ServiceError, request) -> Response:
    body = {"detail": exc.detail}
    if isinstance(exc, BadRequest):
        body["errors"] = exc.errors
    elif isinstance(exc, RuleRefusal):
        body["violations"] = presenters.violations_body(exc.violations, request)
    elif isinstance(exc, Conflict):
        body.update(version=exc.version, state=exc.state)
    return Response(body, status=exc.status)


def _idempotency_key(request):
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 1 <= len(key) <= 200:
        raise BadRequest("Bad Idempotency-Key.", {"Idempotency-Key": ["must be 1 to 200 characters"]})
    if key is not None and text_problem(key):
        raise BadRequest("Bad Idempotency-Key.", {"Idempotency-Key": [text_problem(key)]})
    return key


def _access_or_404(token, full=True):
    access = selectors.session_get(token, full=full)
    if access is None:
        raise NotFound("No session with this id.")
    return access


class GameListView(StrictView):
    @extend_schema(summary="Games and their modes", responses=inline_serializer(
        "GameSummary", {"slug": serializers.CharField(), "title": serializers.CharField(), "modes": serializers.ListField()},
        many=True))
    def get(self, request):
        return Response([presenters.game_summary(g) for g in all_games()])


class GameDetailView(StrictView):
    @extend_schema(summary="A game: phases, setup options and actions with their schemas, rules with reference links",
                   responses={200: inline_serializer("GameDetail", {
                       "slug": serializers.CharField(), "title": serializers.CharField(),
                       "modes": serializers.ListField(), "phases": serializers.ListField(),
                       "options": serializers.DictField(),
                       "actions": serializers.ListField(), "rules": serializers.ListField()}), 404: ERROR})
    def get(self, request, slug):
        game = get_game(slug)
        if game is None:
            return Response({"detail": f"No game {slug!r}."}, status=404)
        return Response(presenters.game_detail(game, request))


TOO_MANY = OpenApiResponse(ERROR, description="Too many requests from this address: wait Retry-After seconds")


class SessionListView(StrictView):
    throttle_classes = [SessionCreateThrottle]

    @extend_schema(summary="Start a session (one game at one table)", request=SessionCreateSerializer,
                   responses={201: SESSION, 400: ERROR, 429: TOO_MANY})
    def post(self, request):
        data = SessionCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            session = sessions.session_create(**data.validated_data)
        except ServiceError as exc:
            return _service_error(exc, request)
        return Response(presenters.session_body(session, request, True), status=201)


class SessionDetailView(StrictView):
    @extend_schema(summary="Read a session (edit or view-only token); ETag carries the version",
                   responses={200: SESSION, 304: OpenApiResponse(description="Not modified"), 404: ERROR})
    def get(self, request, token):
        polled = request.headers.get("If-None-Match")
        try:
            access = _access_or_404(token, full=not polled)
        except ServiceError as exc:
            return _service_error(exc, request)
        session = access.session
        etag = f'"{session.version}{"" if access.can_write else "-view"}"'
        if polled and etag in [t.strip() for t in polled.split(",")]:
            response = Response(status=304)
        else:
            if polled:  # changed since the poll: now read the whole row
                access = _access_or_404(token)
                session = access.session
                etag = f'"{session.version}{"" if access.can_write else "-view"}"'
            response = Response(presenters.session_body(session, request, access.can_write))
        response["ETag"] = etag
        patch_cache_control(response, no_cache=True, private=True)
        return response


class SessionActionsView(StrictView):
    throttle_classes = [WriteThrottle]
    renderer_classes = [FastJSONRenderer]

    @extend_schema(summary="Record an action", request=ActionSerializer, parameters=[IDEMPOTENCY_HEADER],
                   responses={201: inline_serializer("ActionResult", {
                       "event": serializers.DictField(), "version": serializers.IntegerField(),
                       "state": serializers.DictField(), "outcome": serializers.DictField(allow_null=True)}),
                       400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR, 422: ERROR, 429: TOO_MANY})
    def post(self, request, token):
        v = plain_action(request.data)
        if v is None:  # anything unusual: the serializer says what is wrong, or takes it as it is
            data = ActionSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            v = data.validated_data
        try:
            result = sessions.session_action_apply(
                token=token, type=v["type"], params=v.get("params") or {},
                expected_version=v.get("expected_version"),
                override_reason=(v.get("override") or {}).get("reason"),
                idempotency_key=_idempotency_key(request), group=v.get("group") or "",
            )
        except ServiceError as exc:
            return _service_error(exc, request)
        return Response(result.body, status=result.status)


class SessionEventsView(StrictView):
    query_params = ("after", "limit")
    @extend_schema(summary="The event log, oldest first, a page at a time (the next page's URL in the Link header)",
                   parameters=[
                       OpenApiParameter("after", {"type": "integer", "minimum": 0, "maximum": 2**31 - 1},
                                        description="only events after this seq (the last of the page before)"),
                       OpenApiParameter("limit", {"type": "integer", "minimum": 1, "maximum": 1000},
                                        description="events per page (default 500)")],
                   responses={200: inline_serializer("Event", {
        "seq": serializers.IntegerField(), "type": serializers.CharField(), "params": serializers.DictField(),
        "player": serializers.IntegerField(allow_null=True), "overridden": serializers.ListField(),
        "undone": serializers.BooleanField(), "created": serializers.DateTimeField()}, many=True), 400: ERROR, 404: ERROR})
    def get(self, request, token):
        try:
            access = _access_or_404(token)
        except ServiceError as exc:
            return _service_error(exc, request)
        paginator = EventPagination()
        page = paginator.paginate_queryset(selectors.session_events(access.session), request, self)
        return paginator.get_paginated_response([sessions.event_dict(e) for e in page])


CARD = inline_serializer("KnownCard", {
    "name": serializers.CharField(), "kind": serializers.CharField(),
    "facts": serializers.DictField(help_text="the params the card's own facts were typed in, as its game names them"),
    "updated": serializers.DateTimeField()}, many=True)


class SessionCardsView(StrictView):
    query_params = ("q", "kind")
    @extend_schema(
        summary="Cards this table (or its campaign or tournament) typed before, by name: for autocomplete",
        parameters=[
            OpenApiParameter("q", {"type": "string", "maxLength": 100, "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*$"},
                             description="part of the name, any case; names starting with it come first"),
            OpenApiParameter("kind", {"type": "string", "maxLength": 40},
                             description="only this sort of card (the game's own word: terrain, unit...)"),
        ],
        responses={200: CARD, 400: ERROR, 404: ERROR})
    def get(self, request, token):
        try:
            access = _access_or_404(token)
            found = cardfacts.offered(access.session, q=request.query_params.get("q") or None,
                                      kind=request.query_params.get("kind") or None)
        except ServiceError as exc:
            return _service_error(exc, request)
        response = Response(found)
        patch_cache_control(response, no_cache=True, private=True)
        return response


def _undo_redo_view(service, summary):
    """Undo and redo differ only in the service they call."""

    class View(StrictView):
        throttle_classes = [WriteThrottle]

        @extend_schema(summary=summary, request=VersionedWriteSerializer, parameters=[IDEMPOTENCY_HEADER],
                       responses={200: STATE_RESULT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR, 429: TOO_MANY})
        def post(self, request, token):
            # no body is an empty object; any other body must be one ([] or null is not "nothing")
            data = VersionedWriteSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            try:
                result = service(token=token, expected_version=data.validated_data.get("expected_version"),
                                 idempotency_key=_idempotency_key(request))
            except ServiceError as exc:
                return _service_error(exc, request)
            return Response(result.body, status=result.status)

    return View


SessionUndoView = _undo_redo_view(sessions.session_undo, "Undo the newest live event")
SessionRedoView = _undo_redo_view(sessions.session_redo, "Re-apply the most recently undone event")


def record_view(link: str | None):
    """A finished session recorded in the session it counts for: `link` None is the generic endpoint
    (whichever link the session has), a link name its alias (/campaign/, /tournament/), same body."""
    key = link or "parent"
    name = f"{link.title()}RecordResult" if link else "RecordResult"

    class View(StrictView):
        throttle_classes = [WriteThrottle]

        @extend_schema(summary=f"Record this finished session in its {link or 'parent (campaign, tournament...)'}",
                       request=None, parameters=[IDEMPOTENCY_HEADER],
                       responses={201: inline_serializer(name, {
                           **{k: serializers.DictField() for k in {key, "parent"}}, "event": serializers.DictField(),
                           "version": serializers.IntegerField(), "state": serializers.DictField()}),
                           400: ERROR, 403: ERROR, 404: ERROR, 422: ERROR, 429: TOO_MANY})
        def post(self, request, token):
            try:
                parent, link_name, result = records.record(token=token, link=link,
                                                           idempotency_key=_idempotency_key(request))
            except ServiceError as exc:
                return _service_error(exc, request)
            ref = {"id": parent.pk, "view_id": parent.view_id, "url": request.build_absolute_uri(f"/t/{parent.pk}/")}
            return Response(dict(result.body, parent=ref, **{link_name: ref}), status=result.status)

    View.__name__ = f"Session{(link or 'record').title()}View"
    return View


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value):
    # a spreadsheet would run a name starting with "=" as a formula; numbers stay numbers
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return "" if value is None else value


def export_view(name: str | None):
    """GET a file made from a parent session's state (a tournament's standings.csv): `name` None is the
    generic /export/<name> endpoint, a name its alias. Small and read-only, so answered at once."""

    def view(request, token, export=None):
        if request.method not in ("GET", "HEAD"):
            return JsonResponse({"detail": "Method not allowed."}, status=405, headers={"Allow": "GET, HEAD"})
        wanted = name or export
        access = selectors.session_get(token)
        found = linking.export_of(access.session, wanted) if access else None
        if found is None:
            return JsonResponse({"detail": f"No {wanted} for this session."}, status=404)
        response = HttpResponse(content_type=f"{found.content_type}; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{found.name}"'
        response["Cache-Control"] = "no-cache"
        writer = csv.writer(response, lineterminator="\r\n")
        writer.writerow(found.header)
        for row in found.rows(access.session.state):
            writer.writerow([_cell(row[k]) for k in found.header])
        return response

    return view


class DeckValidateView(StrictView):
    @extend_schema(summary="Check a deck against the game's deck-building rules",
                   request=inline_serializer("DeckRequest", {"game": serializers.CharField(),
                                                             "cards": serializers.ListField()}),
                   responses={200: inline_serializer("DeckReport", {
                       "valid": serializers.BooleanField(), "violations": serializers.ListField(),
                       "reminders": serializers.ListField()}), 400: ERROR})
    def post(self, request):
        head = DeckValidateSerializer(data=request.data)
        head.is_valid(raise_exception=True)
        game = get_game(head.validated_data["game"])
        if game is None or game.validate_deck is None:
            return Response({"detail": "No deck rules for this game yet.",
                             "errors": {"game": [f"deck validation is not available for {request.data.get('game')!r}"]}},
                            status=400)
        try:
            report = game.validate_deck(dict(request.data))
        except DeckInputError as exc:
            return Response({"detail": "The deck is not well formed.", "errors": exc.errors}, status=400)
        return Response({
            "valid": report.valid,
            "violations": [
                {**v, "reference": presenters.rule_reference(request, v["rule"])} for v in report.violations
            ],
            "reminders": [
                {**r, "reference": presenters.rule_reference(request, r["rule"])} for r in report.reminders
            ],
        })
