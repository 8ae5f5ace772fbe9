from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from play.table import services

pytestmark = pytest.mark.usefixtures("few_tokens")


def _table_with_tokens(owner: User) -> str:
    table = services.table_create(owner=owner, game="mtg", name="Friday", players=["Ann", "Ben"])
    actions = [
        {"type": "create_token", "controller": 0, "token": "mtg-treasure", "count": 3},
        {"type": "create_token", "controller": 1, "token": "mtg-treasure", "count": 2},
        {"type": "create_token", "controller": 0, "token": "mtg-food", "count": 1},
        {
            "type": "create_token",
            "controller": 1,
            "count": 1,
            "definition": {
                "name": "Custom Ooze",
                "types": ["Creature"],
                "power": "2",
                "toughness": "2",
                "subtypes": ["Ooze"],
                "colors": ["G"],
            },
        },
    ]
    for version, action in enumerate(actions):
        services.table_apply_action(
            table_id=table.id, user=owner, expected_version=version, action=action
        )
    return str(table.id)


def test_it_adds_the_tokens_on_a_table_to_the_basket(client: Client) -> None:
    owner = User.objects.create_user("owner")
    table_id = _table_with_tokens(owner)
    client.force_login(owner)
    body = client.get(f"/print/?table={table_id}", follow=True).content.decode()
    assert "Added 6 token cards from the table “Friday”" in body
    assert 'name="count-mtg-treasure" value="5"' in body
    assert 'name="count-mtg-food" value="1"' in body
    assert "Not printable from the catalogue: Custom Ooze" in body


def test_it_hides_tables_the_caller_cannot_see(client: Client) -> None:
    table_id = _table_with_tokens(User.objects.create_user("owner"))
    client.force_login(User.objects.create_user("outsider"))
    body = client.get(f"/print/?table={table_id}", follow=True).content.decode()
    assert "No such table" in body and "The basket is empty" in body
    body = client.get("/print/?table=not-a-uuid", follow=True).content.decode()
    assert "No such table" in body
