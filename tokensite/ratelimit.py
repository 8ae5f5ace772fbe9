"""Login rate limiting: a fixed window of failed attempts per client address and username."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

MAX_FAILURES = 10
WINDOW_SECONDS = 15 * 60


def _keys(request: HttpRequest) -> list[str]:
    address = request.META.get("REMOTE_ADDR", "unknown")
    username = str(request.POST.get("username", "")).strip().lower()[:150]
    return [f"login-fail:ip:{address}", f"login-fail:user:{username}"]


def _blocked(keys: list[str]) -> bool:
    return any(cache.get(key, 0) >= MAX_FAILURES for key in keys)


def _record_failure(keys: list[str]) -> None:
    for key in keys:
        if cache.add(key, 1, WINDOW_SECONDS):
            continue
        try:
            cache.incr(key)
        except ValueError:  # expired between add() and incr()
            cache.set(key, 1, WINDOW_SECONDS)


class RateLimitedLoginView(auth_views.LoginView):
    """Django's login view, answering 429 after MAX_FAILURES failures in WINDOW_SECONDS."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        keys = _keys(request)
        if _blocked(keys):
            return render(request, "registration/too_many_attempts.html", status=429)
        response = super().post(request, *args, **kwargs)
        if not request.user.is_authenticated:
            _record_failure(keys)
        return response
