from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

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
