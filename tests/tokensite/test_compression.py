"""Gzip for the board's htmx answers only (tokensite/compression.py): what BREACH needs is a
secret in a compressed body, so those answers must carry none but the masked CSRF token."""

from __future__ import annotations

import gzip
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from play.models import Table
from play.table import services

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
HTMX = {"HX-Request": "true"}


@pytest.fixture
def table(db: Any) -> Table:
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    action = {
        "type": "create_token",
        "definition": {"name": "Soldier", "types": ["Creature"], "power": "1", "toughness": "1"},
        "count": 3,
        "controller": 0,
    }
    services.table_apply_action(table_id=table.id, user=ann, expected_version=0, action=action)
    table.refresh_from_db()
    return table


@pytest.fixture
def client(table: Table) -> Client:
    client = Client()
    client.force_login(table.owner)
    return client


def _body(response: Any) -> str:
    content = response.content
    if response.get("Content-Encoding") == "gzip":
        content = gzip.decompress(content)
    return str(content.decode())


def test_it_compresses_the_board_an_htmx_request_gets(table: Table, client: Client) -> None:
    response = client.get(f"/play/{table.id}/board/", headers=GZIP | HTMX)
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert 'id="board"' in _body(response)
    assert len(response.content) < len(_body(response)) / 3


def test_it_compresses_the_answer_to_an_action(table: Table, client: Client) -> None:
    form = {"type": "adjust_life", "seat": "0", "amount": "-1", "expected_version": "1"}
    response = client.post(f"/play/{table.id}/act/", form, headers=GZIP | HTMX)
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "19" in _body(response)


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/play/{table}/", GZIP),  # the page: invite and spectator links, echoes its query
        ("/play/{table}/", GZIP | HTMX),
        ("/play/{table}/board/", GZIP),  # no htmx: not the partial's answer
        ("/", GZIP),
        ("/catalog/?q=soldier", GZIP),
    ],
)
def test_it_leaves_pages_uncompressed(
    table: Table, client: Client, path: str, headers: dict[str, str]
) -> None:
    response = client.get(path.format(table=table.id), headers=headers)
    assert response.status_code == 200
    assert "Content-Encoding" not in response


def test_compressed_answers_carry_no_secret_but_a_freshly_masked_csrf_token(
    table: Table, client: Client
) -> None:
    answers = [_body(client.get(f"/play/{table.id}/board/", headers=GZIP | HTMX)) for _ in range(2)]
    for body in answers:
        assert table.invite_token not in body and table.spectate_token not in body
        assert str(client.session.session_key) not in body
    tokens = [re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', a)[0] for a in answers]
    assert tokens[0] != tokens[1]  # masked anew each time: its compressed length says nothing
