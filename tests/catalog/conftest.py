from __future__ import annotations

import pytest
from django.test import Client

from catalog.seed import load_seed
from tests.factories import CuratorFactory, UserFactory


@pytest.fixture
def seeded(db: None) -> None:
    load_seed()


@pytest.fixture
def staff_client(db: None) -> Client:
    client = Client()
    client.force_login(CuratorFactory.create(username="curator"))
    return client


@pytest.fixture
def user_client(db: None) -> Client:
    client = Client()
    client.force_login(UserFactory.create(username="player"))
    return client
