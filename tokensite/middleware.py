"""Security headers Django 5.2 doesn't set itself."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

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
