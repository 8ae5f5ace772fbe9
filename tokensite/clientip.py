"""The client's address behind TRUSTED_PROXIES reverse proxies (same rule as DRF's NUM_PROXIES).

Each trusted proxy appends the address it received the request from to X-Forwarded-For, so the
client is the entry TRUSTED_PROXIES places from the right; anything left of it was sent by the
client and is not believed.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    proxies = settings.TRUSTED_PROXIES
    remote = str(request.META.get("REMOTE_ADDR", ""))
    if proxies <= 0:
        return remote
    forwarded = [a.strip() for a in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")]
    forwarded = [a for a in forwarded if a]
    if not forwarded:
        return remote
    return forwarded[-min(proxies, len(forwarded))]
