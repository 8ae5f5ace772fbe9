"""Security headers Django 5.2 doesn't set itself."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader

from tokensite import circuit

# No inline scripts anywhere (htmx and our JS are static files), so script-src needs no
# 'unsafe-inline'. Styles allow inline because htmx injects its indicator style element.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self' ws: wss:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault(
            "Permissions-Policy", "camera=(), microphone=(), geolocation=()"
        )
        return response


class RefuseNulBytesMiddleware:
    """400 for a NUL character in the path or the query string: PostgreSQL text can't hold one,
    so a search or a lookup with it was a server error (forms and serializers refuse it already).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        values = [request.path, *(v for _, vs in request.GET.lists() for v in vs)]
        if any("\x00" in value for value in values):
            detail = "The address contains a NUL character."
            return JsonResponse({"error": "invalid", "detail": detail, "rule": None}, status=400)
        return self.get_response(request)


# Error codes of API.md for the statuses Django itself answers outside DRF (URL patterns that
# don't match, a crash before or after the view).
API_ERROR_CODES = {
    400: "invalid",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    500: "server_error",
}


class ApiErrorsAsJsonMiddleware:
    """Every error under /api/ is `{"error", "detail", "rule"}` JSON: Django's own 404 for a
    path no pattern matches (a malformed table id) and its 500 page are HTML otherwise."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code < 400
            or not request.path.startswith("/api/")
            or response.get("Content-Type", "").startswith("application/json")
        ):
            return response
        status = response.status_code
        code = API_ERROR_CODES.get(status, "server_error" if status >= 500 else "error")
        detail = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else code
        body = {"error": code, "detail": f"{detail}.", "rule": None}
        json_response = JsonResponse(body, status=status)
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):
            if header in response:
                json_response[header] = response[header]
        return json_response


# Answered while the database is down: they read nothing from it (static files come before).
CIRCUIT_EXEMPT_PATHS = ("/healthz", "/metrics")


def unavailable_response(request: HttpRequest) -> HttpResponse:
    """The answer while the database is unreachable: the API's error envelope under /api/, a
    plain page elsewhere (rendered without a request: the context would read the session)."""
    headers = {"Retry-After": str(circuit.RETRY_AFTER_SECONDS)}
    if request.path.startswith("/api/"):
        detail = "The service is briefly unavailable; retry shortly."
        body = {"error": "unavailable", "detail": detail, "rule": None}
        return JsonResponse(body, status=503, headers=headers)
    return HttpResponse(loader.get_template("503.html").render(), status=503, headers=headers)


class DatabaseCircuitMiddleware:
    """While the database circuit is open (tokensite/circuit.py) a request is answered 503 at
    once, before sessions or views touch the database, instead of failing there."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if circuit.database.is_open and request.path not in CIRCUIT_EXEMPT_PATHS:
            return unavailable_response(request)
        return self.get_response(request)
