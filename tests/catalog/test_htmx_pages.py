"""Pages that answer htmx with a fragment and browsers with the whole page: `Vary` names the
htmx headers, and a history restore (a back-navigation that missed htmx's cache) gets the page."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _vary(response) -> set[str]:
    return {part.strip() for part in response.get("Vary", "").split(",")}


def test_a_page_that_answers_both_ways_varies_on_the_htmx_headers(
    client: Client, seeded: None
) -> None:
    full = client.get("/catalog/?q=treasure")
    fragment = client.get("/catalog/?q=treasure", HTTP_HX_REQUEST="true")
    assert "<html" in full.content.decode()
    assert "<html" not in fragment.content.decode()
    for response in (full, fragment):
        assert {"HX-Request", "HX-History-Restore-Request"} <= _vary(response)


def test_a_history_restore_request_gets_the_whole_page(client: Client, seeded: None) -> None:
    restored = client.get(
        "/catalog/?q=treasure", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    html = restored.content.decode()
    assert restored.status_code == 200
    assert "<html" in html and '<section id="results"' in html
    assert "/catalog/tokens/mtg-treasure/" in html


def test_a_page_that_answers_one_way_does_not_vary_on_htmx(client: Client) -> None:
    assert "HX-Request" not in _vary(client.get("/healthz"))
