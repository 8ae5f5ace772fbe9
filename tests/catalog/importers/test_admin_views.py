"""The admin Import page: staff only, dry-run preview, confirm applies the stored upload."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from catalog.importers import admin_views
from catalog.models import ReferenceCard, TokenDefinition

URL = "/admin/catalog/import/"
CONFIRM = "/admin/catalog/import/confirm/"
CANCEL = "/admin/catalog/import/cancel/"


@pytest.fixture(autouse=True)
def upload_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(admin_views, "UPLOAD_DIR", tmp_path / "uploads")
    return tmp_path / "uploads"


def _client(db, *, staff: bool, superuser: bool = False) -> Client:
    user = get_user_model().objects.create_user(
        f"user-{staff}-{superuser}", password="pw-123456789", is_staff=staff, is_superuser=superuser
    )
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


def test_it_previews_without_writing_then_applies_on_confirm(curator, sample, upload_dir):
    response = _upload(curator, sample)
    assert response.status_code == 200
    assert b"Dry run" in response.content and b"emblem" in response.content
    assert not TokenDefinition.objects.filter(name="Weird Token").exists()
    assert len(list(upload_dir.iterdir())) == 1
    done = curator.post(CONFIRM)
    assert done.status_code == 200
    assert b"Imported set.json" in done.content
    assert TokenDefinition.objects.filter(name="Weird Token").count() == 1
    assert ReferenceCard.objects.filter(kind="emblem").count() == 3
    assert list(upload_dir.iterdir()) == []
    again = curator.post(CONFIRM)  # the upload was used once; nothing is resent by the client
    assert again.status_code == 302
    assert TokenDefinition.objects.filter(name="Weird Token").count() == 1


def test_it_never_reads_the_file_from_the_confirmation(curator, sample):
    _upload(curator, sample)
    curator.post(CONFIRM, {"file": SimpleUploadedFile("evil.json", b"[]"), "format": "scryfall"})
    assert TokenDefinition.objects.filter(name="Weird Token").count() == 1


def test_it_shows_a_clear_error_for_a_bad_file_and_keeps_nothing(curator, upload_dir):
    response = _upload(curator, b"\x00garbage", fmt="cockatrice", name="tokens.xml")
    assert response.status_code == 400
    assert b"tokens.xml: not well-formed XML" in response.content
    assert not list(upload_dir.iterdir())
    assert curator.post(CONFIRM).status_code == 302


def test_it_refuses_a_missing_file_or_format(curator, sample):
    assert curator.post(URL, {"format": "mtgjson"}).status_code == 400
    response = curator.post(URL, {"format": "zip", "file": SimpleUploadedFile("a", sample)})
    assert response.status_code == 400


def test_it_discards_the_upload_on_cancel(curator, sample, upload_dir):
    _upload(curator, sample)
    assert curator.post(CANCEL).status_code == 302
    assert not list(upload_dir.iterdir())
    assert curator.post(CONFIRM).status_code == 302
    assert not TokenDefinition.objects.filter(name="Weird Token").exists()


def test_it_answers_get_on_confirm_with_405(curator):
    assert curator.get(CONFIRM).status_code == 405
