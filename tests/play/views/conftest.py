"""Helpers for the battlefield page tests: the cast of tests/play/conftest.py, with browsers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from catalog import services as catalog_services
from catalog.seed import DATA_DIR
from play.models import Table
from play.table import services
from rules.mtg.predefined import predefined_tokens as mtg_predefined
from rules.riftbound.predefined import predefined_tokens as riftbound_predefined

HTMX = {"HX-Request": "true"}
HASTY_SOLDIER = {
    "name": "Soldier Token",
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "colors": ["W"],
    "power": "1",
    "toughness": "1",
    "keywords": ["Haste"],
}


# A small slice of the seed catalogue (load_seed takes seconds, too slow for every test).
GENERIC_TOKENS = {"mtg-soldier-1-1-w", "mtg-goblin-1-1-r"}
CARDS = {"mtg-doubling-season", "mtg-parallel-lives", "mtg-krenko-mob-boss"}


def _upsert_token(payload: dict[str, Any]) -> None:
    fields = dict(payload)
    slug, game, back = fields.pop("id"), fields.pop("game"), fields.pop("back", None)
    fields.pop("created_by", None)
    catalog_services.token_upsert(slug=slug, game=game, back=back, **fields)


def _upsert_card(payload: dict[str, Any]) -> None:
    fields = dict(payload)
    slug, game, creates = fields.pop("id"), fields.pop("game"), fields.pop("creates", [])
    card, _status = catalog_services.card_upsert(slug=slug, game=game, **fields)
    for item in creates:
        relation = dict(item)
        catalog_services.relation_upsert(card=card, token=relation.pop("token"), **relation)


@pytest.fixture
def seeded(db: Any) -> None:
    for payload in [*mtg_predefined(), *riftbound_predefined()]:
        _upsert_token(payload)
    tokens = json.loads((DATA_DIR / "mtg_tokens.json").read_text(encoding="utf-8"))
    for payload in tokens:
        if payload["id"] in GENERIC_TOKENS:
            _upsert_token(payload)
    cards = json.loads((DATA_DIR / "mtg_cards.json").read_text(encoding="utf-8"))
    for payload in cards:
        if payload["id"] in CARDS:
            _upsert_card(payload)


def browser_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def act(table: Table, user: User, action: dict[str, Any]) -> dict[str, Any]:
    """Run an action through the service (test setup), returning the new state."""
    table.refresh_from_db()
    result = services.table_apply_action(
        table_id=table.id, user=user, expected_version=table.version, action=action
    )
    return result.state


def object_named(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(o for o in state["objects"] if o["name"] == name)
