"""Group messages to websocket listeners, sent so that the channel layer never holds a write.

A commit is answered at once whatever the channel layer does: with an out-of-process layer
(Redis) messages go through one sender thread per process, each send bounded by
`SEND_TIMEOUT`; after a failure the sender drops what comes for `PAUSE_AFTER_FAILURE` instead
of waiting on the layer again. Failures and drops are logged and counted (`stats`), never raised:
listeners notice a missed version from the next message or the heartbeat (play/live/hub.py) and
resync. The in-process layer (the embedded default) can't hang, so it is sent to directly.

Within an HTTP request (`after_response`, around the ASGI app) what the request publishes waits
until its answer is handed to the server: the acting player's answer is written before this
process writes the same update to its own hundreds of table sockets (play/live/hub.py), which
would otherwise hold the event loop that has to send it.
"""

from __future__ import annotations

import asyncio
import atexit
import contextvars
import functools
import logging
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, InMemoryChannelLayer, get_channel_layer

from tokensite.channels import SEND_TIMEOUT, bounded

logger = logging.getLogger(__name__)

PAUSE_AFTER_FAILURE = 1.0
# Beyond this many queued messages the layer is far behind: drop (listeners resync).
MAX_PENDING = 10_000


@dataclass
class BroadcastStats:
    sent: int = 0
    failed: int = 0
    dropped: int = 0


stats = BroadcastStats()


class _Sender:
    """One thread with its own event loop (and so its own Redis connection), sending in order."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[tuple[BaseChannelLayer, str, dict[str, Any]]] | None = None
        self._pending = 0
        self._paused_until = 0.0

    def submit(self, layer: BaseChannelLayer, group: str, message: dict[str, Any]) -> None:
        with self._lock:
            if self._pending >= MAX_PENDING:
                stats.dropped += 1
                return
            self._pending += 1
            loop, queue = self._started()
        loop.call_soon_threadsafe(queue.put_nowait, (layer, group, message))

    def _started(
        self,
    ) -> tuple[asyncio.AbstractEventLoop, asyncio.Queue[tuple[BaseChannelLayer, str, Any]]]:
        if self._loop is None or self._queue is None:
            ready = threading.Event()
            thread = threading.Thread(
                target=self._run, args=(ready,), name="broadcast", daemon=True
            )
            thread.start()
            ready.wait()
            atexit.register(self.flush)
        assert self._loop is not None and self._queue is not None
        return self._loop, self._queue

    def flush(self, timeout: float = 2 * SEND_TIMEOUT) -> None:
        """Wait (boundedly) for what is queued: a script or a command that commits and exits at
        once still tells the listeners."""
        deadline = time.monotonic() + timeout
        while self._pending and time.monotonic() < deadline:
            time.sleep(0.01)

    def _run(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._queue = asyncio.Queue()
        self._loop = loop
        ready.set()
        loop.run_until_complete(self._drain(self._queue))

    async def _drain(self, queue: asyncio.Queue[tuple[BaseChannelLayer, str, Any]]) -> None:
        while True:
            layer, group, message = await queue.get()
            try:
                await self._send(layer, group, message)
            finally:
                with self._lock:
                    self._pending -= 1

    async def _send(self, layer: BaseChannelLayer, group: str, message: dict[str, Any]) -> None:
        if time.monotonic() < self._paused_until:
            stats.dropped += 1
            return
        try:
            await bounded(functools.partial(layer.group_send, group, message))
        except Exception as exc:  # whatever the layer raises, the commit stands
            stats.failed += 1
            self._paused_until = time.monotonic() + PAUSE_AFTER_FAILURE
            logger.warning(
                "channel layer send failed (%s): %d failed, %d dropped so far; "
                "listeners resync from the heartbeat",
                type(exc).__name__,
                stats.failed,
                stats.dropped,
                exc_info=not isinstance(exc, TimeoutError),
            )
        else:
            stats.sent += 1


_sender = _Sender()


@dataclass
class _Held:
    """The messages of the HTTP request in progress, published once its answer is sent."""

    messages: list[tuple[str, dict[str, Any]]]
    ended: bool = False  # the request is over: anything later goes out at once


# Set in the request's task (None: outside a request, publish at once); its threads see a copy
# of the context, so the view's commit appends to this same object.
_held: contextvars.ContextVar[_Held | None] = contextvars.ContextVar("broadcast_held", default=None)


def publish(group: str, message: dict[str, Any]) -> None:
    """Send `message` to `group` without waiting on an out-of-process layer; never raises."""
    held = _held.get()
    if held is not None and not held.ended:
        held.messages.append((group, message))
        return
    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, InMemoryChannelLayer):
        if not layer.groups.get(group):
            # Nobody in this process listens (the in-memory layer has no other processes), so
            # skip handing a no-op over to an event loop, which costs milliseconds.
            return
        _count(async_to_sync(_send_in_memory)(layer, group, message))
        return
    _sender.submit(layer, group, message)


async def _send_in_memory(layer: InMemoryChannelLayer, group: str, message: dict[str, Any]) -> bool:
    try:
        await layer.group_send(group, message)
    except Exception:  # a full channel must not turn a commit into an error
        logger.warning("in-memory channel layer send failed", exc_info=True)
        return False
    return True


def _count(sent: bool) -> None:
    if sent:
        stats.sent += 1
    else:
        stats.failed += 1


async def _release(held: _Held) -> None:
    """Publish what a request held, in order (on the request's event loop)."""
    layer = get_channel_layer()
    while held.messages:
        group, message = held.messages.pop(0)
        if layer is None:
            continue
        if isinstance(layer, InMemoryChannelLayer):
            if layer.groups.get(group):
                _count(await _send_in_memory(layer, group, message))
        else:
            _sender.submit(layer, group, message)


ASGIApp = Callable[[dict[str, Any], Any, Any], Awaitable[None]]


def after_response(app: ASGIApp) -> ASGIApp:
    """Wrap the HTTP application: what a request publishes goes out once its answer is sent
    (its last body message), or when the request ends without one (an error, a disconnect)."""

    async def holding(scope: dict[str, Any], receive: Any, send: Any) -> None:
        held = _Held([])
        token = _held.set(held)

        async def sending(message: dict[str, Any]) -> None:
            await send(message)
            if message.get("type") == "http.response.body" and not message.get("more_body"):
                await _release(held)

        try:
            await app(scope, receive, sending)
        finally:
            _held.reset(token)
            held.ended = True
            await _release(held)

    return holding
