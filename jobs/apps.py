from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy


def _jobs_by_status() -> dict[tuple[str, ...], float]:
    from django.db.models import Count

    from jobs.models import Job

    counts = dict(Job.objects.values_list("status").annotate(n=Count("pk")).order_by())
    return {(status,): counts.get(status, 0) for status in Job.Status.values}


def _queue_length() -> dict[tuple[str, ...], float]:
    """Tasks waiting in the queue (Redis in a deployment): what the workers have yet to start.
    Nothing is reported while the queue cannot be read (/healthz names the failing part)."""
    from redis.exceptions import RedisError

    from jobs.tasks import queue

    try:
        return {(): queue.pending_count()}
    except RedisError:
        return {}


class JobsConfig(AppConfig):
    name = "jobs"
    verbose_name = gettext_lazy("Background jobs")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tokensite.metrics import register_database_gauge

        register_database_gauge(
            "tokensite_jobs", "Background jobs by status", _jobs_by_status, labels=("status",)
        )
        register_database_gauge(
            "tokensite_job_queue_length", "Tasks waiting for a worker", _queue_length
        )
