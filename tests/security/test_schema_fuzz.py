"""Schemathesis against /api/schema/, in-process through the WSGI app: every documented
operation gets its schema examples, the coverage phase's boundary and negative cases and a few
generated requests from a signed-in staff user who owns a table, a deck and a collection item,
with a small catalogue seeded. Every check schemathesis has runs on every answer: no 5xx, every
status and body as the schema documents it (errors as docs/API.md's {"error", "detail",
"rule"}), a request the schema forbids refused, one it allows accepted, and credentials needed
where the schema says so. One test per operation: a regression names its operation.

Derandomized and bounded (a few generated requests per operation) so CI stays fast and a
failure reproduces. Beside the CLI's stateful phase, this is what `st run` checks:
`st run http://HOST/api/schema/?format=json --checks all` with the same configuration.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.config import SchemathesisConfig

from catalog import services as catalog_services
from catalog.models import TokenDefinition
from collection import services as collection_services
from play.table import services as play_services
from tests.play.conftest import SOLDIER
from tokensite.wsgi import application

TOKEN = "f" * 40  # the fuzzing user's API token (made in World)

# Statuses a request the schema allows may still get, besides schemathesis' defaults (2xx, 3xx,
# 401, 403, 404, 409, 429): what docs/API.md answers for a body that is well formed but names
# something that does not exist or breaks a rule no JSON Schema can state. Each is listed with
# its operations, so any other operation answering 400 to a valid request fails.
SEMANTIC_400 = [
    # An id already taken or deleted (ids are never reused), a type or keyword the rules do not
    # list, a token with the characteristics of another (`keep_both`), a card id that is not
    # in the catalogue.
    "POST /api/v1/tokens/",
    "PUT /api/v1/tokens/{id}/",
    "PATCH /api/v1/tokens/{id}/",
    "POST /api/v1/cards/",
    "PUT /api/v1/cards/{id}/",
    "PATCH /api/v1/cards/{id}/",
    "POST /api/v1/collection/",
    "POST /api/v1/print/",
    "POST /api/v1/print/jobs/",
    # Free text read line by line: 400 with every line it could not read (API.md).
    "POST /api/v1/collection/bulk/",
    "POST /api/v1/collection/import/",
    # A command line it does not understand: 400 `not_understood` (API.md).
    "POST /api/v1/tables/{table_id}/command/",
    # A search `q` in the search syntax that does not parse ("a )" has no "("): 400 naming q.
    "GET /api/v1/tokens/",
    "GET /api/v1/cards/",
    "GET /api/v1/search/",
]
# The kernel judges an action against the table: an object that is not on it, `object` and
# `objects` together (400 `invalid_action`, API.md).
SEMANTIC_400.append("POST /api/v1/tables/{table_id}/actions/")
# 422: well formed but illegal under the rules (API.md), for the writes the rules judge.
RULES_422 = [
    "POST /api/v1/tables/{table_id}/actions/",
    "POST /api/v1/tables/{table_id}/command/",
    "POST /api/v1/tables/{table_id}/undo/",
    "POST /api/v1/cards/{id}/history/{entry}/revert/",
    "POST /api/v1/tokens/{id}/history/{entry}/revert/",
]
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429"]

CONFIG = SchemathesisConfig.from_dict(
    {
        "generation": {
            "max-examples": 3,
            # The address refuses a NUL character with a 400 on every path (tested below).
            "allow-x00": False,
            # Random session cookies for the schema's cookieAuth say nothing: the token is sent.
            "with-security-parameters": False,
        },
        # The coverage phase (every boundary and type of every field: 2,400 requests for the
        # actions alone, minutes in all) and the stateful phase belong to the CLI run; here the
        # schema's examples and a few generated requests, valid and invalid, per operation.
        "phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}},
        "operations": [
            {
                "include-name": name,
                "checks": {
                    "positive_data_acceptance": {
                        "expected-statuses": ACCEPTED
                        + (["400"] if name in SEMANTIC_400 else [])
                        + (["422"] if name in RULES_422 else [])
                    }
                },
            }
            for name in sorted(set(SEMANTIC_400) | set(RULES_422))
        ],
    }
)
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application, config=CONFIG)


class World:
    def __init__(self) -> None:
        catalog_services.token_upsert(
            slug="mtg-treasure", game="mtg", name="Treasure Token", types=["Artifact"]
        )
        catalog_services.card_upsert(
            slug="mtg-test-card", game="mtg", name="Test Card", types=["Enchantment"]
        )
        self.user = User.objects.create_user("fuzzer", is_staff=True)
        self.token = Token.objects.create(user=self.user, key=TOKEN).key
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
        self.path_values = {
            "table_id": str(table.id),
            "deck_id": deck.pk,
            "item_id": item.pk,
        }
        # `{id}` names a token, a card or a game, by the path it is in.
        self.ids = {"/api/v1/tokens/": "mtg-treasure", "/api/v1/cards/": "mtg-test-card"}

    def fill(self, case: schemathesis.Case[Any]) -> None:
        """Real ids in the path, so generated bodies reach the handlers behind them."""
        values = {
            **self.path_values,
            "id": next((v for p, v in self.ids.items() if case.path.startswith(p)), "mtg"),
        }
        for name in case.path_parameters or {}:
            if name in values and case.path_parameters is not None:
                case.path_parameters[name] = values[name]


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


@schema.parametrize()
@settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_its_schema_says(
    case: schemathesis.Case[Any], world: World
) -> None:
    world.fill(case)
    # Sent as the call's own headers: schemathesis then knows them for the user's credentials
    # (its auth check sends the request again without them and with wrong ones).
    case.call_and_validate(headers={"Authorization": f"Token {TOKEN}"})


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
