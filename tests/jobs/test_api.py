from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from catalog.models import TokenDefinition
from tests.factories import CuratorFactory, JobFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path


def client_for(user: Any) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_it_imports_a_file_as_a_job_and_reports_it(shared_data: Path) -> None:
    staff = client_for(CuratorFactory.create())
    content = (shared_data / "mtgjson_sample.json").read_bytes()
    response = staff.post(
        "/api/v1/imports/",
        {"file": SimpleUploadedFile("set.json", content), "format": "mtgjson"},
        format="multipart",
    )
    assert response.status_code == 202
    job = staff.get(f"/api/v1/jobs/{response.json()['job']}/").json()
    assert set(job) == {"id", "kind", "status", "progress", "detail", "result"}
    assert job["kind"] == "catalog_import" and job["status"] == "done" and job["progress"] == 1.0
    assert job["result"]["changes"] > 0 and job["result"]["dry_run"] is False
    assert TokenDefinition.objects.filter(name="Weird Token").exists()


def test_it_reports_a_bad_file_as_a_failed_job() -> None:
    staff = client_for(CuratorFactory.create())
    upload = SimpleUploadedFile("tokens.xml", b"\x00garbage")
    job_id = staff.post(
        "/api/v1/imports/", {"file": upload, "format": "cockatrice"}, format="multipart"
    ).json()["job"]
    job = staff.get(f"/api/v1/jobs/{job_id}/").json()
    assert job["status"] == "failed" and "tokens.xml" in job["detail"] and job["result"] is None


@pytest.mark.parametrize("data", [{"format": "mtgjson"}, {"format": "zip"}])
def test_it_refuses_a_missing_file_or_an_unknown_format(data: dict[str, Any]) -> None:
    if data["format"] == "zip":
        data = {**data, "file": SimpleUploadedFile("a.json", b"[]")}
    response = client_for(CuratorFactory.create()).post(
        "/api/v1/imports/", data, format="multipart"
    )
    assert response.status_code == 400 and response.json()["error"] == "invalid"


@pytest.mark.parametrize("who", [None, "player"])
def test_imports_are_for_staff_and_jobs_for_who_started_them(who: str | None) -> None:
    client = client_for(UserFactory.create() if who else None)
    upload = SimpleUploadedFile("a.json", b"[]")
    started = client.post("/api/v1/imports/", {"file": upload, "format": "mtgjson"})
    assert started.status_code in (401, 403)
    # Another's job is not found (its existence is not revealed), its output neither.
    other = JobFactory.create(created_by=CuratorFactory.create())
    assert client.get(f"/api/v1/jobs/{other.pk}/").status_code == 404
    assert client.get(f"/api/v1/jobs/{other.pk}/output/").status_code == 404


def test_it_answers_404_for_an_unknown_job() -> None:
    staff = client_for(CuratorFactory.create())
    response = staff.get("/api/v1/jobs/00000000-0000-0000-0000-000000000000/")
    assert response.status_code == 404 and response.json()["error"] == "not_found"
