from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from jobs.models import Job
from tests.factories import CuratorFactory, JobFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_it_shows_metrics_to_staff_only() -> None:
    assert Client().get("/metrics").status_code in (401, 403)
    player = Client()
    player.force_login(UserFactory.create())
    assert player.get("/metrics").status_code == 403


def test_it_lets_a_scraper_in_with_a_staff_token() -> None:
    token = Token.objects.create(user=CuratorFactory.create())
    response = Client().get("/metrics", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")


def test_it_counts_requests_jobs_and_actions() -> None:
    JobFactory.create(status=Job.Status.QUEUED)
    JobFactory.create(status=Job.Status.QUEUED)
    staff = Client()
    staff.force_login(CuratorFactory.create())
    staff.get("/api/v1/games/")
    text = staff.get("/metrics").content.decode()
    assert 'tokensite_jobs{status="queued"} 2.0' in text
    assert 'tokensite_jobs{status="failed"} 0.0' in text
    assert "tokensite_actions_logged " in text
    assert 'tokensite_http_requests_total{method="GET",route="game-list",status="200"}' in text
    assert "tokensite_websocket_connections " in text


def test_it_reports_the_tasks_waiting_for_a_worker() -> None:
    from jobs.tasks import queue, run_job

    staff = Client()
    staff.force_login(CuratorFactory.create())
    queue.immediate = False
    try:
        queue.flush()
        run_job("00000000-0000-0000-0000-000000000000")  # enqueued, not run
        run_job("00000000-0000-0000-0000-000000000001")
        assert "tokensite_job_queue_length 2.0" in staff.get("/metrics").content.decode()
    finally:
        queue.flush()
        queue.immediate = True
