"""Every /api/ answer is JSON of one shape: {detail, errors?: {field: [messages]}}."""
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def _flatten(data, prefix=""):
    """DRF nests errors like the payload; clients want one flat {field.path: [messages]}."""
    out = {}
    if isinstance(data, dict):
        for key, value in data.items():
            name = "body" if key == "non_field_errors" and not prefix else f"{prefix}{key}"
            out.update(_flatten(value, f"{name}."))
    elif isinstance(data, list) and data and all(isinstance(v, str) for v in data):
        out[prefix.rstrip(".") or "body"] = [str(v) for v in data]
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.update(_flatten(value, f"{prefix}{i}."))
    else:
        out[prefix.rstrip(".") or "body"] = [str(data)]
    return out


def exception_handler(exc, context):
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"detail": "Invalid input.", "errors": _flatten(exc.detail)}
    elif isinstance(exc, exceptions.ParseError):
        response.data = {"detail": "Malformed JSON.", "errors": {"body": [str(exc.detail)]}}
    elif isinstance(exc, exceptions.UnsupportedMediaType):
        response.data = {
            "detail": str(exc.detail),
            "errors": {"Content-Type": ["send application/json"]},
        }
    elif isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"detail": str(response.data["detail"])}
    return response


@csrf_exempt  # a POST to no endpoint is a JSON 404, not Django's HTML page for a missing CSRF cookie
def api_not_found(request, *args, **kwargs):
    return JsonResponse({"detail": f"No API endpoint at {request.path}."}, status=404)


def json_error(detail, status_code, **extra):
    return Response({"detail": detail, **extra}, status=status_code)


def server_error(request, *args, **kwargs):
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Server error."}, status=status.HTTP_500_INTERNAL_SERVER_ERROR)
    from django.views.defaults import server_error as html_server_error

    return html_server_error(request)


def not_found(request, exception=None):
    if request.path.startswith("/api/"):
        return api_not_found(request)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)
