"""Starting background jobs: the small API other apps call.

    job = job_start("catalog_import", user=request.user, params={...}, upload=file)

The runner a kind names, and what it may report and raise, are in jobs/runner.py; progress is
read with jobs.progress.job_progress.

Jobs run on the huey queue: on `manage.py run_huey` workers when REDIS_URL is set; on the
embedded default on the web process's own worker thread when settings.JOB_THREAD is on (`make
run`, jobs/background.py), else inline in the calling process (huey's immediate mode: tests,
management commands).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.files import File
from django.core.files.base import ContentFile
from django.db import transaction

from jobs import background
from jobs.models import Job
from jobs.runner import runner_for
from jobs.tasks import queue, run_job


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
    runner_for(kind)  # refuse an unknown kind before anything is stored
    job = Job(kind=kind, params=params or {})
    if user is not None and user.is_authenticated:
        job.created_by_id = user.pk
    if upload is not None:
        job.file.save(upload.name or "upload", upload, save=False)
    elif stored:
        job.file.name = stored
    job.save()
    if background.enabled():
        # The embedded default's worker thread (jobs/background.py): it must find the row.
        job_id = str(job.pk)
        transaction.on_commit(lambda: background.submit(job_id))
    elif queue.immediate:
        run_job(str(job.pk))
        job.refresh_from_db()
    else:
        # The worker must find the row: enqueue once the caller's transaction has committed.
        job_id = str(job.pk)
        transaction.on_commit(lambda: run_job(job_id))
    return job


def job_save_output(job: Job, name: str, content: bytes) -> None:
    """Keep what a runner made (a PDF) in the default storage for its download."""
    job.output.save(name, ContentFile(content), save=False)
    Job.objects.filter(pk=job.pk).update(output=job.output.name)
