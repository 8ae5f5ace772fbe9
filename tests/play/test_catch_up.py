"""A polled board says every action the page missed, not only the newest:
the newest SAID_ACTIONS in full, older ones counted."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from play.models import Table
from play.table import services
from play.web.catch_up import SAID_ACTIONS

HTMX = {"HX-Request": "true"}
SOLDIER = {"name": "Soldier", "types": ["Creature"], "power": "1", "toughness": "1"}


@pytest.fixture
def table(db: Any) -> Table:
    ann = User.objects.create_user("ann")
    return services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])


def _create(table: Table, count: int) -> None:
    table.refresh_from_db()
    services.table_apply_action(
        table_id=table.id,
        user=table.owner,
        expected_version=table.version,
        action={"type": "create_token", "definition": SOLDIER, "count": count, "controller": 0},
    )


def _said(table: Table, known: int | str) -> str:
    client = Client()
    client.force_login(table.owner)
    response = client.get(f"/play/{table.id}/board/?known={known}", headers=HTMX)
    assert response.status_code == 200
    found = re.search(r'data-said="([^"]*)"', response.content.decode())
    assert found is not None
    return html.unescape(found.group(1))


def test_a_poll_says_each_action_since_the_pages_version(table: Table) -> None:
    for count in (2, 3):
        _create(table, count)
    said = _said(table, 0)
    assert "Soldier (x2)" in said and "Soldier (x3)" in said
    assert said.index("(x2)") < said.index("(x3)")  # in the order they happened
    assert "earlier" not in said


def test_a_long_gap_says_the_newest_and_counts_the_older(table: Table) -> None:
    for count in range(2, 4 + SAID_ACTIONS):  # 2 .. SAID_ACTIONS + 3: SAID_ACTIONS + 2 actions
        _create(table, count)
    said = _said(table, 0)
    assert said.startswith("2 earlier actions are in the log.")
    assert "(x2)" not in said and "(x3)" not in said
    assert all(f"(x{n})" in said for n in range(4, 4 + SAID_ACTIONS))


def test_a_page_one_version_behind_hears_just_the_latest(table: Table) -> None:
    for count in (2, 3):
        _create(table, count)
    said = _said(table, 1)
    assert "(x3)" in said and "(x2)" not in said


def test_a_nonsense_known_is_only_the_latest(table: Table) -> None:
    for count in (2, 3):
        _create(table, count)
    assert "(x2)" not in _said(table, "-5")
    assert "(x2)" not in _said(table, "9" * 40)
