"""The admin's "Fetch from Scryfall": a curator starts fetch_catalog as a background job (run
inline in tests) against a local server shaped like Scryfall's bulk-data API."""

from __future__ import annotations

from django.test import Client

from catalog.models import TokenDefinition, TokenRelation
from jobs.models import Job
from tests.catalog.management.commands.test_fetch_catalog import _base, server  # noqa: F401
from tests.factories import UserFactory

URL = "/admin/catalog/fetch/"


def _curator() -> Client:
    client = Client()
    client.force_login(UserFactory.create(is_staff=True, is_superuser=True))
    return client


def test_a_curator_fetches_and_imports_a_bulk_file_with_progress(db, server, settings):  # noqa: F811
    settings.CATALOG_FETCH_API = _base(server)
    curator = _curator()
    assert b"Fetch and import" in curator.get("/admin/catalog/import/").content
    response = curator.post(URL, {"bulk": "default_cards", "api_base": "http://evil.example"})
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/{job.pk}/")
    assert job.kind == "catalog_fetch" and job.status == "done" and job.progress == 1.0
    assert job.result is not None and job.result["changes"] > 0
    assert TokenDefinition.objects.filter(name="Vizier of Many Faces").exists()
    assert TokenRelation.objects.filter(card__name="Resplendent Angel").exists()
    page = curator.get(response["Location"]).content.decode()
    assert "Imported Scryfall default_cards" in page


def test_an_unreachable_api_fails_the_job_with_a_sentence(db, settings):
    settings.CATALOG_FETCH_API = "http://127.0.0.1:9"  # nothing listens on the discard port
    _curator().post(URL, {"bulk": "oracle_cards"})
    job = Job.objects.get()
    assert job.status == "failed" and "cannot reach" in job.detail
    assert not TokenDefinition.objects.filter(name="Vizier of Many Faces").exists()


def test_only_curators_fetch_and_only_known_bulk_files(db):
    player = Client()
    player.force_login(UserFactory.create(is_staff=True))
    assert player.post(URL, {"bulk": "oracle_cards"}).status_code == 403
    assert _curator().post(URL, {"bulk": "everything"}).status_code == 400
    assert not Job.objects.exists()
