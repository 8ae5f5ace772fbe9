"""Art on an S3-compatible object store (moto's server, spoken to over HTTP by boto3): uploaded,
printed and shown without any local path."""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO
from typing import Any

import boto3
import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from moto.server import ThreadedMotoServer
from PIL import Image

from catalog.models import TokenDefinition, TokenPrinting
from catalog.printing.jobs import job_pdf, print_job
from catalog.printing.layout import PrintOptions
from catalog.printing.preview import preview_pages
from tests.catalog.printing.pdfprobe import reader

pytestmark = pytest.mark.usefixtures("few_tokens")
BUCKET = "tokensite-art"


@pytest.fixture(scope="module")
def s3_endpoint() -> Iterator[str]:
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


@pytest.fixture
def object_storage(s3_endpoint: str, settings: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    for name, value in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
    }.items():
        monkeypatch.setenv(name, value)
    s3 = boto3.client("s3", endpoint_url=s3_endpoint)
    s3.create_bucket(Bucket=BUCKET)
    settings.MEDIA_ROOT = "/nonexistent-media-root"  # nothing may land on the local disk
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {"bucket_name": BUCKET, "endpoint_url": s3_endpoint, "default_acl": None},
        },
    }
    return s3


def _png(color: tuple[int, int, int]) -> bytes:
    buffer = BytesIO()
    Image.new("RGB", (120, 90), color).save(buffer, format="PNG")
    return buffer.getvalue()


def test_it_keeps_uploaded_art_in_the_bucket_and_prints_it(object_storage: Any) -> None:
    art = _png((10, 120, 200))
    printing = TokenPrinting.objects.create(
        token=TokenDefinition.objects.get(slug="mtg-food"),
        art=SimpleUploadedFile("food-on-s3.png", art, "image/png"),
    )
    assert type(default_storage._wrapped).__name__ == "S3Storage"  # type: ignore[attr-defined]
    stored = object_storage.get_object(Bucket=BUCKET, Key=printing.art.name)["Body"].read()
    assert stored == art

    job = print_job([("mtg-food", 2)], PrintOptions())
    assert job.items[0].payload["art"] == printing.art.name
    images = [
        obj
        for page in reader(job_pdf(job)).pages
        for form in page["/Resources"]["/XObject"].values()  # type: ignore[index]
        for obj in form.get_object()["/Resources"].get("/XObject", {}).values()
        if obj.get_object()["/Subtype"] == "/Image"
    ]
    assert len(images) == 1  # drawn from the bytes read out of the bucket

    faces, _ = preview_pages(job)
    href = next(s.attrs["href"] for f in faces for s in f.shapes if s.kind == "image")
    served = Client().get(href)
    assert served.status_code == 200 and served.getvalue() == art


def test_it_prints_without_art_when_the_object_is_gone(object_storage: Any) -> None:
    printing = TokenPrinting.objects.create(
        token=TokenDefinition.objects.get(slug="mtg-food"),
        art=SimpleUploadedFile("gone.png", _png((1, 2, 3)), "image/png"),
    )
    object_storage.delete_object(Bucket=BUCKET, Key=printing.art.name)
    job = print_job([("mtg-food", 1)], PrintOptions())
    assert "art" not in job.items[0].payload
    assert Client().get(f"/media/{printing.art.name}").status_code == 404
