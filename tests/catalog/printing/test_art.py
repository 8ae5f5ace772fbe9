"""Imported pictures on proxies: fetched once from an allowed host (a local server here), stored
in two sizes, printed on every card that has one and credited; refused hosts and redirects."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from io import BytesIO
from typing import Any

import pytest
from django.core.files.storage import default_storage
from PIL import Image

from catalog.models import TokenDefinition, TokenPrinting
from catalog.printing import artfetch
from catalog.printing.jobs import job_pdf, print_job
from catalog.printing.layout import PrintOptions
from tests.catalog.printing.pdfprobe import reader


def _jpeg(color: tuple[int, int, int], size: tuple[int, int] = (626, 457)) -> bytes:
    buffer = BytesIO()
    Image.new("RGB", size, color).save(buffer, "JPEG")
    return buffer.getvalue()


class _Pictures(BaseHTTPRequestHandler):
    served: dict[str, bytes] = {}
    hits: list[str] = []
    redirect_to = ""

    def do_GET(self) -> None:
        self.hits.append(self.path)
        if self.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", self.redirect_to)
            self.end_headers()
            return
        body = self.served.get(self.path)
        if body is None:
            self.send_response(404)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def picture_host(monkeypatch: pytest.MonkeyPatch, settings: Any, tmp_path: Any) -> Iterator[str]:
    settings.MEDIA_ROOT = tmp_path
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Pictures)
    _Pictures.hits = []
    _Pictures.served = {}
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host = f"127.0.0.1:{server.server_port}"
    monkeypatch.setenv("ART_FETCH_HOSTS", host)
    artfetch._failed.clear()
    yield f"http://{host}"
    server.shutdown()
    server.server_close()


def _image_xobjects(page: Any) -> int:
    """Images the page draws, directly or inside its forms."""
    count = 0
    for obj in page["/Resources"].get("/XObject", {}).values():
        obj = obj.get_object()
        if obj["/Subtype"] == "/Image":
            count += 1
        for inner in obj.get("/Resources", {}).get("/XObject", {}).values():
            count += inner.get_object()["/Subtype"] == "/Image"
    return count


def _imported(slug: str, url: str, artist: str) -> None:
    """A token as the Scryfall importer leaves it: a printing with picture links, no upload."""
    token = TokenDefinition.objects.get(slug=slug)
    TokenPrinting.objects.create(
        token=token,
        set_code="tst",
        source="scryfall",
        art_crop_url=url,
        picture_url=url,
        artist=artist,
    )


def test_every_imported_token_prints_its_picture_once_fetched(
    few_tokens: None, picture_host: str
) -> None:
    slugs = ["mtg-treasure", "mtg-food", "mtg-dwarf-berserker-2-1-r"]
    for i, slug in enumerate(slugs):
        _Pictures.served[f"/{slug}.jpg"] = _jpeg((40 * i, 100, 200))
        _imported(slug, f"{picture_host}/{slug}.jpg", f"Artist {i}")

    job = print_job([(slug, 3) for slug in slugs], PrintOptions())
    pdf = reader(job_pdf(job))
    # Nine cards on one page, three distinct pictures, each embedded once.
    assert len(pdf.pages) == 1 and _image_xobjects(pdf.pages[0]) == 3
    text = pdf.pages[0].extract_text()
    assert all(f"Illus. Artist {i}" in text for i in range(3))
    assert sorted(_Pictures.hits) == sorted(f"/{slug}.jpg" for slug in slugs)

    for slug in slugs:  # both sizes stored, never larger than their limit
        for size, longest in artfetch.SIZES.items():
            name = artfetch.stored_name(f"{picture_host}/{slug}.jpg", size)
            with default_storage.open(name) as stored, Image.open(stored) as image:
                assert max(image.size) <= longest

    print_job([(slug, 1) for slug in slugs], PrintOptions())
    assert len(_Pictures.hits) == 3  # fetched once: the second print reads the storage


def test_the_players_printing_is_the_one_printed(few_tokens: None, picture_host: str) -> None:
    _Pictures.served["/a.jpg"] = _jpeg((200, 0, 0))
    _Pictures.served["/b.jpg"] = _jpeg((0, 0, 200))
    _imported("mtg-food", f"{picture_host}/a.jpg", "First")
    _imported("mtg-food", f"{picture_host}/b.jpg", "Second")
    second = TokenPrinting.objects.filter(token__slug="mtg-food").order_by("pk").last()
    assert second is not None
    job = print_job([("mtg-food", 1)], PrintOptions(), {"mtg-food": second.pk})
    assert job.items[0].payload["artist"] == "Second"
    assert print_job([("mtg-food", 1)], PrintOptions()).items[0].payload["artist"] == "First"
    assert "art" not in print_job([("mtg-food", 1)], PrintOptions(art=False)).items[0].payload


def test_it_fetches_nothing_from_hosts_not_listed(
    few_tokens: None, picture_host: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _Pictures.served["/food.jpg"] = _jpeg((1, 2, 3))
    _imported("mtg-food", f"{picture_host}/food.jpg", "Someone")
    monkeypatch.setenv("ART_FETCH_HOSTS", "cards.scryfall.io")
    job = print_job([("mtg-food", 1)], PrintOptions())
    assert "art" not in job.items[0].payload and _Pictures.hits == []
    assert _image_xobjects(reader(job_pdf(job)).pages[0]) == 0  # today's frame


def test_it_follows_no_redirect_to_another_host(picture_host: str) -> None:
    _Pictures.redirect_to = "http://localhost:9/elsewhere.jpg"
    with pytest.raises(artfetch.ArtFetchError, match="redirect"):
        artfetch.download(f"{picture_host}/redirect")


def test_it_refuses_pictures_over_the_size_limit(
    picture_host: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _Pictures.served["/big.jpg"] = _jpeg((9, 9, 9), (900, 900))
    monkeypatch.setattr(artfetch, "MAX_BYTES", 1000)
    with pytest.raises(artfetch.ArtFetchError, match="limit"):
        artfetch.download(f"{picture_host}/big.jpg")
    assert artfetch.fetched_art(f"{picture_host}/big.jpg") is None


@pytest.mark.parametrize(
    ("hosts", "url", "allowed"),
    [
        ("cards.scryfall.io", "https://cards.scryfall.io/art_crop/a.jpg", True),
        ("cards.scryfall.io", "https://cards.scryfall.io:8443/a.jpg", True),
        ("cards.scryfall.io", "http://169.254.169.254/latest/meta-data", False),
        ("example.org:8080", "http://example.org:8081/a.jpg", False),
        ("example.org:8080", "http://example.org:8080/a.jpg", True),
        ("example.org", "file:///etc/passwd", False),
    ],
)
def test_it_allows_only_the_listed_hosts(
    monkeypatch: pytest.MonkeyPatch, hosts: str, url: str, allowed: bool
) -> None:
    monkeypatch.setenv("ART_FETCH_HOSTS", hosts)
    assert artfetch.is_allowed(url) is allowed
