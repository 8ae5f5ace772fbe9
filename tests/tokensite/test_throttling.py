from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(monkeypatch: pytest.MonkeyPatch) -> None:
    # No cache.clear(): on Redis that would flush what other processes keep in the same DB.
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/min", "user": "5/min"})


def fresh_address() -> str:
    """An address no earlier run has counted (counts outlive a test in a shared cache)."""
    n = uuid.uuid4().int
    return f"10.{n % 256}.{(n >> 8) % 256}.{(n >> 16) % 256}"


def test_it_throttles_anonymous_api_clients_per_address(rates: None) -> None:
    client = APIClient(REMOTE_ADDR=fresh_address())
    codes = [client.get("/api/v1/games/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    body = client.get("/api/v1/games/").json()
    assert body["error"] == "throttled" and body["rule"] is None
    assert APIClient(REMOTE_ADDR=fresh_address()).get("/api/v1/games/").status_code == 200


def test_it_throttles_signed_in_users_by_account(rates: None, settings: Any) -> None:
    user = get_user_model().objects.create_user("ann")
    codes = []
    for _ in range(6):
        client = APIClient(REMOTE_ADDR=fresh_address())
        client.force_authenticate(user)
        codes.append(client.get("/api/v1/games/").status_code)
    assert codes == [200] * 5 + [429]
