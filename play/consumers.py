"""Live updates of one table: after every commit each listener gets the new version and events."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.contrib.auth.models import AnonymousUser

from play.selectors import table_get_for_user
from tokensite.api import NotFound


@database_sync_to_async  # type: ignore[misc]
def _group_for(table_id: str, user: Any, spectate_token: str | None) -> str | None:
    try:
        table, _access = table_get_for_user(
            table_id=table_id, user=user, spectate_token=spectate_token
        )
    except NotFound:
        return None
    return table.group_name


class TableConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """`/ws/tables/<id>/`: the session's user (owner, player, spectator) or `?spectate=<token>`.

    Anyone else is refused at the handshake (403), so an outsider learns nothing about the table.
    The socket only listens: actions go through the HTTP API, which broadcasts after its commit.
    """

    group: str | None = None

    async def connect(self) -> None:
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        token = query.get("spectate", [None])[0]
        user = self.scope.get("user") or AnonymousUser()
        table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.group = await _group_for(str(table_id), user, token)
        if self.group is None:
            await self.close()
            return
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

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

    async def table_updated(self, event: dict[str, Any]) -> None:
        await self.send_json(
            {
                "type": "table.updated",
                "version": event["version"],
                "events": event["events"],
                "delta": event.get("delta"),
            }
        )
