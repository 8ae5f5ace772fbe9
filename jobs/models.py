"""A background job as people see it: what it is, how far it got, and what came of it."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class Job(models.Model):
    """One run of a job kind (settings.JOB_KINDS). The task queue only carries the id; this row
    is the one source of truth for status and result, whichever process runs it.

    `file` is an input kept in Django's default storage (object storage in a deployment), so
    a worker on another machine reads the same bytes the web process received. `output` is
    what a job made for download (a print job's PDF), in the same storage.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=64)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress = models.FloatField(default=0.0)
    detail = models.CharField(max_length=500, blank=True)
    params = models.JSONField(default=dict, blank=True)
    result = models.JSONField(null=True, blank=True)
    file = models.FileField(upload_to="jobs/%Y/%m/", max_length=300, blank=True)
    output = models.FileField(upload_to="jobs/output/%Y/%m/", max_length=300, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
