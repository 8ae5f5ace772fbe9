"""/healthz names the failing part; a lost database is a 503, never a 500 (tokensite/views.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client

from tokensite import views

SECRET = "could not connect to server at 10.0.0.7 port 5432 password=hunter2"


def database_down(self: Any, *args: Any, **kwargs: Any) -> None:
    raise OperationalError(SECRET)


@pytest.fixture
def lost_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", database_down)


@pytest.mark.django_db
def test_it_names_the_failing_part_and_keeps_the_details_in_the_log(
    client: Client, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def channels_down() -> None:
        raise ConnectionError(SECRET)

    monkeypatch.setitem(views.HEALTH_CHECKS, "channels", channels_down)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"database": "ok", "cache": "ok", "channels": "error"}
    assert SECRET not in response.content.decode()
    assert SECRET in caplog.text


@pytest.mark.django_db(transaction=True)
def test_it_reports_a_lost_database(lost_database: None) -> None:
    response = Client(raise_request_exception=False).get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"database": "error", "cache": "ok", "channels": "ok"}


@pytest.mark.django_db(transaction=True)
def test_a_hung_channel_layer_is_reported_within_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    class HungLayer:
        async def group_send(self, group: str, message: dict[str, Any]) -> None:
            await asyncio.sleep(3600)

    monkeypatch.setattr(views, "get_channel_layer", HungLayer)
    # Each answer comes within the check deadline; the hung part is named once its check has
    # run out of its own bound (a second), not at the first slow moment.
    started = time.monotonic()
    while True:
        asked = time.monotonic()
        response = Client().get("/healthz")
        assert time.monotonic() - asked < 1.0
        if response.status_code == 503:
            break
        assert time.monotonic() - started < 3, response.json()
        time.sleep(0.1)
    assert response.json()["channels"] == "error"


def logged_in() -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(User.objects.create_user("ann"))
    return client


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/api/v1/tables/", "/api/v1/tokens/?q=goblin"])
def test_the_api_answers_its_error_envelope_with_503_while_the_database_is_lost(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = logged_in()
    monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", database_down)
    response = client.get(path)
    assert response.status_code == 503
    assert response["Retry-After"]
    body = response.json()
    assert body["error"] == "unavailable" and body["rule"] is None
    assert SECRET not in response.content.decode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/", "/play/", "/catalog/"])
def test_pages_answer_a_plain_503_page_while_the_database_is_lost(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = logged_in()
    monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", database_down)
    response = client.get(path)
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")
    assert b"Back in a moment" in response.content
    assert SECRET.encode() not in response.content


@pytest.mark.django_db(transaction=True)
def test_it_recovers_when_the_database_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    client = logged_in()
    with monkeypatch.context() as patch:
        patch.setattr(BaseDatabaseWrapper, "ensure_connection", database_down)
        assert client.get("/api/v1/tables/").status_code == 503
    assert client.get("/healthz").status_code == 200
    assert client.get("/api/v1/tables/").status_code == 200
