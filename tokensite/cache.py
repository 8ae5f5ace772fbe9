"""A Redis cache that a Redis outage degrades instead of breaking.

The cache only speeds things up: sessions are in the database and read through it
(``cached_db``), throttles and lockouts start over. So when Redis refuses or hangs, a request must
go on as on a cache miss, not fail with a 500 (tests/e2e/test_live.py). A failure opens the
process's cache circuit (tokensite/circuit.py): calls are misses at once, not one bounded wait
each, until a background ping finds Redis answering again (within a probe interval).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import redis
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

from tokensite.circuit import Circuit

logger = logging.getLogger(__name__)

PROBE_TIMEOUT = 0.25
# Shared by the process's clients (Django keeps one per thread): one failure opens it for all.
circuit = Circuit("cache")


def _ping(url: str) -> None:
    client = redis.Redis.from_url(
        url, socket_timeout=PROBE_TIMEOUT, socket_connect_timeout=PROBE_TIMEOUT
    )
    try:
        client.ping()
    finally:
        client.close()


# Django makes a cache client per request context (under ASGI every request is one), and each
# client its own connection pools: a new Redis connection per request, 7% of an action's time
# (issue 36). The pools are the process's instead, one per server and options.
_pools: dict[tuple[str, str], Any] = {}
# And one client object per pool: Django makes a redis.Redis per cache call, whose constructor
# fills a table of ~170 response callbacks (0.17 ms; two or three calls per action).
_clients: dict[tuple[str, str], Any] = {}
_pools_lock = threading.Lock()


class ResilientRedisCacheClient(RedisCacheClient):
    # Set by RedisCacheClient.__init__ (not in its type stubs).
    _servers: list[str]
    _pool_class: Any
    _pool_options: dict[str, Any]

    def __init__(self, servers: Any, **options: Any) -> None:
        super().__init__(servers, **options)
        url = servers[0]
        circuit.probe = lambda: _ping(url)

    def _pool_key(self, write: bool) -> tuple[int, tuple[str, str]]:
        index = self._get_connection_pool_index(write)  # type: ignore[attr-defined]
        return index, (self._servers[index], repr(sorted(self._pool_options.items(), key=str)))

    def _get_connection_pool(self, write: bool) -> Any:
        index, key = self._pool_key(write)
        pool = _pools.get(key)
        if pool is None:
            with _pools_lock:
                pool = _pools.get(key)
                if pool is None:
                    pool = self._pool_class.from_url(self._servers[index], **self._pool_options)
                    _pools[key] = pool
        return pool

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # redis.Redis is thread-safe: each command takes a connection from the pool.
        _index, pool_key = self._pool_key(write)
        client = _clients.get(pool_key)
        if client is None:
            client = self._client(connection_pool=self._get_connection_pool(write))  # type: ignore[attr-defined]
            _clients[pool_key] = client
        return client

    def _call(self, name: str, fallback: Any, *args: Any, **kwargs: Any) -> Any:
        if circuit.is_open:
            return fallback
        try:
            return getattr(super(), name)(*args, **kwargs)
        except RedisError as exc:
            circuit.trip(f"Redis failed ({type(exc).__name__}); calls are misses meanwhile")
            return fallback

    def get(self, key: Any, default: Any) -> Any:
        return self._call("get", default, key, default)

    def get_many(self, keys: Any) -> Any:
        return self._call("get_many", {}, keys)

    def has_key(self, key: Any) -> Any:
        return self._call("has_key", False, key)

    def add(self, key: Any, value: Any, timeout: Any) -> Any:
        return self._call("add", False, key, value, timeout)

    def set(self, key: Any, value: Any, timeout: Any) -> Any:
        return self._call("set", None, key, value, timeout)

    def set_many(self, data: Any, timeout: Any) -> Any:
        return self._call("set_many", None, data, timeout)

    def touch(self, key: Any, timeout: Any) -> Any:
        return self._call("touch", False, key, timeout)

    def delete(self, key: Any) -> Any:
        return self._call("delete", False, key)

    def delete_many(self, keys: Any) -> Any:
        return self._call("delete_many", None, keys)

    def clear(self) -> Any:
        return self._call("clear", False)

    def count(self, key: Any, timeout: int) -> int:
        """Add one to the counter `key`, made with a lifetime of `timeout` seconds if missing, in
        one round trip (MULTI: SET NX EX, then INCR); 0 while Redis is out (a miss)."""
        if circuit.is_open:
            return 0
        try:
            pipeline = self.get_client(key, write=True).pipeline(transaction=True)
            pipeline.set(key, 0, ex=timeout, nx=True)
            pipeline.incr(key)
            return int(pipeline.execute()[1])
        except RedisError as exc:
            circuit.trip(f"Redis failed ({type(exc).__name__}); calls are misses meanwhile")
            return 0


class ResilientRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ResilientRedisCacheClient

    def count(self, key: str, timeout: int) -> int:
        """One more hit on the counter `key` living `timeout` seconds (tokensite/throttling.py)."""
        client: ResilientRedisCacheClient = self._cache  # type: ignore[attr-defined]
        return client.count(self.make_and_validate_key(key), timeout)
