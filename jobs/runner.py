"""Running one queued job (the queue's task calls job_run) and the contract of a runner.

`kind` names a runner in settings.JOB_KINDS, where each app lists its own kinds (jobs imports
no app): `runner(job, report) -> result` where `report(fraction, detail)` publishes progress
and the returned JSON-able dict becomes `job.result`. A runner raises JobFailed with a message
for people; any other exception fails the job with a generic detail (the traceback goes to the
log only).
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from django.conf import settings
from django.utils import timezone
from django.utils.module_loading import import_string

from jobs.models import Job
from jobs.progress import Report, job_progress, progress_forget, reporter
from jobs.recovery import claim_fields

log = logging.getLogger(__name__)


class Runner(Protocol):
    def __call__(self, job: Job, report: Report) -> dict[str, Any]: ...


class JobFailed(Exception):
    """A job that cannot complete, with a message for the person who started it."""


class UnknownJobKind(ValueError):
    pass


def runner_for(kind: str) -> Runner:
    path = settings.JOB_KINDS.get(kind)
    if path is None:
        raise UnknownJobKind(f"unknown job kind {kind!r}")
    runner: Runner = import_string(path)
    return runner


def job_run(job_id: str) -> None:
    """Run a queued job to the end (called by the queue; a job already started is left alone)."""
    claimed = Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
        status=Job.Status.RUNNING, started_at=timezone.now(), detail="Started.", **claim_fields()
    )
    if not claimed:
        log.warning("job %s is not queued any more; not run twice", job_id)
        return
    job = Job.objects.get(pk=job_id)
    status, detail, result = Job.Status.DONE, "Done.", None
    try:
        result = runner_for(job.kind)(job, reporter(job))
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
    progress_forget(job)
    log.info("job %s (%s) %s", job.pk, job.kind, status)
