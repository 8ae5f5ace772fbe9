"""Gzip for the battlefield's board answers only (figures and reasons in
docs/internals.md, "Compression and BREACH", measured by bench/compression.py).

BREACH reads a secret out of a compressed HTTPS response whose body also echoes what the
attacker sends. Every page echoes its query string (the language switcher's `next`) and the
battlefield page carries the invite and spectator links, so full pages stay uncompressed; they
are small anyway (3-7 KB, at most 20 ms at Lighthouse's mobile throttling, except the
battlefield's first load). The board partial an htmx request gets (a poll, the answer to an
action, 31 KB for four stacks) carries no secret but the CSRF token, which Django masks anew in
every response, so its compressed length tells nothing about it; Django's GZipMiddleware adds
up to 100 random bytes on top. Those answers are the ones a phone downloads during a game.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware

# URL names whose htmx answers are the board partial (or an error beside a control), never a
# page with links or other unmasked secrets (tests/tokensite/test_compression.py checks it).
BOARD_ANSWERS = frozenset(
    {"play-board", "play-act", "play-act-on-stacks", "play-undo", "play-untap-all"}
)


class BoardCompressionMiddleware:
    """Django's GZipMiddleware, applied to the htmx answers of BOARD_ANSWERS only."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.gzip = GZipMiddleware(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        match = request.resolver_match
        if match is None or match.url_name not in BOARD_ANSWERS:
            return response
        if request.headers.get("HX-Request") != "true":
            return response
        return self.gzip.process_response(request, response)
