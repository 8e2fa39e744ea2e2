from django.conf import settings
from django.http import JsonResponse

from .parsers import text_problem


class ApiBodyLimitMiddleware:
    """Refuse oversized API bodies before anything reads them (DRF's parsers do not check), and
    query strings that are not text."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/api/"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            limit = settings.API_MAX_BODY_BYTES
            if length > limit:
                return JsonResponse(
                    {"detail": "Request body too large.", "errors": {"body": [f"at most {limit} bytes, got {length}"]}},
                    status=413,
                )
            # the query string is text too: a NUL there reached PostgreSQL (500) or was stored (SQLite)
            for name, values in request.GET.lists():
                problem = text_problem(name) or next((text_problem(v) for v in values if text_problem(v)), None)
                if problem:
                    shown = name.replace("\x00", "?")
                    return JsonResponse({"detail": "Invalid input.", "errors": {shown: [problem]}}, status=400)
        return self.get_response(request)
