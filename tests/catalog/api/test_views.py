from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from catalog import services
from catalog.models import CardDefinition, TokenDefinition

pytestmark = pytest.mark.django_db

GOBLIN: dict[str, Any] = {
    "id": "mtg-goblin-1-1-r",
    "game": "mtg",
    "name": "Goblin Token",
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
}


@pytest.fixture
def goblin() -> TokenDefinition:
    fields = {k: v for k, v in GOBLIN.items() if k not in ("id", "game")}
    token, _ = services.token_upsert(slug=GOBLIN["id"], game="mtg", **fields)
    return token


@pytest.fixture
def krenko(goblin: TokenDefinition) -> CardDefinition:
    return services.card_create(
        slug="mtg-krenko-mob-boss",
        game="mtg",
        name="Krenko, Mob Boss",
        mana_cost="{2}{R}{R}",
        supertypes=["Legendary"],
        types=["Creature"],
        subtypes=["Goblin", "Warrior"],
        colors=["R"],
        power="3",
        toughness="3",
        creates=[{"token": "mtg-goblin-1-1-r", "count": "x"}],
    )


def test_it_lists_the_games_paginated(client: Client) -> None:
    body = client.get("/api/v1/games/").json()
    assert body["count"] == 2
    assert body["results"][0] == {
        "slug": "mtg",
        "name": "Magic: The Gathering",
        "rules_edition": "2026-09-25",
    }
    assert body["results"][1]["rules_edition"] == "2026-03-30"


def test_it_lets_anyone_read_tokens_and_cards(client: Client, krenko: CardDefinition) -> None:
    tokens = client.get("/api/v1/tokens/?game=mtg&q=goblin").json()
    assert tokens["count"] == 1
    assert tokens["results"][0]["created_by"] == ["mtg-krenko-mob-boss"]
    card = client.get("/api/v1/cards/mtg-krenko-mob-boss/").json()
    assert card["creates"][0]["token"] == "mtg-goblin-1-1-r"
    assert card["creates"][0]["count"] == "x"
    assert client.get("/api/v1/tokens/mtg-nothing/").status_code == 404


def test_it_answers_bad_filters_with_400(client: Client) -> None:
    response = client.get("/api/v1/tokens/?predefined=perhaps")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid"
    assert "predefined" in response.json()["detail"]


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_it_forbids_writes_to_anonymous_users_and_players(
    client: Client, user_client: Client, goblin: TokenDefinition, method: str
) -> None:
    url = "/api/v1/tokens/" if method == "post" else "/api/v1/tokens/mtg-goblin-1-1-r/"
    for who in (client, user_client):
        response = getattr(who, method)(url, GOBLIN, content_type="application/json")
        assert response.status_code == 403
        assert set(response.json()) >= {"error", "detail", "rule"}
    assert TokenDefinition.objects.get().name == "Goblin Token"


def test_it_lets_staff_create_update_and_delete_a_token(staff_client: Client) -> None:
    response = staff_client.post("/api/v1/tokens/", GOBLIN, content_type="application/json")
    assert response.status_code == 201, response.json()
    assert response.json()["id"] == "mtg-goblin-1-1-r"
    response = staff_client.patch(
        "/api/v1/tokens/mtg-goblin-1-1-r/",
        {"keywords": ["Haste"], "text": "Haste"},
        content_type="application/json",
    )
    assert response.status_code == 200
    assert response.json()["keywords"] == ["Haste"]
    response = staff_client.put(
        "/api/v1/tokens/mtg-goblin-1-1-r/",
        {**GOBLIN, "colors": ["G", "R"]},
        content_type="application/json",
    )
    assert response.json()["colors"] == ["R", "G"]
    assert response.json()["keywords"] == []
    assert staff_client.delete("/api/v1/tokens/mtg-goblin-1-1-r/").status_code == 204
    assert not TokenDefinition.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"colors": ["W", "Purple"]}, "colors"),
        ({"types": ["Artifact"]}, "power"),
        ({"effects": [{"kind": "token_multiplier"}]}, "effects"),
        ({"power": "two"}, "power"),
        ({"name": ""}, "name"),
        ({"back": {"name": "Back", "colors": ["Q"]}}, "back.colors"),
    ],
)
def test_it_rejects_bad_tokens_per_field_and_saves_nothing(
    staff_client: Client, change: dict[str, Any], field: str
) -> None:
    response = staff_client.post(
        "/api/v1/tokens/", {**GOBLIN, **change}, content_type="application/json"
    )
    assert response.status_code == 400
    assert field in response.json()["fields"]
    assert not TokenDefinition.objects.exists()


@pytest.mark.parametrize("url", ["/api/v1/tokens/", "/api/v1/cards/"])
def test_it_answers_json_nested_too_deeply_with_400(staff_client: Client, url: str) -> None:
    body = '{"id": ' + "[" * 5_000 + "]" * 5_000 + "}"
    response = staff_client.post(url, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "parse_error"


def test_it_stores_a_back_face_sent_with_the_token(staff_client: Client) -> None:
    back = {"name": "Back", "types": ["Creature"], "power": "1", "toughness": "1"}
    response = staff_client.post(
        "/api/v1/tokens/", {**GOBLIN, "back": back}, content_type="application/json"
    )
    assert response.status_code == 201
    assert response.json()["back"]["name"] == "Back"
    assert TokenDefinition.objects.get().double_faced


def test_it_rejects_a_duplicate_id(staff_client: Client, goblin: TokenDefinition) -> None:
    response = staff_client.post("/api/v1/tokens/", GOBLIN, content_type="application/json")
    assert response.status_code == 400
    assert "already exists" in response.json()["fields"]["id"][0]


def test_it_rejects_a_changed_id(staff_client: Client, goblin: TokenDefinition) -> None:
    response = staff_client.patch(
        "/api/v1/tokens/mtg-goblin-1-1-r/", {"id": "mtg-other"}, content_type="application/json"
    )
    assert response.status_code == 400
    assert TokenDefinition.objects.get().slug == "mtg-goblin-1-1-r"


def test_it_lets_staff_write_cards_with_effects(
    staff_client: Client, goblin: TokenDefinition
) -> None:
    card = {
        "id": "mtg-parallel-lives",
        "game": "mtg",
        "name": "Parallel Lives",
        "mana_cost": "{3}{G}",
        "types": ["Enchantment"],
        "colors": ["G"],
        "effects": [{"kind": "token_multiplier", "factor": 2}],
    }
    response = staff_client.post("/api/v1/cards/", card, content_type="application/json")
    assert response.status_code == 201, response.json()
    duplicate = {**card, "id": "mtg-parallel-lives-2", "name": "parallel lives"}
    response = staff_client.post("/api/v1/cards/", duplicate, content_type="application/json")
    assert response.status_code == 400
    assert "name" in response.json()["fields"]
    response = staff_client.patch(
        "/api/v1/cards/mtg-parallel-lives/",
        {"effects": [{"kind": "token_multiplier", "factor": "two"}]},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "factor" in response.json()["detail"]
    response = staff_client.patch(
        "/api/v1/cards/mtg-parallel-lives/",
        {"creates": [{"token": "mtg-goblin-1-1-r", "count": "2"}]},
        content_type="application/json",
    )
    assert response.json()["creates"][0]["count"] == "2"
    assert CardDefinition.objects.get().effects == [{"kind": "token_multiplier", "factor": 2}]


def test_it_documents_the_catalogue_in_the_schema(client: Client) -> None:
    schema = client.get("/api/schema/?format=json").json()
    for path in ("/api/v1/games/", "/api/v1/tokens/", "/api/v1/tokens/{id}/", "/api/v1/cards/"):
        assert path in schema["paths"]
    params = {p["name"] for p in schema["paths"]["/api/v1/tokens/"]["get"]["parameters"]}
    assert {"game", "predefined", "q", "type", "color", "page"} <= params
    assert "post" in schema["paths"]["/api/v1/tokens/"]
