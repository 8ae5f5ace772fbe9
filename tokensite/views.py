from __future__ import annotations

import logging
import mimetypes
import sys
import time
import uuid
from concurrent.futures import Future, ThreadPoolExecutor, wait

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import SuspiciousFileOperation
from django.core.files.storage import default_storage
from django.db import InterfaceError, OperationalError, connection
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.template import loader
from django.views import i18n as i18n_views
from django.views.decorators.http import require_POST, require_safe

from tokensite import circuit
from tokensite.channels import bounded
from tokensite.locale import save_language, supported
from tokensite.middleware import unavailable_response

logger = logging.getLogger(__name__)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")


def _check_database() -> None:
    if circuit.database.is_open:
        raise RuntimeError("the database circuit is open")
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close()  # a check thread's own connection, back to the pool


def _check_cache() -> None:
    from tokensite import cache as resilient_cache

    if resilient_cache.circuit.is_open:
        raise RuntimeError("the cache circuit is open")
    key = f"healthz-{uuid.uuid4().hex}"
    cache.set(key, "ok", 10)
    if cache.get(key) != "ok":
        raise RuntimeError("the cache did not return what was just stored")
    cache.delete(key)


def _check_channels() -> None:
    layer = get_channel_layer()
    if layer is not None:
        # A publish nobody listens to: it needs the layer (Redis) to answer, within a bound.
        message = {"type": "healthz"}
        async_to_sync(bounded)(lambda: layer.group_send("healthz", message), 1.0)


HEALTH_CHECKS = {"database": _check_database, "cache": _check_cache, "channels": _check_channels}
# Every part is checked at once, each in a thread of its own (with its own bounds), and /healthz
# waits for them CHECK_DEADLINE at most: a part still being checked then is reported as its last
# finished check found it, so a hung dependency can't hold a load balancer's probe and a slow
# moment of a busy machine is not reported as a failure. A part whose circuit is open (it failed
# and has not answered since) is reported failed at once.
CHECK_DEADLINE = 0.15
# A check still unanswered after this long means a hung dependency: reported failed while it
# hangs. A part is checked by one check at a time, so a hung part can't fill the check threads.
HUNG_AFTER = 1.0
_checkers = ThreadPoolExecutor(max_workers=8, thread_name_prefix="healthz")
_last_found = dict.fromkeys(HEALTH_CHECKS, "ok")
_running: dict[str, tuple[float, Future[None]]] = {}


def _outcome(part: str, future: Future[None]) -> str:
    try:
        future.result(timeout=0)
    except Exception as exc:  # any failure of the part means "not healthy", whatever its class
        logger.warning("healthz: %s failed (%s: %s)", part, type(exc).__name__, exc)
        found = "error"
    else:
        found = "ok"
    _last_found[part] = found
    return found


def _checked(part: str, started: float, future: Future[None]) -> str:
    if future.done():
        return _outcome(part, future)
    if time.monotonic() - started > HUNG_AFTER:
        logger.warning("healthz: %s failed (no answer for %.1f s)", part, HUNG_AFTER)
        return "error"
    return _last_found[part]


def _check(part: str) -> tuple[float, Future[None]]:
    """The part's check under way, or a new one when none is."""
    running = _running.get(part)
    if running is None or running[1].done():
        future = _checkers.submit(HEALTH_CHECKS[part])
        future.add_done_callback(lambda finished: _outcome(part, finished))
        running = _running[part] = (time.monotonic(), future)
    return running


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """200 `{"database": "ok", "cache": "ok", "channels": "ok"}`, or 503 with the failing part
    marked "error" (for load balancers and the fault suite); what failed is only in the log.
    Answers within CHECK_DEADLINE (and a little) whatever state the parts are in."""
    checks = {part: _check(part) for part in HEALTH_CHECKS}
    wait([future for _started, future in checks.values()], timeout=CHECK_DEADLINE)
    body = {part: _checked(part, *check) for part, check in checks.items()}
    healthy = all(value == "ok" for value in body.values())
    return JsonResponse(body, status=200 if healthy else 503)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a lost database is a 503 to retry (the workers reconnect by themselves), in
    the API's error envelope under /api/ and as a plain page elsewhere. The log has the details.
    """
    exc = sys.exc_info()[1]
    if isinstance(exc, (OperationalError, InterfaceError)):
        return unavailable_response(request)
    if request.path.startswith("/api/"):
        detail = "Something went wrong on our side."
        return JsonResponse({"error": "server_error", "detail": detail, "rule": None}, status=500)
    # No request context: the context processors would read the session from the database.
    return HttpResponse(loader.get_template("500.html").render(), status=500)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The switcher: Django's set_language (cookie, safe redirect to ``next``), and a signed-in
    player's choice saved in their profile, so it follows them to another browser."""
    response = i18n_views.set_language(request)
    language = supported(request.POST.get("language"))
    if language:
        save_language(request, language)
    return response


# Only uploaded art is public; job inputs (jobs/...) share the storage but are never served.
PUBLIC_MEDIA_PREFIXES = ("token-art/",)


FAVICON = settings.BASE_DIR / "static" / "favicon.ico"  # drawn by manage.py make_favicon


@require_safe
def favicon(request: HttpRequest) -> HttpResponseBase:
    """/favicon.ico, which browsers and bots ask for whatever the pages link (they link the
    SVG)."""
    response = FileResponse(FAVICON.open("rb"), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=604800"
    return response


@require_safe
def media(request: HttpRequest, path: str) -> HttpResponseBase:
    """Uploaded token art, read through the storage API (local disk or object storage)."""
    if not path.startswith(PUBLIC_MEDIA_PREFIXES) or ".." in path.split("/"):
        raise Http404("No such file.")
    try:
        stored = default_storage.open(path, "rb")
    except (OSError, SuspiciousFileOperation):
        raise Http404("No such file.") from None
    content_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
    response = FileResponse(stored, content_type=content_type)
    response["Cache-Control"] = "public, max-age=86400"
    return response
