from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tokensite.throttling import count_hit

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


def test_a_window_allows_the_rate_and_the_next_window_starts_over(
    rates: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [6_000_000.0]  # the start of a minute
    monkeypatch.setattr(SimpleRateThrottle, "timer", lambda self: clock[0])
    client = APIClient(REMOTE_ADDR=fresh_address())
    codes = [client.get("/api/v1/games/").status_code for _ in range(3)]
    clock[0] += 45
    refused = client.get("/api/v1/games/")
    assert codes == [200, 200, 200] and refused.status_code == 429
    assert refused["Retry-After"] == "15"  # the rest of the window
    clock[0] += 15
    assert client.get("/api/v1/games/").status_code == 200


def test_hits_at_the_same_time_are_each_counted() -> None:
    """One atomic increment per hit: DRF's read-then-write list lost hits made at once."""
    cache = caches["default"]
    key = f"test-hits-{uuid.uuid4().hex}"

    def hit_five_times() -> None:
        for _ in range(5):
            count_hit(cache, key, 60)

    workers = [threading.Thread(target=hit_five_times) for _ in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert count_hit(cache, key, 60) == 41
