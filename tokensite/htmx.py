"""htmx requests as the pages need them: a history restore gets the whole page, and every answer
that depended on the htmx headers says so in `Vary`, so no cache hands a fragment to a full-page
request (or the other way round)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails

# The headers a page's answer depends on once it asked whether the request came from htmx.
VARIES_ON = ("HX-Request", "HX-History-Restore-Request")


class PageHtmxDetails(HtmxDetails):
    """False for a history-restore request: htmx sends one when its history cache misses (a
    back-navigation) and swaps the answer in as the whole body, so a fragment would leave the
    page with only the results box. Remembers that a view asked, for `Vary`."""

    consulted = False

    def __bool__(self) -> bool:
        self.consulted = True
        return super().__bool__() and not self.history_restore_request


class HtmxMiddleware:
    """django-htmx's middleware (request.htmx), with the history restore and `Vary` above."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        details = PageHtmxDetails(request)
        request.htmx = details  # type: ignore[attr-defined]
        response = self.get_response(request)
        if details.consulted:
            patch_vary_headers(response, VARIES_ON)
        return response
