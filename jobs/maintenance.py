"""Keeping the jobs table small (the queue runs jobs_prune daily, jobs/tasks.py)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from jobs.models import Job


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
