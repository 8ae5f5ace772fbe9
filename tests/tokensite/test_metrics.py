from __future__ import annotations

import pytest
from django.test import Client

from jobs.models import Job
from tests.factories import CuratorFactory, JobFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_it_shows_metrics_to_staff_only() -> None:
    assert Client().get("/metrics").status_code == 302  # to the admin login
    player = Client()
    player.force_login(UserFactory())
    assert player.get("/metrics").status_code == 302


def test_it_counts_requests_jobs_and_actions() -> None:
    JobFactory(status=Job.Status.QUEUED)
    JobFactory(status=Job.Status.QUEUED)
    staff = Client()
    staff.force_login(CuratorFactory())
    staff.get("/api/v1/games/")
    text = staff.get("/metrics").content.decode()
    assert 'tokensite_jobs{status="queued"} 2.0' in text
    assert 'tokensite_jobs{status="failed"} 0.0' in text
    assert "tokensite_actions_logged " in text
    assert 'tokensite_http_requests_total{method="GET",route="game-list",status="200"}' in text
    assert "tokensite_websocket_connections " in text
