"""Page numbers and sizes from the address: out of range or not a number is a 404 or a 400 in the
API's error envelope, never a 500 (a 20-digit page number overflowed the database's OFFSET)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from catalog import services as catalog_services

LISTS = ["/api/v1/tokens/", "/api/v1/cards/", "/api/v1/search/?q=treasure", "/api/v1/games/"]


@pytest.fixture
def catalogue(db: Any) -> None:
    catalog_services.token_upsert(
        slug="mtg-treasure", game="mtg", name="Treasure Token", types=["Artifact"]
    )
    catalog_services.card_upsert(
        slug="mtg-treasure-map", game="mtg", name="Treasure Map", types=["Artifact"]
    )


def _get(path: str, query: str) -> Any:
    joiner = "&" if "?" in path else "?"
    return Client().get(f"{path}{joiner}{query}")


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize(
    "page", ["99999999999999999999", "9223372036854775807", "4294967296", "0", "x"]
)
def test_a_page_out_of_range_or_not_a_number_is_a_404(
    catalogue: None, path: str, page: str
) -> None:
    response = _get(path, f"page={page}")
    assert response.status_code == 404, response.content
    assert response.json()["error"] == "not_found"


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("size", ["null", "0", "-5", "1.5", "", "\u0661"])
def test_a_page_size_that_is_not_a_whole_number_from_1_is_a_400_naming_it(
    catalogue: None, path: str, size: str
) -> None:
    response = _get(path, f"page_size={size}")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["error"] == "invalid"
    assert "page_size" in body["fields"]


@pytest.mark.parametrize("path", LISTS)
def test_a_page_size_past_the_maximum_is_clamped_to_it(catalogue: None, path: str) -> None:
    response = _get(path, "page_size=" + "9" * 5000)
    assert response.status_code == 200, response.content
    assert len(response.json()["results"]) >= 1


@pytest.mark.parametrize("version", ["1", True, 1.5, None])
def test_an_integer_field_in_a_json_body_refuses_any_other_type(db: Any, version: object) -> None:
    from django.contrib.auth.models import User
    from rest_framework.test import APIClient

    from play.table import services as play_services

    owner = User.objects.create_user("strict")
    table = play_services.table_create(owner=owner, game="mtg", name="T", players=["A", "B"])
    client = APIClient()
    client.force_authenticate(owner)
    body = {"expected_version": version, "action": {"type": "pass_priority"}}
    response = client.post(f"/api/v1/tables/{table.id}/actions/", body, format="json")
    assert response.status_code == 400, response.content
    assert "expected_version" in response.json()["fields"]


def test_a_list_without_a_search_counts_exactly(db: Any) -> None:

    for number in range(3):
        catalog_services.card_upsert(
            slug=f"mtg-card-{number}", game="mtg", name=f"Card {number}", types=["Artifact"]
        )
    body = Client().get("/api/v1/cards/?game=mtg&page_size=1").json()
    assert (body["count"], body["count_exact"]) == (3, True)
