"""Jobs in the admin: what ran, for whom, how far it got and what came of it (read only). The
list and a job's page refresh themselves while a job is queued or running."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy

from jobs.models import Job
from jobs.progress import job_progress

REFRESH_SECONDS = 3
UNFINISHED = (Job.Status.QUEUED, Job.Status.RUNNING)


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("created_at", "kind", "status", "percent", "live_detail", "created_by")
    list_filter = ("status", "kind")
    fields = (
        "kind",
        "status",
        "percent",
        "live_detail",
        "params",
        "result_json",
        "file",
        "download",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "runs",
        "worker",
    )
    readonly_fields = fields

    @admin.display(description=gettext_lazy("progress"))
    def percent(self, job: Job) -> str:
        return f"{job_progress(job)[0]:.0%}"

    @admin.display(description=gettext_lazy("detail"))
    def live_detail(self, job: Job) -> str:
        return job_progress(job)[1]

    @admin.display(description=gettext_lazy("result"))
    def result_json(self, job: Job) -> str:
        return format_html("<pre>{}</pre>", json.dumps(job.result, indent=2))

    @admin.display(description=gettext_lazy("output"))
    def download(self, job: Job) -> str:
        if not job.output:
            return "-"
        url = reverse("api-job-output", args=[job.pk])
        return format_html('<a href="{}">{}</a>', url, job.output.name.rsplit("/", 1)[-1])

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        unfinished = Job.objects.filter(status__in=UNFINISHED).exists()
        context = {**(extra_context or {}), "refresh": REFRESH_SECONDS if unfinished else None}
        return super().changelist_view(request, context)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        try:
            unfinished = Job.objects.filter(pk=object_id, status__in=UNFINISHED).exists()
        except ValidationError:  # not a job id: the admin answers its own "not found"
            unfinished = False
        context = {**(extra_context or {}), "refresh": REFRESH_SECONDS if unfinished else None}
        return super().change_view(request, object_id, form_url, context)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
