"""The live channel is never silently stale and closes when access ends (play/live/hub.py).

With REDIS_URL (CI's second pass) every test here runs on the Redis channel layer.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import Client

from play.live import hub as live
from play.live.frames import Frame
from play.models import Seat, Spectator, Table
from play.table import services
from tests.play.conftest import Cast, create_soldiers, make_cast
from tests.play.test_consumers import BROWSER, act, run_async
from tokensite.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_heartbeat(settings: Any) -> None:
    settings.LIVE_HEARTBEAT_SECONDS = 0.3


@sync_to_async
def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


async def open_socket(
    cast: Cast, client: Client | None = None, query: str = ""
) -> WebsocketCommunicator:
    headers = list(BROWSER)
    if client is not None:
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    communicator = WebsocketCommunicator(
        application, f"/ws/tables/{cast.table.id}/{query}", headers=headers
    )
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def next_of(socket: WebsocketCommunicator, kind: str) -> dict[str, Any]:
    """The next message of type `kind`, skipping heartbeats in between."""
    while True:
        message = await socket.receive_output(timeout=5)
        if message["type"] == "websocket.close":
            raise AssertionError(f"closed with {message.get('code')} waiting for {kind}")
        content = json.loads(message["text"])
        if content["type"] == kind:
            return dict(content)


async def close_code(socket: WebsocketCommunicator, within: float = 2.0) -> int:
    """The code the server closes the socket with, within `within` seconds (heartbeats skipped)."""
    deadline = time.monotonic() + within
    while True:
        message = await socket.receive_output(timeout=max(0.01, deadline - time.monotonic()))
        if message["type"] == "websocket.close":
            return int(message["code"])


@run_async
async def test_it_sends_the_version_at_once_and_then_as_a_heartbeat() -> None:
    cast = await sync_to_async(make_cast)()
    await act(cast, cast.owner, create_soldiers())
    socket = await open_socket(cast, query=f"?spectate={cast.table.spectate_token}")
    first = await socket.receive_json_from(timeout=5)
    assert first == {"type": "table.heartbeat", "version": 1, "every": 0.3}
    await act(cast, cast.owner, create_soldiers())
    update = await next_of(socket, "table.updated")
    assert update["version"] == 2
    # A quiet table still says its version, so a client that missed an update notices.
    assert (await next_of(socket, "table.heartbeat"))["version"] == 2
    await socket.disconnect()


@run_async
async def test_logout_closes_the_sessions_open_sockets_within_two_seconds() -> None:
    cast = await sync_to_async(make_cast)()
    spectator = await logged_in(cast.spectator)
    other_session = await logged_in(cast.spectator)
    leaving = await open_socket(cast, spectator)
    staying = await open_socket(cast, other_session)
    response = await sync_to_async(spectator.post)("/accounts/logout/")
    assert response.status_code == 302
    assert await close_code(leaving) == live.CLOSE_ACCESS_ENDED
    # The same user's other session is another grant: it keeps listening.
    await act(cast, cast.owner, create_soldiers())
    assert (await next_of(staying, "table.updated"))["version"] == 1
    await staying.disconnect()


@run_async
async def test_rotating_the_links_closes_the_sockets_the_old_link_opened() -> None:
    cast = await sync_to_async(make_cast)()
    by_link = await open_socket(cast, query=f"?spectate={cast.table.spectate_token}")
    owner = await open_socket(cast, await logged_in(cast.owner))
    # A seated player who also holds the link keeps the seat's grant after the rotation.
    player = await open_socket(
        cast, await logged_in(cast.player), f"?spectate={cast.table.spectate_token}"
    )
    await sync_to_async(services.table_rotate_links)(table_id=cast.table.id, user=cast.owner)
    assert await close_code(by_link) == live.CLOSE_ACCESS_ENDED
    await act(cast, cast.owner, create_soldiers())
    for socket in (owner, player):
        assert (await next_of(socket, "table.updated"))["version"] == 1
        await socket.disconnect()


@sync_to_async
def remove_spectator(cast: Cast) -> None:
    Spectator.objects.filter(table=cast.table, user=cast.spectator).delete()


@sync_to_async
def free_seat(cast: Cast) -> None:
    seat = Seat.objects.get(table=cast.table, user=cast.player)
    seat.user = None
    seat.save()


@sync_to_async
def delete_table(cast: Cast) -> None:
    Table.objects.filter(pk=cast.table.pk).delete()


@pytest.mark.parametrize(
    ("who", "end"),
    [("spectator", remove_spectator), ("player", free_seat), ("owner", delete_table)],
)
def test_a_removed_seat_spectator_or_table_closes_its_sockets(who: str, end: Any) -> None:
    @run_async
    async def scenario() -> None:
        cast = await sync_to_async(make_cast)()
        socket = await open_socket(cast, await logged_in(getattr(cast, who)))
        await end(cast)
        assert await close_code(socket) == live.CLOSE_ACCESS_ENDED

    scenario()


class BrokenLayer:
    """A channel layer that is down (refuses) or hung (never answers)."""

    def __init__(self, hung: bool) -> None:
        self.hung = hung

    async def _fail(self, *args: Any, **kwargs: Any) -> Any:
        if self.hung:
            await asyncio.sleep(3600)
        raise ConnectionError("Connection refused (the layer is down)")

    new_channel = group_add = group_discard = group_send = send = _fail

    async def receive(self, channel: str) -> Any:
        await asyncio.sleep(3600)


@pytest.mark.parametrize("hung", [False, True])
def test_a_handshake_while_the_channel_layer_is_down_is_refused_with_a_retry_code(
    hung: bool, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(live, "LAYER_TIMEOUT", 0.2)

    @run_async
    async def scenario() -> None:
        cast = await sync_to_async(make_cast)()
        with monkeypatch.context() as patch:
            patch.setattr("play.live.consumers.get_channel_layer", lambda alias: BrokenLayer(hung))
            path = f"/ws/tables/{cast.table.id}/?spectate={cast.table.spectate_token}"
            socket = WebsocketCommunicator(application, path, headers=list(BROWSER))
            connected, _ = await socket.connect(timeout=5)
            # Accepted only to say why, then closed with the code the page turns into "retrying".
            assert connected
            assert await close_code(socket) == live.CLOSE_UNAVAILABLE
        # The first handshake after the layer is back works.
        back = await open_socket(cast, query=f"?spectate={cast.table.spectate_token}")
        assert (await back.receive_json_from(timeout=5))["type"] == "table.heartbeat"
        await back.disconnect()

    with caplog.at_level(logging.WARNING):
        scenario()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    "path",
    ["/ws/tables/xyz/", "/ws/tables/", "/ws/nowhere/", "/", "/ws/tables/{id}/extra/", "/ws/%00/"],
)
def test_no_websocket_path_answers_500_or_logs_a_traceback(
    path: str, caplog: pytest.LogCaptureFixture
) -> None:
    @run_async
    async def scenario() -> None:
        cast = await sync_to_async(make_cast)()
        socket = WebsocketCommunicator(
            application, path.format(id=cast.table.id), headers=list(BROWSER)
        )
        connected, _ = await socket.connect(timeout=5)
        assert not connected  # a plain refusal at the handshake (403), not an error
        await socket.disconnect()

    with caplog.at_level(logging.INFO):
        scenario()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert not [record for record in caplog.records if record.exc_info]


class FakeListener:
    def __init__(self, table_id: str, connected_at: float) -> None:
        self.table_id = table_id
        self.connected_at = connected_at
        self.closed_with: int | None = None

    async def close_with(self, code: int) -> None:
        self.closed_with = code

    async def deliver(self, frame: Frame) -> None:
        return None

    async def access_check(self, event: dict[str, Any]) -> None:
        return None


def test_it_closes_the_sockets_of_a_lost_subscription_to_resync() -> None:
    """No probe came back through the layer for two heartbeats: the sockets may have missed
    updates, and resync; except one that subscribed during the last round (the layer answered)."""

    async def scenario() -> None:
        hub = live.Hub()
        now = time.monotonic()
        hub.last_probe = now - 60
        before, after = FakeListener("t", now - 120), FakeListener("t", now - 0.01)
        hub.listeners = {before, after}
        await hub._probe(BrokenLayer(hung=False))
        assert (before.closed_with, after.closed_with) == (live.CLOSE_RESYNC, None)

    asyncio.run(scenario())


class Crowd:
    """A socket of the room: records what it is written, or fails to write."""

    def __init__(self, table_id: str, broken: bool = False) -> None:
        self.table_id, self.connected_at, self.broken = table_id, 0.0, broken
        self.written: list[str] = []
        self.frames: list[Frame] = []

    async def close_with(self, code: int) -> None:
        return None

    async def deliver(self, frame: Frame) -> None:
        if self.broken:
            raise ConnectionResetError("the peer went away")
        self.written.append(frame.text)
        self.frames.append(frame)

    async def access_check(self, event: dict[str, Any]) -> None:
        return None


def test_a_tables_sockets_share_one_subscription_and_a_broken_one_holds_no_other() -> None:
    """One member of the table's group per process, whatever the number of sockets; each update
    is written to every socket in order, past one whose write fails, as one encoding for all."""
    from channels.layers import InMemoryChannelLayer

    async def scenario() -> None:
        layer = InMemoryChannelLayer()
        hub = live.Hub()
        crowd = [Crowd("t", broken=index == 3) for index in range(25)]
        for listener in crowd:
            assert await hub.join(listener, "table-t", layer)
        assert len(layer.groups["table-t"]) == 1
        for version in (1, 2):
            text = json.dumps({"type": "table.updated", "version": version})
            await layer.group_send("table-t", {"type": "table.updated", "text": text})
        deadline = time.monotonic() + 5
        while len(crowd[-1].written) < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        for index, listener in enumerate(crowd):
            versions = [json.loads(text)["version"] for text in listener.written]
            assert versions == ([] if index == 3 else [1, 2])
        for version in (0, 1):
            assert len({id(listener.frames[version]) for listener in crowd if listener.frames}) == 1
        for listener in crowd:
            hub.leave(listener)
        while layer.groups.get("table-t") and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert not layer.groups.get("table-t")  # the last socket gone, the subscription too

    asyncio.run(scenario())


def test_a_heartbeat_is_encoded_once_per_table_and_a_broken_socket_holds_no_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def versions(table_ids: set[str]) -> dict[str, int]:
        return {"t": 7, "u": 9}

    monkeypatch.setattr(live, "_versions", versions)

    async def scenario() -> None:
        hub = live.Hub()
        crowd = [Crowd("t", broken=index == 1) for index in range(13)]
        other = [Crowd("u") for _ in range(3)]
        hub.listeners = {*crowd, *other}
        await hub._heartbeat()
        for listeners, version in ((crowd, 7), (other, 9)):
            frames = {id(frame) for listener in listeners for frame in listener.frames}
            assert len(frames) == 1
            written = [json.loads(text) for listener in listeners for text in listener.written]
            assert {(m["type"], m["version"]) for m in written} == {("table.heartbeat", version)}
        assert [len(listener.written) for listener in crowd].count(0) == 1  # the broken one

    asyncio.run(scenario())


class Slow(Crowd):
    async def deliver(self, frame: Frame) -> None:
        until = time.perf_counter() + 0.001  # a socket that costs 1 ms of the loop's time
        while time.perf_counter() < until:
            pass
        await super().deliver(frame)


def test_a_crowds_update_gives_the_event_loop_turns_while_it_is_written() -> None:
    """The acting player's request runs on the same loop: 100 sockets of 1 ms each are written
    in slices, and other work runs between them, not only before or after the 100 ms."""
    from channels.layers import InMemoryChannelLayer

    async def scenario() -> None:
        layer = InMemoryChannelLayer()
        hub = live.Hub()
        crowd = [Slow("t") for _ in range(100)]
        for listener in crowd:
            assert await hub.join(listener, "table-t", layer)
        seen: set[int] = set()  # how many sockets were written when the other work ran

        async def other_work() -> None:
            while len(crowd[-1].written) < 1:
                seen.add(sum(len(listener.written) for listener in crowd))
                await asyncio.sleep(0)

        text = json.dumps({"type": "table.updated", "version": 1})
        await layer.group_send("table-t", {"type": "table.updated", "text": text})
        await asyncio.wait_for(other_work(), timeout=10)
        assert all(listener.written == [text] for listener in crowd)
        # 1 ms slices: about one turn per socket; without them, none between the first and last.
        assert len(seen - {0, 100}) >= 20

    asyncio.run(scenario())
