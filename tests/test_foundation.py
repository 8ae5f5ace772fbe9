from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_it_serves_the_home_page(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert b"Tokensite" in response.content


@pytest.mark.django_db
def test_it_reports_health_with_the_database_reachable(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "cache": "ok", "channels": "ok"}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/healthz", "/catalog/", "/play/"])
def test_it_answers_head_like_get_for_monitors(client: Client, path: str) -> None:
    assert client.head(path, follow=True).status_code == 200


@pytest.mark.django_db
def test_it_serves_the_openapi_schema_and_local_docs(client: Client) -> None:
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content
    assert b"https://" not in docs.content.split(b"<body")[0]  # no CDN: the sidecar serves it


@pytest.mark.django_db
def test_it_signs_up_and_logs_in(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {"username": "ann", "password1": "a-long-pass-1234", "password2": "a-long-pass-1234"},
    )
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "ann"


@pytest.mark.django_db
def test_it_shows_login_page(client: Client) -> None:
    assert client.get("/accounts/login/").status_code == 200


def test_the_deploy_check_is_clean_in_production_settings() -> None:
    import os
    import subprocess
    import sys

    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DEBUG": "0",
        "SECRET_KEY": "Zq8#pL2!vR7@kW4$mN9%tB3^yH6&cX1*dF5(gJ0)sA-production-key",
        "ALLOWED_HOSTS": "tokens.example",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr
