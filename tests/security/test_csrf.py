"""CSRF: a browser session must prove the request came from our pages before any
write; token-authenticated scripts carry no cookie, so they need no CSRF token."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.authtoken.models import Token

from play.models import Table
from play.table import services
from tests.play.conftest import create_soldiers

TABLE = {"game": "mtg", "name": "Friday", "players": ["Ann", "Ben"]}


@pytest.fixture
def ann(db: Any) -> User:
    return User.objects.create_user("ann")


def _session(user: User) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def _csrf_token(client: Client) -> str:
    client.get("/play/")  # any page with a form sets the cookie
    return str(client.cookies["csrftoken"].value)


def test_it_refuses_a_session_api_write_without_the_csrf_token(ann: User) -> None:
    client = _session(ann)
    response = client.post("/api/v1/tables/", json.dumps(TABLE), "application/json")
    assert response.status_code == 403
    assert {"error", "detail", "rule"} <= set(response.json())
    assert "CSRF" in response.json()["detail"]
    assert not Table.objects.exists()


def test_it_accepts_a_session_api_write_with_the_csrf_token(ann: User) -> None:
    client = _session(ann)
    token = _csrf_token(client)
    response = client.post(
        "/api/v1/tables/", json.dumps(TABLE), "application/json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 201


def test_it_refuses_session_actions_and_page_forms_without_the_csrf_token(ann: User) -> None:
    table = services.table_create(owner=ann, game="mtg", name="F", players=["Ann"])
    client = _session(ann)
    body = {"expected_version": 0, "action": create_soldiers()}
    api = client.post(f"/api/v1/tables/{table.id}/actions/", json.dumps(body), "application/json")
    page = client.post(
        f"/play/{table.id}/act/",
        {"expected_version": "0", "type": "adjust_life", "seat": "0", "amount": "-1"},
    )
    assert (api.status_code, page.status_code) == (403, 403)
    table.refresh_from_db()
    assert table.version == 0


def test_it_needs_no_csrf_token_with_token_authentication(ann: User) -> None:
    key = Token.objects.create(user=ann).key
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/api/v1/tables/",
        json.dumps(TABLE),
        "application/json",
        HTTP_AUTHORIZATION=f"Token {key}",
    )
    assert response.status_code == 201
