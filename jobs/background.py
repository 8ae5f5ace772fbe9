"""The embedded default's job worker: one thread of the web process itself.

Without REDIS_URL there is no queue another process could read, and huey's immediate mode runs
a job inside the request that starts it (a 20 s import held the page for 20 s). With
settings.JOB_THREAD (`make run` sets it) `job_start` hands the job to this thread instead: the
request answers at once, the job's page follows its progress (the progress lives in the
process's cache, which this thread shares), and the jobs run one at a time on the same SQLite
database. The thread starts with the server (tokensite/asgi.py calls `start`): jobs still queued
when the server stopped are picked up, and jobs it left running mid-job are taken up again
(jobs/recovery.py).
"""

from __future__ import annotations

import logging
import queue
import threading
import time

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connections

from jobs.models import Job
from jobs.recovery import take_up_stopped
from jobs.runner import job_run

log = logging.getLogger(__name__)

START_DELAY_SECONDS = 0.3
_waiting: queue.SimpleQueue[str] = queue.SimpleQueue()
_started = threading.Lock()
_thread: threading.Thread | None = None


def enabled() -> bool:
    return bool(getattr(settings, "JOB_THREAD", False))


def start() -> None:
    """Start the worker thread with the server, so that what a stopped server left is taken
    up at once, not at the next job someone starts."""
    if not enabled():
        return
    try:
        _ensure_thread(None)
    except DatabaseError:  # no jobs table yet (not migrated): the first job starts the thread
        log.exception("the job thread could not start with the server")
    finally:
        connections.close_all()  # this (the server's main) thread's own: it serves no requests


def submit(job_id: str) -> None:
    """Run the job on the worker thread (started on first use)."""
    _ensure_thread(job_id)
    _waiting.put(job_id)


def _ensure_thread(submitted: str | None) -> None:
    global _thread
    with _started:
        if _thread is not None and _thread.is_alive():
            return
        take_up_stopped()  # jobs a stopped process left running are queued again (or failed)
        queued = Job.objects.filter(status=Job.Status.QUEUED)
        if submitted is not None:  # the job being submitted is queued by submit itself
            queued = queued.exclude(pk=submitted)
        left = [str(pk) for pk in queued.order_by("created_at").values_list("pk", flat=True)]
        for job_id in left:  # queued before a restart; job_run skips any already claimed
            _waiting.put(job_id)
        _thread = threading.Thread(target=_work, name="tokensite-jobs", daemon=True)
        _thread.start()


def _work() -> None:
    while True:
        job_id = _waiting.get()
        # SQLite has one writer and an import keeps the write lock until it ends: let the
        # request that queued the job finish its own writes (its session) first.
        time.sleep(START_DELAY_SECONDS)
        close_old_connections()
        try:
            job_run(job_id)
        except Exception:  # job_run records a runner's failure; this is anything around it
            log.exception("job %s could not be run", job_id)
        finally:
            connections.close_all()


def idle() -> bool:
    """Nothing waiting (tests wait for it)."""
    return _waiting.empty()
