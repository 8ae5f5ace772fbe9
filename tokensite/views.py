from __future__ import annotations

import logging
import mimetypes
import sys
import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
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

from tokensite.channels import bounded
from tokensite.locale import save_language, supported

logger = logging.getLogger(__name__)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")


def _check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _check_cache() -> None:
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


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """200 `{"database": "ok", "cache": "ok", "channels": "ok"}`, or 503 with the failing part
    marked "error" (for load balancers and the fault suite); what failed is only in the log."""
    body = {}
    for part, check in HEALTH_CHECKS.items():
        try:
            check()
        except Exception as exc:  # any failure of the part means "not healthy", whatever its class
            logger.warning("healthz: %s failed (%s: %s)", part, type(exc).__name__, exc)
            body[part] = "error"
        else:
            body[part] = "ok"
    healthy = all(value == "ok" for value in body.values())
    return JsonResponse(body, status=200 if healthy else 503)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a lost database is a 503 to retry (the workers reconnect by themselves), in
    the API's error envelope under /api/ and as a plain page elsewhere. The log has the details.
    """
    exc = sys.exc_info()[1]
    unavailable = isinstance(exc, (OperationalError, InterfaceError))
    status = 503 if unavailable else 500
    headers = {"Retry-After": "5"} if unavailable else {}
    if request.path.startswith("/api/"):
        if unavailable:
            code, detail = "unavailable", "The service is briefly unavailable; retry shortly."
        else:
            code, detail = "server_error", "Something went wrong on our side."
        body = {"error": code, "detail": detail, "rule": None}
        return JsonResponse(body, status=status, headers=headers)
    # No request context: the context processors would read the session from the lost database.
    page = loader.get_template("503.html" if unavailable else "500.html").render()
    return HttpResponse(page, status=status, headers=headers)


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
