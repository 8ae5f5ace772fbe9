from __future__ import annotations

from django.apps import AppConfig


def _jobs_by_status() -> dict[tuple[str, ...], float]:
    from django.db.models import Count

    from jobs.models import Job

    counts = dict(Job.objects.values_list("status").annotate(n=Count("pk")).order_by())
    return {(status,): counts.get(status, 0) for status in Job.Status.values}


class JobsConfig(AppConfig):
    name = "jobs"
    verbose_name = "Background jobs"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tokensite.metrics import register_database_gauge

        register_database_gauge(
            "tokensite_jobs", "Background jobs by status", _jobs_by_status, labels=("status",)
        )
