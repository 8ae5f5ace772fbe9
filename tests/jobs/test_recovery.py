"""A job the server's thread was running when the server stopped is not lost: when a worker
starts, a job left "running" by a process that is gone is queued again and run (once), and
several processes starting at once take it up exactly once."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from jobs import background, recovery
from jobs.models import Job
from jobs.recovery import GIVEN_UP, take_up, take_up_stopped, this_process
from jobs.runner import job_run

runs_seen: list[str] = []


def counting_runner(job: Job, report: Any) -> dict[str, Any]:
    runs_seen.append(str(job.pk))
    return {"ran_on": threading.current_thread().name}


@pytest.fixture
def counting(settings: Any) -> Iterator[None]:
    settings.JOB_KINDS = {**settings.JOB_KINDS, "count": f"{__name__}.counting_runner"}
    runs_seen.clear()
    yield


@pytest.fixture
def other_process() -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A real second process, and its worker id as a job claimed by it records it."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    worker = f"{socket.gethostname()}:{process.pid}:{recovery._start_time(process.pid)}"
    yield process, worker
    process.kill()
    process.wait()


def _stopped(process: subprocess.Popen[bytes]) -> None:
    process.kill()  # as a server stopped mid-job: no chance to record anything
    process.wait()


def _left_running(worker: str, runs: int = 1) -> Job:
    return Job.objects.create(
        kind="count", status=Job.Status.RUNNING, worker=worker, runs=runs, detail="Started."
    )


def _finished(job: Job, seconds: float = 10) -> Job:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.finished:
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job.pk} still {job.status}: {job.detail}")


def test_a_process_is_gone_once_it_stopped_and_its_pid_is_not_someone_elses(other_process):
    process, worker = other_process
    assert not recovery.gone(worker)
    assert not recovery.gone(this_process())
    _stopped(process)
    assert recovery.gone(worker)
    # This process's pid with another start time: the pid was given to a new process.
    host, pid, started = this_process().split(":")
    assert recovery.gone(f"{host}:{pid}:{int(started) - 1}")
    assert not recovery.gone(f"another-host:{process.pid}:1")  # cannot tell: left alone


@pytest.mark.django_db(transaction=True)
def test_the_thread_starting_with_the_server_runs_a_job_a_stopped_server_left_running(
    settings, monkeypatch, counting, other_process
):
    process, worker = other_process
    job = _left_running(worker)
    _stopped(process)
    settings.JOB_THREAD = True
    monkeypatch.setattr(background, "_thread", None)  # as in a new server process
    background.start()
    job = _finished(job)
    assert job.status == Job.Status.DONE
    assert job.result == {"ran_on": "tokensite-jobs"}
    assert (job.runs, job.worker) == (2, this_process())
    assert runs_seen == [str(job.pk)]


@pytest.mark.django_db
def test_a_job_whose_process_still_runs_is_left_alone(counting, other_process):
    _process, worker = other_process
    job = _left_running(worker)
    assert take_up_stopped() == []
    job.refresh_from_db()
    assert (job.status, job.worker) == (Job.Status.RUNNING, worker)


@pytest.mark.django_db
def test_a_job_that_stopped_its_server_twice_is_failed_with_a_message(counting, other_process):
    process, worker = other_process
    job = _left_running(worker, runs=2)
    _stopped(process)
    assert take_up_stopped() == []
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and job.finished_at is not None
    assert job.detail == GIVEN_UP.format(runs=2)
    assert "not started again" in job.detail
    assert runs_seen == []


@pytest.mark.django_db
def test_two_processes_starting_at_once_take_a_job_up_once_and_run_it_once(counting, other_process):
    """Both read the job as left by a gone process before either writes: the re-queue and the
    claim are conditional updates, so only the first of each has an effect."""
    process, worker = other_process
    job = _left_running(worker)
    _stopped(process)
    seen_by_both = list(Job.objects.filter(pk=job.pk).values_list("pk", "worker", "runs"))
    took = [take_up(*row) for row in seen_by_both * 2]
    assert took == [True, False]
    job.refresh_from_db()
    assert job.status == Job.Status.QUEUED and "started again (2 of 2)" in job.detail
    job_run(str(job.pk))
    job_run(str(job.pk))
    assert runs_seen == [str(job.pk)]
    job.refresh_from_db()
    assert (job.status, job.runs) == (Job.Status.DONE, 2)


@pytest.mark.django_db
def test_a_huey_worker_starting_sends_a_job_its_stopped_predecessor_left_running(
    counting: None, other_process: tuple[subprocess.Popen[bytes], str]
) -> None:
    """The worker (`manage.py run_huey`) runs the start-up hook in each consumer thread; the
    suite runs huey's tasks inline, so the job runs inside the hook here."""
    from jobs.tasks import take_up_what_a_stopped_worker_left

    process, worker = other_process
    job = _left_running(worker)
    _stopped(process)
    take_up_what_a_stopped_worker_left()
    take_up_what_a_stopped_worker_left()  # a second consumer thread: nothing left to take up
    job.refresh_from_db()
    assert job.status == Job.Status.DONE and runs_seen == [str(job.pk)]
    assert job.runs == 2
