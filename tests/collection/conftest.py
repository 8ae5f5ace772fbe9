from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from catalog.seed import load_seed
from tests.factories import UserFactory


@pytest.fixture
def seeded(db: None) -> None:
    load_seed()


@pytest.fixture
def owner(db: None) -> User:
    return UserFactory.create(username="ann")


@pytest.fixture
def other(db: None) -> User:
    return UserFactory.create(username="ben")


@pytest.fixture
def owner_client(owner: User) -> Client:
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def other_client(other: User) -> Client:
    client = Client()
    client.force_login(other)
    return client
