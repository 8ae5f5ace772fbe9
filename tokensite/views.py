from __future__ import annotations

import logging
import mimetypes
import sys
import uuid
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.cache import cache
from django.core.exceptions import SuspiciousFileOperation
from django.core.files.storage import default_storage
from django.db import InterfaceError, OperationalError, connection
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.template import loader
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_safe

from play import guests
from tokensite.channels import bounded

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


def _next_url(request: HttpRequest) -> str:
    """Where to go after signing in: `next` when it stays on this site, else ""."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if safe else ""


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account, signed in at once; a guest's tables and a seat picked on an invite page
    come along (play/guests.py), and `next` (an invite link) is where it lands."""
    form: UserCreationForm[Any] = UserCreationForm(request.POST or None)
    next_url = _next_url(request)
    if request.method == "POST" and form.is_valid():
        carried = guests.carry_over(request)
        user = form.save()
        # Named: django-axes adds a second backend, which only checks lockouts.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        guests.settle_after_login(request, user, carried)
        return redirect(next_url or "home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


class LoginView(auth_views.LoginView):
    """Django's login, keeping what a guest had (tables, a seat picked on an invite page)."""

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        carried = guests.carry_over(self.request)
        response = super().form_valid(form)
        guests.settle_after_login(self.request, form.get_user(), carried)
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
