from __future__ import annotations

from typing import Any

from django.urls import path

from play.consumers import TableConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/tables/<uuid:table_id>/", TableConsumer.as_asgi()),
]
