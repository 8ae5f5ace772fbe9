"""Live updates of one table: after every commit each listener gets the new version and events.

The protocol (versions, heartbeat, close codes, resync) is documented in docs/live.md.
"""

from __future__ import annotations

import functools
import json
import logging
import time
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.contrib.auth.models import AnonymousUser

from play.live import hub as live
from play.live.frames import Frame, FrameWriter, writer_of
from play.table.selectors import table_get_for_user
from tokensite.api import NotFound
from tokensite.channels import bounded

logger = logging.getLogger(__name__)


@database_sync_to_async  # type: ignore[misc]
def _table_for(table_id: str, user: Any, spectate_token: str | None) -> tuple[str, int] | None:
    """The table's group and version when the caller may watch it, else None."""
    try:
        table, _access = table_get_for_user(
            table_id=table_id, user=user, spectate_token=spectate_token
        )
    except NotFound:
        return None
    return table.group_name, table.version


class TableConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """`/ws/tables/<id>/`: the session's user (owner, player, spectator) or `?spectate=<token>`.

    Anyone else is refused at the handshake (403), so an outsider learns nothing about the table.
    The socket only listens: actions go through the HTTP API, which broadcasts after its commit.
    """

    table_id = ""
    token: str | None = None
    user: Any = None
    connected_at = 0.0
    closing = False
    joined: tuple[str, ...] = ()
    write: FrameWriter | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """channels' AsyncConsumer.__call__, except that a channel layer that is down or hung
        doesn't fail or hold the handshake (`connect` then refuses with CLOSE_UNAVAILABLE), and
        that only a signed-in socket has a channel of its own (for its session's group): table
        messages come through the process's room for the table (play/live/hub.py)."""
        self.scope = scope
        self.base_send = send
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name: str | None = None
        self.pending: list[Frame] | None = []
        # Under daphne: room and hub messages written to the socket without the ASGI send.
        self.write = writer_of(scope)
        sources = [receive]
        if self._session_key() is not None:
            try:
                self.channel_name = await bounded(
                    self.channel_layer.new_channel, live.LAYER_TIMEOUT
                )
            except Exception as exc:  # whatever the layer raises, the client gets a clean answer
                logger.warning(
                    "websocket: the channel layer is unavailable (%s)", type(exc).__name__
                )
                self.channel_layer = None
            else:
                sources.append(functools.partial(self.channel_layer.receive, self.channel_name))
        try:
            await await_many_dispatch(sources, self.dispatch)
        except StopConsumer:
            pass

    def _session_key(self) -> str | None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return None
        return getattr(self.scope.get("session"), "session_key", None) or None

    async def connect(self) -> None:
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.token = query.get("spectate", [None])[0]
        self.user = self.scope.get("user") or AnonymousUser()
        self.table_id = str(self.scope["url_route"]["kwargs"]["table_id"])
        try:
            found = await _table_for(self.table_id, self.user, self.token)
        except Exception as exc:  # the database is down: retry later, like a lost channel layer
            logger.warning("websocket: access check failed (%s)", type(exc).__name__)
            await self._unavailable()
            return
        if found is None:
            await self.close()
            return
        group, version = found
        session_key = self._session_key()
        if self.channel_layer is None or not await live.hub().join(self, group, self.channel_layer):
            await self._unavailable()
            return
        if session_key and not await self._join(live.session_group(session_key)):
            await self._unavailable()
            return
        self.connected_at = time.monotonic()
        await self.accept()
        live.hub().add(self)
        # At once: what the client shows may be older than the subscription that starts now.
        await self.heartbeat(version)
        # What the room had for this socket while it was being accepted, in order.
        pending, self.pending = self.pending or [], None
        for frame in pending:
            await self.deliver(frame)

    async def _join(self, group: str) -> bool:
        if self.channel_name is None:
            return False
        try:
            await bounded(
                functools.partial(self.channel_layer.group_add, group, self.channel_name),
                live.LAYER_TIMEOUT,
            )
        except Exception as exc:
            logger.warning("websocket: joining a group failed (%s)", type(exc).__name__)
            return False
        self.joined = (*self.joined, group)
        return True

    async def _unavailable(self) -> None:
        # Accepted only to say why: a refusal before accepting reaches the page as a bare 1006.
        await self.accept()
        await self.close_with(live.CLOSE_UNAVAILABLE)

    async def close_with(self, code: int) -> None:
        if not self.closing:
            self.closing = True
            live.hub().discard(self)
            await self.close(code)

    async def disconnect(self, code: int) -> None:
        live.hub().discard(self)
        for group in self.joined:
            try:
                await bounded(
                    functools.partial(self.channel_layer.group_discard, group, self.channel_name),
                    live.LAYER_TIMEOUT,
                )
            except Exception as exc:  # the subscription goes with the layer's connection anyway
                logger.info("websocket: leaving a group failed (%s)", type(exc).__name__)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Clients only listen here; `{"type": "ping"}` gets a pong, the rest is ignored."""
        if text_data is None or len(text_data) > 1000:
            return
        try:
            content = json.loads(text_data)
        except (ValueError, RecursionError):
            return
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def heartbeat(self, version: int) -> None:
        if not self.closing:
            await self.send(text_data=live.heartbeat_text(version))

    async def deliver(self, frame: Frame) -> None:
        """A table update or heartbeat from the room or hub, encoded once for all its sockets."""
        if self.pending is not None:
            self.pending.append(frame)  # not accepted yet: sent right after the first heartbeat
        elif self.closing:
            return
        elif self.write is not None:
            self.write(frame)  # nothing once the socket closes, as with daphne's send
        else:
            await self.send(text_data=frame.text)

    async def table_updated(self, event: dict[str, Any]) -> None:
        """An update sent to this socket's own channel (the room sends the rest)."""
        await self.deliver(Frame(live.update_text(event)))

    async def access_check(self, event: dict[str, Any]) -> None:
        """A grant of this table or of this socket's session ended somewhere: check again."""
        if event.get("session_ended"):
            self.user = AnonymousUser()
        try:
            found = await _table_for(self.table_id, self.user, self.token)
        except Exception as exc:  # database down: this check can't tell, the heartbeat goes on
            logger.warning("websocket: access recheck failed (%s)", type(exc).__name__)
            return
        if found is None:
            await self.close_with(live.CLOSE_ACCESS_ENDED)
        elif not event.get("session_ended") and not self.closing and self.pending is None:
            # Seats changed hands: the page asks for its board again, with the seats it knows
            # (play/web: the board comes back only if this viewer's seats changed). Not before the
            # handshake is answered: no message may precede it.
            await self.send_json({"type": "table.grants"})
