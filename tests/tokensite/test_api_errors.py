from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/api/v1/tables/not-a-uuid/", "/api/v1/nothing-here/", "/api/v1/tables/%20/state/"]
)
def test_it_answers_unmatched_api_paths_with_json(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.json() == {"error": "not_found", "detail": "Not Found.", "rule": None}


def test_it_keeps_html_404s_for_pages(client: Client) -> None:
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_it_answers_a_crash_under_the_api_with_json(settings: Any) -> None:
    settings.DEBUG = False
    settings.DEBUG_PROPAGATE_EXCEPTIONS = False
    client = Client(raise_request_exception=False)
    with mock.patch("catalog.api.views.GameViewSet.list", side_effect=RuntimeError("boom")):
        response = client.get("/api/v1/games/")
    assert response.status_code == 500
    assert response.json()["error"] == "server_error"
    assert "boom" not in response.content.decode()


def test_it_tags_every_response_with_a_request_id(client: Client) -> None:
    first = client.get("/")["X-Request-ID"]
    assert len(first) == 32 and client.get("/")["X-Request-ID"] != first
    assert client.get("/", HTTP_X_REQUEST_ID="proxy-id.42")["X-Request-ID"] == "proxy-id.42"
    forged = client.get("/", HTTP_X_REQUEST_ID="bad id\\n")["X-Request-ID"]
    assert forged != "bad id\\n"
