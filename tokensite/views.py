from __future__ import annotations

import mimetypes
from typing import Any

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import SuspiciousFileOperation
from django.core.files.storage import default_storage
from django.db import connection
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_safe


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database answers; 503 otherwise (for load balancers and `make run` checks)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any database failure means "not healthy", whatever its class
        return JsonResponse({"status": "error", "database": str(exc)}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form: UserCreationForm[Any] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # Named: django-axes adds a second backend, which only checks lockouts.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


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
