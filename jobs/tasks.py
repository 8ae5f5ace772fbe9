"""The huey tasks: one generic task that runs any Job, and the periodic cleanups.

huey's consumer (`manage.py run_huey`) discovers this module; it also runs the periodic tasks,
so a deployment needs exactly one scheduler: run one worker with periodic tasks enabled
(the default), others with `--no-periodic` if you scale workers out.
"""

from __future__ import annotations

from django.conf import settings
from huey import crontab
from huey.contrib.djhuey import HUEY as queue
from huey.contrib.djhuey import db_periodic_task, db_task

from jobs import heartbeat, services


@queue.on_startup()
def beat_while_consuming() -> None:
    """Only the consumer runs start-up hooks: its health check reads this heartbeat."""
    heartbeat.install(queue)


@db_task()
def run_job(job_id: str) -> None:
    services.job_run(job_id)


@db_periodic_task(crontab(minute="17", hour="3"))
def prune_jobs() -> None:
    services.jobs_prune(settings.JOB_RETENTION_DAYS)


@db_periodic_task(crontab(minute="37", hour="3"))
def prune_checkpoints() -> None:
    from play.table.maintenance import checkpoints_prune, forward_patches_prune

    checkpoints_prune(settings.CHECKPOINT_RETENTION_DAYS)
    forward_patches_prune()


@db_periodic_task(crontab(minute="47"))
def prune_guests_and_idempotency_keys() -> None:
    """Hourly: idle guests go with their tables (issue 20 item 4), and answers kept for
    `Idempotency-Key` repeats past their 24 hours."""
    from play.table.idempotency import idempotent_answers_prune
    from play.web.guests import guests_prune

    guests_prune(settings.GUEST_RETENTION_DAYS)
    idempotent_answers_prune()


__all__ = [
    "prune_checkpoints",
    "prune_guests_and_idempotency_keys",
    "prune_jobs",
    "queue",
    "run_job",
]
