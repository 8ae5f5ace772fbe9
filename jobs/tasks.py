"""The huey tasks of jobs: one generic task that runs any Job, and the daily prune of old jobs.

huey's consumer (`manage.py run_huey`) discovers the `tasks` module of every app (play keeps
its own periodic cleanups in play/tasks.py); it also runs the periodic tasks, so a deployment
needs exactly one scheduler: run one worker with periodic tasks enabled (the default), others
with `--no-periodic` if you scale workers out.
"""

from __future__ import annotations

from django.conf import settings
from huey import crontab
from huey.contrib.djhuey import HUEY as queue
from huey.contrib.djhuey import db_periodic_task, db_task

from jobs import heartbeat
from jobs.maintenance import jobs_prune
from jobs.recovery import take_up_stopped
from jobs.runner import job_run


@queue.on_startup()
def beat_while_consuming() -> None:
    """Only the consumer runs start-up hooks: its health check reads this heartbeat."""
    heartbeat.install(queue)


@db_task()
def run_job(job_id: str) -> None:
    job_run(job_id)


@queue.on_startup()
def take_up_what_a_stopped_worker_left() -> None:
    """A job this host's worker was running when it stopped (killed, out of memory, the
    container restarted) left the queue with it: queued again and sent to the queue once, or
    failed after two such stops (jobs/recovery.py). Each consumer thread runs start-up hooks;
    the take-up is a conditional UPDATE, so the job is sent once."""
    for job_id in take_up_stopped():
        run_job(job_id)


@db_periodic_task(crontab(minute="17", hour="3"))
def prune_jobs() -> None:
    jobs_prune(settings.JOB_RETENTION_DAYS)


__all__ = ["prune_jobs", "queue", "run_job"]
