from django.conf import settings
from django.http import JsonResponse


class ApiBodyLimitMiddleware:
    """Refuse oversized API bodies before anything reads them (DRF's parsers do not check)."""

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
        return self.get_response(request)
