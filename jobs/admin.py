"""Jobs in the admin: what ran, for whom, how far it got and what came of it (read only)."""

from __future__ import annotations

import json

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html

from jobs.models import Job
from jobs.services import job_progress


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
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
    )
    readonly_fields = fields

    @admin.display(description="progress")
    def percent(self, job: Job) -> str:
        return f"{job_progress(job)[0]:.0%}"

    @admin.display(description="detail")
    def live_detail(self, job: Job) -> str:
        return job_progress(job)[1]

    @admin.display(description="result")
    def result_json(self, job: Job) -> str:
        return format_html("<pre>{}</pre>", json.dumps(job.result, indent=2))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
