"""Login lockout (django-axes): keyed on the username *and* the client address."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db

RIGHT = "right-password-123"


@pytest.fixture(autouse=True)
def users(db: Any) -> None:
    for name in ("ann", "ben"):
        get_user_model().objects.create_user(name, password=RIGHT)


def login(username: str, password: str, address: str = "10.0.0.1", **headers: Any) -> int:
    client = Client(REMOTE_ADDR=address, **headers)
    return client.post("/accounts/login/", {"username": username, "password": password}).status_code


def fail_until_locked(username: str, address: str = "10.0.0.1", **headers: Any) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login(username, "wrong", address, **headers) == 200
    assert login(username, "wrong", address, **headers) == 429


def test_it_locks_a_username_at_an_address_after_the_failure_limit() -> None:
    fail_until_locked("ann")
    assert login("ann", RIGHT) == 429  # even the right password, for the cool-off


def test_it_does_not_lock_another_user_at_the_same_address() -> None:
    fail_until_locked("ann")
    assert login("ben", RIGHT) == 302


def test_it_does_not_lock_the_same_user_at_another_address() -> None:
    fail_until_locked("ann", "10.0.0.1")
    assert login("ann", RIGHT, "10.0.0.2") == 302


def test_it_forgets_failures_after_a_successful_login() -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        login("ann", "wrong")
    assert login("ann", RIGHT) == 302
    assert login("ann", "wrong") == 200


def test_it_tells_clients_apart_behind_a_trusted_proxy(settings: Any) -> None:
    settings.TRUSTED_PROXIES = 1
    proxy = "172.18.0.5"
    fail_until_locked("ann", proxy, HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert login("ann", RIGHT, proxy, HTTP_X_FORWARDED_FOR="203.0.113.8") == 302
    # A client's own X-Forwarded-For entries are left of the proxy's and are not believed.
    spoofed = "198.51.100.1, 203.0.113.7"
    assert login("ann", RIGHT, proxy, HTTP_X_FORWARDED_FOR=spoofed) == 429
