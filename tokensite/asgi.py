"""ASGI entry point: HTTP through Django, websockets through Channels (daphne serves both)."""

from __future__ import annotations

import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs the app registry loaded)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import OriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from play.routing import websocket_urlpatterns  # noqa: E402
from tokensite.metrics import count_websockets  # noqa: E402


class BrowserOriginValidator(OriginValidator):  # type: ignore[misc]
    """Refuse a websocket whose Origin is another site's (cross-site websocket hijacking with the
    session cookie), but let a handshake without Origin through: browsers always send one, so
    it is a script (`?spectate=<token>` or its own session cookie), which the consumer then
    authenticates like anyone else. Channels' AllowedHostsOriginValidator refuses those."""

    def valid_origin(self, parsed_origin: Any) -> bool:
        return parsed_origin is None or bool(super().valid_origin(parsed_origin))


def _allowed_hosts() -> list[str]:
    # As channels.security.websocket.AllowedHostsOriginValidator.
    if settings.DEBUG and not settings.ALLOWED_HOSTS:
        return ["localhost", "127.0.0.1", "[::1]"]
    return list(settings.ALLOWED_HOSTS)


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": count_websockets(
            BrowserOriginValidator(
                AuthMiddlewareStack(URLRouter(websocket_urlpatterns)), _allowed_hosts()
            )
        ),
    }
)
