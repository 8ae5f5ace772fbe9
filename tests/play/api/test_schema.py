from __future__ import annotations

import pytest
from django.test import Client

import rules
from play.api.actions import ACTION_SERIALIZERS


@pytest.mark.django_db
def test_the_schema_documents_every_action_type_and_the_table_endpoints(client: Client) -> None:
    schema = client.get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    for path in (
        "/api/v1/tables/",
        "/api/v1/tables/{table_id}/",
        "/api/v1/tables/{table_id}/actions/",
        "/api/v1/tables/{table_id}/log/",
        "/api/v1/tables/{table_id}/undo/",
        "/api/v1/tables/join/",
        "/api/v1/tables/spectate/",
    ):
        assert path in paths, path
    components = schema["components"]["schemas"]
    action = components["ActionRequest"]
    mapping = action["discriminator"]["mapping"]
    assert set(mapping) == set(ACTION_SERIALIZERS)
    create = components["CreateTokenActionRequest"]["properties"]
    assert create["count"]["maximum"] == rules.MAX_COUNT
    assert {"controller", "token", "definition", "count", "counters", "leaves_at"} <= set(create)
    assert {"object", "count", "kind", "amount"} <= set(
        components["AddCountersActionRequest"]["properties"]
    )


def test_every_kernel_action_type_has_a_documented_schema() -> None:
    from rules.systems import get_system

    kernel_types = {"choose"}
    for game in ("mtg", "riftbound"):
        kernel_types |= set(get_system(game).handlers)
    assert kernel_types == set(ACTION_SERIALIZERS)


@pytest.mark.django_db
def test_the_schema_shows_every_list_as_the_paginated_envelope_it_answers(client: Client) -> None:
    """API.md: all lists are `{"count", "next", "previous", "results"}`; a client generated from
    the schema must not expect a bare array."""
    schema = client.get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    for path in (
        "/api/v1/tables/",
        "/api/v1/tables/{table_id}/log/",
        "/api/v1/tables/{table_id}/history/",
        "/api/v1/decks/",
        "/api/v1/collection/",
        "/api/v1/collection/totals/",
    ):
        operation = schema["paths"][path]["get"]
        body = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert "$ref" in body, (path, body)
        envelope = components[body["$ref"].rsplit("/", 1)[-1]]
        assert {"count", "next", "previous", "results"} <= set(envelope["properties"]), path
        assert {"page", "page_size"} <= {p["name"] for p in operation["parameters"]}, path
