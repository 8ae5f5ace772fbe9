"""The admin's Import page: upload a file, see a dry run (counts and the first problems), confirm.

The upload is kept server-side in a temporary file whose name is stored in the session; the
confirmation only says "apply the file I previewed", so the client never resends (and can never
swap) the data between preview and apply.
"""

from __future__ import annotations

import secrets
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import URLPattern, URLResolver, path, reverse
from django.views.decorators.http import require_http_methods, require_POST

from catalog.importers.formats import FORMATS, import_file
from catalog.importers.records import ImportFailed
from catalog.importers.summary import ImportSummary
from catalog.models import ReferenceCard

SESSION_KEY = "catalog_import_pending"
MAX_UPLOAD_BYTES = 512 * 1024 * 1024
UPLOAD_DIR = Path(tempfile.gettempdir()) / "tokensite-imports"
FORMAT_LABELS = {
    "cockatrice": "Cockatrice tokens.xml (card database v4)",
    "scryfall": "Scryfall card JSON (list, bulk file or search results)",
    "mtgjson": "MTGJSON set file or AllPrintings",
    "riftbound": "Riftbound card gallery JSON",
    "tokensite": "Tokensite JSON export",
}


def _require_curator(request: HttpRequest) -> None:
    if not request.user.has_perm("catalog.add_tokendefinition"):
        raise PermissionDenied("Importing needs the permission to add tokens.")


def _pending_file(request: HttpRequest) -> tuple[Path, dict[str, str]] | None:
    pending = request.session.get(SESSION_KEY)
    if not isinstance(pending, dict):
        return None
    token = str(pending.get("token", ""))
    if not token.isalnum():
        return None
    stored = UPLOAD_DIR / token
    return (stored, pending) if stored.is_file() else None


def _discard(request: HttpRequest) -> None:
    found = _pending_file(request)
    if found is not None:
        found[0].unlink(missing_ok=True)
    request.session.pop(SESSION_KEY, None)


def _store(upload: UploadedFile) -> str:
    UPLOAD_DIR.mkdir(mode=0o700, parents=True, exist_ok=True)
    token = secrets.token_hex(16)
    with (UPLOAD_DIR / token).open("wb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    return token


def _page(request: HttpRequest, template: str, status: int = 200, **context: Any) -> HttpResponse:
    base = {
        **admin.site.each_context(request),
        "title": "Import into the catalogue",
        "formats": [(name, FORMAT_LABELS[name]) for name in FORMATS],
    }
    return render(request, f"catalog/import/{template}", {**base, **context}, status=status)


@require_http_methods(["GET", "POST"])
def import_upload(request: HttpRequest) -> HttpResponse:
    """GET: the form. POST: keep the file, run a dry run, show the preview."""
    _require_curator(request)
    if request.method == "GET":
        return _page(request, "upload.html")
    fmt = request.POST.get("format", "")
    upload = request.FILES.get("file")
    error = None
    if fmt not in FORMATS:
        error = "Choose one of the formats."
    elif upload is None:
        error = "Choose a file to upload."
    elif (size := upload.size or 0) > MAX_UPLOAD_BYTES:
        error = f"The file is {size / 1e6:.0f} MB; the limit is {MAX_UPLOAD_BYTES >> 20} MB."
    if error or upload is None:
        return _page(request, "upload.html", 400, error=error, chosen=fmt)
    _discard(request)
    token = _store(upload)
    request.session[SESSION_KEY] = {"token": token, "format": fmt, "name": upload.name or "upload"}
    try:
        summary = import_file(fmt, UPLOAD_DIR / token, dry_run=True)
    except ImportFailed as exc:
        _discard(request)
        return _page(request, "upload.html", 400, error=f"{upload.name}: {exc}", chosen=fmt)
    return _page(request, "preview.html", summary=summary, name=upload.name, format=fmt)


@require_POST
def import_confirm(request: HttpRequest) -> HttpResponse:
    """Apply the file previewed in this session (nothing comes from the client but the click)."""
    _require_curator(request)
    found = _pending_file(request)
    if found is None:
        messages.error(request, "Nothing to import: upload the file again.")
        return HttpResponseRedirect(reverse("admin:catalog_import"))
    stored, pending = found
    summary: ImportSummary | None = None
    error = None
    try:
        summary = import_file(pending["format"], stored)
    except ImportFailed as exc:
        error = f"{pending['name']}: {exc} (nothing was written)"
    finally:
        _discard(request)
    return _page(request, "done.html", summary=summary, error=error, name=pending["name"])


@require_POST
def import_cancel(request: HttpRequest) -> HttpResponse:
    _require_curator(request)
    _discard(request)
    messages.info(request, "The uploaded file was discarded; nothing was imported.")
    return HttpResponseRedirect(reverse("admin:catalog_import"))


class ReferenceCardAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Emblems, dungeons, designations...: what importers keep apart from the tokens."""

    list_display = ("name", "kind", "game", "type_line")
    list_filter = ("game", "kind")
    search_fields = ("name", "slug", "text")


def install(site: admin.AdminSite) -> None:
    """Add the Import page to `site`, ahead of the admin's own URLs (and its catch-all), and
    the reference cards the importers create."""
    if not site.is_registered(ReferenceCard):
        site.register(ReferenceCard, ReferenceCardAdmin)
    original: Callable[[], list[URLPattern | URLResolver]] = site.get_urls

    def get_urls() -> list[URLPattern | URLResolver]:
        return [
            path("catalog/import/", site.admin_view(import_upload), name="catalog_import"),
            path(
                "catalog/import/confirm/",
                site.admin_view(import_confirm),
                name="catalog_import_confirm",
            ),
            path(
                "catalog/import/cancel/",
                site.admin_view(import_cancel),
                name="catalog_import_cancel",
            ),
            *original(),
        ]

    site.get_urls = get_urls  # type: ignore[method-assign]
    app_list = site.get_app_list

    def get_app_list(request: HttpRequest, app_label: str | None = None) -> list[Any]:
        """The catalogue app lists "Import a file" among its models, for curators."""
        apps = app_list(request, app_label)
        if request.user.has_perm("catalog.add_tokendefinition"):
            for app in apps:
                if app.get("app_label") == "catalog":
                    app["models"].append(
                        {
                            "name": "Import a file",
                            "object_name": "Import",
                            "admin_url": reverse("admin:catalog_import"),
                            "add_url": None,
                            "view_only": True,
                            "perms": {"view": True},
                        }
                    )
        return apps

    site.get_app_list = get_app_list  # type: ignore[method-assign]
