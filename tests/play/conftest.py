"""The cast of every table test: owner, a player who joined seat 1, a spectator and an outsider."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from play.models import Table
from play.table import services
from tests.factories import TableFactory, UserFactory

SOLDIER = {
    "name": "Soldier Token",
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "colors": ["W"],
    "power": "1",
    "toughness": "1",
}


@dataclass
class Cast:
    owner: User
    player: User
    spectator: User
    outsider: User
    table: Table


def make_cast() -> Cast:
    owner = UserFactory.create(username="owner")
    player = UserFactory.create(username="player")
    spectator = UserFactory.create(username="watcher")
    outsider = UserFactory.create(username="outsider")
    table = TableFactory.create(owner=owner, name="Friday", players=["Ann", "Ben"])
    services.table_join(user=player, invite=table.invite_token, seat=1)
    services.table_spectate(user=spectator, token=table.spectate_token)
    table.refresh_from_db()
    return Cast(owner, player, spectator, outsider, table)


@pytest.fixture
def cast(db: Any) -> Cast:
    return make_cast()


def client_for(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def create_soldiers(controller: int = 0, count: int = 1, **extra: Any) -> dict[str, Any]:
    return {
        "type": "create_token",
        "controller": controller,
        "definition": SOLDIER,
        "count": count,
        **extra,
    }
