from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.utils import timezone

from jobs import maintenance, progress, runner, services
from jobs.models import Job
from tests.factories import CuratorFactory, JobFactory

pytestmark = pytest.mark.django_db

RUNS: list[str] = []


def echo(job: Job, report: progress.Report) -> dict[str, Any]:
    report(0.5, "Half way.")
    RUNS.append(job.file.read().decode() if job.file else "")
    return {"echo": job.params}


def refuse(job: Job, report: progress.Report) -> dict[str, Any]:
    raise runner.JobFailed("That file is not a catalogue.")


def crash(job: Job, report: progress.Report) -> dict[str, Any]:
    raise RuntimeError("secret internals")


@pytest.fixture(autouse=True)
def kinds(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = tmp_path
    settings.JOB_KINDS = {
        "echo": f"{__name__}.echo",
        "refuse": f"{__name__}.refuse",
        "crash": f"{__name__}.crash",
    }
    RUNS.clear()


def test_it_runs_a_job_inline_and_keeps_its_result() -> None:
    user = CuratorFactory.create()
    job = services.job_start("echo", user=user, params={"n": 1}, upload=ContentFile(b"hi", "a.txt"))
    assert job.status == Job.Status.DONE and job.progress == 1.0
    assert job.result == {"echo": {"n": 1}} and job.created_by == user
    assert RUNS == ["hi"]  # the runner read the upload back through the storage


def test_it_fails_a_job_with_the_runners_message() -> None:
    job = services.job_start("refuse")
    assert job.status == Job.Status.FAILED and job.detail == "That file is not a catalogue."


def test_it_fails_a_crashed_job_without_showing_the_error() -> None:
    job = services.job_start("crash")
    assert job.status == Job.Status.FAILED and "secret" not in job.detail


def test_it_refuses_an_unknown_kind_before_storing_anything() -> None:
    with pytest.raises(runner.UnknownJobKind):
        services.job_start("nope")
    assert not Job.objects.exists()


def test_it_never_runs_a_job_twice() -> None:
    job = services.job_start("echo")
    runner.job_run(str(job.pk))
    assert RUNS == [""]


def test_it_reads_live_progress_while_running_and_the_stored_one_after() -> None:
    job = JobFactory.create(status=Job.Status.RUNNING)
    cache.set(progress.PROGRESS_KEY.format(job.pk), (0.25, "A quarter."))
    assert progress.job_progress(job) == (0.25, "A quarter.")
    job.status, job.progress, job.detail = Job.Status.DONE, 1.0, "Done."
    assert progress.job_progress(job) == (1.0, "Done.")


def test_it_prunes_old_finished_jobs_and_their_files() -> None:
    old = JobFactory.create(status=Job.Status.DONE, finished_at=timezone.now() - timedelta(days=40))
    old.file.save("old.json", ContentFile(b"{}"))
    name = old.file.name
    recent = JobFactory.create(status=Job.Status.DONE, finished_at=timezone.now())
    running = JobFactory.create(status=Job.Status.RUNNING)
    assert maintenance.jobs_prune(30) == 1
    assert set(Job.objects.values_list("pk", flat=True)) == {recent.pk, running.pk}
    assert not old.file.storage.exists(name)


def test_it_publishes_big_progress_steps_at_once_and_small_ones_at_most_twice_a_second() -> None:
    job = JobFactory.create(status=Job.Status.RUNNING)
    report = progress.reporter(job)
    report(0.0, "Copying.")
    report(0.05, "Reading.")
    assert progress.job_progress(job) == (0.05, "Reading.")
    report(0.055, "Writing 1 of 1000 records.")
    assert progress.job_progress(job) == (0.05, "Reading.")
