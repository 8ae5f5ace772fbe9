from __future__ import annotations

from typing import Any

from django.test import RequestFactory

from tokensite.clientip import client_ip


def test_it_uses_the_peer_address_without_trusted_proxies(settings: Any) -> None:
    settings.TRUSTED_PROXIES = 0
    request = RequestFactory().get("/", REMOTE_ADDR="10.1.1.1", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert client_ip(request) == "10.1.1.1"


def test_it_takes_the_address_the_outermost_trusted_proxy_saw(settings: Any) -> None:
    settings.TRUSTED_PROXIES = 2
    forwarded = "6.6.6.6, 203.0.113.9, 10.0.0.2"  # forged, client (seen by proxy 1), proxy 1
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.3", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == "203.0.113.9"


def test_it_falls_back_to_the_peer_when_the_proxy_sent_no_header(settings: Any) -> None:
    settings.TRUSTED_PROXIES = 1
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.3")
    assert client_ip(request) == "10.0.0.3"
