"""Request ids: every request gets one (or keeps its proxy's), answered in X-Request-ID and
written in every log record made while it is served; requests are also counted for /metrics.

No Django import at module level beyond the HTTP types: LOGGING loads the filter before the
app registry is ready.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse

request_id: ContextVar[str] = ContextVar("request_id", default="-")
# A proxy's id is kept so one id follows a request through the proxy's and the app's logs.
SAFE_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


class RequestIdMiddleware:
    """Tag the request (and its log records) with an id, answer it in X-Request-ID, count it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.headers.get("X-Request-ID", "")
        rid = given if SAFE_ID.match(given) else uuid.uuid4().hex
        token = request_id.set(rid)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
        finally:
            request_id.reset(token)
        from tokensite.metrics import LATENCY, REQUESTS

        match = getattr(request, "resolver_match", None)
        # The route's name, never the raw path: ids in paths would make unbounded label sets.
        route = (match.view_name if match else None) or "unmatched"
        LATENCY.labels(route).observe(time.perf_counter() - started)
        REQUESTS.labels(request.method or "", route, str(response.status_code)).inc()
        response["X-Request-ID"] = rid
        return response
