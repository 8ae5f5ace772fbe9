"""An import's change set: every record a dry run would write or an applied import wrote, with
each changed field's old and new value, and what it skipped. Made from the import's own
historical records (catalog/history/changes.py), kept after a dry run's rollback."""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.utils.translation import gettext_lazy

from jobs.models import Job


class ImportChange(models.Model):
    class Action(models.TextChoices):
        CREATE = "create", gettext_lazy("created")
        UPDATE = "update", gettext_lazy("changed")
        DELETE = "delete", gettext_lazy("deleted")
        SKIP = "skip", gettext_lazy("skipped")
        PROBLEM = "problem", gettext_lazy("problem")
        # In the file and already in the catalogue: linked to an existing record by this import
        # (a seed token, another source's), or imported before with the same values.
        MATCH = "match", gettext_lazy("matched")
        UNCHANGED = "unchanged", gettext_lazy("unchanged")

    job = models.ForeignKey(
        Job, on_delete=models.CASCADE, related_name="+", verbose_name=gettext_lazy("job")
    )
    kind = models.CharField(max_length=16, verbose_name=gettext_lazy("kind"))
    object_id = models.CharField(max_length=160, blank=True, verbose_name=gettext_lazy("id"))
    name = models.CharField(max_length=400, blank=True, verbose_name=gettext_lazy("name"))
    action = models.CharField(
        max_length=16, choices=Action.choices, verbose_name=gettext_lazy("action")
    )
    fields = models.JSONField(default=dict, blank=True, verbose_name=gettext_lazy("fields"))
    problem = models.TextField(blank=True, verbose_name=gettext_lazy("problem"))

    class Meta:
        ordering: ClassVar[list[str]] = ["job", "id"]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["job", "action", "id"], name="importchange_job_action")
        ]
        verbose_name = gettext_lazy("import change")
        verbose_name_plural = gettext_lazy("import changes")

    def __str__(self) -> str:
        return f"{self.action} {self.kind} {self.name}"
