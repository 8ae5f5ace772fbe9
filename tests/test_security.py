from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_it_sends_security_headers(client: Client) -> None:
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in policy
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


@pytest.mark.django_db
def test_the_api_docs_page_has_no_inline_script(client: Client) -> None:
    content = client.get("/api/docs/").content.decode()
    assert "<script>" not in content


@pytest.mark.django_db
def test_it_enforces_csrf_on_session_logins() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403
