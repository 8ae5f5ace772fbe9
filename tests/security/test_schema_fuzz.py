"""Schemathesis against /api/schema/, in-process through the WSGI app: every documented
operation gets generated requests from a signed-in staff user who owns a table, a deck and a
collection item, with a small catalogue seeded. No input may cause a 5xx, and every 4xx is the
JSON error body of docs/API.md: {"error", "detail", "rule"}.

Derandomized and small (a few examples per operation) so CI stays fast and failures reproduce.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, settings
from rest_framework.authtoken.models import Token

from catalog import services as catalog_services
from catalog.models import TokenDefinition
from collection import services as collection_services
from play.table import services as play_services
from tests.play.conftest import SOLDIER
from tokensite.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


class World:
    def __init__(self) -> None:
        catalog_services.token_upsert(
            slug="mtg-treasure", game="mtg", name="Treasure Token", types=["Artifact"]
        )
        catalog_services.card_upsert(
            slug="mtg-test-card", game="mtg", name="Test Card", types=["Enchantment"]
        )
        self.user = User.objects.create_user("fuzzer", is_staff=True)
        self.token = Token.objects.create(user=self.user).key
        table = play_services.table_create(
            owner=self.user, game="mtg", name="Fuzz", players=["Ann", "Ben"]
        )
        play_services.table_apply_action(
            table_id=table.id,
            user=self.user,
            expected_version=0,
            action={"type": "create_token", "controller": 0, "definition": SOLDIER},
        )
        deck = collection_services.deck_create(owner=self.user, game="mtg", decklist="1 Test Card")
        item = collection_services.collection_add(
            owner=self.user, token=TokenDefinition.objects.get(slug="mtg-treasure")
        )
        # Real ids for the path parameters, so generated bodies reach the handlers behind them.
        self.path_values = {
            "table_id": str(table.id),
            "deck_id": deck.pk,
            "item_id": item.pk,
            "id": "mtg-treasure",
        }


@pytest.fixture
def world(db: Any) -> Iterator[World]:
    # Django's test client keeps the test's connection open across requests; schemathesis calls
    # the WSGI app directly, so do as the client does (PostgreSQL would lose the transaction).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield World()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _check(case: schemathesis.Case[Any], world: World) -> None:
    for name in case.path_parameters or {}:
        if name in world.path_values and case.path_parameters is not None:
            case.path_parameters[name] = world.path_values[name]
    response = case.call(headers={"Authorization": f"Token {world.token}"})
    described = f"{case.method} {case.formatted_path} -> {response.status_code}"
    assert response.status_code < 500, f"{described}: {response.text[:500]}"
    if 400 <= response.status_code < 500:
        body = response.json()
        assert isinstance(body, dict), f"{described}: {body!r}"
        assert {"error", "detail", "rule"} <= set(body), f"{described}: {body!r}"


@schema.parametrize()
@settings(
    max_examples=20,
    derandomize=True,
    deadline=None,
    database=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_it_answers_generated_requests_without_server_errors(
    case: schemathesis.Case[Any], world: World
) -> None:
    _check(case, world)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/v1/tables/{table_id}/actions/", {"expected_version": 1, "action": {"type": []}}),
        ("/api/v1/tables/{table_id}/actions/", {"expected_version": 1, "action": {"type": {}}}),
        ("/api/v1/tables/", {"game": "mtg", "name": "X", "players": ["A", ["B"]]}),
    ],
)
def test_it_answers_what_schemathesis_found_with_a_json_400(
    world: World, path: str, body: dict[str, Any]
) -> None:
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {world.token}")
    url = path.format(table_id=world.path_values["table_id"])
    response = client.post(url, body, format="json")
    assert response.status_code == 400
    assert {"error", "detail", "rule"} <= set(response.json())


@pytest.mark.parametrize(
    "path", ["/api/v1/cards/?q=%00", "/api/v1/tokens/a%00b/", "/catalog/?q=a%00", "/play/?x=%00"]
)
def test_it_answers_a_nul_character_in_the_address_with_a_json_400(db: Any, path: str) -> None:
    from django.test import Client

    response = Client().get(path)
    assert response.status_code == 400
    assert response.json()["error"] == "invalid"
