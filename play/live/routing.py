from __future__ import annotations

from typing import Any

from django.urls import path, re_path

from play.live.consumers import TableConsumer


async def refuse(scope: Any, receive: Any, send: Any) -> None:
    """Any other websocket path (or a malformed table id): a plain 403 at the handshake, instead
    of the router's "No route found" exception (a 500 and a traceback per request)."""
    message = await receive()
    if message["type"] == "websocket.connect":
        await send({"type": "websocket.close"})


websocket_urlpatterns: list[Any] = [
    path("ws/tables/<uuid:table_id>/", TableConsumer.as_asgi()),
    re_path(r"", refuse),  # type: ignore[arg-type]  # channels routes ASGI apps too
]
