"""Which language a request is answered in.

Pages: a signed-in player's saved choice (``Profile.language``), else the switcher's cookie, else
the browser's ``Accept-Language``, else English. The API: an ``Accept-Language`` the client sends
wins (a script asks for the language it parses), then the same order as pages.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation.trans_real import (
    get_supported_language_variant,
    parse_accept_lang_header,
)

from tokensite.models import Profile

API_PREFIX = "/api/"


def supported(code: str | None) -> str | None:
    """The site's language for ``code`` ("ru-RU" -> "ru"), or None when it has none."""
    if not code:
        return None
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def saved_language(request: HttpRequest) -> str | None:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    language = Profile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    return supported(language)


def language_for(request: HttpRequest) -> str:
    if request.path.startswith(API_PREFIX) and request.headers.get("Accept-Language"):
        return _from_header(request)
    return saved_language(request) or translation.get_language_from_request(request)


def _from_header(request: HttpRequest) -> str:
    for code, _quality in parse_accept_lang_header(request.headers.get("Accept-Language", "")):
        if code == "*":
            break
        found = supported(code)
        if found:
            return found
    return settings.LANGUAGE_CODE


def save_language(request: HttpRequest, language: str) -> None:
    """Remember a signed-in player's choice (the switcher also sets the cookie)."""
    if request.user.is_authenticated:
        Profile.objects.update_or_create(user=request.user, defaults={"language": language})


class PlayerLocaleMiddleware:
    """Django's LocaleMiddleware without language prefixes in URLs, plus the saved choice."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = language_for(request)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", language)
        return response
