"""Frames encoded once and written past the ASGI send, on a real daphne (play/live/frames.py).

The server is daphne itself, in a process of its own, with a small ASGI application around
`with_frame_writer`: what is checked is daphne's, autobahn's and Twisted's behaviour, which the
writer reads (no Django, so no database, is needed there).
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from websockets.frames import Frame as WireFrame
from websockets.frames import Opcode
from websockets.streams import StreamReader
from websockets.sync.client import connect

from play.live.frames import Frame, daphne_writer
from tests.conftest import ROOT
from tests.e2e.processes import free_port, stop

SERVER = """
import asyncio
import sys
from daphne.server import Server
from play.live.frames import Frame, with_frame_writer, writer_of

# One encoding for every socket. BIG is more than a loopback socket takes at once: the rest
# waits in Twisted's buffer, and what is sent after it must come after it.
SHARED = [Frame("a"), Frame("b" * 300), Frame("c" * 70_000), Frame("x" * 4_000_000)]


async def app(scope, receive, send):
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    write = writer_of(scope)
    await send({"type": "websocket.send", "text": "writer" if write else "no writer"})
    if write is None:
        return
    if scope["path"] == "/order":
        await send({"type": "websocket.send", "text": "1"})
        write(Frame("2"))
        await send({"type": "websocket.send", "text": "3"})
        for frame in SHARED:
            write(frame)
        write(Frame("after"))
        await send({"type": "websocket.send", "text": "end"})
        await receive()  # the client closes
        print("after close", write(SHARED[0]), flush=True)
    elif scope["path"] == "/idle":
        await asyncio.sleep(0.2)  # Twisted has written the handshake and the first message
        transport = write.protocol.transport
        write(SHARED[1])
        # Sent at once, as asyncio does: nothing left in Twisted's buffer for a later turn.
        print("idle", transport._tempDataLen == 0 and transport.dataBuffer == b"", flush=True)
    elif scope["path"] == "/gone":
        # The peer goes away without a close handshake while it is written to.
        written = 0
        try:
            while write(SHARED[2]):
                written += 1
                await asyncio.sleep(0.001)
        except Exception as exc:
            print("gone raised", type(exc).__name__, flush=True)
        else:
            print("gone stopped", written > 0, flush=True)


Server(
    application=with_frame_writer(app),
    endpoints=[f"tcp:port={sys.argv[1]}:interface=127.0.0.1"],
    verbosity=0,
).run()
"""


@pytest.fixture
def server() -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(port)], cwd=ROOT, stdout=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield port, process
    finally:
        stop(process)


def next_line(process: subprocess.Popen[bytes]) -> str:
    assert process.stdout is not None
    return process.stdout.readline().decode().strip()


def test_frames_written_past_asgi_keep_their_order_and_reach_every_socket(server) -> None:
    """Three sockets, one encoding of each shared frame: every socket gets every message whole
    (each length form of the frame header, one larger than the socket takes at once), in the
    order sent, interleaved with what went through the ASGI send; none after the close."""
    port, process = server
    shared = ["a", "b" * 300, "c" * 70_000, "x" * 4_000_000]
    expected = ["writer", "1", "2", "3", *shared, "after", "end"]
    with contextlib.ExitStack() as stack:
        url = f"ws://127.0.0.1:{port}/order"
        sockets = [stack.enter_context(connect(url, max_size=None)) for _ in range(3)]
        for ws in sockets:
            assert [ws.recv(timeout=10) for _ in expected] == expected
        for ws in sockets:
            ws.close()
            assert next_line(process) == "after close False"


def test_an_idle_socket_is_written_at_once_not_on_a_later_turn_of_the_loop(server) -> None:
    """What the writer saves per socket (Twisted's buffering, two epoll changes): if a Twisted
    upgrade renamed what `write_now` reads, every frame would take the slow way, and this says so.
    """
    port, process = server
    with connect(f"ws://127.0.0.1:{port}/idle") as ws:
        assert [ws.recv(timeout=10) for _ in range(2)] == ["writer", "b" * 300]
        assert next_line(process) == "idle True"


def test_a_socket_gone_without_a_close_is_not_written_and_raises_nothing(server) -> None:
    port, process = server
    with connect(f"ws://127.0.0.1:{port}/gone", max_size=None) as ws:
        assert ws.recv(timeout=10) == "writer"
        ws.recv(timeout=10)
        ws.socket.shutdown(socket.SHUT_RDWR)  # no close frame
        ws.socket.close()
        assert next_line(process) == "gone stopped True"


def test_without_daphne_there_is_no_writer() -> None:
    """channels' test communicator, another server, a wrapped send: the consumer sends the
    frame's text through the ASGI send instead."""

    async def send(message: dict[str, object]) -> None:
        return None

    assert daphne_writer(send) is None


@pytest.mark.parametrize("size", [0, 125, 126, 65_535, 65_536])
def test_a_frame_is_one_whole_text_message_as_a_client_parses_it(size: int) -> None:
    """Each length form of the header, at its bounds; the length is of the UTF-8 bytes."""
    text = "é" * (size // 2) + "x" * (size % 2)
    reader = StreamReader()
    reader.feed_data(Frame(text).wire)
    reader.feed_eof()
    parsing = WireFrame.parse(reader.read_exact, mask=False)
    with pytest.raises(StopIteration) as parsed:
        next(parsing)
    frame = parsed.value.value
    assert (frame.opcode, frame.fin, bytes(frame.data)) == (Opcode.TEXT, True, text.encode())
    assert not reader.buffer  # nothing after the message
