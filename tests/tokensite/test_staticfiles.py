from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from PIL import Image

from tokensite.management.commands.make_favicon import draw_icon

pytestmark = pytest.mark.django_db


def test_it_serves_pages_when_the_static_manifest_is_stale(settings: Any, tmp_path: Path) -> None:
    """DEBUG=0 with a manifest collected elsewhere (or none) links unhashed names, no 500."""
    settings.DEBUG = False
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "tokensite.staticfiles.ForgivingManifestStorage"},
    }
    (tmp_path / "staticfiles.json").write_text('{"paths": {}, "version": "1.1"}')
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 200
    assert "/static/favicon.svg" in response.content.decode()


def test_start_up_logs_nothing_about_the_manifest(settings: Any, tmp_path: Path, caplog) -> None:
    """Whitenoise probes the unhashed name of every hashed-looking file at start-up; those are
    names of no file and no reason to log. A real file the manifest lacks is logged once."""
    from django.core.management import call_command
    from whitenoise.middleware import WhiteNoiseMiddleware

    from tokensite.staticfiles import ForgivingManifestStorage

    settings.STATIC_ROOT = tmp_path
    storage = {"BACKEND": "tokensite.staticfiles.ForgivingManifestStorage"}
    settings.STORAGES = {**settings.STORAGES, "staticfiles": storage}
    call_command("collectstatic", "--noinput", verbosity=0)
    caplog.set_level("INFO", logger="tokensite.staticfiles")
    WhiteNoiseMiddleware(lambda request: None)
    assert not caplog.records

    (tmp_path / "never-collected").mkdir()
    stale = ForgivingManifestStorage(location=tmp_path / "never-collected")
    assert stale.stored_name("favicon.svg") == "favicon.svg"
    assert stale.stored_name("favicon.svg") == "favicon.svg"
    assert len(caplog.records) == 1 and "favicon.svg" in caplog.text


def test_favicon_ico_is_ours_not_a_404(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/x-icon"
    icon = Image.open(io.BytesIO(b"".join(response.streaming_content)))
    assert icon.format == "ICO" and {(16, 16), (32, 32)} <= icon.info["sizes"]
    assert client.post("/favicon.ico").status_code == 405


def test_the_icon_is_the_card_with_its_t_on_a_transparent_square():
    icon = draw_icon(88).convert("RGBA")

    def pixel(x: int, y: int) -> tuple[int, ...]:
        found = icon.getpixel((x, y))
        assert isinstance(found, tuple)
        return found

    assert pixel(0, 0)[3] == 0  # beside the card
    assert pixel(44, 2)[:3] == (0x2B, 0x25, 0x36)  # the card's dark frame
    assert pixel(44, 40)[:3] == (0x7B, 0x3F, 0xA0)  # the T
