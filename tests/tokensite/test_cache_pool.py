"""One Redis connection pool per process for the cache (throttles, sessions): Django makes a
cache client per request context, and each used to open its own pool (issue 36)."""

from __future__ import annotations

from typing import Any

from tokensite.cache import ResilientRedisCache


def _client(cache: Any) -> Any:
    return cache._cache  # the client Django made (cached_property of RedisCache)


def test_clients_of_every_request_share_the_process_pool() -> None:
    options = {"OPTIONS": {"socket_timeout": 0.25}}
    # Creating pools connects to nothing: no Redis is needed here.
    first = _client(ResilientRedisCache("redis://127.0.0.1:1/0", options))
    second = _client(ResilientRedisCache("redis://127.0.0.1:1/0", options))
    assert first is not second
    assert first._get_connection_pool(write=True) is second._get_connection_pool(write=True)
    other = _client(ResilientRedisCache("redis://127.0.0.1:1/1", options))
    assert other._get_connection_pool(write=True) is not first._get_connection_pool(write=True)


def test_every_call_of_every_request_uses_the_pools_one_redis_client() -> None:
    options = {"OPTIONS": {"socket_timeout": 0.25}}
    first = _client(ResilientRedisCache("redis://127.0.0.1:1/2", options))
    second = _client(ResilientRedisCache("redis://127.0.0.1:1/2", options))
    client = first.get_client("throttle", write=True)
    assert second.get_client("other", write=True) is client
    assert client.connection_pool is first._get_connection_pool(write=True)
    other = _client(ResilientRedisCache("redis://127.0.0.1:1/3", options))
    assert other.get_client("throttle", write=True) is not client
