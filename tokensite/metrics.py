"""Prometheus metrics (requests, actions, websocket listeners, the job queue) for staff at
/metrics."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from drf_spectacular.utils import extend_schema
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from rest_framework.decorators import (
    api_view,
    permission_classes,
    renderer_classes,
    throttle_classes,
)
from rest_framework.permissions import IsAdminUser
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response

REQUESTS = Counter(
    "tokensite_http_requests_total", "HTTP requests answered", ["method", "route", "status"]
)
LATENCY = Histogram("tokensite_http_request_seconds", "Time to answer a request", ["route"])
WEBSOCKETS = Gauge("tokensite_websocket_connections", "Open websocket connections (this process)")


# Figures each app reads from the database at scrape time (so every process reports the same),
# registered by the app itself (its AppConfig.ready): name -> (help, labels, read). `read`
# returns the value of each label tuple.
GaugeReader = Callable[[], dict[tuple[str, ...], float]]
DATABASE_GAUGES: dict[str, tuple[str, tuple[str, ...], GaugeReader]] = {}


def register_database_gauge(
    name: str, help_text: str, read: GaugeReader, labels: tuple[str, ...] = ()
) -> None:
    DATABASE_GAUGES[name] = (help_text, labels, read)


class DatabaseCollector(Collector):
    def describe(self) -> Iterator[GaugeMetricFamily]:
        # Registering asks for the names; without this it would query the database at import.
        for name, (_help, labels, _read) in DATABASE_GAUGES.items():
            yield GaugeMetricFamily(name, "", labels=list(labels))

    def collect(self) -> Iterator[GaugeMetricFamily]:
        for name, (help_text, labels, read) in DATABASE_GAUGES.items():
            family = GaugeMetricFamily(name, help_text, labels=list(labels))
            for label_values, value in read().items():
                family.add_metric(list(label_values), value)
            yield family


REGISTRY.register(DatabaseCollector())


class PrometheusRenderer(BaseRenderer):
    media_type = "text/plain"
    format = "prometheus"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        # Errors (401, 403) are the API's JSON error bodies, as text.
        return data if isinstance(data, bytes) else json.dumps(data).encode()


@extend_schema(exclude=True)
@api_view(["GET"])
@permission_classes([IsAdminUser])
@renderer_classes([PrometheusRenderer])
@throttle_classes([])
def metrics(request: Request) -> Response:
    """Prometheus text format, for staff: a session, or `Authorization: Token <key>` from the
    scraper. Request and websocket figures are per process: scrape each web process, not the
    proxy (README, "Deploying")."""
    return Response(generate_latest(REGISTRY), content_type=CONTENT_TYPE_LATEST)


def count_websockets(app: Any) -> Any:
    """Wrap an ASGI websocket application so the gauge counts its open connections."""

    async def counted(scope: dict[str, Any], receive: Any, send: Any) -> None:
        WEBSOCKETS.inc()
        try:
            await app(scope, receive, send)
        finally:
            WEBSOCKETS.dec()

    return counted
