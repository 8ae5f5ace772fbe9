"""The admin's view of an import's change set (on the Import page's job page): every record
filtered by what happens to it, each changed field's old and new value, downloads as CSV or
JSON, and the one-click revert of an applied import."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from catalog.admin_pages import add_admin_pages
from catalog.history.changes import field_labels
from catalog.history.models import ImportChange
from catalog.history.revert import IMPORT_KINDS, NotRevertible, revert_of, revert_start
from catalog.history.selectors import ACTIONS, change_counts, changes, csv_lines, json_lines
from jobs.models import Job

PER_PAGE = 100
FILTERS = (
    ("create", ImportChange.Action.CREATE.label),
    ("update", ImportChange.Action.UPDATE.label),
    ("delete", ImportChange.Action.DELETE.label),
    ("skip", ImportChange.Action.SKIP.label),
    ("problem", ImportChange.Action.PROBLEM.label),
    ("match", ImportChange.Action.MATCH.label),
    ("unchanged", ImportChange.Action.UNCHANGED.label),
)
LABELS = dict(FILTERS)
NOTES = {  # what the change list says of a record kept as it is
    "match": gettext_lazy("Already in the catalogue: linked to it, nothing changed."),
    "unchanged": gettext_lazy("Imported before with the same values: nothing changed."),
}
KIND_LABELS = {
    "card": gettext_lazy("card"),
    "token": gettext_lazy("token"),
    "printing": gettext_lazy("printing"),
    "relation": gettext_lazy("relation"),
    "printed_name": gettext_lazy("printed name"),
    "reference": gettext_lazy("reference card"),
    "record": gettext_lazy("file record"),
    "back": gettext_lazy("back face"),
}


def _require_curator(request: HttpRequest) -> None:
    if not request.user.has_perm("catalog.change_tokendefinition"):
        raise PermissionDenied("Reverting and reading changes needs the permission to edit tokens.")


def shown(value: Any) -> str:
    """A stored value as a curator reads it (a list as its items, nothing as a dash)."""
    if value is None or value == "" or value == []:
        return "—"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def change_context(request: HttpRequest, job: Job) -> dict[str, Any]:
    """What the job page shows of the change set (nothing while the job runs)."""
    if not job.finished:
        return {}
    action = request.GET.get("action") or ""
    if action not in ACTIONS:
        action = ""
    counts = change_counts(job.pk)
    paginator = Paginator(changes(job.pk, action or None), PER_PAGE)
    page = paginator.get_page(request.GET.get("page"))
    labels = field_labels()
    rows = [
        {
            "kind": KIND_LABELS.get(change.kind, change.kind),
            "id": change.object_id,
            "name": change.name,
            "action": change.action,
            "action_label": LABELS.get(change.action, change.action),
            "problem": change.problem or NOTES.get(change.action, ""),
            "fields": [
                (labels.get(field, field), shown(old), shown(new))
                for field, (old, new) in change.fields.items()
            ],
        }
        for change in page.object_list
    ]
    reverted = revert_of(job)
    revertible = job.status == Job.Status.DONE and not job.params.get("dry_run") and not reverted
    return {
        "change_counts": [(key, label, counts.get(key, 0)) for key, label in FILTERS],
        "change_total": sum(counts.values()),
        "change_action": action,
        "change_rows": rows,
        "change_page": page,
        "revertible": revertible and job.kind in IMPORT_KINDS,
        "reverted_by": reverted,
    }


@require_safe
def changes_download(request: HttpRequest, job_id: UUID, fmt: str) -> StreamingHttpResponse:
    _require_curator(request)
    if fmt not in ("csv", "json"):
        raise Http404("Changes download as csv or json.")
    job = get_object_or_404(Job, pk=job_id, kind__in=IMPORT_KINDS)
    action = request.GET.get("action") or None
    found = changes(job.pk, action if action in ACTIONS else None)
    lines, mime = (
        (csv_lines(found), "text/csv") if fmt == "csv" else (json_lines(found), "application/json")
    )
    response = StreamingHttpResponse(lines, content_type=f"{mime}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="changes-{job.pk}.{fmt}"'
    return response


@require_POST
def import_revert(request: HttpRequest, job_id: UUID) -> HttpResponse:
    _require_curator(request)
    job = get_object_or_404(Job, pk=job_id, kind__in=IMPORT_KINDS)
    try:
        started = revert_start(job, request.user)
    except NotRevertible as exc:
        messages.error(request, str(exc))
        return HttpResponseRedirect(reverse("admin:catalog_import_job", args=[job.pk]))
    return HttpResponseRedirect(reverse("admin:jobs_job_change", args=[started.pk]))


def install(site: admin.AdminSite) -> None:
    add_admin_pages(
        site,
        [
            path(
                "catalog/import/<uuid:job_id>/changes.<str:fmt>",
                site.admin_view(changes_download),
                name="catalog_import_changes",
            ),
            path(
                "catalog/import/<uuid:job_id>/revert/",
                site.admin_view(import_revert),
                name="catalog_import_revert",
            ),
        ],
    )
