"""ASGI entry point: HTTP through Django, websockets through Channels (daphne serves both)."""

from __future__ import annotations

import logging
import os
from typing import Any
from urllib.parse import urlsplit

import django

from tokensite.daphne_uploads import stop_form_parsing

stop_form_parsing()  # large uploads stream to disk under daphne (see the module)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")
django.setup(set_prefix=False)  # as django.core.asgi.get_asgi_application

from tokensite.asgi_handler import OneThreadASGIHandler  # noqa: E402

django_asgi_app = OneThreadASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs the app registry loaded)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.db import DatabaseError  # noqa: E402
from django.http.request import split_domain_port, validate_host  # noqa: E402

from jobs import background  # noqa: E402
from play.live.broadcast import after_response  # noqa: E402
from play.live.frames import with_frame_writer  # noqa: E402
from play.live.hub import CLOSE_UNAVAILABLE  # noqa: E402
from play.live.routing import websocket_urlpatterns  # noqa: E402
from tokensite import circuit  # noqa: E402
from tokensite.gctune import tune_for_long_lived_state  # noqa: E402
from tokensite.metrics import count_websockets  # noqa: E402

logger = logging.getLogger(__name__)
DEFAULT_PORTS = {"http": 80, "https": 443}


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _allowed_hosts() -> list[str]:
    # As Django's own host validation when DEBUG is on and ALLOWED_HOSTS is empty.
    if settings.DEBUG and not settings.ALLOWED_HOSTS:
        return ["localhost", "127.0.0.1", "[::1]"]
    return list(settings.ALLOWED_HOSTS)


def _page_scheme(scope: dict[str, Any]) -> str:
    """The scheme of the page that opened the socket: wss is https, and behind a TLS proxy the
    header named by SECURE_PROXY_SSL_HEADER says so, as it does for Django's HTTP requests."""
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        name = proxy[0].removeprefix("HTTP_").lower().replace("_", "-").encode()
        if _header(scope, name) == proxy[1]:
            return "https"
    return "https" if scope.get("scheme") == "wss" else "http"


def _origin_key(url: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or DEFAULT_PORTS[parts.scheme]


def origin_allowed(scope: dict[str, Any]) -> bool:
    """Same origin, scheme, host and port compared: the page's Origin must be the address the
    socket was opened on (its Host, one of ALLOWED_HOSTS) or one of CSRF_TRUSTED_ORIGINS.

    No Origin at all is let through: browsers always send one, so it is a script
    (`?spectate=<token>` or its own session cookie), which the consumer authenticates."""
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    key = _origin_key(origin)
    if key is None:
        return False
    if any(key == _origin_key(trusted) for trusted in settings.CSRF_TRUSTED_ORIGINS):
        return True
    host = _header(scope, b"host")
    if host is None or not validate_host(split_domain_port(host)[0], _allowed_hosts()):
        return False
    return key == _origin_key(f"{_page_scheme(scope)}://{host}")


class WebsocketGuard:
    """The edge of every websocket: a foreign Origin is refused (cross-site websocket hijacking
    with the session cookie), and a failure before the socket is accepted (the database down
    while the session is read, say) is a clean close, never a 500 with a traceback."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if not origin_allowed(scope):
            message = await receive()
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.close"})
            return
        if circuit.database.is_open:  # at once: the session and the table are in the database
            message = await receive()
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": CLOSE_UNAVAILABLE})
            return
        accepted = False

        async def tracking_send(message: dict[str, Any]) -> None:
            nonlocal accepted
            accepted = accepted or message["type"] == "websocket.accept"
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as exc:
            if accepted:
                raise
            if isinstance(exc, DatabaseError):
                logger.warning("websocket refused: the database failed (%s)", type(exc).__name__)
            else:
                logger.exception("websocket refused: the handshake failed")
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": CLOSE_UNAVAILABLE})


application = ProtocolTypeRouter(
    {
        # A request's table broadcasts go out after its answer (play/live/broadcast.py).
        "http": after_response(django_asgi_app),
        # Outermost: table updates are written to daphne's sockets directly (play/live/frames.py).
        "websocket": with_frame_writer(
            count_websockets(WebsocketGuard(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))))
        ),
    }
)
background.start()  # `make run`'s job thread, taking up what a stopped server left (JOB_THREAD)
tune_for_long_lived_state()  # last: everything loaded above is frozen (tokensite/gctune.py)
