"""The API accepts what its schema declares and nothing else: a string field takes a string, a
boolean a boolean, a parameter with a fixed set of values one of them; and the schema states
the body rules the views enforce. (Schemathesis checks every operation in
tests/security/test_schema_fuzz.py; these are the cases it found, named.)"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from catalog import services as catalog_services
from catalog.models import TokenDefinition
from collection import services as collection_services
from play.table import services as play_services
from tests.play.conftest import SOLDIER


@pytest.fixture
def staff(db: Any) -> APIClient:
    catalog_services.token_upsert(
        slug="mtg-treasure", game="mtg", name="Treasure Token", types=["Artifact"]
    )
    catalog_services.card_upsert(
        slug="mtg-test-card", game="mtg", name="Test Card", types=["Enchantment"]
    )
    client = APIClient()
    client.force_authenticate(User.objects.create_user("ann", is_staff=True))
    return client


def _refused(response: Any, field: str) -> None:
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["error"] == "invalid"
    assert field in body["fields"], body


def test_a_number_where_the_schema_says_string_is_refused(staff: APIClient) -> None:
    item = collection_services.collection_add(
        owner=User.objects.get(username="ann"),
        token=TokenDefinition.objects.get(slug="mtg-treasure"),
    )
    response = staff.patch(f"/api/v1/collection/{item.pk}/", {"notes": 0}, format="json")
    _refused(response, "notes")
    response = staff.post("/api/v1/decks/", {"game": "mtg", "decklist": 0}, format="json")
    _refused(response, "decklist")


def test_a_number_where_the_schema_says_boolean_is_refused(staff: APIClient) -> None:
    body = {"items": [{"token": "mtg-treasure", "count": 1}], "art": 0}
    _refused(staff.post("/api/v1/print/", body, format="json"), "art")


def test_a_form_body_says_true_or_false_for_a_boolean(staff: APIClient) -> None:
    refused = staff.post("/api/v1/imports/", {"format": "cockatrice", "dry_run": "0"})
    _refused(refused, "dry_run")


@pytest.mark.parametrize("path", ["/api/v1/collection/", "/api/v1/decks/", "/api/v1/tables/"])
@pytest.mark.parametrize("game", ["AAA", ""])
def test_a_list_filtered_by_a_game_that_does_not_exist_is_a_400(
    staff: APIClient, path: str, game: str
) -> None:
    _refused(staff.get(path, {"game": game}), "game")
    assert staff.get(path, {"game": "riftbound"}).status_code == 200


@pytest.mark.parametrize(
    ("path", "name", "value"),
    [
        ("/api/v1/tokens/", "color", ""),
        ("/api/v1/tokens/", "color", "X"),
        ("/api/v1/tokens/", "predefined", "maybe"),
        ("/api/v1/cards/", "makes", "some"),
        ("/api/v1/collection/", "kind", "deck"),
    ],
)
def test_a_parameter_outside_its_enum_is_a_400(
    staff: APIClient, path: str, name: str, value: str
) -> None:
    _refused(staff.get(path, {name: value}), name)


def test_an_empty_page_number_is_not_page_1(staff: APIClient) -> None:
    assert staff.get("/api/v1/decks/?page=").status_code == 404
    assert staff.get("/api/v1/tokens/?page=").status_code == 404


def test_a_card_in_a_deck_cannot_be_deleted_and_says_so(staff: APIClient) -> None:
    ann = User.objects.get(username="ann")
    collection_services.deck_create(owner=ann, game="mtg", decklist="1 Test Card")
    response = staff.delete("/api/v1/cards/mtg-test-card/")
    assert response.status_code == 409, response.content
    assert response.json()["error"] == "in_use"


def test_a_change_may_repeat_the_id_but_not_change_it(staff: APIClient) -> None:
    same = staff.patch("/api/v1/tokens/mtg-treasure/", {"id": "mtg-treasure"}, format="json")
    assert same.status_code == 200, same.content
    other = staff.patch("/api/v1/tokens/mtg-treasure/", {"id": "mtg-gold"}, format="json")
    _refused(other, "id")


def test_an_idempotency_key_is_printable_ascii(staff: APIClient) -> None:
    ann = User.objects.get(username="ann")
    table = play_services.table_create(owner=ann, game="mtg", name="T", players=["Ann"])
    body = {
        "expected_version": 0,
        "action": {"type": "create_token", "controller": 0, "definition": SOLDIER},
    }
    response = staff.post(
        f"/api/v1/tables/{table.id}/actions/", body, format="json", HTTP_IDEMPOTENCY_KEY="clé"
    )
    assert response.status_code == 400, response.content
    assert "Idempotency-Key" in response.json()["detail"]


@pytest.fixture
def schema(db: Any) -> dict[str, Any]:
    response = APIClient().get("/api/schema/?format=json")
    assert response.status_code == 200
    result: dict[str, Any] = response.json()
    return result


def test_the_schema_says_which_of_two_fields_a_body_needs(schema: dict[str, Any]) -> None:
    components = schema["components"]["schemas"]
    assert components["ItemCreateRequest"]["oneOf"] == [
        {"required": ["card"]},
        {"required": ["token"]},
    ]
    assert components["PatchedTableUpdateRequest"]["minProperties"] == 1
    patch = schema["paths"]["/api/v1/tables/{table_id}/"]["patch"]
    assert patch["requestBody"]["required"] is True


def test_the_schema_says_a_name_is_not_only_spaces(schema: dict[str, Any]) -> None:
    name = schema["components"]["schemas"]["TableCreateRequest"]["properties"]["name"]
    assert "pattern" in name
    game = schema["components"]["schemas"]["TableCreateRequest"]["properties"]["game"]
    ref = game["allOf"][0]["$ref"]
    enum = schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]["enum"]
    assert enum == ["mtg", "riftbound"]
