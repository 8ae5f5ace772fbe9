"""fetch_catalog against a local server shaped like Scryfall's bulk-data API."""

from __future__ import annotations

import gzip
import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from catalog.importers.fetch import ACCEPT, USER_AGENT
from catalog.models import CardDefinition, TokenDefinition, TokenRelation


class FakeScryfall(ThreadingHTTPServer):
    files: dict[str, tuple[bytes, bool]]  # path -> (body, gzipped)
    headers_seen: list[dict[str, str]]


class Handler(BaseHTTPRequestHandler):
    server: FakeScryfall

    def do_GET(self) -> None:
        self.server.headers_seen.append(dict(self.headers))
        found = self.server.files.get(self.path)
        if found is None:
            self.send_error(404)
            return
        body, gzipped = found
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server(shared_data: Path) -> Iterator[FakeScryfall]:
    bundle = json.loads((shared_data / "scryfall_sample.json").read_text(encoding="utf-8"))
    cards = bundle["scryfall_api_types_fixtures"] + bundle["mtg_ssm_subset"]
    httpd = FakeScryfall(("127.0.0.1", 0), Handler)
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    listing = {
        "object": "list",
        "data": [
            {"object": "bulk_data", "type": "oracle_cards", "download_uri": f"{base}/o.json"},
            {"object": "bulk_data", "type": "default_cards", "download_uri": f"{base}/d.json"},
        ],
    }
    body = json.dumps(cards).encode()
    httpd.files = {
        "/bulk-data": (json.dumps(listing).encode(), False),
        "/o.json": (body, False),
        "/d.json": (gzip.compress(body), True),
    }
    httpd.headers_seen = []
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def _base(server: FakeScryfall) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}"


def _fetch(*args: str) -> str:
    out = StringIO()
    call_command("fetch_catalog", "scryfall", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.mark.django_db
def test_it_downloads_the_bulk_file_named_by_the_listing_and_imports_it(server):
    output = _fetch("--api-base", _base(server))
    assert "/o.json" in output and "Imported: scryfall" in output
    assert TokenDefinition.objects.filter(name="Vizier of Many Faces").exists()
    assert CardDefinition.objects.filter(name="Thallid", incomplete=False).exists()
    assert TokenRelation.objects.filter(card__name="Resplendent Angel").exists()
    for headers in server.headers_seen:
        assert headers["User-Agent"] == USER_AGENT
        assert headers["Accept"] == ACCEPT
    assert "created" not in _fetch("--api-base", _base(server))  # idempotent


@pytest.mark.django_db
def test_it_decodes_a_gzipped_bulk_file(server):
    output = _fetch("--api-base", _base(server), "--bulk", "default_cards")
    assert "/d.json" in output
    assert TokenDefinition.objects.filter(name="Vizier of Many Faces").exists()


@pytest.mark.django_db
def test_it_names_the_missing_bulk_type(server):
    with pytest.raises(CommandError, match="no all_cards bulk file offered"):
        _fetch("--api-base", _base(server), "--bulk", "all_cards")


@pytest.mark.django_db
def test_it_says_clearly_when_there_is_no_network():
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    before = TokenDefinition.objects.count()
    with pytest.raises(CommandError, match=r"cannot reach 127\.0\.0\.1.*no network"):
        _fetch("--api-base", f"http://127.0.0.1:{port}")
    assert TokenDefinition.objects.count() == before
