"""The embedded default's job thread (settings.JOB_THREAD, `make run`): job_start answers at
once with the job queued, the web process's own thread runs it to the end."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from jobs import background
from jobs.models import Job
from jobs.services import job_start

release = threading.Event()


def waiting_runner(job: Job, report: Any) -> dict[str, Any]:
    report(0.5, "Waiting to be released.")
    if not release.wait(10):
        raise RuntimeError("never released")
    return {"ran_on": threading.current_thread().name}


def _finished(job: Job, seconds: float = 10) -> Job:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.finished:
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job.pk} still {job.status}")


@pytest.mark.django_db(transaction=True)
def test_a_job_started_with_the_thread_returns_at_once_and_runs_on_the_thread(settings):
    settings.JOB_THREAD = True
    settings.JOB_KINDS = {**settings.JOB_KINDS, "wait": f"{__name__}.waiting_runner"}
    release.clear()
    started = time.perf_counter()
    job = job_start("wait")
    assert time.perf_counter() - started < 1
    assert job.status in (Job.Status.QUEUED, Job.Status.RUNNING)  # not run in this thread
    release.set()
    job = _finished(job)
    assert job.status == Job.Status.DONE
    assert job.result == {"ran_on": "tokensite-jobs"}
    assert background.idle()


@pytest.mark.django_db
def test_without_the_thread_a_job_runs_inline(settings):
    settings.JOB_KINDS = {**settings.JOB_KINDS, "wait": f"{__name__}.waiting_runner"}
    release.set()
    job = job_start("wait")
    assert job.status == Job.Status.DONE and job.result == {"ran_on": "MainThread"}
