"""Who may follow a job: staff any job, a person the jobs they started, a visitor without an
account the jobs started in their session (print jobs from the print pages)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib.sessions.backends.base import SessionBase

from jobs.models import Job

SESSION_JOBS = "jobs"
SESSION_JOBS_KEPT = 20  # the newest ones; older jobs stay reachable from their owner's account


def session_remember_job(session: SessionBase, job: Job) -> None:
    kept = [str(job.pk), *session.get(SESSION_JOBS, [])]
    session[SESSION_JOBS] = kept[:SESSION_JOBS_KEPT]


def job_visible(user: Any, session: SessionBase | None, job_id: UUID | str) -> Job | None:
    """The job if this user (or this session) may see it, else None (callers answer 404: a
    job's existence is not revealed to others)."""
    job = Job.objects.filter(pk=job_id).first()
    if job is None:
        return None
    if user is not None and user.is_authenticated:
        if user.is_staff or job.created_by_id == user.pk:
            return job
    if session is not None and str(job.pk) in session.get(SESSION_JOBS, []):
        return job
    return None
