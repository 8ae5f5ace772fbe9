"""The admin Import page: staff only, a dry-run job, confirm applies the stored upload in a
second job; jobs run inline in tests (huey immediate mode)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from catalog.models import ReferenceCard, TokenDefinition
from jobs.models import Job
from tests.factories import UserFactory

URL = "/admin/catalog/import/"


@pytest.fixture(autouse=True)
def upload_dir(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def stored_files(root: Path) -> list[Path]:
    return (
        [p for p in (root / "jobs").rglob("*") if p.is_file()] if (root / "jobs").exists() else []
    )


def job_url(job: Job, action: str = "") -> str:
    return f"{URL}{job.pk}/{action + '/' if action else ''}"


def _client(db, *, staff: bool, superuser: bool = False) -> Client:
    user = UserFactory.create(is_staff=staff, is_superuser=superuser)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def curator(db) -> Client:
    return _client(db, staff=True, superuser=True)


@pytest.fixture
def sample(shared_data: Path) -> bytes:
    return (shared_data / "mtgjson_sample.json").read_bytes()


def _upload(client: Client, content: bytes, fmt: str = "mtgjson", name: str = "set.json"):
    return client.post(URL, {"format": fmt, "file": SimpleUploadedFile(name, content)})


def test_it_has_its_url_in_the_admin():
    assert reverse("admin:catalog_import") == URL


def test_it_is_listed_in_the_catalogue_app_of_the_admin(curator):
    response = curator.get("/admin/")
    assert response.status_code == 200
    assert f'href="{URL}"'.encode() in response.content


def test_it_sends_anonymous_users_and_players_to_the_admin_login(db):
    assert Client().get(URL).status_code == 302
    player = _client(db, staff=False)
    response = player.get(URL)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_it_forbids_staff_without_the_permission_to_add_tokens(db, sample):
    staff = _client(db, staff=True)
    assert staff.get(URL).status_code == 403
    assert _upload(staff, sample).status_code == 403


def test_it_shows_the_upload_form(curator):
    response = curator.get(URL)
    assert response.status_code == 200
    assert b'name="file"' in response.content and b"Cockatrice" in response.content


def test_it_previews_in_a_job_without_writing_then_applies_on_confirm(curator, sample, upload_dir):
    response = _upload(curator, sample)
    preview = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == job_url(preview)
    page = curator.get(job_url(preview))
    assert b"Dry run" in page.content and b"emblem" in page.content
    assert preview.status == "done" and preview.params["dry_run"] is True
    assert not TokenDefinition.objects.filter(name="Weird Token").exists()
    assert len(stored_files(upload_dir)) == 1
    done = curator.post(job_url(preview, "confirm"))
    applied = Job.objects.exclude(pk=preview.pk).get()
    assert done["Location"] == job_url(applied)
    assert b"Imported set.json" in curator.get(job_url(applied)).content
    assert applied.result is not None and applied.result["changes"] > 0
    assert applied.progress == 1.0
    assert TokenDefinition.objects.filter(name="Weird Token").count() == 1
    assert ReferenceCard.objects.filter(kind="emblem").count() == 3
    assert stored_files(upload_dir) == []
    again = curator.post(job_url(preview, "confirm"))  # the upload was used once
    assert again.status_code == 302 and again["Location"] == URL
    assert TokenDefinition.objects.filter(name="Weird Token").count() == 1


def test_it_shows_progress_and_follows_the_job_while_it_runs(curator, sample):
    _upload(curator, sample)
    job = Job.objects.get()
    Job.objects.filter(pk=job.pk).update(status="running", progress=0.0)
    from django.core.cache import cache

    from jobs.progress import PROGRESS_KEY

    cache.set(PROGRESS_KEY.format(job.pk), (0.42, "Writing 42 of 100 records."))
    page = curator.get(job_url(job)).content.decode()
    assert "42 %" in page and "Writing 42 of 100" in page
    # Followed in place by static/js/admin-refresh.js, never a timed reload (WCAG 2.2.1).
    assert 'data-refresh-seconds="2"' in page and "admin-refresh.js" in page
    assert 'http-equiv="refresh"' not in page


def test_it_never_reads_the_file_from_the_confirmation(curator, sample):
    _upload(curator, sample)
    preview = Job.objects.get()
    curator.post(
        job_url(preview, "confirm"),
        {"file": SimpleUploadedFile("evil.json", b"[]"), "format": "scryfall"},
    )
    assert TokenDefinition.objects.filter(name="Weird Token").count() == 1


def test_it_keeps_another_curators_job_to_them(curator, sample, db):
    _upload(curator, sample)
    preview = Job.objects.get()
    other = _client(db, staff=True, superuser=True)
    assert other.get(job_url(preview)).status_code == 404
    assert other.post(job_url(preview, "confirm")).status_code == 404
    assert not TokenDefinition.objects.filter(name="Weird Token").exists()


def test_it_shows_a_clear_error_for_a_bad_file_and_keeps_nothing(curator, upload_dir):
    _upload(curator, b"\x00garbage", fmt="cockatrice", name="tokens.xml")
    job = Job.objects.get()
    assert job.status == "failed"
    page = curator.get(job_url(job)).content
    assert b"tokens.xml: not well-formed XML" in page and b"errornote" in page
    assert stored_files(upload_dir) == []
    assert curator.post(job_url(job, "confirm"))["Location"] == URL


def test_it_refuses_a_missing_file_or_format(curator, sample):
    assert curator.post(URL, {"format": "mtgjson"}).status_code == 400
    response = curator.post(URL, {"format": "zip", "file": SimpleUploadedFile("a", sample)})
    assert response.status_code == 400
    assert not Job.objects.exists()


def test_it_discards_the_upload_on_cancel(curator, sample, upload_dir):
    _upload(curator, sample)
    preview = Job.objects.get()
    assert curator.post(job_url(preview, "cancel")).status_code == 302
    assert stored_files(upload_dir) == []
    assert curator.post(job_url(preview, "confirm"))["Location"] == URL
    assert not TokenDefinition.objects.filter(name="Weird Token").exists()


def test_it_answers_get_on_confirm_with_405(curator, sample):
    _upload(curator, sample)
    assert curator.get(job_url(Job.objects.get(), "confirm")).status_code == 405
