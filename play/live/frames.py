"""One encoding of a message for every socket of a process, written past the ASGI send.

A table update goes to hundreds of sockets of one worker (play/live/hub.py). Sent through each
socket's ASGI `send`, every copy costs the channels and daphne layers, a UTF-8 encoding and a
websocket frame built by autobahn, and Twisted registering the socket for writing and writing it
on a later turn of the loop: about 0.2 ms of the worker's CPU per socket (bench/websocket.py
--fanout 500). A `Frame` is encoded once, and under daphne its bytes go to each socket's
transport directly (`DaphneWriter`): what is left per socket is a few checks and a `send`.

The ASGI model stays whole for everything else: the handshake, per-socket messages (pong, the
first heartbeat, grants) and closing go through `send` as before. Both paths write on the event
loop's thread, synchronously, so a socket's messages keep the order in which they were sent.
Under another server (or channels' test communicator) there is no writer, and the consumer sends
the frame's text through `send`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

logger = logging.getLogger(__name__)

# Where the websocket application finds the socket's writer (`scope["extensions"]`).
EXTENSION = "tokensite.frames"


class Frame:
    """A text message for many sockets: its text, and its websocket frame built once for all."""

    __slots__ = ("_wire", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._wire: bytes | None = None

    @property
    def wire(self) -> bytes:
        """The whole frame as a server sends it (RFC 6455 5.2: FIN, text, unmasked, length)."""
        if self._wire is None:
            payload = self.text.encode()
            size = len(payload)
            if size < 126:
                header = bytes((0x81, size))
            elif size < 1 << 16:
                header = bytes((0x81, 126)) + size.to_bytes(2, "big")
            else:
                header = bytes((0x81, 127)) + size.to_bytes(8, "big")
            self._wire = header + payload
        return self._wire


class FrameWriter(Protocol):
    def __call__(self, frame: Frame) -> bool: ...


class DaphneWriter:
    """Writes frames to one daphne websocket (an autobahn protocol on a Twisted transport).

    Only where daphne's own send would write: nothing (False) once daphne counts the socket as
    gone or autobahn as no longer open (closing, closed, or a handshake not yet answered)."""

    __slots__ = ("connections", "protocol")

    def __init__(self, connections: dict[Any, dict[str, Any]], protocol: Any) -> None:
        self.connections = connections
        self.protocol = protocol

    def __call__(self, frame: Frame) -> bool:
        protocol = self.protocol
        details = self.connections.get(protocol)
        if details is None or details.get("disconnected") or protocol.muted:
            return False
        if protocol.state != protocol.STATE_OPEN:
            return False
        transport = protocol.transport
        if protocol._perMessageCompress is not None:  # never negotiated by daphne; autobahn's way
            protocol.sendMessage(frame.text.encode())
        elif protocol.send_queue or transport is None:
            # autobahn is writing queued data in pieces: go behind it, not between them.
            protocol.sendData(frame.wire)
        else:
            write_now(transport, frame.wire)
        return True


def write_now(transport: Any, data: bytes) -> None:
    """`transport.write(data)`, written to the socket at once when nothing is waiting before it.

    Twisted's write buffers, registers the socket with the event loop and sends on a later turn,
    then unregisters it: two epoll changes and a callback per socket, most of what a crowd's
    update cost once encoded once. A plain TCP transport (not TLS, open, nothing buffered) is sent
    to directly, as asyncio's own transports do; whatever the socket does not take at once
    (a full send buffer, an error) goes to `transport.write`, which keeps the order and handles
    the error as for any write. The checks read Twisted's buffer attributes (Twisted is pinned,
    requirements/): if they are missing, everything goes through `transport.write`."""
    idle = (
        getattr(transport, "TLS", True) is False
        and getattr(transport, "connected", False)
        and not getattr(transport, "disconnecting", True)
        and not getattr(transport, "_writeDisconnected", True)
        and getattr(transport, "dataBuffer", None) == b""
        and getattr(transport, "_tempDataLen", None) == 0
    )
    if idle:
        try:
            sent = transport.getHandle().send(data)
        except OSError:  # EAGAIN, or the peer gone: Twisted's write sees to it
            sent = 0
        data = data[sent:]
        if not data:
            return
    transport.write(data)


ASGIApp = Callable[[dict[str, Any], Any, Any], Awaitable[None]]


def daphne_writer(send: Any) -> DaphneWriter | None:
    """The frame writer of a socket whose ASGI `send` is daphne's, else None.

    daphne gives each application `functools.partial(server.handle_reply, protocol)`; anything
    else (a wrapped send, another server) gets no writer."""
    try:
        from daphne.server import Server
        from daphne.ws_protocol import WebSocketProtocol
    except ImportError:  # pragma: no cover - daphne is the project's server
        return None
    if not isinstance(send, functools.partial) or send.keywords or len(send.args) != 1:
        return None
    server, protocol = getattr(send.func, "__self__", None), send.args[0]
    if not isinstance(server, Server) or getattr(send.func, "__name__", "") != "handle_reply":
        return None
    if not isinstance(protocol, WebSocketProtocol):
        return None
    return DaphneWriter(server.connections, protocol)


def with_frame_writer(app: ASGIApp) -> ASGIApp:
    """Wrap the websocket application (outermost, where `send` is still the server's): the scope
    carries the socket's frame writer when the server is daphne."""

    async def writing(scope: dict[str, Any], receive: Any, send: Any) -> None:
        writer = daphne_writer(send)
        if writer is not None:
            scope = {**scope, "extensions": {**(scope.get("extensions") or {}), EXTENSION: writer}}
        await app(scope, receive, send)

    return writing


def writer_of(scope: dict[str, Any]) -> FrameWriter | None:
    extensions = scope.get("extensions") or {}
    writer = extensions.get(EXTENSION)
    return writer if callable(writer) else None
