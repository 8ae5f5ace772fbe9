"""One Redis connection pool per process for the cache (throttles, sessions): Django makes a
cache client per request context, and each used to open its own pool (issue 36)."""

from __future__ import annotations

from tokensite.cache import ResilientRedisCache


def test_clients_of_every_request_share_the_process_pool() -> None:
    options = {"OPTIONS": {"socket_timeout": 0.25}}
    # Creating pools connects to nothing: no Redis is needed here.
    first = ResilientRedisCache("redis://127.0.0.1:1/0", options)._cache
    second = ResilientRedisCache("redis://127.0.0.1:1/0", options)._cache
    assert first is not second
    assert first._get_connection_pool(write=True) is second._get_connection_pool(write=True)
    other = ResilientRedisCache("redis://127.0.0.1:1/1", options)._cache
    assert other._get_connection_pool(write=True) is not first._get_connection_pool(write=True)
