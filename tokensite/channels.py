"""Calls to the channel layer that never wait long: shared by the table broadcasts
(play/live/broadcast.py) and the health check (tokensite/views.py)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from redis.exceptions import ConnectionError as RedisConnectionError

logger = logging.getLogger(__name__)

SEND_TIMEOUT = 1.0
_RECONNECTABLE = (ConnectionError, RedisConnectionError)


async def bounded(call: Any, timeout: float = SEND_TIMEOUT) -> Any:
    """Await a channel-layer call for at most `timeout`; a connection that Redis closed while it
    sat in the pool fails the first command after a restart, so a connection error is retried
    once (on a fresh connection) within the same bound."""
    deadline = time.monotonic() + timeout
    try:
        return await asyncio.wait_for(call(), timeout)
    except _RECONNECTABLE as exc:
        logger.info("channel layer call failed (%s); retrying once", type(exc).__name__)
    return await asyncio.wait_for(call(), max(0.05, deadline - time.monotonic()))
