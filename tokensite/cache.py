"""A Redis cache that a Redis outage degrades instead of breaking.

The cache only speeds things up: sessions are in the database and read through it
(``cached_db``), throttles and lockouts start over. So when Redis refuses or hangs, a request must
go on as on a cache miss, not fail with a 500 (tests/e2e/test_live.py). After a failure the
process skips Redis for ``PAUSE_AFTER_FAILURE`` so a hung Redis costs one bounded wait per pause,
not one per cache call.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

PAUSE_AFTER_FAILURE = 5.0


class ResilientRedisCacheClient(RedisCacheClient):
    down_until = 0.0
    """Shared by the process's clients (Django keeps one per thread): one failure pauses all."""

    def _call(self, name: str, fallback: Any, *args: Any, **kwargs: Any) -> Any:
        if time.monotonic() < self.down_until:
            return fallback
        try:
            return getattr(super(), name)(*args, **kwargs)
        except RedisError as exc:
            type(self).down_until = time.monotonic() + PAUSE_AFTER_FAILURE
            logger.warning("cache: Redis failed (%s); treated as a miss", type(exc).__name__)
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


class ResilientRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ResilientRedisCacheClient
