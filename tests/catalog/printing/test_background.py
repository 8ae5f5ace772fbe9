"""Large prints made in background jobs: started from the print page or the API, followed, and
downloaded from the storage by whoever started them (and nobody else)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from catalog.models import TokenDefinition
from jobs.maintenance import jobs_prune
from jobs.models import Job
from jobs.runner import job_run
from jobs.tasks import queue
from tests.catalog.printing.pdfprobe import reader
from tests.factories import CuratorFactory, UserFactory

pytestmark = pytest.mark.usefixtures("few_tokens")
LARGE = 9 * 13  # 13 sheets: one more than PRINT_INLINE_MAX_SHEETS


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path
    settings.PRINT_INLINE_MAX_SHEETS = 12


@pytest.fixture
def queued() -> Iterator[None]:
    """Jobs wait in the queue as on a deployment's workers (the test runs them by hand)."""
    queue.immediate = False
    try:
        yield
    finally:
        queue.immediate = True


def api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_makes_a_large_print_in_the_background_for_its_owner_only() -> None:
    owner = UserFactory.create()
    started = api(owner).post(
        "/api/v1/print/jobs/",
        {"items": [{"token": "mtg-food", "count": LARGE}], "paper": "letter"},
        format="json",
    )
    assert started.status_code == 202, started.content
    job_url = f"/api/v1/jobs/{started.json()['job']}/"
    job = api(owner).get(job_url).json()
    assert job["kind"] == "print_pdf" and job["status"] == "done" and job["progress"] == 1.0
    assert job["result"]["copies"] == LARGE and job["result"]["sheets"] == 13
    pdf = api(owner).get(job["result"]["download"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    content = b"".join(pdf.streaming_content)  # type: ignore[attr-defined]
    assert len(reader(content).pages) == 13
    assert reader(content).pages[12].extract_text().count("Food Token") == LARGE - 9 * 12

    stranger = api(UserFactory.create())
    assert stranger.get(job_url).status_code == 404
    assert stranger.get(job["result"]["download"]).status_code == 404
    assert api(CuratorFactory.create()).get(job_url).status_code == 200  # staff see every job


def test_the_api_refuses_a_bad_print_before_starting_a_job() -> None:
    client = api(UserFactory.create())
    unknown = client.post(
        "/api/v1/print/jobs/", {"items": [{"token": "mtg-nope", "count": 2}]}, format="json"
    )
    assert unknown.status_code == 400 and unknown.json()["error"] == "unknown_token"
    assert APIClient().post("/api/v1/print/jobs/", {}, format="json").status_code in (401, 403)
    assert not Job.objects.exists()


def test_a_print_job_fails_in_player_words_when_its_token_is_gone_meanwhile(queued: None) -> None:
    started = api(UserFactory.create()).post(
        "/api/v1/print/jobs/", {"items": [{"token": "mtg-food", "count": 2}]}, format="json"
    )
    TokenDefinition.objects.filter(slug="mtg-food").delete()
    job_run(started.json()["job"])
    job = Job.objects.get(pk=started.json()["job"])
    assert job.status == Job.Status.FAILED and "mtg-food" in job.detail and not job.output


def test_the_print_page_offers_then_follows_then_downloads_a_large_print(queued: None) -> None:
    visitor = Client()  # no account: the job is the session's
    assert visitor.get(f"/print/?token=mtg-food&count={LARGE}").status_code == 302
    offer = visitor.get("/print/pdf/?paper=a4")
    assert offer.status_code == 200 and offer["Content-Type"].startswith("text/html")
    assert "Make the PDF" in offer.content.decode() and not Job.objects.exists()
    action = re.search(r'<form method="post" action="([^"]+)"', offer.content.decode())
    assert action is not None
    started = visitor.post(action.group(1).replace("&amp;", "&"))
    assert started.status_code == 302
    page_url = started["Location"]

    waiting = visitor.get(page_url).content.decode()
    assert 'http-equiv="refresh"' in waiting and "job-progress" in waiting
    job = Job.objects.get()
    assert job.status == Job.Status.QUEUED and job.params["options"]["paper"] == "a4"

    job_run(str(job.pk))
    ready = visitor.get(page_url).content.decode()
    assert 'http-equiv="refresh"' not in ready
    download = re.search(r'href="([^"]+)" data-testid="print-job-download"', ready)
    assert download is not None
    pdf = visitor.get(download.group(1))
    assert pdf.status_code == 200
    assert len(reader(b"".join(pdf.streaming_content)).pages) == 13  # type: ignore[attr-defined]

    other = Client()
    assert other.get(page_url).status_code == 404
    assert other.get(download.group(1)).status_code == 404


def test_a_small_print_stays_in_the_request(client: Client) -> None:
    assert client.get("/print/?token=mtg-food&count=9").status_code == 302
    response = client.get("/print/pdf/")
    assert response["Content-Type"] == "application/pdf" and not Job.objects.exists()


def test_old_print_jobs_are_pruned_with_their_pdf() -> None:
    started = api(UserFactory.create()).post(
        "/api/v1/print/jobs/", {"items": [{"token": "mtg-food", "count": 1}]}, format="json"
    )
    job = Job.objects.get(pk=started.json()["job"])
    assert job.output.storage.exists(job.output.name)
    Job.objects.filter(pk=job.pk).update(finished_at=timezone.now() - timedelta(days=40))
    assert jobs_prune(30) == 1
    assert not job.output.storage.exists(job.output.name)


def test_the_admin_job_list_refreshes_while_a_job_runs(admin_client: Client) -> None:
    # In place, by static/js/admin-refresh.js with a Pause control (WCAG 2.2.1), not a timed
    # <meta refresh>; the browser side is tests/e2e/test_admin_accessibility.py.
    job = Job.objects.create(kind="print_pdf", status=Job.Status.RUNNING)
    for url in ("/admin/jobs/job/", f"/admin/jobs/job/{job.pk}/change/"):
        page = admin_client.get(url).content.decode()
        assert "js/admin-refresh.js" in page and 'http-equiv="refresh"' not in page
    Job.objects.filter(pk=job.pk).update(status=Job.Status.DONE)
    for url in ("/admin/jobs/job/", f"/admin/jobs/job/{job.pk}/change/"):
        assert "js/admin-refresh.js" not in admin_client.get(url).content.decode()
    assert admin_client.get("/admin/jobs/job/not-a-uuid/change/").status_code in (302, 404)


def test_the_admin_prints_a_sheet_of_each_selected_token(admin_client: Client) -> None:
    pks = list(
        TokenDefinition.objects.filter(slug__in=["mtg-food", "mtg-treasure"]).values_list(
            "pk", flat=True
        )
    )
    answer = admin_client.post(
        "/admin/catalog/tokendefinition/",
        {"action": "print_selected", "_selected_action": pks},
    )
    job = Job.objects.get()
    assert answer.status_code == 302 and answer["Location"].endswith(f"/jobs/job/{job.pk}/change/")
    result = job.result or {}
    assert job.status == Job.Status.DONE and result["sheets"] == 2
    page = admin_client.get(answer["Location"]).content.decode()
    assert result["download"] in page
    pdf = admin_client.get(result["download"])
    assert len(reader(b"".join(pdf.streaming_content)).pages) == 2  # type: ignore[attr-defined]
