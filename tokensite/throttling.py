"""API rate limits counted in fixed windows: one counter per client and window in the cache.

DRF's own throttles keep the time of every request in a list in the cache, read and written back
whole on each request: two round trips to Redis and, at the signed-in rate, up to 1,200 pickled
timestamps each way; two requests at once both write back what they read, so one is not counted.
Here each request is one atomic increment (one round trip on Redis, tokensite/cache.py), and a
window allows the rate's number of requests. Who is counted, the scopes and the rates are DRF's.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.base import BaseCache
from rest_framework import throttling


def count_hit(cache: BaseCache, key: str, timeout: int) -> int:
    """The number of hits on `key` in its window, this one included."""
    counter = getattr(cache, "count", None)
    if counter is not None:
        return int(counter(key, timeout))
    # Another cache (the in-process one of the embedded default): add, then increment.
    cache.add(key, 0, timeout)
    try:
        return int(cache.incr(key))
    except ValueError:  # it expired in between: this hit opens the next window
        cache.add(key, 1, timeout)
        return 1


class FixedWindowMixin:
    """`allow_request` and `wait` of DRF's SimpleRateThrottle, counted per fixed window."""

    rate: str | None
    num_requests: int
    duration: int
    cache: BaseCache
    window_end: float

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)  # type: ignore[attr-defined]
        if key is None:
            return True
        now = self.timer()  # type: ignore[attr-defined]
        window = int(now // self.duration)
        self.window_end = (window + 1) * self.duration
        return count_hit(self.cache, f"{key}:{window}", self.duration) <= self.num_requests

    def wait(self) -> float:
        now: float = self.timer()  # type: ignore[attr-defined]
        return max(self.window_end - now, 0.0)


class AnonRateThrottle(FixedWindowMixin, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(FixedWindowMixin, throttling.UserRateThrottle):
    pass
