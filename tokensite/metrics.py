"""Prometheus metrics (requests, actions, websocket listeners, the job queue) for staff at
/metrics.

With PROMETHEUS_MULTIPROC_DIR set (compose sets it, on a volume every web container mounts), each
process keeps its figures in files there and any one process answers /metrics with the sum over
all of them (prometheus_client's multiprocess mode): one scrape through the proxy sees every web
process. Without it, figures are this process's own.
"""

from __future__ import annotations

import atexit
import json
import os
import socket
from collections.abc import Callable, Iterator
from typing import Any

from drf_spectacular.utils import extend_schema
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    values,
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

MULTIPROC_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")


def process_identifier() -> str:
    # Each container's daphne is pid 1: the host name (the container id) keeps their files apart.
    return f"{socket.gethostname()}-{os.getpid()}"


def _forget_live_gauges() -> None:
    multiprocess.mark_process_dead(process_identifier(), MULTIPROC_DIR)  # type: ignore[no-untyped-call]


if MULTIPROC_DIR:
    os.makedirs(MULTIPROC_DIR, exist_ok=True)
    # Before the first metric below is made: each value is then a file in MULTIPROC_DIR.
    values.ValueClass = values.MultiProcessValue(process_identifier)  # type: ignore[no-untyped-call]
    # A restarted container has the same name and pid: its live gauges (open websockets) start
    # again from zero. Counters carry on, which Prometheus reads as it reads any counter.
    _forget_live_gauges()
    atexit.register(_forget_live_gauges)

REQUESTS = Counter(
    "tokensite_http_requests_total", "HTTP requests answered", ["method", "route", "status"]
)
LATENCY = Histogram("tokensite_http_request_seconds", "Time to answer a request", ["route"])
WEBSOCKETS = Gauge(
    "tokensite_websocket_connections",
    "Open websocket connections (all web processes)",
    multiprocess_mode="livesum",
)


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


def scrape_registry() -> CollectorRegistry:
    """What /metrics shows: every process's files in multiprocess mode, and the database
    figures once (they are the same from any process)."""
    if not MULTIPROC_DIR:
        return REGISTRY
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, MULTIPROC_DIR)  # type: ignore[no-untyped-call]
    registry.register(DatabaseCollector())
    return registry


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
    scraper. In multiprocess mode the request and websocket figures cover every web process."""
    return Response(generate_latest(scrape_registry()), content_type=CONTENT_TYPE_LATEST)


def count_websockets(app: Any) -> Any:
    """Wrap an ASGI websocket application so the gauge counts its open connections."""

    async def counted(scope: dict[str, Any], receive: Any, send: Any) -> None:
        WEBSOCKETS.inc()
        try:
            await app(scope, receive, send)
        finally:
            WEBSOCKETS.dec()

    return counted
