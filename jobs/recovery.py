"""Jobs left "running" by a process that stopped mid-job (a `make run` server stopped or killed
while its thread ran an import) are taken up again when a worker starts.

Every run records the process that claimed it (`Job.worker`: host, pid and the process's start
time, so a pid the system gave to a new process is not taken for the old one). A job whose
process is provably gone (same host, and no process with that pid and start time) is queued
again, once: a job that stopped its server twice (say, it ran it out of memory) is failed with a
message instead of being retried forever. Jobs claimed on another host, or by a process still
alive, are left alone: nothing here can tell whether they still run.

Taking a job up is one conditional UPDATE (still running, still claimed by that process), so of
several processes starting at once exactly one re-queues it, and the claim in job_run (queued ->
running, also one conditional UPDATE) lets exactly one of them run it. The job's writes were
in one transaction that the stop rolled back, so running it again starts from a clean catalogue.
"""

from __future__ import annotations

import logging
import os
import socket
from functools import cache
from uuid import UUID

from django.db.models import F
from django.utils import timezone

from jobs.models import Job
from jobs.progress import progress_forget

log = logging.getLogger(__name__)

RUNS_AT_MOST = 2
TAKEN_UP = "The server stopped while this job ran; it was started again ({run} of {most})."
GIVEN_UP = (
    "The server stopped while this job ran, {runs} times; it was not started again (a job "
    "that stops its server is not retried forever). Start it anew once the cause is found."
)


def _start_time(pid: int) -> str | None:
    """The process's start time in clock ticks after boot (Linux /proc), '' where the system
    has no /proc, None when there is no such process."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return None if os.path.isdir("/proc/self") else ""
    except OSError:
        return ""
    return fields[19]  # field 22 of stat(5); the first two (pid, comm) are before ")"


def this_process() -> str:
    """host:pid:start of this process, as Job.worker records it."""
    return _identity(os.getpid())  # by pid: a forked worker is a process of its own


@cache
def _identity(pid: int) -> str:
    return f"{socket.gethostname()}:{pid}:{_start_time(pid) or ''}"


def gone(worker: str) -> bool:
    """Whether the process that claimed a job is provably gone (else: alive, or unknowable)."""
    try:
        host, pid_text, started = worker.rsplit(":", 2)
        pid = int(pid_text)
    except ValueError:
        return False
    if host != socket.gethostname():
        return False
    now = _start_time(pid)
    if now is None:
        return True
    if now and started:
        return now != started  # the pid now belongs to another process
    try:  # no /proc: is there a process with that pid at all?
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def take_up(job_id: UUID | str, worker: str, runs: int) -> bool:
    """Queue again (or fail) one job still claimed by `worker`; False when another process
    got there first."""
    claimed = Job.objects.filter(pk=job_id, status=Job.Status.RUNNING, worker=worker)
    if runs >= RUNS_AT_MOST:
        done = claimed.update(
            status=Job.Status.FAILED,
            detail=GIVEN_UP.format(runs=runs)[:500],
            worker="",
            finished_at=timezone.now(),
        )
    else:
        done = claimed.update(
            status=Job.Status.QUEUED,
            detail=TAKEN_UP.format(run=runs + 1, most=RUNS_AT_MOST),
            progress=0.0,
            worker="",
        )
    return bool(done)


def take_up_stopped() -> list[str]:
    """Every job left running by a process of this host that is gone: queued again (their ids,
    for the caller's queue) or failed."""
    queued: list[str] = []
    running = Job.objects.filter(status=Job.Status.RUNNING).exclude(worker="")
    for job_id, worker, runs in running.values_list("pk", "worker", "runs"):
        if not gone(worker) or not take_up(job_id, worker, runs):
            continue
        progress_forget(Job(pk=job_id))
        if runs < RUNS_AT_MOST:
            queued.append(str(job_id))
            log.warning("job %s was left running by %s, now gone: queued again", job_id, worker)
        else:
            log.warning("job %s stopped its server %s times: failed", job_id, runs)
    return queued


def claim_fields() -> dict[str, object]:
    """What job_run's claim writes beside the status: who runs it, and one run more."""
    return {"worker": this_process(), "runs": F("runs") + 1}
