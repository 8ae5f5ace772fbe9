from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client

from catalog.seed import load_seed


@pytest.fixture
def seeded(db: None) -> None:
    load_seed()


@pytest.fixture
def owner(db: None) -> User:
    return get_user_model().objects.create_user("ann", password=None)


@pytest.fixture
def other(db: None) -> User:
    return get_user_model().objects.create_user("ben", password=None)


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
