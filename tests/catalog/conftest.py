from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from catalog.seed import load_seed


@pytest.fixture
def seeded(db: None) -> None:
    load_seed()


@pytest.fixture
def staff_client(db: None) -> Client:
    user = get_user_model().objects.create_user(
        "curator", password=None, is_staff=True, is_superuser=True
    )
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def user_client(db: None) -> Client:
    user = get_user_model().objects.create_user("player", password=None)
    client = Client()
    client.force_login(user)
    return client
