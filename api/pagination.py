"""The event log a page at a time, oldest first: `?after=<seq>&limit=<n>`. The body stays the list
API.md promises; the next page is in a `Link: <...>; rel="next"` header, as GitHub's API does."""
from django.conf import settings
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import BasePagination
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param

MAX_LIMIT = 1000


def _number(request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    if not raw.isascii() or not raw.isdigit() or not low <= int(raw) <= high:
        raise ValidationError({name: [f"a whole number from {low} to {high}"]})
    return int(raw)


class EventPagination(BasePagination):
    def paginate_queryset(self, queryset, request, view=None):
        self.request = request
        self.after = _number(request, "after", 0, 0, 2**31 - 1)
        self.limit = _number(request, "limit", settings.API_EVENTS_PAGE, 1, MAX_LIMIT)
        page = list(queryset.filter(seq__gt=self.after).order_by("seq")[: self.limit + 1])
        self.more = len(page) > self.limit
        return page[: self.limit]

    def get_paginated_response(self, data):
        response = Response(data)
        if self.more and data:
            url = self.request.build_absolute_uri()
            url = replace_query_param(replace_query_param(url, "after", data[-1]["seq"]), "limit", self.limit)
            response["Link"] = f'<{url}>; rel="next"'
        return response
