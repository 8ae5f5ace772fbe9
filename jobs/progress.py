"""A running job's progress: its runner reports it, pages and the API read it.

Progress is published through the cache, not the Job row: runners such as imports write in
one long transaction, and a row updated inside it would stay invisible until the end.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.core.cache import cache

from jobs.models import Job

Report = Callable[[float, str], None]

PROGRESS_KEY = "job-progress:{}"
PROGRESS_TIMEOUT = 24 * 3600
REPORT_EVERY_SECONDS = 0.5


def reporter(job: Job) -> Report:
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


def job_progress(job: Job) -> tuple[float, str]:
    """(fraction, detail) of a job: live from its runner while it runs, else as stored."""
    if job.status == Job.Status.RUNNING:
        live = cache.get(PROGRESS_KEY.format(job.pk))
        if live is not None:
            return float(live[0]), str(live[1])
    return job.progress, job.detail


def progress_forget(job: Job) -> None:
    cache.delete(PROGRESS_KEY.format(job.pk))
