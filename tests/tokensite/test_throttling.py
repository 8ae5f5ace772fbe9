from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/min", "user": "5/min"})
    cache.clear()


def test_it_throttles_anonymous_api_clients_per_address(rates: None) -> None:
    client = APIClient(REMOTE_ADDR="10.9.0.1")
    codes = [client.get("/api/v1/games/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    body = client.get("/api/v1/games/").json()
    assert body["error"] == "throttled" and body["rule"] is None
    assert APIClient(REMOTE_ADDR="10.9.0.2").get("/api/v1/games/").status_code == 200


def test_it_throttles_signed_in_users_by_account(rates: None, settings: Any) -> None:
    user = get_user_model().objects.create_user("ann")
    codes = []
    for address in ("10.9.0.1", "10.9.0.2", "10.9.0.3", "10.9.0.4", "10.9.0.5", "10.9.0.6"):
        client = APIClient(REMOTE_ADDR=address)
        client.force_authenticate(user)
        codes.append(client.get("/api/v1/games/").status_code)
    assert codes == [200] * 5 + [429]
