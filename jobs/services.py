"""Starting and running background jobs: the small API other apps call.

    job = job_start("catalog_import", user=request.user, params={...}, upload=file)

`kind` names a runner in settings.JOB_KINDS: `runner(job, report) -> result` where
`report(fraction, detail)` publishes progress and the returned JSON-able dict becomes
`job.result`. A runner raises JobFailed with a message for people; any other exception fails
the job with a generic detail (the traceback goes to the log only).

Jobs run on the huey queue: inline in the calling process on the embedded default (huey's
immediate mode), on `manage.py run_huey` workers when REDIS_URL is set.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any, Protocol

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.core.files import File
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from jobs.models import Job

log = logging.getLogger(__name__)

Report = Callable[[float, str], None]


class Runner(Protocol):
    def __call__(self, job: Job, report: Report) -> dict[str, Any]: ...


class JobFailed(Exception):
    """A job that cannot complete, with a message for the person who started it."""


class UnknownJobKind(ValueError):
    pass


# Progress is published through the cache, not the Job row: runners such as imports write in
# one long transaction, and a row updated inside it would stay invisible until the end.
PROGRESS_KEY = "job-progress:{}"
PROGRESS_TIMEOUT = 24 * 3600
REPORT_EVERY_SECONDS = 0.5


def _runner(kind: str) -> Runner:
    path = settings.JOB_KINDS.get(kind)
    if path is None:
        raise UnknownJobKind(f"unknown job kind {kind!r}")
    runner: Runner = import_string(path)
    return runner


def job_start(
    kind: str,
    *,
    user: AbstractBaseUser | AnonymousUser | None = None,
    params: dict[str, Any] | None = None,
    upload: File[Any] | None = None,
    stored: str = "",
) -> Job:
    """Record a job and queue it. `upload` is saved to the default storage for the worker;
    `stored` names a file already there (the input of an earlier job)."""
    _runner(kind)  # refuse an unknown kind before anything is stored
    job = Job(kind=kind, params=params or {})
    if user is not None and user.is_authenticated:
        job.created_by_id = user.pk
    if upload is not None:
        job.file.save(upload.name or "upload", upload, save=False)
    elif stored:
        job.file.name = stored
    job.save()
    from jobs.tasks import queue, run_job  # here: jobs.tasks imports this module

    if queue.immediate:
        run_job(str(job.pk))
        job.refresh_from_db()
    else:
        # The worker must find the row: enqueue once the caller's transaction has committed.
        job_id = str(job.pk)
        transaction.on_commit(lambda: run_job(job_id))
    return job


def _reporter(job: Job) -> Report:
    """Publish progress, at most every REPORT_EVERY_SECONDS unless it moved by a percent or
    more (a runner may call it for every record)."""
    last = {"at": 0.0, "fraction": -1.0}
    key = PROGRESS_KEY.format(job.pk)

    def report(fraction: float, detail: str) -> None:
        fraction = max(0.0, min(1.0, fraction))
        now = time.monotonic()
        if now - last["at"] < REPORT_EVERY_SECONDS and fraction - last["fraction"] < 0.01:
            return
        last["at"], last["fraction"] = now, fraction
        cache.set(key, (fraction, detail[:500]), PROGRESS_TIMEOUT)

    return report


def job_run(job_id: str) -> None:
    """Run a queued job to the end (called by the queue; a job already started is left alone)."""
    claimed = Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
        status=Job.Status.RUNNING, started_at=timezone.now(), detail="Started."
    )
    if not claimed:
        log.warning("job %s is not queued any more; not run twice", job_id)
        return
    job = Job.objects.get(pk=job_id)
    status, detail, result = Job.Status.DONE, "Done.", None
    try:
        result = _runner(job.kind)(job, _reporter(job))
    except JobFailed as exc:
        status, detail = Job.Status.FAILED, str(exc)
    except Exception:
        log.exception("job %s (%s) crashed", job.pk, job.kind)
        status, detail = Job.Status.FAILED, "The job stopped on an unexpected error."
    Job.objects.filter(pk=job.pk).update(
        status=status,
        detail=detail[:500],
        result=result,
        progress=1.0 if status == Job.Status.DONE else job_progress(job)[0],
        finished_at=timezone.now(),
    )
    cache.delete(PROGRESS_KEY.format(job.pk))
    log.info("job %s (%s) %s", job.pk, job.kind, status)


def job_progress(job: Job) -> tuple[float, str]:
    """(fraction, detail) of a job: live from its runner while it runs, else as stored."""
    if job.status == Job.Status.RUNNING:
        live = cache.get(PROGRESS_KEY.format(job.pk))
        if live is not None:
            return float(live[0]), str(live[1])
    return job.progress, job.detail


def job_save_output(job: Job, name: str, content: bytes) -> None:
    """Keep what a runner made (a PDF) in the default storage for its download."""
    job.output.save(name, ContentFile(content), save=False)
    Job.objects.filter(pk=job.pk).update(output=job.output.name)


def jobs_prune(older_than_days: int) -> int:
    """Delete finished jobs older than the given age and their stored files."""
    cutoff = timezone.now() - timedelta(days=older_than_days)
    old = Job.objects.filter(finished_at__lt=cutoff)
    for job in old.exclude(file="", output=""):
        if job.file:
            job.file.delete(save=False)
        if job.output:
            job.output.delete(save=False)
    deleted, _ = old.delete()
    return deleted
