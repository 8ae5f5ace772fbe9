"""What keeps a table's websocket honest: heartbeats, a check of the channel layer, grants ending.

One `Hub` per event loop (a daphne worker has one) watches every open table socket of the
process. Every `HEARTBEAT_SECONDS` it
- reads the versions of the watched tables in one query and sends each socket
  `{"type": "table.heartbeat", "version": n}`, so a client that missed an update (a send the
  channel layer dropped) notices and resyncs even on a quiet table;
- sends a probe to itself through the channel layer: when probes stop coming back, the layer's
  subscription is lost, and the sockets that relied on it are closed with `CLOSE_RESYNC`.

One subscription per table per process: the sockets of a table share a `Room`, whose one
channel is the table group's member in the channel layer. A broadcast reaches the process once
(one Redis message, one decode, one websocket frame: play/live/frames.py) and the room writes
that frame to every local socket in a row, giving the event loop a turn every `SLICE_SECONDS`
so that a crowd of spectators never holds the acting request. A write never waits on
the peer (what the socket doesn't take at once, Twisted buffers), so a slow socket costs its own
buffer, not the other sockets' time.

Access that ends reaches every worker through the channel layer: a logout is sent to the
session's group, and a change of the table's grants (seat, spectator, links, table deleted) to
the table's group; each socket receiving it checks its access again and closes with
`CLOSE_ACCESS_ENDED` when it has none.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import time
import uuid
from typing import Any, Protocol

from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.db import transaction

from play.live.broadcast import publish
from play.live.frames import Frame
from tokensite.channels import bounded

logger = logging.getLogger(__name__)

# Close codes of the websocket protocol (docs/live.md).
CLOSE_RESYNC = 4001  # the server lost its channel: reconnect now and resync
CLOSE_ACCESS_ENDED = 4403  # the grant ended (logout, link rotated, seat removed, table deleted)
CLOSE_UNAVAILABLE = 4503  # the channel layer or the database is down: poll and retry later

LAYER_TIMEOUT = 2.0
# How long one broadcast or heartbeat writes before it gives the event loop a turn: the acting
# request needs a few turns of the loop to get its answer out. In time, not sockets: written by
# the room under daphne a socket costs ~0.02 ms (play/live/frames.py), through the ASGI send
# several times that. (bench/websocket.py --fanout 500 --overlap --think 20, 2 runs each, load
# 3.7-4.5: acting POST x1.65-1.84 of one listener's and delivery p95 112-141 ms yielding every
# 10 sockets; x1.16-1.43 and 82-95 ms with 1 ms slices.)
SLICE_SECONDS = 0.001


class Slices:
    """A long run of writes that gives the event loop a turn once a slice's time is spent."""

    def __init__(self) -> None:
        self.since = time.perf_counter()

    async def tick(self) -> None:
        if time.perf_counter() - self.since >= SLICE_SECONDS:
            await asyncio.sleep(0)
            self.since = time.perf_counter()


# What a `table.updated` message passes on when the sender did not encode it (`delta` where the
# sender has one; `said`, the action in one sentence for the page's live region).
UPDATE_FIELDS = ("type", "version", "events", "delta", "said")


def heartbeat_seconds() -> float:
    return float(settings.LIVE_HEARTBEAT_SECONDS)


def session_group(session_key: str) -> str:
    # Hashed: group names are visible to anyone who can list the layer's channels in Redis.
    return "session-" + hashlib.sha256(session_key.encode()).hexdigest()[:40]


class Listener(Protocol):
    table_id: str
    connected_at: float

    async def close_with(self, code: int) -> None: ...

    async def deliver(self, frame: Frame) -> None: ...

    async def access_check(self, event: dict[str, Any]) -> None: ...


@database_sync_to_async  # type: ignore[misc]
def _versions(table_ids: set[str]) -> dict[str, int]:
    from play.models import Table

    rows = Table.objects.filter(id__in=table_ids).values_list("id", "version")
    return {str(table_id): version for table_id, version in rows}


def update_text(message: dict[str, Any]) -> str:
    text = message.get("text")
    if isinstance(text, str):  # encoded once by the sender (play/web/live_updates.py)
        return text
    return json.dumps({key: message[key] for key in UPDATE_FIELDS if key in message})


def heartbeat_text(version: int) -> str:
    return json.dumps({"type": "table.heartbeat", "version": version, "every": heartbeat_seconds()})


class Room:
    """The sockets of one table in one event loop, behind one member of the table's group."""

    def __init__(self, group: str, layer: Any) -> None:
        self.group = group
        self.layer = layer
        self.listeners: dict[Listener, None] = {}  # in the order they joined
        self.channel: str | None = None
        self.receiver: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.subscribed = self._spawn(self._subscribe())

    def _spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        # Kept until done: the event loop holds only weak references to tasks.
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _subscribe(self) -> bool:
        try:
            self.channel = await bounded(self.layer.new_channel, LAYER_TIMEOUT)
            channel = self.channel
            await bounded(
                functools.partial(self.layer.group_add, self.group, channel), LAYER_TIMEOUT
            )
        except Exception as exc:  # whatever the layer raises, the sockets get a clean answer
            logger.warning("websocket: joining a table's group failed (%s)", type(exc).__name__)
            return False
        self.receiver = self._spawn(self._receive(channel))
        return True

    async def _receive(self, channel: str) -> None:
        while True:
            try:
                message = await self.layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the subscription is gone: every socket resyncs
                logger.warning("websocket: a table's subscription failed (%s)", type(exc).__name__)
                for listener in list(self.listeners):
                    await listener.close_with(CLOSE_RESYNC)
                return
            try:
                await self._dispatch(message)
            except Exception:  # one bad message must not end the table's subscription
                logger.exception("websocket: a table's message failed")

    async def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        listeners = list(self.listeners)
        if kind == "table.updated":
            # In order: the next message is read only when this one was written everywhere.
            frame = Frame(update_text(message))
            slices = Slices()
            for listener in listeners:
                try:
                    await listener.deliver(frame)
                except Exception as exc:  # a socket going away must not skip the others
                    logger.info("websocket: a write failed (%s)", type(exc).__name__)
                await slices.tick()
        elif kind == "access.check":
            for listener in listeners:  # each checks its own grant, concurrently
                self._spawn(listener.access_check(message))

    def close(self) -> None:
        """Leave the table's group: its last socket went away."""
        self._spawn(self._unsubscribe())

    async def _unsubscribe(self) -> None:
        subscribed = await self.subscribed
        if self.receiver is not None:
            self.receiver.cancel()
        if subscribed and self.channel is not None:
            channel = self.channel
            try:
                await bounded(
                    functools.partial(self.layer.group_discard, self.group, channel), LAYER_TIMEOUT
                )
            except Exception as exc:  # the subscription goes with the layer's connection anyway
                logger.info("websocket: leaving a table's group failed (%s)", type(exc).__name__)


class Hub:
    """The open table sockets of one event loop, and the task that keeps them honest."""

    def __init__(self) -> None:
        self.listeners: set[Listener] = set()
        self.rooms: dict[str, Room] = {}
        self.room_of: dict[Listener, Room] = {}
        self.task: asyncio.Task[None] | None = None
        self.last_probe = time.monotonic()
        self.probe_channel: str | None = None

    async def join(self, listener: Listener, group: str, layer: Any) -> bool:
        """Subscribe `listener` to the table's group through this loop's room for it (made and
        subscribed by the table's first socket here); False when the channel layer failed."""
        room = self.rooms.get(group)
        if room is None:
            room = self.rooms[group] = Room(group, layer)
        room.listeners[listener] = None
        self.room_of[listener] = room
        if await asyncio.shield(room.subscribed):
            return True
        self.leave(listener)
        return False

    def leave(self, listener: Listener) -> None:
        room = self.room_of.pop(listener, None)
        if room is None:
            return
        room.listeners.pop(listener, None)
        if not room.listeners:
            if self.rooms.get(room.group) is room:
                del self.rooms[room.group]
            room.close()

    def add(self, listener: Listener) -> None:
        self.listeners.add(listener)
        if self.task is None:
            self.last_probe = time.monotonic()
            self.task = asyncio.get_running_loop().create_task(self._run())

    def discard(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        self.leave(listener)

    async def _run(self) -> None:
        layer = get_channel_layer()
        probing = layer is not None and not isinstance(layer, InMemoryChannelLayer)
        receiver = asyncio.get_running_loop().create_task(self._receive_probes(layer))
        try:
            while self.listeners:
                await asyncio.sleep(heartbeat_seconds())
                try:
                    await self._heartbeat()
                    if probing:
                        await self._probe(layer)
                except Exception:  # a bug here must not leave every socket without a heartbeat
                    logger.exception("live hub round failed")
        finally:
            receiver.cancel()
            self.task = None

    async def _heartbeat(self) -> None:
        listeners = list(self.listeners)
        try:
            versions = await _versions({listener.table_id for listener in listeners})
        except Exception as exc:  # database down: no heartbeat this round, the sockets stay
            logger.warning("heartbeat skipped: the database failed (%s)", type(exc).__name__)
            return
        frames: dict[str, Frame] = {}  # one encoding per table
        slices = Slices()
        for listener in listeners:
            await slices.tick()  # hundreds of sockets: requests get their turns
            version = versions.get(listener.table_id)
            if version is None:  # the table was deleted
                await listener.close_with(CLOSE_ACCESS_ENDED)
                continue
            frame = frames.get(listener.table_id)
            if frame is None:
                frame = frames[listener.table_id] = Frame(heartbeat_text(version))
            try:
                await listener.deliver(frame)
            except Exception as exc:  # a socket going away must not skip the others
                logger.info("websocket: a heartbeat failed (%s)", type(exc).__name__)

    async def _receive_probes(self, layer: Any) -> None:
        if layer is None or isinstance(layer, InMemoryChannelLayer):
            return
        while True:
            try:
                if self.probe_channel is None:
                    self.probe_channel = await bounded(layer.new_channel, LAYER_TIMEOUT)
                await layer.receive(self.probe_channel)
                self.last_probe = time.monotonic()
            except asyncio.CancelledError:
                self.probe_channel = None
                raise
            except Exception:  # the next probe round tells whether the layer is back
                await asyncio.sleep(1)

    async def _probe(self, layer: Any) -> None:
        lost_after = 2 * heartbeat_seconds() + LAYER_TIMEOUT
        if time.monotonic() - self.last_probe > lost_after:
            # Every socket may have missed updates since: it resyncs on a fresh subscription.
            # Except those that subscribed during the last round: the layer answered them.
            since = time.monotonic() - heartbeat_seconds()
            stale = [lis for lis in self.listeners if lis.connected_at < since]
            if stale:
                logger.warning(
                    "channel layer subscription lost: closing %d sockets to resync", len(stale)
                )
            for listener in stale:
                await listener.close_with(CLOSE_RESYNC)
        if self.probe_channel is not None:
            channel = self.probe_channel
            try:
                await bounded(lambda: layer.send(channel, {"type": "probe"}), LAYER_TIMEOUT)
            except Exception as exc:
                logger.warning("channel layer probe failed (%s)", type(exc).__name__)


_hubs: dict[asyncio.AbstractEventLoop, Hub] = {}


def hub() -> Hub:
    loop = asyncio.get_running_loop()
    for stale in [other for other in _hubs if other.is_closed()]:
        del _hubs[stale]
    return _hubs.setdefault(loop, Hub())


# Grants ending: sent after the commit that ends them, to every worker.


def end_session(session_key: str | None) -> None:
    """A logout: every socket opened with this session checks its access without it."""
    if session_key:
        publish(session_group(session_key), {"type": "access.check", "session_ended": True})


def grants_changed(table_id: uuid.UUID) -> None:
    """Seats, spectators, links or the table itself changed: its sockets check their access.

    Link grants are checked here too: a link belongs to one table, so its table's group reaches
    every socket that a link opened, on every worker."""
    from play.models import Table

    group = Table(id=table_id).group_name
    transaction.on_commit(
        lambda: publish(group, {"type": "access.check", "session_ended": False}), robust=True
    )


def _on_logout(sender: Any, request: Any = None, **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    end_session(getattr(session, "session_key", None))


def _on_grant_saved(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    if not created:
        grants_changed(getattr(instance, "table_id", instance.pk))


def _on_grant_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    grants_changed(getattr(instance, "table_id", instance.pk))


def connect_signals() -> None:
    from django.contrib.auth.signals import user_logged_out
    from django.db.models.signals import post_delete, post_save

    from play.models import Seat, Spectator, Table

    user_logged_out.connect(_on_logout, dispatch_uid="live-logout")
    post_save.connect(_on_grant_saved, sender=Table, dispatch_uid="live-table-saved")
    post_save.connect(_on_grant_saved, sender=Seat, dispatch_uid="live-seat-saved")
    post_delete.connect(_on_grant_deleted, sender=Table, dispatch_uid="live-table-deleted")
    post_delete.connect(_on_grant_deleted, sender=Seat, dispatch_uid="live-seat-deleted")
    post_delete.connect(_on_grant_deleted, sender=Spectator, dispatch_uid="live-spectator-deleted")
