"""A background job as people see it: what it is, how far it got, and what came of it."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class Job(models.Model):
    """One run of a job kind (settings.JOB_KINDS). The task queue only carries the id; this row
    is the one source of truth for status and result, whichever process runs it.

    `file` is an input kept in Django's default storage (object storage in a deployment), so
    a worker on another machine reads the same bytes the web process received. `output` is
    what a job made for download (a print job's PDF), in the same storage.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", gettext_lazy("Queued")
        RUNNING = "running", gettext_lazy("Running")
        DONE = "done", gettext_lazy("Done")
        FAILED = "failed", gettext_lazy("Failed")

    id = models.UUIDField(
        primary_key=True, default=uuid.uuid4, editable=False, verbose_name=gettext_lazy("ID")
    )
    kind = models.CharField(max_length=64, verbose_name=gettext_lazy("kind"))
    status = models.CharField(
        max_length=8,
        choices=Status.choices,
        default=Status.QUEUED,
        verbose_name=gettext_lazy("status"),
    )
    progress = models.FloatField(default=0.0, verbose_name=gettext_lazy("progress"))
    detail = models.CharField(max_length=500, blank=True, verbose_name=gettext_lazy("detail"))
    params = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("params"))
    result = models.JSONField(null=True, blank=True, verbose_name=gettext_lazy("result"))
    file = models.FileField(
        upload_to="jobs/%Y/%m/", max_length=300, blank=True, verbose_name=gettext_lazy("file")
    )
    output = models.FileField(
        upload_to="jobs/output/%Y/%m/",
        max_length=300,
        blank=True,
        verbose_name=gettext_lazy("output"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=gettext_lazy("created by"),
    )
    worker = models.CharField(
        max_length=200,
        blank=True,
        help_text=gettext_lazy("The process running it (host:pid:start), to tell a stopped one."),
        verbose_name=gettext_lazy("worker"),
    )
    runs = models.PositiveSmallIntegerField(
        default=0,
        help_text=gettext_lazy("Times it was started (a stopped server's jobs start again once)."),
        verbose_name=gettext_lazy("runs"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    started_at = models.DateTimeField(
        null=True, blank=True, verbose_name=gettext_lazy("started at")
    )
    finished_at = models.DateTimeField(
        null=True, blank=True, verbose_name=gettext_lazy("finished at")
    )

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]
        verbose_name = gettext_lazy("job")
        verbose_name_plural = gettext_lazy("jobs")

    def __str__(self) -> str:
        return f"{self.kind} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
