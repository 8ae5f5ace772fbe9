from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from PIL import Image

from catalog.models import TokenDefinition, TokenPrinting
from catalog.printing.jobs import PrintError, job_pdf, print_job
from catalog.printing.layout import PrintOptions
from catalog.printing.preview import preview_pages
from tests.catalog.printing.pdfprobe import reader

pytestmark = pytest.mark.usefixtures("few_tokens")


def _png() -> bytes:
    buffer = BytesIO()
    Image.new("RGB", (120, 90), (200, 40, 40)).save(buffer, format="PNG")
    return buffer.getvalue()


def test_it_merges_repeated_tokens_and_counts_sheets() -> None:
    job = print_job([("mtg-treasure", 5), ("mtg-food", 3), ("mtg-treasure", 2)], PrintOptions())
    assert [(item.token, item.count) for item in job.items] == [
        ("mtg-treasure", 7),
        ("mtg-food", 3),
    ]
    assert job.copies == 10 and job.sheets == 2


@pytest.mark.parametrize(
    ("entries", "code"),
    [
        ([], "empty_selection"),
        ([("mtg-treasure", 0)], "invalid_count"),
        ([("mtg-treasure", 10_000)], "too_many_copies"),
        ([("mtg-treasure", 1), ("nope", 1)], "unknown_token"),
    ],
)
def test_it_refuses_what_cannot_be_printed(entries: list[tuple[str, int]], code: str) -> None:
    with pytest.raises(PrintError) as caught:
        print_job(entries, PrintOptions())
    assert caught.value.code == code


def test_it_prints_uploaded_art(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path
    token = TokenDefinition.objects.get(slug="mtg-food")
    TokenPrinting.objects.create(
        token=token, set_code="tst", art=SimpleUploadedFile("food.png", _png(), "image/png")
    )
    job = print_job([("mtg-food", 2), ("mtg-treasure", 1)], PrintOptions())
    page: Any = reader(job_pdf(job)).pages[0]
    forms = page["/Resources"]["/XObject"]
    images = [
        name
        for form in forms.values()
        for name, obj in form.get_object()["/Resources"].get("/XObject", {}).items()
        if obj.get_object()["/Subtype"] == "/Image"
    ]
    assert len(images) == 1  # one face with art, embedded once for its two copies
    faces, _ = preview_pages(job)
    hrefs = [s.attrs["href"] for f in faces for s in f.shapes if s.kind == "image"]
    assert len(hrefs) == 1 and hrefs[0].startswith("/media/token-art/food")
    served = Client().get(hrefs[0])
    assert served.status_code == 200 and served["Content-Type"] == "image/png"
    assert Client().get("/media/../db.sqlite3").status_code == 404  # outside the art
    assert Client().get("/media/jobs/anything.json").status_code == 404  # job inputs: private


def test_it_prints_without_art_when_the_file_is_gone(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path
    token = TokenDefinition.objects.get(slug="mtg-food")
    printing = TokenPrinting.objects.create(
        token=token, art=SimpleUploadedFile("food.png", _png(), "image/png")
    )
    printing.art.storage.delete(printing.art.name)
    job = print_job([("mtg-food", 1)], PrintOptions())
    assert "art" not in job.items[0].payload
    assert reader(job_pdf(job)).pages[0].extract_text().count("Food Token") == 1
