"""The admin's Import page: upload a file, watch a dry run (counts and the first problems),
confirm, watch the import.

Both runs are background jobs (catalog/jobs.py), so a large file never holds a web request:
the upload is saved to Django's storage, the pages show the job's progress until it is done.
The confirmation only names the dry-run job, so the client never resends (and can never swap)
the data between preview and apply.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import path, reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from catalog.admin_pages import add_admin_pages
from catalog.history.admin_views import change_context
from catalog.importers.fetch import BULK_TYPES
from catalog.importers.formats import FORMATS
from catalog.jobs import FETCH_KIND, KIND
from catalog.models import ReferenceCard
from jobs.models import Job
from jobs.progress import job_progress
from jobs.services import job_start

MAX_UPLOAD_BYTES = 512 * 1024 * 1024
FORMAT_LABELS = {
    "cockatrice": "Cockatrice tokens.xml (card database v4)",
    "scryfall": "Scryfall card JSON (list, bulk file or search results)",
    "mtgjson": "MTGJSON set file or AllPrintings",
    "riftbound": "Riftbound card gallery JSON",
    "tokensite": "Tokensite JSON export",
}
REFRESH_SECONDS = 2
BULK_LABELS = {
    "oracle_cards": "Oracle cards: one per card (about 160 MB)",
    "default_cards": "Default cards: every English printing, with every token printing",
    "unique_artwork": "Unique artwork: one per illustration",
    "all_cards": "All cards: every printing in every language (over 2 GB)",
}


def _require_curator(request: HttpRequest) -> None:
    if not request.user.has_perm("catalog.add_tokendefinition"):
        raise PermissionDenied("Importing needs the permission to add tokens.")


def _page(request: HttpRequest, template: str, status: int = 200, **context: Any) -> HttpResponse:
    base = {
        **admin.site.each_context(request),
        "title": "Import into the catalogue",
        "formats": [(name, FORMAT_LABELS[name]) for name in FORMATS],
        "bulk_types": [(name, BULK_LABELS[name]) for name in BULK_TYPES],
    }
    return render(request, f"catalog/import/{template}", {**base, **context}, status=status)


def _own_job(request: HttpRequest, job_id: UUID) -> Job:
    """An import job this curator started (another curator's upload is not theirs to apply)."""
    return get_object_or_404(
        Job, pk=job_id, kind__in=(KIND, FETCH_KIND), created_by_id=request.user.pk
    )


@require_http_methods(["GET", "POST"])
def import_upload(request: HttpRequest) -> HttpResponse:
    """GET: the form. POST: store the file and start a dry run."""
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
    params = {"format": fmt, "dry_run": True, "name": upload.name or "upload"}
    job = job_start(KIND, user=request.user, params=params, upload=upload)
    return HttpResponseRedirect(reverse("admin:catalog_import_job", args=[job.pk]))


@require_POST
def fetch_start(request: HttpRequest) -> HttpResponse:
    """Start downloading and importing a Scryfall bulk file in the background."""
    _require_curator(request)
    bulk = request.POST.get("bulk", "")
    if bulk not in BULK_TYPES:
        return _page(request, "upload.html", 400, fetch_error="Choose one of the bulk files.")
    params = {"bulk": bulk, "dry_run": False, "format": "scryfall", "name": f"Scryfall {bulk}"}
    job = job_start(FETCH_KIND, user=request.user, params=params)
    return HttpResponseRedirect(reverse("admin:catalog_import_job", args=[job.pk]))


@require_safe
def import_job(request: HttpRequest, job_id: UUID) -> HttpResponse:
    """A dry run or an import: progress while it runs (the page reloads itself), then the
    summary; a finished dry run offers to apply the file."""
    _require_curator(request)
    job = _own_job(request, job_id)
    progress, detail = job_progress(job)
    return _page(
        request,
        "job.html",
        job=job,
        progress=progress,
        detail=detail,
        summary=job.result,
        dry_run=bool(job.params.get("dry_run")),
        name=job.params.get("name", ""),
        format=job.params.get("format", ""),
        refresh=None if job.finished else REFRESH_SECONDS,
        **change_context(request, job),
    )


@require_POST
def import_confirm(request: HttpRequest, job_id: UUID) -> HttpResponse:
    """Apply the file of a finished dry run (nothing comes from the client but the click)."""
    _require_curator(request)
    preview = _own_job(request, job_id)
    if not (
        preview.status == Job.Status.DONE and preview.params.get("dry_run") and preview.file.name
    ):
        messages.error(request, "Nothing to import: upload the file again.")
        return HttpResponseRedirect(reverse("admin:catalog_import"))
    params = {**preview.params, "dry_run": False}
    # Handed over to the import; written first: once started, the import holds SQLite's one
    # write lock until it ends (the embedded default's job thread starts it at once).
    Job.objects.filter(pk=preview.pk).update(file="")
    job = job_start(KIND, user=request.user, params=params, stored=preview.file.name)
    return HttpResponseRedirect(reverse("admin:catalog_import_job", args=[job.pk]))


@require_POST
def import_cancel(request: HttpRequest, job_id: UUID) -> HttpResponse:
    _require_curator(request)
    preview = _own_job(request, job_id)
    if preview.file.name:
        preview.file.delete(save=False)
        Job.objects.filter(pk=preview.pk).update(file="")
    messages.info(request, "The uploaded file was discarded; nothing was imported.")
    return HttpResponseRedirect(reverse("admin:catalog_import"))


class ReferenceCardAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Emblems, dungeons, designations...: what importers keep apart from the tokens."""

    list_display = ("name", "kind", "game", "type_line")
    list_filter = ("game", "kind")
    search_fields = ("name", "slug", "text")


def install(site: admin.AdminSite) -> None:
    """Add the Import pages to `site`, ahead of the admin's own URLs (and its catch-all), and
    the reference cards the importers create."""
    if not site.is_registered(ReferenceCard):
        site.register(ReferenceCard, ReferenceCardAdmin)
    add_admin_pages(
        site,
        [
            path("catalog/import/", site.admin_view(import_upload), name="catalog_import"),
            path("catalog/fetch/", site.admin_view(fetch_start), name="catalog_fetch"),
            path(
                "catalog/import/<uuid:job_id>/",
                site.admin_view(import_job),
                name="catalog_import_job",
            ),
            path(
                "catalog/import/<uuid:job_id>/confirm/",
                site.admin_view(import_confirm),
                name="catalog_import_confirm",
            ),
            path(
                "catalog/import/<uuid:job_id>/cancel/",
                site.admin_view(import_cancel),
                name="catalog_import_cancel",
            ),
        ],
    )
    app_list = site.get_app_list

    def get_app_list(request: HttpRequest, app_label: str | None = None) -> list[Any]:
        """The catalogue app lists "Import a file" among its models, for curators."""
        apps = app_list(request, app_label)
        if request.user.has_perm("catalog.add_tokendefinition"):
            for app in apps:
                if app.get("app_label") == "catalog":
                    app["models"].append(
                        {
                            "name": gettext("Import a file"),
                            "object_name": "Import",
                            "admin_url": reverse("admin:catalog_import"),
                            "add_url": None,
                            "view_only": True,
                            "perms": {"view": True},
                        }
                    )
        return apps

    site.get_app_list = get_app_list  # type: ignore[method-assign]
